import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomInt } from 'node:crypto';
import { and, desc, eq, inArray, like, or } from 'drizzle-orm';
import { randomPartnerNumber } from '#shared/rules/partner-number';
import { usesSingleSignOn } from '#shared/rules/partner-features';
import type { Db } from '../../db/client';
import { members as memberRows, outbox } from '../../db/schema';
import type { DemoAccounts } from '../../demo';
import { AppError } from '../../lib/app-error';
import { signInAnswer, toMember, findMemberByPublicId, updateMember, type MemberPatch, MEMBER_NOT_FOUND, memberStanding } from '../members';
import { dineNow, networkSample } from './dine-now';
import { networkRun } from './network-run';
import { TIER_LEVELS } from '#shared/constants/member';
import { API } from '#shared/api';
import { routesOf } from '../../lib/route';

const OUTBOX_LIMIT = 50;
/** How many joinable partner numbers the staging tools offer at a time. */
export const DEMO_PARTNER_NUMBERS = 5;

/**
 * Staging tools (§2 /stgtools): demo credentials, the e-mail outbox, signing in as a demo member
 * and switching the current member's tier and state. app.ts registers this only outside
 * production. A staging site may hold real people's accounts too: the tools show and act on the
 * demo accounts and on the signed-in member's own account, never on anyone else's.
 */
export const stgtoolsRoutes: FastifyPluginAsyncZod<{ db: Db; demo: DemoAccounts; cardEventsSecret: string }> = async (app, { db, demo, cardEventsSecret }) => {
  const route = routesOf(app, { tags: ['stgtools'] });
  route(API.demoMembers, {
    schema: { summary: 'Demo members of this partner with their demo passwords' },
  }, async (request) => {
    const partner = request.sitePartner;
    // From the seed's list, never from the database: the database holds only hashes.
    const members = demo.membersFor(partner);
    return {
      partner: partner.code,
      enrollmentType: partner.enrollmentType,
      members,
      ssoAccounts: usesSingleSignOn(partner)
        ? demo.sso.map((a) => ({
          subject: a.subject, email: a.email, password: a.password, label: a.label,
          publicId: members.find((m) => m.ssoSubject === a.subject)?.publicId ?? null,
        }))
        : [],
    };
  });

  route(API.demoPartnerNumbers, {
    schema: {
      summary: 'Partner numbers a newcomer can join with: valid (check character included) and used by no member of this partner',
      description: 'Freshly drawn on every call, so two testers are unlikely to be handed the same number; a number is only taken once a member joins with it.',
    },
  }, async (request) => {
    const partner = request.sitePartner;
    const label = partner.copyStates.partnerNumberLabel;
    if (!partner.hasPPN || partner.enrollmentType !== 'direct') return { partner: partner.code, label, asked: false, numbers: [] };
    const numbers = new Set<string>();
    while (numbers.size < DEMO_PARTNER_NUMBERS) {
      const drawn = new Set<string>();
      while (drawn.size < DEMO_PARTNER_NUMBERS * 2) drawn.add(randomPartnerNumber(randomInt));
      const taken = await db.select({ n: memberRows.partnerNumber }).from(memberRows)
        .where(and(eq(memberRows.partnerId, partner.id), inArray(memberRows.partnerNumber, [...drawn])));
      const used = new Set(taken.map((r) => r.n));
      for (const n of drawn) if (!used.has(n) && numbers.size < DEMO_PARTNER_NUMBERS) numbers.add(n);
    }
    return { partner: partner.code, label, asked: true, numbers: [...numbers] };
  });

  route(API.outbox, {
    schema: { summary: `The latest ${OUTBOX_LIMIT} e-mails sent on this partner site` },
  }, async (request) => {
    const partner = request.sitePartner;
    const viewer = await request.currentSession();
    // Never another real member's mail (a reset link is an account): only mail for the demo
    // accounts and for the member who is looking.
    const visible = or(like(memberRows.publicId, `${demo.publicIdPrefix}%`), viewer ? eq(outbox.memberId, viewer.member.id) : undefined);
    const rows = await db.select({ outbox }).from(outbox).innerJoin(memberRows, eq(memberRows.id, outbox.memberId))
      .where(and(eq(outbox.partnerId, partner.id), visible))
      .orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(OUTBOX_LIMIT)
      .then((list) => list.map((r) => r.outbox));
    return {
      messages: rows.map((r) => ({
        id: r.id, to: r.toAddress, subject: r.subject, textBody: r.textBody, htmlBody: r.htmlBody, createdAt: r.createdAt.toISOString(),
      })),
    };
  });

  route(API.signInAs, {
    schema: {
      summary: 'Sign in as a member of this partner (new session)',
      errors: [403, 404],
    },
  }, async (request, reply) => {
    const partner = request.sitePartner;
    // Only the seeded demo accounts: a staging site may also hold real people's accounts.
    if (!request.body.publicId.startsWith(demo.publicIdPrefix)) throw AppError.forbidden('Only demo accounts can be signed in to from the staging tools.');
    const member = await findMemberByPublicId(db, partner.id, request.body.publicId);
    if (!member) throw AppError.notFound(MEMBER_NOT_FOUND);
    return signInAnswer(app, db, { request, reply }, member, false);
  });

  route(API.setMemberState, {
    schema: {
      summary: "Switch the signed-in member's tier and state",
      errors: [401, 403],
    },
  }, async (request) => {
    const partner = request.sitePartner;
    const { member, session } = await app.sessions.require(request);
    const patch: MemberPatch = Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined));
    // The profile's e-mail box agrees with the tier chosen (0 opted out; 2 and 3 opted in), as opting in and out moves the tier.
    if (patch.tierLevel !== undefined && patch.tierLevel !== TIER_LEVELS.NonActivated) patch.emailOptIn = patch.tierLevel !== TIER_LEVELS.OptedOut;
    const updated = Object.keys(patch).length ? await updateMember(db, partner.id, member.id, patch) : member;
    if (!updated) throw AppError.unauthorized();
    return toMember(updated, session, await memberStanding(db, request.sitePartner, updated));
  });

  route(API.dineNow, {
    schema: {
      summary: 'Dine now: a purchase by the signed-in member, sent through the card-network webhook',
      description: "Builds the authorisation and (unless clear is false) the clearing of a purchase on the member's card (the first linked card without cardId) at the restaurant's network location, signs them with CARD_EVENTS_SECRET and posts them to POST /api/card-network/events. The dine shows in GET /api/Member/Transactions within seconds.",
      errors: [401, 403, 404, 502],
    },
  }, async (request) => {
    const { member } = await app.sessions.require(request);
    return dineNow(app, { db, secret: cardEventsSecret, member, body: request.body });
  });

  route(API.networkSample, {
    schema: { summary: "For a card-network simulator (npm run simulate): the demo accounts' card tokens on this partner and restaurants' network locations" },
  }, async (request) => networkSample(db, { partnerId: request.sitePartner.id, demoPrefix: demo.publicIdPrefix }));

  route(API.networkRun, {
    schema: {
      summary: "For a card-network simulator: what the engine made of one run's purchases on this partner's demo cards",
      description: 'The dines whose transaction id starts with `prefix` (the run\'s own), per demo member, with their amounts, refunds applied (one per network refund), status and what the member keeps of each (S reward plus A adjustments); how many of the run\'s events are not applied yet and how many of its refunds still wait for their purchase. `npm run simulate` compares this with a model of what it sent.',
    },
  }, async (request) => networkRun(db, { partnerId: request.sitePartner.id, demoPrefix: demo.publicIdPrefix, prefix: request.query.prefix }));
};
