import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '#shared/api';
import { route } from '../../lib/route';

export const csrfRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, API.csrf, {
    schema: { tags: ['session'], summary: 'Anti-forgery token for X-XSRF-TOKEN' },
  }, async (request, reply) => {
    return { csrfToken: app.csrf.issue(request, reply) };
  });
};
