import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { contentPageAnswer } from './content.service';
import { featureFlags } from './partner-config';
import { API } from '#shared/api';
import { route } from '../../lib/route';

export const partnersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, API.featureFlags, {
    schema: { tags: ['partner'], summary: 'Feature switches of this partner site' },
  }, async (request) => featureFlags(request.sitePartner));

  route(app, API.defaultUserLocation, {
    schema: { tags: ['partner'], summary: 'Where to centre searches when the browser does not share its location' },
  }, async (request) => {
    const p = request.sitePartner;
    return { latitude: p.defaultLatitude, longitude: p.defaultLongitude };
  });

  route(app, API.cmsPage, {
    schema: {
      tags: ['content'],
      summary: 'Content items of one content page',
      description: "contentName '*' is the default page. preview=1 includes drafts (a draft replaces the published item of the same slug) and is only allowed where the partner has cmsPreview.",
      errors: [403],
    },
  }, async (request, reply) => {
    const partner = request.sitePartner;
    const preview = request.query.preview === '1' || request.query.preview === 'true';
    if (preview && !partner.cmsPreview) {
      return reply.status(403).send({ statusCode: 403, error: 'Forbidden', message: 'Draft preview is not available on this site.' });
    }
    const { page, page_size: pageSize } = request.query;
    reply.header('cache-control', preview ? 'no-store' : 'private, max-age=60');
    return contentPageAnswer(db, { partnerId: partner.id, contentName: request.params.contentName, preview, page, pageSize });
  });
};
