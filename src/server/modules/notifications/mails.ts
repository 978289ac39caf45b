import { escapeHtml } from '../../lib/mailer';
import { NOT_EARNED_REASONS, type NotEarnedReason } from '#shared/constants/rewards';
import type { CurrencyType } from '#shared/constants/partner';
import { programName, paysStatementCredits } from '#shared/rules/partner-features';
import { dollars, expectedPostingDate, longDate, rewardText } from '#shared/rules/notifications';
import { statusLabel } from '#shared/rules/rewards/status-label';
import { currencyWords } from '#shared/rules/rewards/policy';
import { HOLD_REASONS, REDEMPTION_TERMS, type HoldReason, type RedemptionOption } from '#shared/constants/redemptions';
import { moneyText } from '#shared/rules/redemptions';

/**
 * The notification e-mails (docs/notifications.md): plain, short, in the partner's name, with a
 * link to Reviews & History (or to linking a card, or to a redemption) on the partner's site
 * (SITE_ORIGIN). Never a card number beyond its last four, never anything about another member;
 * a gift card's claim link only in the one mail that delivers it.
 */

export type Mail = { subject: string; text: string; html: string };

export type MailPartner = {
  name: string; currencyType: CurrencyType;
  copyStates: { programName1?: string; programName2?: string; currencySingular?: string; currencyPlural?: string };
};
export type MailMember = { firstName: string };
export type MailDine = {
  merchantName: string; localDate: string; cardLastFour: string;
  authAmountCents: number | null; clearedAmountCents: number | null; reward: number; reason: string | null; onlineOrder: boolean; subtotalCents: number | null;
};

/** One paragraph of the mail: text lines, or a link with its words. */
type Block = { lines: string[] } | { link: string; label: string };

function compose(opts: { partner: MailPartner; member: MailMember; subject: string; blocks: Block[] }): Mail {
  const greeting = opts.member.firstName ? `Hello ${opts.member.firstName},` : 'Hello,';
  const signature = programName(opts.partner);
  const text = [greeting, '', ...opts.blocks.flatMap((b) => ('lines' in b ? [...b.lines, ''] : [`${b.label}: ${b.link}`, ''])), signature].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...opts.blocks.map((b) => ('lines' in b
      ? `<p>${b.lines.map(escapeHtml).join('<br>')}</p>`
      : `<p><a href="${escapeHtml(b.link)}">${escapeHtml(b.label)}</a></p>`)),
    `<p>${escapeHtml(signature)}</p>`,
  ].join('\n');
  return { subject: opts.subject, text, html };
}

const currencyOf = (p: MailPartner) => currencyWords({ plural: p.copyStates.currencyPlural ?? '' });

/** 'Seen': the authorisation, before the tip, and when the reward should post. */
export function dineSeenMail(opts: { partner: MailPartner; member: MailMember; dine: MailDine; activityLink: string }): Mail {
  const { dine, partner } = opts;
  const amount = dollars(dine.authAmountCents ?? 0);
  return compose({
    partner, member: opts.member,
    subject: `We saw your visit to ${dine.merchantName}`,
    blocks: [
      { lines: [`Your card ending in ${dine.cardLastFour} was used at ${dine.merchantName} on ${longDate(dine.localDate)}: ${amount} before tip.`] },
      { lines: [
        `The final amount, with the tip, reaches us from the restaurant's bank in a few days. We work out your ${currencyOf(partner)} from it then.`,
        `Expected to post by ${longDate(expectedPostingDate(dine.localDate))}.`,
      ] },
      { link: opts.activityLink, label: 'See it on Reviews & History' },
    ],
  });
}

/** 'Awarded': the final amount and the reward in the partner's currency. */
export function dineAwardedMail(opts: { partner: MailPartner; member: MailMember; dine: MailDine; activityLink: string; reviewLink?: string | null }): Mail {
  const { dine, partner } = opts;
  const reward = rewardText(dine.reward, partner);
  const basis = dine.onlineOrder && dine.subtotalCents !== null
    ? `Your online order came to ${dollars(dine.clearedAmountCents ?? 0)}; it earns on its subtotal of ${dollars(dine.subtotalCents)}.`
    : `The final amount was ${dollars(dine.clearedAmountCents ?? 0)}, tip included.`;
  const after = paysStatementCredits(partner)
    ? 'It is added to your balance and paid as a statement credit to your card once the balance reaches $20.'
    : `It is posted to your ${partner.copyStates.programName2 || partner.name} account within a few days.`;
  return compose({
    partner, member: opts.member,
    subject: `You earned ${reward} at ${dine.merchantName}`,
    blocks: [
      { lines: [`Your visit to ${dine.merchantName} on ${longDate(dine.localDate)} with your card ending in ${dine.cardLastFour} earned ${reward}.`, basis] },
      { lines: [after] },
      ...(opts.reviewLink ? [
        { lines: [`How was ${dine.merchantName}? Your review helps other members choose, and it takes a minute.`] },
        { link: opts.reviewLink, label: 'Review your visit' },
      ] : []),
      { link: opts.activityLink, label: 'See it on Reviews & History' },
    ],
  });
}

/** 'Not earned': the reason in the words of Reviews & History, and where to claim. */
export function dineNotEarnedMail(opts: { partner: MailPartner; member: MailMember; dine: MailDine; activityLink: string }): Mail {
  const { dine, partner } = opts;
  const reason = dine.reason && dine.reason in NOT_EARNED_REASONS ? NOT_EARNED_REASONS[dine.reason as NotEarnedReason] : null;
  // The label the row has on Reviews & History (status-label.ts): 'Not earned', or 'Expired' for a reward that ran out of time.
  const label = statusLabel({ status: 'Forfeit', reasonCode: reason ? dine.reason as NotEarnedReason : null, currencyType: partner.currencyType, transactionCreatedAt: new Date().toISOString() }) ?? 'Not earned';
  return compose({
    partner, member: opts.member,
    subject: `Your visit to ${dine.merchantName} did not earn ${currencyOf(partner)}`,
    blocks: [
      { lines: [
        `Your visit to ${dine.merchantName} on ${longDate(dine.localDate)} with your card ending in ${dine.cardLastFour} shows as '${label}' on Reviews & History.`,
        ...(reason ? [`Why: ${reason}`] : []),
      ] },
      { lines: ['If you think this is wrong, you can tell us about a missing reward from Reviews & History.'] },
      { link: opts.activityLink, label: 'Open Reviews & History' },
    ],
  });
}

/** 'Card moved': the card now earns in another programme (never which one, nor who linked it). */
export function cardMovedMail(opts: { partner: MailPartner; member: MailMember; cardType: string; lastFour: string; addCardLink: string; activityLink: string }): Mail {
  const name = programName(opts.partner);
  return compose({
    partner: opts.partner, member: opts.member,
    subject: `Your card ending in ${opts.lastFour} now earns elsewhere`,
    blocks: [
      { lines: [
        `Your ${opts.cardType} ending in ${opts.lastFour} was linked to another dining programme, so it no longer earns with ${name}. A card earns in one programme at a time.`,
        'Your earlier visits and rewards stay on Reviews & History.',
      ] },
      { lines: [`If this was not you, or you want it to earn with ${name} again, link the card here; that moves it back.`] },
      { link: opts.addCardLink, label: 'Link a card' },
      { link: opts.activityLink, label: 'Reviews & History' },
    ],
  });
}

// ------------------------------------------------------------------ redemptions (issue 28)

/** A redemption as its mails need it (redemptions row; `hold` only while it still waits for the team). */
export type MailRedemption = {
  option: RedemptionOption;
  amountCents: number;
  feeCents: number;
  /** Where it goes, as the row keeps it: 'Visa ending in 1111', or the e-mail address a gift card goes to. */
  destination: string;
  /** Why it waits for the team (HOLD_REASONS), or null when it does not (never held, or released). */
  hold: HoldReason | null;
  /** Why it was rejected or failed, in words the member reads. */
  note: string | null;
};

/** An address with its name hidden but for the first letter: 'a•••@example.com'. */
function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${address[0]}•••${address.slice(at)}`;
}

/** Where it goes, masked: a card by its last four (as kept), an address with its name hidden. */
const destinationOf = (r: MailRedemption) => (REDEMPTION_TERMS[r.option].delivery === 'Email' ? maskEmail(r.destination) : r.destination);

/** The option's name in a sentence: 'Visa prepaid card', 'gift card of your choice' (its list of brands left out). */
function cardName(option: RedemptionOption): string {
  const terms = REDEMPTION_TERMS[option];
  const short = terms.label.replace(/\s*\(.*\)$/, '');
  return terms.brand === 'Visa' || terms.brand === 'MasterCard' ? short : short.charAt(0).toLowerCase() + short.slice(1);
}

/**
 * 'Received': what was redeemed, where it goes (masked) and when it arrives; a held one says why
 * it waits for the team. Links to the redemption's page; never to anything that pays it out.
 */
export function redemptionReceivedMail(opts: { partner: MailPartner; member: MailMember; redemption: MailRedemption; redemptionLink: string }): Mail {
  const r = opts.redemption;
  const terms = REDEMPTION_TERMS[r.option];
  const amount = dollars(r.amountCents);
  return compose({
    partner: opts.partner, member: opts.member,
    subject: `We received your redemption of ${amount}`,
    blocks: [
      { lines: [
        'We received your redemption from your balance:',
        `Amount: ${amount}`,
        ...(r.feeCents > 0 ? [`Fee: ${dollars(r.feeCents)} (you receive ${dollars(r.amountCents - r.feeCents)})`] : []),
        `Option: ${terms.label}`,
        `Goes to: ${destinationOf(r)}`,
        `Arrives: ${terms.arrives}${r.hold ? ', once our team has checked it' : ''}`,
      ] },
      ...(r.hold ? [{ lines: [HOLD_REASONS[r.hold], 'It waits for our team until then; you need to do nothing.'] }] : []),
      { lines: [moneyText('pending', r.amountCents)] },
      { link: opts.redemptionLink, label: 'See your redemption' },
    ],
  });
}

/**
 * 'Delivered' (gift cards): the claim link, sent this once, and that the link is the card itself.
 * The link is read from the provider when the mail goes and is kept nowhere by us.
 */
export function redemptionDeliveredMail(opts: { partner: MailPartner; member: MailMember; redemption: MailRedemption; claimLink: string; redemptionLink: string }): Mail {
  const r = opts.redemption;
  const name = cardName(r.option);
  const value = dollars(r.amountCents - r.feeCents);
  return compose({
    partner: opts.partner, member: opts.member,
    subject: `Your ${value} ${name} is ready`,
    blocks: [
      { lines: [`Your ${value} ${name} is ready. Open the link below to claim it.`] },
      { link: opts.claimLink, label: `Claim your ${name}` },
      { lines: [
        'This link is the card itself: whoever has it can spend it. Do not forward this e-mail or share the link with anyone.',
        'We send the link once, in this e-mail only. Keep it until you have claimed your card.',
      ] },
      { link: opts.redemptionLink, label: 'See your redemption' },
    ],
  });
}

/** 'Failed' (rejected, or not delivered): why, that the money is back in the balance, and where to redeem again. */
export function redemptionFailedMail(opts: { partner: MailPartner; member: MailMember; redemption: MailRedemption; redeemLink: string }): Mail {
  const r = opts.redemption;
  const amount = dollars(r.amountCents);
  return compose({
    partner: opts.partner, member: opts.member,
    subject: `Your redemption of ${amount} could not be completed`,
    blocks: [
      { lines: [`Your redemption of ${amount} (${REDEMPTION_TERMS[r.option].label}) could not be completed.`, `Why: ${r.note ?? 'It could not be paid.'}`] },
      { lines: [moneyText('rejected', r.amountCents), 'You can redeem it again, the same way or another.'] },
      { link: opts.redeemLink, label: 'Redeem again' },
    ],
  });
}
