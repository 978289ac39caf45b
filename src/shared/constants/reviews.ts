/** Verified reviews (issue 10; docs/api-reviews.md): limits and the four aspects rated. */

/** At most this many ids in one GET /api/reviews/status (a page of activity holds at most 100 rows). */
export const MAX_STATUS_IDS = 100;
export const MAX_TXN_ID_LENGTH = 64;
/** The optional comment, after trimming. */
export const MAX_REVIEW_COMMENT = 1000;
/** Reviews on a restaurant page, a page at a time. */
export const REVIEWS_PAGE_SIZE = 5;
export const MAX_REVIEWS_PAGE_SIZE = 50;

/** What a diner rates, 1 to 5 stars each, in form order. */
export const REVIEW_ASPECTS = ['food', 'service', 'ambience', 'value'] as const;
export type ReviewAspect = (typeof REVIEW_ASPECTS)[number];
export const REVIEW_ASPECT_LABELS: Record<ReviewAspect, string> = { food: 'Food', service: 'Service', ambience: 'Ambience', value: 'Value' };

/** The message of a rating left out or out of range (client and server alike). */
export const ratingMessage = (aspect: ReviewAspect) => `Rate the ${aspect} from 1 to 5 stars.`;
export const COMMENT_TOO_LONG = `Keep the comment to ${MAX_REVIEW_COMMENT} characters or fewer.`;
