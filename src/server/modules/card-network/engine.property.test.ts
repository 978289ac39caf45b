import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import type { CardNetworkEvent } from '#shared/schemas/rewards';
import { createTestDatabase } from '../../test/db';
import type { Database } from '../../db/client';
import { bonusAwards, bonusProgrammes, cardNetworkInbox, dines, memberBonuses, memberProgress, memberRewards } from '../../db/schema';
import { enrol } from '../bonuses/bonuses.repo';
import { bonusSurvivesRefund, withinWindow } from '#shared/rules/bonuses';
import { insertInboxEvent } from './card-network.repo';
import { applyChunk, drainInbox } from './engine';
import { memberWithCards, partnerId, setTerms } from './test-fixtures';

/**
 * Property (issue 9 tests): random purchases on a few members, cards and restaurants, sent as
 * random interleavings of authorisations, clearings (with the authorisation's transaction id or
 * their own), refunds (naming the purchase or not, partial or whole), retries of the same event,
 * repeats with new event ids, received while chunks of random sizes are applied and rewards are
 * paid out in between. The result must equal a simple model of each purchase, computed without
 * the engine: one dine per purchase, its reward from the cleared amount less refunds at the
 * member's rate, S + A rows adding up to it, and the members' totals adding up to them: no double
 * reward, no lost reward. On PostgreSQL two appliers run side by side.
 *
 * Bonuses (issue 10) in the same runs: the members joined on 1 January, two of them through single
 * sign-on (delta's injected bonus, any qualified dine within 2160 hours) and two registered for the
 * new-member bonus (a dine of $25 or more within 30 days). Whatever the order, retries, repeats,
 * chunking, payouts and refunds: at most one live award per member and bonus, its B and J rows net
 * to exactly that, the award's dine still qualifies for it, the stage says Qualified exactly when
 * an award is live, a not-activated member (Deferred) gets none, and without refunds a member with
 * a qualifying dine gets the bonus exactly once.
 */

const TIERS = [2, 0, 1] as const;
/** delta: 1, 1, 3, 5 per $1 by tier. */
const RATE = [1, 1, 3, 5] as const;
const CONCURRENT = Boolean(process.env.TEST_DATABASE_URL);

let database: Database;
let cards: Array<{ token: string; memberIndex: number }> = [];
const memberIds: number[] = [];
const JOINED = new Date('2026-01-01T00:00:00Z');
/** Per member: joined through single sign-on (SSOJOIN), registered for NEWMBR. */
const BONUS_SETUP = [{ sso: true, nmb: true }, { sso: true, nmb: false }, { sso: true, nmb: true }] as const;
let programmes: Array<{ id: number; code: string; amount: number; minSpendCents: number; windowHours: number; enrollmentSource: string | null }> = [];
let delta = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  delta = await partnerId(database.db, 'delta');
  programmes = (await database.db.select().from(bonusProgrammes).where(eq(bonusProgrammes.partnerId, delta))).filter((p) => p.kind !== 'reservation');
  expect(programmes.map((p) => p.code).sort()).toEqual(['NEWMBR', 'SSOJOIN']);
  for (const [i, tier] of TIERS.entries()) {
    const m = await memberWithCards(database.db, { partnerId: delta, tierLevel: tier, cards: 2, joinDate: JOINED, enrollmentSource: BONUS_SETUP[i]!.sso ? 'sso' : 'web' });
    memberIds.push(m.memberId);
    cards = [...cards, ...m.tokens.map((token) => ({ token, memberIndex: i }))];
  }
  for (const id of [1, 2, 3]) await setTerms(database.db, id);
}, 60_000);
afterAll(async () => { await database.close(); });

type Purchase = {
  card: number; merchant: number; auth: number; tipPct: number; hasAuth: boolean; cleared: boolean; linkedClearing: boolean; clearingFirst: boolean;
  online: boolean; subtotalPct: number;
  refunds: { kind: 'none' } | { kind: 'linked'; parts: Array<{ pct: number; byClearingId: boolean }> } | { kind: 'unlinked' };
};

const purchaseArb: fc.Arbitrary<Purchase> = fc.record({
  card: fc.integer({ min: 0, max: 5 }),
  merchant: fc.integer({ min: 0, max: 2 }),
  auth: fc.integer({ min: 100, max: 20_000 }),
  tipPct: fc.integer({ min: 0, max: 50 }),
  hasAuth: fc.integer({ min: 0, max: 9 }).map((x) => x < 8),
  cleared: fc.integer({ min: 0, max: 9 }).map((x) => x < 8),
  linkedClearing: fc.integer({ min: 0, max: 9 }).map((x) => x < 6),
  clearingFirst: fc.integer({ min: 0, max: 9 }).map((x) => x < 2),
  online: fc.integer({ min: 0, max: 9 }).map((x) => x === 0),
  subtotalPct: fc.integer({ min: 50, max: 100 }),
  refunds: fc.oneof(
    { weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) },
    { weight: 2, arbitrary: fc.array(fc.record({ pct: fc.integer({ min: 1, max: 100 }), byClearingId: fc.boolean() }), { minLength: 1, maxLength: 3 }).map((parts) => ({ kind: 'linked' as const, parts })) },
    { weight: 1, arbitrary: fc.constant({ kind: 'unlinked' as const }) },
  ),
});

type Step = { key: number; event: CardNetworkEvent };
type Op = { kind: 'apply' | 'pay' | 'none'; size: number; parity: number };

const opArb: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom('apply', 'apply', 'pay', 'none', 'none') as fc.Arbitrary<Op['kind']>,
  size: fc.integer({ min: 1, max: 25 }),
  parity: fc.integer({ min: 0, max: 1 }),
});

const DAY = 86_400_000;
const localTime = (day: number) => {
  const d = new Date(Date.UTC(2026, 0, 5) + day * DAY);
  return `${d.toISOString().slice(0, 10)}T12:00:00-05:00`;
};

/** The events of one run in receipt order, each purchase's own events in causal order (refunds after both halves). */
function stream(run: number, purchases: Purchase[], keys: number[][], repeats: Array<{ after: number; newId: boolean }>): CardNetworkEvent[] {
  const steps: Step[] = [];
  purchases.forEach((p, i) => {
    const base = { cardToken: cards[p.card]!.token, currency: 'USD' as const, merchantLocationId: `loc-${p.merchant + 1}`, localDateTime: localTime(7 * i), onlineOrder: false };
    const authTxn = `r${run}p${i}`;
    const clearTxn = p.linkedClearing ? authTxn : `r${run}p${i}c`;
    const cleared = p.auth + Math.floor((p.auth * p.tipPct) / 100);
    const halves: CardNetworkEvent[] = [];
    if (p.hasAuth) halves.push({ ...base, id: `r${run}p${i}-a`, type: 'auth', transactionId: authTxn, amountCents: p.auth });
    if (p.cleared) {
      halves.push({
        ...base, id: `r${run}p${i}-c`, type: 'clearing', transactionId: clearTxn, amountCents: cleared,
        ...(p.online ? { onlineOrder: true, subtotalCents: Math.floor((cleared * p.subtotalPct) / 100) } : {}),
      });
    }
    if (p.clearingFirst) halves.reverse();
    const refunds: CardNetworkEvent[] = [];
    if (p.cleared && p.refunds.kind === 'linked') {
      p.refunds.parts.forEach((part, k) => refunds.push({
        ...base, id: `r${run}p${i}-r${k}`, type: 'refund', transactionId: `r${run}p${i}r${k}`, localDateTime: localTime(7 * i + 1),
        originalTransactionId: part.byClearingId || !p.hasAuth ? clearTxn : authTxn, amountCents: -Math.max(1, Math.floor((cleared * part.pct) / 100)),
      }));
    }
    if (p.cleared && p.refunds.kind === 'unlinked') {
      refunds.push({ ...base, id: `r${run}p${i}-u`, type: 'refund', transactionId: `r${run}p${i}u`, localDateTime: localTime(7 * i + 1), amountCents: -cleared });
    }
    const own = [...halves, ...refunds];
    const sorted = (keys[i] ?? []).slice(0, own.length).sort((a, b) => a - b);
    own.forEach((event, k) => steps.push({ key: sorted[k] ?? k + i / 100, event }));
  });
  steps.sort((a, b) => a.key - b.key);
  const events = steps.map((s) => s.event);
  // Retries (the same event again, a new signature) and repeats with a new event id, after the original.
  for (const r of repeats) {
    if (events.length === 0) break;
    const at = r.after % events.length;
    const original = events[at]!;
    if (r.newId && original.type === 'refund') continue;
    const copy = r.newId ? { ...original, id: `${original.id}-again${at}` } : original;
    events.splice(at + 1 + (r.after % (events.length - at)), 0, copy);
  }
  return events;
}

/** What each purchase must come to, computed from the purchase alone. */
function model(purchases: Purchase[]) {
  return purchases.map((p) => {
    if (!p.hasAuth && !p.cleared) return { dine: false as const };
    const cleared = p.auth + Math.floor((p.auth * p.tipPct) / 100);
    if (!p.cleared) return { dine: true as const, cleared: null, refunded: 0, reward: 0, qualified: false };
    const asked = p.refunds.kind === 'linked' ? p.refunds.parts.reduce((s, part) => s + Math.max(1, Math.floor((cleared * part.pct) / 100)), 0) : p.refunds.kind === 'unlinked' ? cleared : 0;
    const refunded = Math.min(cleared, asked);
    const remaining = cleared - refunded;
    const subtotal = Math.floor((cleared * p.subtotalPct) / 100);
    const basis = p.online ? Math.floor((subtotal * remaining) / cleared) : remaining;
    const rate = RATE[TIERS[cards[p.card]!.memberIndex]!];
    return { dine: true as const, cleared, refunded, reward: remaining > 0 ? Math.floor((basis * rate) / 100) : 0, qualified: remaining > 0 };
  });
}

async function applyOnce(size: number) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await applyChunk(database.db, { limit: size });
    } catch (err) {
      // Two appliers may deadlock (PostgreSQL picks one to fail): the real drain retries the same way.
      const code = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
      if (attempt < 5 && (code === '40P01' || code === '23505')) continue;
      throw err;
    }
  }
}

let run = 0;

describe('the engine against a reference model (property)', () => {
  it('no double reward, no lost reward, totals equal, whatever the order, chunking, repeats and payouts', async () => {
    await fc.assert(fc.asyncProperty(
      fc.array(purchaseArb, { minLength: 1, maxLength: 8 }),
      fc.array(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 5, maxLength: 5 }), { minLength: 8, maxLength: 8 }),
      fc.array(fc.record({ after: fc.nat(), newId: fc.boolean() }), { maxLength: 6 }),
      fc.array(opArb, { minLength: 40, maxLength: 40 }),
      async (purchases, keys, repeats, ops) => {
        run += 1;
        const db = database.db;
        await db.execute(sql`truncate ${cardNetworkInbox}, ${memberRewards}, ${dines}, ${memberProgress}, ${bonusAwards}, ${memberBonuses} cascade`);
        const nmb = programmes.find((p) => p.code === 'NEWMBR')!;
        for (const [i, setup] of BONUS_SETUP.entries()) {
          if (setup.nmb) await enrol(db, { partnerId: delta, memberId: memberIds[i]!, bonusId: nmb.id, now: JOINED });
        }
        const events = stream(run, purchases, keys, repeats);
        for (const [i, e] of events.entries()) {
          await insertInboxEvent(db, e);
          const op = ops[i % ops.length]!;
          if (op.kind === 'apply') {
            if (CONCURRENT) await Promise.all([applyOnce(op.size), applyOnce(op.size)]);
            else await applyOnce(op.size);
          }
          if (op.kind === 'pay') {
            // The payout job's effect: Awarded rewards become Paid (some of them).
            await db.execute(sql`update member_rewards set status = 'Paid', paid_at = now() where status = 'Awarded' and id % 2 = ${op.parity}`);
          }
        }
        await drainInbox(db);

        const expected = model(purchases);
        const allDines = await db.select().from(dines);
        const rewards = await db.select().from(memberRewards);
        const inbox = await db.select().from(cardNetworkInbox);
        expect(inbox.every((r) => r.processedAt !== null && r.outcome !== 'failed' && r.outcome !== 'invalid')).toBe(true);
        expect(inbox).toHaveLength(new Set(events.map((e) => e.id)).size);
        // One dine per purchase, found by either of its transaction ids.
        expect(allDines).toHaveLength(expected.filter((x) => x.dine).length);
        let total = 0;
        const perMember = new Map<number, { dines: number; rewards: number }>();
        for (const [i, want] of expected.entries()) {
          if (!want.dine) continue;
          const ids = [`r${run}p${i}`, `r${run}p${i}c`];
          const found = allDines.filter((d) => ids.includes(d.transactionId) || ids.includes(d.aliasTransactionId ?? ''));
          expect(found, `purchase ${i}`).toHaveLength(1);
          const d = found[0]!;
          // A purchase only authorised shows a provisional reward; only cleared ones are compared by reward.
          expect({ cleared: d.clearedAmountCents, refunded: d.refundedCents, reward: want.cleared === null ? 0 : d.reward, qualified: d.qualified }, `purchase ${i}`)
            .toEqual({ cleared: want.cleared, refunded: want.refunded, reward: want.reward, qualified: want.qualified });
          const own = rewards.filter((r) => r.dineId === d.id);
          const settle = own.filter((r) => r.sourceCode === 'S');
          expect(settle, `purchase ${i} S rows`).toHaveLength(1);
          const s = settle[0]!;
          const adjustments = own.filter((r) => r.sourceCode === 'A');
          if (s.status === 'Paid') {
            expect(s.amount + adjustments.reduce((sum, a) => sum + a.amount, 0), `purchase ${i} paid + adjustments`).toBe(want.reward);
          } else {
            expect(adjustments).toHaveLength(0);
            expect(s.amount, `purchase ${i} S amount`).toBe(want.cleared === null ? s.amount : want.reward);
            if (want.cleared !== null) expect(s.status).toBe(want.qualified ? (TIERS[cards[purchases[i]!.card]!.memberIndex] === 1 ? 'Deferred' : 'Awarded') : 'Forfeit');
            else expect(s.status).toBe('Pending');
          }
          total += want.reward;
          const m = memberIds[cards[purchases[i]!.card]!.memberIndex]!;
          const agg = perMember.get(m) ?? { dines: 0, rewards: 0 };
          agg.dines += want.qualified ? 1 : 0;
          agg.rewards += want.reward;
          perMember.set(m, agg);
        }
        const earned = rewards.filter((r) => (r.sourceCode === 'S' && ['Awarded', 'Deferred', 'Paid'].includes(r.status)) || r.sourceCode === 'A')
          .reduce((sum, r) => sum + r.amount, 0);
        expect(earned).toBe(total);
        // Bonuses: at most once per member and bonus, and consistent with the dines.
        const awards = await db.select().from(bonusAwards);
        const stages = await db.select().from(memberBonuses);
        const netBonus = new Map<number, number>();
        for (const [i, id] of memberIds.entries()) {
          for (const p of programmes) {
            const live = awards.filter((a) => a.memberId === id && a.bonusId === p.id && a.revokedAt === null);
            expect(live.length, `member ${i} ${p.code} live awards`).toBeLessThanOrEqual(1);
            const mine = awards.filter((a) => a.memberId === id && a.bonusId === p.id);
            const rows = rewards.filter((r) => mine.some((a) => a.rewardId === r.id));
            expect(rows).toHaveLength(mine.length);
            expect(rows.every((r) => r.sourceCode === 'B' && (r.status === 'Forfeit' ? r.amount === 0 : r.amount === p.amount))).toBe(true);
            netBonus.set(id, (netBonus.get(id) ?? 0) + live.length * p.amount);
            const stage = stages.find((st) => st.memberId === id && st.bonusId === p.id)?.status;
            if (live.length === 1) {
              expect(stage, `member ${i} ${p.code} stage`).toBe('Qualified');
              const d = allDines.find((x) => x.id === live[0]!.dineId)!;
              expect(d.qualified && d.status !== 'Deferred').toBe(true);
              const left = d.onlineOrder && d.subtotalCents !== null
                ? Math.floor((d.subtotalCents * (d.clearedAmountCents! - d.refundedCents)) / d.clearedAmountCents!)
                : d.clearedAmountCents! - d.refundedCents;
              expect(bonusSurvivesRefund(p, left), `member ${i} ${p.code} dine still reaches the minimum`).toBe(true);
              expect(withinWindow(p, { joinDate: JOINED }, d.occurredAt)).toBe(true);
            } else {
              expect(stage ?? 'none', `member ${i} ${p.code} stage`).not.toBe('Qualified');
            }
            const eligible = (p.code === 'SSOJOIN' ? BONUS_SETUP[i]!.sso : BONUS_SETUP[i]!.nmb) && TIERS[i] !== 1;
            if (!eligible) expect(live, `member ${i} ${p.code} not for this member`).toHaveLength(0);
            // Without refunds nothing is taken back: a member with a qualifying dine has the bonus.
            const noRefunds = purchases.every((pu) => pu.refunds.kind === 'none');
            const qualifying = allDines.some((d) => d.memberId === id && d.qualified && d.status !== 'Deferred' && withinWindow(p, { joinDate: JOINED }, d.occurredAt)
              && bonusSurvivesRefund(p, d.onlineOrder && d.subtotalCents !== null ? d.subtotalCents : d.clearedAmountCents ?? 0));
            if (noRefunds && eligible) expect(live.length, `member ${i} ${p.code} earned once`).toBe(qualifying ? 1 : 0);
          }
        }
        // B rows (not forfeit) and J take-backs of a member net to the bonuses live (a J row names the dine, not the bonus).
        for (const [i, id] of memberIds.entries()) {
          const net = rewards.filter((r) => r.memberId === id && ((r.sourceCode === 'B' && r.status !== 'Forfeit') || r.sourceCode === 'J')).reduce((sum, r) => sum + r.amount, 0);
          expect(net, `member ${i} net bonus`).toBe(netBonus.get(id) ?? 0);
        }
        const progress = await db.select().from(memberProgress);
        for (const id of memberIds) {
          const rows = progress.filter((p) => p.memberId === id);
          const got = { dines: rows.reduce((s, p) => s + p.qualifiedDines, 0), rewards: rows.reduce((s, p) => s + p.rewards, 0) };
          const want = perMember.get(id) ?? { dines: 0, rewards: 0 };
          expect(got, `member ${id}`).toEqual({ dines: want.dines, rewards: want.rewards + (netBonus.get(id) ?? 0) });
        }
      },
    ), { numRuns: CONCURRENT ? 40 : 60 });
  }, 300_000);
});
