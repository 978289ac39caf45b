import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { scheduledJobs } from '../db/schema';
import type { JobLog } from '../lib/scheduled-job';

/** A job log that keeps its lines, for tests of the scheduler and of each module's jobs. */
export function recordingJobLog() {
  const lines: Array<{ level: string; obj: object; msg: string }> = [];
  const log: JobLog = { info: (obj, msg) => lines.push({ level: 'info', obj, msg }), error: (obj, msg) => lines.push({ level: 'error', obj, msg }) };
  return { lines, log };
}

/** Makes a scheduled job due now (its next run a second ago). */
export const makeDue = (db: Db, name: string) => db.update(scheduledJobs).set({ nextRunAt: sql`now() - interval '1 second'` }).where(eq(scheduledJobs.name, name));
