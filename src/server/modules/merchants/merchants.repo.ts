import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchants, type MerchantRow } from '../../db/schema';

export async function findMerchantById(db: Db, id: number): Promise<MerchantRow | undefined> {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, id));
  return row;
}

/** Streams every merchant in id order, a page at a time, for the in-memory search index. */
export async function* allMerchants(db: Db, pageSize = 5000): AsyncGenerator<MerchantRow[]> {
  let after = 0;
  for (;;) {
    const rows = await db.select().from(merchants).where(sql`${merchants.id} > ${after}`).orderBy(merchants.id).limit(pageSize);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]!.id;
  }
}

/** What the merchant triggers NOTIFY on commit (migrations/0019). */
export const MERCHANT_INDEX_CHANNEL = 'merchant_index';

/**
 * Merchants written since the change marker was at `version` (their change_seq, set by the
 * trigger, is at or after it): one range read on merchants_change_seq, at most `limit` rows.
 */
export async function merchantsChangedSince(db: Db, version: number, limit: number): Promise<MerchantRow[]> {
  return db.select().from(merchants).where(sql`${merchants.changeSeq} >= ${version}`).limit(limit);
}
