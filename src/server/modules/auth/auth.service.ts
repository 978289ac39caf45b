import { canSignInWithPassword } from '#shared/rules/partner-features';
import type { Db } from '../../db/client';
import type { MemberRow, PartnerRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { dummyHash, verifyPassword } from '../../lib/passwords';
import { findMembersByEmail, findMemberByPartnerNumber } from '../members/members.repo';
import { clearLockout, isLocked, LOCKOUT_MESSAGE, lockoutState, parseIdentifier, recordFailure } from './lockout';

export const SIGN_IN_UNAVAILABLE = 'Sign-in with a password is not available on this site.';
export const INVALID_CREDENTIALS = 'Invalid user name or password.';
export const USERNAME_MESSAGE = 'Please enter a valid email address or partner number.';
export const FIX_CREDENTIALS_MESSAGE = 'This email is used by more than one account. Please choose a new email to continue.';

/**
 * Direct sign-in (§8): an e-mail or a partner number and a password. Unknown and known user
 * names get the same answers, take the same time (a dummy hash is verified when there is no
 * account) and are locked the same way. Closed and inactive members may sign in: the client
 * shows them the re-enrolment page.
 */
export async function signIn(db: Db, opts: { partner: PartnerRow; username: string; password: string; now?: Date }): Promise<MemberRow> {
  const { partner, password } = opts;
  if (!canSignInWithPassword(partner)) throw AppError.notFound(SIGN_IN_UNAVAILABLE);
  const identifier = parseIdentifier(opts.username);
  if (!identifier) throw AppError.badRequest(USERNAME_MESSAGE, [{ field: 'username', message: USERNAME_MESSAGE }]);

  if (isLocked(await lockoutState(db, partner.id, identifier.value), opts.now ?? new Date())) {
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
    const state = await recordFailure(db, partner.id, identifier.value, opts.now ?? new Date());
    if (isLocked(state, opts.now ?? new Date())) throw new AppError(423, LOCKOUT_MESSAGE, { code: 'locked' });
    throw AppError.unauthorized(INVALID_CREDENTIALS);
  }

  await clearLockout(db, partner.id, identifier.value);
  if (candidates.length > 1) throw new AppError(409, FIX_CREDENTIALS_MESSAGE, { code: 'fixCredentials' });
  return matches[0]!;
}
