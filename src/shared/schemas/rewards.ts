import { z } from 'zod';
import { NOT_EARNED_REASONS, REDEMPTION_STATUSES, REWARD_SOURCE_CODES, REWARD_STATUSES, type NotEarnedReason } from '../constants/rewards';

/**
 * Rewards: the card-network webhook and the member's reward calls (§3, §7; docs/rewards-engine.md).
 * Amounts are integer cents; rewards are in the partner's unit (miles or points, or cents for
 * Dollar and Credit partners).
 */

const id64 = (what: string) => z.string().min(1, `${what} is required.`).max(64, `${what} must be 64 characters or fewer.`);

export const CARD_NETWORK_EVENT_TYPES = ['auth', 'clearing', 'refund'] as const;

export const ZCardNetworkEvent = z.object({
  id: id64('id').describe("The network's event id; the same id twice has one effect."),
  type: z.enum(CARD_NETWORK_EVENT_TYPES, { message: 'type must be auth, clearing or refund.' }),
  transactionId: id64('transactionId').describe('The purchase; authorisation and clearing of one purchase share it when the network can.'),
  originalTransactionId: id64('originalTransactionId').optional().describe('Refunds: the purchase refunded, when the network knows it.'),
  cardToken: id64('cardToken').describe("The network's token of a linked card (given when the card is linked)."),
  amountCents: z.number().int('amountCents must be a whole number of cents.').min(-100_000_000).max(100_000_000)
    .describe('Positive for authorisations and clearings (a clearing includes the tip), negative for refunds.'),
  currency: z.literal('USD', { message: 'currency must be USD.' }),
  merchantLocationId: id64('merchantLocationId'),
  localDateTime: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/, 'localDateTime must be an ISO 8601 date-time with its offset, in the merchant\'s local time.'),
  authCode: z.string().max(16).optional(),
  onlineOrder: z.boolean().default(false).describe('Ordered online through the site: earns on subtotalCents.'),
  subtotalCents: z.number().int().min(0).max(100_000_000).optional(),
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
  /** Why the dine did not earn, in words, when it did not. */
  reason: z.string().nullable(),
  reasonCode: z.enum(Object.keys(NOT_EARNED_REASONS) as [NotEarnedReason, ...NotEarnedReason[]]).nullable(),
});
export type Transaction = z.infer<typeof ZTransaction>;
export const ZTransactionsPage = z.object({ data: z.array(ZTransaction), totalResultSize: z.number(), totalPages: z.number() });
export type TransactionsPage = z.infer<typeof ZTransactionsPage>;

export const ZDineSummary = z.object({
  /** Rewards this calendar year, in the partner's unit (dollars for cash partners). */
  currentYearBenefits: z.number(),
  currentYearDines: z.number(),
});
export type DineSummary = z.infer<typeof ZDineSummary>;

export const ZCreditBalance = z.object({
  /** Cash-back rewards not yet paid out, in dollars. */
  memberBalance: z.number(),
  /** The balance at which a statement credit is issued, in dollars. */
  payoutBreakpoint: z.number(),
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
});
export type CreditRecord = z.infer<typeof ZCreditRecord>;
export const ZCreditRecordsPage = z.object({ data: z.array(ZCreditRecord), totalResultSize: z.number(), totalPages: z.number() });
export type CreditRecordsPage = z.infer<typeof ZCreditRecordsPage>;
