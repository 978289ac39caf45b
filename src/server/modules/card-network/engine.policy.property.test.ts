import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { EARN_BASES, type EarnBasis } from '#shared/constants/rewards';
import type { CardNetworkEvent } from '#shared/schemas/rewards';
import { localParts } from '#shared/rules/rewards/local-time';
import { evaluateDine, type DineOutcome, type EarningSettings, type RestaurantTerms } from '#shared/rules/rewards/policy';
import { createTestDatabase } from '../../test/db';
import type { Database } from '../../db/client';
import { dines, memberCards, memberProgress, members, merchants, partners } from '../../db/schema';
import { insertInboxEvents } from './card-network.repo';
import { drainInbox } from './engine';

/**
 * Issue 24: the engine pays what the earning policy says. Random partners (rates, VIP switch, earn
 * basis, acclaimed v2), members (tier, this and last year's qualified dines, when their card was
 * linked), restaurants (participation, benefit hours, blackout days, monthly visit limit, campaign
 * codes, multiplier) and purchases (local time, amount, tip reported or not, online subtotal, only
 * authorised or cleared) go through the engine on a real database, and each dine's outcome,
 * reason, tier, rate and amount must equal evaluateDine's for the same facts, computed in order
 * (each earned dine counts towards the next one's VIP standing and monthly visits). Any screen or
 * engine path given its own copy of a rule breaks this or the screens' tests built on the same
 * policy (policy.test.ts).
 *
 * At least 2,000 purchases per run: RUNS runs of CASES members with one to three purchases each
 * (POLICY_RUNS=n runs fewer, for a quick look).
 */

const RUNS = Number(process.env.POLICY_RUNS ?? 25);
const CASES = 50;
const PARTNER_POOL = ['american', 'caesars', 'choice', 'hilton', 'ihg', 'nosh', 'tmobile', 'wynd'] as const;
const MERCHANT_POOL = 8;
const YEAR = 2026;
const OFFSET = '-05:00';

let database: Database;
const partnerIds: number[] = [];
const merchantIds: number[] = [];
let checked = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const rows = await database.db.select({ id: partners.id, code: partners.code }).from(partners).where(inArray(partners.code, [...PARTNER_POOL]));
  for (const code of PARTNER_POOL) partnerIds.push(rows.find((r) => r.code === code)!.id);
  const found = await database.db.select({ id: merchants.id }).from(merchants).orderBy(merchants.id).limit(MERCHANT_POOL);
  merchantIds.push(...found.map((m) => m.id));
}, 60_000);
afterAll(async () => {
  // The figure the issue asks for: purchases compared in a full run.
  // (A shorter run asked for with POLICY_RUNS still compares some.)
  expect(checked).toBeGreaterThanOrEqual(process.env.POLICY_RUNS ? 1 : 2000);
  await database.close();
});

const window = fc.record({ start: fc.integer({ min: 0, max: 23 }), hours: fc.integer({ min: 1, max: 24 }) })
  .map((w) => ({ start: w.start * 60, end: Math.min(1440, (w.start + w.hours) * 60) }));

const settingsArb: fc.Arbitrary<EarningSettings> = fc.record({
  earnRates: fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 2, max: 6 }), fc.integer({ min: 3, max: 10 })),
  hasVIP: fc.boolean(),
  earnBasis: fc.constantFrom<EarnBasis>(...EARN_BASES),
  acclaimed2Enabled: fc.boolean(),
  vipQualifyingDines: fc.integer({ min: 1, max: 14 }),
});

const restaurantArb: fc.Arbitrary<RestaurantTerms> = fc.record({
  active: fc.integer({ min: 0, max: 9 }).map((x) => x > 0),
  participationStart: fc.option(fc.constantFrom('2026-04-01', '2026-07-15'), { freq: 6 }),
  participationEnd: fc.option(fc.constantFrom('2026-06-30', '2026-10-31'), { freq: 6 }),
  benefitHours: fc.oneof(
    { weight: 2, arbitrary: fc.constant(null) },
    { weight: 3, arbitrary: fc.array(fc.array(window, { maxLength: 2 }), { minLength: 7, maxLength: 7 }) },
  ),
  blackoutDates: fc.subarray(['2026-03-14', '2026-05-20', '2026-08-08', '2026-11-11']),
  monthlyVisitLimit: fc.option(fc.integer({ min: 1, max: 2 }), { freq: 3 }),
  campaignCodes: fc.subarray(['ACCL2', 'ACCL3', 'SUMMER']),
  multiplier: fc.constantFrom(1, 1, 1, 2, 3),
}).map((r) => ({ ...r, benefitHours: r.benefitHours ?? Array.from({ length: 7 }, () => [{ start: 0, end: 1440 }]) }));

type PurchaseCase = { restaurant: number; month: number; minute: number; auth: number; tip: number; reportTip: boolean; hasAuth: boolean; cleared: boolean; online: boolean; subtotalPct: number };
const purchaseArb: fc.Arbitrary<PurchaseCase> = fc.record({
  // Most purchases at a member's first restaurant, in few months: visit limits and VIP counts meet.
  restaurant: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: MERCHANT_POOL - 1 }) }),
  month: fc.constantFrom(3, 5, 8, 11),
  minute: fc.integer({ min: 0, max: 1439 }),
  auth: fc.integer({ min: 100, max: 30_000 }),
  tip: fc.integer({ min: 0, max: 6_000 }),
  reportTip: fc.boolean(),
  hasAuth: fc.integer({ min: 0, max: 9 }).map((x) => x < 7),
  cleared: fc.integer({ min: 0, max: 9 }).map((x) => x < 8),
  online: fc.integer({ min: 0, max: 9 }).map((x) => x === 0),
  subtotalPct: fc.integer({ min: 50, max: 100 }),
});

type MemberCase = {
  partner: number; tier: number; dinesThisYear: number; dinesLastYear: number; cardLinked: 'before' | 'after'; firstRestaurant: number; purchases: PurchaseCase[];
};
const memberArb: fc.Arbitrary<MemberCase> = fc.record({
  partner: fc.integer({ min: 0, max: PARTNER_POOL.length - 1 }),
  tier: fc.constantFrom(0, 1, 2, 2, 2, 3),
  // Around the VIP count (11), so its boundary is crossed by the purchases.
  dinesThisYear: fc.constantFrom(0, 3, 9, 10, 11, 12),
  dinesLastYear: fc.constantFrom(0, 0, 10, 11),
  cardLinked: fc.constantFrom<'before' | 'after'>('before', 'before', 'before', 'after'),
  firstRestaurant: fc.integer({ min: 0, max: MERCHANT_POOL - 1 }),
  purchases: fc.array(purchaseArb, { minLength: 1, maxLength: 3 }),
});

/**
 * A member's purchases fall on days ten apart (the j-th on DAYS[j]): a clearing without the
 * authorisation's transaction id never meets another purchase's open authorisation (the engine
 * matches halves within MATCH_WINDOW_DAYS, as networks need).
 */
const DAYS = ['02', '12', '22'] as const;
const localDateTime = (p: PurchaseCase, j: number) => `${YEAR}-${String(p.month).padStart(2, '0')}-${DAYS[j]}T${String(Math.floor(p.minute / 60)).padStart(2, '0')}:${String(p.minute % 60).padStart(2, '0')}:00${OFFSET}`;

async function setPartners(all: readonly EarningSettings[]) {
  for (const [i, s] of all.entries()) {
    await database.db.update(partners).set({ earnRates: [...s.earnRates], hasVIP: s.hasVIP, earnBasis: s.earnBasis, acclaimed2Enabled: s.acclaimed2Enabled, vipQualifyingDines: s.vipQualifyingDines }).where(eq(partners.id, partnerIds[i]!));
  }
}

async function setRestaurants(all: readonly RestaurantTerms[]) {
  for (const [i, r] of all.entries()) {
    await database.db.update(merchants).set({
      participating: r.active, benefitsAvailable: true, participationStart: r.participationStart, participationEnd: r.participationEnd,
      benefitHours: r.benefitHours.map((d) => d.map((w) => ({ ...w }))), blackoutDates: [...r.blackoutDates], monthlyVisitLimit: r.monthlyVisitLimit,
      campaignCodes: [...r.campaignCodes], earnMultiplier: r.multiplier,
    }).where(eq(merchants.id, merchantIds[i]!));
  }
}

/** The members of a run, each with one card and their progress rows, in three statements. */
async function makeMembers(cases: readonly MemberCase[]) {
  const tag = randomBytes(4).toString('hex');
  const made = await database.db.insert(members).values(cases.map((c, i) => ({
    partnerId: partnerIds[c.partner]!, publicId: `pol-${tag}-${i}`, email: `pol-${tag}-${i}@example.com`, tierLevel: c.tier, memberType: 'EnrolledCardMember' as const, active: true,
  }))).returning({ id: members.id });
  const cards = await database.db.insert(memberCards).values(cases.map((c, i) => ({
    partnerId: partnerIds[c.partner]!, memberId: made[i]!.id, cardType: 'Visa' as const, lastFour: String(1000 + i), description: 'Visa',
    fingerprint: `pol-${tag}-${i}`, networkToken: `ntk_pol_${tag}_${i}`,
    // 'after': linked mid-year, so the spring purchases come before it.
    createdAt: new Date(c.cardLinked === 'before' ? '2025-06-01T00:00:00Z' : '2026-07-01T00:00:00Z'),
  }))).returning({ token: memberCards.networkToken, memberId: memberCards.memberId });
  const progress = cases.flatMap((c, i) => [
    ...(c.dinesThisYear > 0 ? [{ memberId: made[i]!.id, partnerId: partnerIds[c.partner]!, year: YEAR, qualifiedDines: c.dinesThisYear, rewards: 0 }] : []),
    ...(c.dinesLastYear > 0 ? [{ memberId: made[i]!.id, partnerId: partnerIds[c.partner]!, year: YEAR - 1, qualifiedDines: c.dinesLastYear, rewards: 0 }] : []),
  ]);
  if (progress.length > 0) await database.db.insert(memberProgress).values(progress);
  return cases.map((_, i) => ({ memberId: made[i]!.id, token: cards.find((c) => c.memberId === made[i]!.id)!.token }));
}

type Expected = { transactionId: string; outcome: DineOutcome; cleared: boolean; desc: string };

/** The policy's decision for each purchase, in the order the engine applies them. */
function expectations(opts: { settings: readonly EarningSettings[]; restaurants: readonly RestaurantTerms[]; cases: readonly MemberCase[]; tag: string }): Expected[] {
  const out: Expected[] = [];
  for (const [i, c] of opts.cases.entries()) {
    const settings = opts.settings[c.partner]!;
    let dinesThisYear = c.dinesThisYear;
    const visits = new Map<string, number>();
    for (const [j, p] of c.purchases.entries()) {
      const restaurantIndex = (c.firstRestaurant + p.restaurant) % MERCHANT_POOL;
      const local = localParts(localDateTime(p, j))!;
      const clearedCents = p.cleared ? p.auth + p.tip : null;
      const subtotal = p.online ? Math.floor((p.auth * p.subtotalPct) / 100) : null;
      const key = `${restaurantIndex}:${local.month}`;
      const outcome = evaluateDine({
        settings, member: { tier: c.tier, dinesThisYear, dinesLastYear: c.dinesLastYear }, restaurant: opts.restaurants[restaurantIndex]!, local,
        cardLinkedAt: new Date(c.cardLinked === 'before' ? '2025-06-01T00:00:00Z' : '2026-07-01T00:00:00Z'), accountClosedAt: null,
        visitsThisMonth: visits.get(key) ?? 0,
        bill: {
          clearedCents, authCents: p.hasAuth || !p.cleared ? p.auth : null, tipCents: p.cleared && p.reportTip ? p.tip : null,
          online: p.online, subtotalCents: subtotal, refundedCents: 0,
        },
      });
      // Only a cleared dine is qualified: it counts towards the member's VIP standing and the month's visits.
      if (p.cleared && outcome.earns) {
        dinesThisYear += 1;
        visits.set(key, (visits.get(key) ?? 0) + 1);
      }
      out.push({ transactionId: `pol-${opts.tag}-${i}-${j}`, outcome, cleared: p.cleared, desc: JSON.stringify({ settings, member: c, purchase: p, restaurant: opts.restaurants[restaurantIndex] }) });
    }
  }
  return out;
}

function events(opts: { cases: readonly MemberCase[]; made: ReadonlyArray<{ token: string }>; tag: string }): CardNetworkEvent[] {
  return opts.cases.flatMap((c, i) => c.purchases.flatMap((p, j) => {
    const transactionId = `pol-${opts.tag}-${i}-${j}`;
    const base = {
      transactionId, cardToken: opts.made[i]!.token, currency: 'USD' as const, merchantLocationId: `loc-${merchantIds[(c.firstRestaurant + p.restaurant) % MERCHANT_POOL]}`,
      localDateTime: localDateTime(p, j), onlineOrder: p.online, ...(p.online ? { subtotalCents: Math.floor((p.auth * p.subtotalPct) / 100) } : {}),
    };
    const list: CardNetworkEvent[] = [];
    if (p.hasAuth || !p.cleared) list.push({ ...base, id: `${transactionId}-a`, type: 'auth', amountCents: p.auth });
    if (p.cleared) list.push({ ...base, id: `${transactionId}-c`, type: 'clearing', amountCents: p.auth + p.tip, ...(p.reportTip ? { tipCents: p.tip } : {}) });
    return list;
  }));
}

describe('the engine pays what the earning policy says', () => {
  it('for random partners, members, restaurants and purchases: outcome, reason, tier, rate and amount', async () => {
    await fc.assert(fc.asyncProperty(
      fc.array(settingsArb, { minLength: PARTNER_POOL.length, maxLength: PARTNER_POOL.length }),
      fc.array(restaurantArb, { minLength: MERCHANT_POOL, maxLength: MERCHANT_POOL }),
      fc.array(memberArb, { minLength: CASES, maxLength: CASES }),
      async (settings, restaurants, cases) => {
        const tag = randomBytes(4).toString('hex');
        await setPartners(settings);
        await setRestaurants(restaurants);
        const made = await makeMembers(cases);
        await insertInboxEvents(database.db, events({ cases, made, tag }));
        await drainInbox(database.db);
        const wanted = expectations({ settings, restaurants, cases, tag });
        const got = new Map((await database.db.select().from(dines).where(sql`${dines.transactionId} like ${`pol-${tag}-%`}`)).map((d) => [d.transactionId, d]));
        for (const w of wanted) {
          const d = got.get(w.transactionId);
          expect(d, w.desc).toBeDefined();
          const o = w.outcome;
          if (!w.cleared) {
            // Only authorised: Pending, with the provisional reward the policy gives the authorised amount.
            expect({ status: d!.status, reward: d!.reward }, w.desc).toEqual({ status: 'Pending', reward: o.earns ? o.amount : 0 });
          } else if (o.earns) {
            expect({ status: d!.status, reason: d!.reason, reward: d!.reward, tier: d!.tierAtDine, rate: d!.rate }, w.desc)
              .toEqual({ status: o.deferred ? 'Deferred' : 'Awarded', reason: null, reward: o.amount, tier: o.tier, rate: o.rate });
          } else {
            expect({ status: d!.status, reason: d!.reason, reward: d!.reward }, w.desc).toEqual({ status: 'Forfeit', reason: o.reason, reward: 0 });
          }
          checked += 1;
        }
      },
    // No shrinking on the database (minutes): the failing purchase is named in full by its message.
    ), { numRuns: RUNS, endOnFailure: true });
  }, 600_000);
});
