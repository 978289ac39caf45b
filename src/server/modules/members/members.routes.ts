import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { toKnownVisitor, toMember } from './member-mapper';
import { activate, findKnownVisitor, memberStanding, updateProfile } from './members.service';
import type { KeptProgrammes } from '../bonuses';
import { API } from '#shared/api';
import { routesOf } from '../../lib/route';

export const NOT_SIGNED_IN = 'You are not signed in.';

/** The signed-in member (§3), the profile (§5), known visitors and tier-1 activation (§4). */
export const membersRoutes: FastifyPluginAsyncZod<{ db: Db; programmes?: KeptProgrammes }> = async (app, { db, programmes }) => {
  const route = routesOf(app, { tags: ['member'] });
  route(API.member, {
    schema: {
      summary: 'The signed-in member; renews the idle timeout (401 when anonymous)',
      errors: [401],
    },
  }, async (request) => {
    // Each call renews the idle timeout (§4: the warning toast refetches the member to stay signed in).
    if (!await request.currentSession({ renew: true })) throw AppError.unauthorized(NOT_SIGNED_IN);
    const { member, session } = await app.sessions.require(request);
    return toMember(member, session, await memberStanding(db, request.sitePartner, member, new Date(), programmes));
  });

  route(API.updateProfile, {
    schema: {
      summary: 'Update the profile (e-mail and password are not edited here)',
      description: 'Answers changed:false when nothing differs. Names of single sign-on members are read-only and kept.',
      errors: [401, 403],
    },
  }, async (request) => {
    const partner = request.sitePartner;
    const { member, session } = await app.sessions.require(request);
    const result = await updateProfile(db, { partner, member, body: request.body });
    return { member: toMember(result.member, session, await memberStanding(db, request.sitePartner, result.member, new Date(), programmes)), changed: result.changed };
  });

  route(API.knownVisitor, {
    config: { csrfRequired: true },
    schema: {
      summary: 'Known visitor lookup by public id (with X-XSRF-TOKEN)',
      errors: [403, 404],
    },
  }, async (request) => toKnownVisitor(await findKnownVisitor(db, request.sitePartner, request.params.publicId)));

  route(API.activateKnownVisitor, {
    schema: {
      summary: 'Tier-1 activation: NonActivated (1) → OptedIn (2)',
      errors: [403, 404, 409],
    },
  }, async (request) => toKnownVisitor(await activate(db, request.sitePartner, request.body.publicId)));
};
