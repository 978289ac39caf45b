import type { Db } from '../../db/client';
import { eq } from 'drizzle-orm';
import { partners, type PartnerRow } from '../../db/schema';
import { escapeHtml, type Mailer } from '../../lib/mailer';
import { longDate } from '#shared/rules/claim-window';
import { MAIL_AUDIENCES, type MailAudience } from '#shared/rules/notifications';
import { claimWithNames, memberById } from './claims.repo';
import { toClaim } from './claims.service';

/** Where a member reads their claims, from an e-mail. */
export const CLAIMS_PAGE = '/account/claims';

/** The partner's setting for this mail: `partners.reward_mails.claimResolved` (all, optedIn, off), 'all' when unset. */
export function claimMailAudience(rewardMails: unknown): MailAudience {
  const value = (rewardMails as Record<string, unknown> | null | undefined)?.claimResolved;
  return typeof value === 'string' && (MAIL_AUDIENCES as readonly string[]).includes(value) ? (value as MailAudience) : 'all';
}

/**
 * The claim-resolved e-mail (issue 10 item 4). Transactional: it answers something the member
 * asked for. Like the reward notifications (docs/notifications.md) it follows the partner's
 * configuration (`reward_mails.claimResolved`: every open account by default, only members who
 * accept e-mail, or none) and never goes to a closed account; it is sent through the partner's
 * mailer (SMTP_URL, else the outbox). It carries no card number: brand and last four only.
 */
export function claimResolvedMail(opts: {
  partnerName: string; firstName: string; merchantName: string; dineDate: string; amount: number; card: { cardType: string; lastFour: string }; message: string; link: string;
}): { subject: string; text: string; html: string } {
  const greeting = opts.firstName ? `Hello ${opts.firstName},` : 'Hello,';
  const what = `Your claim for your dine at ${opts.merchantName} on ${longDate(opts.dineDate)} (${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(opts.amount)}, ${opts.card.cardType} ending in ${opts.card.lastFour}) is resolved.`;
  const text = [greeting, '', what, opts.message, '', `See your claims: ${opts.link}`, '', opts.partnerName].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(what)}</p>`,
    `<p>${escapeHtml(opts.message)}</p>`,
    `<p><a href="${escapeHtml(opts.link)}">See your claims</a></p>`,
    `<p>${escapeHtml(opts.partnerName)}</p>`,
  ].join('\n');
  return { subject: `Your missing-reward claim is resolved`, text, html };
}

/** Sends the e-mail of a resolved claim to its member. */
export async function sendClaimResolved(deps: { db: Db; mailer: Mailer }, opts: { partner: PartnerRow; claimId: number; origin: string }): Promise<void> {
  const row = await claimWithNames(deps.db, opts.claimId);
  if (!row || row.claim.status !== 'Resolved') return;
  const member = await memberById(deps.db, row.claim.memberId);
  if (!member?.email.includes('@') || member.memberType === 'ClosedAccountMember' || !member.active) return;
  // The setting as it is now (the app keeps partner rows cached for its pages).
  const [current] = await deps.db.select({ rewardMails: partners.rewardMails }).from(partners).where(eq(partners.id, row.claim.partnerId));
  const audience = claimMailAudience(current?.rewardMails);
  if (audience === 'off' || (audience === 'optedIn' && !member.emailOptIn)) return;
  const claim = toClaim(row, opts.partner);
  await deps.mailer.send({
    partner: opts.partner,
    memberId: member.id,
    to: member.email,
    ...claimResolvedMail({
      partnerName: opts.partner.name, firstName: member.firstName, merchantName: claim.merchantName, dineDate: claim.dineDate, amount: claim.amount,
      card: claim.card, message: claim.message, link: `${opts.origin}${CLAIMS_PAGE}`,
    }),
  });
}
