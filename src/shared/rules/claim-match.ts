import { dayNumber } from './claim-window';

/**
 * How well a card-network event fits a missing-reward claim (docs/api-claims.md "Matching").
 * The claim names the card, the restaurant, the day (restaurant-local) and the amount the member
 * paid; the caller has already narrowed the events to the claimed card's token. The score is 0 to
 * 100: 0 means "not this purchase"; from CLAIM_MATCH_SCORE it is taken as the claimed dine; from
 * CLAIM_REVIEW_SCORE up to that, an operator decides (the review queue).
 */

/** A tip makes the cleared amount differ from the bill (and the authorisation from the total) by up to this share of the smaller one. */
export const CLAIM_TIP_MARGIN = 0.3;
/** At or above: matched automatically. */
export const CLAIM_MATCH_SCORE = 70;
/** At or above (and below CLAIM_MATCH_SCORE): borderline, to the review queue. Below: not a match. */
export const CLAIM_REVIEW_SCORE = 40;
/** Two different purchases this close in score: the best one is not clearly the one claimed. */
export const CLAIM_AMBIGUITY_GAP = 10;

/** Points taken off a perfect 100. */
export const SCORE_PENALTIES = {
  /** The event is dated the day before or after the claimed day (late-night dines, a network dating by its own clock). */
  adjacentDay: 25,
  /** The amount differs (within the tip margin): this much, plus up to `amountPerShare` × the share it differs by. */
  amountDiffers: 10,
  amountPerShare: 40,
  /** The event's network location is not one we know for any restaurant: it may be the claimed one (a new card processor) or not. */
  unknownLocation: 35,
} as const;

export type ClaimFacts = { dineDate: string; amountCents: number };

export type EventFacts = {
  /** The event's date in the restaurant's local time (YYYY-MM-DD). */
  localDate: string;
  amountCents: number;
  /** Whether its network location belongs to the claimed restaurant (false: a location no restaurant has). */
  locationKnown: boolean;
};

/** The score of one event for a claim: 0 when it cannot be the claimed purchase. */
export function matchScore(claim: ClaimFacts, event: EventFacts): number {
  const claimDay = dayNumber(claim.dineDate);
  const eventDay = dayNumber(event.localDate);
  if (claimDay === null || eventDay === null) return 0;
  const days = Math.abs(eventDay - claimDay);
  if (days > 1) return 0;
  if (claim.amountCents <= 0 || event.amountCents <= 0) return 0;
  const diff = Math.abs(claim.amountCents - event.amountCents);
  const share = diff / Math.min(claim.amountCents, event.amountCents);
  if (share > CLAIM_TIP_MARGIN) return 0;
  let score = 100;
  if (days === 1) score -= SCORE_PENALTIES.adjacentDay;
  if (diff > 0) score -= SCORE_PENALTIES.amountDiffers + Math.round(SCORE_PENALTIES.amountPerShare * share);
  if (!event.locationKnown) score -= SCORE_PENALTIES.unknownLocation;
  return Math.max(0, score);
}

/** An event and the purchase it belongs to (its dine, or its transaction id when it made none). */
export type Candidate<T> = { purchaseKey: string; facts: EventFacts; item: T };

export type MatchPick<T> =
  | { kind: 'none' }
  | { kind: 'match'; item: T; purchaseKey: string; score: number; confidence: 'high' | 'borderline'; ambiguous: boolean };

/**
 * The purchase a claim is about: the best-scoring event (its purchase's other events count as the
 * same purchase). Borderline when its score is below CLAIM_MATCH_SCORE, or when another purchase
 * scores within CLAIM_AMBIGUITY_GAP of it (two similar dines: an operator picks).
 */
export function pickMatch<T>(claim: ClaimFacts, candidates: readonly Candidate<T>[]): MatchPick<T> {
  const scored = candidates.map((c) => ({ ...c, score: matchScore(claim, c.facts) })).filter((c) => c.score >= CLAIM_REVIEW_SCORE);
  if (scored.length === 0) return { kind: 'none' };
  // Best first; equal scores keep the caller's order (stable sort), so the answer does not depend on chance.
  scored.sort((a, b) => b.score - a.score);
  const best = scored[0]!;
  const rival = scored.find((c) => c.purchaseKey !== best.purchaseKey);
  const ambiguous = rival !== undefined && best.score - rival.score < CLAIM_AMBIGUITY_GAP;
  const confidence = best.score >= CLAIM_MATCH_SCORE && !ambiguous ? 'high' : 'borderline';
  return { kind: 'match', item: best.item, purchaseKey: best.purchaseKey, score: best.score, confidence, ambiguous };
}
