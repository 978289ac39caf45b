import type { Db } from '../db/client';

/**
 * A piece of scheduled background work. Each module declares its own (modules/<m>/jobs.ts,
 * exported by its index.ts; the sessions sweep in plugins/session.ts), jobs/jobs.ts lists them all
 * and jobs/scheduler.ts runs them.
 */
export type ScheduledJob = {
  /** Unique; the row in scheduled_jobs. */
  name: string;
  /** Time between the end of one run and the start of the next. */
  everyMs: number;
  /** How long a run may take before another instance may take it over (a crashed runner). */
  leaseMs?: number;
  run: (ctx: { db: Db; now: Date; log: JobLog }) => Promise<string | void>;
};

export type JobLog = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
