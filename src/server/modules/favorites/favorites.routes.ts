import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FAVORITES_LIMIT } from '#shared/schemas/favorites';
import type { Db } from '../../db/client';
import { deleteFavorite, listFavorites, putFavorite, requireFavorites } from './favorites.service';
import { API } from '#shared/api';
import { routesOf } from '../../lib/route';

/**
 * Favourite restaurants (issue 11; docs/api-favorites.md). Own member only: the session names the
 * member, so there is no member id to get wrong. On a partner without merchant favourites every
 * call answers 404; otherwise visitors (and another partner's session) get 401, both before the
 * input is read. PUT and DELETE carry X-XSRF-TOKEN, checked first of all (onRequest).
 */
export const favoritesRoutes: FastifyPluginAsyncZod<{ db: Db; limit?: number }> = async (app, { db, limit = FAVORITES_LIMIT }) => {
  const route = routesOf(app, { tags: ['favorites'] });
  const signedIn = async (request: FastifyRequest) => {
    requireFavorites(request.sitePartner);
    await app.sessions.require(request);
  };
  const who = async (request: FastifyRequest) => ({ partner: request.sitePartner, member: (await app.sessions.require(request)).member });

  route(API.favorites, {
    schema: {
      summary: "The member's favourite restaurants, newest first, with the limit",
      description: `Each favourite is the restaurant's search tile (distance null) and when it was added. A member keeps up to ${FAVORITES_LIMIT}. 404 on a partner without merchant favourites; 401 for a visitor.`,
      errors: [401, 404],
    },
    preValidation: signedIn,
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const owner = await who(request);
    // On a replica that has replayed the member's own last change (plugins/reads.ts).
    return request.read((reader) => listFavorites(reader, owner, limit));
  });

  route(API.addFavorite, {
    schema: {
      summary: 'Add a restaurant to the member\'s favourites (idempotent)',
      description: `201 when added, 200 when it was a favourite already (the first addedAt is kept). 404 for an unknown restaurant or a partner without merchant favourites; 409 once the member keeps ${FAVORITES_LIMIT}.`,
      errors: [401, 403, 404, 409],
    },
    preValidation: signedIn,
  }, async (request, reply) => {
    const result = await putFavorite(db, await who(request), request.params.merchantId, limit);
    return reply.status(result.created ? 201 : 200).send(result);
  });

  route(API.removeFavorite, {
    schema: {
      summary: 'Remove a restaurant from the member\'s favourites (idempotent)',
      description: 'Answers removed: true when it was a favourite, false when it was not (nothing to do). 404 on a partner without merchant favourites.',
      errors: [401, 403, 404],
    },
    preValidation: signedIn,
  }, async (request) => deleteFavorite(db, await who(request), request.params.merchantId));
};
