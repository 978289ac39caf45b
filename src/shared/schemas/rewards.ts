import { z } from 'zod';
import { NOT_EARNED_REASONS, REDEMPTION_STATUSES, REWARD_SOURCE_CODES, REWARD_STATUSES, type NotEarnedReason } from '../constants/rewards';
import { localParts } from '../rules/rewards/local-time';

/**
 * Rewards: the card-network webhook and the member's reward calls (§3, §7; docs/rewards-engine.md).
 * Amounts are integer cents; rewards are in the partner's unit (miles or points, or cents for
 * Dollar and Credit partners).
 */

const id64 = (what: string) => z.string().min(1, `${what} is required.`).max(64, `${what} must be 64 characters or fewer.`);

export const CARD_NETWORK_EVENT_TYPES = ['auth', 'clearing', 'refund'] as const;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export const ZCardNetworkEvent = z.object({
  id: id64('id').describe("The network's event id; the same id twice has one effect."),
  type: z.enum(CARD_NETWORK_EVENT_TYPES, { message: 'type must be auth, clearing or refund.' }),
  transactionId: id64('transactionId').describe('The purchase; authorisation and clearing of one purchase share it when the network can. A refund carries its own: one refund is one network transaction, applied once however many event ids carry it.'),
  originalTransactionId: id64('originalTransactionId').optional().describe('Refunds: the purchase refunded, when the network knows it.'),
  cardToken: id64('cardToken').describe("The network's token of a linked card (given when the card is linked)."),
  amountCents: z.number().int('amountCents must be a whole number of cents.').min(-100_000_000).max(100_000_000)
    .describe('Positive for authorisations and clearings (a clearing includes the tip), negative for refunds.'),
  currency: z.literal('USD', { message: 'currency must be USD.' }),
  merchantLocationId: id64('merchantLocationId'),
  localDateTime: z.string().regex(LOCAL_DATE_TIME, 'localDateTime must be an ISO 8601 date-time with its offset, in the merchant\'s local time.')
    // The engine reads the local parts from the text: a date that does not exist (2026-02-30, 24:00)
    // would be stored and never applied. (A malformed one is the format's message alone.)
    .refine((v) => !LOCAL_DATE_TIME.test(v) || localParts(v) !== null, 'localDateTime must be a real calendar date and time (there is no 2026-02-30, and no hour 24).'),
  authCode: z.string().max(16).optional(),
  onlineOrder: z.boolean().default(false).describe('Ordered online through the site: earns on subtotalCents.'),
  subtotalCents: z.number().int().min(0).max(100_000_000).optional(),
  tipCents: z.number().int('tipCents must be a whole number of cents.').min(0, 'tipCents cannot be negative.').max(100_000_000).optional()
    .describe('Clearings: the tip included in amountCents, when the network reports it (partners that earn before tip earn without it).'),
}).superRefine((e, ctx) => {
  if (e.type === 'refund' && e.amountCents >= 0) ctx.addIssue({ code: 'custom', path: ['amountCents'], message: 'A refund has a negative amount.' });
  if (e.type !== 'refund' && e.amountCents <= 0) ctx.addIssue({ code: 'custom', path: ['amountCents'], message: 'An authorisation or clearing has a positive amount.' });
});
export type CardNetworkEvent = z.output<typeof ZCardNetworkEvent>;
export const ZCardNetworkReceipt = z.object({ received: z.literal(true), duplicate: z.boolean() });

export const ZPageQuery = z.object({
  pageNo: z.coerce.number({ message: 'pageNo must be a number.' }).int('pageNo must be a whole number.').min(1, 'Pages start at 1.').max(100_000).default(1),
  resultsPerPage: z.coerce.number({ message: 'resultsPerPage must be a number.' }).int().min(1, 'resultsPerPage must be at least 1.').max(100, 'resultsPerPage must be 100 or fewer.').default(10),
});

/** §3 Transaction: one row of Reviews & History (a dine's reward, or an adjustment or bonus). */
export const ZTransaction = z.object({
  sourceTransactionId: z.string(),
  transactionCreatedAt: z.string().describe('When the dine happened (ISO 8601), or when the adjustment was made.'),
  transactionStatus: z.enum(REWARD_STATUSES),
  transactionTypeCode: z.enum(REWARD_SOURCE_CODES),
  /** The amount of the dine in dollars (authorised while pending, cleared after). */
  dineAmount: z.number(),
  /** The reward, in the partner's unit (dollars for cash partners). */
  benefitAmount: z.number(),
  merchantId: z.number().nullable(),
  merchantName: z.string().nullable(),
  activeMerchant: z.boolean(),
  cardLastFour: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** The cleared amount in dollars (tip included), null until cleared. */
  ticketAmount: z.number().nullable(),
  /**
   * What the dine earns on, in dollars, where it is not the dine amount: the bill before tip (partners
   * that earn before tip), an online order's subtotal, what is left after a refund (rules/rewards/policy.ts basisCents). Null otherwise.
   */
  earnedOnAmount: z.number().nullable(),
  /** Why it earned on less than the dine amount (with earnedOnAmount): before tip, an online order's subtotal, a refund. */
  earnedOnReasons: z.array(z.enum(['beforeTip', 'onlineSubtotal', 'refund'])),
  /** The restaurant's earn multiplier where the dine earned it (2 for a '2X' offer); null otherwise. */
  earnMultiplier: z.number().int().nullable(),
  /** Why the dine did not earn, in words, when it did not. */
  reason: z.string().nullable(),
  reasonCode: z.enum(Object.keys(NOT_EARNED_REASONS) as [NotEarnedReason, ...NotEarnedReason[]]).nullable(),
  /**
   * Cash-back partners: the statement credit paying this reward, once it is in one. While the
   * credit is pending or pending_received the reward is Awarded (earned, not paid yet); Paid once
   * the credit is completed, paidAt then being the completion.
   */
  statementCredit: z.object({
    creditId: z.string(),
    status: z.enum(REDEMPTION_STATUSES),
    targetLabel: z.string().describe('Where the credit goes: "Visa ending in 1111".'),
  }).nullable(),
  /** Deferred rows: the last day (YYYY-MM-DD, the member's calendar) to activate for it to pay, and whether the member has activated since. */
  deferral: z.object({ activateBy: z.string(), activated: z.boolean() }).nullable(),
});
export type Transaction = z.infer<typeof ZTransaction>;
export const ZTransactionsPage = z.object({ data: z.array(ZTransaction), totalResultSize: z.number(), totalPages: z.number() });
export type TransactionsPage = z.infer<typeof ZTransactionsPage>;

export const ZDineSummary = z.object({
  /**
   * Earned this calendar year, in the partner's unit (dollars for cash partners): the sum of the
   * year's Reviews & History rows that are Awarded or Paid (paying out included; adjustments and
   * taken-back bonuses negative). A row is of the year of its transactionCreatedAt's date.
   */
  currentYearBenefits: z.number(),
  /** Qualified dines this calendar year (the VIP meter's count). */
  currentYearDines: z.number(),
  /** The calendar year, on the member's clock. */
  year: z.number(),
  /** The year's rows still on the way: Pending (an estimate) and Deferred (pays on activation). */
  currentYearOnTheWay: z.number(),
});
export type DineSummary = z.infer<typeof ZDineSummary>;

export const ZCreditBalance = z.object({
  /** Cash-back rewards not yet paid out, in dollars. */
  memberBalance: z.number(),
  /** The balance at which a statement credit is issued, in dollars. */
  payoutBreakpoint: z.number(),
  /** Statement credits issued and not completed yet (pending, pending_received), in dollars: no longer in the balance, not paid yet. */
  pendingPayout: z.number(),
});
export type CreditBalance = z.infer<typeof ZCreditBalance>;

/** §3 credit record: a statement credit. */
export const ZCreditRecord = z.object({
  creditId: z.string(),
  creditAmountCents: z.number(),
  targetType: z.enum(['card', 'other']),
  targetLabel: z.string(),
  benefitProcessor: z.string(),
  status: z.enum(REDEMPTION_STATUSES),
  createdAt: z.string(),
  /** When the card issuer completed it (status completed); null otherwise. */
  completedAt: z.string().nullable(),
});
export type CreditRecord = z.infer<typeof ZCreditRecord>;
export const ZCreditRecordsPage = z.object({ data: z.array(ZCreditRecord), totalResultSize: z.number(), totalPages: z.number() });
export type CreditRecordsPage = z.infer<typeof ZCreditRecordsPage>;
