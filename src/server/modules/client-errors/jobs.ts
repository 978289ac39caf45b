import type { Db } from '../../db/client';
import { clientErrors } from '../../db/schema';
import { daysBefore, deleteOlderThan } from '../../lib/delete-older';
import type { ScheduledJob } from '../../lib/scheduled-job';

/**
 * Deletes error records (browser reports and the server's 5xx, kept under the reference code a
 * visitor was shown) older than the retention period: the console looks a code up within it.
 */
export async function deleteOldErrorRecords(db: Db, opts: { retentionDays: number; now?: Date }): Promise<number> {
  return deleteOlderThan(db, { table: clientErrors, id: clientErrors.id, createdAt: clientErrors.createdAt }, daysBefore(opts.now ?? new Date(), opts.retentionDays));
}

/** `error-records-retention`, every hour: deletes error records older than `retentionDays` (ERROR_RETENTION_DAYS). */
export function errorRecordsJobs(opts: { retentionDays: number }): ScheduledJob[] {
  return [{
    name: 'error-records-retention',
    everyMs: 3_600_000,
    run: async ({ db, now }) => `${await deleteOldErrorRecords(db, { retentionDays: opts.retentionDays, now })} error records deleted`,
  }];
}
