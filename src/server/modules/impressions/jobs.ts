import { inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { impressions } from '../../db/schema';
import type { ScheduledJob } from '../../lib/scheduled-job';

const HOUR = 3_600_000;
const BATCH = 10_000;

/**
 * Deletes impressions older than the retention period, in batches so that no statement holds the
 * table (or, on the embedded database, the one connection) for long.
 */
export async function deleteOldImpressions(db: Db, opts: { retentionDays: number; now?: Date }): Promise<number> {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - opts.retentionDays * 24 * HOUR);
  let total = 0;
  for (;;) {
    const old = db.select({ id: impressions.id }).from(impressions).where(lt(impressions.createdAt, cutoff)).limit(BATCH);
    const deleted = await db.delete(impressions).where(inArray(impressions.id, old)).returning({ id: impressions.id });
    total += deleted.length;
    if (deleted.length < BATCH) return total;
  }
}

/** `impressions-retention`, every hour: deletes impressions older than `retentionDays` (IMPRESSIONS_RETENTION_DAYS). */
export function impressionsJobs(opts: { retentionDays: number }): ScheduledJob[] {
  return [{
    name: 'impressions-retention',
    everyMs: HOUR,
    run: async ({ db, now }) => `${await deleteOldImpressions(db, { retentionDays: opts.retentionDays, now })} impressions deleted`,
  }];
}
