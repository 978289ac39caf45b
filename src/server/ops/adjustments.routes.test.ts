import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../test/app';
import { createOpsApp, demoStaff, OpsBrowser, staffBrowsers } from '../test/ops';
import type { StaffRole } from '#shared/rules/ops-permissions';
import { auditLog, memberProgress, memberRewards, members, partners, rewardAdjustments, staff, redemptions, type MemberRow, type PartnerRow, type StaffRow } from '../db/schema';
import { demoPublicId } from '../demo/members';
import { payStatementCredits } from '../modules/rewards/payouts';
import { adjustmentLimit, ADJUSTMENT_REASONS } from '#shared/rules/adjustments';
import type { OpsAdjustment } from '#shared/schemas/ops-adjustments';
import type { OpsMemberDetail } from '#shared/schemas/ops';
import { progressYear } from '#shared/rules/rewards/local-time';
import { decideAdjustment, EXPIRED, expireAdjustments, KEY_REUSED, NOT_REVERSIBLE, NOT_WAITING, OWN_REQUEST, requestAdjustment, REVERSE_AMOUNT } from './adjustments';

let t: TestApp;
let ops: FastifyInstance;
const demo = demoStaff;

beforeAll(async () => {
  t = await createTestApp();
  ops = await createOpsApp(t);
});
afterAll(async () => {
  await ops.close();
  await t.close();
});

/** A signed-in console browser per demo role, kept for the file. */
const as = staffBrowsers(() => ({ t, ops }));

async function memberOf(partner: string, who: string): Promise<MemberRow> {
  const [m] = await t.database.db.select().from(members).where(eq(members.publicId, demoPublicId(partner, who)));
  return m!;
}
const partnerRow = async (code: string): Promise<PartnerRow> => (await t.database.db.select().from(partners).where(eq(partners.code, code)))[0]!;
const staffRow = async (role: StaffRole): Promise<StaffRow> => (await t.database.db.select().from(staff).where(eq(staff.email, demo(role).email)))[0]!;

let keys = 0;
const key = () => `test-key-${Date.now()}-${++keys}`.padEnd(20, 'x');
const request = (over: Record<string, unknown> = {}) => ({ sourceCode: 'A', amount: 500, reasonCode: 'goodwill', note: 'Long wait on the phone', idempotencyKey: key(), ...over });

async function post(role: StaffRole, memberId: number, body: Record<string, unknown>) {
  return (await as(role)).send({ method: 'POST', url: `/api/ops/members/${memberId}/adjustments`, payload: body });
}
async function decide(role: StaffRole, id: number, body: Record<string, unknown>) {
  return (await as(role)).send({ method: 'POST', url: `/api/ops/adjustments/${id}/decision`, payload: body });
}
const rewardsOf = (memberId: number) => t.database.db.select().from(memberRewards).where(eq(memberRewards.memberId, memberId));

describe('reward adjustments within the limit', () => {
  it('an agent posts one at once: an Awarded reward of its code and amount, with the member\'s wording, in the year\'s rewards and the audit log', async () => {
    const m = await memberOf('hilton', 'select-card');
    const before = await rewardsOf(m.id);
    const [progressBefore] = await t.database.db.select().from(memberProgress).where(and(eq(memberProgress.memberId, m.id), eq(memberProgress.year, progressYear(new Date(), m.state))));
    const res = await post('agent', m.id, request({ sourceCode: 'A', amount: 750 }));
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json<OpsAdjustment>();
    expect(view).toMatchObject({ status: 'Posted', amount: 750, sourceCode: 'A', reasonCode: 'goodwill', memberId: m.id, partnerCode: 'hilton', requestedBy: { name: demo('agent').name }, reversible: true });
    expect(view.amountText).toMatch(/^750 /);
    const after = await rewardsOf(m.id);
    expect(after).toHaveLength(before.length + 1);
    const reward = after.find((r) => r.id === view.rewardId)!;
    expect(reward).toMatchObject({ sourceCode: 'A', amount: 750, status: 'Awarded', description: ADJUSTMENT_REASONS.goodwill.member });
    const [progress] = await t.database.db.select().from(memberProgress).where(and(eq(memberProgress.memberId, m.id), eq(memberProgress.year, progressYear(new Date(), m.state))));
    expect(progress!.rewards).toBe((progressBefore?.rewards ?? 0) + 750);
    expect(progress!.qualifiedDines).toBe(progressBefore?.qualifiedDines ?? 0);
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'adjustment.post'), eq(auditLog.target, `adjustment:${view.id}`)));
    expect(entry).toMatchObject({ staffEmail: demo('agent').email, memberId: m.id, reason: 'goodwill: Long wait on the phone' });
    // The member's page in the console lists it.
    const detail = (await (await as('agent')).send({ method: 'GET', url: `/api/ops/members/${m.id}` })).json<OpsMemberDetail>();
    expect(detail.adjustments.map((a) => a.id)).toContain(view.id);
  });

  it('the same request key again (a double click, a retry) answers the first request and posts nothing more; a different request under it is refused', async () => {
    const m = await memberOf('hilton', 'select-card');
    const body = request({ amount: 300 });
    const [first, second] = await Promise.all([post('agent', m.id, body), post('agent', m.id, body)]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(first.json<OpsAdjustment>().id).toBe(second.json<OpsAdjustment>().id);
    const third = await post('agent', m.id, body);
    expect(third.json<OpsAdjustment>().id).toBe(first.json<OpsAdjustment>().id);
    const rows = await t.database.db.select().from(rewardAdjustments).where(eq(rewardAdjustments.idempotencyKey, body.idempotencyKey));
    expect(rows).toHaveLength(1);
    expect((await rewardsOf(m.id)).filter((r) => r.id === rows[0]!.rewardId)).toHaveLength(1);
    const changed = await post('agent', m.id, { ...body, amount: 301 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json<{ message: string }>().message).toBe(KEY_REUSED);
  });

  it('cash back: cents in the partner\'s words, and the statement credit pays the adjustment like any reward', async () => {
    const m = await memberOf('ftch', 'select-card');
    const res = await post('supervisor', m.id, request({ sourceCode: '+', amount: 2_500, reasonCode: 'corporate' }));
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json<OpsAdjustment>();
    expect(view).toMatchObject({ status: 'Posted', amountText: '$25.00' });
    await payStatementCredits(t.database.db, { breakpointCents: 2_000 });
    const [reward] = await t.database.db.select().from(memberRewards).where(eq(memberRewards.id, view.rewardId!));
    expect(reward!.status).toBe('Paid');
    const [credit] = await t.database.db.select().from(redemptions).where(eq(redemptions.creditId, reward!.payoutRef!));
    expect(credit!.amountCents).toBeGreaterThanOrEqual(2_500);
  });
});

describe('above the limit: a second person approves', () => {
  it('an agent\'s request over the limit waits, posts nothing, and an agent cannot approve it; a supervisor approves and it posts', async () => {
    const m = await memberOf('hilton', 'basic-card');
    const hilton = await partnerRow('hilton');
    const amount = adjustmentLimit('agent', hilton) + 1;
    const res = await post('agent', m.id, request({ amount, sourceCode: 'M', reasonCode: 'missedDine' }));
    expect(res.statusCode).toBe(201);
    const waiting = res.json<OpsAdjustment>();
    expect(waiting).toMatchObject({ status: 'PendingApproval', rewardId: null, reversible: false });
    expect(new Date(waiting.expiresAt!).getTime() - new Date(waiting.requestedAt).getTime()).toBe(72 * 3_600_000);
    expect((await rewardsOf(m.id)).some((r) => r.sourceCode === 'M' && r.amount === amount)).toBe(false);
    // The approvals queue shows it.
    const queue = (await (await as('supervisor')).send({ method: 'GET', url: '/api/ops/adjustments?status=PendingApproval' })).json<{ adjustments: OpsAdjustment[] }>();
    expect(queue.adjustments.map((a) => a.id)).toContain(waiting.id);
    expect((await decide('agent', waiting.id, { decision: 'approve' })).statusCode).toBe(403);
    const approved = await decide('supervisor', waiting.id, { decision: 'approve', note: 'Receipt checked' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<OpsAdjustment>()).toMatchObject({ status: 'Posted', decidedBy: { name: demo('supervisor').name }, decisionNote: 'Receipt checked' });
    const reward = (await rewardsOf(m.id)).find((r) => r.id === approved.json<OpsAdjustment>().rewardId);
    expect(reward).toMatchObject({ sourceCode: 'M', amount, status: 'Awarded' });
    const again = await decide('administrator', waiting.id, { decision: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(NOT_WAITING);
    const actions = await t.database.db.select().from(auditLog).where(eq(auditLog.target, `adjustment:${waiting.id}`));
    expect(actions.map((a) => a.action)).toEqual(['adjustment.request', 'adjustment.approve']);
  });

  it('nobody decides on their own request: a supervisor\'s over-limit request is approved by an administrator', async () => {
    const m = await memberOf('hilton', 'basic-card');
    const amount = adjustmentLimit('supervisor', await partnerRow('hilton')) + 100;
    const waiting = (await post('supervisor', m.id, request({ amount }))).json<OpsAdjustment>();
    expect(waiting.status).toBe('PendingApproval');
    for (const decision of ['approve', 'reject']) {
      const own = await decide('supervisor', waiting.id, { decision, note: 'My own' });
      expect(own.statusCode).toBe(403);
      expect(own.json<{ message: string }>().message).toBe(OWN_REQUEST);
    }
    expect((await decide('administrator', waiting.id, { decision: 'approve' })).json<OpsAdjustment>().status).toBe('Posted');
  });

  it('a take-back counts against the limit by its size; a rejection needs a reason and posts nothing', async () => {
    const m = await memberOf('hilton', 'basic-card');
    const amount = -(adjustmentLimit('agent', await partnerRow('hilton')) + 1);
    const waiting = (await post('agent', m.id, request({ amount, reasonCode: 'duplicate' }))).json<OpsAdjustment>();
    expect(waiting.status).toBe('PendingApproval');
    const noReason = await decide('supervisor', waiting.id, { decision: 'reject' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ message: string }>().message).toContain('Say why it is rejected');
    const rejected = await decide('supervisor', waiting.id, { decision: 'reject', note: 'Not a duplicate: two visits' });
    expect(rejected.json<OpsAdjustment>()).toMatchObject({ status: 'Rejected', rewardId: null, decisionNote: 'Not a duplicate: two visits' });
    expect((await rewardsOf(m.id)).some((r) => r.amount === amount)).toBe(false);
  });

  it('a request waits 72 hours at most: deciding later is refused and it is marked expired; the sweep expires the rest', async () => {
    const m = await memberOf('hilton', 'basic-card');
    const amount = adjustmentLimit('agent', await partnerRow('hilton')) + 5;
    const [late, swept] = [(await post('agent', m.id, request({ amount }))).json<OpsAdjustment>(), (await post('agent', m.id, request({ amount }))).json<OpsAdjustment>()];
    const past = new Date(Date.now() - 1000);
    await t.database.db.update(rewardAdjustments).set({ expiresAt: past }).where(inArray(rewardAdjustments.id, [late.id, swept.id]));
    const res = await decide('supervisor', late.id, { decision: 'approve' });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(EXPIRED);
    expect(await expireAdjustments(t.database.db, new Date())).toBeGreaterThanOrEqual(1);
    const rows = await t.database.db.select().from(rewardAdjustments).where(inArray(rewardAdjustments.id, [late.id, swept.id]));
    expect(rows.map((r) => r.status)).toEqual(['Expired', 'Expired']);
    expect(rows.map((r) => r.rewardId)).toEqual([null, null]);
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'adjustment.expired'), eq(auditLog.target, `adjustment:${swept.id}`)));
    expect(entry).toBeDefined();
  });
});

describe('a mistake is reversed by a counter-adjustment, never edited', () => {
  it('takes back exactly what was posted, once', async () => {
    const m = await memberOf('hilton', 'vip-card');
    const original = (await post('agent', m.id, request({ amount: 400 }))).json<OpsAdjustment>();
    const wrong = await post('agent', m.id, request({ amount: -300, reverses: original.id, reasonCode: 'correction' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toBe(REVERSE_AMOUNT);
    const reversal = await post('agent', m.id, request({ amount: -400, reverses: original.id, reasonCode: 'correction' }));
    expect(reversal.json<OpsAdjustment>()).toMatchObject({ status: 'Posted', reverses: original.id, reversible: false });
    const twice = await post('agent', m.id, request({ amount: -400, reverses: original.id, reasonCode: 'correction' }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ message: string }>().message).toBe(NOT_REVERSIBLE);
    const rewards = await rewardsOf(m.id);
    expect(rewards.find((r) => r.id === original.rewardId)).toMatchObject({ amount: 400, status: 'Awarded' });
    expect(rewards.find((r) => r.id === reversal.json<OpsAdjustment>().rewardId)).toMatchObject({ amount: -400 });
    const listed = (await (await as('agent')).send({ method: 'GET', url: `/api/ops/members/${m.id}` })).json<OpsMemberDetail>().adjustments;
    expect(listed.find((a) => a.id === original.id)?.reversible).toBe(false);
  });
});

describe('bad input, wrong partner, wrong role', () => {
  it.each([
    [{ amount: 0 }, 'other than zero'],
    [{ amount: 12.5 }, 'whole amount'],
    [{ amount: 20_000_000 }, 'at most'],
    [{ note: '' }, 'Add a note'],
    [{ reasonCode: 'because' }, 'Choose a reason'],
    [{ sourceCode: 'S' }, 'Choose the kind'],
    [{ idempotencyKey: 'short' }, 'request key'],
    [{ extra: 1 }, ''],
  ])('%j is a 400 with a sentence, and posts nothing', async (over, words) => {
    const m = await memberOf('hilton', 'select-card');
    const before = (await rewardsOf(m.id)).length;
    const res = await post('agent', m.id, request(over));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(words);
    expect((await rewardsOf(m.id)).length).toBe(before);
  });

  it('another partner\'s member is unknown to a partner-scoped agent; an auditor reads adjustments and makes none', async () => {
    const [wynd] = await t.database.db.select().from(partners).where(eq(partners.code, 'wynd'));
    const [other] = await t.database.db.select().from(members).where(eq(members.partnerId, wynd!.id)).limit(1);
    expect((await post('agent', other!.id, request())).statusCode).toBe(404);
    const m = await memberOf('hilton', 'select-card');
    expect((await post('auditor', m.id, request())).statusCode).toBe(403);
    expect((await (await as('auditor')).send({ method: 'GET', url: '/api/ops/adjustments' })).statusCode).toBe(200);
    expect((await new OpsBrowser(ops).send({ method: 'POST', url: `/api/ops/members/${m.id}/adjustments`, payload: request() })).statusCode).toBe(403);
  });

  it('an adjustment of a partner outside the approver\'s scope is unknown to them', async () => {
    const [wynd] = await t.database.db.select().from(partners).where(eq(partners.code, 'wynd'));
    const [other] = await t.database.db.select().from(members).where(eq(members.partnerId, wynd!.id)).limit(1);
    const amount = adjustmentLimit('supervisor', wynd!) + 1;
    const waiting = (await post('supervisor', other!.id, request({ amount }))).json<OpsAdjustment>();
    // An approver whose partners are hilton only (every demo approver works for all partners).
    await expect(decideAdjustment(t.database.db, { by: await staffRow('administrator'), scope: { allPartners: false, partnerIds: [(await partnerRow('hilton')).id] }, adjustmentId: waiting.id, decision: { decision: 'approve' } }))
      .rejects.toMatchObject({ statusCode: 404 });
    expect((await t.database.db.select().from(rewardAdjustments).where(eq(rewardAdjustments.id, waiting.id)))[0]!.status).toBe('PendingApproval');
  });
});

describe('retries and duplicates never post twice (property)', () => {
  it('whatever the order of requests, repeats and decisions, each key posts at most once and the rewards equal the posted adjustments', async () => {
    const m = await memberOf('hilton', 'vip-card');
    const hilton = await partnerRow('hilton');
    const [agent, supervisor, admin] = [await staffRow('agent'), await staffRow('supervisor'), await staffRow('administrator')];
    const limit = adjustmentLimit('agent', hilton);
    const op = fc.oneof(
      fc.record({ kind: fc.constant('request' as const), key: fc.integer({ min: 0, max: 4 }), by: fc.constantFrom(agent, supervisor) }),
      fc.record({ kind: fc.constant('decide' as const), key: fc.integer({ min: 0, max: 4 }), approve: fc.boolean(), by: fc.constantFrom(agent, supervisor, admin) }),
    );
    let run = 0;
    await fc.assert(fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
      run++;
      const made = new Map<string, number>();
      for (const o of ops) {
        const k = `prop-${Date.now()}-${run}-${o.key}`.padEnd(20, 'x');
        if (o.kind === 'request') {
          // One amount per key, so a repeat is the same request: even keys within the agent's limit, odd ones above it (taking back).
          const amount = o.key % 2 === 0 ? (o.key + 1) * 10 : -(limit + 1 + o.key);
          const { id } = await requestAdjustment(t.database.db, { by: o.by, partner: hilton, member: m, input: { sourceCode: 'A', amount, reasonCode: 'goodwill', note: 'property', idempotencyKey: k } })
            .catch((e: { statusCode?: number }) => { if (e.statusCode === 409) return { id: -1 }; throw e; });
          if (id > 0) made.set(k, id);
        } else {
          const id = made.get(k);
          if (id === undefined) continue;
          await decideAdjustment(t.database.db, { by: o.by, scope: { allPartners: true, partnerIds: [] }, adjustmentId: id, decision: { decision: o.approve ? 'approve' : 'reject', note: 'property' } })
            .catch((e: { statusCode?: number }) => { if (e.statusCode !== 403 && e.statusCode !== 409) throw e; });
        }
      }
      const ids = [...made.values()];
      if (ids.length === 0) return;
      const rows = await t.database.db.select().from(rewardAdjustments).where(inArray(rewardAdjustments.id, ids));
      expect(new Set(rows.map((r) => `${r.requestedBy}:${r.idempotencyKey}`)).size).toBe(rows.length);
      const posted = rows.filter((r) => r.status === 'Posted');
      expect(rows.filter((r) => r.status !== 'Posted' && r.rewardId !== null)).toEqual([]);
      const rewards = posted.length ? await t.database.db.select().from(memberRewards).where(inArray(memberRewards.id, posted.map((r) => r.rewardId!))) : [];
      expect(rewards).toHaveLength(posted.length);
      expect(rewards.reduce((s, r) => s + r.amount, 0)).toBe(posted.reduce((s, r) => s + r.amount, 0));
      for (const r of rows) if (r.status === 'Posted' && r.decidedBy !== null) expect(r.decidedBy).not.toBe(r.requestedBy);
    }), { numRuns: 15 });
  }, 120_000);
});
