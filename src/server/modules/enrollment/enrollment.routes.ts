import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { PROSPECT_PER_ACCOUNT, PROSPECT_PER_ADDRESS, VALIDATE_EMAIL_PER_ACCOUNT, VALIDATE_PER_ADDRESS } from '../../plugins/rate-limits';
import { signInAnswer } from '../members';
import { isEmailAvailable, joinProgramme, recordProspect, requireOffered, validateZip } from './enrollment.service';
import { API } from '#shared/api';
import { routesOf } from '../../lib/route';


export const enrollmentRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /** sso and none partners have no joining: 404 before any validation. */
  const directOnly = async (request: FastifyRequest) => requireOffered(request.sitePartner, 'joining');
  const route = routesOf(app, { tags: ['enrollment'], errors: [403, 404, 409] });

  route(API.signUp, {
    // Each join hashes a password (argon2id, 19 MiB): bounded per client address and per e-mail.
    config: { rateLimit: PROSPECT_PER_ADDRESS },
    onRequest: directOnly,
    schema: {
      summary: 'Join the programme (step 1 of enrollment); signs the new member in',
      description: 'Direct partners only. 400 with fieldErrors for every §5 rule; 409 code alreadyMember when the account was created meanwhile.',
    },
  }, async (request, reply) => {
    const partner = request.sitePartner;
    await app.limits.account(request, reply, { name: 'join', account: request.body.email, limit: PROSPECT_PER_ACCOUNT });
    const member = await joinProgramme(db, { partner, body: request.body });
    return reply.status(201).send(await signInAnswer(app, db, { request, reply }, member, false));
  });

  route(API.prospectEmail, {
    config: { rateLimit: PROSPECT_PER_ADDRESS },
    schema: { summary: 'Leave an e-mail address (home-page prospect form)' },
  }, async (request, reply) => {
    await app.limits.account(request, reply, { name: 'prospect', account: request.body.email, limit: PROSPECT_PER_ACCOUNT });
    await recordProspect(db, { partnerId: request.sitePartner.id, email: request.body.email, referral: request.body.referral });
    return reply.status(202).send({ ok: true as const });
  });

  route(API.validateEmail, {
    // Enough for a person filling in a form; too slow to test a list of e-mail addresses.
    config: { rateLimit: VALIDATE_PER_ADDRESS },
    onRequest: directOnly,
    schema: {
      summary: 'Whether an e-mail address (or, with usePpn=true, a partner number) is free for joining',
      description: 'isValid false: it belongs to a member. 400 with a field error when the value is no e-mail address (or no partner number): never a member.',
    },
  }, async (request, reply) => {
    await app.limits.account(request, reply, { name: 'validate-email', account: request.query.email, limit: VALIDATE_EMAIL_PER_ACCOUNT });
    const isValid = await isEmailAvailable(db, { partner: request.sitePartner, value: request.query.email, usePpn: request.query.usePpn === 'true', publicId: request.query.publicId });
    return { isValid };
  });

  route(API.validateZip, {
    config: { rateLimit: VALIDATE_PER_ADDRESS },
    schema: { summary: 'Whether a ZIP code is a five-digit U.S. ZIP code' },
  }, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=86400');
    return validateZip(request.query.zip);
  });
};
