import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { contentPageAnswer } from './content.service';
import { draftsShown, PREVIEW_MINUTES, startPreviewSession } from './content-preview';
import { GRANT_MINUTES } from '../../lib/one-time-grant';
import { featureFlags } from './partner-config';
import { API } from '#shared/api';
import { route } from '../../lib/route';

export const partnersRoutes: FastifyPluginAsyncZod<{ db: Db; config: AppConfig }> = async (app, { db, config }) => {
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
      description: "contentName '*' is the default page. preview=1 includes drafts (a draft replaces the published item of the same slug) only for a preview session the operator console started (POST /api/ContentPreview); anyone else gets the published items (meta.preview false). Where the partner has no cmsPreview, preview=1 is refused (403).",
      errors: [403],
    },
  }, async (request, reply) => {
    const partner = request.sitePartner;
    const asked = request.query.preview === '1' || request.query.preview === 'true';
    if (asked && !partner.cmsPreview) {
      return reply.status(403).send({ statusCode: 403, error: 'Forbidden', message: 'Draft preview is not available on this site.' });
    }
    const preview = await draftsShown(db, request, partner, asked);
    const { page, page_size: pageSize } = request.query;
    reply.header('cache-control', asked ? 'no-store' : 'private, max-age=60');
    return request.read((reader) => contentPageAnswer(reader, { partnerId: partner.id, contentName: request.params.contentName, preview, page, pageSize }));
  });

  route(app, API.startContentPreview, {
    config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    schema: {
      tags: ['content'],
      summary: `Open the draft preview that the operator console granted (a one-time grant, ${GRANT_MINUTES} minutes): drafts shown to this browser for ${PREVIEW_MINUTES} minutes`,
      errors: [400],
    },
  }, async (request, reply) => startPreviewSession(db, request, reply, request.sitePartner, request.body.token, config.env === 'production'));
};
