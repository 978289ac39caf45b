import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema';
import { LOCKOUT_ATTEMPTS, LOCKOUT_MINUTES } from '#shared/constants/member';
import { normaliseEmail } from '#shared/rules/email';
import { normalisePartnerNumber } from '#shared/rules/partner-number';

/**
 * Sign-in lockout (§8, §9): failures are counted per typed identifier (an e-mail or a partner
 * number), whether or not an account has it, so the answers never tell which e-mails are
 * registered and one member's lockout never touches another member's sign-in.
 */
export const LOCKOUT_WINDOW_MS = LOCKOUT_MINUTES * 60_000;
export const LOCKOUT_MESSAGE = `Your account is locked for ${LOCKOUT_MINUTES} minutes after too many attempts. You can reset your password to unlock it now.`;

export type FailureState = { failures: number; firstFailureAt: Date; lockedUntil: Date | null };

export type SignInIdentifier = { kind: 'email' | 'partnerNumber'; value: string };

/** What the person typed as user name: an e-mail (lower case) or a partner number (upper case). */
export function parseIdentifier(username: string): SignInIdentifier | null {
  const v = username.trim();
  if (v.includes('@')) return { kind: 'email', value: normaliseEmail(v) };
  const pn = normalisePartnerNumber(v);
  return /^[A-Z0-9]{7}$/.test(pn) ? { kind: 'partnerNumber', value: pn } : null;
}

/** The lockout key of an identifier, however it was typed (e-mails lower case, partner numbers upper case). */
export function normaliseIdentifier(identifier: string): string {
  const v = identifier.trim();
  return v.includes('@') ? normaliseEmail(v) : normalisePartnerNumber(v);
}

export function isLocked(state: FailureState | null | undefined, now: Date): boolean {
  return Boolean(state?.lockedUntil && state.lockedUntil.getTime() > now.getTime());
}

/**
 * The state after one more failure: a new count once the window has passed or an earlier lock
 * has ended; the LOCKOUT_ATTEMPTS-th failure within the window locks for LOCKOUT_MINUTES.
 */
export function afterFailure(state: FailureState | null | undefined, now: Date): FailureState {
  const t = now.getTime();
  const fresh = !state || state.failures <= 0
    || (state.lockedUntil !== null && state.lockedUntil.getTime() <= t)
    || t - state.firstFailureAt.getTime() >= LOCKOUT_WINDOW_MS;
  if (fresh) return { failures: 1, firstFailureAt: now, lockedUntil: LOCKOUT_ATTEMPTS <= 1 ? new Date(t + LOCKOUT_WINDOW_MS) : null };
  const failures = state.failures + 1;
  return { failures, firstFailureAt: state.firstFailureAt, lockedUntil: failures >= LOCKOUT_ATTEMPTS ? new Date(t + LOCKOUT_WINDOW_MS) : state.lockedUntil };
}

const key = (partnerId: number, identifier: string) =>
  and(eq(loginFailures.partnerId, partnerId), eq(loginFailures.identifier, normaliseIdentifier(identifier)));

export async function lockoutState(db: Db, partnerId: number, identifier: string): Promise<FailureState | null> {
  const [row] = await db.select().from(loginFailures).where(key(partnerId, identifier));
  return row ?? null;
}

/** Counts one failed sign-in (row-locked, so parallel attempts on several instances all count). */
export async function recordFailure(db: Db, partnerId: number, identifier: string, now = new Date()): Promise<FailureState> {
  const id = normaliseIdentifier(identifier);
  return db.transaction(async (tx) => {
    await tx.insert(loginFailures).values({ partnerId, identifier: id, failures: 0, firstFailureAt: now, lockedUntil: null }).onConflictDoNothing();
    const [row] = await tx.select().from(loginFailures).where(key(partnerId, id)).for('update');
    const next = afterFailure(row, now);
    await tx.update(loginFailures).set(next).where(key(partnerId, id));
    return next;
  });
}

/** Forgets the failures and any lock of an identifier: a successful sign-in, or recovery (which unlocks). */
export async function clearLockout(db: Db, partnerId: number, identifier: string): Promise<void> {
  await db.delete(loginFailures).where(key(partnerId, identifier));
}

/** Recovery unlocks every way the member signs in: the e-mail and the partner number. */
export async function clearMemberLockouts(db: Db, partnerId: number, member: { email: string; partnerNumber: string | null }): Promise<void> {
  await clearLockout(db, partnerId, member.email);
  if (member.partnerNumber) await clearLockout(db, partnerId, member.partnerNumber);
}

/** Deletes rows that no longer count: the window has passed and no lock is in force. */
export async function sweepLockouts(db: Db, now = new Date()): Promise<void> {
  await db.delete(loginFailures).where(and(
    lt(loginFailures.firstFailureAt, new Date(now.getTime() - LOCKOUT_WINDOW_MS)),
    or(isNull(loginFailures.lockedUntil), lt(loginFailures.lockedUntil, now)),
  ));
}
