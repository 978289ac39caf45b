import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { getMerchantDetail, MerchantSearch } from './merchants.service';
import { readerCampaignLevel } from './reader-level';
import { API } from '#shared/api';
import { routesOf } from '../../lib/route';

const JSON_TYPE = 'application/json; charset=utf-8';
const rawQuery = (url: string) => {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at + 1);
};
/** A search for restaurants with benefits: its answer depends on who asks (readerCampaignLevel), so not on the query string alone. */
const asksForBenefits = (raw: string) => /(^|&)benefitsFor=/i.test(raw);

/**
 * Restaurant search and detail. `search` may be a prepared one (benchmarks share one); otherwise
 * one is built here and kept current while the app runs.
 */
export const merchantsRoutes: FastifyPluginAsyncZod<{ db: Db; search?: MerchantSearch }> = async (app, opts) => {
  const { db } = opts;
  const route = routesOf(app, { tags: ['merchants'] });
  const search = opts.search ?? await watchedSearch(app, db);

  route(API.merchantSearch, {
    schema: {
      summary: 'Search restaurants near a place or coordinates',
      description: 'location is a city, state or ZIP (geocoded offline) unless latitude/longitude are given; distance is in miles. Lists accept repeated or comma-separated values.',
    },
    // A repeat of a query string answered before (and so validated before) is answered from the
    // cache here, after the app's hooks (partner, rate limit, headers) and before validation.
    onRequest: (request, reply, done) => {
      const raw = rawQuery(request.url);
      if (asksForBenefits(raw)) return done();
      const hit = search.cachedBody(raw);
      if (hit === undefined) return done();
      void reply.type(JSON_TYPE).send(hit as never);
    },
    // Already-serialised JSON bytes (built from the typed response); Fastify sends buffers as they are.
  }, async (request, reply) => {
    const raw = rawQuery(request.url);
    if (!request.query.benefitsFor) return reply.type(JSON_TYPE).send(search.searchBody(request.query, raw) as never);
    const member = (await request.currentSession())?.member ?? null;
    const level = await request.read((reader) => readerCampaignLevel(reader, request.sitePartner, member));
    // Answers for members are cached under the normalised search and the level, never the bare query string.
    const body = search.searchBody(level === undefined ? request.query : { ...request.query, openCampaignLevel: level });
    return reply.type(JSON_TYPE).send(body as never);
  });

  route(API.merchant, {
    schema: {
      summary: 'One restaurant, for its detail page',
      errors: [404],
    },
  }, async (request) => request.read((reader) => getMerchantDetail(reader, request.params.merchantId)));
};

/** A search index kept current while the app runs (app.ts shares it with the reviews module). */
export async function watchedSearch(app: FastifyInstance, db: Db): Promise<MerchantSearch> {
  // Loading and refreshing read on a replica (app.reads); the change notifications come from the primary.
  const search = new MerchantSearch(db, { read: app.hasDecorator('reads') ? (fn) => app.reads.run(fn) : undefined });
  await search.refresh();
  await search.watch();
  app.addHook('onClose', async () => search.stop());
  return search;
}
