import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { balanceEntries, members } from '../../db/schema';

/**
 * The cash-back ledger (decision 0011, docs/features/redemptions.md "Ledger"). The balance is the
 * sum of a member's entries; nothing else holds it. Earnings enter by the database's own trigger
 * on member_rewards (migration 0040); redemptions write their `redeemed` and `returned` entries
 * here, each in the transaction that changes the redemption, and each at most once (a unique
 * index on redemption and kind).
 */

type Owner = { partnerId: number; memberId: number };

/** A member's balance in cents: Σ of their entries (may be below zero after a refund of a dine already paid out). */
export async function balanceCents(db: Db, owner: Owner): Promise<number> {
  const [row] = await db.select({ cents: sql<number>`coalesce(sum(${balanceEntries.amountCents}), 0)`.mapWith(Number) }).from(balanceEntries)
    .where(and(eq(balanceEntries.partnerId, owner.partnerId), eq(balanceEntries.memberId, owner.memberId)));
  return row?.cents ?? 0;
}

/** Balances of several members of any partners, in cents (absent: 0). */
export async function balancesOf(db: Db, memberIds: readonly number[]): Promise<Map<number, number>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db.select({ memberId: balanceEntries.memberId, cents: sql<number>`coalesce(sum(${balanceEntries.amountCents}), 0)`.mapWith(Number) })
    .from(balanceEntries).where(inArray(balanceEntries.memberId, [...memberIds])).groupBy(balanceEntries.memberId);
  return new Map(rows.map((r) => [r.memberId, r.cents]));
}

/**
 * Locks the member's row for the rest of the transaction (members first: the engine's and the
 * payouts' lock order), so two redemptions of one member, or a redemption and a payout, take
 * turns: the second reads the balance the first left. False when the member is not of the partner.
 */
export async function lockMember(tx: Db, owner: Owner): Promise<boolean> {
  const rows = await tx.select({ id: members.id }).from(members)
    .where(and(eq(members.id, owner.memberId), eq(members.partnerId, owner.partnerId))).for('update');
  return rows.length === 1;
}

/** Reserves a redemption's amount (`redeemed`, negative). Call with the member locked. */
export async function writeRedeemed(tx: Db, r: Owner & { redemptionId: number; amountCents: number }): Promise<void> {
  await tx.insert(balanceEntries).values({ partnerId: r.partnerId, memberId: r.memberId, amountCents: -r.amountCents, kind: 'redeemed', redemptionId: r.redemptionId });
}

/** Gives a rejected or failed redemption's amount back (`returned`); once per redemption, whatever repeats it. True when written now. */
export async function writeReturned(tx: Db, r: Owner & { redemptionId: number; amountCents: number }): Promise<boolean> {
  const rows = await tx.insert(balanceEntries).values({ partnerId: r.partnerId, memberId: r.memberId, amountCents: r.amountCents, kind: 'returned', redemptionId: r.redemptionId })
    .onConflictDoNothing().returning({ id: balanceEntries.id });
  return rows.length === 1;
}
