import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { scheduledJobs } from '../db/schema';
import { createTestDatabase } from '../test/db';
import { makeDue as makeDueIn, recordingJobLog } from '../test/jobs';
import { createScheduler } from './scheduler';

let database: Database;
beforeAll(async () => { database = await createTestDatabase({ seeded: true }); });
afterAll(async () => { await database.close(); });

const { lines, log } = recordingJobLog();
const makeDue = (name: string) => makeDueIn(database.db, name);

/** The test database, but its next update fails once goAway() was called: the database went away as a run ended. */
function awayAfterRun() {
  let away = false;
  const db = new Proxy(database.db, {
    get(target, prop) {
      if (prop === 'update' && away) {
        away = false;
        return () => { throw new Error('Connection terminated unexpectedly'); };
      }
      return Reflect.get(target, prop, target) as unknown;
    },
  });
  return { db, goAway: () => { away = true; } };
}

describe('the job scheduler', () => {
  it('runs a due job once even with two runners polling together, then not before its interval', async () => {
    let runs = 0;
    // The run lasts until the other runner has answered, so the two really overlap.
    let finish = () => undefined as void;
    const running = new Promise<void>((resolve) => { finish = resolve; });
    const job = { name: 'test-once', everyMs: 3_600_000, run: async () => { runs++; await running; } };
    const a = await createScheduler({ db: database.db, jobs: [job], log, start: false });
    const b = await createScheduler({ db: database.db, jobs: [job], log, start: false });
    expect(await a.tick()).toEqual([]); // not due yet: first run one interval (at most a minute) after it is first known
    await makeDue('test-once');
    const ticks = [a.tick(), b.tick()] as const;
    // One runner claims the job and waits in it; the other finds it claimed and answers first.
    await Promise.race(ticks);
    finish();
    const [ranA, ranB] = await Promise.all(ticks);
    expect(runs).toBe(1);
    expect([...ranA, ...ranB]).toEqual(['test-once']);
    expect(await a.tick()).toEqual([]);
    const [row] = await database.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'test-once'));
    expect(row!.lockedUntil).toBeNull();
    expect(row!.lastError).toBeNull();
    expect(row!.nextRunAt.getTime()).toBeGreaterThan(Date.now() + 3_500_000);
    await a.stop();
    await b.stop();
  });

  it('writes the end of a run the database was away for at the next tick (a failover): the job is not left leased', async () => {
    const { db, goAway } = awayAfterRun();
    const job = { name: 'test-unwritten', everyMs: 60_000, leaseMs: 3_600_000, run: async () => { goAway(); } };
    const s = await createScheduler({ db, jobs: [job], log, start: false });
    await makeDue('test-unwritten');
    expect(await s.tick()).toEqual(['test-unwritten']);
    const leased = (await database.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'test-unwritten')))[0]!;
    expect(leased.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
    // The database is back: the next tick ends the run, so the job runs again after its interval, not after its lease.
    expect(await s.tick()).toEqual([]);
    const [row] = await database.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'test-unwritten'));
    expect(row!.lockedUntil).toBeNull();
    expect(row!.nextRunAt.getTime()).toBeLessThan(Date.now() + 61_000);
    expect(lines.some((l) => l.level === 'error' && (l.obj as { job?: string }).job === 'test-unwritten')).toBe(true);
    await s.stop();
  });

  it('does not end a lease another runner took after this one ran out', async () => {
    const { db, goAway } = awayAfterRun();
    const job = { name: 'test-unwritten-taken', everyMs: 60_000, run: async () => { goAway(); } };
    const s = await createScheduler({ db, jobs: [job], log, start: false });
    await makeDue('test-unwritten-taken');
    expect(await s.tick()).toEqual(['test-unwritten-taken']);
    // Meanwhile the lease ran out and another runner claimed the job (a lease of its own).
    await database.db.update(scheduledJobs).set({ lockedUntil: sql`now() + interval '7 minutes'` }).where(eq(scheduledJobs.name, 'test-unwritten-taken'));
    expect(await s.tick()).toEqual([]);
    const [row] = await database.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'test-unwritten-taken'));
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 6 * 60_000);
    await s.stop();
  });

  it('records a failure, logs it and schedules the next run', async () => {
    const job = { name: 'test-fails', everyMs: 60_000, run: async () => { throw new Error('disk on fire'); } };
    const s = await createScheduler({ db: database.db, jobs: [job], log, start: false });
    await makeDue('test-fails');
    expect(await s.tick()).toEqual(['test-fails']);
    const [row] = await database.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'test-fails'));
    expect(row!.lastError).toBe('Error: disk on fire');
    expect(row!.lockedUntil).toBeNull();
    expect(lines.some((l) => l.level === 'error' && (l.obj as { job?: string }).job === 'test-fails')).toBe(true);
    await s.stop();
  });

  it('takes over a job whose runner died (lease passed), not one still leased', async () => {
    let runs = 0;
    const job = { name: 'test-lease', everyMs: 60_000, run: async () => { runs++; } };
    const s = await createScheduler({ db: database.db, jobs: [job], log, start: false });
    await database.db.update(scheduledJobs).set({ nextRunAt: sql`now() - interval '1 second'`, lockedUntil: sql`now() + interval '5 minutes'` }).where(eq(scheduledJobs.name, 'test-lease'));
    expect(await s.tick()).toEqual([]);
    await database.db.update(scheduledJobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(scheduledJobs.name, 'test-lease'));
    expect(await s.tick()).toEqual(['test-lease']);
    expect(runs).toBe(1);
    await s.stop();
  });
});
