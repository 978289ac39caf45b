import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canSignInWithPassword } from '#shared/rules/partner-features';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { Mailer } from '../../lib/mailer';
import { pluginMailer } from '../../lib/plugin-mailer';
import { CSRF_MESSAGE } from '../../plugins/csrf';
import { AppError } from '../../lib/app-error';
import { partnerOrigin } from '../../plugins/partner';
import { hashToken } from '../../plugins/session';
import { signInAnswer } from '../members';
import { RECOVER_ANSWER_MS } from '../recovery';
import { identifierOf, SIGN_IN_UNAVAILABLE, signIn } from './auth.service';
import { normaliseIdentifier, type SignInClient } from '../lockout';
import { SIGN_IN_LINK_MESSAGE, sendLockoutNotices, sendSignInLinks, useSignInLink } from './sign-in-link';
import { RECOVER_PER_ACCOUNT, SIGN_IN_PER_ADDRESS } from '../../plugins/rate-limits';
import { API } from '#shared/api';
import { routesOf } from '../../lib/route';
import { sleep } from '../../lib/sleep';

/** A random id per browser: sign-in failures are counted per device as well as per address (lockout/lockout.ts). */
export const DEVICE_COOKIE = 'rn_device';
const DEVICE_COOKIE_DAYS = 365;
const SIGN_IN_LINK_LIMIT = { max: 10, timeWindow: 60_000 };

/** Direct sign-in, the one-time sign-in link, and sign-out (§4 session, §8 sign-in wording, issue 25). */
export const authRoutes: FastifyPluginAsyncZod<{ db: Db; config: AppConfig; mailer?: Mailer }> = async (app, opts) => {
  const { db, config } = opts;
  const { mailer, inBackground } = pluginMailer(app, opts);
  const route = routesOf(app, { tags: ['session'] });

  /** The client of a sign-in attempt; a browser without a device cookie gets one. */
  const clientOf = (request: FastifyRequest, reply: FastifyReply): SignInClient => {
    let device = request.cookies[DEVICE_COOKIE];
    if (!device || !/^[A-Za-z0-9_-]{20,64}$/.test(device)) {
      device = randomBytes(18).toString('base64url');
      reply.setCookie(DEVICE_COOKIE, device, {
        path: '/api', httpOnly: true, sameSite: 'lax', secure: config.env === 'production', maxAge: DEVICE_COOKIE_DAYS * 86_400,
      });
      // A new cookie counts nothing yet: a guesser that drops cookies is still counted by address.
    }
    return { device: hashToken(device).slice(0, 32), address: request.ip };
  };
  const directOnly = async (request: FastifyRequest) => {
    if (!canSignInWithPassword(request.sitePartner)) throw AppError.notFound(SIGN_IN_UNAVAILABLE);
  };
  /** The one-time sign-in link's two calls: direct partners only, one limit. */
  const linkRoute = routesOf(app, { tags: ['session'], config: { rateLimit: SIGN_IN_LINK_LIMIT }, onRequest: directOnly, errors: [403, 404] });

  route(API.signIn, {
    // One address trying many accounts (spraying); the lockout's per-client counts (slow, then
    // stop) and the per-account lock cover the rest (lockout/lockout.ts).
    config: { rateLimit: SIGN_IN_PER_ADDRESS },
    schema: {
      summary: 'Sign in with an e-mail or partner number and a password (direct partners)',
      description: "401 wrong user name or password (also the attempt that locks the account); 423 code 'locked' while password sign-in to the account is locked (30 minutes; POST /api/SignInLink still works); 429 with Retry-After while this client must wait after repeated failures; 409 code 'fixCredentials' when the e-mail is shared by several accounts. The session cookie is rotated: use the csrfToken of the answer.",
      errors: [401, 403, 404, 409, 423],
    },
  }, async (request, reply) => {
    const partner = request.sitePartner;
    const member = await signIn(db, {
      partner, username: request.body.username, password: request.body.password, client: clientOf(request, reply),
      onLocked: (identifier) => inBackground(request.log, 'lockout notice', () => sendLockoutNotices({ db, mailer }, { partner, identifier, origin: partnerOrigin(partner, config) })),
    });
    return signInAnswer(app, db, { request, reply }, member, request.body.staySignedIn);
  });

  linkRoute(API.signInLink, {
    schema: {
      summary: "E-mail a one-time sign-in link to the account's e-mail (works while password sign-in is locked)",
      description: 'Always 202 with the same message, after the same time, whether or not an account has this e-mail or partner number.',
    },
  }, async (request, reply) => {
    const started = Date.now();
    const partner = request.sitePartner;
    const identifier = identifierOf(request.body.username);
    // Per account, registered or not (the answer must not tell): one mailbox cannot be flooded from many addresses.
    await app.limits.account(request, reply, { name: 'sign-in-link', account: normaliseIdentifier(identifier.value), limit: RECOVER_PER_ACCOUNT });
    inBackground(request.log, 'sign-in link', () => sendSignInLinks({ db, mailer }, { partner, identifier, origin: partnerOrigin(partner, config) }));
    await sleep(RECOVER_ANSWER_MS - (Date.now() - started));
    return reply.status(202).send({ ok: true as const, message: SIGN_IN_LINK_MESSAGE });
  });

  linkRoute(API.useSignInLink, {
    schema: {
      summary: 'Sign in with a one-time sign-in link (uses the link up)',
      description: '400 when the link has expired, was used, or belongs to another partner. The session cookie is rotated: use the csrfToken of the answer.',
    },
  }, async (request, reply) => {
    const member = await useSignInLink(db, { partnerId: request.sitePartner.id, token: request.body.token });
    return signInAnswer(app, db, { request, reply }, member, request.body.staySignedIn);
  });

  route(API.signOut, {
    schema: {
      summary: 'End the session (always 200, also when not signed in); answers a fresh anti-forgery token',
      description: 'A signed-in member must send X-XSRF-TOKEN, so another site cannot sign the member out.',
      // The token only when signed in: either requirement satisfies it.
      security: [{ xsrf: [] }, {}],
      errors: [403],
    },
  }, async (request, reply) => {
    const current = await request.currentSession();
    if (current && !app.csrf.verify(request)) throw AppError.forbidden(CSRF_MESSAGE);
    // Single sign-on: ending only our session would let the provider sign the member in again
    // silently on the next visit, so the answer also says where to end the provider's session.
    const endSessionUrl = current ? await app.sso.endSessionUrl(request, current.session.ssoIdToken) : undefined;
    await app.sessions.end(request, reply);
    return { signedOut: true as const, csrfToken: app.csrf.issue(request, reply), ...(endSessionUrl ? { endSessionUrl } : {}) };
  });
};
