/**
 * Verified reviews (issue 10): the review screen of a visit, the restaurant page's reviews, the
 * 'Write a review' link of a Reviews & History row and the review statuses behind it.
 */
export { ReviewScreen } from './components/review-screen';
export { MerchantReviews } from './components/merchant-reviews';
export { ReviewLink } from './components/review-link';
export { useReviewedIds } from './api';
