import { z } from 'zod';

/**
 * Verified reviews (issue 10; docs/api-reviews.md): the review status of Reviews & History rows
 * (§3 review status, §7 GET /api/reviews/status), the review form, and a restaurant's reviews.
 */

import {
  COMMENT_TOO_LONG, MAX_REVIEW_COMMENT, MAX_REVIEWS_PAGE_SIZE, MAX_STATUS_IDS, MAX_TXN_ID_LENGTH, REVIEWS_PAGE_SIZE, ratingMessage, type ReviewAspect,
} from '../constants/reviews';
import { noControl, noControlButLines } from '../rules/text';

export * from '../constants/reviews';

const zTxnId = z.string({ message: 'txnId is required.' }).trim()
  .min(1, 'txnId must not be empty.')
  .max(MAX_TXN_ID_LENGTH, `txnId must be ${MAX_TXN_ID_LENGTH} characters or fewer.`)
  .refine(noControl, 'txnId must not contain control characters.');

/** GET /api/reviews/status?txnId=a&txnId=b (repeated; §7). */
export const ZReviewStatusQuery = z.object({
  txnId: z.union([z.string(), z.array(z.string())], { message: 'Give at least one txnId.' })
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(z.array(zTxnId).min(1, 'Give at least one txnId.').max(MAX_STATUS_IDS, `Ask about ${MAX_STATUS_IDS} transactions or fewer at once.`))
    .describe(`Transaction ids (sourceTransactionId of GET /api/Member/Transactions rows), repeated: ?txnId=a&txnId=b; 1 to ${MAX_STATUS_IDS}.`),
});

/** §3 review status: one per distinct id asked, in the order asked. */
export const ZReviewStatus = z.object({ id: z.string(), completed: z.boolean() });
export type ReviewStatus = z.infer<typeof ZReviewStatus>;
export const ZReviewStatusResponse = z.array(ZReviewStatus);

const zRating = (aspect: ReviewAspect) => z.number({ message: ratingMessage(aspect) })
  .int(ratingMessage(aspect)).min(1, ratingMessage(aspect)).max(5, ratingMessage(aspect));

/** The review form's values (the client validates with it too). */
export const ZReviewForm = z.object({
  food: zRating('food'),
  service: zRating('service'),
  ambience: zRating('ambience'),
  value: zRating('value'),
  comment: z.string({ message: 'The comment must be text.' }).trim()
    .max(MAX_REVIEW_COMMENT, COMMENT_TOO_LONG)
    .refine(noControlButLines, 'Please remove special characters from the comment.').default(''),
});

/** POST /api/reviews. */
export const ZCreateReviewRequest = ZReviewForm.extend({
  txnId: zTxnId.describe('The Reviews & History row reviewed (its sourceTransactionId).'),
});
export type CreateReviewRequest = z.input<typeof ZCreateReviewRequest>;

export const ZReviewTxnParams = z.object({ txnId: zTxnId });

/** A verified review as the restaurant page shows it. */
export const ZMerchantReview = z.object({
  id: z.number(),
  /** First name and last initial ('Sam K.'); '' when the member gave no name. */
  authorName: z.string(),
  /** Always true: only the diner of a card-linked dine may write one. */
  verified: z.literal(true),
  food: z.number(),
  service: z.number(),
  ambience: z.number(),
  value: z.number(),
  /** The mean of the four, 1 to 5. */
  overall: z.number(),
  comment: z.string(),
  /** The month of the visit (YYYY-MM), restaurant-local. */
  dinedIn: z.string(),
  createdAt: z.string(),
});
export type MerchantReview = z.infer<typeof ZMerchantReview>;

/** The restaurant's verified reviews in figures: their count and average ratings (null until the first). */
export const ZVerifiedRatings = z.object({
  count: z.number(),
  overall: z.number(),
  food: z.number(),
  service: z.number(),
  ambience: z.number(),
  value: z.number(),
});
export type VerifiedRatings = z.infer<typeof ZVerifiedRatings>;

/** GET /api/merchants/{merchantId}/reviews: newest first. */
export const ZMerchantReviewsQuery = z.object({
  pageNo: z.coerce.number({ message: 'pageNo must be a number.' }).int('pageNo must be a whole number.').min(1, 'Pages start at 1.').max(100_000, 'pageNo is too large.').default(1),
  resultsPerPage: z.coerce.number({ message: 'resultsPerPage must be a number.' }).int('resultsPerPage must be a whole number.')
    .min(1, 'resultsPerPage must be at least 1.').max(MAX_REVIEWS_PAGE_SIZE, `resultsPerPage must be ${MAX_REVIEWS_PAGE_SIZE} or fewer.`).default(REVIEWS_PAGE_SIZE),
});
export const ZMerchantReviewsPage = z.object({
  verified: ZVerifiedRatings.nullable(),
  data: z.array(ZMerchantReview),
  totalResultSize: z.number(),
  totalPages: z.number(),
});
export type MerchantReviewsPage = z.infer<typeof ZMerchantReviewsPage>;

/** GET /api/reviews/dines/{txnId}: what the form is about, and whether it can be written. */
export const ZReviewableDine = z.object({
  txnId: z.string(),
  merchantId: z.number(),
  merchantName: z.string(),
  /** The dine's restaurant-local date-time (ISO 8601 with offset). */
  dinedAt: z.string(),
  /** The review already written for this dine, if any. */
  review: ZMerchantReview.nullable(),
  /** Whether a review may be written now (§5). */
  reviewable: z.boolean(),
  /** Why not, in words, when it may not. */
  problem: z.string().nullable(),
});
export type ReviewableDine = z.infer<typeof ZReviewableDine>;

/** POST /api/reviews answer: the review and the restaurant's new figures. */
export const ZCreateReviewResponse = z.object({
  review: ZMerchantReview,
  merchant: z.object({ id: z.number(), overallRating: z.number(), numberOfRatings: z.number() }),
});
export type CreateReviewResponse = z.infer<typeof ZCreateReviewResponse>;
