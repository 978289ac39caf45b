import { and, count, desc, eq, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dines, memberRewards, merchants, statementCredits } from '../../db/schema';

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
    cardLastFour: dines.cardLastFour,
    reason: dines.reason,
  },
  merchant: { id: merchants.id, name: merchants.name, participating: merchants.participating, participationEnd: merchants.participationEnd },
};

/** One page of Reviews & History: reward rows with their dine and restaurant, newest first. */
export function rewardRows(db: Db, owner: Owner, page: Page) {
  return db.select(REWARD_ROW_COLUMNS).from(memberRewards)
    .leftJoin(dines, eq(dines.id, memberRewards.dineId))
    .leftJoin(merchants, eq(merchants.id, dines.merchantId))
    .where(ownRewards(owner))
    .orderBy(desc(happenedAt), desc(memberRewards.id))
    .limit(page.limit).offset(page.offset);
}
export type RewardRow = Awaited<ReturnType<typeof rewardRows>>[number];

export async function countRewards(db: Db, owner: Owner): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberRewards).where(ownRewards(owner));
  return row?.n ?? 0;
}

/**
 * A cash-back member's balance in cents: Awarded rewards not yet paid (adjustments that take back
 * are negative). The payout job keeps member_balances equal to it (payouts.ts).
 */
export async function awardedCents(db: Db, owner: Owner): Promise<number> {
  const [row] = await db.select({ cents: sum(memberRewards.amount).mapWith(Number) }).from(memberRewards)
    .where(and(ownRewards(owner), eq(memberRewards.status, 'Awarded')));
  return row?.cents ?? 0;
}

const ownCredits = ({ partnerId, memberId }: Owner) => and(eq(statementCredits.partnerId, partnerId), eq(statementCredits.memberId, memberId));

export function creditRows(db: Db, owner: Owner, page: Page) {
  return db.select().from(statementCredits).where(ownCredits(owner))
    .orderBy(desc(statementCredits.createdAt), desc(statementCredits.id)).limit(page.limit).offset(page.offset);
}

export async function countCredits(db: Db, owner: Owner): Promise<number> {
  const [row] = await db.select({ n: count() }).from(statementCredits).where(ownCredits(owner));
  return row?.n ?? 0;
}
