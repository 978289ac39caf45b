import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema';
import { LOCKOUT_ATTEMPTS, LOCKOUT_MINUTES } from '#shared/constants/member';
import { normaliseEmail } from '#shared/rules/email';
import { normalisePartnerNumber } from '#shared/rules/partner-number';

/**
 * Sign-in lockout (§8, §9; issue 25). Failures are counted twice:
 * - per account (a typed identifier, an e-mail or a partner number, whether or not an account has
 *   it, so the answers never tell which e-mails are registered): the LOCKOUT_ATTEMPTS-th failure
 *   within LOCKOUT_MINUTES locks password sign-in to it for LOCKOUT_MINUTES. The owner still has a
 *   way in a guesser does not: a one-time sign-in link sent to the account's e-mail;
 * - per client, across accounts: its device (a cookie) and its address. A client that keeps
 *   failing is slowed (each attempt waits longer) and then stopped, whichever accounts it tries,
 *   so guessing and password spraying stay limited per client.
 * Every count is a row of login_failures, written on each attempt (row-locked): exact across app
 * instances on PostgreSQL (decision 0002).
 */
export const LOCKOUT_WINDOW_MS = LOCKOUT_MINUTES * 60_000;
export const LOCKOUT_MESSAGE = `Your account is locked for ${LOCKOUT_MINUTES} minutes after too many unsuccessful sign-in attempts. We can e-mail you a one-time sign-in link that works now, or you can reset your password.`;

export type FailureState = { failures: number; firstFailureAt: Date; lockedUntil: Date | null };

/**
 * How a client is slowed and stopped: the first `freeFailures` failures cost nothing; each later
 * one makes the next attempt wait twice as long (1 s, 2 s, 4 s … up to maxDelayMs); the
 * `maxFailures`-th within the window stops the client for blockMs.
 */
export type ClientRule = { freeFailures: number; maxFailures: number; windowMs: number; maxDelayMs: number; blockMs: number };

/** One browser (its device cookie): a person mistyping needs a handful of tries (as many as lock an account). */
export const DEVICE_RULE: ClientRule = { freeFailures: LOCKOUT_ATTEMPTS, maxFailures: 15, windowMs: LOCKOUT_WINDOW_MS, maxDelayMs: 60_000, blockMs: LOCKOUT_WINDOW_MS };
/** One address: a household or an office shares it, and a guesser can drop cookies. */
export const ADDRESS_RULE: ClientRule = { freeFailures: 20, maxFailures: 60, windowMs: LOCKOUT_WINDOW_MS, maxDelayMs: 60_000, blockMs: LOCKOUT_WINDOW_MS };

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

/** How long until the state lets the next attempt through (0: now). */
export function waitMs(state: FailureState | null | undefined, now: Date): number {
  return state?.lockedUntil ? Math.max(0, state.lockedUntil.getTime() - now.getTime()) : 0;
}

/**
 * An account's state after one more failure: a new count once the window has passed or an
 * earlier lock has ended; the LOCKOUT_ATTEMPTS-th failure within the window locks for
 * LOCKOUT_MINUTES. That failure is still answered as a wrong password: only later attempts are
 * told the account is locked.
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

/**
 * A client's state after one more failure (ClientRule): a new count once its window has passed
 * and no stop is in force; lockedUntil is when its next attempt may be made.
 */
export function afterClientFailure(state: FailureState | null | undefined, now: Date, rule: ClientRule): FailureState {
  const t = now.getTime();
  const fresh = !state || state.failures <= 0
    || (t - state.firstFailureAt.getTime() >= rule.windowMs && !isLocked(state, now));
  const failures = fresh ? 1 : state.failures + 1;
  const firstFailureAt = fresh ? now : state.firstFailureAt;
  if (failures >= rule.maxFailures) return { failures, firstFailureAt, lockedUntil: new Date(t + rule.blockMs) };
  if (failures <= rule.freeFailures) return { failures, firstFailureAt, lockedUntil: null };
  const delay = Math.min(rule.maxDelayMs, 1000 * 2 ** (failures - rule.freeFailures - 1));
  return { failures, firstFailureAt, lockedUntil: new Date(t + delay) };
}

/** The 429 of a slowed or stopped client, in seconds or minutes as a person reads them. */
export function clientWaitMessage(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  const wait = seconds < 120 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many unsuccessful sign-in attempts from this device. Please wait ${wait} and try again.`;
}

/** A sign-in client: its device cookie (when it sent one) and its address. */
export type SignInClient = { device?: string; address: string };

/** The client rows of a client, with their rules. */
function clientKeys(client: SignInClient): Array<{ key: string; rule: ClientRule }> {
  return [
    ...(client.device ? [{ key: `device:${client.device}`, rule: DEVICE_RULE }] : []),
    { key: `address:${client.address}`, rule: ADDRESS_RULE },
  ];
}

const ACCOUNT = '';
const ANY_ACCOUNT = '';

const key = (partnerId: number, identifier: string, client = ACCOUNT) =>
  and(eq(loginFailures.partnerId, partnerId), eq(loginFailures.identifier, identifier), eq(loginFailures.client, client));

async function readState(db: Db, partnerId: number, identifier: string, client: string): Promise<FailureState | null> {
  const [row] = await db.select().from(loginFailures).where(key(partnerId, identifier, client));
  return row ?? null;
}

/** Counts one failure on one row (row-locked, so parallel attempts on several instances all count). */
async function countFailure(db: Db, opts: { partnerId: number; identifier: string; client: string; now: Date; next: (s: FailureState | undefined) => FailureState }): Promise<{ before: FailureState | undefined; after: FailureState }> {
  const { partnerId, identifier, client, now } = opts;
  return db.transaction(async (tx) => {
    await tx.insert(loginFailures).values({ partnerId, identifier, client, failures: 0, firstFailureAt: now, lockedUntil: null }).onConflictDoNothing();
    const [row] = await tx.select().from(loginFailures).where(key(partnerId, identifier, client)).for('update');
    const after = opts.next(row);
    await tx.update(loginFailures).set(after).where(key(partnerId, identifier, client));
    return { before: row && row.failures > 0 ? row : undefined, after };
  });
}

export async function lockoutState(db: Db, partnerId: number, identifier: string): Promise<FailureState | null> {
  return readState(db, partnerId, normaliseIdentifier(identifier), ACCOUNT);
}

/** Counts one failed sign-in for the account. */
export async function recordFailure(db: Db, partnerId: number, identifier: string, now = new Date()): Promise<FailureState> {
  return (await recordAccountFailure(db, { partnerId, identifier, now })).state;
}

/** Counts one failed sign-in for the account; lockedNow: this failure started the lock (the owner is told). */
export async function recordAccountFailure(db: Db, opts: { partnerId: number; identifier: string; now: Date }): Promise<{ state: FailureState; lockedNow: boolean }> {
  const { before, after } = await countFailure(db, {
    partnerId: opts.partnerId, identifier: normaliseIdentifier(opts.identifier), client: ACCOUNT, now: opts.now,
    next: (s) => afterFailure(s, opts.now),
  });
  return { state: after, lockedNow: isLocked(after, opts.now) && !isLocked(before, opts.now) };
}

/** How long the client must wait before its next sign-in attempt (0: it may try now). */
export async function clientWaitMs(db: Db, partnerId: number, client: SignInClient, now = new Date()): Promise<number> {
  let wait = 0;
  for (const { key: c } of clientKeys(client)) wait = Math.max(wait, waitMs(await readState(db, partnerId, ANY_ACCOUNT, c), now));
  return wait;
}

/** Counts one failed sign-in for the client (its device and its address), whichever account it tried. */
export async function recordClientFailure(db: Db, partnerId: number, client: SignInClient, now = new Date()): Promise<void> {
  for (const { key: c, rule } of clientKeys(client)) {
    await countFailure(db, { partnerId, identifier: ANY_ACCOUNT, client: c, now, next: (s) => afterClientFailure(s, now, rule) });
  }
}

/**
 * Forgets the failures and any lock of an account: a successful password sign-in, or recovery
 * (which unlocks). A client's count is never forgiven by a success: a sprayer who knows one
 * password would otherwise reset it.
 */
export async function clearLockout(db: Db, partnerId: number, identifier: string): Promise<void> {
  await db.delete(loginFailures).where(key(partnerId, normaliseIdentifier(identifier), ACCOUNT));
}

/** Recovery unlocks every way the member signs in: the e-mail and the partner number. */
export async function clearMemberLockouts(db: Db, partnerId: number, member: { email: string; partnerNumber: string | null }): Promise<void> {
  await clearLockout(db, partnerId, member.email);
  if (member.partnerNumber) await clearLockout(db, partnerId, member.partnerNumber);
}

/** Deletes rows that no longer count: the window has passed and no lock or wait is in force. */
export async function sweepLockouts(db: Db, now = new Date()): Promise<void> {
  await db.delete(loginFailures).where(and(
    lt(loginFailures.firstFailureAt, new Date(now.getTime() - LOCKOUT_WINDOW_MS)),
    or(isNull(loginFailures.lockedUntil), lt(loginFailures.lockedUntil, now)),
  ));
}
