import type { Db } from '../../db/client';
import { impressions } from '../../db/schema';
import { daysBefore, deleteOlderThan } from '../../lib/delete-older';
import type { ScheduledJob } from '../../lib/scheduled-job';

const HOUR = 3_600_000;

/** Deletes impressions older than the retention period (in batches: lib/delete-older.ts). */
export async function deleteOldImpressions(db: Db, opts: { retentionDays: number; now?: Date }): Promise<number> {
  return deleteOlderThan(db, { table: impressions, id: impressions.id, createdAt: impressions.createdAt }, daysBefore(opts.now ?? new Date(), opts.retentionDays));
}

/** `impressions-retention`, every hour: deletes impressions older than `retentionDays` (IMPRESSIONS_RETENTION_DAYS). */
export function impressionsJobs(opts: { retentionDays: number }): ScheduledJob[] {
  return [{
    name: 'impressions-retention',
    everyMs: HOUR,
    run: async ({ db, now }) => `${await deleteOldImpressions(db, { retentionDays: opts.retentionDays, now })} impressions deleted`,
  }];
}
