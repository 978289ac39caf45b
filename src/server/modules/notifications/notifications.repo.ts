import { and, asc, eq, gte, inArray, isNotNull, lte, notExists, or, sql } from 'drizzle-orm';
import { EARNED_STATUSES } from '#shared/constants/rewards';
import type { Db } from '../../db/client';
import { dines, members, merchantReviews, merchants, notifications, partners, redemptions, type MemberRow, type PartnerRow, type RedemptionRow } from '../../db/schema';
import { isRedemptionMailKind, NOTIFY_WITHIN_DAYS } from '#shared/rules/notifications';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;

const DAY = 86_400_000;
const before = (now: Date, days: number) => new Date(now.getTime() - days * DAY);

/**
 * The kind a dine's status calls for, in SQL (dineMailKind of rules/notifications.ts, which the
 * service applies again to each row found): the anti-join below must name the same kind.
 */
const kindOfStatus = sql<string>`case when ${dines.status} = 'Pending' then 'dineSeen' when ${dines.status} = 'Forfeit' then 'dineNotEarned' else 'dineAwarded' end`;

/**
 * Dines whose state calls for a mail that has no notifications row yet, within each kind's window
 * (NOTIFY_WITHIN_DAYS), oldest first, with what decides whether it may go (the member and the
 * partner's setting).
 */
export function dinesAwaitingMail(db: Db, opts: { now: Date; limit: number }) {
  const { now } = opts;
  return db.select({
    id: dines.id, partnerId: dines.partnerId, memberId: dines.memberId, status: dines.status, authAmountCents: dines.authAmountCents,
    occurredAt: dines.occurredAt,
    member: { partnerId: members.partnerId, memberType: members.memberType, active: members.active, emailOptIn: members.emailOptIn, email: members.email },
    rewardMails: partners.rewardMails,
  }).from(dines)
    .innerJoin(members, eq(members.id, dines.memberId))
    .innerJoin(partners, eq(partners.id, dines.partnerId))
    .where(and(
      gte(dines.occurredAt, before(now, Math.max(...Object.values(NOTIFY_WITHIN_DAYS)))),
      or(
        and(eq(dines.status, 'Pending'), isNotNull(dines.authAmountCents), gte(dines.occurredAt, before(now, NOTIFY_WITHIN_DAYS.dineSeen))),
        and(inArray(dines.status, EARNED_STATUSES), gte(dines.occurredAt, before(now, NOTIFY_WITHIN_DAYS.dineAwarded))),
        and(eq(dines.status, 'Forfeit'), gte(dines.occurredAt, before(now, NOTIFY_WITHIN_DAYS.dineNotEarned))),
      ),
      notExists(db.select({ one: sql`1` }).from(notifications).where(and(eq(notifications.kind, kindOfStatus), eq(notifications.subjectId, dines.id), eq(notifications.memberId, dines.memberId)))),
    ))
    .orderBy(asc(dines.id))
    .limit(opts.limit);
}

/** Records mails owed (or skipped); a row already there for the same kind and subject wins. Answers the rows inserted. */
export async function insertNotifications(db: Db, rows: NewNotificationRow[]): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).onConflictDoNothing({ target: [notifications.kind, notifications.subjectId, notifications.memberId] }).returning();
}

/**
 * Claims pending rows that are due: 'sending', one attempt more. FOR UPDATE SKIP LOCKED and the
 * status check make each row go to one claimer only, however many run at once.
 */
export async function claimPending(db: Db, opts: { now: Date; limit: number; ids?: readonly number[] }): Promise<NotificationRow[]> {
  const due = db.select({ id: notifications.id }).from(notifications)
    .where(and(eq(notifications.status, 'pending'), lte(notifications.nextAttemptAt, opts.now), opts.ids ? inArray(notifications.id, [...opts.ids]) : undefined))
    .orderBy(asc(notifications.nextAttemptAt), asc(notifications.id))
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  const claimed = await db.update(notifications)
    .set({ status: 'sending', attempts: sql`${notifications.attempts} + 1`, nextAttemptAt: opts.now })
    .where(and(inArray(notifications.id, due), eq(notifications.status, 'pending')))
    .returning();
  // RETURNING follows the update's plan, not the ORDER BY above: a batch goes out in the order its
  // mails were made, so a member reads "we received your redemption" before what became of it.
  return claimed.sort((x, y) => x.id - y.id);
}

export async function markSent(db: Db, id: number, now: Date): Promise<void> {
  await db.update(notifications).set({ status: 'sent', sentAt: now, lastError: null }).where(and(eq(notifications.id, id), eq(notifications.status, 'sending')));
}

export async function markSkipped(db: Db, id: number, reason: string): Promise<void> {
  await db.update(notifications).set({ status: 'skipped', skipReason: reason }).where(and(eq(notifications.id, id), eq(notifications.status, 'sending')));
}

/** A send that failed: back to pending for a later run, or 'failed' after the last attempt. */
export async function markFailed(db: Db, id: number, opts: { error: string; retryAt: Date | null }): Promise<void> {
  await db.update(notifications)
    .set(opts.retryAt ? { status: 'pending', lastError: opts.error, nextAttemptAt: opts.retryAt } : { status: 'failed', lastError: opts.error })
    .where(and(eq(notifications.id, id), eq(notifications.status, 'sending')));
}

/** What the mails of claimed rows need, in one query per table. */
export async function loadContext(db: Db, rows: readonly NotificationRow[]) {
  const memberIds = [...new Set(rows.map((r) => r.memberId))];
  const partnerIds = [...new Set(rows.map((r) => r.partnerId))];
  const dineIds = [...new Set(rows.flatMap((r) => (r.dineId === null ? [] : [r.dineId])))];
  // A redemption mail's subject is the redemption (redemptions.id).
  const redemptionIds = [...new Set(rows.flatMap((r) => (isRedemptionMailKind(r.kind) ? [r.subjectId] : [])))];
  const [memberRows, partnerRows, dineRows, reviewedRows, redemptionRows] = await Promise.all([
    memberIds.length ? db.select().from(members).where(inArray(members.id, memberIds)) : Promise.resolve([] as MemberRow[]),
    partnerIds.length ? db.select().from(partners).where(inArray(partners.id, partnerIds)) : Promise.resolve([] as PartnerRow[]),
    dineIds.length
      ? db.select({ dine: dines, merchantName: merchants.name }).from(dines).innerJoin(merchants, eq(merchants.id, dines.merchantId)).where(inArray(dines.id, dineIds))
      : Promise.resolve([]),
    // Dines reviewed already: their 'awarded' mail does not invite a review.
    dineIds.length ? db.select({ dineId: merchantReviews.dineId }).from(merchantReviews).where(inArray(merchantReviews.dineId, dineIds)) : Promise.resolve([]),
    redemptionIds.length ? db.select().from(redemptions).where(inArray(redemptions.id, redemptionIds)) : Promise.resolve([] as RedemptionRow[]),
  ]);
  return {
    members: new Map(memberRows.map((m) => [m.id, m])),
    partners: new Map(partnerRows.map((p) => [p.id, p])),
    dines: new Map(dineRows.map((d) => [d.dine.id, d])),
    reviewed: new Set(reviewedRows.flatMap((r) => (r.dineId === null ? [] : [r.dineId]))),
    redemptions: new Map(redemptionRows.map((r) => [r.id, r])),
  };
}

/** Rows claimed before this and still 'sending': a process stopped between claiming and marking (docs/notifications.md). */
export async function countStuck(db: Db, opts: { before: Date }): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(notifications)
    .where(and(eq(notifications.status, 'sending'), lte(notifications.nextAttemptAt, opts.before)));
  return row?.n ?? 0;
}
