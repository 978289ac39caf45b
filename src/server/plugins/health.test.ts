import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMemoryPglite, type Db } from '../db/client';
import { createTestApp, type TestApp } from '../test/app';
import { checkReadiness, latestJournalMigration } from './health';

/**
 * /health is liveness (the process answers; it never touches the database), /ready is readiness
 * (the database answers within a short timeout and has every migration of the journal). The
 * PostgreSQL outage itself is played in db-outage.test.ts.
 */
describe('/health and /ready on the embedded database', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it('answers /health with JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('answers /ready with JSON once the database answers and is migrated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ready', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 'ready', database: 'reachable', migrations: 'applied' });
  });
});

describe('checkReadiness', () => {
  const latest = latestJournalMigration();
  let migrated: TestApp;
  beforeAll(async () => { migrated = await createTestApp({ seeded: false }); });
  afterAll(async () => { await migrated.close(); });

  it('reads the newest migration of the committed journal', () => {
    expect(latest?.tag).toMatch(/^\d{4}_/);
    expect(latest?.when).toBeGreaterThan(0);
  });

  it('is ready on a migrated database', async () => {
    expect(await checkReadiness(migrated.database.db, { timeoutMs: 1000, latest })).toEqual({ ready: true });
  });

  it('is not ready on a database without migrations', async () => {
    const empty = await openMemoryPglite();
    try {
      expect(await checkReadiness(empty.db, { timeoutMs: 1000, latest })).toEqual({
        ready: false, code: 'migrationsPending', message: `Not ready: the database lacks migration ${latest!.tag}; start the app (it migrates) or apply the migrations.`,
      });
    } finally {
      await empty.close();
    }
  });

  it('is not ready when the code expects a migration the database lacks', async () => {
    const newer = { tag: '9999_next', when: latest!.when + 1 };
    expect(await checkReadiness(migrated.database.db, { timeoutMs: 1000, latest: newer })).toMatchObject({ ready: false, code: 'migrationsPending' });
  });

  it('is not ready when the database does not answer within the timeout', async () => {
    const silent = { execute: () => new Promise(() => undefined) } as unknown as Db;
    const started = Date.now();
    expect(await checkReadiness(silent, { timeoutMs: 200, latest })).toEqual({ ready: false, code: 'databaseUnavailable', message: 'Not ready: the database does not answer.' });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
