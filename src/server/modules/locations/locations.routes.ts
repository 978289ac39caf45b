import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { predictLocations } from '../../lib/geo';
import { API } from '#shared/api';
import { route } from '../../lib/route';

/**
 * GET /api/locations/predictions: suggestions for the search's location box as a person types,
 * from the offline U.S. ZIP dataset (the same one that geocodes a search). Public, cacheable: the
 * answer depends on the text only.
 */
export const locationsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, API.locationPredictions, {
    schema: {
      tags: ['merchants'],
      summary: 'Place suggestions for the location box (cities, states, ZIP codes)',
      description: 'Up to six labels the search understands as they are: ZIP codes by their first digits, cities by the start of their name (largest first; a state after a comma narrows them), states by name. Fewer than two characters: no suggestions.',
      errors: [403],
    },
  }, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=86400');
    return { predictions: predictLocations(request.query.q) };
  });
};
