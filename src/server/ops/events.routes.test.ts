import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../test/app';
import { createOpsApp, OpsBrowser, signedInAs } from '../test/ops';
import { auditLog, cardNetworkInbox, dineRefunds, dines, memberProgress, memberRewards, parkedRefunds, staff } from '../db/schema';
import { authEvent, clearingEvent, newTransactionId, refundEvent, signedRequest } from '../modules/rewards/card-events';
import { drainInbox, sweepRewards } from '../modules/card-network/engine';
import { memberWithCards, partnerId, setTerms } from '../modules/card-network/test-fixtures';
import { CARD_NETWORK_EVENTS_PATH } from '../plugins/route-rules';
import type { StaffRole } from '#shared/rules/ops-permissions';
import type { CardNetworkEvent } from '#shared/schemas/rewards';
import type { OpsCardEvent, OpsCardEventResult } from '#shared/schemas/ops-events';
import { NO_SUCH_EVENT, NOT_WAITING_DISMISSED } from './events';

/**
 * The console's card events (issue 27 item 4): refunds parked with no purchase, events in review
 * and failed events, made through the signed webhook and the rewards engine; applied again
 * through the engine, or dismissed with a reason; strict tenancy and the permission table.
 */
let t: TestApp;
let ops: FastifyInstance;
let delta: number;
let wynd: number;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  ops = await createOpsApp(t);
  delta = await partnerId(db(), 'delta');
  wynd = await partnerId(db(), 'wynd');
  // Restaurants 1 to 3 (locations loc-1 to loc-3) reward every day at every hour.
  for (const id of [1, 2, 3]) await setTerms(db(), id);
});
afterAll(async () => {
  await ops.close();
  await t.close();
});

const staffOf = (role: StaffRole) => signedInAs(t, ops, role);

/** Events as the card network sends them: signed, through the webhook; the engine applies them in this process. */
async function send(...events: CardNetworkEvent[]) {
  for (const e of events) {
    const { body, headers } = signedRequest(t.config.cardEventsSecret, e);
    const res = await t.app.inject({ method: 'POST', url: CARD_NETWORK_EVENTS_PATH, headers: { ...headers, host: 'localhost' }, payload: body });
    expect(res.statusCode, res.body).toBe(200);
  }
  await t.app.cardNetwork.applier.idle();
}

const purchaseOf = (token: string, localDateTime: string, locationId = 'loc-1') => ({ transactionId: newTransactionId('pq'), cardToken: token, locationId, localDateTime });
const inboxRow = async (eventId: string) => (await db().select().from(cardNetworkInbox).where(eq(cardNetworkInbox.eventId, eventId)))[0]!;
const dineOf = async (transactionId: string) => (await db().select().from(dines).where(eq(dines.transactionId, transactionId)))[0];
const parkedOf = (eventId: string) => db().select().from(parkedRefunds).where(eq(parkedRefunds.eventId, eventId)).orderBy(asc(parkedRefunds.id));
const rewardsOf = async (memberId: number) => (await db().select().from(memberRewards).where(eq(memberRewards.memberId, memberId)).orderBy(asc(memberRewards.id)))
  .map((r) => [r.sourceCode, r.status, r.amount]);
const progressOf = async (memberId: number) => {
  const [p] = await db().select().from(memberProgress).where(eq(memberProgress.memberId, memberId));
  return { qualifiedDines: p?.qualifiedDines, rewards: p?.rewards };
};
const lastAudit = async (action: string) => (await db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];

async function list(b: OpsBrowser, query = ''): Promise<OpsCardEvent[]> {
  const res = await b.send({ method: 'GET', url: `/api/ops/card-events${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ events: OpsCardEvent[] }>().events;
}
const apply = (b: OpsBrowser, eventId: string, payload: object = {}) => b.send({ method: 'POST', url: `/api/ops/card-events/${encodeURIComponent(eventId)}/apply`, payload });
const dismiss = (b: OpsBrowser, eventId: string, reason: unknown) => b.send({ method: 'POST', url: `/api/ops/card-events/${encodeURIComponent(eventId)}/dismiss`, payload: { reason } });

describe('the card events queue', () => {
  it('lists a refund parked with no purchase with the facts a person needs; dismissed with a reason it is kept, closed and never taken by its purchase', async () => {
    const m = await memberWithCards(db(), { partnerId: delta });
    const p = purchaseOf(m.tokens[0]!, '2026-11-20T19:45:00-05:00');
    const refund = refundEvent(p, 1500);
    await send(refund);
    expect(await inboxRow(refund.id)).toMatchObject({ outcome: 'parked' });

    const agent = await staffOf('agent');
    const listed = (await list(agent)).find((e) => e.eventId === refund.id);
    expect(listed).toMatchObject({
      kind: 'parked', type: 'refund', partnerCode: 'delta', memberId: m.memberId, locationId: 'loc-1', amountCents: -1500, transactionId: refund.transactionId,
      originalTransactionId: p.transactionId, localDateTime: p.localDateTime, processedAt: expect.any(String), note: expect.stringMatching(/not known yet/),
    });
    expect(listed!.cardLastFour).toMatch(/^\d{4}$/);
    expect(listed!.merchantName).toEqual(expect.any(String));
    expect(listed!.ageHours).toBe(0);
    expect(JSON.stringify(listed)).not.toContain(m.tokens[0]!);
    expect((await list(agent, '?kind=failed')).some((e) => e.eventId === refund.id)).toBe(false);
    expect((await list(agent, '?partner=delta&kind=parked')).some((e) => e.eventId === refund.id)).toBe(true);
    expect((await list(agent, '?partner=hilton')).some((e) => e.eventId === refund.id)).toBe(false);

    const supervisor = await staffOf('supervisor');
    const res = await dismiss(supervisor, refund.id, '  The restaurant confirmed the refund was a test transaction.  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OpsCardEventResult>()).toMatchObject({ eventId: refund.id, status: 'dismissed', outcome: 'parked' });
    const [sup] = await db().select().from(staff).where(eq(staff.role, 'supervisor'));
    expect(await inboxRow(refund.id)).toMatchObject({
      outcome: 'parked', dismissedAt: expect.any(Date), dismissedBy: sup!.id, dismissedReason: 'The restaurant confirmed the refund was a test transaction.',
    });
    expect(await parkedOf(refund.id)).toMatchObject([{ resolution: 'dismissed', resolvedAt: expect.any(Date) }]);
    expect((await list(supervisor)).some((e) => e.eventId === refund.id)).toBe(false);
    expect(await lastAudit('cardEvent.dismiss')).toMatchObject({
      staffId: sup!.id, partnerId: delta, memberId: m.memberId, target: `cardEvent:${refund.id}`, reason: 'The restaurant confirmed the refund was a test transaction.',
      before: { outcome: 'parked' }, after: { status: 'dismissed' },
    });

    // Dismissed: its purchase arriving does not take it; the purchase earns in full.
    await send(authEvent(p, 5000), clearingEvent(p, 5000));
    expect(await dineOf(p.transactionId)).toMatchObject({ refundedCents: 0, clearedAmountCents: 5000 });
    expect(await db().select().from(dineRefunds).where(eq(dineRefunds.refundTransactionId, refund.transactionId))).toEqual([]);

    // A second dismissal, or applying it after all: 409, said plainly.
    const again = await dismiss(supervisor, refund.id, 'Trying a second time');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(NOT_WAITING_DISMISSED);
    expect((await apply(supervisor, refund.id)).statusCode).toBe(409);
  });

  it('applies again a refund whose purchase came after it had waited 90 days: the engine takes the purchase back exactly as when the refund follows its purchase', async () => {
    const late = await memberWithCards(db(), { partnerId: delta });
    const twin = await memberWithCards(db(), { partnerId: delta });
    const when = '2026-01-10T20:00:00-05:00';
    const p = purchaseOf(late.tokens[0]!, when, 'loc-2');
    const refund = refundEvent(p, 1500);
    await send(refund);
    // Ninety days after its date the sweep sends it to review; its purchase comes after that and does not take it.
    expect((await sweepRewards(db())).refundsExpired).toBeGreaterThanOrEqual(1);
    expect(await inboxRow(refund.id)).toMatchObject({ outcome: 'review', note: expect.stringMatching(/within 90 days/) });
    await send(authEvent(p, 5000), clearingEvent(p, 5000));
    const before = await dineOf(p.transactionId);
    expect(before).toMatchObject({ refundedCents: 0, qualified: true });
    expect(before!.reward).toBeGreaterThan(0);

    // The twin: the same purchase and refund in the usual order, through the same engine.
    const q = purchaseOf(twin.tokens[0]!, when, 'loc-2');
    await send(authEvent(q, 5000), clearingEvent(q, 5000), refundEvent(q, 1500));
    const expected = await dineOf(q.transactionId);
    expect(expected).toMatchObject({ refundedCents: 1500 });

    const supervisor = await staffOf('supervisor');
    expect((await list(supervisor, '?kind=review')).find((e) => e.eventId === refund.id)).toMatchObject({ kind: 'review', partnerCode: 'delta', memberId: late.memberId });
    const res = await apply(supervisor, refund.id, { note: 'Its purchase came in late' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OpsCardEventResult>()).toMatchObject({ eventId: refund.id, status: 'applied', outcome: 'applied' });
    const after = await dineOf(p.transactionId);
    expect({ refundedCents: after!.refundedCents, reward: after!.reward, status: after!.status, qualified: after!.qualified })
      .toEqual({ refundedCents: expected!.refundedCents, reward: expected!.reward, status: expected!.status, qualified: expected!.qualified });
    expect(after!.reward).toBeLessThan(before!.reward!);
    expect(await rewardsOf(late.memberId)).toEqual(await rewardsOf(twin.memberId));
    expect(await progressOf(late.memberId)).toEqual(await progressOf(twin.memberId));
    expect((await list(supervisor)).some((e) => e.eventId === refund.id)).toBe(false);
    expect(await lastAudit('cardEvent.apply')).toMatchObject({
      partnerId: delta, memberId: late.memberId, target: `cardEvent:${refund.id}`, reason: 'Its purchase came in late', before: { outcome: 'review' }, after: { status: 'applied', outcome: 'applied' },
    });

    // Retries never count twice: applied once, applying again (one after another, or several at once) is 409 and changes nothing.
    const second = await apply(supervisor, refund.id);
    expect(second.statusCode).toBe(409);
    expect(second.json<{ message: string }>().message).toMatch(/does not wait for a person/);
    const racing = await Promise.all([apply(supervisor, refund.id), apply(supervisor, refund.id), dismiss(supervisor, refund.id, 'Racing the apply')]);
    expect(racing.map((r) => r.statusCode)).toEqual([409, 409, 409]);
    expect(await dineOf(p.transactionId)).toMatchObject({ refundedCents: 1500, reward: after!.reward });
    expect(await db().select().from(dineRefunds).where(eq(dineRefunds.refundTransactionId, refund.transactionId))).toHaveLength(1);
    expect(await rewardsOf(late.memberId)).toEqual(await rewardsOf(twin.memberId));
  });

  it('applies again a parked refund whose purchase is still missing: it waits again, listed, nothing debited; applied at once twice it parks once', async () => {
    const m = await memberWithCards(db(), { partnerId: delta });
    const p = purchaseOf(m.tokens[0]!, '2026-11-21T12:30:00-05:00', 'loc-3');
    const refund = refundEvent(p, 2000, { linked: false });
    await send(refund);
    expect(await inboxRow(refund.id)).toMatchObject({ outcome: 'parked' });
    const supervisor = await staffOf('supervisor');
    const res = await apply(supervisor, refund.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OpsCardEventResult>()).toMatchObject({ status: 'waiting', outcome: 'parked', note: expect.stringMatching(/No purchase matches this refund yet/) });
    expect((await list(supervisor)).filter((e) => e.eventId === refund.id)).toHaveLength(1);
    expect((await parkedOf(refund.id)).map((r) => r.resolution)).toEqual(['requeued', null]);

    // Two people at once: one sends it to the engine, the other is told it no longer waits (or both in turn); one open parking.
    const both = await Promise.all([apply(supervisor, refund.id), apply(supervisor, refund.id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual(expect.arrayContaining([200]));
    for (const r of both) expect([200, 409]).toContain(r.statusCode);
    // One of them may have found the member held by the other and answered 'queued': the next run of
    // the engine's job applies it (on PostgreSQL the two really overlap). After that run, one parking.
    await drainInbox(db());
    expect((await parkedOf(refund.id)).filter((r) => r.resolvedAt === null)).toHaveLength(1);
    expect(await db().select().from(dineRefunds).where(eq(dineRefunds.refundTransactionId, refund.transactionId))).toEqual([]);

    // Its purchase now arrives (same card, restaurant and amount): the engine takes the waiting refund, as ever.
    await send(authEvent(p, 2000), clearingEvent(p, 2000));
    expect(await dineOf(p.transactionId)).toMatchObject({ refundedCents: 2000, qualified: false });
    expect((await list(supervisor)).some((e) => e.eventId === refund.id)).toBe(false);
  });

  it('lists an event the engine could not apply with its error; apply again fails again while the cause is there, and applies once it is gone', async () => {
    const m = await memberWithCards(db(), { partnerId: delta });
    const p = purchaseOf(m.tokens[0]!, '2026-11-22T19:00:00-05:00');
    const poisoned = p.transactionId;
    await db().execute(sql.raw(`create or replace function ops_events_poison() returns trigger language plpgsql as $$
      begin if new.transaction_id = '${poisoned}' then raise exception 'poisoned for the test'; end if; return new; end $$`));
    await db().execute(sql`create trigger ops_events_poison before insert on dines for each row execute function ops_events_poison()`);
    const clearing = clearingEvent(p, 4000);
    try {
      await send(clearing);
      expect(await inboxRow(clearing.id)).toMatchObject({ outcome: 'failed', note: expect.stringMatching(/poisoned for the test/) });
      const agent = await staffOf('agent');
      expect((await list(agent, '?kind=failed')).find((e) => e.eventId === clearing.id)).toMatchObject({
        kind: 'failed', type: 'clearing', partnerCode: 'delta', memberId: m.memberId, amountCents: 4000, note: expect.stringMatching(/could not apply this event: .*poisoned/),
      });
      const supervisor = await staffOf('supervisor');
      const still = await apply(supervisor, clearing.id);
      expect(still.statusCode, still.body).toBe(200);
      expect(still.json<OpsCardEventResult>()).toMatchObject({ status: 'waiting', outcome: 'failed' });
      expect(await dineOf(poisoned)).toBeUndefined();
    } finally {
      await db().execute(sql`drop trigger ops_events_poison on dines`);
    }
    const supervisor = await staffOf('supervisor');
    const res = await apply(supervisor, clearing.id);
    expect(res.json<OpsCardEventResult>()).toMatchObject({ status: 'applied', outcome: 'applied' });
    expect(await dineOf(poisoned)).toMatchObject({ clearedAmountCents: 4000, memberId: m.memberId });
    expect(await db().select().from(dines).where(and(eq(dines.memberId, m.memberId)))).toHaveLength(1);
    expect((await apply(supervisor, clearing.id)).statusCode).toBe(409);
  });
});

describe('who may see and act on card events', () => {
  it("another partner's event answers 404 as if unknown; unknown ids 404; no session 401; roles without the permission 403; bad input 400 with a sentence", async () => {
    const m = await memberWithCards(db(), { partnerId: wynd });
    const refund = refundEvent(purchaseOf(m.tokens[0]!, '2026-11-23T19:00:00-05:00'), 1000);
    await send(refund);
    expect(await inboxRow(refund.id)).toMatchObject({ outcome: 'parked' });

    // The agent works for delta and hilton; the supervisor for every partner.
    const agent = await staffOf('agent');
    expect((await list(agent)).some((e) => e.eventId === refund.id)).toBe(false);
    const supervisor = await staffOf('supervisor');
    expect((await list(supervisor)).find((e) => e.eventId === refund.id)).toMatchObject({ partnerCode: 'wynd' });
    const wyndAsAgent = await agent.send({ method: 'GET', url: '/api/ops/card-events?partner=wynd' });
    expect(wyndAsAgent.statusCode).toBe(400);

    // The administrator may act: but not on an unknown event.
    const admin = await staffOf('administrator');
    const unknown = await dismiss(admin, 'no-such-event-anywhere', 'Looking for it');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe(NO_SUCH_EVENT);
    expect((await apply(admin, 'no-such-event-anywhere')).statusCode).toBe(404);

    // A supervisor scoped to delta only (another partner's event is 404, never 403).
    const [sup] = await db().select().from(staff).where(eq(staff.role, 'supervisor'));
    const partnersBefore = { allPartners: sup!.allPartners, partnerIds: sup!.partnerIds };
    await db().update(staff).set({ allPartners: false, partnerIds: [delta] }).where(eq(staff.id, sup!.id));
    try {
      const scoped = await staffOf('supervisor');
      const other = await dismiss(scoped, refund.id, 'Not mine to dismiss');
      expect(other.statusCode).toBe(404);
      expect(other.json<{ message: string }>().message).toBe(NO_SUCH_EVENT);
      expect((await apply(scoped, refund.id)).statusCode).toBe(404);
    } finally {
      await db().update(staff).set(partnersBefore).where(eq(staff.id, sup!.id));
    }

    // Without a session.
    const nobody = new OpsBrowser(ops);
    await nobody.csrf();
    expect((await nobody.send({ method: 'GET', url: '/api/ops/card-events' })).statusCode).toBe(401);
    expect((await dismiss(nobody, refund.id, 'No session here')).statusCode).toBe(401);

    // Read-only roles and agents read, never act; content editors do not read.
    expect((await dismiss(agent, refund.id, 'An agent may not')).statusCode).toBe(403);
    expect((await apply(agent, refund.id)).statusCode).toBe(403);
    const auditor = await staffOf('auditor');
    expect((await list(auditor)).some((e) => e.eventId === refund.id)).toBe(true);
    expect((await apply(auditor, refund.id)).statusCode).toBe(403);
    const editor = await staffOf('contentEditor');
    expect((await editor.send({ method: 'GET', url: '/api/ops/card-events' })).statusCode).toBe(403);

    // Bad input: answered with a sentence, nothing changed.
    const noReason = await dismiss(supervisor, refund.id, ' ');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ message: string }>().message).toMatch(/Give the reason/);
    expect((await dismiss(supervisor, refund.id, 42)).statusCode).toBe(400);
    expect((await dismiss(supervisor, refund.id, 'x'.repeat(501))).statusCode).toBe(400);
    expect((await supervisor.send({ method: 'POST', url: `/api/ops/card-events/${refund.id}/apply`, payload: { force: true } })).statusCode).toBe(400);
    expect((await apply(supervisor, 'e'.repeat(65))).statusCode).toBe(400);
    const badKind = await supervisor.send({ method: 'GET', url: '/api/ops/card-events?kind=lost' });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json<{ message: string }>().message).toMatch(/kind must be one of parked, review, failed/);
    expect(await inboxRow(refund.id)).toMatchObject({ outcome: 'parked', dismissedAt: null });
    expect((await parkedOf(refund.id)).map((r) => r.resolvedAt)).toEqual([null]);
  });
});
