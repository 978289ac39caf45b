import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openPostgres, type Database } from './db/client';
import { createTestDatabase } from './test/db';
import { PgProxy } from './test/pg-proxy';

/**
 * A database outage on PostgreSQL (docs/operations.md "Health, outages and jobs"): while the database is stopped or
 * stops answering, requests that need it answer 503 "temporarily unavailable" within 2 s, /health
 * stays 200, /ready answers 503; once it is back everything works again without a restart. The
 * database is real; a TCP proxy in front of it plays the outage (the real server is shared).
 */

const TEST_URL = process.env.TEST_DATABASE_URL;
const UNAVAILABLE = { statusCode: 503, error: 'Service Unavailable', message: 'The service is temporarily unavailable. Please try again in a moment.' };

describe.skipIf(!TEST_URL)('PostgreSQL outage', () => {
  const logged: string[] = [];
  let database: Database;
  let served: ReturnType<typeof openPostgres>;
  let proxy: PgProxy;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    const direct = new URL(database.url!);
    proxy = new PgProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    await proxy.start();
    const viaProxy = new URL(direct);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    served = openPostgres(viaProxy.toString(), 4, { timeoutMs: 1000 });
    const config = loadConfig({ NODE_ENV: 'test' }, { clientDir: path.resolve('src/server/test/fixtures/client'), logLevel: 'info', databaseTimeoutMs: 1000 });
    app = await buildApp({ config, db: served.db, rateLimitMax: 10_000, logStream: { write: (line) => void logged.push(line) } });
    await app.ready();
  });

  afterAll(async () => {
    proxy?.resume();
    await app?.close();
    await served?.close().catch(() => undefined);
    await proxy?.close();
    await database?.close();
  });

  /** A request that reads the database: the member behind a session cookie (none here: 401 when the database answers). */
  const member = async () => {
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/api/Member', headers: { host: 'hilton.localhost', cookie: `rn_session=${'a'.repeat(43)}` } });
    return { res, ms: Date.now() - started };
  };
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'hilton.localhost' } });

  const expectUnavailable = ({ res, ms }: Awaited<ReturnType<typeof member>>) => {
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(UNAVAILABLE);
    expect(res.headers['retry-after']).toBe('5');
    expect(ms).toBeLessThan(2000);
  };

  it('works while the database answers', async () => {
    expect((await member()).res.statusCode).toBe(401);
    const ready = await get('/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'reachable', migrations: 'applied' });
  });

  it('answers 503 within 2 s while the database is stopped, is alive but not ready, and recovers without a restart', async () => {
    await proxy.stop();
    expectUnavailable(await member());
    expectUnavailable(await member());
    const health = await get('/health');
    expect(health.statusCode).toBe(200);
    const ready = await get('/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: 'Not ready: the database does not answer.', code: 'databaseUnavailable' });

    await proxy.start();
    expect((await member()).res.statusCode).toBe(401);
    expect((await get('/ready')).statusCode).toBe(200);
  });

  it('answers 503 within 2 s while the database does not answer, and recovers when it answers again', async () => {
    proxy.pause();
    try {
      expectUnavailable(await member());
      expectUnavailable(await member());
      expect((await get('/health')).statusCode).toBe(200);
      const started = Date.now();
      const ready = await get('/ready');
      expect(ready.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      proxy.resume();
    }
    expect((await member()).res.statusCode).toBe(401);
    expect((await get('/ready')).statusCode).toBe(200);
  });

  it('ends a transaction whose connection stops answering within one timeout, not one per statement', async () => {
    let started = 0;
    const failed = served.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      proxy.pause();
      started = Date.now();
      await tx.execute(sql`select 2`);
    }).then(() => undefined, (err: unknown) => err);
    try {
      expect(await failed).toBeInstanceOf(Error);
      // One query timeout (1.25 s here); the rollback queued behind it must not wait its own.
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      proxy.resume();
    }
    expect((await member()).res.statusCode).toBe(401);
  });

  it('never answered 500 or logged a request failure during the outages', () => {
    const lines = logged.map((l) => JSON.parse(l) as { level: number; msg: string; statusCode?: number });
    expect(lines.filter((l) => l.msg === 'request failed' || l.statusCode === 500)).toEqual([]);
    expect(lines.some((l) => l.msg === 'database unavailable' && l.level === 40)).toBe(true);
  });
});
