import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { emulationGrants, outbox, partners, sessions, staff, type PartnerRow } from '../db/schema';
import { AppError } from '../lib/app-error';
import type { Mailer } from '../lib/mailer';
import { pluginMailer } from '../lib/plugin-mailer';
import type { SealingKey } from '../lib/sealed';
import { sendSignInLinks } from '../modules/auth';
import { claimCandidates, claimWithNames, notify, resolveClaim, reviewClaims, toClaim } from '../modules/claims';
import { findErrorByReference } from '../modules/client-errors';
import { clearMemberLockouts } from '../modules/lockout';
import { closeMemberAccount } from '../modules/cards';
import { EMULATION_MINUTES } from '../modules/emulation';
import { partnerOrigin } from '../plugins/partner';
import { grantLink, newGrant } from '../lib/one-time-grant';
import { inScope, STAFF_TEAMS, type PartnerScope } from '#shared/rules/ops-permissions';
import { adjustmentLimit } from '#shared/rules/adjustments';
import { rewardText } from '#shared/rules/notifications';
import { whatTheMemberSaw } from '#shared/rules/reference-code';
import { ZErrorResponse } from '#shared/schemas/common';
import { LOCKOUT_ATTEMPTS, LOCKOUT_MINUTES } from '#shared/constants/member';
import { adjustmentView, decideAdjustment, listAdjustments, requestAdjustment } from './adjustments';
import { audit, searchAudit } from './audit';
import { memberDetail, memberWithPartner, searchMembers } from './members';
import { opsRoute, type OpsApp } from './ops-route';
import { completeSetup, createStaff, setupInfo, signInStaff, staffLock, toStaffMe, toStaffMember, unlockStaff } from './staff';
import { requirePartnerInScope, requireStaff } from './staff-auth';

const NO_SUCH_CLAIM = 'There is no claim with this id among your partners.';
/** The claims queue lists at most this many, oldest first (after its filters). */
const CLAIMS_QUEUE_LIMIT = 200;

/** The console's calls (issue 27): sign-in and setup, member look-up and actions, the claims queue, errors by reference code, staff and the audit log. */
export async function opsRoutes(app: OpsApp, opts: { db: Db; config: AppConfig; key: SealingKey; mailer?: Mailer; signInPerMinute?: number }) {
  const { db, config, key } = opts;
  /** Sign-in and setup attempts per address and minute (on top of the lockout's counts). */
  const attempts = { rateLimit: { max: opts.signInPerMinute ?? 20, timeWindow: 60_000 } };
  const { mailer, inBackground } = pluginMailer(app, { db, config, mailer: opts.mailer });

  const allPartners = () => db.select().from(partners).orderBy(partners.name);
  const scoped = async (scope: PartnerScope) => (await allPartners()).filter((p) => inScope(scope, p.id));
  /** A partner by code among the staff member's; another partner's code answers as an unknown one. */
  const partnerByCode = async (scope: PartnerScope, code: string): Promise<PartnerRow> => {
    const found = (await scoped(scope)).find((p) => p.code.toLowerCase() === code.trim().toLowerCase());
    if (!found) throw AppError.badRequest('There is no such partner among yours.', [{ field: 'partner', message: 'There is no such partner among yours.' }]);
    return found;
  };
  const memberInScope = async (session: ReturnType<typeof requireStaff>, memberId: number) => {
    const found = await memberWithPartner(db, memberId);
    if (!found || !inScope(session.scope, found.partner.id)) throw AppError.notFound('There is no member with this id among your partners.');
    return found;
  };

  // ---------------------------------------------------------------- signing in

  opsRoute(app, 'opsCsrf', { schema: { summary: 'Anti-forgery token for the console (bound to the staff session)' } }, async (request, reply) => ({ csrfToken: app.staffSessions.csrf(request, reply) }));

  opsRoute(app, 'opsSignIn', {
    config: attempts,
    schema: { summary: 'Sign in with e-mail, password and the authenticator code', description: `401 for any wrong part (never which); 423 code locked after ${LOCKOUT_ATTEMPTS} failures (${LOCKOUT_MINUTES} minutes); 429 when this address keeps failing.`, response: { 423: ZErrorResponse, 429: ZErrorResponse } },
  }, async (request, reply) => {
    try {
      const row = await signInStaff(db, key, { ...request.body, address: request.ip });
      const session = await app.staffSessions.start(request, reply, row);
      await audit(db, request, { action: 'staff.signIn' });
      return { staff: toStaffMe(row, session.endsAt), csrfToken: app.staffSessions.csrf(request, reply) };
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 401) await audit(db, request, { action: 'staff.signInFailed', staffEmail: request.body.email });
      throw err;
    }
  });

  opsRoute(app, 'opsSetupInfo', { schema: { summary: 'Who a setup link is for, and the second factor to add to an authenticator app' } }, async (request) => setupInfo(db, key, request.query.token));

  opsRoute(app, 'opsSetup', {
    config: attempts,
    schema: { summary: 'Set the password and confirm the second factor with its first code; the link is used up' },
  }, async (request) => {
    const row = await completeSetup(db, key, request.body);
    await audit(db, request, { action: 'staff.setUp', staffEmail: row.email, target: `staff:${row.id}` });
    return { ok: true as const };
  });

  opsRoute(app, 'opsMe', { schema: { summary: 'The signed-in staff member, role, partners and permissions' } }, async (request) => {
    const session = requireStaff(request);
    return { staff: toStaffMe(session.row, session.endsAt) };
  });

  opsRoute(app, 'opsSignOut', { schema: { summary: 'Sign out of the console' } }, async (request, reply) => {
    await audit(db, request, { action: 'staff.signOut' });
    await app.staffSessions.end(request, reply);
    return { ok: true as const, csrfToken: app.staffSessions.csrf(request, reply) };
  });

  opsRoute(app, 'opsPartners', { schema: { summary: 'The partners the staff member works for' } }, async (request) => ({
    partners: (await scoped(requireStaff(request).scope)).map((p) => ({ id: p.id, code: p.code, name: p.name, currency: p.currencyType })),
  }));

  // ---------------------------------------------------------------- members

  opsRoute(app, 'opsMemberSearch', { schema: { summary: 'Find members of one partner by e-mail, partner number, public id, name, phone or card last four' } }, async (request) => {
    const partner = await partnerByCode(requireStaff(request).scope, request.query.partner);
    return searchMembers(db, partner, request.query.q);
  });

  opsRoute(app, 'opsMember', { schema: { summary: 'Everything about one member (viewing is audited)' } }, async (request) => {
    const { member, partner } = await memberInScope(requireStaff(request), request.params.memberId);
    await audit(db, request, { action: 'member.view', partnerId: partner.id, memberId: member.id });
    const limit = adjustmentLimit(requireStaff(request).row.role, partner);
    return { ...await memberDetail(db, member, partner), adjustmentLimit: limit, adjustmentLimitText: rewardText(limit, partner) };
  });

  opsRoute(app, 'opsMemberUnlock', { schema: { summary: "Lift a member's sign-in lock (with the reason)" } }, async (request) => {
    const { member, partner } = await memberInScope(requireStaff(request), request.params.memberId);
    await clearMemberLockouts(db, partner.id, member);
    await audit(db, request, { action: 'member.unlock', partnerId: partner.id, memberId: member.id, reason: request.body.reason });
    return { ok: true as const };
  });

  opsRoute(app, 'opsMemberSignInLink', { schema: { summary: 'E-mail the member a one-time sign-in link (with the reason)' } }, async (request, reply) => {
    const { member, partner } = await memberInScope(requireStaff(request), request.params.memberId);
    await audit(db, request, { action: 'member.signInLink', partnerId: partner.id, memberId: member.id, reason: request.body.reason });
    inBackground(request.log, 'sign-in link', () => sendSignInLinks({ db, mailer }, { partner, identifier: { kind: 'email', value: member.email }, origin: partnerOrigin(partner, config) }));
    return reply.status(202).send({ ok: true as const });
  });

  opsRoute(app, 'opsMemberResendEmail', { schema: { summary: 'Send the member again an e-mail they were sent, to their current address (with the reason)' } }, async (request, reply) => {
    const { member, partner } = await memberInScope(requireStaff(request), request.params.memberId);
    const [sent] = await db.select().from(outbox).where(and(eq(outbox.id, request.params.emailId), eq(outbox.memberId, member.id)));
    if (!sent) throw AppError.notFound('This member was sent no e-mail with this id.');
    await audit(db, request, { action: 'member.resendEmail', partnerId: partner.id, memberId: member.id, target: `email:${sent.id}`, reason: request.body.reason, after: { subject: sent.subject, to: member.email } });
    inBackground(request.log, 'resent e-mail', () => mailer.send({ partner, memberId: member.id, to: member.email, subject: sent.subject, text: sent.textBody, ...(sent.htmlBody ? { html: sent.htmlBody } : {}) }));
    return reply.status(202).send({ ok: true as const });
  });

  opsRoute(app, 'opsMemberClose', {
    schema: { summary: "Close a member's account (with the reason): every card unlinked, the account closed and signed out everywhere; rewards and history stay, and the member may re-enrol", response: { 409: ZErrorResponse } },
  }, async (request) => {
    const { member, partner } = await memberInScope(requireStaff(request), request.params.memberId);
    const closed = await closeMemberAccount(db, { partnerId: partner.id, memberId: member.id });
    if (!closed) throw new AppError(409, 'This account is closed already.');
    const ended = await db.delete(sessions).where(eq(sessions.memberId, member.id)).returning({ id: sessions.id });
    await audit(db, request, {
      action: 'member.close', partnerId: partner.id, memberId: member.id, reason: request.body.reason,
      before: { memberType: member.memberType, active: member.active }, after: { memberType: 'ClosedAccountMember', active: false, cardsRemoved: closed.cardsRemoved, sessionsEnded: ended.length },
    });
    return { ok: true as const, cardsRemoved: closed.cardsRemoved, sessionsEnded: ended.length };
  });

  opsRoute(app, 'opsMemberEmulate', { schema: { summary: `View as member: a one-time link that opens the member's partner site as the member, read only, for ${EMULATION_MINUTES} minutes (with the reason)` } }, async (request, reply) => {
    const session = requireStaff(request);
    const { member, partner } = await memberInScope(session, request.params.memberId);
    const emulationId = randomBytes(12).toString('hex');
    const now = new Date();
    const grant = newGrant(now);
    await db.insert(emulationGrants).values({
      id: grant.id, emulationId, staffId: session.row.id, partnerId: partner.id, memberId: member.id,
      team: STAFF_TEAMS[session.row.role], createdAt: grant.createdAt, expiresAt: grant.expiresAt,
    });
    await audit(db, request, { action: 'member.emulate', partnerId: partner.id, memberId: member.id, target: `emulation:${emulationId}`, reason: request.body.reason });
    const origin = partnerOrigin(partner, config);
    return reply.status(201).send({ url: grantLink(origin, 'emulate', grant), origin, emulationId, endsAt: new Date(now.getTime() + EMULATION_MINUTES * 60_000).toISOString() });
  });

  opsRoute(app, 'opsEmulationEnd', { schema: { summary: 'End a view as member (the console also tells the member window to sign out)' } }, async (request) => {
    const session = requireStaff(request);
    const [grant] = await db.select().from(emulationGrants).where(eq(emulationGrants.emulationId, request.params.emulationId));
    if (!grant || grant.staffId !== session.row.id) throw AppError.notFound('There is no such view of yours.');
    const ended = await db.delete(sessions).where(eq(sessions.emulationId, grant.emulationId)).returning({ id: sessions.id });
    await audit(db, request, { action: 'member.emulate.end', partnerId: grant.partnerId, memberId: grant.memberId, target: `emulation:${grant.emulationId}`, after: { sessionsEnded: ended.length } });
    return { ok: true as const };
  });

  // ---------------------------------------------------------------- the claims queue

  opsRoute(app, 'opsClaims', { schema: { summary: "Missing-reward claims in review, oldest first, on the staff member's partners (filters: partner, why in review, age, match score)" } }, async (request) => {
    const session = requireStaff(request);
    const list = request.query.partner ? [await partnerByCode(session.scope, request.query.partner)] : await scoped(session.scope);
    const byId = new Map(list.map((p) => [p.id, p]));
    const q = request.query;
    // Narrowed in the database before the limit: a filter never hides a claim behind 200 others.
    const filter = {
      finding: q.finding, minScore: q.minScore, maxScore: q.maxScore,
      filedBefore: q.olderThanHours === undefined ? undefined : new Date(Date.now() - q.olderThanHours * 3_600_000),
    };
    return { claims: await reviewClaims(db, { partners: byId, partnerIds: list.map((p) => p.id), filter, limit: CLAIMS_QUEUE_LIMIT }) };
  });

  opsRoute(app, 'opsClaimCandidates', { schema: { summary: 'A claim in review beside the card-network events the matcher weighed for it, each with its score' } }, async (request) => {
    const session = requireStaff(request);
    const found = await claimWithNames(db, request.params.claimId);
    if (!found) throw AppError.notFound(NO_SUCH_CLAIM);
    requirePartnerInScope(session, found.claim.partnerId, NO_SUCH_CLAIM);
    const [partner] = await db.select().from(partners).where(eq(partners.id, found.claim.partnerId));
    const [claim] = await reviewClaims(db, { partners: new Map([[partner!.id, partner!]]), partnerIds: [partner!.id], filter: { claimId: found.claim.id }, limit: 1 });
    if (!claim) throw new AppError(409, 'This claim is no longer in review.');
    return { claim, candidates: await claimCandidates(db, found.claim) };
  });

  opsRoute(app, 'opsClaimResolve', { schema: { summary: 'Award a claim (a manual reward) or reject it with the reason; the member is e-mailed' } }, async (request) => {
    const session = requireStaff(request);
    const before = await claimWithNames(db, request.params.claimId);
    if (!before) throw AppError.notFound(NO_SUCH_CLAIM);
    requirePartnerInScope(session, before.claim.partnerId, NO_SUCH_CLAIM);
    const [partner] = await db.select().from(partners).where(eq(partners.id, before.claim.partnerId));
    await resolveClaim(db, { partner: partner!, claimId: request.params.claimId, resolution: request.body.resolution, note: request.body.note });
    const after = await claimWithNames(db, request.params.claimId);
    await audit(db, request, {
      action: `claim.${request.body.resolution}`, partnerId: partner!.id, memberId: before.claim.memberId, target: `claim:${before.claim.id}`, reason: request.body.note ?? null,
      before: { status: before.claim.status }, after: { status: after!.claim.status, rewardId: after!.claim.rewardId },
    });
    await notify({ db, mailer, config, partner: partner!, claimId: request.params.claimId, log: request.log });
    return toClaim(after!, partner!);
  });

  // ---------------------------------------------------------------- reward adjustments

  opsRoute(app, 'opsAdjustmentCreate', {
    schema: { summary: 'Adjust a member\'s rewards (M, A, J, +) with a reason code and a note: posted at once within your limit, else waiting for a second person (72 hours); the same idempotency key again posts nothing more', response: { 409: ZErrorResponse } },
  }, async (request, reply) => {
    const session = requireStaff(request);
    const { member, partner } = await memberInScope(session, request.params.memberId);
    const { id, created } = await requestAdjustment(db, { by: session.row, partner, member, input: request.body });
    const view = await adjustmentView(db, session.scope, id);
    if (created) {
      await audit(db, request, {
        action: view.status === 'Posted' ? 'adjustment.post' : 'adjustment.request', partnerId: partner.id, memberId: member.id, target: `adjustment:${id}`,
        reason: `${view.reasonCode}: ${view.note}`, after: { sourceCode: view.sourceCode, amount: view.amount, status: view.status, rewardId: view.rewardId, reverses: view.reverses },
      });
    }
    return reply.status(201).send(view);
  });

  opsRoute(app, 'opsAdjustments', { schema: { summary: 'Reward adjustments on your partners, newest first (status=PendingApproval: the approvals queue)' } }, async (request) => {
    const session = requireStaff(request);
    const partnerId = request.query.partner ? (await partnerByCode(session.scope, request.query.partner)).id : undefined;
    return { adjustments: await listAdjustments(db, { scope: session.scope, partnerId, status: request.query.status }) };
  });

  opsRoute(app, 'opsAdjustmentDecide', {
    schema: { summary: 'Approve (it posts) or reject another person\'s adjustment waiting for approval; never your own', response: { 409: ZErrorResponse } },
  }, async (request) => {
    const session = requireStaff(request);
    const row = await decideAdjustment(db, { by: session.row, scope: session.scope, adjustmentId: request.params.adjustmentId, decision: request.body });
    const view = await adjustmentView(db, session.scope, row.id);
    await audit(db, request, {
      action: `adjustment.${request.body.decision === 'approve' ? 'approve' : 'reject'}`, partnerId: row.partnerId, memberId: row.memberId, target: `adjustment:${row.id}`,
      reason: request.body.note ?? null, before: { status: 'PendingApproval' }, after: { status: view.status, rewardId: view.rewardId },
    });
    return view;
  });

  // ---------------------------------------------------------------- errors by reference code

  opsRoute(app, 'opsErrorLookup', {
    schema: {
      summary: 'Look up an error by the reference code a member reads on the error page (the look-up is audited)',
      description: "The code's case, spaces and dashes do not count. 400 for what is not a reference code; 404 for a code with no error, or one of a partner not among the staff member's.",
    },
  }, async (request) => {
    const session = requireStaff(request);
    const { reference } = request.params;
    const found = await findErrorByReference(db, reference, session.scope);
    await audit(db, request, { action: 'error.lookup', partnerId: found?.partnerId ?? null, memberId: found?.memberId ?? null, target: `error:${reference}`, after: { found: Boolean(found) } });
    if (!found) throw AppError.notFound('No error with this reference code is known among your partners. Check the code with the member: it has 10 letters and digits.');
    return {
      reference: found.reference, source: found.source, at: found.createdAt.toISOString(), route: found.route, method: found.method, status: found.status,
      seen: whatTheMemberSaw(found), name: found.name, message: found.message, requestId: found.requestId,
      partner: found.partner ? { code: found.partner.code, name: found.partner.name } : null, memberId: found.memberId,
    };
  });

  // ---------------------------------------------------------------- staff and the audit log

  opsRoute(app, 'opsAudit', { schema: { summary: 'The audit log, newest first (search by action, staff e-mail, target, reason or member id)' } }, async (request) => {
    const session = requireStaff(request);
    const partnerId = request.query.partner ? (await partnerByCode(session.scope, request.query.partner)).id : undefined;
    return searchAudit(db, session.scope, { q: request.query.q, partnerId, limit: request.query.limit, before: request.query.before });
  });

  opsRoute(app, 'opsStaff', { schema: { summary: 'Console accounts' } }, async () => {
    const rows = await db.select().from(staff).orderBy(staff.email);
    return { staff: await Promise.all(rows.map(async (r) => toStaffMember(r, new Date(), await staffLock(db, r.email)))) };
  });

  opsRoute(app, 'opsStaffCreate', { schema: { summary: 'Create a console account; answers its one-time setup link (72 hours)' } }, async (request, reply) => {
    const { row, setupLink } = await createStaff(db, key, { ...request.body, origin: config.opsOrigin });
    await audit(db, request, { action: 'staff.create', target: `staff:${row.id}`, after: toStaffMember(row) });
    return reply.status(201).send({ staff: toStaffMember(row), setupLink });
  });

  opsRoute(app, 'opsStaffUpdate', { schema: { summary: "Change a console account's role, partners or status, or unlock it (with the reason)" } }, async (request) => {
    const session = requireStaff(request);
    const [before] = await db.select().from(staff).where(eq(staff.id, request.params.staffId));
    if (!before) throw AppError.notFound('There is no console account with this id.');
    const { reason, unlock, ...change } = request.body;
    if (before.id === session.row.id && (change.role !== undefined || change.status !== undefined)) throw AppError.forbidden('You cannot change your own role or status: ask another administrator.');
    if (change.status === 'active' && !before.passwordHash) throw new AppError(409, 'This account is not set up yet: it becomes active when its setup link is used.');
    const [after] = Object.keys(change).length
      ? await db.update(staff).set({ ...change, updatedAt: new Date() }).where(eq(staff.id, before.id)).returning()
      : [before];
    if (unlock) await unlockStaff(db, before.email);
    if (change.status === 'disabled' || change.role !== undefined) await app.staffSessions.endAllOf(after!.id);
    await audit(db, request, { action: 'staff.update', target: `staff:${before.id}`, reason, before: toStaffMember(before), after: { ...toStaffMember(after!), ...(unlock ? { unlocked: true } : {}) } });
    return { staff: toStaffMember(after!, new Date(), await staffLock(db, after!.email)) };
  });

}

