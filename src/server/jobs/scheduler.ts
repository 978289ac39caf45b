import { performance } from 'node:perf_hooks';
import { and, asc, eq, inArray, isNull, lte, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { scheduledJobs } from '../db/schema';
import type { JobLog, ScheduledJob } from '../lib/scheduled-job';
import { yieldToEventLoop } from '../lib/yield';

export type Scheduler = {
  /** Runs every due job once (claims them all first, in one statement); answers the names it ran. Tests and the worker call it. */
  tick: () => Promise<string[]>;
  stop: () => Promise<void>;
};

const DEFAULT_LEASE_MS = 10 * 60_000;

/**
 * The one mechanism for scheduled background work. Each job's next run is a row in
 * scheduled_jobs; an instance runs a job only after claiming its row with a conditional UPDATE
 * (due, and not leased by a live runner; one statement claims all of a tick's due jobs), so with
 * any number of app instances or worker processes on one PostgreSQL each run happens once, and a
 * runner that dies mid-run is replaced when its lease ends. The same code runs in-process on the
 * embedded database, which runs on the server's thread: the tick yields to the event loop before
 * each job, so requests wait behind one job at most, not behind the whole tick.
 */
export async function createScheduler(opts: { db: Db; jobs: readonly ScheduledJob[]; log: JobLog; pollMs?: number; start?: boolean }): Promise<Scheduler> {
  const { db, jobs, log } = opts;
  const now = Date.now();
  // First run one interval after the job is first known (not at every start of every instance).
  await db.insert(scheduledJobs).values(jobs.map((j) => ({ name: j.name, nextRunAt: new Date(now + Math.min(j.everyMs, 60_000)) })))
    .onConflictDoNothing();

  let running: Promise<string[]> | undefined;
  let stopped = false;
  const leaseOf = (job: ScheduledJob) => job.leaseMs ?? DEFAULT_LEASE_MS;
  /** A claim is named by its lease end in microseconds (as text: beyond a double's exact range). */
  const claimOf = sql<string>`(extract(epoch from ${scheduledJobs.lockedUntil}) * 1000000)::bigint::text`;
  const claimIs = (claim: string) => sql`(extract(epoch from ${scheduledJobs.lockedUntil}) * 1000000)::bigint = ${claim}::bigint`;
  /**
   * What the database was away for: ends of runs not written (the database went away before the
   * run's last update: a failover, an outage) and claims not given back (stopped before running
   * them). Without it the job would stay leased on the new primary until the lease ran out (ten
   * minutes by default); each tick writes them first. Only this runner's claim is touched: a lease
   * that ran out and was taken by another runner is not.
   */
  type Unwritten = { claim: string; end: { error: string | null; everyMs: number } | 'release' };
  const unwritten = new Map<string, Unwritten>();

  const write = (name: string, u: Unwritten) =>
    db.update(scheduledJobs).set(u.end === 'release'
      // Given back unrun: still due, any runner's next poll takes it.
      ? { lockedUntil: null }
      : { lockedUntil: null, lastFinishedAt: sql`now()`, lastError: u.end.error, nextRunAt: sql`now() + ${`${u.end.everyMs} milliseconds`}::interval` })
      .where(and(eq(scheduledJobs.name, name), claimIs(u.claim)));

  const writeOrKeep = async (name: string, u: Unwritten) => {
    try {
      await write(name, u);
    } catch (err) {
      unwritten.set(name, u);
      log.error({ job: name, error: err instanceof Error ? err.message.slice(0, 200) : 'failed' },
        u.end === 'release' ? 'job claim not given back; given back at the next tick' : 'job end not written; written again at the next tick');
    }
  };

  const writeUnwritten = async () => {
    for (const [name, u] of unwritten) {
      try {
        await write(name, u);
        unwritten.delete(name);
      } catch {
        // Still away: the next tick tries again (a lease that ran out meanwhile matches nothing).
      }
    }
  };

  /**
   * Claims every due job of this runner's list in one statement: due, and not leased by a live
   * runner. The rows are locked in name order and those another runner is claiming at that moment
   * are skipped (FOR UPDATE SKIP LOCKED: that runner gets them), so runners polling together
   * neither wait for each other nor deadlock, and each due run goes to one runner. Each job's
   * lease is its own. Answers each claimed job's claim.
   */
  const claimDue = async (): Promise<Map<string, string>> => {
    if (jobs.length === 0) return new Map();
    const due = and(lte(scheduledJobs.nextRunAt, sql`now()`), or(isNull(scheduledJobs.lockedUntil), lt(scheduledJobs.lockedUntil, sql`now()`)));
    const names = jobs.map((j) => j.name);
    const leaseMs = sql`case ${scheduledJobs.name} ${sql.join(jobs.map((j) => sql`when ${j.name} then ${leaseOf(j)}::bigint`), sql` `)} end`;
    const claimable = db.select({ name: scheduledJobs.name }).from(scheduledJobs)
      .where(and(inArray(scheduledJobs.name, names), due))
      .orderBy(asc(scheduledJobs.name))
      .for('update', { skipLocked: true });
    const claimed = await db.update(scheduledJobs)
      .set({ lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`, lastStartedAt: sql`now()` })
      .where(and(inArray(scheduledJobs.name, claimable), due))
      .returning({ name: scheduledJobs.name, claim: claimOf });
    return new Map(claimed.map((c) => [c.name, String(c.claim)]));
  };

  const runClaimed = async (job: ScheduledJob, claim: string) => {
    const started = Date.now();
    let error: string | null = null;
    try {
      const summary = await job.run({ db, now: new Date(), log });
      log.info({ job: job.name, ms: Date.now() - started, ...(summary ? { summary } : {}) }, 'job finished');
    } catch (err) {
      error = err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 500) : 'failed';
      log.error({ job: job.name, ms: Date.now() - started, error }, 'job failed');
    }
    await writeOrKeep(job.name, { claim, end: { error, everyMs: job.everyMs } });
  };

  const tick = () => {
    running ??= (async () => {
      const ran: string[] = [];
      try {
        await writeUnwritten();
        if (stopped) return ran;
        const claims = await claimDue();
        const claimedAt = performance.now();
        for (const job of jobs) {
          const claim = claims.get(job.name);
          if (claim === undefined) continue;
          // Requests that waited behind the claim or the job before run now (the embedded database runs on this thread).
          await yieldToEventLoop();
          // The jobs before it took half its lease (each run starts well within its lease: another
          // runner may take it once the lease ends), or the scheduler is stopping: given back unrun.
          if (stopped || performance.now() - claimedAt > leaseOf(job) / 2) {
            await writeOrKeep(job.name, { claim, end: 'release' });
            continue;
          }
          await runClaimed(job, claim);
          ran.push(job.name);
        }
      } finally {
        running = undefined;
      }
      return ran;
    })();
    return running;
  };

  let timer: ReturnType<typeof setInterval> | undefined;
  if (opts.start !== false) {
    timer = setInterval(() => void tick().catch((err: unknown) => {
      // The database away: the next poll tries again.
      log.error({ error: err instanceof Error ? err.message.slice(0, 200) : 'failed' }, 'job scheduler poll failed');
    }), opts.pollMs ?? 15_000);
    timer.unref();
  }
  return {
    tick,
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
