import type { Db } from '../../db/client';
import type { PartnerRow } from '../../db/schema';
import { escapeHtml, type Mailer } from '../../lib/mailer';
import { longDate } from '#shared/rules/claim-window';
import { claimWithNames, memberById } from './claims.repo';
import { toClaim } from './claims.service';

/** Where a member reads their claims, from an e-mail. */
export const CLAIMS_PAGE = '/account/claims';

/**
 * The claim-resolved e-mail (issue 10 item 4). Transactional, like the recovery e-mail: it answers
 * something the member asked for, so it goes whatever the marketing opt-in says, to the account's
 * e-mail, through the partner's mailer (SMTP_URL, else the outbox). It carries no card number:
 * brand and last four only.
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
  if (!member?.email) return;
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
