import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchantReviewTotals, merchants, type MerchantRow } from '../../db/schema';

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

/** Cheap fingerprint of the merchant table: changes whenever a row is added, removed or updated. */
export async function merchantsVersion(db: Db): Promise<string> {
  const result = await db.execute<{ n: number; t: string | null; m: number | null }>(
    sql`select count(*)::int as n, max(${merchants.updatedAt})::text as t, max(${merchants.id}) as m from ${merchants}`,
  );
  const row = (result as unknown as { rows: Array<{ n: number; t: string | null; m: number | null }> }).rows[0];
  return `${row?.n ?? 0}|${row?.t ?? ''}|${row?.m ?? 0}`;
}

/** When a restaurant's rating last changed through a verified review ('' before any). */
export async function ratingsVersion(db: Db): Promise<string> {
  const result = await db.execute<{ t: string | null }>(sql`select max(${merchantReviewTotals.updatedAt})::text as t from ${merchantReviewTotals}`);
  return (result as unknown as { rows: Array<{ t: string | null }> }).rows[0]?.t ?? '';
}

/**
 * Ratings of the restaurants whose figures a verified review changed after `since` (a
 * ratingsVersion), with a minute's overlap: a review committed just after the version was read
 * may carry an earlier time. Applying a rating twice changes nothing.
 */
export async function ratingsChangedSince(db: Db, since: string) {
  return db.select({ id: merchants.id, ratingOverall: merchants.ratingOverall, ratingCount: merchants.ratingCount })
    .from(merchantReviewTotals).innerJoin(merchants, eq(merchants.id, merchantReviewTotals.merchantId))
    .where(since ? sql`${merchantReviewTotals.updatedAt} > ${since}::timestamptz - interval '1 minute'` : sql`true`);
}
