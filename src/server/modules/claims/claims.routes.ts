import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { PartnerRow } from '../../db/schema';
import type { Mailer } from '../../lib/mailer';
import { partnerOrigin } from '../../plugins/partner';
import type { Limit } from '../../plugins/rate-limits';
import { sendClaimResolved } from './claims.mail';
import { listClaims, submitClaim } from './claims.service';
import { API } from '#shared/api';
import { routesOf } from '../../lib/route';

/** Claims one member may file: enough for a month of missed dines, too few to probe the inbox with. */
export const CLAIMS_PER_MEMBER: Limit = { max: 10, timeWindow: 60 * 60_000 };

/**
 * The signed-in member's missing-reward claims (docs/api-claims.md). Own member only: the session
 * names the member, and a session exists only on its partner's host, so a visitor, or a member's
 * cookie on another partner's host, gets 401; no call takes a member id.
 */
export const claimsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const route = routesOf(app, { tags: ['claims'] });
  route(API.claims, {
    schema: {
      summary: "The member's missing-reward claims with their status, newest first (up to 100)",
      description: 'Claims still Submitted (their card-network record not applied yet) are matched again first.',
      errors: [401],
    },
  }, async (request) => {
    const { member } = await app.sessions.require(request);
    return { claims: await listClaims(db, { partner: request.sitePartner, member }) };
  });

  route(API.submitClaim, {
    schema: {
      summary: 'Claim a missing reward: matched at once against the card-network events received',
      description: [
        "Card (one of the member's), restaurant, the dine's restaurant-local date (10 to 90 days ago, 30 for Amex cards) and the amount charged, tip included.",
        'Answers 201 with the new claim and what matching found (Matched, Not found, In review, or Submitted while the record is being processed),',
        'or 200 with alreadyClaimed and the first claim when this claim, or a claim of the same purchase, was made before (nothing new is stored).',
        `At most ${CLAIMS_PER_MEMBER.max} claims an hour per member (429 after).`,
      ].join(' '),
      errors: [401, 403],
    },
  }, async (request, reply) => {
    const { member } = await app.sessions.require(request);
    await app.limits.account(request, reply, { name: 'claims', account: String(member.id), limit: CLAIMS_PER_MEMBER });
    const { created, ...result } = await submitClaim(db, { partner: request.sitePartner, member, body: request.body });
    return reply.code(created ? 201 : 200).send(result);
  });
};

/** Sends the claim-resolved e-mail; a mail failure is logged and does not undo the resolution. */
export async function notify(opts: { db: Db; mailer: Mailer; config: AppConfig; partner: PartnerRow; claimId: number; log: { error: (o: object, m: string) => void } }) {
  try {
    await sendClaimResolved({ db: opts.db, mailer: opts.mailer }, { partner: opts.partner, claimId: opts.claimId, origin: partnerOrigin(opts.partner, opts.config) });
  } catch (err) {
    opts.log.error({ claimId: opts.claimId, error: err instanceof Error ? err.message.slice(0, 200) : String(err) }, 'claim-resolved e-mail not sent');
  }
}

