import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { MemberRow } from '../../db/schema';
import type { SessionEmulation } from '../../plugins/session';
import { toMember } from './member-mapper';
import { memberStanding } from './members.service';

/**
 * Signs the member in with a new session (the cookie is rotated) and answers what every sign-in
 * answers: the member, and the anti-forgery token of the new session.
 */
export async function signInAnswer(
  app: Pick<FastifyInstance, 'sessions' | 'csrf'>, db: Db, call: { request: FastifyRequest; reply: FastifyReply },
  member: MemberRow, staySignedIn: boolean, opts: { emulation?: SessionEmulation } = {},
) {
  const { request, reply } = call;
  const session = await app.sessions.start(request, reply, { memberId: member.id, staySignedIn, ...opts });
  return { member: toMember(member, session, await memberStanding(db, request.sitePartner, member)), csrfToken: app.csrf.issue(request, reply) };
}
