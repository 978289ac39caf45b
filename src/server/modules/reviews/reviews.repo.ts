import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dines, memberRewards, merchantReviews, merchantReviewTotals, merchants, type MerchantRow } from '../../db/schema';
import { dineOf } from '../../db/history-joins';
import { REWARD_ROW_COLUMNS, type RewardRow } from '../rewards';

/** Every member-side function takes the partner and the member: one member's dines are nobody else's. */
export type Owner = { partnerId: number; memberId: number };

export type ReviewRow = typeof merchantReviews.$inferSelect;
export type TotalsRow = typeof merchantReviewTotals.$inferSelect;

/** A Reviews & History row that may be reviewed: the reward row as Transactions reads it, and its dine. */
export type ReviewTarget = { row: RewardRow; rewardId: number; dineId: number; merchantId: number };

const MANUAL_ID = /^M-(\d{1,15})$/;

function targetSelect(db: Db) {
  return db.select({ ...REWARD_ROW_COLUMNS, dine: { id: dines.id, ...REWARD_ROW_COLUMNS.dine } }).from(memberRewards)
    .innerJoin(dines, dineOf(memberRewards))
    .innerJoin(merchants, eq(merchants.id, dines.merchantId));
}

/**
 * The member's own row named by a Reviews & History id: a dine's settle row by the network's
 * transaction id, or a manual row ('M-<reward id>') that names a dine. Undefined for anyone
 * else's, and for rows without a dine.
 */
export async function findReviewTarget(db: Db, owner: Owner, txnId: string): Promise<ReviewTarget | undefined> {
  const mine = and(eq(memberRewards.partnerId, owner.partnerId), eq(memberRewards.memberId, owner.memberId), eq(dines.memberId, owner.memberId));
  const [settle] = await targetSelect(db).where(and(mine, eq(dines.transactionId, txnId), eq(memberRewards.sourceCode, 'S'))).limit(1);
  const manualId = MANUAL_ID.exec(txnId)?.[1];
  const [row] = settle ? [settle] : manualId
    ? await targetSelect(db).where(and(mine, eq(memberRewards.id, Number(manualId)), eq(memberRewards.sourceCode, 'M'))).limit(1)
    : [];
  if (!row) return undefined;
  const { dine, ...rest } = row;
  return { row: { ...rest, dine }, rewardId: row.id, dineId: dine.id, merchantId: row.merchant.id };
}

/** The review of a dine, if written. */
export async function reviewOfDine(db: Db, dineId: number): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(merchantReviews).where(eq(merchantReviews.dineId, dineId));
  return row;
}

/**
 * Of the ids asked about, those that name a dine of this member that has a review (by the row
 * reviewed, or by another row of the same dine: a dine is reviewed once).
 */
export async function reviewedAmong(db: Db, owner: Owner, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const manual = ids.map((id) => MANUAL_ID.exec(id)?.[1]).filter((v): v is string => v !== undefined).map(Number);
  const bySettle = db.select({ id: dines.transactionId, dineId: dines.id }).from(dines)
    .where(and(eq(dines.partnerId, owner.partnerId), eq(dines.memberId, owner.memberId), inArray(dines.transactionId, [...ids])));
  const [settle, manualRows] = await Promise.all([
    bySettle,
    manual.length === 0 ? Promise.resolve([]) : db.select({ rewardId: memberRewards.id, dineId: memberRewards.dineId }).from(memberRewards)
      .where(and(eq(memberRewards.partnerId, owner.partnerId), eq(memberRewards.memberId, owner.memberId), eq(memberRewards.sourceCode, 'M'), inArray(memberRewards.id, manual))),
  ]);
  const idByDine = new Map<number, string[]>();
  const add = (dineId: number | null, id: string) => {
    if (dineId === null) return;
    idByDine.set(dineId, [...(idByDine.get(dineId) ?? []), id]);
  };
  for (const r of settle) add(r.dineId, r.id);
  for (const r of manualRows) add(r.dineId, `M-${r.rewardId}`);
  if (idByDine.size === 0) return new Set();
  const reviewed = await db.select({ dineId: merchantReviews.dineId }).from(merchantReviews)
    .where(inArray(merchantReviews.dineId, [...idByDine.keys()]));
  return new Set(reviewed.flatMap((r) => idByDine.get(r.dineId!) ?? []));
}

export type NewReview = Omit<typeof merchantReviews.$inferInsert, 'id' | 'createdAt'> & { merchantId: number; dineId: number };

/** Blended figures of a restaurant written by insertReview. */
export type MerchantFigures = { id: number; overallRating: number; numberOfRatings: number; recommendPercent: number | null };

/**
 * Writes the review and the restaurant's figures in one transaction; undefined when the dine has
 * a review already (the unique index decides, so two at once cannot both land).
 */
export async function insertReview(db: Db, review: NewReview, blend: (totals: TotalsRow) => MerchantFigures): Promise<{ review: ReviewRow; figures: MerchantFigures } | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(merchantReviews).values(review)
      .onConflictDoNothing({ target: merchantReviews.dineId, where: sql`dine_id is not null` }).returning();
    if (!row) return undefined;
    const recommend = row.overall >= 4 ? 1 : 0;
    // The first verified review keeps the figures the restaurant had (seeded or imported) as its base.
    const result = await tx.execute<Record<string, unknown>>(sql`
      insert into merchant_review_totals as t (merchant_id, base_count, base_rating, base_recommend, review_count, overall_sum,
        food_sum, service_sum, ambience_sum, value_sum, recommend_count, updated_at)
      select m.id, m.rating_count, m.rating_overall,
        case when m.reviews_summary is null or jsonb_typeof(m.reviews_summary->'recommendPercent') <> 'number' then -1
          else round(m.rating_count * least(100, greatest(0, (m.reviews_summary->>'recommendPercent')::float8)) / 100)::int end,
        1, ${row.overall}, ${row.food}, ${row.service}, ${row.ambience}, ${row.value}, ${recommend}, now()
      from merchants m where m.id = ${row.merchantId}
      on conflict (merchant_id) do update set
        review_count = t.review_count + 1, overall_sum = t.overall_sum + excluded.overall_sum,
        food_sum = t.food_sum + excluded.food_sum, service_sum = t.service_sum + excluded.service_sum,
        ambience_sum = t.ambience_sum + excluded.ambience_sum, value_sum = t.value_sum + excluded.value_sum,
        recommend_count = t.recommend_count + excluded.recommend_count, updated_at = now()
      returning t.*`);
    const raw = (result as unknown as { rows: Array<Record<string, unknown>> }).rows[0]!;
    const totals: TotalsRow = {
      merchantId: Number(raw.merchant_id), baseCount: Number(raw.base_count), baseRating: Number(raw.base_rating),
      baseRecommend: Number(raw.base_recommend), reviewCount: Number(raw.review_count), overallSum: Number(raw.overall_sum),
      foodSum: Number(raw.food_sum), serviceSum: Number(raw.service_sum), ambienceSum: Number(raw.ambience_sum),
      valueSum: Number(raw.value_sum), recommendCount: Number(raw.recommend_count), updatedAt: new Date(String(raw.updated_at)),
    };
    const figures = blend(totals);
    // merchants.updated_at stays: a rating is not a catalogue change (the search index takes it incrementally).
    await tx.update(merchants).set({
      ratingOverall: figures.overallRating,
      ratingCount: figures.numberOfRatings,
      ...(figures.recommendPercent === null ? {} : {
        reviewsSummary: sql`case when ${merchants.reviewsSummary} is null
          then jsonb_build_object('highlights', '[]'::jsonb, 'reviews', '[]'::jsonb, 'recommendPercent', ${figures.recommendPercent}::int)
          else jsonb_set(${merchants.reviewsSummary}, '{recommendPercent}', to_jsonb(${figures.recommendPercent}::int)) end`,
      }),
    }).where(eq(merchants.id, row.merchantId));
    return { review: row, figures };
  });
}

export async function merchantExists(db: Db, merchantId: number): Promise<Pick<MerchantRow, 'id'> | undefined> {
  const [row] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId));
  return row;
}

export async function totalsOf(db: Db, merchantId: number): Promise<TotalsRow | undefined> {
  const [row] = await db.select().from(merchantReviewTotals).where(eq(merchantReviewTotals.merchantId, merchantId));
  return row;
}

/** A restaurant's reviews, newest first. */
export function merchantReviewRows(db: Db, merchantId: number, page: { offset: number; limit: number }) {
  return db.select().from(merchantReviews).where(eq(merchantReviews.merchantId, merchantId))
    .orderBy(desc(merchantReviews.createdAt), desc(merchantReviews.id)).limit(page.limit).offset(page.offset);
}

export async function countMerchantReviews(db: Db, merchantId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(merchantReviews).where(eq(merchantReviews.merchantId, merchantId));
  return row?.n ?? 0;
}
