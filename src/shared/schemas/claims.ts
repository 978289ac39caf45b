import { z } from 'zod';
import { NOT_EARNED_REASONS, type NotEarnedReason } from '../constants/rewards';
import { dayNumber } from '../rules/claim-window';

/**
 * Missing-reward claims (§2 recent activity banner, §9 claims after 10 days; docs/api-claims.md).
 * Amounts travel as integer cents in requests and dollars in answers, like the reward calls.
 */

/** What a member sees of a claim (§ issue 10: Submitted, Matched, Not found, In review, Resolved). */
export const CLAIM_STATUSES = ['Submitted', 'Matched', 'NotFound', 'InReview', 'Resolved'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/**
 * What matching found, behind the status:
 * - processing: the network's record arrived and the rewards engine has not applied it yet (Submitted);
 * - earned, pending, notEarned: the dine was found and qualification ran again (Matched);
 * - notFound: no event of the card at the restaurant near that date and amount (Not found);
 * - borderline, unknownLocation, requalifies, notSettled, notApplied: an operator decides (In review);
 * - awarded, rejected: the operator's decision (Resolved).
 */
export const CLAIM_FINDINGS = [
  'processing', 'earned', 'pending', 'notEarned', 'notFound', 'borderline', 'unknownLocation', 'requalifies', 'notSettled', 'notApplied', 'awarded', 'rejected',
] as const;
export type ClaimFinding = (typeof CLAIM_FINDINGS)[number];

const MAX_CENTS = 1_000_000;

export const ZClaimRequest = z.object({
  cardId: z.number({ message: 'Choose the card you paid with.' }).int('Choose the card you paid with.').positive('Choose the card you paid with.').max(2147483647, 'Choose the card you paid with.')
    .describe("One of the member's linked cards (GET /api/Member/Cards)."),
  merchantId: z.number({ message: 'Choose the restaurant.' }).int('Choose the restaurant.').positive('Choose the restaurant.').max(2147483647, 'Choose the restaurant.')
    .describe('The restaurant (found with GET /api/v2/Merchants/Search).'),
  dineDate: z.string({ message: 'Enter the date of the dine.' }).trim().refine((v) => dayNumber(v) !== null, 'Enter the date of the dine, like 2026-11-20.')
    .describe("The day of the dine in the restaurant's local time, YYYY-MM-DD: from 10 to 90 days ago (30 for Amex cards)."),
  amountCents: z.number({ message: 'Enter the amount you paid.' }).int('Enter the amount in whole cents.')
    .min(1, 'The amount must be more than $0.00.').max(MAX_CENTS, 'The amount must be $10,000.00 or less.')
    .describe('What the card was charged, tip included, in cents.'),
}).strict();
export type ClaimRequest = z.input<typeof ZClaimRequest>;

export const ZClaim = z.object({
  id: z.number(),
  status: z.enum(CLAIM_STATUSES),
  finding: z.enum(CLAIM_FINDINGS).nullable(),
  /** The status and finding in a sentence or two, for the member (and the e-mail). */
  message: z.string(),
  card: z.object({ cardType: z.string(), lastFour: z.string() }),
  merchantId: z.number(),
  merchantName: z.string(),
  dineDate: z.string().describe('YYYY-MM-DD, restaurant-local.'),
  amount: z.number().describe('Dollars, as claimed.'),
  matchScore: z.number().nullable().describe('0-100 for the event matched; null when none was.'),
  /** The matched dine's transaction id (its row on Reviews & History), when there is one. */
  transactionId: z.string().nullable(),
  reasonCode: z.enum(Object.keys(NOT_EARNED_REASONS) as [NotEarnedReason, ...NotEarnedReason[]]).nullable(),
  reason: z.string().nullable(),
  resolution: z.enum(['awarded', 'rejected']).nullable(),
  resolutionNote: z.string().nullable(),
  /** Awarded by an operator: the manual (M) reward in the partner's unit (dollars on cash-back partners). */
  rewardAmount: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Claim = z.infer<typeof ZClaim>;

export const ZClaimsResponse = z.object({ claims: z.array(ZClaim) });
export type ClaimsResponse = z.infer<typeof ZClaimsResponse>;

export const ZClaimSubmitResponse = z.object({
  claim: ZClaim,
  /** True when this dine (or this very claim) was claimed before: `claim` is that first claim, and nothing new was stored. */
  alreadyClaimed: z.boolean(),
});
export type ClaimSubmitResponse = z.infer<typeof ZClaimSubmitResponse>;

// ------------------------------------------------------------------ the review queue (operators)

export const ZReviewClaim = ZClaim.extend({
  memberPublicId: z.string(),
  memberEmail: z.string(),
  reviewNote: z.string().nullable(),
  /** The manual reward an award would make now, in the partner's unit. */
  proposedReward: z.number(),
});
export type ReviewClaim = z.infer<typeof ZReviewClaim>;
export const ZReviewClaimsResponse = z.object({ claims: z.array(ZReviewClaim) });
export type ReviewClaimsResponse = z.infer<typeof ZReviewClaimsResponse>;

/** A card-network event the matcher weighed for a claim, as the console shows it beside the claim. */
export const ZClaimCandidate = z.object({
  eventId: z.string(),
  type: z.enum(['authorisation', 'clearing']),
  /** Restaurant-local date and time (YYYY-MM-DDTHH:MM). */
  localDateTime: z.string(),
  amountCents: z.number(),
  /** At one of the claimed restaurant's network locations, or at a location no restaurant has. */
  location: z.enum(['restaurant', 'unknown']),
  /** Its match score for this claim (0: not this purchase). */
  score: z.number(),
  /** The event the claim was matched to. */
  matched: z.boolean(),
  /** The engine has applied it, and what it made of it. */
  processed: z.boolean(),
  outcome: z.string().nullable(),
  /** The member's dine it made (its status and why it did not earn), if any. */
  dineStatus: z.string().nullable(),
  dineReason: z.string().nullable(),
});
export type ClaimCandidate = z.infer<typeof ZClaimCandidate>;
export const ZClaimCandidatesResponse = z.object({ claim: ZReviewClaim, candidates: z.array(ZClaimCandidate) });

export const ZResolveClaimRequest = z.discriminatedUnion('resolution', [
  z.object({ resolution: z.literal('award'), note: z.string().trim().max(300, 'The note must be 300 characters or fewer.').optional() }).strict(),
  z.object({ resolution: z.literal('reject'), note: z.string({ message: 'Give the member the reason.' }).trim().min(1, 'Give the member the reason.').max(300, 'The note must be 300 characters or fewer.') }).strict(),
], { message: 'resolution must be award or reject.' });
