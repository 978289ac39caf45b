import { and, asc, count, eq, inArray, isNotNull, isNull, lt, notInArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { members, partners, redemptions, type RedemptionRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { HOLD_REASONS, REDEMPTION_TERMS } from '#shared/constants/redemptions';
import { inScope, type PartnerScope } from '#shared/rules/ops-permissions';
import type { z } from 'zod';
import type { ZOpsRedemptionHold } from '#shared/schemas/redemptions';
import { lockMember } from './ledger';
import { applyMove } from './transitions';
import { RETURNED_STATUSES } from '#shared/rules/redemptions';

/**
 * The console's queue of redemptions held for the team (issue 27's console, issue 28 item 5): a
 * member's first redemption, one soon after joining, after an e-mail change or after linking the
 * payout card waits here until a supervisor releases it (then it is sent) or rejects it (the money
 * goes back, the member is told why).
 */

export const NO_SUCH_REDEMPTION = 'There is no such redemption among your partners.';
export const HOLD_QUEUE_LIMIT = 200;

const waiting = and(eq(redemptions.status, 'pending'), isNotNull(redemptions.holdReason), isNull(redemptions.releasedAt));

export async function listHolds(db: Db, opts: { scope: PartnerScope; partnerId?: number }): Promise<Array<z.infer<typeof ZOpsRedemptionHold>>> {
  const partnerIds = opts.partnerId !== undefined ? [opts.partnerId] : opts.scope.allPartners ? null : opts.scope.partnerIds;
  if (partnerIds && partnerIds.length === 0) return [];
  const rows = await db.select({ r: redemptions, code: partners.code, m: { firstName: members.firstName, lastName: members.lastName, email: members.email, joinDate: members.joinDate } })
    .from(redemptions).innerJoin(partners, eq(partners.id, redemptions.partnerId)).innerJoin(members, eq(members.id, redemptions.memberId))
    .where(and(waiting, partnerIds ? inArray(redemptions.partnerId, partnerIds) : undefined))
    .orderBy(asc(redemptions.createdAt), asc(redemptions.id)).limit(HOLD_QUEUE_LIMIT);
  // Each held one's earlier redemptions: made before it, and not given back.
  const ids = rows.map((x) => x.r.id);
  const earlier = alias(redemptions, 'earlier');
  const prior = ids.length === 0 ? [] : await db.select({ id: redemptions.id, n: count(earlier.id) }).from(redemptions)
    .leftJoin(earlier, and(eq(earlier.memberId, redemptions.memberId), lt(earlier.createdAt, redemptions.createdAt), notInArray(earlier.status, [...RETURNED_STATUSES])))
    .where(inArray(redemptions.id, ids)).groupBy(redemptions.id);
  const priorOf = new Map(prior.map((p) => [p.id, p.n]));
  return rows.map(({ r, code, m }) => ({
    redemptionId: r.creditId, partnerCode: code, memberId: r.memberId, memberName: `${m.firstName} ${m.lastName}`.trim(), memberEmail: m.email,
    joinDate: m.joinDate.toISOString(), label: REDEMPTION_TERMS[r.option].label, amountCents: r.amountCents, destination: r.targetLabel,
    hold: { reason: r.holdReason!, text: HOLD_REASONS[r.holdReason!] }, priorRedemptions: priorOf.get(r.id) ?? 0, createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * Releases a held redemption to be sent, or rejects it (money returned, the member e-mailed with
 * the note). 404 outside the staff member's partners; 409 when it no longer waits.
 */
export async function decideHold(db: Db, opts: { scope: PartnerScope; redemptionId: string; decision: 'release' | 'reject'; note: string; staffEmail: string; now?: Date }): Promise<{ before: RedemptionRow; after: RedemptionRow }> {
  const now = opts.now ?? new Date();
  const [found] = await db.select({ partnerId: redemptions.partnerId, memberId: redemptions.memberId }).from(redemptions).where(eq(redemptions.creditId, opts.redemptionId));
  if (!found || !inScope(opts.scope, found.partnerId)) throw AppError.notFound(NO_SUCH_REDEMPTION);
  return db.transaction(async (tx) => {
    await lockMember(tx, found);
    const [row] = await tx.select().from(redemptions).where(and(eq(redemptions.creditId, opts.redemptionId), eq(redemptions.partnerId, found.partnerId)));
    if (!row || row.status !== 'pending' || !row.holdReason || row.releasedAt) throw new AppError(409, 'This redemption is no longer waiting for a decision.');
    if (opts.decision === 'release') {
      const [after] = await tx.update(redemptions).set({ releasedAt: now, releasedBy: opts.staffEmail, nextAttemptAt: now, updatedAt: now }).where(eq(redemptions.id, row.id)).returning();
      return { before: row, after: after! };
    }
    await tx.update(redemptions).set({ releasedBy: opts.staffEmail }).where(eq(redemptions.id, row.id));
    const after = await applyMove(tx, { ...row, releasedBy: opts.staffEmail }, { to: 'rejected', note: `Our team did not send it: ${opts.note}`, now });
    return { before: row, after };
  });
}
