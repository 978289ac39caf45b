import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, members, recoveryTokens, type MemberRow } from '../../db/schema';

/**
 * A pending change of e-mail address is a single-use link of recovery_tokens (purpose
 * 'emailChange', its SHA-256 only) holding the new address: the rows, hashing and expiry of
 * password and sign-in links (modules/recovery), with the address the link confirms.
 */

type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

/** Stores the link of a new change; any earlier one of the member stops working (one change at a time). */
export async function replacePendingChange(tx: Executor, values: { id: string; partnerId: number; memberId: number; newEmail: string; createdAt: Date; expiresAt: Date }): Promise<void> {
  await tx.update(recoveryTokens).set({ usedAt: values.createdAt })
    .where(and(eq(recoveryTokens.memberId, values.memberId), eq(recoveryTokens.purpose, 'emailChange'), isNull(recoveryTokens.usedAt)));
  await tx.insert(recoveryTokens).values({ ...values, purpose: 'emailChange' });
}

/** The address of the member's change waiting for its link (unused, unexpired), or null. */
export async function findPendingChange(db: Pick<Db, 'select'>, opts: { memberId: number; now: Date }): Promise<string | null> {
  const [row] = await db.select({ newEmail: recoveryTokens.newEmail }).from(recoveryTokens)
    .where(and(
      eq(recoveryTokens.memberId, opts.memberId), eq(recoveryTokens.purpose, 'emailChange'),
      isNull(recoveryTokens.usedAt), gt(recoveryTokens.expiresAt, opts.now),
    ))
    .orderBy(desc(recoveryTokens.createdAt)).limit(1);
  return row?.newEmail ?? null;
}

/** Uses the link up if it still can be (this partner's, unused, unexpired): whose it is and the address it confirms. */
export async function useChangeLink(tx: Executor, opts: { partnerId: number; tokenHash: string; now: Date }): Promise<{ memberId: number; newEmail: string } | undefined> {
  const [row] = await tx.update(recoveryTokens).set({ usedAt: opts.now })
    .where(and(
      eq(recoveryTokens.id, opts.tokenHash), eq(recoveryTokens.partnerId, opts.partnerId), eq(recoveryTokens.purpose, 'emailChange'),
      isNull(recoveryTokens.usedAt), gt(recoveryTokens.expiresAt, opts.now),
    ))
    .returning({ memberId: recoveryTokens.memberId, newEmail: recoveryTokens.newEmail });
  return row?.newEmail ? { memberId: row.memberId, newEmail: row.newEmail } : undefined;
}

/** The member row, locked until the transaction ends (the address is read and changed in one step). */
export async function lockMember(tx: Executor, opts: { partnerId: number; memberId: number }): Promise<MemberRow | undefined> {
  const [row] = await tx.select().from(members).where(and(eq(members.partnerId, opts.partnerId), eq(members.id, opts.memberId))).for('update');
  return row;
}

export async function setConfirmedEmail(tx: Executor, opts: { partnerId: number; memberId: number; email: string; now: Date }): Promise<MemberRow | undefined> {
  const [row] = await tx.update(members).set({ email: opts.email.toLowerCase(), emailChangedAt: opts.now, updatedAt: opts.now })
    .where(and(eq(members.partnerId, opts.partnerId), eq(members.id, opts.memberId))).returning();
  return row;
}

/**
 * The account's trail in the audit log the console reads (issue 27): the member's own action, so
 * no staff member, with the address before and after.
 */
export async function auditEmailChange(tx: Executor, opts: { partnerId: number; memberId: number; publicId: string; before: string; after: string; requestId: string; at: Date }): Promise<void> {
  await tx.insert(auditLog).values({
    at: opts.at, action: 'member.email.changed', partnerId: opts.partnerId, memberId: opts.memberId, target: `member:${opts.publicId}`,
    reason: 'Confirmed by the member with the link sent to the new address', before: { email: opts.before }, after: { email: opts.after }, requestId: opts.requestId,
  });
}
