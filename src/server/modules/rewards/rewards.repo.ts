import { and, count, desc, eq, inArray, sql, sum } from 'drizzle-orm';
import { EARNED_STATUSES, ON_THE_WAY_STATUSES } from '#shared/constants/rewards';
import type { Db } from '../../db/client';
import { dines, memberRewards, merchants, redemptions } from '../../db/schema';
import { OPEN_STATUSES } from '#shared/rules/redemptions';

/** Every function takes the partner and the member: one member's rewards are nobody else's. */
type Owner = { partnerId: number; memberId: number };
type Page = { offset: number; limit: number };

const ownRewards = ({ partnerId, memberId }: Owner) => and(eq(memberRewards.partnerId, partnerId), eq(memberRewards.memberId, memberId));

/** A dine's reward row is dated by the dine; adjustments and bonuses by when they were made. */
const happenedAt = sql<Date>`case when ${memberRewards.sourceCode} = 'S' and ${dines.occurredAt} is not null then ${dines.occurredAt} else ${memberRewards.createdAt} end`;

/**
 * A Reviews & History row's columns: the reward, its dine and restaurant (reviews.repo.ts reads the
 * same row when it checks what may be reviewed).
 */
export const REWARD_ROW_COLUMNS = {
  id: memberRewards.id,
  sourceCode: memberRewards.sourceCode,
  amount: memberRewards.amount,
  status: memberRewards.status,
  reason: memberRewards.reason,
  createdAt: memberRewards.createdAt,
  paidAt: memberRewards.paidAt,
  dine: {
    transactionId: dines.transactionId,
    occurredAt: dines.occurredAt,
    localDate: dines.localDate,
    localMinutes: dines.localMinutes,
    authAmountCents: dines.authAmountCents,
    clearedAmountCents: dines.clearedAmountCents,
    // What the earning policy reads to say what the dine earned on (the basis).
    tipCents: dines.tipCents,
    refundedCents: dines.refundedCents,
    onlineOrder: dines.onlineOrder,
    subtotalCents: dines.subtotalCents,
    // The rate it earned at (the tier's times the restaurant's multiplier) and the tier: the row's rate × basis = its reward.
    rate: dines.rate,
    tierAtDine: dines.tierAtDine,
    cardLastFour: dines.cardLastFour,
    reason: dines.reason,
  },
  merchant: { id: merchants.id, name: merchants.name, participating: merchants.participating, participationEnd: merchants.participationEnd },
};

/**
 * A Reviews & History row: the reward row, when its purchase cleared (a Deferred reward's time to
 * activate runs from it), and the statement credit that pays it (cash-back partners), joined by
 * the credit id the payout job stores as the reward's payout_ref, within the same member.
 */
const HISTORY_ROW_COLUMNS = {
  ...REWARD_ROW_COLUMNS,
  dine: { ...REWARD_ROW_COLUMNS.dine, clearedAt: dines.clearedAt },
  credit: { creditId: redemptions.creditId, status: redemptions.status, targetLabel: redemptions.targetLabel },
};

/** One page of Reviews & History: reward rows with their dine, restaurant and statement credit, newest first. */
export function rewardRows(db: Db, owner: Owner, page: Page) {
  return db.select(HISTORY_ROW_COLUMNS).from(memberRewards)
    .leftJoin(dines, eq(dines.id, memberRewards.dineId))
    .leftJoin(merchants, eq(merchants.id, dines.merchantId))
    .leftJoin(redemptions, and(eq(redemptions.creditId, memberRewards.payoutRef), eq(redemptions.memberId, memberRewards.memberId), eq(redemptions.partnerId, memberRewards.partnerId)))
    .where(ownRewards(owner))
    .orderBy(desc(happenedAt), desc(memberRewards.id))
    .limit(page.limit).offset(page.offset);
}
export type HistoryRow = Awaited<ReturnType<typeof rewardRows>>[number];
/** A reward row as reviews.repo.ts reads it too (REWARD_ROW_COLUMNS): the history row without its credit and clearing. */
export type RewardRow = Omit<HistoryRow, 'credit' | 'dine'> & { dine: Omit<NonNullable<HistoryRow['dine']>, 'clearedAt'> | null };

export async function countRewards(db: Db, owner: Owner): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberRewards).where(ownRewards(owner));
  return row?.n ?? 0;
}

const ownRedemptions = ({ partnerId, memberId }: Owner) => and(eq(redemptions.partnerId, partnerId), eq(redemptions.memberId, memberId));
/** §3 credit records: the member's statement credits (automatic or chosen); gift cards are in their Redemptions list. */
const ownCredits = (owner: Owner) => and(ownRedemptions(owner), eq(redemptions.option, 'statementCredit'));

export function creditRows(db: Db, owner: Owner, page: Page) {
  return db.select().from(redemptions).where(ownCredits(owner))
    .orderBy(desc(redemptions.createdAt), desc(redemptions.id)).limit(page.limit).offset(page.offset);
}

export async function countCredits(db: Db, owner: Owner): Promise<number> {
  const [row] = await db.select({ n: count() }).from(redemptions).where(ownCredits(owner));
  return row?.n ?? 0;
}

/**
 * The calendar year a Reviews & History row belongs to: a dine's own row the restaurant-local date
 * of the dine, any other row the instant it was made, on the member's clock (`from` ≤ it < `to`,
 * the year's first instant there and the next year's). The same dating as the rows' dates
 * (rewards.service.ts transactionCreatedAt).
 */
export type YearBounds = { year: number; from: Date; to: Date };

/**
 * The member's rows of a year summed by what became of them, in the partner's unit: earned
 * (Awarded or Paid: paying out included, adjustments and taken-back bonuses negative) and on the
 * way (Pending, Deferred). Forfeit rows carry 0.
 */
export async function yearTotals(db: Db, owner: Owner, bounds: YearBounds): Promise<{ earned: number; onTheWay: number }> {
  const first = `${bounds.year}-01-01`;
  const next = `${bounds.year + 1}-01-01`;
  const inYear = sql`case when ${memberRewards.sourceCode} = 'S' and ${dines.id} is not null
    then ${dines.localDate} >= ${first} and ${dines.localDate} < ${next}
    else ${memberRewards.createdAt} >= ${bounds.from.toISOString()}::timestamptz and ${memberRewards.createdAt} < ${bounds.to.toISOString()}::timestamptz end`;
  const [row] = await db.select({
    earned: sql<number>`coalesce(sum(${memberRewards.amount}) filter (where ${memberRewards.status} in ${EARNED_STATUSES}), 0)`.mapWith(Number),
    onTheWay: sql<number>`coalesce(sum(${memberRewards.amount}) filter (where ${memberRewards.status} in ${ON_THE_WAY_STATUSES}), 0)`.mapWith(Number),
  }).from(memberRewards)
    .leftJoin(dines, eq(dines.id, memberRewards.dineId))
    .where(and(ownRewards(owner), inYear));
  return { earned: row?.earned ?? 0, onTheWay: row?.onTheWay ?? 0 };
}

/** Cash back in redemptions not finished yet (pending, pending_received: statement credits and gift cards), in cents. */
export async function pendingPayoutCents(db: Db, owner: Owner): Promise<number> {
  const [row] = await db.select({ cents: sum(redemptions.amountCents).mapWith(Number) }).from(redemptions)
    .where(and(ownRedemptions(owner), inArray(redemptions.status, [...OPEN_STATUSES])));
  return row?.cents ?? 0;
}

