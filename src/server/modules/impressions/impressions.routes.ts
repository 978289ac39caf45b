import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { impressions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { IMPRESSION_ROWS_PER_ADDRESS, IMPRESSIONS_PER_ADDRESS } from '../../plugins/rate-limits';
import { API } from '#shared/api';
import { beaconRoute } from '../../lib/route';

/** A full batch of the largest impressions is about 33 kB of JSON. */
const BODY_LIMIT = 40 * 1024;
/** An impression happened now: a browser clock may be off by a day, an old one would dodge the retention. */
const CLOCK_SKEW_MS = 24 * 3_600_000;

/**
 * POST /api/Impressions: page views, searches and other events, from anonymous visitors too. What
 * one client may store is bounded: calls per minute and rows per hour per address (a 429 past
 * either), field sizes, and a body limit; the retention job (jobs.ts) deletes old rows.
 */
export const impressionsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  beaconRoute(app, API.impressions, {
    bodyLimit: BODY_LIMIT,
    rateLimit: IMPRESSIONS_PER_ADDRESS,
    summary: 'Record page views, searches and other events',
    description: `At most ${IMPRESSIONS_PER_ADDRESS.max} calls a minute and ${IMPRESSION_ROWS_PER_ADDRESS.max} impressions an hour per client address (429 past either); dateTime within a day of the server's clock.`,
  }, async (request, reply) => {
    const partner = request.sitePartner;
    const now = Date.now();
    const late = request.body.findIndex((i) => Math.abs(new Date(i.dateTime).getTime() - now) > CLOCK_SKEW_MS);
    if (late >= 0) {
      throw AppError.badRequest('dateTime must be within a day of now.', [{ field: `${late}.dateTime`, message: 'dateTime must be within a day of now.' }]);
    }
    await app.limits.addressQuota(request, reply, { name: 'impression-rows', amount: request.body.length, limit: IMPRESSION_ROWS_PER_ADDRESS });
    await db.insert(impressions).values(request.body.map((i) => ({
      partnerId: partner.id,
      eventType: i.eventType,
      channel: i.channel,
      dateTime: new Date(i.dateTime),
      userAgent: i.userAgent,
      path: i.path ?? null,
      merchantId: i.merchantId ?? null,
    })));
    return reply.status(202).send({ accepted: request.body.length });
  });
};
