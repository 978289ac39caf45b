import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberRewards, redemptions, type RedemptionRow } from '../../db/schema';
import type { RedemptionStatus } from '#shared/constants/redemptions';
import { canMove, returnsMoney } from '#shared/rules/redemptions';
import { recordRedemptionMail } from '../notifications';
import { lockMember, writeReturned } from './ledger';

/**
 * The one way a redemption's status changes (docs/features/redemptions.md "States"): forward only
 * (rules/redemptions.ts canMove), under the member's lock, with the money and the member's e-mail
 * in the same transaction. A repeated or late answer (a webhook twice, a poll after a webhook, two
 * workers) finds the redemption already moved and changes nothing.
 */

export type Move = { to: RedemptionStatus; note?: string | null; providerOrderId?: string | null; now?: Date };

/**
 * Moves one redemption (found by its public id) if the move is allowed from where it is now.
 * Answers the row after the move, or null when nothing changed (unknown id, not allowed, or the
 * member is locked by another transaction and `skipLocked`).
 */
export async function moveRedemption(db: Db, creditId: string, move: Move): Promise<RedemptionRow | null> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ memberId: redemptions.memberId, partnerId: redemptions.partnerId }).from(redemptions).where(eq(redemptions.creditId, creditId));
    if (!found) return null;
    await lockMember(tx, found);
    const [row] = await tx.select().from(redemptions).where(eq(redemptions.creditId, creditId));
    if (!row || !canMove(row.status, move.to)) return null;
    return applyMove(tx, row, move);
  });
}

/** The move itself, in the caller's transaction, with the member already locked and the move checked. */
export async function applyMove(tx: Db, row: RedemptionRow, move: Move): Promise<RedemptionRow> {
  const now = move.now ?? new Date();
  const final = move.to === 'completed' || returnsMoney(move.to);
  const [moved] = await tx.update(redemptions).set({
    status: move.to,
    updatedAt: now,
    ...(move.note !== undefined ? { note: move.note } : {}),
    ...(move.providerOrderId ? { providerOrderId: move.providerOrderId } : {}),
    ...(move.to === 'pending_received' || (final && !row.receivedAt) ? { receivedAt: now } : {}),
    ...(final ? { finishedAt: now, lastError: null } : {}),
  }).where(and(eq(redemptions.id, row.id), inArray(redemptions.status, [row.status]))).returning();
  if (!moved) throw new Error(`Redemption ${row.creditId} changed while its member was locked.`);
  const owner = { partnerId: row.partnerId, memberId: row.memberId };
  if (returnsMoney(move.to)) {
    await writeReturned(tx, { ...owner, redemptionId: row.id, amountCents: row.amountCents });
    // An automatic statement credit paid these rewards: they are the balance's again.
    await tx.update(memberRewards).set({ status: 'Awarded', paidAt: null, payoutRef: null, updatedAt: now })
      .where(and(eq(memberRewards.memberId, row.memberId), eq(memberRewards.payoutRef, row.creditId), eq(memberRewards.status, 'Paid')));
    await recordRedemptionMail(tx, { ...owner, kind: 'redemptionFailed', redemptionId: row.id });
  }
  if (move.to === 'completed') {
    await tx.update(memberRewards).set({ paidAt: now, updatedAt: now })
      .where(and(eq(memberRewards.memberId, row.memberId), eq(memberRewards.payoutRef, row.creditId), eq(memberRewards.status, 'Paid')));
    if (row.delivery === 'Email') await recordRedemptionMail(tx, { ...owner, kind: 'redemptionDelivered', redemptionId: row.id });
  }
  return moved;
}
