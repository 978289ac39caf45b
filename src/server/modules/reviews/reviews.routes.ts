import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_REVIEW_COMMENT } from '#shared/schemas/reviews';
import type { Db } from '../../db/client';
import type { MerchantSearch } from '../merchants';
import { createReview, merchantReviewsPage, reviewableDine, reviewStatus } from './reviews.service';
import { API } from '#shared/api';
import { routesOf } from '../../lib/route';

/**
 * Verified reviews (issue 10; docs/api-reviews.md). Member calls are own-member only (the session
 * names the member; visitors and other partners' hosts get 401); a restaurant's reviews are public.
 * A new review updates this instance's search index at once (others on their next refresh).
 */
export const reviewsRoutes: FastifyPluginAsyncZod<{ db: Db; search?: MerchantSearch }> = async (app, { db, search }) => {
  const route = routesOf(app, { tags: ['reviews'] });
  const who = async (request: Parameters<typeof app.sessions.require>[0]) => {
    const { member } = await app.sessions.require(request);
    return { partner: request.sitePartner, member };
  };

  route(API.reviewStatus, {
    schema: {
      summary: 'Review status of Reviews & History rows (§7): [{id, completed}] for each distinct txnId, in the order asked',
      description: "completed is true only for the signed-in member's own dines that have a review; any other id (unknown, another member's or another partner's) answers completed false, so nothing about it is revealed.",
      errors: [401],
    },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return reviewStatus(db, await who(request), request.query.txnId);
  });

  route(API.reviewableDine, {
    schema: {
      summary: "A visit of the member's history for the review form: restaurant, date, its review if written, and whether one may be written now (§5)",
      errors: [401, 404],
    },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return reviewableDine(db, await who(request), request.params.txnId);
  });

  route(API.createReview, {
    schema: {
      summary: 'Write the review of a visit: food, service, ambience and value 1-5, an optional comment',
      description: `Only the diner, once per dine, while §5 allows it (settle or manual row, not Deferred or Forfeit, dated 1 February 2021 or later, up to 35 days after the visit in the restaurant's calendar). The comment is trimmed, up to ${MAX_REVIEW_COMMENT} characters. 404 for a visit not in the member's history (another member's included); 409 once reviewed or when the rule no longer allows it. Answers the review and the restaurant's new rating and count.`,
      errors: [401, 403, 404, 409],
    },
  }, async (request) => {
    const result = await createReview(db, await who(request), request.body);
    search?.applyRatings([{ id: result.merchant.id, ratingOverall: result.merchant.overallRating, ratingCount: result.merchant.numberOfRatings }]);
    return result;
  });

  route(API.merchantReviews, {
    schema: {
      summary: "A restaurant's verified reviews, newest first, with their average ratings (public)",
      errors: [404],
    },
  }, async (request) => merchantReviewsPage(db, request.params.merchantId, request.query));
};
