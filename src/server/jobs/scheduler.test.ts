import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { scheduledJobs } from '../db/schema';
import { createTestDatabase } from '../test/db';
import { makeDue as makeDueIn, recordingJobLog } from '../test/jobs';
import type { ScheduledJob } from '../lib/scheduled-job';
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
  it('claims every due job of a tick and runs each once, in the list\'s order; not one that is not due or still leased', async () => {
    const order: string[] = [];
    const job = (name: string): ScheduledJob => ({ name, everyMs: 60_000, run: async () => { order.push(name); } });
    const jobs = ['test-all-a', 'test-all-b', 'test-all-c', 'test-all-later', 'test-all-leased'].map(job);
    const s = await createScheduler({ db: database.db, jobs, log, start: false });
    for (const name of ['test-all-c', 'test-all-a', 'test-all-b', 'test-all-leased']) await makeDue(name);
    await database.db.update(scheduledJobs).set({ lockedUntil: sql`now() + interval '5 minutes'` }).where(eq(scheduledJobs.name, 'test-all-leased'));
    expect(await s.tick()).toEqual(['test-all-a', 'test-all-b', 'test-all-c']);
    expect(order).toEqual(['test-all-a', 'test-all-b', 'test-all-c']);
    const rows = await database.db.select().from(scheduledJobs).where(inArray(scheduledJobs.name, jobs.map((j) => j.name)));
    for (const row of rows.filter((r) => ['test-all-a', 'test-all-b', 'test-all-c'].includes(r.name))) {
      expect(row.lockedUntil).toBeNull();
      expect(row.nextRunAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    }
    expect(await s.tick()).toEqual([]);
    await s.stop();
  });

  it('gives each due run to one runner only, with four runners polling together over several due jobs', async () => {
    const runs = new Map<string, number>();
    let finish = () => undefined as void;
    const running = new Promise<void>((resolve) => { finish = resolve; });
    const names = ['test-many-1', 'test-many-2', 'test-many-3', 'test-many-4', 'test-many-5', 'test-many-6'];
    const inRun = new Set<number>();
    const answered = new Set<number>();
    // Each run lasts until every runner has either answered (it claimed nothing) or is in a run, so the runs and the claims overlap.
    const jobsOf = (runner: number) => names.map((name): ScheduledJob => ({
      name, everyMs: 3_600_000,
      run: async () => { runs.set(name, (runs.get(name) ?? 0) + 1); inRun.add(runner); await running; inRun.delete(runner); },
    }));
    const runners = await Promise.all([0, 1, 2, 3].map((i) => createScheduler({ db: database.db, jobs: jobsOf(i), log, start: false })));
    for (const name of names) await makeDue(name);
    const ticks = runners.map((r, i) => r.tick().finally(() => answered.add(i)));
    await vi.waitFor(() => expect(answered.size + inRun.size).toBe(4));
    finish();
    const ran = (await Promise.all(ticks)).flat();
    expect(ran.toSorted()).toEqual(names);
    expect([...runs.values()]).toEqual(names.map(() => 1));
    // And none of them again before its interval.
    expect((await Promise.all(runners.map((r) => r.tick()))).flat()).toEqual([]);
    await Promise.all(runners.map((r) => r.stop()));
  });

  it('lets the event loop run between jobs (requests interleave on the embedded database)', async () => {
    const order: string[] = [];
    const jobs: ScheduledJob[] = [
      { name: 'test-yield-1', everyMs: 60_000, run: async () => { setImmediate(() => order.push('request')); order.push('job 1'); } },
      { name: 'test-yield-2', everyMs: 60_000, run: async () => { order.push('job 2'); } },
    ];
    const s = await createScheduler({ db: database.db, jobs, log, start: false });
    await makeDue('test-yield-1');
    await makeDue('test-yield-2');
    expect(await s.tick()).toEqual(['test-yield-1', 'test-yield-2']);
    expect(order).toEqual(['job 1', 'request', 'job 2']);
    await s.stop();
  });

  it('gives back unrun a claimed job whose lease the jobs before it used half of: it stays due and runs at the next tick', async () => {
    const ran: string[] = [];
    const jobs: ScheduledJob[] = [
      // A job that holds the thread for 400 ms, then one whose lease is 200 ms (half of it, 100 ms,
      // leaves the next tick room to claim and start it on a loaded machine: it failed with 10 ms).
      { name: 'test-slow-first', everyMs: 60_000, run: async () => { ran.push('slow'); const end = performance.now() + 400; while (performance.now() < end); } },
      { name: 'test-short-lease', everyMs: 60_000, leaseMs: 200, run: async () => { ran.push('short'); } },
    ];
    const s = await createScheduler({ db: database.db, jobs, log, start: false });
    await makeDue('test-slow-first');
    await makeDue('test-short-lease');
    expect(await s.tick()).toEqual(['test-slow-first']);
    const [row] = await database.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'test-short-lease'));
    expect(row!.lockedUntil).toBeNull();
    expect(row!.nextRunAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await s.tick()).toEqual(['test-short-lease']);
    expect(ran).toEqual(['slow', 'short']);
    await s.stop();
  });

  it('gives back the claims of the jobs it did not run when stopped mid-tick (not left leased)', async () => {
    let stopping: Promise<void> | undefined;
    const jobs: ScheduledJob[] = [
      { name: 'test-stop-1', everyMs: 60_000, run: async () => { stopping = s.stop(); } },
      { name: 'test-stop-2', everyMs: 60_000, run: async () => { throw new Error('not to run'); } },
    ];
    const s = await createScheduler({ db: database.db, jobs, log, start: false });
    await makeDue('test-stop-1');
    await makeDue('test-stop-2');
    expect(await s.tick()).toEqual(['test-stop-1']);
    await stopping;
    const [row] = await database.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'test-stop-2'));
    expect(row!.lockedUntil).toBeNull();
    expect(row!.lastError).toBeNull();
    expect(row!.nextRunAt.getTime()).toBeLessThanOrEqual(Date.now());
  });
});
