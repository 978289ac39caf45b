import { and, count, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import { members, recoveryTokens, sessions, type MemberRow } from '../../db/schema';
import type { Executor } from '../enrollment';

/** How many other members of the partner share this e-mail. */
export async function countOthersWithEmail(db: Executor, opts: { partnerId: number; email: string; exceptId: number }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(members)
    .where(and(eq(members.partnerId, opts.partnerId), eq(members.email, opts.email.toLowerCase()), ne(members.id, opts.exceptId)));
  return Number(row?.n ?? 0);
}

/** The member's password and sign-in links since then (links to a new e-mail address go to another mailbox, and have their own limit). */
export async function countTokensSince(db: Executor, opts: { memberId: number; since: Date }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(recoveryTokens)
    .where(and(eq(recoveryTokens.memberId, opts.memberId), gt(recoveryTokens.createdAt, opts.since), inArray(recoveryTokens.purpose, ['reset', 'signIn'])));
  return Number(row?.n ?? 0);
}

export type TokenPurpose = 'reset' | 'signIn';

export async function insertToken(db: Executor, values: { id: string; partnerId: number; memberId: number; createdAt: Date; expiresAt: Date; purpose?: TokenPurpose }): Promise<void> {
  await db.insert(recoveryTokens).values(values);
}

/** The member of an unused, unexpired token of this partner (a password link unless `purpose` says otherwise). */
export async function findTokenMember(db: Executor, opts: { partnerId: number; tokenHash: string; now: Date; purpose?: TokenPurpose }): Promise<MemberRow | undefined> {
  const [row] = await db.select({ member: members }).from(recoveryTokens)
    .innerJoin(members, eq(members.id, recoveryTokens.memberId))
    .where(and(
      eq(recoveryTokens.id, opts.tokenHash), eq(recoveryTokens.partnerId, opts.partnerId), eq(members.partnerId, opts.partnerId),
      eq(recoveryTokens.purpose, opts.purpose ?? 'reset'), isNull(recoveryTokens.usedAt), gt(recoveryTokens.expiresAt, opts.now),
    ));
  return row?.member;
}

/** Marks the token used if it still can be; false when another request used it first or it expired. */
export async function useToken(tx: Executor, opts: { partnerId: number; tokenHash: string; now: Date; purpose?: TokenPurpose }): Promise<{ memberId: number } | undefined> {
  const [row] = await tx.update(recoveryTokens).set({ usedAt: opts.now })
    .where(and(
      eq(recoveryTokens.id, opts.tokenHash), eq(recoveryTokens.partnerId, opts.partnerId), eq(recoveryTokens.purpose, opts.purpose ?? 'reset'),
      isNull(recoveryTokens.usedAt), gt(recoveryTokens.expiresAt, opts.now),
    ))
    .returning({ memberId: recoveryTokens.memberId });
  return row;
}

/**
 * Every other open link of the member (of one purpose, or all) stops working once one has been
 * used. All of them after a password reset: a pending change of e-mail address too (the notice to
 * the old address says so).
 */
export async function invalidateMemberTokens(tx: Executor, opts: { memberId: number; now: Date; purpose?: TokenPurpose }): Promise<void> {
  await tx.update(recoveryTokens).set({ usedAt: opts.now })
    .where(and(
      eq(recoveryTokens.memberId, opts.memberId), isNull(recoveryTokens.usedAt),
      opts.purpose ? eq(recoveryTokens.purpose, opts.purpose) : undefined,
    ));
}

export async function setPasswordHash(tx: Executor, opts: { memberId: number; passwordHash: string }): Promise<void> {
  await tx.update(members).set({ passwordHash: opts.passwordHash, updatedAt: new Date() }).where(eq(members.id, opts.memberId));
}

export async function setEmail(tx: Executor, opts: { memberId: number; email: string }): Promise<MemberRow> {
  const [row] = await tx.update(members).set({ email: opts.email.toLowerCase(), updatedAt: new Date() }).where(eq(members.id, opts.memberId)).returning();
  return row!;
}

/** Ends the member's sessions, except the one making the request (if it is the member's). */
export async function deleteMemberSessions(tx: Executor, opts: { memberId: number; keepSessionId?: string }): Promise<void> {
  await tx.delete(sessions).where(and(
    eq(sessions.memberId, opts.memberId),
    opts.keepSessionId ? ne(sessions.id, opts.keepSessionId) : undefined,
  ));
}
