import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '#shared/schemas/common';
import { FAVORITES_LIMIT } from '#shared/schemas/favorites';
import type { Db } from '../../db/client';
import { deleteFavorite, listFavorites, putFavorite, requireFavorites } from './favorites.service';
import { API } from '#shared/api';
import { route } from '../../lib/route';

/**
 * Favourite restaurants (issue 11; docs/api-favorites.md). Own member only: the session names the
 * member, so there is no member id to get wrong. On a partner without merchant favourites every
 * call answers 404; otherwise visitors (and another partner's session) get 401, both before the
 * input is read. PUT and DELETE carry X-XSRF-TOKEN, checked first of all (onRequest).
 */
export const favoritesRoutes: FastifyPluginAsyncZod<{ db: Db; limit?: number }> = async (app, { db, limit = FAVORITES_LIMIT }) => {
  const signedIn = async (request: FastifyRequest) => {
    requireFavorites(request.sitePartner);
    await app.sessions.require(request);
  };
  const who = async (request: FastifyRequest) => ({ partner: request.sitePartner, member: (await app.sessions.require(request)).member });

  route(app, API.favorites, {
    schema: {
      tags: ['favorites'],
      summary: "The member's favourite restaurants, newest first, with the limit",
      description: `Each favourite is the restaurant's search tile (distance null) and when it was added. A member keeps up to ${FAVORITES_LIMIT}. 404 on a partner without merchant favourites; 401 for a visitor.`,
      response: { 401: ZErrorResponse, 404: ZErrorResponse },
    },
    preValidation: signedIn,
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listFavorites(db, await who(request), limit);
  });

  route(app, API.addFavorite, {
    schema: {
      tags: ['favorites'],
      summary: 'Add a restaurant to the member\'s favourites (idempotent)',
      description: `201 when added, 200 when it was a favourite already (the first addedAt is kept). 404 for an unknown restaurant or a partner without merchant favourites; 409 once the member keeps ${FAVORITES_LIMIT}.`,
      security: [{ xsrf: [] }],
      response: { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse },
    },
    preValidation: signedIn,
  }, async (request, reply) => {
    const result = await putFavorite(db, await who(request), request.params.merchantId, limit);
    return reply.status(result.created ? 201 : 200).send(result);
  });

  route(app, API.removeFavorite, {
    schema: {
      tags: ['favorites'],
      summary: 'Remove a restaurant from the member\'s favourites (idempotent)',
      description: 'Answers removed: true when it was a favourite, false when it was not (nothing to do). 404 on a partner without merchant favourites.',
      security: [{ xsrf: [] }],
      response: { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse },
    },
    preValidation: signedIn,
  }, async (request) => deleteFavorite(db, await who(request), request.params.merchantId));
};
