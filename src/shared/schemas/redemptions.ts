import { z } from 'zod';
import { zIdempotencyHeaders } from './common';
import { DELIVERY_KINDS, GIFT_CARD_BRANDS, HOLD_REASONS, REDEMPTION_OPTIONS, REDEMPTION_STATUSES, type HoldReason } from '../constants/redemptions';
import { REDEMPTION_TERMS } from '../constants/redemptions';

/**
 * Redemptions (issue 28, docs/features/redemptions.md): the Redeem page's calls. Amounts are
 * integer cents. A list never carries a gift card's code or claim link: only the masked
 * placeholder (§3) and the brand.
 */

export const ZRedemptionOptionsResponse = z.object({
  /** The balance now (Σ of the member's ledger entries), in cents; may be below zero after a refund of a dine already paid out. */
  balanceCents: z.number().int(),
  /** Set aside by redemptions not finished yet (pending, pending_received), in cents: already out of the balance. */
  inFlightCents: z.number().int(),
  /** The automatic statement credit at the payout breakpoint (a member setting, on by default). */
  autoStatementCredit: z.object({ enabled: z.boolean(), breakpointCents: z.number().int() }),
  /**
   * Where an e-mailed gift card goes: the member's confirmed address. A change of address takes
   * effect only when the link sent to the new one is opened (pendingChange until then), so a gift
   * card never goes to an address nobody confirmed.
   */
  email: z.object({ address: z.string(), pendingChange: z.string().nullable() }),
  /** The linked cards a statement credit can go to. */
  cards: z.array(z.object({ cardId: z.number().int(), label: z.string() })),
  options: z.array(z.object({
    option: z.enum(REDEMPTION_OPTIONS),
    label: z.string(),
    delivery: z.enum(DELIVERY_KINDS),
    brand: z.enum(GIFT_CARD_BRANDS).nullable(),
    minCents: z.number().int(),
    maxCents: z.number().int(),
    feeCents: z.number().int(),
    arrives: z.string(),
    /** Why it cannot be used now; null when it can. */
    unavailableReason: z.string().nullable(),
  })),
});
export type RedemptionOptionsResponse = z.infer<typeof ZRedemptionOptionsResponse>;

const OPTION_MESSAGE = 'option must be statementCredit, visa, mastercard or tremendous.';

/** POST /api/Member/Redemptions */
export const ZRedemptionRequest = z.object({
  option: z.enum(REDEMPTION_OPTIONS, { message: OPTION_MESSAGE }),
  amountCents: z.number({ message: 'amountCents must be a number of cents.' }).int('amountCents must be a whole number of cents.')
    .positive('amountCents must be more than zero.').max(10_000_000, 'amountCents is too large.'),
  delivery: z.enum(DELIVERY_KINDS, { message: 'delivery must be Card or Email.' }),
  /** Statement credits: the linked card (its id from GET /api/Member/Cards). */
  cardId: z.number({ message: 'cardId must be the number of a linked card.' }).int('cardId must be the number of a linked card.').positive('cardId must be the number of a linked card.').max(2_147_483_647, 'cardId must be the number of a linked card.').optional(),
}).superRefine((r, ctx) => {
  const wanted = REDEMPTION_TERMS[r.option].delivery;
  if (r.delivery !== wanted) ctx.addIssue({ code: 'custom', path: ['delivery'], message: `${REDEMPTION_TERMS[r.option].label} is delivered by ${wanted}.` });
  if (r.option === 'statementCredit' && !r.cardId) ctx.addIssue({ code: 'custom', path: ['cardId'], message: 'Choose the linked card the statement credit goes to.' });
  if (r.option !== 'statementCredit' && r.cardId) ctx.addIssue({ code: 'custom', path: ['cardId'], message: 'A card is chosen only for statement credits.' });
});
export type RedemptionRequest = z.infer<typeof ZRedemptionRequest>;

/** POST /api/Member/Redemptions: its Idempotency-Key. */
export const ZRedemptionIdempotencyHeaders = zIdempotencyHeaders('redemption',
  'A new random value per redemption (e.g. a UUID), the same on a retry: the same key and body answer the redemption it made; the same key with another body is 422.');

export const ZRedemptionParams = z.object({
  redemptionId: z.string().trim().regex(/^rd_[0-9a-f]{32}$|^cr_[0-9a-f]{32}$/, 'That is not a redemption id.'),
});

const ZStep = z.object({
  status: z.enum(REDEMPTION_STATUSES),
  at: z.string().describe('ISO 8601'),
});

export const ZRedemption = z.object({
  redemptionId: z.string(),
  option: z.enum(REDEMPTION_OPTIONS),
  label: z.string(),
  delivery: z.enum(DELIVERY_KINDS),
  brand: z.enum(GIFT_CARD_BRANDS).nullable(),
  amountCents: z.number().int(),
  feeCents: z.number().int(),
  status: z.enum(REDEMPTION_STATUSES),
  /** Where it goes, masked: "Visa ending in 1111", or the e-mail address, or the masked placeholder for a gift card. */
  destination: z.string(),
  /** The masked placeholder (§3) for gift cards; null for statement credits. */
  maskedCard: z.string().nullable(),
  /** Made by the payout job at the breakpoint (the member's automatic statement credit). */
  automatic: z.boolean(),
  /** Held for the team: why, in words (null when not held, or released). */
  hold: z.object({ reason: z.enum(Object.keys(HOLD_REASONS) as [HoldReason, ...HoldReason[]]), text: z.string() }).nullable(),
  /** Why it was rejected or failed, in words; null otherwise. */
  reason: z.string().nullable(),
  /** What happened to the money, in words. */
  money: z.string(),
  /** The steps so far, oldest first (pending, then pending_received, then a final one). */
  steps: z.array(ZStep),
  createdAt: z.string(),
});
export type Redemption = z.infer<typeof ZRedemption>;

export const ZRedemptionsPage = z.object({ data: z.array(ZRedemption), totalResultSize: z.number(), totalPages: z.number() });
export type RedemptionsPage = z.infer<typeof ZRedemptionsPage>;

/** PUT /api/Member/RedemptionSettings */
export const ZRedemptionSettingsRequest = z.object({
  autoStatementCredit: z.boolean({ message: 'autoStatementCredit must be true or false.' }),
});

/** POST /api/Member/Email/Confirm: the token from the link e-mailed to a changed address. */
export const ZEmailConfirmRequest = z.object({
  token: z.string({ message: 'The confirmation link is incomplete.' }).trim().min(16, 'The confirmation link is incomplete.').max(200, 'The confirmation link is not valid.'),
});
export const ZEmailConfirmResponse = z.object({ confirmed: z.literal(true), email: z.string() });

// ------------------------------------------------------------------ the console's hold queue

export const ZOpsRedemptionHoldsQuery = z.object({
  partner: z.string().trim().max(40).optional(),
});

export const ZOpsRedemptionHold = z.object({
  redemptionId: z.string(),
  partnerCode: z.string(),
  memberId: z.number(),
  memberName: z.string(),
  memberEmail: z.string(),
  joinDate: z.string(),
  label: z.string(),
  amountCents: z.number().int(),
  destination: z.string(),
  hold: z.object({ reason: z.enum(Object.keys(HOLD_REASONS) as [HoldReason, ...HoldReason[]]), text: z.string() }),
  /** The member's redemptions made before this one and not given back (rejected or failed ones do not count). */
  priorRedemptions: z.number().int(),
  createdAt: z.string(),
});
export const ZOpsRedemptionHoldsResponse = z.object({ data: z.array(ZOpsRedemptionHold) });

export const ZOpsRedemptionParams = z.object({ redemptionId: ZRedemptionParams.shape.redemptionId });
export const ZOpsRedemptionDecision = z.object({
  decision: z.enum(['release', 'reject'], { message: 'decision must be release or reject.' }),
  note: z.string().trim().min(3, 'Say why, in a few words (the member reads it when rejecting).').max(500, 'The note must be 500 characters or fewer.'),
});
export const ZOpsRedemptionDecided = z.object({ redemptionId: z.string(), status: z.enum(REDEMPTION_STATUSES), released: z.boolean() });
