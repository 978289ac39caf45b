import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import { getOrCreateSecret } from '../lib/secrets';
import { SESSION_COOKIE } from './session';
import { csrfTokenRequired } from './route-rules';

export const CSRF_COOKIE = 'rn_csrf';
export const CSRF_HEADER = 'x-xsrf-token';
export const CSRF_MESSAGE = 'Your security token is missing or out of date. Please refresh the page and try again.';

declare module 'fastify' {
  interface FastifyInstance {
    csrf: { issue: (request: FastifyRequest, reply: FastifyReply) => string; verify: (request: FastifyRequest) => boolean };
  }
  interface FastifyContextConfig {
    /** Set on the rare state-changing route that must work without the token. */
    csrfExempt?: boolean;
    /** Set on a GET that must carry the token too (§7 'with header', e.g. GET /api/Member/{publicId}). */
    csrfRequired?: boolean;
  }
}

/**
 * Anti-forgery: the token is an HMAC of a random httpOnly cookie value and the partner code, so a
 * page on another origin can neither read nor forge it, and one partner's token is useless on
 * another partner's host. Every state-changing /api call must echo it in X-XSRF-TOKEN.
 */
export const csrfPlugin = fp(async (app: FastifyInstance, opts: { db: Db; config: AppConfig }) => {
  const key = await getOrCreateSecret(opts.db, 'csrf');
  // Bound to the session cookie too: a new session (sign-in, sign-out) needs a new token.
  const sign = (binding: string, partner: string, session: string) =>
    createHmac('sha256', key).update(`${partner}:${binding}:${session}`).digest('base64url');
  const sessionOf = (request: FastifyRequest) => request.cookies[SESSION_COOKIE] ?? '';

  const issue = (request: FastifyRequest, reply: FastifyReply) => {
    let binding = request.cookies[CSRF_COOKIE];
    if (!binding || !/^[A-Za-z0-9_-]{20,64}$/.test(binding)) {
      binding = randomBytes(24).toString('base64url');
      reply.setCookie(CSRF_COOKIE, binding, { path: '/', httpOnly: true, sameSite: 'lax', secure: opts.config.env === 'production' });
      request.cookies[CSRF_COOKIE] = binding;
    }
    return sign(binding, request.partner?.code ?? '', sessionOf(request));
  };
  /** Whether the request carries the right X-XSRF-TOKEN for its cookies and partner. */
  const verify = (request: FastifyRequest): boolean => {
    const binding = request.cookies[CSRF_COOKIE];
    const given = request.headers[CSRF_HEADER];
    if (!binding || typeof given !== 'string' || !given) return false;
    const expected = Buffer.from(sign(binding, request.partner?.code ?? '', sessionOf(request)));
    const actual = Buffer.from(given);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  };
  app.decorate('csrf', { issue, verify });

  // onRequest: before the body is parsed and validated, so a forged call learns nothing about its
  // input (no 400 with field errors, no 415 or 413) and is refused before any work is done.
  app.addHook('onRequest', (request, _reply, done) => {
    // The matched route, not the raw URL: '/%61pi/…' routes to '/api/…' and must be checked the same.
    const route = request.routeOptions.url ?? request.url;
    if (!csrfTokenRequired(request.method, route, request.routeOptions.config)) return done();
    done(verify(request) ? undefined : AppError.forbidden(CSRF_MESSAGE));
  });
});
