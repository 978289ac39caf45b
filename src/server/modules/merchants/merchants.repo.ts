import { sql } from 'drizzle-orm';
import { runPrepared, type Db, type PreparedStatement } from '../../db/client';
import { rowOf } from '../../db/raw-rows';
import { merchants, type MerchantRow } from '../../db/schema';
import { INDEX_COLUMNS, type IndexRow } from './merchant-index';

/**
 * One restaurant by id, for its page and GET /api/merchants/{id}: kept prepared on each PostgreSQL
 * connection (runPrepared), the row as one JSON value (the embedded database decodes its many
 * columns one by one several times slower: bench/page-assembly.ts).
 */
const MERCHANT_BY_ID: PreparedStatement = { name: 'merchant_by_id_v1', text: 'select to_jsonb(m) as merchant from merchants m where m.id = $1' };

export async function findMerchantById(db: Db, id: number): Promise<MerchantRow | undefined> {
  const [found] = await runPrepared<{ merchant: Record<string, unknown> }>(db, MERCHANT_BY_ID, [id]);
  return found ? rowOf(merchants, found.merchant) : undefined;
}

/** The columns the search index reads, for select(). */
const indexSelection = Object.fromEntries(INDEX_COLUMNS.map((c) => [c, merchants[c]])) as { [K in (typeof INDEX_COLUMNS)[number]]: (typeof merchants)[K] };

/**
 * Streams every merchant in id order, a page at a time, for the in-memory search index: only the
 * columns it reads (the detail page's hours, menus, events and texts stay in the database).
 */
export async function* allMerchants(db: Db, pageSize = 5000): AsyncGenerator<IndexRow[]> {
  let after = 0;
  for (;;) {
    const rows = await db.select(indexSelection).from(merchants).where(sql`${merchants.id} > ${after}`).orderBy(merchants.id).limit(pageSize);
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
export async function merchantsChangedSince(db: Db, version: number, limit: number): Promise<IndexRow[]> {
  // Always a range read on merchants_change_seq: without statistics (nothing analyses a freshly
  // seeded PGlite) the planner guesses a third of the table and scans it all, which on PGlite
  // holds the server's thread for seconds.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return tx.select(indexSelection).from(merchants).where(sql`${merchants.changeSeq} >= ${version}`)
      .orderBy(merchants.changeSeq).limit(limit);
  });
}
