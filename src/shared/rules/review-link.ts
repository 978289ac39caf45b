import { REVIEW_WINDOW_DAYS, type RewardSourceCode, type RewardStatus } from '../constants/rewards';
import { localParts, reviewDaysSince } from './rewards/local-time';

/**
 * §5 review link: "only for items dated on or after Feb 2021 within 35 days, settle or manual
 * transactions not deferred or forfeited and not already reviewed" (docs/api-reviews.md).
 *
 * - "On or after Feb 2021": the dine's restaurant-local date is 2021-02-01 or later (1 February
 *   included, 31 January not).
 * - "Within 35 days": counted in calendar days of the restaurant's local time, from the dine's
 *   local date to today's local date at the same restaurant (today read at the dine's own UTC
 *   offset, taken from its date-time). Day 0 (the day of the dine) to day 35 are in; day 36 is
 *   out. The member's own time zone plays no part, so a member travelling sees the same link as
 *   the server accepts.
 * - Settle (S) or manual (M) rows only; Deferred and Forfeit rows never (Pending, Awarded and
 *   Paid may be reviewed).
 * - A row without a restaurant cannot be reviewed (nothing to review).
 * The client decides whether to show the link with it, the server whether to accept a review.
 */

/** The first local date that may be reviewed (§5 "on or after Feb 2021"). */
export const REVIEWS_FROM_DATE = '2021-02-01';
export const REVIEWABLE_SOURCES: readonly RewardSourceCode[] = ['S', 'M'];
export const UNREVIEWABLE_STATUSES: readonly RewardStatus[] = ['Deferred', 'Forfeit'];

export type ReviewLinkInput = {
  /** ISO 8601 with offset: the dine's restaurant-local date-time (§3 transactionCreatedAt). */
  transactionCreatedAt: string;
  transactionStatus: RewardStatus;
  transactionTypeCode: RewardSourceCode;
  merchantId: number | null;
  /** Already reviewed (GET /api/reviews/status, or the server's own record). */
  reviewed: boolean;
};

export type ReviewLinkProblem = 'badDate' | 'beforeFeb2021' | 'windowClosed' | 'source' | 'status' | 'noRestaurant' | 'reviewed';
export type ReviewLinkDecision = { ok: true; daysSince: number } | { ok: false; problem: ReviewLinkProblem };

/** Whether the row may be reviewed now, and if not why (the server's message names it). */
export function reviewLinkDecision(tx: ReviewLinkInput, now: Date): ReviewLinkDecision {
  if (!REVIEWABLE_SOURCES.includes(tx.transactionTypeCode)) return { ok: false, problem: 'source' };
  if (UNREVIEWABLE_STATUSES.includes(tx.transactionStatus)) return { ok: false, problem: 'status' };
  if (tx.merchantId === null) return { ok: false, problem: 'noRestaurant' };
  const local = localParts(tx.transactionCreatedAt);
  const days = reviewDaysSince(tx.transactionCreatedAt, now);
  if (!local || days === null) return { ok: false, problem: 'badDate' };
  if (local.date < REVIEWS_FROM_DATE) return { ok: false, problem: 'beforeFeb2021' };
  if (days > REVIEW_WINDOW_DAYS) return { ok: false, problem: 'windowClosed' };
  if (tx.reviewed) return { ok: false, problem: 'reviewed' };
  return { ok: true, daysSince: Math.max(0, days) };
}

/** §5: show the review link on this row. */
export function showsReviewLink(tx: ReviewLinkInput, now: Date): boolean {
  return reviewLinkDecision(tx, now).ok;
}

/**
 * Whether a row could have a review link apart from being reviewed: the ids the client asks
 * GET /api/reviews/status about (rows that can never have the link are not asked about).
 */
export function mayHaveReviewLink(tx: Omit<ReviewLinkInput, 'reviewed'>, now: Date): boolean {
  return reviewLinkDecision({ ...tx, reviewed: false }, now).ok;
}

/** The member-facing reason a review cannot be written (the server's 4xx messages). */
export const REVIEW_LINK_MESSAGES: Record<ReviewLinkProblem, string> = {
  badDate: 'This visit cannot be reviewed.',
  beforeFeb2021: 'Visits before February 2021 cannot be reviewed.',
  windowClosed: `Reviews can be written up to ${REVIEW_WINDOW_DAYS} days after the visit; this one is older.`,
  source: 'Only a visit to a restaurant can be reviewed.',
  status: 'This visit did not earn a reward, so it cannot be reviewed.',
  noRestaurant: 'Only a visit to a restaurant can be reviewed.',
  reviewed: 'You have already reviewed this visit. Each visit can be reviewed once.',
};
