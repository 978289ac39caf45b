import { canSignInWithPassword } from '#shared/rules/partner-features';
import type { Db } from '../../db/client';
import type { MemberRow, PartnerRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { dummyHash, verifyPassword } from '../../lib/passwords';
import { findMembersByEmail, findMemberByPartnerNumber } from '../members';
import {
  clearLockout, clientWaitMessage, clientWaitMs, isLocked, LOCKOUT_MESSAGE, lockoutState, parseIdentifier, recordAccountFailure,
  recordClientFailure, type SignInClient, type SignInIdentifier,
} from '../lockout';

export const SIGN_IN_UNAVAILABLE = 'Sign-in with a password is not available on this site.';
export const INVALID_CREDENTIALS = 'Invalid user name or password.';
export const USERNAME_MESSAGE = 'Please enter a valid email address or partner number.';
export const FIX_CREDENTIALS_MESSAGE = 'This email is used by more than one account. Please choose a new email to continue.';

/** The typed user name as an identifier, or the 400 of §8. */
export function identifierOf(username: string): SignInIdentifier {
  const identifier = parseIdentifier(username);
  if (!identifier) throw AppError.badRequest(USERNAME_MESSAGE, [{ field: 'username', message: USERNAME_MESSAGE }]);
  return identifier;
}

/**
 * Direct sign-in (§8): an e-mail or a partner number and a password. Unknown and known user
 * names get the same answers, take the same time (a dummy hash is verified when there is no
 * account) and are locked the same way. Closed and inactive members may sign in: the client
 * shows them the re-enrolment page.
 *
 * Guessing (issue 25, lockout/lockout.ts): a client that keeps failing waits, then is stopped (429),
 * whatever accounts it tries; an account locks for password sign-in after LOCKOUT_ATTEMPTS
 * failures, the last of them still answered as a wrong password, and `onLocked` is told once so
 * the owner gets an e-mail (their way in is the one-time sign-in link).
 */
export async function signIn(db: Db, opts: {
  partner: PartnerRow; username: string; password: string; client: SignInClient; now?: Date;
  onLocked?: (identifier: SignInIdentifier) => void;
}): Promise<MemberRow> {
  const { partner, password, client } = opts;
  const now = opts.now ?? new Date();
  if (!canSignInWithPassword(partner)) throw AppError.notFound(SIGN_IN_UNAVAILABLE);
  const identifier = identifierOf(opts.username);

  const wait = await clientWaitMs(db, partner.id, client, now);
  if (wait > 0) throw new AppError(429, clientWaitMessage(wait), { retryAfterSeconds: Math.ceil(wait / 1000) });
  if (isLocked(await lockoutState(db, partner.id, identifier.value), now)) {
    throw new AppError(423, LOCKOUT_MESSAGE, { code: 'locked' });
  }

  const candidates = identifier.kind === 'email'
    ? await findMembersByEmail(db, partner.id, identifier.value)
    : [await findMemberByPartnerNumber(db, partner.id, identifier.value)].filter((m): m is MemberRow => m !== undefined);

  const matches: MemberRow[] = [];
  if (candidates.length === 0) {
    await verifyPassword(await dummyHash(), password);
  } else {
    for (const m of candidates) {
      // Accounts without a password (known visitors) cost the same time as those with one.
      const ok = await verifyPassword(m.passwordHash ?? await dummyHash(), password);
      if (ok && m.passwordHash) matches.push(m);
    }
  }

  if (matches.length === 0) {
    await recordClientFailure(db, partner.id, client, now);
    const { lockedNow } = await recordAccountFailure(db, { partnerId: partner.id, identifier: identifier.value, now });
    if (lockedNow) opts.onLocked?.(identifier);
    // Honest: this password was wrong, even when it was the one that locked the account.
    throw AppError.unauthorized(INVALID_CREDENTIALS);
  }

  await clearLockout(db, partner.id, identifier.value);
  if (candidates.length > 1) throw new AppError(409, FIX_CREDENTIALS_MESSAGE, { code: 'fixCredentials' });
  return matches[0]!;
}
