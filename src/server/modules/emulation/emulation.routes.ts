import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, emulationGrants, members } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { routesOf } from '../../lib/route';
import { csrfTokenRequired } from '../../plugins/route-rules';
import { hashToken } from '../../plugins/session';
import { GRANT_MINUTES } from '../../lib/one-time-grant';
import { API } from '#shared/api';
import { STAFF_TEAMS, type StaffRole } from '#shared/rules/ops-permissions';
import { signInAnswer } from '../members';

/** How long an emulation session lasts at most (§6, issue 27). */
export const EMULATION_MINUTES = 30;
export const EMULATION_READ_ONLY = 'You are viewing this account as our team does: nothing can be changed here. Exit the view to act as yourself.';
const GRANT_INVALID = 'This view link has expired or was used already. Start "View as member" again in the console.';
/** Audit actions a member is told about (their account's access list). */
const SHOWN_TO_MEMBER = { 'member.view': 'viewed', 'member.emulate': 'viewedAsYou' } as const;

/**
 * The partner site's side of the console's "View as member" (§6, issue 27): the one-time grant
 * opens a session of the member that is read only (every state-changing call answers 403, after
 * the anti-forgery check) and ends after EMULATION_MINUTES or when the console says exit; and the
 * member's own list of when our team looked at the account.
 */
export const emulationGuardPlugin = fp(async (app: FastifyInstance) => {
  // Every state-changing call of an emulation session is refused; registered after the anti-forgery
  // check (plugins/csrf.ts, app.ts), so a forged call is refused by that first.
  app.addHook('onRequest', async (request) => {
    const path = request.routeOptions.url ?? '';
    if (request.method === 'GET' || !csrfTokenRequired(request.method, path, request.routeOptions.config)) return;
    if (path === API.startEmulation.path || !request.partner) return;
    const current = await request.currentSession();
    if (current?.session.emulationId) throw AppError.forbidden(EMULATION_READ_ONLY);
  });
}, { name: 'emulation-guard' });

export const emulationRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesOf(app, { tags: ['session'], errors: [403, 404] });

  route(API.startEmulation, {
    config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    schema: { summary: `Open the read-only view of a member that the operator console granted (a one-time grant, ${GRANT_MINUTES} minutes)`, errors: [400] },
  }, async (request, reply) => {
    const partner = request.sitePartner;
    const now = new Date();
    const [grant] = await db.update(emulationGrants).set({ usedAt: now })
      .where(and(eq(emulationGrants.id, hashToken(request.body.token)), eq(emulationGrants.partnerId, partner.id), isNull(emulationGrants.usedAt), gt(emulationGrants.expiresAt, now)))
      .returning();
    if (!grant) throw AppError.badRequest(GRANT_INVALID, [{ field: 'token', message: GRANT_INVALID }]);
    const [member] = await db.select().from(members).where(and(eq(members.id, grant.memberId), eq(members.partnerId, partner.id)));
    if (!member) throw AppError.badRequest(GRANT_INVALID, [{ field: 'token', message: GRANT_INVALID }]);
    const endsAt = new Date(now.getTime() + EMULATION_MINUTES * 60_000);
    return signInAnswer(app, db, { request, reply }, member, false, { emulation: { id: grant.emulationId, by: grant.team, endsAt } });
  });

  route(API.accountAccess, { schema: { summary: 'When our team looked at the signed-in member\'s account (viewed, or viewed as you), newest first', errors: [401] } }, async (request) => {
    const { member } = await app.sessions.require(request);
    const rows = await db.select({ at: auditLog.at, role: auditLog.role, action: auditLog.action }).from(auditLog)
      .where(and(eq(auditLog.memberId, member.id), eq(auditLog.partnerId, member.partnerId), inArray(auditLog.action, Object.keys(SHOWN_TO_MEMBER))))
      .orderBy(desc(auditLog.id)).limit(50);
    return {
      access: rows.map((r) => ({
        at: r.at.toISOString(),
        team: STAFF_TEAMS[(r.role ?? 'none') as StaffRole] ?? STAFF_TEAMS.none,
        kind: SHOWN_TO_MEMBER[r.action as keyof typeof SHOWN_TO_MEMBER],
      })),
    };
  });
};
