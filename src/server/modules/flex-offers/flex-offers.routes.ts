import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { memberFlexOffer, requireFlexOffers } from './flex-offers.service';
import { API } from '#shared/api';
import { route } from '../../lib/route';

/**
 * §7 flex-offer call (docs/api-flex-offers.md). The anti-forgery header is required on this GET
 * (spec: "auth header"), checked first of all (onRequest); then the partner's switch (404), the
 * session (401), the input (400), the member's own public id (403).
 */
export const flexOffersRoutes: FastifyPluginAsyncZod<{ db: Db; now?: () => Date }> = async (app, { db, now }) => {
  route(app, API.flexOffer, {
    config: { csrfRequired: true },
    schema: {
      tags: ['flex-offers'],
      summary: "The signed-in member's flex offer at a restaurant (own public id only, with X-XSRF-TOKEN)",
      description: 'Answers the member\'s open offer at this restaurant valid today (restaurant-local), the one ending soonest: '
        + '`id`, `webMessageOfferAmount` (§3) and its dates. 404 when there is none, for an unknown restaurant, or on a partner without flex offers; '
        + '401 for a visitor; 403 for a public id other than the signed-in member\'s.',
      errors: [401, 403, 404],
    },
    preValidation: async (request) => {
      requireFlexOffers(request.sitePartner);
      await app.sessions.require(request);
    },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { member } = await app.sessions.require(request);
    return memberFlexOffer(db, { partner: request.sitePartner, member, merchantId: request.params.merchantId, publicId: request.params.publicId, now: now?.() });
  });
};
