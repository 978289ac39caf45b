/**
 * Redemptions (issue 28, docs/features/redemptions.md): how a cash-back member takes money out of
 * their balance. The numbers live here once; rules/redemptions.ts reads them, and the server, the
 * Redeem page and the docs read that.
 */

/** §3 redemption statuses: pending (incl. held for review), pending_received, completed, rejected, error. */
export { REDEMPTION_STATUSES, type RedemptionStatus } from './rewards';

/** The ways to redeem: a statement credit to a linked card, a prepaid Visa or Mastercard, a Tremendous choice-of-brands card. */
export const REDEMPTION_OPTIONS = ['statementCredit', 'visa', 'mastercard', 'tremendous'] as const;
export type RedemptionOption = (typeof REDEMPTION_OPTIONS)[number];

/** §3 delivery kinds: Card (a statement credit on a linked card), Email (a gift card's claim link by e-mail). */
export const DELIVERY_KINDS = ['Card', 'Email'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

/** §3 gift card brands, and the masked placeholder a list shows instead of any code or link. */
export const GIFT_CARD_BRANDS = ['Visa', 'MasterCard', 'Tremendous'] as const;
export type GiftCardBrand = (typeof GIFT_CARD_BRANDS)[number];
export const MASKED_CARD_PLACEHOLDER = '•••• •••• •••• ••••';

export type RedemptionOptionTerms = {
  /** The option's name as the member reads it. */
  label: string;
  /** Its short name inside a sentence ("The smallest Visa prepaid card is $25.00."). */
  name: string;
  delivery: DeliveryKind;
  /** The gift card brand (gift cards only). */
  brand: GiftCardBrand | null;
  minCents: number;
  maxCents: number;
  /** What the member pays for it, taken from the amount (0: none). */
  feeCents: number;
  /** When it arrives, in words. */
  arrives: string;
};

/**
 * Each option's terms. Statement credits need a linked card; gift cards go by e-mail to the
 * member's confirmed address. Amounts are whole cents; a redemption is one of these at a time.
 */
export const REDEMPTION_TERMS: Record<RedemptionOption, RedemptionOptionTerms> = {
  statementCredit: {
    label: 'Statement credit to a linked card', name: 'statement credit', delivery: 'Card', brand: null,
    minCents: 1_000, maxCents: 50_000, feeCents: 0, arrives: 'On your card statement within 1 to 2 billing cycles',
  },
  visa: {
    label: 'Visa prepaid card', name: 'Visa prepaid card', delivery: 'Email', brand: 'Visa',
    minCents: 2_500, maxCents: 50_000, feeCents: 0, arrives: 'By e-mail within 1 business day',
  },
  mastercard: {
    label: 'Mastercard prepaid card', name: 'Mastercard prepaid card', delivery: 'Email', brand: 'MasterCard',
    minCents: 2_500, maxCents: 50_000, feeCents: 0, arrives: 'By e-mail within 1 business day',
  },
  tremendous: {
    label: 'Gift card of your choice (Tremendous: Amazon, Target, Starbucks and hundreds more)', name: 'gift card of your choice', delivery: 'Email', brand: 'Tremendous',
    minCents: 500, maxCents: 50_000, feeCents: 0, arrives: 'By e-mail within minutes',
  },
};

/** Limits per member (fraud controls, issue 28 item 5): count and amount per day and per calendar month (UTC). */
export const MEMBER_LIMITS = { perDayCount: 3, perDayCents: 50_000, perMonthCount: 10, perMonthCents: 150_000 } as const;
/** Limits per partner across all its members: a runaway (a bug, a fraud ring) stops here and waits for the team. */
export const PARTNER_LIMITS = { perDayCount: 20_000, perDayCents: 5_000_000, perMonthCount: 300_000, perMonthCents: 75_000_000 } as const;

/** A redemption waits for the team when it is the member's first, or within these many days of joining, of an e-mail change or of linking the payout card. */
export const HOLD_WINDOWS_DAYS = { joined: 14, emailChanged: 7, payoutCardLinked: 3 } as const;

export const HOLD_REASONS = {
  firstRedemption: 'Your first redemption is checked by our team before it is sent. This usually takes one business day.',
  newMember: 'Redemptions in the first two weeks after joining are checked by our team before they are sent.',
  emailChanged: 'Your e-mail address changed recently, so our team checks this redemption before it is sent.',
  payoutCardLinked: 'The card for this credit was linked recently, so our team checks this redemption before it is sent.',
} as const;
export type HoldReason = keyof typeof HOLD_REASONS;

/** A confirmation link for a changed e-mail address is good for this long. */
export const EMAIL_CONFIRM_HOURS = 48;
