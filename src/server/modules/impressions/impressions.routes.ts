import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '../../../shared/schemas/common';
import { ZImpressionsRequest, ZImpressionsResponse } from '../../../shared/schemas/impressions';
import type { Db } from '../../db/client';
import { impressions } from '../../db/schema';
import { partnerOf } from '../../plugins/partner';

export const impressionsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post('/api/Impressions', {
    bodyLimit: 64 * 1024,
    schema: {
      tags: ['tracking'],
      summary: 'Record page views, searches and other events',
      body: ZImpressionsRequest,
      response: { 202: ZImpressionsResponse, 400: ZErrorResponse, 403: ZErrorResponse },
    },
  }, async (request, reply) => {
    const partner = partnerOf(request);
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
