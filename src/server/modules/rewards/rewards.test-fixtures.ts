import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { balanceEntries, dines, memberCards, memberRewards, members, redemptions, type MemberRow } from '../../db/schema';

/**
 * Rows as the engine writes them, for tests of what is read from them (the engine itself is tested
 * through the webhook). Not for demo data: that goes through signed events (demo/history.ts).
 */
export async function memberByPublicId(db: Db, publicId: string): Promise<MemberRow> {
  const [row] = await db.select().from(members).where(eq(members.publicId, publicId));
  if (!row) throw new Error(`no member ${publicId}`);
  return row;
}

let txn = 0;

export type DineFixture = {
  merchantId?: number;
  /** Merchant-local date-time with offset. */
  local?: string;
  authCents?: number | null;
  clearedCents?: number | null;
  status: string;
  reason?: string | null;
  reward?: number;
  paidAt?: Date | null;
  cardId?: number | null;
  cardLastFour?: string;
  /** The reward row's created time (defaults to now). */
  createdAt?: Date;
};

/** A dine and its S reward row with the same status. */
export async function insertDine(db: Db, member: MemberRow, f: DineFixture) {
  const local = f.local ?? '2026-11-20T19:45:00-05:00';
  const [date, time] = local.split('T') as [string, string];
  const [h, m] = time.split(':').map(Number) as [number, number];
  const [card] = await db.select().from(memberCards).where(eq(memberCards.memberId, member.id)).limit(1);
  const [dine] = await db.insert(dines).values({
    partnerId: member.partnerId, memberId: member.id, cardId: f.cardId === undefined ? card?.id ?? null : f.cardId,
    cardLastFour: f.cardLastFour ?? card?.lastFour ?? '1111', merchantId: f.merchantId ?? 1, locationId: `loc-${f.merchantId ?? 1}`,
    transactionId: `fx-${process.pid}-${++txn}`, authAmountCents: f.authCents === undefined ? 4000 : f.authCents,
    clearedAmountCents: f.clearedCents === undefined ? 4600 : f.clearedCents, localDate: date, localMinutes: h * 60 + m,
    occurredAt: new Date(local), status: f.status, reason: f.reason ?? null, qualified: f.status === 'Awarded' || f.status === 'Paid',
    reward: f.reward ?? 0,
  }).returning();
  const [reward] = await db.insert(memberRewards).values({
    partnerId: member.partnerId, memberId: member.id, dineId: dine!.id, sourceCode: 'S', amount: f.reward ?? 0, status: f.status,
    reason: f.reason ?? null, paidAt: f.paidAt ?? null, ...(f.createdAt ? { createdAt: f.createdAt } : {}),
  }).returning();
  return { dine: dine!, reward: reward! };
}

/** A reward row without a dine (bonus, manual) or an adjustment of a dine. */
export async function insertReward(db: Db, member: MemberRow, r: { sourceCode: string; amount: number; status: string; dineId?: number; createdAt?: Date }) {
  const [row] = await db.insert(memberRewards).values({
    partnerId: member.partnerId, memberId: member.id, dineId: r.dineId ?? null, sourceCode: r.sourceCode, amount: r.amount, status: r.status,
    ...(r.createdAt ? { createdAt: r.createdAt } : {}),
  }).returning();
  return row!;
}

/**
 * Redemptions as the redemptions module writes them: each with its `redeemed` ledger entry, and a
 * `returned` one when rejected or failed (tests of what is read from them).
 */
export async function insertRedemptions(db: Db, member: MemberRow, rows: Array<Omit<typeof redemptions.$inferInsert, 'partnerId' | 'memberId'>>) {
  const made = await db.insert(redemptions).values(rows.map((r) => ({ ...r, partnerId: member.partnerId, memberId: member.id }))).returning();
  const owner = { partnerId: member.partnerId, memberId: member.id };
  await db.insert(balanceEntries).values(made.flatMap((r) => [
    { ...owner, amountCents: -r.amountCents, kind: 'redeemed' as const, redemptionId: r.id },
    ...(r.status === 'rejected' || r.status === 'error' ? [{ ...owner, amountCents: r.amountCents, kind: 'returned' as const, redemptionId: r.id }] : []),
  ]));
  return made;
}
