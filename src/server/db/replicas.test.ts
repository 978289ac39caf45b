import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshReplicas, lagBehind, lsnValue, primaryOnly, replicaRouter, type ReadRouter } from './replicas';
import type { Database, Db } from './client';
import { createTestDatabase } from '../test/db';
import { sql } from 'drizzle-orm';

/**
 * The read router's rules. That a real streaming replica serves reads, that a member never reads
 * older than their own write and that a replica going away costs no read is shown on real clusters
 * by `npm run test:replicas` (scripts/test-replicas.ts).
 */
describe('WAL positions', () => {
  it('reads PostgreSQL LSN text as one 64-bit number, in order', () => {
    expect(lsnValue('0/0')).toBe(0n);
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(lsnValue('1/0')! > lsnValue('0/FFFFFFFF')!).toBe(true);
    expect(lsnValue(null)).toBeNull();
    expect(lsnValue('')).toBeNull();
    expect(lsnValue('not an lsn')).toBeNull();
  });
});

describe('replica lag from the primary\'s recent positions', () => {
  const history = [{ at: 1_000, lsn: 100n }, { at: 1_200, lsn: 200n }, { at: 1_400, lsn: 300n }];
  it('is 0 for a replica that replayed the newest position (or beyond)', () => {
    expect(lagBehind(history, 300n, 1_500)).toBe(0);
    expect(lagBehind(history, 301n, 1_500)).toBe(0);
    expect(lagBehind([], 5n, 1_500)).toBe(0);
  });
  it('counts from the first poll whose position the replica has not replayed', () => {
    expect(lagBehind(history, 250n, 1_500)).toBe(100);
    expect(lagBehind(history, 200n, 1_500)).toBe(100);
    expect(lagBehind(history, 150n, 1_500)).toBe(300);
    expect(lagBehind(history, 10n, 1_500)).toBe(500);
  });
});

describe('which replicas a read may use', () => {
  const r = (name: string, up: boolean, lagMs: number, replayed: bigint | null) => ({ name, up, lagMs, replayed });
  const all = [r('a', true, 10, 500n), r('b', true, 2_000, 900n), r('c', false, 0, 900n), r('d', true, 0, 400n), r('e', true, 0, null)];
  it('keeps those up and within the lag bound', () => {
    expect(freshReplicas(all, null, 1_000).map((x) => x.name)).toEqual(['a', 'd', 'e']);
  });
  it('keeps only those past a member\'s own write', () => {
    expect(freshReplicas(all, 450n, 1_000).map((x) => x.name)).toEqual(['a']);
    expect(freshReplicas(all, 500n, 1_000).map((x) => x.name)).toEqual(['a']);
    expect(freshReplicas(all, 501n, 1_000)).toEqual([]);
  });
});

describe('the router without replicas', () => {
  it('runs every read on the primary and writes nothing', async () => {
    const primary = {} as Db;
    const router = primaryOnly(primary);
    expect(router.replicated).toBe(false);
    await expect(router.run(async (db) => db === primary)).resolves.toBe(true);
    expect(router.stats()).toEqual({ replicas: [], primaryReads: 1, ownWriteReads: 0, retriedOnPrimary: 0 });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the router with replicas that cannot serve (PostgreSQL)', () => {
  let database: Database;
  let router: ReadRouter;
  beforeAll(async () => {
    database = await createTestDatabase({ seeded: false });
    // The primary named as its own replica (not a standby), and an address where nothing listens.
    router = replicaRouter(database.db, { urls: [database.url!, 'postgres://postgres@127.0.0.1:1/none'], maxLagMs: 1_000, timeoutMs: 500, pollMs: 50 });
    await vi.waitFor(() => expect(router.stats().replicas.map((x) => x.problem)).not.toContain('not asked yet'), { timeout: 5_000 });
  });
  afterAll(async () => {
    await router?.close();
    await database?.close();
  });

  it('sets aside a server that is not a standby and one that does not answer, and reads on the primary', async () => {
    const [own, dead] = router.stats().replicas;
    expect(own).toMatchObject({ up: false, problem: 'not a standby (promoted?)', reads: 0 });
    expect(dead).toMatchObject({ up: false, reads: 0 });
    expect(dead!.name).toBe('127.0.0.1:1');
    const answer = await router.run(async (db) => ((await db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] }).rows[0]);
    expect(answer).toEqual({ one: 1 });
    expect(router.stats().primaryReads).toBe(1);
  });
});
