import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchants } from '../../db/schema';
import { demoOrderNotFound, demoOrderPage, isDemoOrderLink, ORDER_MODES } from './demo-order';

/** Its own styles only, no script, no form: nothing here is ordered (demo-order.ts). */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** GET /demo-restaurants/{id}/order: a demo restaurant's own ordering page (its order-online links lead here). */
export const demoRestaurantsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/demo-restaurants/:id/order', {
    schema: {
      hide: true,
      params: z.object({ id: z.string().max(12) }),
      querystring: z.object({ mode: z.string().max(20).optional() }),
    },
  }, async (request, reply) => {
    reply.type('text/html; charset=utf-8').header('content-security-policy', PAGE_CSP).header('cache-control', 'public, max-age=300');
    const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : null;
    const [row] = id === null ? [] : await db.select().from(merchants).where(eq(merchants.id, id)).limit(1);
    // Only a restaurant whose own order-online links are this page has one here.
    if (!row || !ORDER_MODES.some((m) => isDemoOrderLink(row, m))) return reply.status(404).send(demoOrderNotFound());
    const mode = ORDER_MODES.find((m) => m === request.query.mode);
    return reply.send(demoOrderPage(row, mode));
  });
};
