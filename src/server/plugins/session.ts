import { randomBytes } from 'node:crypto';
import { hashToken } from '../lib/token-hash';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq, lt, sql } from 'drizzle-orm';
import type { AppConfig } from '../config';
import { runPrepared, type Db, type PreparedStatement } from '../db/client';
import { rowOf } from '../db/raw-rows';
import { members, sessions, type MemberRow, type SessionRow } from '../db/schema';
import { REMEMBER_ME_MS, SESSION_MS } from '#shared/rules/session-timers';
import { AppError } from '../lib/app-error';
import type { ScheduledJob } from '../lib/scheduled-job';

export const SESSION_COOKIE = 'rn_session';
/** Renew the idle timeout in the database at most this often (GET /api/Member always renews). */
const TOUCH_EVERY_MS = 60_000;

export type CurrentSession = { session: SessionRow; member: MemberRow };

/**
 * A valid session of this partner with its member: by the token's hash, the partner of the site and
 * an expiry still ahead. Read on every signed-in request, so a prepared statement (runPrepared),
 * and each row comes as one JSON value: the embedded database decodes a member's 37 columns one by
 * one several times slower (measured alone: 0.84 ms through drizzle, 0.25 as JSON, 0.07 prepared).
 */
const SESSION_WITH_MEMBER: PreparedStatement = {
  name: 'session_with_member_v1',
  text: `
    select to_jsonb(s) as session, to_jsonb(m) as member
    from sessions s join members m on m.id = s.member_id
    where s.id = $1 and s.partner_id = $2 and s.expires_at > $3::timestamptz`,
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member of this partner, loaded on first use; null when anonymous. */
    currentSession: (opts?: { renew?: boolean }) => Promise<CurrentSession | null>;
  }
  interface FastifyInstance {
    sessions: {
      start: (request: FastifyRequest, reply: FastifyReply, opts: { memberId: number; staySignedIn: boolean; ssoIdToken?: string; emulation?: SessionEmulation }) => Promise<SessionRow>;
      end: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
      /** The signed-in member or a 401 the client turns into a trip to /login. */
      require: (request: FastifyRequest) => Promise<CurrentSession>;
    };
  }
}

export { hashToken };
const lifetime = (staySignedIn: boolean) => (staySignedIn ? REMEMBER_ME_MS : SESSION_MS);

/** An operator console emulation (§6): read only, and never past its end, however active. */
export type SessionEmulation = { id: string; by: string; endsAt: Date };
/** When a session's idle expiry falls, renewed now: an emulation's never moves past its end. */
const nextExpiry = (session: Pick<SessionRow, 'staySignedIn' | 'emulationEndsAt'>, now: number) =>
  new Date(Math.min(now + lifetime(session.staySignedIn), session.emulationEndsAt?.getTime() ?? Infinity));

/**
 * Server-side sessions (any app instance can serve them): a random token in an httpOnly cookie,
 * its SHA-256 in the sessions table, bound to one partner. Idle timeout 15 minutes, 90 days with
 * 'stay signed in'; rotated at sign-in, deleted at sign-out, swept when expired (sessionJobs below).
 */
export const sessionPlugin = fp(async (app: FastifyInstance, opts: { db: Db; config: AppConfig }) => {
  const { db, config } = opts;
  const secure = config.env === 'production';

  const setCookie = (reply: FastifyReply, token: string, staySignedIn: boolean) => {
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/', httpOnly: true, sameSite: 'lax', secure,
      ...(staySignedIn ? { maxAge: Math.floor(REMEMBER_ME_MS / 1000) } : {}),
    });
  };

  const load = async (request: FastifyRequest, renew: boolean): Promise<CurrentSession | null> => {
    const token = request.cookies[SESSION_COOKIE];
    const partner = request.partner;
    if (!token || !partner || token.length > 100) return null;
    const id = hashToken(token);
    const now = new Date();
    const [found] = await runPrepared<{ session: Record<string, unknown>; member: Record<string, unknown> }>(db, SESSION_WITH_MEMBER, [id, partner.id, now.toISOString()]);
    if (!found) return null;
    const row: CurrentSession = { session: rowOf(sessions, found.session), member: rowOf(members, found.member) };
    if (renew || now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      const expiresAt = nextExpiry(row.session, now.getTime());
      await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
      row.session = { ...row.session, lastSeenAt: now, expiresAt };
    }
    return row;
  };

  app.decorateRequest('currentSession', function currentSession(this: FastifyRequest) {
    throw new Error('replaced per request');
  } as never);
  app.addHook('onRequest', (request, _reply, done) => {
    let cached: Promise<CurrentSession | null> | undefined;
    request.currentSession = (o = {}) => {
      if (o.renew) cached = load(request, true);
      cached ??= load(request, false);
      return cached;
    };
    done();
  });

  app.decorate('sessions', {
    start: async (request, reply, { memberId, staySignedIn, ssoIdToken, emulation }) => {
      const partner = request.partner;
      if (!partner) throw AppError.notFound();
      const old = request.cookies[SESSION_COOKIE];
      if (old && old.length <= 100) await db.delete(sessions).where(eq(sessions.id, hashToken(old)));
      const token = randomBytes(32).toString('base64url');
      const now = new Date();
      const [row] = await db.insert(sessions).values({
        id: hashToken(token), partnerId: partner.id, memberId, staySignedIn, ssoIdToken: ssoIdToken ?? null,
        userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
        createdAt: now, lastSeenAt: now, expiresAt: nextExpiry({ staySignedIn, emulationEndsAt: emulation?.endsAt ?? null }, now.getTime()),
        ...(emulation ? { emulationId: emulation.id, emulatedBy: emulation.by, emulationEndsAt: emulation.endsAt } : {}),
      }).returning();
      setCookie(reply, token, staySignedIn);
      // Later reads in this request (the CSRF token for the answer) see the new session.
      request.cookies[SESSION_COOKIE] = token;
      const [member] = await db.select().from(members).where(eq(members.id, memberId));
      const current = { session: row!, member: member! };
      request.currentSession = async () => current;
      return row!;
    },
    end: async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token && token.length <= 100) await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      delete request.cookies[SESSION_COOKIE];
      request.currentSession = async () => null;
    },
    require: async (request) => {
      const current = await request.currentSession();
      if (!current) throw AppError.unauthorized('Please sign in to continue.');
      return current;
    },
  });
});

/** `sessions-sweep`, every 10 minutes: deletes expired sessions (jobs/jobs.ts lists it in appJobs). */
export function sessionJobs(): ScheduledJob[] {
  return [{
    name: 'sessions-sweep',
    everyMs: 10 * 60_000,
    run: async ({ db }) => {
      const gone = await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`)).returning({ id: sessions.id });
      return `${gone.length} expired sessions deleted`;
    },
  }];
}
