import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { Captcha } from './captcha';
import { API } from '#shared/api';
import { route } from '../../lib/route';

declare module 'fastify' {
  interface FastifyInstance {
    /** ALTCHA proof of work: forms send the solved payload, routes verify it once. */
    captcha: Captcha;
  }
}

/** GET /api/captcha/challenge and app.captcha (verification) for the forms that need it. */
const plugin: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const captcha = new Captcha(db);
  app.decorate('captcha', captcha);

  route(app, API.captchaChallenge, {
    schema: {
      tags: ['captcha'],
      summary: 'An ALTCHA proof-of-work challenge (altcha-lib v1 format), valid for 10 minutes',
      description: 'Solve it (altcha-lib/v1 solveChallenge, or the ALTCHA widget) and send base64(JSON {algorithm, challenge, number, salt, signature}) as gRecaptchaResponse. Each solution is accepted once.',
    },
  }, async () => captcha.challenge());
};

export const captchaRoutes = fp(plugin, { name: 'captcha' });
