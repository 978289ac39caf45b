import type { Db } from '../../db/client';
import type { MemberRow, PartnerRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { REVIEW_LINK_MESSAGES, reviewLinkDecision } from '#shared/rules/review-link';
import type {
  CreateReviewResponse, MerchantReview, MerchantReviewsPage, ReviewableDine, ReviewStatus, VerifiedRatings,
} from '#shared/schemas/reviews';
import { toTransaction } from '../rewards';
import {
  countMerchantReviews, findReviewTarget, insertReview, merchantExists, merchantReviewRows, reviewedAmong, reviewOfDine, totalsOf,
  type MerchantFigures, type Owner, type ReviewRow, type ReviewTarget, type TotalsRow,
} from './reviews.repo';

/**
 * Verified reviews (issue 10; docs/api-reviews.md). A member reviews a dine of their own history
 * once, while the §5 rule allows it; the restaurant's rating, rating count and recommend share
 * blend the figures it had before its first verified review with the verified reviews.
 */

type Who = { partner: PartnerRow; member: MemberRow };
const owner = ({ partner, member }: Who): Owner => ({ partnerId: partner.id, memberId: member.id });

export const VISIT_NOT_FOUND = 'We could not find that visit in your history.';
export const ALREADY_REVIEWED = REVIEW_LINK_MESSAGES.reviewed;
export const RESTAURANT_NOT_FOUND = 'We could not find that restaurant. It may have left the program.';

/** 'Sam K.': the first name and the last name's initial; '' without a first name. */
export function authorName(member: Pick<MemberRow, 'firstName' | 'lastName'>): string {
  const first = member.firstName.trim();
  if (!first) return '';
  const initial = [...member.lastName.trim()][0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** A review's overall: the mean of its four ratings, to two decimals. */
export function overallOf(r: { food: number; service: number; ambience: number; value: number }): number {
  return Math.round(((r.food + r.service + r.ambience + r.value) / 4) * 100) / 100;
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * The restaurant's figures from its totals: the base (count, rating, recommending diners; -1 when
 * the base had no recommend share) blended with the verified reviews, weighted by their counts.
 */
export function blendFigures(t: TotalsRow): MerchantFigures {
  const count = t.baseCount + t.reviewCount;
  const overall = count === 0 ? 0 : (t.baseRating * t.baseCount + t.overallSum) / count;
  const recommendOf = t.baseRecommend >= 0 ? count : t.reviewCount;
  const recommending = (t.baseRecommend >= 0 ? t.baseRecommend : 0) + t.recommendCount;
  return {
    id: t.merchantId,
    overallRating: round(Math.max(0, Math.min(5, overall)), 2),
    numberOfRatings: count,
    recommendPercent: recommendOf === 0 ? null : Math.round((recommending / recommendOf) * 100),
  };
}

/** The verified reviews' averages, or null before the first. */
export function verifiedRatings(t: TotalsRow | undefined): VerifiedRatings | null {
  if (!t || t.reviewCount === 0) return null;
  const avg = (sum: number) => round(sum / t.reviewCount, 1);
  return { count: t.reviewCount, overall: avg(t.overallSum), food: avg(t.foodSum), service: avg(t.serviceSum), ambience: avg(t.ambienceSum), value: avg(t.valueSum) };
}

export function toMerchantReview(r: ReviewRow): MerchantReview {
  return {
    id: r.id, authorName: r.authorName, verified: true, food: r.food, service: r.service, ambience: r.ambience, value: r.value,
    overall: r.overall, comment: r.comment, dinedIn: r.dinedOn.slice(0, 7), createdAt: r.createdAt.toISOString(),
  };
}

/** GET /api/reviews/status: every distinct id asked, in order; completed only for the member's own reviewed dines. */
export async function reviewStatus(db: Db, who: Who, ids: readonly string[]): Promise<ReviewStatus[]> {
  const distinct = [...new Set(ids)];
  const reviewed = await reviewedAmong(db, owner(who), distinct);
  return distinct.map((id) => ({ id, completed: reviewed.has(id) }));
}

function decide(who: Who, target: ReviewTarget, reviewed: boolean, now: Date) {
  const tx = toTransaction(who.partner, who.member, target.row, now.toISOString().slice(0, 10));
  return { tx, decision: reviewLinkDecision({ ...tx, reviewed }, now) };
}

async function requireTarget(db: Db, who: Who, txnId: string): Promise<ReviewTarget> {
  const target = await findReviewTarget(db, owner(who), txnId);
  if (!target) throw AppError.notFound(VISIT_NOT_FOUND);
  return target;
}

/** GET /api/reviews/dines/{txnId}: the visit the form is about, its review if written, and whether one may be written. */
export async function reviewableDine(db: Db, who: Who, txnId: string, now: Date = new Date()): Promise<ReviewableDine> {
  const target = await requireTarget(db, who, txnId);
  const existing = await reviewOfDine(db, target.dineId);
  const { tx, decision } = decide(who, target, existing !== undefined, now);
  return {
    txnId,
    merchantId: target.merchantId,
    merchantName: target.row.merchant!.name,
    dinedAt: tx.transactionCreatedAt,
    review: existing ? toMerchantReview(existing) : null,
    reviewable: decision.ok,
    problem: decision.ok ? null : REVIEW_LINK_MESSAGES[decision.problem],
  };
}

export type ReviewInput = { txnId: string; food: number; service: number; ambience: number; value: number; comment: string };

/**
 * POST /api/reviews: 404 for a visit not in the member's history (another member's included),
 * 409 once reviewed or when §5 no longer allows it; the review and the restaurant's figures are
 * written together.
 */
export async function createReview(db: Db, who: Who, input: ReviewInput, now: Date = new Date()): Promise<CreateReviewResponse> {
  const target = await requireTarget(db, who, input.txnId);
  const existing = await reviewOfDine(db, target.dineId);
  const { decision } = decide(who, target, existing !== undefined, now);
  if (!decision.ok) throw new AppError(409, REVIEW_LINK_MESSAGES[decision.problem]);
  const ratings = { food: input.food, service: input.service, ambience: input.ambience, value: input.value };
  const written = await insertReview(db, {
    partnerId: who.partner.id,
    merchantId: target.merchantId,
    memberId: who.member.id,
    dineId: target.dineId,
    memberRewardId: target.rewardId,
    transactionId: input.txnId,
    ...ratings,
    overall: overallOf(ratings),
    comment: input.comment.trim(),
    authorName: authorName(who.member),
    dinedOn: target.row.dine!.localDate,
  }, blendFigures);
  // Written meanwhile by another request of the same member: the unique index kept one.
  if (!written) throw new AppError(409, ALREADY_REVIEWED);
  const { figures } = written;
  return { review: toMerchantReview(written.review), merchant: { id: figures.id, overallRating: figures.overallRating, numberOfRatings: figures.numberOfRatings } };
}

/** GET /api/merchants/{merchantId}/reviews: public, newest first, with the verified averages. */
export async function merchantReviewsPage(db: Db, merchantId: number, page: { pageNo: number; resultsPerPage: number }): Promise<MerchantReviewsPage> {
  if (!(await merchantExists(db, merchantId))) throw AppError.notFound(RESTAURANT_NOT_FOUND);
  const [rows, total, totals] = await Promise.all([
    merchantReviewRows(db, merchantId, { offset: (page.pageNo - 1) * page.resultsPerPage, limit: page.resultsPerPage }),
    countMerchantReviews(db, merchantId),
    totalsOf(db, merchantId),
  ]);
  return { verified: verifiedRatings(totals), data: rows.map(toMerchantReview), totalResultSize: total, totalPages: Math.ceil(total / page.resultsPerPage) };
}
