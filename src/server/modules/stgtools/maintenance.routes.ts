import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { partners } from '../../db/schema';
import { API } from '#shared/api';
import { routesOf } from '../../lib/route';

/**
 * Staging tools: this partner site's maintenance switch (§2 maintenance notice), so the notice can
 * be seen and tested without touching the database. app.ts registers it only outside production,
 * with the other staging tools. The partner directory is reloaded in this process at once; other
 * instances see the change on their next reload of the partner directory.
 */
export const stgtoolsMaintenanceRoutes: FastifyPluginAsyncZod<{ db: Db; globalMaintenance: boolean }> = async (app, { db, globalMaintenance }) => {
  const route = routesOf(app, { tags: ['stgtools'] });
  const answer = (partnerSwitch: boolean) => ({ partnerSwitch, maintenanceMode: globalMaintenance || partnerSwitch });

  route(API.maintenance, {
    schema: { summary: "This partner site's maintenance switch" },
  }, async (request) => answer(request.sitePartner.maintenanceMode));

  route(API.setMaintenance, {
    schema: {
      summary: "Turn this partner site's maintenance notice on or off",
      errors: [403],
    },
  }, async (request) => {
    const partner = request.sitePartner;
    await db.update(partners).set({ maintenanceMode: request.body.enabled }).where(eq(partners.id, partner.id));
    await app.partners.reload();
    return answer(request.body.enabled);
  });
};
