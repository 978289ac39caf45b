import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '#shared/schemas/common';
import { ZSignInRequest, ZSignInResponse } from '#shared/schemas/member';
import type { Db } from '../../db/client';
import { CSRF_MESSAGE } from '../../plugins/csrf';
import { AppError } from '../../lib/app-error';
import { toMember } from '../members/member-mapper';
import { memberStanding } from '../members/members.service';
import { signIn } from './auth.service';
import { normaliseIdentifier } from './lockout';
import { SIGN_IN_PER_ACCOUNT, SIGN_IN_PER_ADDRESS } from '../../plugins/rate-limits';

export const ZSignOutResponse = z.object({
  signedOut: z.literal(true),
  csrfToken: z.string(),
  endSessionUrl: z.string().optional().describe("Single sign-on: open this address to end the session at the partner's identity provider too; it returns to /SignOut."),
});

/** Direct sign-in and sign-out (§4 session, §8 sign-in wording). */
export const authRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post('/api/SignIn', {
    // One address trying many accounts (spraying); the per-account limit and the lockout cover
    // many addresses trying one account.
    config: { rateLimit: SIGN_IN_PER_ADDRESS },
    schema: {
      tags: ['session'],
      summary: 'Sign in with an e-mail or partner number and a password (direct partners)',
      description: "401 wrong user name or password; 423 code 'locked' after repeated failures (30 minutes); 409 code 'fixCredentials' when the e-mail is shared by several accounts. The session cookie is rotated: use the csrfToken of the answer.",
      security: [{ xsrf: [] }],
      body: ZSignInRequest,
      response: { 200: ZSignInResponse, 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 423: ZErrorResponse, 429: ZErrorResponse },
    },
  }, async (request, reply) => {
    const partner = request.sitePartner;
    await app.limits.account(request, reply, { name: 'sign-in', account: normaliseIdentifier(request.body.username), limit: SIGN_IN_PER_ACCOUNT });
    const member = await signIn(db, { partner, username: request.body.username, password: request.body.password });
    const session = await app.sessions.start(request, reply, { memberId: member.id, staySignedIn: request.body.staySignedIn });
    return { member: toMember(member, session, await memberStanding(db, member)), csrfToken: app.csrf.issue(request, reply) };
  });

  app.get('/api/SignOut', {
    schema: {
      tags: ['session'],
      summary: 'End the session (always 200, also when not signed in); answers a fresh anti-forgery token',
      description: 'A signed-in member must send X-XSRF-TOKEN, so another site cannot sign the member out.',
      // The token only when signed in: either requirement satisfies it.
      security: [{ xsrf: [] }, {}],
      response: { 200: ZSignOutResponse, 403: ZErrorResponse },
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
