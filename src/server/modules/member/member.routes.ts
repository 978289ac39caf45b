import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '../../../shared/schemas/common';
import { AppError } from '../../lib/app-error';

/** Members arrive with sign-in; until then every visitor is anonymous. */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/Member', {
    schema: { tags: ['member'], summary: 'The signed-in member (401 when anonymous)', response: { 401: ZErrorResponse } },
  }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    throw AppError.unauthorized('You are not signed in.');
  });
};
