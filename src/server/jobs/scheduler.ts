import { and, eq, isNull, lte, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { scheduledJobs } from '../db/schema';
import type { JobLog, ScheduledJob } from '../lib/scheduled-job';

export type Scheduler = {
  /** Runs every due job once (claims first); answers the names it ran. Tests and the worker call it. */
  tick: () => Promise<string[]>;
  stop: () => Promise<void>;
};

const DEFAULT_LEASE_MS = 10 * 60_000;

/**
 * The one mechanism for scheduled background work. Each job's next run is a row in
 * scheduled_jobs; an instance runs a job only after claiming the row with one conditional UPDATE
 * (due, and not leased by a live runner), so with any number of app instances or worker
 * processes on one PostgreSQL each run happens once, and a runner that dies mid-run is replaced
 * when its lease ends. The same code runs in-process on the embedded database.
 */
export async function createScheduler(opts: { db: Db; jobs: readonly ScheduledJob[]; log: JobLog; pollMs?: number; start?: boolean }): Promise<Scheduler> {
  const { db, jobs, log } = opts;
  const now = Date.now();
  // First run one interval after the job is first known (not at every start of every instance).
  await db.insert(scheduledJobs).values(jobs.map((j) => ({ name: j.name, nextRunAt: new Date(now + Math.min(j.everyMs, 60_000)) })))
    .onConflictDoNothing();

  let running: Promise<string[]> | undefined;
  let stopped = false;
  /**
   * Ends of runs not written yet: the database went away before the run's last update (a
   * failover, an outage). Without it the job would stay leased on the new primary until the lease
   * ran out (ten minutes by default); each tick writes them first. The claim is named by its lease
   * end (in microseconds): a lease that ran out and was taken by another runner is not touched.
   */
  const unwritten = new Map<string, { claim: string; error: string | null; everyMs: number }>();

  const writeEnd = (name: string, end: { claim: string; error: string | null; everyMs: number }) =>
    db.update(scheduledJobs).set({
      lockedUntil: null, lastFinishedAt: sql`now()`, lastError: end.error,
      nextRunAt: sql`now() + ${`${end.everyMs} milliseconds`}::interval`,
    }).where(and(eq(scheduledJobs.name, name), sql`(extract(epoch from ${scheduledJobs.lockedUntil}) * 1000000)::bigint = ${end.claim}::bigint`));

  const writeUnwritten = async () => {
    for (const [name, end] of unwritten) {
      try {
        await writeEnd(name, end);
        unwritten.delete(name);
      } catch {
        // Still away: the next tick tries again (a lease that ran out meanwhile matches nothing).
      }
    }
  };

  const runOne = async (job: ScheduledJob): Promise<boolean> => {
    const leaseMs = job.leaseMs ?? DEFAULT_LEASE_MS;
    const claimed = await db.update(scheduledJobs)
      .set({ lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`, lastStartedAt: sql`now()` })
      .where(and(eq(scheduledJobs.name, job.name), lte(scheduledJobs.nextRunAt, sql`now()`),
        or(isNull(scheduledJobs.lockedUntil), lt(scheduledJobs.lockedUntil, sql`now()`))))
      .returning({ name: scheduledJobs.name, claim: sql<string>`(extract(epoch from ${scheduledJobs.lockedUntil}) * 1000000)::bigint::text` });
    if (claimed.length === 0) return false;
    const claim = String(claimed[0]!.claim);
    const started = Date.now();
    let error: string | null = null;
    try {
      const summary = await job.run({ db, now: new Date(), log });
      log.info({ job: job.name, ms: Date.now() - started, ...(summary ? { summary } : {}) }, 'job finished');
    } catch (err) {
      error = err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 500) : 'failed';
      log.error({ job: job.name, ms: Date.now() - started, error }, 'job failed');
    }
    const end = { claim, error, everyMs: job.everyMs };
    try {
      await writeEnd(job.name, end);
    } catch (err) {
      unwritten.set(job.name, end);
      log.error({ job: job.name, error: err instanceof Error ? err.message.slice(0, 200) : 'failed' }, 'job end not written; written again at the next tick');
    }
    return true;
  };

  const tick = () => {
    running ??= (async () => {
      const ran: string[] = [];
      try {
        await writeUnwritten();
        for (const job of jobs) if (!stopped && await runOne(job)) ran.push(job.name);
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
