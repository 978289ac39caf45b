import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { Mailer } from '../../lib/mailer';
import { pluginMailer } from '../../lib/plugin-mailer';
import { routesOf } from '../../lib/route';
import { partnerOrigin } from '../../plugins/partner';
import { EMAIL_CHANGE_PER_ACCOUNT } from '../../plugins/rate-limits';
import { API } from '#shared/api';
import { confirmEmailChange, memberEmail, requestEmailChange } from './email-change';

const CHANGE_LIMIT = { max: 10, timeWindow: 60_000 };
const CONFIRM_LIMIT = { max: 30, timeWindow: 60_000 };

/** The member's e-mail address: a change asked for, then confirmed by the link sent to the new address (email-change.ts). */
export const emailChangeRoutes: FastifyPluginAsyncZod<{ db: Db; config: AppConfig; mailer?: Mailer }> = async (app, opts) => {
  const { db, config } = opts;
  const { mailer } = pluginMailer(app, opts);
  const route = routesOf(app, { tags: ['member'] });

  route(API.memberEmail, {
    schema: {
      summary: "The member's e-mail address, a change waiting for its confirmation link, and whether a change needs the password",
      errors: [401],
    },
  }, async (request) => {
    const { member } = await app.sessions.require(request);
    return memberEmail(db, { partner: request.sitePartner, member });
  });

  route(API.changeEmail, {
    config: { rateLimit: CHANGE_LIMIT },
    schema: {
      summary: 'Ask to change the e-mail address: a link goes to the new address, a notice to the current one',
      description: `202 with the pending change: the address changes only when the link is opened (POST /api/Member/Email/Confirm). The current password is required for members who sign in with one (400 with a field error when missing or wrong). 409 for the current address, or one another member of the programme uses. At most ${EMAIL_CHANGE_PER_ACCOUNT.max} a member an hour (429). A new request replaces the pending one.`,
      errors: [401, 403, 409],
    },
  }, async (request, reply) => {
    const { member } = await app.sessions.require(request);
    // Per member, before the password is checked: the call cannot flood mailboxes or guess the password.
    await app.limits.account(request, reply, { name: 'email-change', account: member.publicId, limit: EMAIL_CHANGE_PER_ACCOUNT });
    const partner = request.sitePartner;
    const answer = await requestEmailChange({ db, mailer }, { partner, member, body: request.body, origin: partnerOrigin(partner, config) });
    return reply.status(202).send(answer);
  });

  route(API.confirmEmail, {
    config: { rateLimit: CONFIRM_LIMIT },
    schema: {
      summary: 'Confirm a change of e-mail address with the link sent to the new address (uses the link up)',
      description: "Works with or without a session (the link may be opened on another device). 400 when the link is unknown, expired, replaced by a newer request or already used; 409 when another member of the programme took the address meanwhile. The member's sessions stay signed in.",
      errors: [409],
    },
  }, async (request) => confirmEmailChange(db, { partnerId: request.sitePartner.id, token: request.body.token, requestId: request.id }));
};
