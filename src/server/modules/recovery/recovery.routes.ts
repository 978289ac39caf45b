import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { Mailer } from '../../lib/mailer';
import { pluginMailer } from '../../lib/plugin-mailer';
import { partnerOrigin } from '../../plugins/partner';
import { RECOVER_PER_ACCOUNT } from '../../plugins/rate-limits';
import { hashToken, SESSION_COOKIE } from '../../plugins/session';
import { requireOffered } from '../enrollment';
import { signInAnswer } from '../members';
import { fixCredentials, memberOfToken, RECOVER_MESSAGE, resetPassword, sendRecoveryLinks } from './recovery.service';
import { API } from '#shared/api';
import { routesOf } from '../../lib/route';
import { sleep } from '../../lib/sleep';

/** POST /api/Recover answers after this long whatever happened, so its timing tells nothing. */
export const RECOVER_ANSWER_MS = 300;
const RECOVER_LIMIT = { max: 10, timeWindow: 60_000 };
const TOKEN_LIMIT = { max: 30, timeWindow: 60_000 };
const CREDENTIALS_LIMIT = { max: 20, timeWindow: 60_000 };


export const recoveryRoutes: FastifyPluginAsyncZod<{ db: Db; config: AppConfig; mailer?: Mailer }> = async (app, opts) => {
  const { db, config } = opts;
  const { mailer, inBackground } = pluginMailer(app, opts);

  const directOnly = async (request: FastifyRequest) => requireOffered(request.sitePartner, 'recovery');
  const route = routesOf(app, { tags: ['recovery'], onRequest: directOnly, errors: [401, 403, 404, 409, 423] });
  const currentSessionId = (request: FastifyRequest) => {
    const token = request.cookies[SESSION_COOKIE];
    return token && token.length <= 100 ? hashToken(token) : undefined;
  };

  route(API.recover, {
    config: { rateLimit: RECOVER_LIMIT },
    schema: {
      summary: 'E-mail a single-use password link to the accounts with this e-mail',
      description: 'Always 202 with the same message, after the same time, whether or not the e-mail is registered.',
    },
  }, async (request, reply) => {
    const started = Date.now();
    const partner = request.sitePartner;
    // Per e-mail, registered or not (the answer must not tell): one mailbox cannot be flooded from many addresses.
    await app.limits.account(request, reply, { name: 'recover', account: request.body.email, limit: RECOVER_PER_ACCOUNT });
    inBackground(request.log, 'recovery e-mail', () => sendRecoveryLinks({ db, mailer }, { partner, email: request.body.email, origin: partnerOrigin(partner, config) }));
    await sleep(RECOVER_ANSWER_MS - (Date.now() - started));
    return reply.status(202).send({ ok: true as const, message: RECOVER_MESSAGE });
  });

  route(API.recoverToken, {
    config: { rateLimit: TOKEN_LIMIT },
    // The URL carries a live link token: keep it out of the request log lines.
    logLevel: 'warn',
    schema: { summary: 'Whether a password link can still be used' },
  }, async (request) => {
    await memberOfToken(db, { partnerId: request.sitePartner.id, token: request.query.token });
    return { ok: true as const };
  });

  route(API.recoverUpdate, {
    config: { rateLimit: CREDENTIALS_LIMIT },
    schema: { summary: 'Set a new password with a password link (uses the link up)' },
  }, async (request) => {
    const { token, password } = request.body;
    await resetPassword(db, { partnerId: request.sitePartner.id, token, password, keepSessionId: currentSessionId(request) });
    return { ok: true as const };
  });

  route(API.fixCredentials, {
    config: { rateLimit: CREDENTIALS_LIMIT },
    schema: {
      summary: 'Give an account whose e-mail is shared with another account an e-mail of its own; signs it in',
      description: '401 for a wrong partner number or password (counts towards the sign-in lockout, 423 code locked); 409 code emailNotShared when the e-mail is not shared.',
    },
  }, async (request, reply) => {
    const member = await fixCredentials(db, { partnerId: request.sitePartner.id, ...request.body });
    return signInAnswer(app, db, { request, reply }, member, false);
  });
};
