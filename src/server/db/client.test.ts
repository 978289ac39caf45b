import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPostgres, describeDataDirError, describePostgresError, isDatabaseUnavailable, isEmbedded, openMemoryPglite, openPglite, openPostgres, postgresAddress, runPrepared } from './client';
import { PgProxy } from '../test/pg-proxy';
import { killChildren, spawnTs } from '../test/child';

/**
 * Start-up messages (docs/operations.md "Health, outages and jobs"): a data folder or a PostgreSQL server that cannot be
 * used is named in one sentence with the cause and what to do, instead of a bare error object.
 */
const OPENER = 'src/server/test/fixtures/open-data-dir.ts';
const root = mkdtempSync(path.join(tmpdir(), 'client-test-'));
chmodSync(root, 0o755);
const isRoot = process.getuid?.() === 0;
/** Root ignores permission bits: a read-only folder is then tried by a child running as nobody. */
const NOBODY = 65534;

/** PGlite's file-system error as it throws it: an ErrnoError that is no Error, with a number only. */
class ErrnoError {
  name = 'ErrnoError';
  constructor(public errno: number) {}
}

/** Opens dir in a child process (as nobody when this runs as root) and returns its stderr. */
async function openAsUser(dir: string): Promise<{ code: number | string; stderr: string }> {
  const child = spawnTs(OPENER, [dir], isRoot ? { uid: NOBODY, gid: NOBODY, env: { ...process.env, HOME: tmpdir() } } : {});
  const code = await child.exited;
  return { code, stderr: child.stderr().trim() };
}

/** Makes a folder tree read-only for the user the opener runs as. */
function readOnly(dir: string) {
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    chmodSync(file, entry.isDirectory() ? 0o555 : 0o444);
  }
  chmodSync(dir, 0o555);
}

function chownTree(dir: string, uid: number) {
  chownSync(dir, uid, uid);
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) chownSync(path.join(entry.parentPath, entry.name), uid, uid);
}

afterAll(() => {
  killChildren();
  // Read-only trees need their write bits back before they can be removed by a non-root user.
  try {
    execFileSync('chmod', ['-R', 'u+w', root]);
  } catch {
    // removal below says what is left
  }
  rmSync(root, { recursive: true, force: true });
});

describe('isEmbedded', () => {
  it('tells the embedded database from a PostgreSQL pool (the engine sizes its chunks by it)', async () => {
    const lite = await openMemoryPglite();
    // A pool that never connects: telling the kind must not need the server.
    const remote = openPostgres('postgres://nobody@127.0.0.1:1/none');
    try {
      expect(isEmbedded(lite.db)).toBe(true);
      expect(isEmbedded(remote.db)).toBe(false);
    } finally {
      await lite.close();
      await remote.close();
    }
    // A fresh embedded database runs initdb: seconds on an idle machine, more under a full parallel run.
  }, 120_000);
});

describe('describeDataDirError', () => {
  let template: string;
  beforeAll(async () => {
    template = path.join(root, 'template');
    await (await openPglite(template)).close();
  }, 120_000);

  it('names a full disk (PGlite throws ErrnoError { errno: 51 }, its ENOSPC)', () => {
    // Observed on a 3 MB tmpfs: PGlite's initdb fails with exactly this object (no message, no stack).
    const dir = path.join(root, 'data');
    expect(describeDataDirError(new ErrnoError(51), dir)).toBe(
      `The disk holding the data folder ${dir} is full: free some space on it, or set DATA_DIR to a folder on another disk, and start again.`,
    );
    const nodeFull = Object.assign(new Error(`ENOSPC: no space left on device, open '${dir}/.lock'`), { code: 'ENOSPC', syscall: 'open', path: `${dir}/.lock` });
    expect(describeDataDirError(nodeFull, dir)).toContain('is full');
  });

  // Needs a small file system: a tmpfs, which root may mount here (skipped where mounting is not allowed).
  const mountPoint = path.join(root, 'full');
  let mounted = false;
  if (isRoot) {
    mkdirSync(mountPoint);
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=3m', 'tmpfs', mountPoint], { stdio: 'ignore' });
      mounted = true;
    } catch {
      mounted = false;
    }
  }
  afterAll(() => {
    if (mounted) execFileSync('umount', ['-l', mountPoint]);
  });

  it.skipIf(!mounted)('reproduces the full disk on a 3 MB file system', async () => {
    // In a child: the failed PGlite keeps files open, and the file system must be unmounted after.
    const dir = path.join(mountPoint, 'data');
    const child = spawnTs(OPENER, [dir]);
    expect(await child.exited).toBe(2);
    expect(child.stderr().trim()).toBe(`The disk holding the data folder ${dir} is full: free some space on it, or set DATA_DIR to a folder on another disk, and start again.`);
  }, 120_000);

  it('names a data folder this user cannot write (bare EACCES before)', async () => {
    const dir = path.join(root, 'ro-folder');
    mkdirSync(dir, { mode: 0o555 });
    chmodSync(dir, 0o555);
    const { code, stderr } = await openAsUser(dir);
    expect(code).toBe(2);
    const uid = isRoot ? NOBODY : process.getuid!();
    expect(stderr).toBe(`The data folder ${dir} is not writable by this user: give this user (uid ${uid}) write access, e.g. chown -R ${uid} ${dir} && chmod -R u+rwX ${dir}, or set DATA_DIR to a writable folder.`);
  }, 120_000);

  it('names read-only database files (PGlite failed to initialize properly before)', async () => {
    const dir = path.join(root, 'ro-pgdata');
    cpSync(template, dir, { recursive: true });
    if (isRoot) chownTree(dir, NOBODY);
    readOnly(path.join(dir, 'pgdata'));
    const { code, stderr } = await openAsUser(dir);
    expect(code).toBe(2);
    const uid = isRoot ? NOBODY : process.getuid!();
    expect(stderr).toBe(`The database files in ${dir}/pgdata are read-only for this user: give this user (uid ${uid}) write access, e.g. chown -R ${uid} ${dir} && chmod -R u+rwX ${dir}, or set DATA_DIR to another folder.`);
    // The folder itself stayed usable: the lock was released on the way out.
    expect(readdirSync(dir)).toEqual(['pgdata']);
  }, 120_000);

  it('names a database folder that fails for another reason and says what to do', () => {
    const dir = path.join(root, 'template');
    expect(statSync(path.join(dir, 'pgdata')).isDirectory()).toBe(true);
    expect(describeDataDirError(new Error('PGlite failed to initialize properly'), dir)).toBe(
      `The embedded database in ${dir}/pgdata could not be opened: if the folder is damaged or was written by another version, move it away (a new one is created and seeded) or restore a backup.`,
    );
  });

  it('leaves errors that are not about the folder alone', () => {
    const dir = path.join(root, 'data');
    const listen = Object.assign(new Error('listen EACCES: permission denied 0.0.0.0:80'), { code: 'EACCES', syscall: 'listen', address: '0.0.0.0', port: 80 });
    expect(describeDataDirError(listen, dir)).toBeUndefined();
    expect(describeDataDirError(new Error('SMTP_URL is required in production'), dir)).toBeUndefined();
  });
});

/** A TCP server that accepts connections and never answers (a paused or black-holed database). */
async function silentServer(): Promise<{ server: Server; port: number; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>();
  const server = createServer((s) => { sockets.add(s); s.on('error', () => undefined); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port, sockets };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const { server, port } = await silentServer();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function connectError(url: string, timeoutMs = 300): Promise<unknown> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.end();
    return undefined;
  } catch (err) {
    return err;
  }
}

describe('PostgreSQL start-up messages and outage errors', () => {
  let silent: Awaited<ReturnType<typeof silentServer>>;
  let refusedPort: number;
  beforeAll(async () => {
    silent = await silentServer();
    refusedPort = await closedPort();
  });
  afterAll(async () => {
    for (const s of silent.sockets) s.destroy();
    await new Promise((resolve) => silent.server.close(resolve));
  });

  it('names the address without the password', () => {
    expect(postgresAddress('postgres://app:s3cret@db.example.com:6543/rewards?sslmode=require')).toBe('db.example.com:6543 (database rewards, user app)');
    expect(postgresAddress('postgres://db.example.com/rewards')).toBe('db.example.com:5432 (database rewards)');
  });

  it('says the connection was refused when nothing listens', async () => {
    const url = `postgres://app:s3cret@127.0.0.1:${refusedPort}/rewards`;
    const err = await connectError(url);
    expect(isDatabaseUnavailable(err)).toBe(true);
    const sentence = describePostgresError(err, url);
    expect(sentence).toBe(`Cannot connect to PostgreSQL at 127.0.0.1:${refusedPort} (database rewards, user app): the connection was refused (is PostgreSQL running and listening on that address and port?).`);
    expect(sentence).not.toContain('s3cret');
    await expect(checkPostgres(url, 500)).rejects.toThrow(sentence);
  });

  it('says it did not answer in time when the server is silent', async () => {
    const url = `postgres://postgres@127.0.0.1:${silent.port}/rewards`;
    const err = await connectError(url, 300);
    expect(isDatabaseUnavailable(err)).toBe(true);
    await expect(checkPostgres(url, 300)).rejects.toThrow(
      `Cannot connect to PostgreSQL at 127.0.0.1:${silent.port} (database rewards, user postgres): it did not answer within 300 ms (is the server overloaded or paused, or a firewall dropping the connection?).`,
    );
  });

  it('recognises the errors of a database that is away, inside a query error too', () => {
    const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code, severity: 'FATAL' });
    const drizzle = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { name: 'DrizzleQueryError', cause });
    for (const err of [
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P03', 'the database system is starting up'),
      pgError('08006', 'connection failure'),
      pgError('57014', 'canceling statement due to statement timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated unexpectedly'),
      new Error('Query read timeout'),
      Object.assign(new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })], ''), {}),
    ]) {
      expect(isDatabaseUnavailable(err), String((err as Error).message)).toBe(true);
      expect(isDatabaseUnavailable(drizzle(err)), String((err as Error).message)).toBe(true);
    }
    for (const err of [pgError('23505', 'duplicate key'), pgError('42P01', 'relation does not exist'), pgError('22P02', 'invalid input syntax'), new Error('boom'), undefined, 'text']) {
      expect(isDatabaseUnavailable(drizzle(err))).toBe(false);
    }
  });

  const url = process.env.TEST_DATABASE_URL;
  it.skipIf(!url)('runs a prepared statement again unnamed when the server no longer has it (a pooler, a migration), and unnamed after (PostgreSQL)', async () => {
    const database = openPostgres(url!, 1);
    try {
      const statement = { name: 'client_test_prepared', text: 'select $1::int + 1 as n' };
      expect(await runPrepared<{ n: number }>(database.db, statement, [1])).toEqual([{ n: 2 }]);
      // The one connection's server side forgets it; the client still believes it is prepared.
      await database.pool.query('deallocate all');
      expect(await runPrepared<{ n: number }>(database.db, statement, [2])).toEqual([{ n: 3 }]);
      expect(await runPrepared<{ n: number }>(database.db, statement, [3])).toEqual([{ n: 4 }]);
      // Another statement's error is the caller's, as before.
      await expect(runPrepared(database.db, { name: 'client_test_bad', text: 'select 1/0' }, [])).rejects.toMatchObject({ code: '22012' });
    } finally {
      await database.close();
    }
  });

  it('runs a prepared statement on the embedded database as a named statement, with values and rows as query() has them', async () => {
    const database = await openMemoryPglite();
    try {
      const statement = { name: 'client_test_x', text: 'select $1::int + 1 as n, $2::text as t, $3::timestamptz as at, $4::jsonb as j, $5::int as missing' };
      const at = new Date('2026-11-30T06:35:00.123Z');
      const expected = await database.client.query('select $1::int + 1 as n, $2::text as t, $3::timestamptz as at, $4::jsonb as j, $5::int as missing', [41, 'ü\'s', at, JSON.stringify({ a: [1] }), null]);
      for (let i = 0; i < 3; i++) {
        expect(await runPrepared(database.db, statement, [41, 'ü\'s', at, JSON.stringify({ a: [1] }), null])).toEqual(expected.rows);
      }
      expect(expected.rows).toEqual([{ n: 42, t: 'ü\'s', at, j: { a: [1] }, missing: null }]);
      // Planned once: the server keeps it under its name.
      expect((await database.client.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements where name = 'client_test_x'")).rows).toEqual([{ n: 1 }]);
      // An error is the caller's; the statement still runs after it.
      await expect(runPrepared(database.db, { name: 'client_test_div', text: 'select 1 / $1::int as n' }, [0])).rejects.toMatchObject({ code: '22012' });
      expect(await runPrepared(database.db, { name: 'client_test_div', text: 'select 1 / $1::int as n' }, [1])).toEqual([{ n: 1 }]);
      // A mistake in the text is refused each time, never kept.
      await expect(runPrepared(database.db, { name: 'client_test_bad', text: 'selec 1' }, [])).rejects.toMatchObject({ code: '42601' });
      await expect(runPrepared(database.db, { name: 'client_test_bad', text: 'selec 1' }, [])).rejects.toMatchObject({ code: '42601' });
      // Its table changes shape (a migration): it runs again, and is prepared anew.
      await database.client.exec('create table client_test_t (id int primary key, a text); insert into client_test_t values (1, \'one\')');
      const byId = { name: 'client_test_by_id', text: 'select * from client_test_t where id = $1' };
      expect(await runPrepared(database.db, byId, [1])).toEqual([{ id: 1, a: 'one' }]);
      await database.client.exec('alter table client_test_t add column b int default 7');
      expect(await runPrepared(database.db, byId, [1])).toEqual([{ id: 1, a: 'one', b: 7 }]);
      expect(await runPrepared(database.db, byId, [1])).toEqual([{ id: 1, a: 'one', b: 7 }]);
    } finally {
      await database.close();
    }
  });

  it('runs a prepared statement on the embedded database after a transaction in progress, never inside it', async () => {
    const database = await openMemoryPglite();
    try {
      await database.client.exec('create table client_test_tx (id int primary key)');
      const count = { name: 'client_test_tx_count', text: 'select count(*)::int as n from client_test_tx' };
      expect(await runPrepared(database.db, count, [])).toEqual([{ n: 0 }]);
      let read: Promise<Array<{ n: number }>> | undefined;
      const tx = await database.db.transaction(async (t) => {
        await t.execute(sql`insert into client_test_tx values (1)`);
        // Asked on the database (not the transaction) while the transaction is open: it runs after.
        read = runPrepared<{ n: number }>(database.db, count, []);
        throw new Error('rolled back');
      }).catch((err: Error) => err.message);
      expect(tx).toBe('rolled back');
      expect(await read).toEqual([{ n: 0 }]);
    } finally {
      await database.close();
    }
  });

  it.skipIf(!url)('closes its pool within a few seconds even with a connection out on a database that stopped answering (PostgreSQL)', async () => {
    const direct = new URL(url!);
    const proxy = new PgProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    await proxy.start();
    try {
      const viaProxy = new URL(direct);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      const database = openPostgres(viaProxy.toString(), 2);
      const client = await database.pool.connect();
      client.on('error', () => undefined);
      await client.query('select 1');
      // The connection stays checked out (a request in flight) and the database stops answering.
      proxy.pause();
      const started = Date.now();
      await database.close();
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      proxy.resume();
      await proxy.close();
    }
  });

  it('names a pooler that refuses the statement timeout, and how to set DATABASE_DIRECT_URL', () => {
    // What node-postgres reports when PgBouncer refuses a start-up parameter, wrapped as drizzle wraps it.
    const refused = Object.assign(new Error('unsupported startup parameter: statement_timeout'), { code: '08P01' });
    const err = new Error('Failed query: insert into "app_secrets" …', { cause: refused });
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(describePostgresError(err, 'postgres://app@pooler:6432/rewards')).toBe(
      'Cannot connect to PostgreSQL at pooler:6432 (database rewards, user app): it looks like a connection pooler (PgBouncer) that refuses the start-up parameter statement_timeout: set DATABASE_DIRECT_URL to the primary\'s own address (the app then sends no such parameter through the pooler; docs/operations.md).',
    );
    expect(postgresAddress('postgres://app@db1:5432,db2:5433/rewards?target_session_attrs=read-write')).toBe('db1:5432 or db2:5433 (database rewards, user app)');
  });

  it.skipIf(!url)('names an unknown database and an unknown user (PostgreSQL)', async () => {
    const base = new URL(url!);
    const missing = new URL(base);
    missing.pathname = '/no_such_database_here';
    const err = await connectError(missing.toString(), 5000);
    expect(isDatabaseUnavailable(err)).toBe(false);
    expect(describePostgresError(err, missing.toString())).toBe(
      `Cannot connect to PostgreSQL at ${base.hostname}:${base.port || 5432} (database no_such_database_here, user ${base.username}): the database no_such_database_here does not exist (create it, for example with createdb no_such_database_here, or fix its name in DATABASE_URL).`,
    );
    const stranger = new URL(base);
    stranger.username = 'no_such_role_here';
    stranger.password = 'pw';
    await expect(checkPostgres(stranger.toString(), 5000)).rejects.toThrow(
      /^Cannot connect to PostgreSQL at [^ ]+ \(database [^,]+, user no_such_role_here\): (the server does not let user no_such_role_here connect from here|authentication failed for user no_such_role_here)/,
    );
  });
});

describe('npm start with PostgreSQL away', () => {
  afterAll(() => killChildren());

  it('stops with one sentence naming the address and the cause, not a failed SQL line', async () => {
    const port = await closedPort();
    const child = spawnTs('src/server/main.ts', [], {
      env: { ...process.env, DATABASE_URL: `postgres://app:s3cret@127.0.0.1:${port}/rewards`, PORT: '0', LOG_LEVEL: 'silent', NODE_ENV: 'development' },
    });
    expect(await child.exited).toBe(1);
    expect(child.stderr().trim()).toBe(
      `Cannot connect to PostgreSQL at 127.0.0.1:${port} (database rewards, user app): the connection was refused (is PostgreSQL running and listening on that address and port?).`,
    );
    // The start's progress line only (issue 25 item 14), never a failed SQL line.
    expect(child.stdout().trim()).toMatch(/^Opening PostgreSQL at 127\.0\.0\.1:\d+ \(database rewards, user app\) and applying migrations…$/);
  }, 120_000);
});
