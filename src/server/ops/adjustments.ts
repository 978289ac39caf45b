import { and, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { auditLog, memberRewards, members, partners, rewardAdjustments, staff, type MemberRow, type PartnerRow, type RewardAdjustmentRow, type StaffRow } from '../db/schema';
import { AppError } from '../lib/app-error';
import { addToYearRewards } from '../modules/bonuses';
import { decisionCheck, EXPIRED, notWaiting, OWN_REQUEST } from './approvals';
import { approvalExpiry, memberDescription, needsApproval, type AdjustmentReason } from '#shared/rules/adjustments';
import { inScope, type PartnerScope } from '#shared/rules/ops-permissions';
import { progressYear } from '#shared/rules/rewards/local-time';
import { rewardText } from '#shared/rules/notifications';
import type { AdjustmentStatus, OpsAdjustment, OpsAdjustmentRequest } from '#shared/schemas/ops-adjustments';

/**
 * Reward adjustments (issue 27 item 3, rules/adjustments.ts): a request within the requester's
 * limit posts at once; above it, it waits up to 72 hours for a second person, never the
 * requester. Posting writes one member_rewards row (its source code and amount, Awarded), so the
 * member's history and year totals, the payouts (statement credits, the partner ledger) and the
 * reports follow as for any reward. Nothing is edited or deleted: a counter-adjustment reverses.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const KEY_REUSED = 'This request key was already used for a different adjustment: reload the page and try again.';
export const NOT_WAITING = notWaiting('adjustment');
export { EXPIRED, OWN_REQUEST };
export const NOT_REVERSIBLE = 'Only a posted adjustment of this member that has not been reversed yet can be reversed.';
export const REVERSE_AMOUNT = 'A counter-adjustment takes back exactly what the adjustment posted: its amount must be the opposite.';

/** Posts an adjustment's reward (inside the caller's transaction) and returns the reward's id. */
async function postReward(tx: Tx, a: RewardAdjustmentRow, member: Pick<MemberRow, 'state'>, now: Date): Promise<number> {
  const [reward] = await tx.insert(memberRewards).values({
    partnerId: a.partnerId, memberId: a.memberId, dineId: null, sourceCode: a.sourceCode, amount: a.amount, status: 'Awarded',
    description: memberDescription(a.reasonCode as AdjustmentReason),
  }).returning({ id: memberRewards.id });
  await addToYearRewards(tx, { memberId: a.memberId, partnerId: a.partnerId, year: progressYear(now, member.state), amount: a.amount });
  return reward!.id;
}

/** Whether a replayed request (same key) asks for the same thing. */
const sameRequest = (row: RewardAdjustmentRow, memberId: number, input: OpsAdjustmentRequest) =>
  row.memberId === memberId && row.amount === input.amount && row.sourceCode === input.sourceCode && row.reasonCode === input.reasonCode && (row.reverses ?? undefined) === input.reverses;

/**
 * A staff member's request: posted at once within their limit, else waiting for approval. The
 * same idempotency key again answers the first request and posts nothing (`created` false).
 */
export async function requestAdjustment(db: Db, opts: { by: StaffRow; partner: PartnerRow; member: MemberRow; input: OpsAdjustmentRequest; now?: Date }): Promise<{ id: number; created: boolean }> {
  const { by, partner, member, input } = opts;
  if (member.partnerId !== partner.id) throw AppError.notFound('There is no such member among this partner\'s members.');
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const replay = async () => {
      const [row] = await tx.select().from(rewardAdjustments).where(and(eq(rewardAdjustments.requestedBy, by.id), eq(rewardAdjustments.idempotencyKey, input.idempotencyKey)));
      if (!row) return undefined;
      if (!sameRequest(row, member.id, input)) throw new AppError(409, KEY_REUSED);
      return { id: row.id, created: false };
    };
    const earlier = await replay();
    if (earlier) return earlier;
    if (input.reverses !== undefined) {
      const [original] = await tx.select().from(rewardAdjustments).where(eq(rewardAdjustments.id, input.reverses)).for('update');
      const [reversed] = original ? await tx.select({ id: rewardAdjustments.id }).from(rewardAdjustments)
        .where(and(eq(rewardAdjustments.reverses, original.id), inArray(rewardAdjustments.status, ['Posted', 'PendingApproval']))) : [];
      if (!original || original.memberId !== member.id || original.status !== 'Posted' || reversed) throw new AppError(409, NOT_REVERSIBLE);
      if (input.amount !== -original.amount) throw AppError.badRequest(REVERSE_AMOUNT, [{ field: 'amount', message: REVERSE_AMOUNT }]);
    }
    const waits = needsApproval(by.role, partner, input.amount);
    const [row] = await tx.insert(rewardAdjustments).values({
      partnerId: partner.id, memberId: member.id, sourceCode: input.sourceCode, amount: input.amount, reasonCode: input.reasonCode, note: input.note,
      reverses: input.reverses ?? null, idempotencyKey: input.idempotencyKey, requestedBy: by.id, requestedAt: now,
      status: waits ? 'PendingApproval' : 'Posted', expiresAt: waits ? approvalExpiry(now) : null,
    }).onConflictDoNothing().returning();
    if (!row) {
      // The same key arrived twice at once (a double click): the other request has it.
      const other = await replay();
      if (other) return other;
      throw new AppError(409, KEY_REUSED);
    }
    if (!waits) await tx.update(rewardAdjustments).set({ rewardId: await postReward(tx, row, member, now) }).where(eq(rewardAdjustments.id, row.id));
    return { id: row.id, created: true };
  });
}

export type Decision = { decision: 'approve' | 'reject'; note?: string };

/**
 * A second person's decision on a waiting request: approve posts it, reject closes it. Refused
 * for the requester, for a request no longer waiting, and for one past its 72 hours (marked
 * Expired then). Answers the adjustment's partner and member for the audit.
 */
export async function decideAdjustment(db: Db, opts: { by: StaffRow; scope: PartnerScope; adjustmentId: number; decision: Decision; now?: Date }): Promise<RewardAdjustmentRow> {
  const now = opts.now ?? new Date();
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(rewardAdjustments).where(eq(rewardAdjustments.id, opts.adjustmentId)).for('update');
    if (!row || !inScope(opts.scope, row.partnerId)) throw AppError.notFound('There is no adjustment with this id among your partners.');
    if (decisionCheck(row, opts.by, now, 'adjustment') === 'expired') {
      await tx.update(rewardAdjustments).set({ status: 'Expired', decidedAt: now }).where(eq(rewardAdjustments.id, row.id));
      return 'expired' as const;
    }
    const decided = { decidedBy: opts.by.id, decidedAt: now, decisionNote: opts.decision.note?.trim() || null };
    if (opts.decision.decision === 'reject') {
      const [after] = await tx.update(rewardAdjustments).set({ ...decided, status: 'Rejected' }).where(eq(rewardAdjustments.id, row.id)).returning();
      return after!;
    }
    const [member] = await tx.select({ state: members.state }).from(members).where(eq(members.id, row.memberId));
    const rewardId = await postReward(tx, row, member!, now);
    const [after] = await tx.update(rewardAdjustments).set({ ...decided, status: 'Posted', rewardId }).where(eq(rewardAdjustments.id, row.id)).returning();
    return after!;
  });
  if (outcome === 'expired') throw new AppError(409, EXPIRED);
  return outcome;
}

/** Marks Expired the requests that waited past their 72 hours (the staff sweep), each in the audit log. */
export async function expireAdjustments(db: Db, now: Date): Promise<number> {
  const expired = await db.update(rewardAdjustments).set({ status: 'Expired', decidedAt: now })
    .where(and(eq(rewardAdjustments.status, 'PendingApproval'), lte(rewardAdjustments.expiresAt, now))).returning();
  if (expired.length > 0) {
    await db.insert(auditLog).values(expired.map((a) => ({
      action: 'adjustment.expired', partnerId: a.partnerId, memberId: a.memberId, target: `adjustment:${a.id}`, before: { status: 'PendingApproval' }, after: { status: 'Expired' },
    })));
  }
  return expired.length;
}

const requester = alias(staff, 'requester');
const decider = alias(staff, 'decider');

/** Adjustments as the console shows them, newest first. */
export async function listAdjustments(db: Db, where: { scope: PartnerScope; memberId?: number; partnerId?: number; status?: AdjustmentStatus; ids?: number[]; limit?: number }): Promise<OpsAdjustment[]> {
  const conditions: SQL[] = [];
  if (!where.scope.allPartners) conditions.push(inArray(rewardAdjustments.partnerId, where.scope.partnerIds.length ? [...where.scope.partnerIds] : [-1]));
  if (where.memberId !== undefined) conditions.push(eq(rewardAdjustments.memberId, where.memberId));
  if (where.partnerId !== undefined) conditions.push(eq(rewardAdjustments.partnerId, where.partnerId));
  if (where.status !== undefined) conditions.push(eq(rewardAdjustments.status, where.status));
  if (where.ids !== undefined) conditions.push(inArray(rewardAdjustments.id, where.ids.length ? where.ids : [-1]));
  const rows = await db.select({
    a: rewardAdjustments, partner: partners, firstName: members.firstName, lastName: members.lastName,
    requesterName: requester.name, deciderName: decider.name,
    // A counter-adjustment posted or waiting (a rejected or expired one leaves the adjustment reversible).
    reversed: sql<boolean>`exists (select 1 from reward_adjustments r where r.reverses = ${rewardAdjustments.id} and r.status in ('Posted', 'PendingApproval'))`,
  }).from(rewardAdjustments)
    .innerJoin(partners, eq(partners.id, rewardAdjustments.partnerId))
    .innerJoin(members, eq(members.id, rewardAdjustments.memberId))
    .innerJoin(requester, eq(requester.id, rewardAdjustments.requestedBy))
    .leftJoin(decider, eq(decider.id, rewardAdjustments.decidedBy))
    .where(conditions.length ? and(...conditions) : sql`true`)
    .orderBy(desc(rewardAdjustments.id)).limit(where.limit ?? 200);
  return rows.map(({ a, partner, firstName, lastName, requesterName, deciderName, reversed }) => ({
    id: a.id, partnerCode: partner.code, memberId: a.memberId, memberName: `${firstName} ${lastName}`.trim(),
    sourceCode: a.sourceCode as OpsAdjustment['sourceCode'], amount: a.amount, amountText: rewardText(a.amount, partner),
    reasonCode: a.reasonCode as AdjustmentReason, note: a.note, reverses: a.reverses, reversible: a.status === 'Posted' && !reversed && a.reverses === null,
    status: a.status as AdjustmentStatus, requestedBy: { id: a.requestedBy, name: requesterName }, requestedAt: a.requestedAt.toISOString(),
    expiresAt: a.status === 'PendingApproval' ? a.expiresAt?.toISOString() ?? null : null,
    decidedBy: a.decidedBy !== null && deciderName !== null ? { id: a.decidedBy, name: deciderName } : null,
    decidedAt: a.decidedAt?.toISOString() ?? null, decisionNote: a.decisionNote, rewardId: a.rewardId,
  }));
}

/** One adjustment as the console shows it. */
export async function adjustmentView(db: Db, scope: PartnerScope, id: number): Promise<OpsAdjustment> {
  const [view] = await listAdjustments(db, { scope, ids: [id], limit: 1 });
  if (!view) throw AppError.notFound('There is no adjustment with this id among your partners.');
  return view;
}
