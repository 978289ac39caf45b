import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import type { MemberRow, PartnerRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { escapeHtml, type Mailer } from '../../lib/mailer';
import { verifyPassword } from '../../lib/passwords';
import { hashToken } from '../../lib/token-hash';
import { EMAIL_CONFIRM_HOURS } from '#shared/constants/redemptions';
import { normaliseEmail } from '#shared/rules/email';
import {
  EMAIL_CHANGE_PASSWORD_MESSAGE, EMAIL_CHANGE_WRONG_PASSWORD_MESSAGE, EMAIL_CONFIRM_INVALID_MESSAGE, emailChangeProblem, emailConfirmExpiresAt,
} from '#shared/rules/email-change';
import { canRecoverPassword, canSignInWithPassword } from '#shared/rules/partner-features';
import type { EmailChangeRequest, MemberEmail } from '#shared/schemas/member';
import { paths } from '#shared/routes';
import { emailInUse, lockEmail } from './members.repo';
import { EMAIL_IN_USE_MESSAGE } from './members.service';
import { auditEmailChange, findPendingChange, lockMember, replacePendingChange, setConfirmedEmail, useChangeLink } from './email-change.repo';

/**
 * A member changes their e-mail address (issue 28 item 5; docs/features/sign-in-and-accounts.md):
 * POST /api/Member/Email checks the new address and the current password, keeps the change
 * pending and e-mails a single-use link to the new address (and a notice to the old one); the
 * address changes only when that link is opened (POST /api/Member/Email/Confirm), on any device,
 * within EMAIL_CONFIRM_HOURS. Until then the old address stays the member's (sign-in, mail, gift
 * cards). A password reset ends a pending change with the member's other links.
 */


/** Whether asking for a change needs the current password: members who sign in with one. */
export function passwordRequired(partner: Pick<PartnerRow, 'enrollmentType'>, member: Pick<MemberRow, 'passwordHash'>): boolean {
  return canSignInWithPassword(partner) && member.passwordHash !== null;
}

/** The address of the member's change waiting for its link, or null (the redemptions module reads it too). */
export function pendingEmailChange(db: Pick<Db, 'select'>, memberId: number, now: Date = new Date()): Promise<string | null> {
  return findPendingChange(db, { memberId, now });
}

/** GET /api/Member/Email */
export async function memberEmail(db: Db, opts: { partner: Pick<PartnerRow, 'enrollmentType'>; member: MemberRow }): Promise<MemberEmail> {
  return { address: opts.member.email, pendingChange: await pendingEmailChange(db, opts.member.id), passwordRequired: passwordRequired(opts.partner, opts.member) };
}

const conflict = (message: string) => new AppError(409, message, { fieldErrors: [{ field: 'email', message }] });

/**
 * POST /api/Member/Email. The password is checked before whether another member uses the address,
 * so a session alone cannot ask which addresses are members' (and a 409 then says no more than
 * joining does).
 */
export async function requestEmailChange(deps: { db: Db; mailer: Mailer }, opts: {
  partner: PartnerRow; member: MemberRow; body: EmailChangeRequest; origin: string; now?: Date;
}): Promise<MemberEmail> {
  const { db, mailer } = deps;
  const { partner, member } = opts;
  const now = opts.now ?? new Date();
  const newEmail = normaliseEmail(opts.body.email);
  const problem = emailChangeProblem(member.email, newEmail);
  if (problem) throw conflict(problem);
  if (passwordRequired(partner, member)) {
    if (!opts.body.password) throw AppError.badRequest(EMAIL_CHANGE_PASSWORD_MESSAGE, [{ field: 'password', message: EMAIL_CHANGE_PASSWORD_MESSAGE }]);
    if (!await verifyPassword(member.passwordHash, opts.body.password)) {
      throw AppError.badRequest(EMAIL_CHANGE_WRONG_PASSWORD_MESSAGE, [{ field: 'password', message: EMAIL_CHANGE_WRONG_PASSWORD_MESSAGE }]);
    }
  }
  if (await emailInUse(db, { partnerId: partner.id, email: newEmail, exceptId: member.id })) throw conflict(EMAIL_IN_USE_MESSAGE);
  const token = randomBytes(32).toString('base64url');
  await db.transaction((tx) => replacePendingChange(tx, {
    id: hashToken(token), partnerId: partner.id, memberId: member.id, newEmail, createdAt: now, expiresAt: emailConfirmExpiresAt(now),
  }));
  const link = `${opts.origin}${paths.confirmEmail({ token })}`;
  await mailer.send({ partner, memberId: member.id, to: newEmail, ...confirmEmailMail({ partner, member, newEmail, link }) });
  await mailer.send({ partner, memberId: member.id, to: member.email, ...emailChangeNoticeMail({ partner, member, newEmail, origin: opts.origin, canReset: passwordRequired(partner, member) && canRecoverPassword(partner) }) });
  return { address: member.email, pendingChange: newEmail, passwordRequired: passwordRequired(partner, member) };
}

/**
 * POST /api/Member/Email/Confirm: the link of this partner, once, with or without a session. The
 * address is taken under its lock, as joining takes one, so two accounts cannot end up with it;
 * if another member took it meanwhile, nothing changes and the link stays usable until it expires.
 */
export async function confirmEmailChange(db: Db, opts: { partnerId: number; token: string; requestId: string; now?: Date }): Promise<{ confirmed: true; email: string }> {
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const link = await useChangeLink(tx, { partnerId: opts.partnerId, tokenHash: hashToken(opts.token), now });
    if (!link) throw AppError.badRequest(EMAIL_CONFIRM_INVALID_MESSAGE);
    await lockEmail(tx, { partnerId: opts.partnerId, email: link.newEmail });
    if (await emailInUse(tx, { partnerId: opts.partnerId, email: link.newEmail, exceptId: link.memberId })) throw new AppError(409, EMAIL_IN_USE_MESSAGE);
    const before = await lockMember(tx, { partnerId: opts.partnerId, memberId: link.memberId });
    if (!before) throw AppError.badRequest(EMAIL_CONFIRM_INVALID_MESSAGE);
    const after = await setConfirmedEmail(tx, { partnerId: opts.partnerId, memberId: link.memberId, email: link.newEmail, now });
    await auditEmailChange(tx, {
      partnerId: opts.partnerId, memberId: link.memberId, publicId: before.publicId, before: before.email, after: after!.email, requestId: opts.requestId, at: now,
    });
    return { confirmed: true as const, email: after!.email };
  });
}

// ------------------------------------------------------------------ the two e-mails

type MailParts = { subject: string; text: string; html: string };
type MailPartner = Pick<PartnerRow, 'name' | 'customerSupport'>;

function compose(opts: { subject: string; member: Pick<MemberRow, 'firstName'>; before: string[]; link?: { href: string; label: string }; after: string[]; partnerName: string }): MailParts {
  const greeting = opts.member.firstName ? `Hello ${opts.member.firstName},` : 'Hello,';
  const text = [greeting, '', ...opts.before, ...(opts.link ? [opts.link.href] : []), '', ...opts.after, '', opts.partnerName].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${opts.before.map(escapeHtml).join('<br>')}</p>`,
    ...(opts.link ? [`<p><a href="${escapeHtml(opts.link.href)}">${escapeHtml(opts.link.label)}</a></p>`] : []),
    `<p>${opts.after.map(escapeHtml).join('<br>')}</p>`,
    `<p>${escapeHtml(opts.partnerName)}</p>`,
  ].join('\n');
  return { subject: opts.subject, text, html };
}

const supportOf = (partner: MailPartner) => {
  const { email, phone } = partner.customerSupport;
  return [email.display, phone.formatted].filter(Boolean).join(' or ');
};

/** To the new address: the link that makes it the member's. It carries the link only, never a password. */
export function confirmEmailMail(opts: { partner: MailPartner; member: Pick<MemberRow, 'firstName'>; newEmail: string; link: string }): MailParts {
  return compose({
    subject: `Confirm your new ${opts.partner.name} e-mail address`,
    member: opts.member,
    before: [`You asked to use ${opts.newEmail} for your ${opts.partner.name} account.`, 'Open this link to confirm it:'],
    link: { href: opts.link, label: 'Confirm my new e-mail address' },
    after: [
      `The link works once and expires in ${EMAIL_CONFIRM_HOURS} hours. Until you open it, your account keeps its current address.`,
      'If you did not ask for this, ignore this e-mail: nothing changes.',
    ],
    partnerName: opts.partner.name,
  });
}

/** To the old address: someone asked to move the account's mail elsewhere; what to do if it was not the owner. */
export function emailChangeNoticeMail(opts: { partner: MailPartner; member: Pick<MemberRow, 'firstName'>; newEmail: string; origin: string; canReset: boolean }): MailParts {
  const support = supportOf(opts.partner);
  const contact = support ? `contact us at ${support}` : 'contact our support team';
  return compose({
    subject: `Your ${opts.partner.name} e-mail address is about to change`,
    member: opts.member,
    before: [
      `Someone signed in to your ${opts.partner.name} account asked to change its e-mail address to ${opts.newEmail}.`,
      `It changes only when the link we sent to that address is opened, within ${EMAIL_CONFIRM_HOURS} hours. Until then, your account keeps this address.`,
    ],
    ...(opts.canReset
      ? { link: { href: `${opts.origin}${paths.recover()}`, label: 'Reset my password' } }
      : {}),
    after: opts.canReset
      ? ['If this was you, you do not need to do anything.', `If it was not you, reset your password now with the link above: that cancels the change and signs out everyone else. Then ${contact}.`]
      : ['If this was you, you do not need to do anything.', `If it was not you, ${contact} right away.`],
    partnerName: opts.partner.name,
  });
}
