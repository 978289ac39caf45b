import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { lsnValue, type ReadRouter } from '../db/replicas';
import { sessions } from '../db/schema';
import { hashToken, SESSION_COOKIE } from './session';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where read-only work runs: a replica within the lag bound, else the primary (db/replicas.ts). */
    reads: ReadRouter;
  }
  interface FastifyRequest {
    /**
     * Runs a read-only fn where this request may read: a replica that has replayed the signed-in
     * member's last change (so they always see their own writes), else the primary. Never for a
     * read whose answer decides a write: that read belongs in the write's transaction.
     */
    read: <T>(fn: (db: Db) => Promise<T>) => Promise<T>;
  }
}

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Read replicas at the request level. After a change by a signed-in member (any POST, PUT, PATCH
 * or DELETE with a session), the primary's WAL position is kept in their session row, in the same
 * statement that reads it, before the answer leaves; their reads go to a replica only once it has
 * replayed that far. Without replicas (the embedded database, one server) nothing is written and
 * every read runs on the primary. Registered after the session plugin.
 */
export const readsPlugin = fp(async (app: FastifyInstance, opts: { db: Db; reads: ReadRouter }) => {
  const { db, reads } = opts;
  app.decorate('reads', reads);
  app.decorateRequest('read', function read(this: FastifyRequest) {
    throw new Error('replaced per request');
  } as never);

  const sessionId = (request: FastifyRequest): string | undefined => {
    const token = request.cookies[SESSION_COOKIE];
    return token && token.length <= 100 ? hashToken(token) : undefined;
  };

  app.addHook('onRequest', (request, _reply, done) => {
    request.read = async (fn) => {
      if (!reads.replicated) return reads.run(fn);
      // Only a member's own writes bind their reads; anonymous reads go to any fresh replica.
      // (The console has no member sessions: the hook that loads them is not there.)
      const current = sessionId(request) && typeof request.currentSession === 'function' ? await request.currentSession() : null;
      return reads.run(fn, { after: lsnValue(current?.session.writeLsn) });
    };
    done();
  });

  if (!reads.replicated) return;
  app.addHook('onSend', async (request) => {
    if (!CHANGES.has(request.method)) return;
    // After sign-in the cookie names the new session; after sign-out there is none.
    const id = sessionId(request);
    if (!id || typeof request.currentSession !== 'function') return;
    try {
      await db.update(sessions).set({ writeLsn: sql`pg_current_wal_lsn()::text` }).where(eq(sessions.id, id));
    } catch (err) {
      // The change itself is done: its answer goes out. Until the next change the member's reads
      // may come from a replica within the lag bound.
      request.log.warn({ err }, 'could not keep the write position in the session');
    }
  });
});
