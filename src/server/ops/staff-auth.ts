import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { partners, staff, staffSessions, type StaffRow } from '../db/schema';
import { AppError } from '../lib/app-error';
import { getOrCreateSecret } from '../lib/secrets';
import { CSRF_HEADER, CSRF_MESSAGE } from '../plugins/csrf';
import { csrfTokenRequired } from '../plugins/route-rules';
import { hashToken } from '../plugins/session';
import { can, inScope, type OpsCallAccess, type PartnerScope } from '#shared/rules/ops-permissions';

/**
 * Staff sessions and the console's guard (issue 27), apart from member sessions: their own cookie
 * (`__Host-ops_session` in production: host-only, https, path /), SameSite=Strict, httpOnly; the
 * token's SHA-256 in staff_sessions; 15 minutes idle, 8 hours at most from sign-in. Member cookies
 * mean nothing here (this app has no member session at all), and this cookie is never sent to a
 * partner site (another host). Every console route says who may call it (config.opsAccess, from
 * OPS_CALL_ACCESS); in this order each request is checked: anti-forgery on a change, a staff
 * session, the role's permission. The partner scope is checked by the handler, per record.
 */
export const STAFF_IDLE_MS = 15 * 60_000;
export const STAFF_SESSION_MAX_MS = 8 * 3_600_000;
const TOUCH_EVERY_MS = 30_000;
const CSRF_COOKIE = 'ops_csrf';

export type StaffSession = { row: StaffRow; endsAt: Date; scope: PartnerScope };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member on a console route that needs one (set by the guard). */
    staff: StaffSession | null;
  }
  interface FastifyInstance {
    staffSessions: {
      start: (request: FastifyRequest, reply: FastifyReply, row: StaffRow) => Promise<StaffSession>;
      end: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
      /** Ends every session of a staff member (a changed role or a disabled account takes effect at once). */
      endAllOf: (staffId: number) => Promise<void>;
      csrf: (request: FastifyRequest, reply: FastifyReply) => string;
    };
  }
  interface FastifyContextConfig {
    /** Who may call this console route (shared/rules/ops-permissions.ts OPS_CALL_ACCESS). */
    opsAccess?: OpsCallAccess;
  }
}

/** The session of a request, or what the guard refuses with. */
export function requireStaff(request: FastifyRequest): StaffSession {
  if (!request.staff) throw AppError.unauthorized('Please sign in to the console.');
  return request.staff;
}

/** A record of a partner outside the staff member's partners answers 404, as if it did not exist. */
export function requirePartnerInScope(session: StaffSession, partnerId: number, what = 'This item was not found.'): void {
  if (!inScope(session.scope, partnerId)) throw AppError.notFound(what);
}

/**
 * A queue's `partner` filter (a partner code, any case) as the id of one of the staff member's
 * partners; undefined without a filter; 400 for a code outside their partners.
 */
export async function partnerFilter(db: Db, scope: StaffSession['scope'], code: string | undefined): Promise<number | undefined> {
  if (!code) return undefined;
  const wanted = code.toLowerCase();
  const found = (await db.select().from(partners)).find((p) => p.code.toLowerCase() === wanted && inScope(scope, p.id));
  if (!found) throw AppError.badRequest(NO_SUCH_PARTNER, [{ field: 'partner', message: NO_SUCH_PARTNER }]);
  return found.id;
}
const NO_SUCH_PARTNER = 'There is no such partner among yours.';

export const staffAuthPlugin = fp(async (app: FastifyInstance, opts: { db: Db; production: boolean }) => {
  const { db } = opts;
  const cookieName = opts.production ? '__Host-ops_session' : 'ops_session';
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'strict' as const, secure: opts.production };
  const key = await getOrCreateSecret(db, 'ops-csrf');

  const tokenOf = (request: FastifyRequest) => {
    const t = request.cookies[cookieName];
    return t && t.length <= 100 ? t : undefined;
  };

  const load = async (request: FastifyRequest): Promise<StaffSession | null> => {
    const token = tokenOf(request);
    if (!token) return null;
    const id = hashToken(token);
    const now = new Date();
    const [found] = await db.select({ session: staffSessions, staff }).from(staffSessions).innerJoin(staff, eq(staff.id, staffSessions.staffId))
      .where(and(eq(staffSessions.id, id), gt(staffSessions.expiresAt, now), gt(staffSessions.endsAt, now)));
    if (!found || found.staff.status !== 'active') return null;
    if (now.getTime() - found.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      const expiresAt = new Date(Math.min(now.getTime() + STAFF_IDLE_MS, found.session.endsAt.getTime()));
      await db.update(staffSessions).set({ lastSeenAt: now, expiresAt }).where(eq(staffSessions.id, id));
    }
    return { row: found.staff, endsAt: found.session.endsAt, scope: { allPartners: found.staff.allPartners, partnerIds: found.staff.partnerIds } };
  };

  // Anti-forgery: an HMAC of a random httpOnly cookie and the session cookie (a new session needs a new token).
  const sign = (binding: string, session: string) => createHmac('sha256', key).update(`ops:${binding}:${session}`).digest('base64url');
  const csrf = (request: FastifyRequest, reply: FastifyReply) => {
    let binding = request.cookies[CSRF_COOKIE];
    if (!binding || !/^[A-Za-z0-9_-]{20,64}$/.test(binding)) {
      binding = randomBytes(24).toString('base64url');
      reply.setCookie(CSRF_COOKIE, binding, cookieOptions);
      request.cookies[CSRF_COOKIE] = binding;
    }
    return sign(binding, tokenOf(request) ?? '');
  };
  const csrfOk = (request: FastifyRequest) => {
    const binding = request.cookies[CSRF_COOKIE];
    const given = request.headers[CSRF_HEADER];
    if (!binding || typeof given !== 'string' || !given) return false;
    const expected = Buffer.from(sign(binding, tokenOf(request) ?? ''));
    const actual = Buffer.from(given);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  };

  app.decorateRequest('staff', null);
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url ?? request.url;
    if (!route.startsWith('/api/')) return;
    if (csrfTokenRequired(request.method, route, request.routeOptions.config) && !csrfOk(request)) throw AppError.forbidden(CSRF_MESSAGE);
    const access = request.routeOptions.config.opsAccess;
    // A console call registered without its line in the permission table is nobody's (deny by default).
    if (access === undefined) {
      if (route.startsWith('/api/ops/')) throw AppError.forbidden('This console call has no permission set.');
      return;
    }
    if (access === 'public') return;
    request.staff = await load(request);
    const session = requireStaff(request);
    if (access !== 'staff' && !can(session.row.role, access)) throw AppError.forbidden('Your role does not allow this. Ask a supervisor or an administrator.');
  });

  app.decorate('staffSessions', {
    start: async (request, reply, row) => {
      const old = tokenOf(request);
      if (old) await db.delete(staffSessions).where(eq(staffSessions.id, hashToken(old)));
      const token = randomBytes(32).toString('base64url');
      const now = new Date();
      const endsAt = new Date(now.getTime() + STAFF_SESSION_MAX_MS);
      await db.insert(staffSessions).values({ id: hashToken(token), staffId: row.id, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + STAFF_IDLE_MS), endsAt });
      reply.setCookie(cookieName, token, cookieOptions);
      request.cookies[cookieName] = token;
      const session = { row, endsAt, scope: { allPartners: row.allPartners, partnerIds: row.partnerIds } };
      request.staff = session;
      return session;
    },
    end: async (request, reply) => {
      const token = tokenOf(request);
      if (token) await db.delete(staffSessions).where(eq(staffSessions.id, hashToken(token)));
      reply.clearCookie(cookieName, { path: '/', secure: opts.production });
      delete request.cookies[cookieName];
      request.staff = null;
    },
    endAllOf: async (staffId) => {
      await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
    },
    csrf,
  });
});
