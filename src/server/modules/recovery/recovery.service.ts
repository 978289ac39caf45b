import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import type { MemberRow, PartnerRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { escapeHtml, type Mailer } from '../../lib/mailer';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { hashToken } from '../../plugins/session';
import { RECOVERY_LINK_MINUTES } from '#shared/constants/member';
import { normaliseEmail } from '#shared/rules/email';
import { normalisePartnerNumber } from '#shared/rules/partner-number';
import { passwordProblem } from '#shared/rules/password';
import { clearLockout, clearMemberLockouts, isLocked, LOCKOUT_MESSAGE, lockoutState, recordFailure } from '../lockout';
import { EMAIL_IN_USE_MESSAGE, emailInUse, findMemberByPartnerNumber, findMembersByEmail, lockEmail } from '../members';
import {
  countOthersWithEmail, countTokensSince, deleteMemberSessions, findTokenMember, insertToken, invalidateMemberTokens, setEmail,
  setPasswordHash, useToken,
} from './recovery.repo';

export const RECOVER_MESSAGE = 'If an account uses that e-mail, we have sent a link to reset the password.';
export const LINK_INVALID_MESSAGE = 'This link has expired or was already used.';
export const BAD_CREDENTIALS_MESSAGE = 'Invalid user name or password.';
export const EMAIL_NOT_SHARED_MESSAGE = 'The e-mail address of this account is not shared with another account, so it does not need to change. Sign in with your e-mail address and password.';
/** More links than this per member and hour are not sent: the form cannot be used to flood a mailbox. */
export const MAX_LINKS_PER_HOUR = 5;

/**
 * POST /api/Recover: a single-use link (60 minutes) to every member of the partner with this
 * e-mail. Returns how many were sent; the caller never tells the visitor.
 */
export async function sendRecoveryLinks(deps: { db: Db; mailer: Mailer }, opts: {
  partner: Pick<PartnerRow, 'id' | 'name'>; email: string; origin: string; now?: Date;
}): Promise<number> {
  const { db, mailer } = deps;
  const now = opts.now ?? new Date();
  // Only accounts with a web profile have a password to reset; known visitors join or activate instead.
  const found = (await findMembersByEmail(db, opts.partner.id, normaliseEmail(opts.email))).filter((m) => m.hasWebProfile);
  let sent = 0;
  for (const member of found) {
    if (await countTokensSince(db, { memberId: member.id, since: new Date(now.getTime() - 3_600_000) }) >= MAX_LINKS_PER_HOUR) continue;
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + RECOVERY_LINK_MINUTES * 60_000);
    await insertToken(db, { id: hashToken(token), partnerId: opts.partner.id, memberId: member.id, createdAt: now, expiresAt });
    await mailer.send({ partner: opts.partner, memberId: member.id, to: member.email, ...recoveryMail({ partnerName: opts.partner.name, member, link: `${opts.origin}/recover/update?token=${token}` }) });
    sent++;
  }
  return sent;
}

/** The recovery e-mail. It carries the link only: never a password or a card number. */
export function recoveryMail(opts: { partnerName: string; member: Pick<MemberRow, 'firstName'>; link: string }): { subject: string; text: string; html: string } {
  const greeting = opts.member.firstName ? `Hello ${opts.member.firstName},` : 'Hello,';
  const lines = [
    `Someone asked to reset the password of your ${opts.partnerName} account.`,
    'Open this link to choose a new password:',
  ];
  const after = [
    `The link works once and expires in ${RECOVERY_LINK_MINUTES} minutes.`,
    'If you did not ask for this, you can ignore this e-mail: your password stays the same.',
  ];
  const text = [greeting, '', ...lines, opts.link, '', ...after, '', opts.partnerName].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${lines.map(escapeHtml).join('<br>')}</p>`,
    `<p><a href="${escapeHtml(opts.link)}">Choose a new password</a></p>`,
    `<p>${after.map(escapeHtml).join('<br>')}</p>`,
    `<p>${escapeHtml(opts.partnerName)}</p>`,
  ].join('\n');
  return { subject: `Reset your ${opts.partnerName} password`, text, html };
}

/** GET /api/Recover/Token: the member whose link this is, or 400 when it cannot be used (any more). */
export async function memberOfToken(db: Db, opts: { partnerId: number; token: string; now?: Date }): Promise<MemberRow> {
  const member = await findTokenMember(db, { partnerId: opts.partnerId, tokenHash: hashToken(opts.token), now: opts.now ?? new Date() });
  if (!member) throw AppError.badRequest(LINK_INVALID_MESSAGE);
  return member;
}

/**
 * POST /api/Recover/Update: sets the new password, uses up the link (and every other link of the
 * member), ends the member's other sessions and lifts any sign-in lockout.
 */
export async function resetPassword(db: Db, opts: { partnerId: number; token: string; password: string; keepSessionId?: string }): Promise<void> {
  const member = await memberOfToken(db, { partnerId: opts.partnerId, token: opts.token });
  const problem = passwordProblem(opts.password, member.partnerNumber);
  if (problem) throw AppError.badRequest(problem, [{ field: 'password', message: problem }]);
  const passwordHash = await hashPassword(opts.password);
  const now = new Date();
  await db.transaction(async (tx) => {
    const used = await useToken(tx, { partnerId: opts.partnerId, tokenHash: hashToken(opts.token), now });
    if (!used || used.memberId !== member.id) throw AppError.badRequest(LINK_INVALID_MESSAGE);
    await invalidateMemberTokens(tx, { memberId: member.id, now });
    await setPasswordHash(tx, { memberId: member.id, passwordHash });
    await deleteMemberSessions(tx, { memberId: member.id, keepSessionId: opts.keepSessionId });
  });
  await clearMemberLockouts(db, opts.partnerId, member);
}

/**
 * POST /api/FixCredentials (§8): a member whose e-mail is shared with another account proves who
 * they are with partner number and password, and gives an e-mail of their own. Failures count
 * towards the same sign-in lockout as POST /api/SignIn.
 */
export async function fixCredentials(db: Db, opts: { partnerId: number; partnerNumber: string; password: string; newEmail: string }): Promise<MemberRow> {
  const partnerNumber = normalisePartnerNumber(opts.partnerNumber);
  const now = new Date();
  if (isLocked(await lockoutState(db, opts.partnerId, partnerNumber), now)) throw new AppError(423, LOCKOUT_MESSAGE, { code: 'locked' });
  const member = await findMemberByPartnerNumber(db, opts.partnerId, partnerNumber);
  // Unknown numbers cost the same hashing time as known ones.
  const ok = member ? await verifyPassword(member.passwordHash, opts.password) : (await verifyPassword(await dummyHash(), opts.password), false);
  if (!member || !ok || !member.hasWebProfile) {
    // As sign-in: the failure that locks is still answered honestly; later attempts hear 'locked'.
    await recordFailure(db, opts.partnerId, partnerNumber, now);
    throw AppError.unauthorized(BAD_CREDENTIALS_MESSAGE);
  }
  await clearLockout(db, opts.partnerId, partnerNumber);
  if (await countOthersWithEmail(db, { partnerId: opts.partnerId, email: member.email, exceptId: member.id }) === 0) {
    throw new AppError(409, EMAIL_NOT_SHARED_MESSAGE, { code: 'emailNotShared' });
  }
  const newEmail = normaliseEmail(opts.newEmail);
  const inUse = [{ field: 'newEmail', message: EMAIL_IN_USE_MESSAGE }];
  if (await emailInUse(db, { partnerId: opts.partnerId, email: newEmail })) throw AppError.badRequest(EMAIL_IN_USE_MESSAGE, inUse);
  return db.transaction(async (tx) => {
    // Under the e-mail's lock, as joining is: two accounts cannot take the same new e-mail at once.
    await lockEmail(tx, { partnerId: opts.partnerId, email: newEmail });
    if (await emailInUse(tx, { partnerId: opts.partnerId, email: newEmail })) throw AppError.badRequest(EMAIL_IN_USE_MESSAGE, inUse);
    return setEmail(tx, { memberId: member.id, email: newEmail });
  });
}
