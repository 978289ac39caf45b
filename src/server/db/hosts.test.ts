import { describe, expect, it } from 'vitest';
import { connectPrimary, failoverClient, isMultiHost, PrimaryFinder, splitHosts } from './hosts';
import { isDatabaseUnavailable, openPostgres } from './client';

describe('connection strings with several hosts', () => {
  it('gives one connection string per host, keeping the user, database and parameters', () => {
    const { urls, hosts, readWrite } = splitHosts('postgres://app:s3cret@db1:5432,db2:5433/rewards?target_session_attrs=read-write&application_name=web');
    expect(urls).toEqual(['postgres://app:s3cret@db1:5432/rewards?application_name=web', 'postgres://app:s3cret@db2:5433/rewards?application_name=web']);
    expect(hosts).toEqual([{ host: 'db1', port: 5432 }, { host: 'db2', port: 5433 }]);
    expect(readWrite).toBe(true);
  });
  it('takes the default port, and IPv6 hosts in brackets', () => {
    expect(splitHosts('postgresql://[::1]:6000,db2/x').urls).toEqual(['postgresql://[::1]:6000/x', 'postgresql://db2:5432/x']);
  });
  it('reads sslmode=prefer as no SSL (node-postgres would require a verified certificate) and keeps require', () => {
    expect(splitHosts('postgres://h1:1,h2:2/x?sslmode=prefer').urls).toEqual(['postgres://h1:1/x', 'postgres://h2:2/x']);
    expect(splitHosts('postgres://h1:1,h2:2/x?sslmode=require').urls[0]).toBe('postgres://h1:1/x?sslmode=require');
  });
  it('leaves a one-host string as it is, but for target_session_attrs', () => {
    expect(splitHosts('postgres://u@h:5432/db').urls).toEqual(['postgres://u@h:5432/db']);
    expect(splitHosts('postgres://u@h:5432/db?target_session_attrs=read-write').urls).toEqual(['postgres://u@h:5432/db']);
    expect(isMultiHost('postgres://u@h:5432/db')).toBe(false);
    expect(isMultiHost('postgres://u@h:5432,g:1/db')).toBe(true);
  });
  it('refuses a host it cannot read', () => {
    expect(() => splitHosts('postgres://h1:1,h2:x:y/db')).toThrow(/cannot read/);
  });
});

const PG = process.env.TEST_DATABASE_URL;

describe.runIf(PG)('following the primary among several hosts (PostgreSQL)', () => {
  // The first host refuses (nothing listens on port 1); the second is this machine's PostgreSQL.
  const two = () => {
    const u = new URL(PG!);
    return `postgres://${u.username ? `${u.username}@` : ''}127.0.0.1:1,${u.hostname}:${u.port || 5432}${u.pathname}?target_session_attrs=read-write`;
  };

  it('finds the host that is the primary', async () => {
    const finder = new PrimaryFinder(splitHosts(two()).urls, 1_000);
    expect(finder.current).toMatch(/:1\//);
    await finder.lost();
    expect(finder.current).not.toMatch(/:1\//);
    expect(finder.moves).toBe(1);
  });

  it('fails a connection to a host that refuses as "unavailable", then connects to the primary', async () => {
    const database = openPostgres(two(), 2, { timeoutMs: 1_000 });
    try {
      const first = await database.pool.query('select 1 as one').catch((err: unknown) => err);
      expect(isDatabaseUnavailable(first)).toBe(true);
      await expect.poll(() => database.pool.query('select 1 as one').then((r) => r.rows[0], () => undefined), { timeout: 5_000 }).toEqual({ one: 1 });
    } finally {
      await database.close();
    }
  });

  it('connects a connection of its own (migrations, LISTEN) to the primary at once', async () => {
    const client = await connectPrimary(two(), { connectionTimeoutMillis: 1_000 });
    try {
      expect((await client.query('select pg_is_in_recovery() as standby')).rows[0]).toEqual({ standby: false });
    } finally {
      await client.end();
    }
  });

  it('a client class whose every connection checks it reached a primary', async () => {
    const finder = new PrimaryFinder([PG!], 1_000);
    const Client = failoverClient(finder);
    const client = new Client();
    await client.connect();
    expect((await client.query('select 2 as two')).rows[0]).toEqual({ two: 2 });
    await client.end();
  });
});
