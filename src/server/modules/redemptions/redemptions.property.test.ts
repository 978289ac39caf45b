import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, inArray, sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test/db';
import type { Database, Db } from '../../db/client';
import { balanceEntries, memberRewards, members, partners, redemptions, type MemberRow, type PartnerRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { REDEMPTION_TERMS, type RedemptionOption, type RedemptionStatus } from '#shared/constants/redemptions';
import type { RedemptionRequest } from '#shared/schemas/redemptions';
import { canMove, isFinal, limitProblem, returnsMoney, type Usage } from '#shared/rules/redemptions';
import { payoutBreakpointCents } from '#shared/rules/partner-features';
import { memberWithCards } from '../card-network/test-fixtures';
import { insertDine, insertRedemptions, insertReward } from '../rewards/rewards.test-fixtures';
import { payStatementCredits, type StatementCreditProcessor } from '../rewards/payouts';
import { createRedemption } from './redemptions.service';
import { decideHold } from './holds';
import { GIFT_CARD_PRODUCTS, SEND_LEASE_MS, receiveGiftCardWebhook, sendGiftCards, type GiftCardConfig } from './gift-cards';
import { balanceCents } from './ledger';
import { GiftCardClient, parseGiftCardWebhook } from './provider/gift-card-client';
import { MAGIC_CENTS, startGiftCardSimulator, type GiftCardSimulator } from './provider/gift-card-simulator';
import { shrinkLimit } from '../../test/property';

/**
 * The cash-back ledger against a reference model (issue 28, decision 0011; property). Each run
 * gives three fresh members of one cash-back partner and one of another a random interleaving of:
 * earnings, refunds (an unpaid reward shrinking or forfeited; a negative A adjustment of a paid
 * one), redemptions (random option and amount, some past the balance or a limit, keys repeated
 * with the same or another body, a member at another partner's site), the team's hold decisions,
 * the send job against the provider's simulator (magic amounts: declined, flagged, 5xx after
 * store, 429; queued faults, slow answers, the provider down, a worker that ordered and died),
 * the provider's review of flagged orders, its webhooks (twice, out of order) and the payout job
 * with random processor outcomes. After every step the database must equal the model: the
 * balance (Σ ledger), every reward, every redemption's status and hold, one `redeemed` entry per
 * redemption and a `returned` one exactly when it was rejected or failed; every cent accounted
 * for; one provider order per redemption; a final status never changing. A redemption never
 * takes the balance below zero (a refund may; then none is accepted). At the end everything is
 * drained to a final status and checked once more.
 */

const API_KEY = 'prop-gift-card-key';
const SECRET = 'prop-gift-card-webhook-secret';
const RUNS = Number(process.env.REDEMPTION_PROPERTY_RUNS ?? 15);
/** A failure's seed (and path) from its report, to run it again: REDEMPTION_PROPERTY_SEED=1310450755. */
const SEED = process.env.REDEMPTION_PROPERTY_SEED ? { seed: Number(process.env.REDEMPTION_PROPERTY_SEED), path: process.env.REDEMPTION_PROPERTY_PATH } : {};

let database: Database;
let sim: GiftCardSimulator;
let config: GiftCardConfig;
/** The seeded partners each run's own two partners are copied from. */
let templateA: PartnerRow;
let templateB: PartnerRow;
/**
 * This run's partners: copies made for the run, so that the programme-wide daily and monthly
 * limits (PARTNER_LIMITS) count this run's redemptions only. Sharing the seeded partners, a hundred
 * runs and shrinks reached $50,000 in a day and a redemption the model expected was refused.
 */
let partnerA: PartnerRow;
let partnerB: PartnerRow;
/** The provider up: no waiting between retries (the client's backoff and Retry-After are its own tests'). */
let up: GiftCardClient;
/** The provider unreachable: every call fails as a network error would. */
let down: GiftCardClient;
const db = (): Db => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  sim = await startGiftCardSimulator({ port: 0, apiKey: API_KEY, webhookSecret: SECRET });
  config = { source: 'simulator', apiUrl: sim.url, apiKey: API_KEY, webhookSecret: SECRET, fundingSourceId: 'balance' };
  const client = (fetchFn: typeof fetch) => new GiftCardClient({ baseUrl: sim.url, apiKey: API_KEY, timeoutMs: 5_000, maxAttempts: 6, backoffMs: 1, maxBackoffMs: 2, sleep: async () => undefined, fetch: fetchFn });
  up = client(fetch);
  down = client(async () => { throw new TypeError('connect ECONNREFUSED'); });
  [templateA] = (await db().select().from(partners).where(eq(partners.code, 'nosh'))) as [PartnerRow];
  [templateB] = (await db().select().from(partners).where(eq(partners.code, 'fuelrewards'))) as [PartnerRow];
});
afterAll(async () => {
  await sim?.close();
  await database?.close();
});

// ------------------------------------------------------------------ the model

type Status = RedemptionStatus;
/** The provider's order as the model knows it: delivered (a LINK card is complete at once), declined, or flagged for its review. */
type ProviderState = 'completed' | 'rejected' | 'review';
type Outcome = 'pending' | 'pending_received' | 'completed' | 'rejected' | 'error';
type Fault = Parameters<GiftCardSimulator['failNext']>[0];
type RewardStatus = 'Awarded' | 'Paid' | 'Forfeit';

type MReward = { id: number; dineId: number | null; source: string; amount: number; status: RewardStatus; payoutRef: string | null };
type MRedemption = {
  id: string; who: number; option: RedemptionOption; amount: number; status: Status; held: boolean; automatic: boolean;
  key: string | null; body: RedemptionRequest | null; createdAt: Date; nextAttemptAt: number; attempts: number;
  /** The row carries the provider's order id (the poll asks about it). */
  synced: boolean;
  provider: ProviderState | null;
};
type MMember = { row: MemberRow; partner: PartnerRow; cardId: number; auto: boolean; rewards: MReward[] };
type Model = { run: number; members: MMember[]; redemptions: MRedemption[]; now: number; keys: number; finals: Map<string, Status> };

const inBalance = (s: RewardStatus) => s === 'Awarded' || s === 'Paid';
const isGift = (r: MRedemption) => r.option !== 'statementCredit';
const providerStatus = (p: ProviderState): Status => (p === 'review' ? 'pending_received' : p);
const providerOutcome = (amountCents: number): ProviderState =>
  amountCents % 100 === MAGIC_CENTS.declined ? 'rejected' : amountCents % 100 === MAGIC_CENTS.flagged ? 'review' : 'completed';
/** gift-cards.ts's backoff after a retryable failure. */
const backoffMs = (attempts: number) => Math.min(30 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));

function rewardCents(m: Model, who: number): number {
  return m.members[who]!.rewards.filter((r) => inBalance(r.status)).reduce((s, r) => s + r.amount, 0);
}
function balance(m: Model, who: number): number {
  const own = m.redemptions.filter((r) => r.who === who);
  return rewardCents(m, who) - own.reduce((s, r) => s + r.amount, 0) + own.filter((r) => returnsMoney(r.status)).reduce((s, r) => s + r.amount, 0);
}
function usage(m: Model, who: number, now: number): Usage {
  const day = new Date(now);
  const dayStart = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  const monthStart = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1);
  // The member's own redemptions: the automatic statement credits the payout job makes do not count (redemptions.service.ts OWN_USAGE).
  const counted = m.redemptions.filter((r) => r.who === who && !r.automatic && !returnsMoney(r.status) && r.createdAt.getTime() >= monthStart);
  const today = counted.filter((r) => r.createdAt.getTime() >= dayStart);
  return { dayCount: today.length, dayCents: today.reduce((s, r) => s + r.amount, 0), monthCount: counted.length, monthCents: counted.reduce((s, r) => s + r.amount, 0) };
}
/** The programme's totals are far below PARTNER_LIMITS here; the member's usage is the model's, the limits' arithmetic the shared rule's (tested on its own). */
const NO_USAGE: Usage = { dayCount: 0, dayCents: 0, monthCount: 0, monthCents: 0 };

/** The one status machine, as the model sees it: a rejected or failed redemption gives its money back and the rewards it paid are the balance's again. */
function move(m: Model, r: MRedemption, to: Status): boolean {
  if (!canMove(r.status, to)) return false;
  r.status = to;
  if (returnsMoney(to)) {
    for (const rw of m.members[r.who]!.rewards) {
      if (rw.payoutRef === r.id && rw.status === 'Paid') Object.assign(rw, { status: 'Awarded', payoutRef: null });
    }
  }
  return true;
}

// ------------------------------------------------------------------ the steps

const who = fc.integer({ min: 0, max: 3 });
/** Seconds the clock moves before a step: always past POLL_AFTER_MS, mostly minutes (a member's limits per day come into play), sometimes hours. */
const advance = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 61, max: 1_800 }) }, { weight: 1, arbitrary: fc.integer({ min: 1_800, max: 8 * 3_600 }) });
const fault: fc.Arbitrary<Fault> = fc.oneof(
  fc.constant({ kind: 'serverErrorAfterStore' as const }),
  fc.constant({ kind: 'serverError' as const }),
  fc.record({ kind: fc.constant('rateLimited' as const), retryAfterSeconds: fc.constantFrom(0, 1) }),
  fc.record({ kind: fc.constant('slow' as const), ms: fc.integer({ min: 1, max: 20 }) }),
);
const outcome = fc.constantFrom<Outcome>('pending', 'pending_received', 'completed', 'rejected', 'error');

const stepArb = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('earn' as const), who, cents: fc.integer({ min: 1, max: 15_000 }), advance }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('shrink' as const), who, pick: fc.nat(), pct: fc.integer({ min: 0, max: 99 }), forfeit: fc.boolean(), advance }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refundPaid' as const), who, pick: fc.nat(), pct: fc.integer({ min: 1, max: 100 }), advance }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('redeem' as const), who, option: fc.constantFrom<RedemptionOption>('statementCredit', 'statementCredit', 'visa', 'mastercard', 'tremendous', 'tremendous', 'tremendous'),
      // Per cent of the balance (100: all of it; past 100: more than there is).
      pct: fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 5, max: 100 }) }, { weight: 2, arbitrary: fc.constant(100) }, { weight: 2, arbitrary: fc.integer({ min: 101, max: 160 }) }),
      cents: fc.constantFrom(0, 0, MAGIC_CENTS.declined, MAGIC_CENTS.deliveryFailed, MAGIC_CENTS.flagged, MAGIC_CENTS.flagged, MAGIC_CENTS.serverErrorAfterStore, MAGIC_CENTS.rateLimited, 37),
      key: fc.constantFrom('new', 'new', 'new', 'repeat', 'otherBody'), times: fc.constantFrom(1, 1, 1, 1, 4), pick: fc.nat(), advance,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('crossPartner' as const), fromA: fc.boolean(), advance }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('decide' as const), pick: fc.nat(), waiting: fc.constantFrom(true, true, false), decision: fc.constantFrom('release', 'release', 'reject'), outOfScope: fc.constantFrom(false, false, false, true), advance }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('send' as const), down: fc.boolean(), faults: fc.array(fault, { maxLength: 3 }), delayMs: fc.integer({ min: 0, max: 3 }), repeat: fc.boolean(), advance,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deadWorker' as const), pick: fc.nat(), advance }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('review' as const), pick: fc.nat(), approve: fc.boolean(), advance }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('webhooks' as const), picks: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), copies: fc.integer({ min: 1, max: 3 }),
      rewardsToo: fc.boolean(), order: fc.array(fc.nat({ max: 1000 }), { minLength: 8, maxLength: 8 }), advance,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('payout' as const), outcomes: fc.array(outcome, { minLength: 1, maxLength: 4 }), advance }) },
);
type Step = typeof stepArb extends fc.Arbitrary<infer T> ? T : never;

/** A call's answer, or the AppError it threw, as one comparable value. */
async function attempt<T>(p: Promise<T>): Promise<{ ok: T } | { status: number; code: string | null }> {
  try {
    return { ok: await p };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { status: err.statusCode, code: err.code ?? null };
  }
}

function amountFor(option: RedemptionOption, balanceNow: number, pct: number, cents: number): number {
  const terms = REDEMPTION_TERMS[option];
  if (pct === 100 && balanceNow >= terms.minCents && balanceNow <= terms.maxCents) return balanceNow;
  const dollars = Math.floor((Math.max(0, balanceNow) * pct) / 100 / 100) * 100;
  return Math.min(terms.maxCents - 100, Math.max(terms.minCents, dollars)) + cents;
}

function bodyFor(mem: MMember, option: RedemptionOption, amountCents: number): RedemptionRequest {
  return option === 'statementCredit' ? { option, amountCents, delivery: 'Card', cardId: mem.cardId } : { option, amountCents, delivery: 'Email' };
}

const simOrder = (externalId: string) => sim.orders().find((o) => o.externalId === externalId);

function webhookEvent(type: 'orders' | 'rewards', id: string) {
  return parseGiftCardWebhook(JSON.stringify({ event: type === 'orders' ? 'ORDERS.EXECUTED' : 'REWARDS.DELIVERY.SUCCEEDED', uuid: randomUUID(), created_utc: new Date().toISOString(), payload: { resource: { type, id } } }));
}

async function redeemNew(m: Model, step: Extract<Step, { kind: 'redeem' }>, now: number): Promise<void> {
  const mem = m.members[step.who]!;
  const before = balance(m, step.who);
  const amount = amountFor(step.option, before, step.pct, step.cents);
  const body = bodyFor(mem, step.option, amount);
  const key = `prop-${m.run}-${++m.keys}`;
  const prior = m.redemptions.filter((r) => r.who === step.who && !returnsMoney(r.status)).length;
  const limit = limitProblem(usage(m, step.who, now), NO_USAGE, amount);
  const expected = before < amount ? { status: 409, code: 'balanceShort' }
    : limit ? { status: 409, code: 'limitReached' }
    : { status: 201, state: 'pending', amount, hold: prior === 0 ? 'firstRedemption' : null };
  const got = await attempt(createRedemption(db(), { partner: mem.partner, member: mem.row }, { body, idempotencyKey: key, giftCards: true, now: new Date(now) }));
  if ('ok' in got) {
    const r = got.ok.redemption;
    m.redemptions.push({
      id: r.redemptionId, who: step.who, option: step.option, amount, status: r.status, held: r.hold !== null, automatic: false, key, body,
      createdAt: new Date(now), nextAttemptAt: now, attempts: 0, synced: false, provider: null,
    });
  }
  const summary = 'ok' in got
    ? { status: got.ok.created ? 201 : 200, state: got.ok.redemption.status, amount: got.ok.redemption.amountCents, hold: got.ok.redemption.hold?.reason ?? null }
    : got;
  expect(summary).toEqual(expected);
}

async function apply(m: Model, step: Step): Promise<void> {
  m.now += step.advance * 1000;
  const now = m.now;
  switch (step.kind) {
    case 'earn': {
      const mem = m.members[step.who]!;
      const { dine, reward } = await insertDine(db(), mem.row, { status: 'Awarded', reward: step.cents });
      mem.rewards.push({ id: reward.id, dineId: dine.id, source: 'S', amount: step.cents, status: 'Awarded', payoutRef: null });
      return;
    }
    case 'shrink': {
      // As the engine does for a refund of a dine not yet paid: the reward shrinks, or is forfeit.
      const mem = m.members[step.who]!;
      const open = mem.rewards.filter((r) => r.source === 'S' && r.status === 'Awarded' && r.amount > 0);
      if (open.length === 0) return;
      const r = open[step.pick % open.length]!;
      if (step.forfeit) {
        await db().update(memberRewards).set({ status: 'Forfeit', reason: 'refunded' }).where(eq(memberRewards.id, r.id));
        r.status = 'Forfeit';
      } else {
        r.amount = Math.floor((r.amount * step.pct) / 100);
        await db().update(memberRewards).set({ amount: r.amount }).where(eq(memberRewards.id, r.id));
      }
      return;
    }
    case 'refundPaid': {
      // A refund of a dine whose reward was paid: a negative A adjustment, Awarded (card-network.repo insertAdjustments).
      const mem = m.members[step.who]!;
      const paid = mem.rewards.filter((r) => r.source === 'S' && r.status === 'Paid' && r.amount > 0);
      if (paid.length === 0) return;
      const r = paid[step.pick % paid.length]!;
      const back = Math.max(1, Math.ceil((r.amount * step.pct) / 100));
      const row = await insertReward(db(), mem.row, { sourceCode: 'A', amount: -back, status: 'Awarded', dineId: r.dineId ?? undefined });
      mem.rewards.push({ id: row.id, dineId: r.dineId, source: 'A', amount: -back, status: 'Awarded', payoutRef: null });
      return;
    }
    case 'redeem': {
      const mem = m.members[step.who]!;
      const who = { partner: mem.partner, member: mem.row };
      const earlier = m.redemptions.filter((r) => r.who === step.who && r.key !== null);
      const mode = earlier.length > 0 ? step.key : 'new';
      if (mode !== 'new') {
        const prev = earlier[step.pick % earlier.length]!;
        const body = mode === 'repeat' ? prev.body! : { ...prev.body!, amountCents: prev.body!.amountCents + 1 };
        const got = await attempt(createRedemption(db(), who, { body, idempotencyKey: prev.key!, giftCards: true, now: new Date(now) }));
        const summary = 'ok' in got ? { status: got.ok.created ? 201 : 200, id: got.ok.redemption.redemptionId } : got;
        // The same key answers the redemption it made (no second reservation); with another body it is refused.
        expect(summary).toEqual(mode === 'repeat' ? { status: 200, id: prev.id } : { status: 422, code: 'idempotencyKeyReused' });
        return;
      }
      // A new key (`times` of them one after the other, at the same minute: the daily limit comes into play).
      for (let n = 0; n < step.times; n++) await redeemNew(m, step, now);
      return;
    }
    case 'crossPartner': {
      // A member of one partner on the other's site: no such member there, nothing made.
      const mem = m.members[step.fromA ? 0 : 3]!;
      const site = step.fromA ? partnerB : partnerA;
      const got = await attempt(createRedemption(db(), { partner: site, member: mem.row }, {
        body: { option: 'tremendous', amountCents: 500, delivery: 'Email' }, idempotencyKey: `prop-${m.run}-${++m.keys}`, giftCards: true, now: new Date(now),
      }));
      expect(got).toEqual({ status: 404, code: null });
      return;
    }
    case 'decide': {
      // Mostly one that waits for the team (when any does), else any: a decision on one that does not wait is refused.
      const waitingOnes = m.redemptions.filter((r) => r.status === 'pending' && r.held);
      const among = step.waiting && waitingOnes.length > 0 ? waitingOnes : m.redemptions;
      if (among.length === 0) return;
      const r = among[step.pick % among.length]!;
      const other = m.members[r.who]!.partner.id === partnerA.id ? partnerB : partnerA;
      const scope = step.outOfScope ? { allPartners: false, partnerIds: [other.id] } : { allPartners: true, partnerIds: [] };
      const got = await attempt(decideHold(db(), { scope, redemptionId: r.id, decision: step.decision as 'release' | 'reject', note: 'Checked by the property.', staffEmail: 'prop@example.test', now: new Date(now) }));
      const waiting = r.status === 'pending' && r.held;
      const expected = step.outOfScope ? { status: 404, code: null }
        : !waiting ? { status: 409, code: null }
        : { status: step.decision === 'release' ? 'pending' : 'rejected', released: step.decision === 'release' };
      if ('ok' in got && step.decision === 'release') Object.assign(r, { held: false, nextAttemptAt: now });
      if ('ok' in got && step.decision === 'reject') move(m, r, 'rejected');
      expect('ok' in got ? { status: got.ok.after.status, released: got.ok.after.releasedAt !== null } : got).toEqual(expected);
      return;
    }
    case 'send': {
      const due = m.redemptions.filter((r) => isGift(r) && r.status === 'pending' && !r.held && r.nextAttemptAt <= now);
      // Faults are queued only for a run that will place an order, and so that its first create uses them all up: the
      // failures first (a 503, a 429), at most one that still places the order (slow, or a 500 after storing it) last.
      // However they fall, with a magic amount's own failure on top, they stay within the client's attempts.
      const placing = (f: Fault) => f.kind === 'slow' || f.kind === 'serverErrorAfterStore';
      if (!step.down && due.length > 0) for (const f of [...step.faults.filter((f) => !placing(f)), ...step.faults.filter(placing).slice(0, 1)]) sim.failNext(f);
      sim.settings.delayMs = step.delayMs;
      const quiet = m.redemptions.filter((r) => isGift(r) && r.synced && (r.status === 'pending' || r.status === 'pending_received'));
      const result = await sendGiftCards(db(), config, { now: new Date(now), client: step.down ? down : up });
      let polled = 0;
      for (const r of due) {
        r.attempts++;
        if (step.down) {
          r.nextAttemptAt = now + backoffMs(r.attempts);
        } else {
          r.provider ??= providerOutcome(r.amount);
          r.synced = true;
          move(m, r, providerStatus(r.provider));
        }
      }
      // Orders that went quiet are read back (each step moves the clock past POLL_AFTER_MS).
      if (!step.down) for (const r of quiet) if (move(m, r, providerStatus(r.provider!))) polled++;
      expect(result).toEqual(step.down ? { sent: 0, retry: due.length, failed: 0, polled: 0 } : { sent: due.length, retry: 0, failed: 0, polled });
      // A second run at once (another worker, a retry): nothing is due (sent, or waiting its backoff), nothing is ordered again.
      const nothing = { sent: 0, retry: 0, failed: 0, polled: 0 };
      expect(step.repeat ? await sendGiftCards(db(), config, { now: new Date(now), client: step.down ? down : up }) : nothing).toEqual(nothing);
      return;
    }
    case 'deadWorker': {
      // A worker claimed a redemption, placed its order and died before writing anything: the lease runs, the order exists.
      const due = m.redemptions.filter((r) => isGift(r) && r.status === 'pending' && !r.held && r.nextAttemptAt <= now && r.provider === null);
      if (due.length === 0) return;
      const r = due[step.pick % due.length]!;
      await db().update(redemptions).set({ attempts: sql`${redemptions.attempts} + 1`, nextAttemptAt: new Date(now + SEND_LEASE_MS) }).where(eq(redemptions.creditId, r.id));
      const order = await up.createOrder({
        externalId: r.id, amountCents: r.amount, currency: 'USD', productIds: GIFT_CARD_PRODUCTS[r.option as Exclude<RedemptionOption, 'statementCredit'>],
        recipient: { name: 'Member', email: m.members[r.who]!.row.email }, deliveryMethod: 'LINK', fundingSourceId: 'balance',
      });
      Object.assign(r, { attempts: r.attempts + 1, nextAttemptAt: now + SEND_LEASE_MS, provider: providerOutcome(r.amount) });
      expect(order.status).toBe(providerStatus(r.provider!));
      return;
    }
    case 'review': {
      // The provider's team approves or rejects a flagged order; we hear of it by webhook or poll.
      const flagged = m.redemptions.filter((r) => r.provider === 'review');
      if (flagged.length === 0) return;
      const r = flagged[step.pick % flagged.length]!;
      const res = await fetch(`${sim.url}/api/v2/order_approvals/${simOrder(r.id)!.id}/${step.approve ? 'approve' : 'reject'}`, { method: 'POST', headers: { authorization: `Bearer ${API_KEY}` } });
      expect(res.status).toBe(200);
      r.provider = step.approve ? 'completed' : 'rejected';
      return;
    }
    case 'webhooks': {
      const ordered = m.redemptions.filter((r) => r.provider !== null);
      if (ordered.length === 0) return;
      const chosen = [...new Set(step.picks.map((p) => ordered[p % ordered.length]!))];
      const events = chosen.flatMap((r) => {
        const o = simOrder(r.id)!;
        return [webhookEvent('orders', o.id), ...(step.rewardsToo ? [webhookEvent('rewards', o.reward.id)] : [])];
      });
      // Each event `copies` times, all of them shuffled.
      const deliveries = events.flatMap((e) => Array.from({ length: step.copies }, () => e))
        .map((e, i) => ({ e, k: step.order[i % step.order.length]! * 1000 + i })).sort((a, b) => a.k - b.k).map((d) => d.e);
      const duplicates: boolean[] = [];
      for (const e of deliveries) duplicates.push((await receiveGiftCardWebhook(db(), up, e)).duplicate);
      for (const r of chosen) {
        if (move(m, r, providerStatus(r.provider!)) || r.status === providerStatus(r.provider!)) r.synced = true;
      }
      // The first delivery of each event is heard; every later copy is a duplicate.
      expect(duplicates).toEqual(deliveries.map((e, i) => deliveries.findIndex((d) => d.id === e.id) !== i));
      return;
    }
    case 'payout': {
      const asked: string[] = [];
      const index = new Map(m.redemptions.map((r, i) => [r.id, i]));
      const processor: StatementCreditProcessor = {
        name: 'property',
        settle: async (credits) => credits.map((c) => {
          const i = index.get(c.creditId);
          if (i === undefined) return { creditId: c.creditId, status: 'completed' as const };
          asked.push(c.creditId);
          return { creditId: c.creditId, status: step.outcomes[i % step.outcomes.length]! };
        }),
      };
      const open = m.redemptions.filter((r) => r.option === 'statementCredit' && (r.status === 'pending' || r.status === 'pending_received') && !(r.status === 'pending' && r.held));
      await payStatementCredits(db(), { processor, now: new Date(now) });
      for (const r of open) {
        const o = step.outcomes[index.get(r.id)! % step.outcomes.length]!;
        if (o !== 'pending') move(m, r, o);
      }
      // Then the automatic credit: every member with an Awarded reward or money given back by a rejected or failed redemption
      // (within two days: every one of this test), the setting on and the balance at the breakpoint.
      const gaveBack = (i: number) => m.redemptions.some((r) => r.who === i && (r.status === 'rejected' || r.status === 'error'));
      const credited = m.members.flatMap((mem, i) => (mem.auto && (mem.rewards.some((r) => r.status === 'Awarded') || gaveBack(i)) && balance(m, i) >= payoutBreakpointCents(mem.partner)
        ? [{ memberId: mem.row.id, amountCents: balance(m, i) }] : []));
      const known = new Set(m.redemptions.map((r) => r.id));
      const made = (await db().select().from(redemptions).where(inArray(redemptions.memberId, m.members.map((x) => x.row.id))).orderBy(redemptions.id))
        .filter((r) => !known.has(r.creditId));
      for (const row of made) {
        const i = m.members.findIndex((x) => x.row.id === row.memberId);
        for (const rw of m.members[i]!.rewards) if (rw.status === 'Awarded') Object.assign(rw, { status: 'Paid', payoutRef: row.creditId });
        m.redemptions.push({
          id: row.creditId, who: i, option: 'statementCredit', amount: row.amountCents, status: 'pending', held: false, automatic: true, key: null, body: null,
          createdAt: row.createdAt, nextAttemptAt: row.nextAttemptAt.getTime(), attempts: 0, synced: false, provider: null,
        });
      }
      expect({ asked: asked.sort(), credited: made.map((r) => ({ memberId: r.memberId, amountCents: r.amountCents, automatic: r.automatic, status: r.status })) })
        .toEqual({ asked: open.map((r) => r.id).sort(), credited: credited.map((c) => ({ ...c, automatic: true, status: 'pending' })) });
      return;
    }
  }
}

// ------------------------------------------------------------------ the comparison

async function check(m: Model, step: Step | { kind: 'start' | 'drain' }, before: number[]): Promise<void> {
  const ids = m.members.map((x) => x.row.id);
  const [entries, rows, rewards] = [
    await db().select().from(balanceEntries).where(inArray(balanceEntries.memberId, ids)),
    await db().select().from(redemptions).where(inArray(redemptions.memberId, ids)),
    await db().select().from(memberRewards).where(inArray(memberRewards.memberId, ids)),
  ];
  const byId = new Map(m.redemptions.map((r) => [r.id, r]));
  for (const [i, mem] of m.members.entries()) {
    const own = <T extends { memberId: number }>(list: T[]) => list.filter((x) => x.memberId === mem.row.id);
    const ledger = await balanceCents(db(), { partnerId: mem.partner.id, memberId: mem.row.id });
    const rewardEntries = own(entries).filter((e) => e.kind === 'earned' || e.kind === 'changed' || e.kind === 'reversed').reduce((s, e) => s + e.amountCents, 0);
    const nonReturned = own(rows).filter((r) => !returnsMoney(r.status)).reduce((s, r) => s + r.amountCents, 0);
    const entriesOf = (id: number, kind: string) => own(entries).filter((e) => e.redemptionId === id && e.kind === kind).map((e) => e.amountCents);
    const actual = {
      balance: ledger,
      // Every cent accounted for: what the rewards put in, less what redemptions took and kept.
      accounted: rewardEntries - nonReturned,
      rewardEntries,
      rewardsInBalance: own(rewards).filter((r) => inBalance(r.status as RewardStatus)).reduce((s, r) => s + r.amount, 0),
      rewards: own(rewards).map((r) => ({ id: r.id, amount: r.amount, status: r.status, payoutRef: r.payoutRef })).sort((a, b) => a.id - b.id),
      redemptions: own(rows).map((r) => ({
        id: r.creditId, amount: r.amountCents, status: r.status, held: r.status === 'pending' && r.holdReason !== null && r.releasedAt === null, automatic: r.automatic,
        redeemed: entriesOf(r.id, 'redeemed'), returned: entriesOf(r.id, 'returned'),
      })).sort((a, b) => a.id.localeCompare(b.id)),
      strayEntries: own(entries).filter((e) => (e.redemptionId === null) === (e.rewardId === null)).length,
    };
    const cents = rewardCents(m, i);
    const expected = {
      balance: balance(m, i), accounted: balance(m, i), rewardEntries: cents, rewardsInBalance: cents,
      rewards: mem.rewards.map((r) => ({ id: r.id, amount: r.amount, status: r.status, payoutRef: r.payoutRef })).sort((a, b) => a.id - b.id),
      redemptions: m.redemptions.filter((r) => r.who === i).map((r) => ({
        id: r.id, amount: r.amount, status: r.status, held: r.status === 'pending' && r.held, automatic: r.automatic,
        redeemed: [-r.amount], returned: returnsMoney(r.status) ? [r.amount] : [],
      })).sort((a, b) => a.id.localeCompare(b.id)),
      strayEntries: 0,
    };
    expect(actual, `member ${i} after ${JSON.stringify(step)}`).toEqual(expected);
    // Only a refund takes the balance below zero, never a redemption.
    const wentBelowZero = ledger < 0 && ledger < before[i]!;
    expect({ member: i, step: step.kind, belowZeroNotByARefund: wentBelowZero && !['shrink', 'refundPaid'].includes(step.kind) }).toEqual({ member: i, step: step.kind, belowZeroNotByARefund: false });
  }
  // One order at the provider per redemption, and exactly for those the model ordered, in the state the model says.
  const orders = sim.orders();
  const perExternalId = new Map<string, number>();
  for (const o of orders) perExternalId.set(o.externalId ?? '', (perExternalId.get(o.externalId ?? '') ?? 0) + 1);
  expect([...perExternalId].filter(([, n]) => n > 1)).toEqual([]);
  const atProvider = orders.filter((o) => byId.has(o.externalId ?? '')).map((o) => ({
    id: o.externalId, state: o.status === 'PENDING APPROVAL' ? 'review' : o.status === 'EXECUTED' ? 'completed' : 'rejected',
  })).sort((a, b) => a.id!.localeCompare(b.id!));
  expect(atProvider).toEqual(m.redemptions.filter((r) => r.provider !== null).map((r) => ({ id: r.id, state: r.provider })).sort((a, b) => a.id.localeCompare(b.id)));
  // A final status never changes.
  expect(rows.filter((r) => m.finals.has(r.creditId) && m.finals.get(r.creditId) !== r.status).map((r) => [r.creditId, m.finals.get(r.creditId), r.status])).toEqual([]);
  for (const r of rows) if (isFinal(r.status)) m.finals.set(r.creditId, r.status);
}

// ------------------------------------------------------------------ the property

type MemberSetup = { auto: boolean; seasoned: boolean; funds: number };

/** A partner configured as template is, under a code of its own and without hosts. */
async function copyOf(template: PartnerRow, run: number): Promise<PartnerRow> {
  const { id: _id, createdAt: _createdAt, ...settings } = template;
  const [row] = await db().insert(partners).values({ ...settings, code: `${template.code}-prop-${run}`, hosts: [] }).returning();
  return row!;
}

async function newModel(run: number, setup: readonly MemberSetup[]): Promise<Model> {
  partnerA = await copyOf(templateA, run);
  partnerB = await copyOf(templateB, run);
  const m: Model = { run, members: [], redemptions: [], now: Date.now(), keys: 0, finals: new Map() };
  for (const [i, partner] of [partnerA, partnerA, partnerA, partnerB].entries()) {
    const { auto, seasoned, funds } = setup[i]!;
    // Joined long ago with a card linked long ago: only a first redemption waits for the team.
    const { memberId, cardIds } = await memberWithCards(db(), { partnerId: partner.id, joinDate: new Date('2025-01-01T00:00:00Z') });
    const [row] = await db().update(members).set({ autoStatementCredit: auto }).where(eq(members.id, memberId)).returning();
    const mem: MMember = { row: row!, partner, cardId: cardIds[0]!, auto, rewards: [] };
    m.members.push(mem);
    if (funds > 0) {
      const { dine, reward } = await insertDine(db(), mem.row, { status: 'Awarded', reward: funds });
      mem.rewards.push({ id: reward.id, dineId: dine.id, source: 'S', amount: funds, status: 'Awarded', payoutRef: null });
    }
    if (!seasoned) continue;
    // A member with a completed redemption long ago (as the module writes it: the reward, the redemption and its entry).
    const { dine, reward } = await insertDine(db(), mem.row, { status: 'Awarded', reward: 1_000 });
    mem.rewards.push({ id: reward.id, dineId: dine.id, source: 'S', amount: 1_000, status: 'Awarded', payoutRef: null });
    const [old] = await insertRedemptions(db(), mem.row, [{
      creditId: `rd_${randomUUID().replace(/-/g, '')}`, option: 'tremendous', delivery: 'Email', amountCents: 1_000, targetType: 'other', targetLabel: mem.row.email,
      benefitProcessor: 'Tremendous', status: 'completed', createdAt: new Date('2025-06-01T00:00:00Z'),
    }]);
    m.redemptions.push({
      id: old!.creditId, who: i, option: 'tremendous', amount: 1_000, status: 'completed', held: false, automatic: false, key: null, body: null,
      createdAt: old!.createdAt, nextAttemptAt: 0, attempts: 0, synced: true, provider: null,
    });
  }
  return m;
}

async function runSteps(m: Model, steps: readonly Step[]): Promise<void> {
  for (const step of steps) {
    const before = m.members.map((_, i) => balance(m, i));
    await apply(m, step);
    await check(m, step, before);
  }
}

/** Everything to a final status: holds released, flagged orders approved, sends until nothing is due, credits settled. */
async function drain(m: Model): Promise<void> {
  const steps: Step[] = [];
  for (const [i, r] of m.redemptions.entries()) {
    if (r.status === 'pending' && r.held) steps.push({ kind: 'decide', pick: i, waiting: false, decision: 'release', outOfScope: false, advance: 61 });
  }
  await runSteps(m, steps);
  for (let round = 0; round < 3; round++) {
    const flagged = m.redemptions.filter((r) => r.provider === 'review').length;
    await runSteps(m, Array.from({ length: flagged }, () => ({ kind: 'review' as const, pick: 0, approve: true, advance: 61 })));
    await runSteps(m, [{ kind: 'send', down: false, faults: [], delayMs: 0, repeat: false, advance: 7_200 }]);
  }
  await runSteps(m, [0, 1].map(() => ({ kind: 'payout' as const, outcomes: ['completed' as const], advance: 61 })));
}

describe('the cash-back ledger against a model (property)', () => {
  let run = 0;
  it('balance, entries, statuses and provider orders follow the model through any interleaving', async () => {
    await fc.assert(fc.asyncProperty(
      fc.array(fc.record({ auto: fc.constantFrom(true, false, false), seasoned: fc.boolean(), funds: fc.integer({ min: 0, max: 20_000 }) }), { minLength: 4, maxLength: 4 }),
      fc.array(stepArb, { minLength: 12, maxLength: 40 }),
      async (setup, steps) => {
        const m = await newModel(++run, setup);
        sim.settings.delayMs = 0;
        await runSteps(m, steps);
        await drain(m);
        expect(m.redemptions.filter((r) => !isFinal(r.status)).map((r) => [r.id, r.status])).toEqual([]);
      },
    ), { numRuns: RUNS, ...SEED, ...shrinkLimit(240_000) });
  }, 300_000);
});
