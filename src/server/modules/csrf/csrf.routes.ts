import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const ZCsrfResponse = z.object({ csrfToken: z.string() });

export const csrfRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/CSRF', {
    schema: { tags: ['session'], summary: 'Anti-forgery token for X-XSRF-TOKEN', response: { 200: ZCsrfResponse } },
  }, async (request, reply) => {
    return { csrfToken: app.csrf.issue(request, reply) };
  });
};
