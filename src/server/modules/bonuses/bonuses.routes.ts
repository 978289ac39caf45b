import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { registerForBonus } from './bonuses.service';
import { API } from '#shared/api';
import { route } from '../../lib/route';

/**
 * §7 bonus registration (docs/api-bonuses.md). Own member only: the session names the member, and
 * a session exists only on its partner's host; the anti-forgery check runs first (onRequest).
 */
export const bonusesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, API.registerBonus, {
    schema: {
      tags: ['bonuses'],
      summary: 'Register the signed-in member for a bonus of this site (no body; true on success, also when already registered)',
      description: 'Eligible → Enrolled. 404 for a code this site does not have (another partner\'s codes included), 403 when the member may not take part (closed account, outside the bonus\'s audience or time after joining), 400 for a bonus that needs no registration.',
      errors: [401, 403, 404],
    },
  }, async (request) => {
    const { member } = await app.sessions.require(request);
    await registerForBonus(db, { partner: request.sitePartner, member, code: request.params.code });
    return true as const;
  });
};
