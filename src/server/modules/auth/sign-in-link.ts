import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import type { MemberRow, PartnerRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { escapeHtml, type Mailer } from '../../lib/mailer';
import { hashToken } from '../../plugins/session';
import { LOCKOUT_ATTEMPTS, LOCKOUT_MINUTES, SIGN_IN_LINK_MINUTES } from '#shared/constants/member';
import { findMemberByPartnerNumber, findMembersByEmail } from '../members';
import { countTokensSince, findTokenMember, insertToken, invalidateMemberTokens, useToken as consumeToken, LINK_INVALID_MESSAGE, MAX_LINKS_PER_HOUR } from '../recovery';
import type { SignInIdentifier } from '../lockout';

/**
 * The owner's way in while password sign-in is locked (issue 25): a one-time sign-in link sent to
 * the account's e-mail. Single use, SIGN_IN_LINK_MINUTES long, only its SHA-256 at rest, bound to
 * the partner; the same rows, limits and mail as password links (modules/recovery).
 */
export const SIGN_IN_LINK_MESSAGE = 'If an account uses that e-mail or partner number, we have sent it a one-time sign-in link.';

/** The accounts of a typed identifier that can sign in (they have a web profile). */
export async function accountsOf(db: Db, partnerId: number, identifier: SignInIdentifier): Promise<MemberRow[]> {
  const found = identifier.kind === 'email'
    ? await findMembersByEmail(db, partnerId, identifier.value)
    : [await findMemberByPartnerNumber(db, partnerId, identifier.value)].filter((m): m is MemberRow => m !== undefined);
  return found.filter((m) => m.hasWebProfile);
}

/** POST /api/SignInLink: a link to each account of the identifier; how many were sent (never told). */
export async function sendSignInLinks(deps: { db: Db; mailer: Mailer }, opts: {
  partner: Pick<PartnerRow, 'id' | 'name'>; identifier: SignInIdentifier; origin: string; now?: Date;
}): Promise<number> {
  const { db, mailer } = deps;
  const now = opts.now ?? new Date();
  let sent = 0;
  for (const member of await accountsOf(db, opts.partner.id, opts.identifier)) {
    // Password and sign-in links share the hourly cap: neither form can flood a mailbox.
    if (await countTokensSince(db, { memberId: member.id, since: new Date(now.getTime() - 3_600_000) }) >= MAX_LINKS_PER_HOUR) continue;
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + SIGN_IN_LINK_MINUTES * 60_000);
    await insertToken(db, { id: hashToken(token), partnerId: opts.partner.id, memberId: member.id, createdAt: now, expiresAt, purpose: 'signIn' });
    await mailer.send({ partner: opts.partner, memberId: member.id, to: member.email, ...signInLinkMail({ partnerName: opts.partner.name, member, link: `${opts.origin}/login/link?token=${token}` }) });
    sent++;
  }
  return sent;
}

type MailParts = { subject: string; text: string; html: string };

function mail(opts: { subject: string; greeting: string; before: string[]; link?: { href: string; label: string }; after: string[]; partnerName: string }): MailParts {
  const text = [opts.greeting, '', ...opts.before, ...(opts.link ? [opts.link.href] : []), '', ...opts.after, '', opts.partnerName].join('\n');
  const html = [
    `<p>${escapeHtml(opts.greeting)}</p>`,
    `<p>${opts.before.map(escapeHtml).join('<br>')}</p>`,
    ...(opts.link ? [`<p><a href="${escapeHtml(opts.link.href)}">${escapeHtml(opts.link.label)}</a></p>`] : []),
    `<p>${opts.after.map(escapeHtml).join('<br>')}</p>`,
    `<p>${escapeHtml(opts.partnerName)}</p>`,
  ].join('\n');
  return { subject: opts.subject, text, html };
}

const greetingOf = (member: Pick<MemberRow, 'firstName'>) => (member.firstName ? `Hello ${member.firstName},` : 'Hello,');

/** The sign-in link e-mail. It carries the link only: never a password or a card number. */
export function signInLinkMail(opts: { partnerName: string; member: Pick<MemberRow, 'firstName'>; link: string }): MailParts {
  return mail({
    subject: `Your ${opts.partnerName} sign-in link`,
    greeting: greetingOf(opts.member),
    before: [`Someone asked for a one-time link to sign in to your ${opts.partnerName} account.`, 'Open this link to sign in:'],
    link: { href: opts.link, label: 'Sign in' },
    after: [
      `The link works once and expires in ${SIGN_IN_LINK_MINUTES} minutes. It signs you in even while password sign-in is locked.`,
      'If you did not ask for it, ignore this e-mail: nobody can use the link without your mailbox.',
    ],
    partnerName: opts.partnerName,
  });
}

/** The notice that password sign-in to the account was locked (sent when the lock starts). */
export function lockoutNoticeMail(opts: { partnerName: string; member: Pick<MemberRow, 'firstName'>; signInPage: string }): MailParts {
  return mail({
    subject: `Password sign-in to your ${opts.partnerName} account is locked`,
    greeting: greetingOf(opts.member),
    before: [
      `Someone typed a wrong password for your ${opts.partnerName} account ${LOCKOUT_ATTEMPTS} times, so we locked password sign-in for ${LOCKOUT_MINUTES} minutes.`,
      'Your account is safe: nobody signed in. If it was you, you can sign in now with a one-time link: choose "E-mail me a sign-in link" on the sign-in page:',
    ],
    link: { href: opts.signInPage, label: 'Go to the sign-in page' },
    after: ['If it was not you, you do not need to do anything. If you think someone knows your password, reset it from the sign-in page.'],
    partnerName: opts.partnerName,
  });
}

/** E-mails the lock notice to each account of the identifier. */
export async function sendLockoutNotices(deps: { db: Db; mailer: Mailer }, opts: {
  partner: Pick<PartnerRow, 'id' | 'name'>; identifier: SignInIdentifier; origin: string;
}): Promise<number> {
  const accounts = await accountsOf(deps.db, opts.partner.id, opts.identifier);
  for (const member of accounts) {
    const signInPage = `${opts.origin}/login?${new URLSearchParams({ email: member.email })}`;
    await deps.mailer.send({ partner: opts.partner, memberId: member.id, to: member.email, ...lockoutNoticeMail({ partnerName: opts.partner.name, member, signInPage }) });
  }
  return accounts.length;
}

/**
 * POST /api/SignInLink/Use: the member of a sign-in link of this partner, once. Every other open
 * sign-in link of the member stops working with it. A password lock stays in force (it holds the
 * guesser back, not the owner, who is in now).
 */
export async function useSignInLink(db: Db, opts: { partnerId: number; token: string; now?: Date }): Promise<MemberRow> {
  const now = opts.now ?? new Date();
  const tokenHash = hashToken(opts.token);
  const member = await findTokenMember(db, { partnerId: opts.partnerId, tokenHash, now, purpose: 'signIn' });
  if (!member) throw AppError.badRequest(LINK_INVALID_MESSAGE);
  await db.transaction(async (tx) => {
    const used = await consumeToken(tx, { partnerId: opts.partnerId, tokenHash, now, purpose: 'signIn' });
    if (!used || used.memberId !== member.id) throw AppError.badRequest(LINK_INVALID_MESSAGE);
    await invalidateMemberTokens(tx, { memberId: member.id, now, purpose: 'signIn' });
  });
  return member;
}
