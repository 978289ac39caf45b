import { describe, expect, it } from 'vitest';
import type { BonusProgramme } from '#shared/rules/bonuses';
import type { CardNetworkEvent } from '#shared/schemas/rewards';
import { ALL_DAY } from '#shared/rules/rewards/qualification';
import { applyEvent, awardDeferredDine, bonusKey, emptyWorld, progressKey, type BonusAward, type Dine, type FlexRedemption, type World } from './decisions';

/**
 * The engine's bonus decisions in memory (docs/rewards-engine.md §6), fast and one rule at a time,
 * so mutation testing of decisions.ts reaches them (issue 31 item 1): which dine earns a new-member
 * or injected bonus, once; what a refund takes back (this chunk's award dropped, a loaded one
 * revoked, the enrolment open again, the year's rewards down); reservation bonuses and flex offers
 * taken back only by a refund in full. engine.bonuses tests run the same through the database.
 */

const JOINED = new Date('2026-11-01T12:00:00Z');
const REGISTERED = new Date('2026-11-02T12:00:00Z');
const RECEIVED = new Date('2026-11-21T12:00:00Z');
const DINED = '2026-11-20T19:45:00-05:00';

const programme = (over: Partial<BonusProgramme> = {}): BonusProgramme => ({
  id: 7, code: 'WELCOME', kind: 'newMember', amount: 500, minSpendCents: 2500, windowHours: 30 * 24, enrollmentSource: null, description: 'Welcome bonus', ...over,
});

function world(opts: { programmes?: BonusProgramme[]; tier?: number; joinDate?: Date | null; source?: string; registeredAt?: Date | null; status?: 'Eligible' | 'Enrolled' } = {}): World {
  const w = emptyWorld();
  w.partners.set(1, { id: 1, settings: { earnRates: [1, 1, 3, 5], hasVIP: true, earnBasis: 'wholeBill', acclaimed2Enabled: false, vipQualifyingDines: 11 } });
  const joinDate = opts.joinDate === null ? undefined : opts.joinDate ?? JOINED;
  w.members.set(10, { id: 10, partnerId: 1, tierLevel: opts.tier ?? 2, closedAt: null, joinDate, enrollmentSource: opts.source ?? 'web' });
  const card = { id: 100, memberId: 10, partnerId: 1, lastFour: '1111', linkedAt: new Date('2026-01-01T00:00:00Z') };
  w.cardsByToken.set('tok-a', card);
  w.cardsById.set(100, card);
  w.locations.set('loc-1', { locationId: 'loc-1', merchantId: 1 });
  w.merchants.set(1, { active: true, participationStart: null, participationEnd: null, benefitHours: ALL_DAY, blackoutDates: [], monthlyVisitLimit: null, campaignCodes: [], multiplier: 1 });
  const programmes = opts.programmes ?? [programme()];
  w.bonusProgrammes.set(1, programmes);
  for (const p of programmes) {
    if (opts.registeredAt === null) continue;
    w.bonusEnrolments.set(bonusKey(10, p.id), {
      partnerId: 1, memberId: 10, bonusId: p.id, status: opts.status ?? 'Enrolled', enrolledAt: opts.registeredAt ?? REGISTERED, qualifiedAt: null, changed: false,
    });
  }
  return w;
}

let n = 0;
const ev = (over: Partial<CardNetworkEvent>): CardNetworkEvent => ({
  id: `b${++n}`, type: 'clearing', transactionId: 'T1', cardToken: 'tok-a', amountCents: 4000, currency: 'USD', merchantLocationId: 'loc-1',
  localDateTime: DINED, onlineOrder: false, ...over,
});
/** A purchase authorised and cleared for `cents`. */
function dineFor(w: World, cents: number, txn = 'T1', localDateTime = DINED): Dine {
  expect(applyEvent(w, ev({ type: 'auth', transactionId: txn, amountCents: cents, localDateTime }), RECEIVED).outcome).toBe('applied');
  expect(applyEvent(w, ev({ type: 'clearing', transactionId: txn, amountCents: cents, localDateTime }), RECEIVED).outcome).toBe('applied');
  return w.dinesByTransaction.get(txn)!;
}
const refund = (w: World, cents: number, txn = 'T1') => applyEvent(w, ev({ type: 'refund', transactionId: `R${++n}`, originalTransactionId: txn, amountCents: -cents }), RECEIVED);
const rewardsOfYear = (w: World) => w.progress.get(progressKey(10, 2026))?.rewards;

describe('which dine earns a bonus', () => {
  it('a registered member\'s qualifying dine earns the new-member bonus once: the award, the enrolment Qualified at the clearing, the year\'s rewards', () => {
    const w = world();
    const d = dineFor(w, 4000);
    expect(d.status).toBe('Awarded');
    expect(w.newAwards).toHaveLength(1);
    expect(w.newAwards[0]).toMatchObject({ partnerId: 1, memberId: 10, bonusId: 7, amount: 500, description: 'Welcome bonus', dine: d, dineId: null });
    expect(w.bonusAwards.get(bonusKey(10, 7))).toBe(w.newAwards[0]);
    expect(w.bonusEnrolments.get(bonusKey(10, 7))).toEqual({
      partnerId: 1, memberId: 10, bonusId: 7, status: 'Qualified', enrolledAt: REGISTERED, qualifiedAt: d.clearedAt, changed: true,
    });
    expect(d.clearedAt).not.toBeNull();
    // The dine's 120 points (3 per $1) and the bonus's 500.
    expect(rewardsOfYear(w)).toBe(120 + 500);
    expect(w.progress.get(progressKey(10, 2026))).toMatchObject({ qualifiedDines: 1, deltaDines: 1, deltaRewards: 620 });
    // A second qualifying dine earns no second bonus.
    dineFor(w, 5000, 'T2');
    expect(w.newAwards).toHaveLength(1);
    expect(rewardsOfYear(w)).toBe(120 + 500 + 150);
  });

  it('at the minimum spend exactly it earns; a cent below, none', () => {
    const at = world();
    dineFor(at, 2500);
    expect(at.newAwards.map((a) => a.amount)).toEqual([500]);
    const below = world();
    dineFor(below, 2499);
    expect(below.newAwards).toEqual([]);
    expect(below.bonusEnrolments.get(bonusKey(10, 7))).toMatchObject({ status: 'Enrolled', changed: false });
  });

  it('a new-member bonus needs the member registered before the dine; an injected one needs no registration', () => {
    const eligible = world({ status: 'Eligible' });
    dineFor(eligible, 4000);
    expect(eligible.newAwards).toEqual([]);
    const none = world({ registeredAt: null });
    dineFor(none, 4000);
    expect(none.newAwards).toEqual([]);
    // Registered an hour after the dine (19:45 in New York is 00:45 UTC).
    const late = world({ registeredAt: new Date('2026-11-21T01:45:00Z') });
    dineFor(late, 4000);
    expect(late.newAwards).toEqual([]);
    const injected = world({ programmes: [programme({ kind: 'injected' })], registeredAt: null });
    dineFor(injected, 4000);
    expect(injected.newAwards).toHaveLength(1);
    expect(injected.bonusEnrolments.get(bonusKey(10, 7))).toMatchObject({ status: 'Qualified', enrolledAt: null });
  });

  it('only within the window after joining, only the audience of an injected bonus, only members with a join date', () => {
    const closed = world({ programmes: [programme({ windowHours: 24 })] });
    dineFor(closed, 4000);
    expect(closed.newAwards).toEqual([]);
    const otherSource = world({ programmes: [programme({ kind: 'injected', enrollmentSource: 'app' })], source: 'web' });
    dineFor(otherSource, 4000);
    expect(otherSource.newAwards).toEqual([]);
    const sameSource = world({ programmes: [programme({ kind: 'injected', enrollmentSource: 'App' })], source: ' app ' });
    dineFor(sameSource, 4000);
    expect(sameSource.newAwards).toHaveLength(1);
    const noJoinDate = world({ joinDate: null });
    dineFor(noJoinDate, 4000);
    expect(noJoinDate.newAwards).toEqual([]);
  });

  it('each programme of the partner is decided on its own; a member who has a bonus already earns it no more', () => {
    const w = world({ programmes: [programme(), programme({ id: 8, amount: 300, minSpendCents: 5000 })] });
    w.bonusAwards.set(bonusKey(10, 7), { partnerId: 1, memberId: 10, bonusId: 7, amount: 500, description: 'Welcome bonus', dine: null, dineId: 999, id: 1, rewardId: 55, rewardStatus: 'Awarded' });
    dineFor(w, 6000);
    expect(w.newAwards.map((a) => a.bonusId)).toEqual([8]);
    expect(rewardsOfYear(w)).toBe(180 + 300);
  });

  it('a Deferred dine (member not activated) earns none until the sweep awards it; then it earns as if awarded at its clearing', () => {
    const w = world({ tier: 1 });
    const d = dineFor(w, 4000);
    expect(d.status).toBe('Deferred');
    expect(w.newAwards).toEqual([]);
    expect(w.awardedDines).toEqual([]);
    awardDeferredDine(w, d);
    expect(w.newAwards).toEqual([]);
    d.status = 'Awarded';
    awardDeferredDine(w, d);
    expect(w.newAwards).toHaveLength(1);
    expect(w.awardedDines).toEqual([d]);
    d.qualified = false;
    const again = world({ tier: 1 });
    const unqualified = dineFor(again, 4000);
    unqualified.status = 'Awarded';
    unqualified.qualified = false;
    awardDeferredDine(again, unqualified);
    expect(again.newAwards).toEqual([]);
    expect(again.awardedDines).toEqual([]);
  });
});

describe('what a refund takes back', () => {
  it('a refund that leaves the minimum spend keeps the bonus; one that goes below drops this chunk\'s award and opens the enrolment again', () => {
    const w = world();
    dineFor(w, 4000);
    expect(refund(w, 1500).outcome).toBe('applied');
    expect(w.newAwards).toHaveLength(1);
    expect(rewardsOfYear(w)).toBe(75 + 500);
    expect(refund(w, 1).outcome).toBe('applied');
    expect(w.newAwards).toEqual([]);
    expect(w.revokedAwards).toEqual([]);
    expect(w.bonusAwards.has(bonusKey(10, 7))).toBe(false);
    expect(w.bonusEnrolments.get(bonusKey(10, 7))).toEqual({ partnerId: 1, memberId: 10, bonusId: 7, status: 'Enrolled', enrolledAt: REGISTERED, qualifiedAt: null, changed: true });
    expect(rewardsOfYear(w)).toBe(74);
    // A later qualifying dine earns it anew.
    dineFor(w, 3000, 'T2');
    expect(w.newAwards.map((a) => a.amount)).toEqual([500]);
  });

  it('a loaded award (made in an earlier chunk) is revoked when its dine is refunded in full; another dine\'s refund leaves it', () => {
    const w = world();
    const d = dineFor(w, 4000);
    dineFor(w, 4000, 'T2');
    // As a later chunk loads it: written, with its reward, tied to the dine by id.
    d.id = 41;
    const loaded: BonusAward = { ...w.newAwards[0]!, dine: null, dineId: 41, id: 3, rewardId: 77, rewardStatus: 'Paid' };
    w.newAwards = [];
    w.bonusAwards.set(bonusKey(10, 7), loaded);
    refund(w, 4000, 'T2');
    expect(w.revokedAwards).toEqual([]);
    expect(w.bonusAwards.get(bonusKey(10, 7))).toBe(loaded);
    const before = rewardsOfYear(w)!;
    refund(w, 4000);
    expect(w.revokedAwards).toEqual([loaded]);
    expect(w.bonusAwards.size).toBe(0);
    expect(rewardsOfYear(w)).toBe(before - 120 - 500);
  });

  it('a programme gone since (no longer the partner\'s) takes its award back at any refund', () => {
    const w = world();
    dineFor(w, 4000);
    w.bonusProgrammes.set(1, []);
    refund(w, 100);
    expect(w.newAwards).toEqual([]);
    expect(w.bonusAwards.size).toBe(0);
  });
  it('each award is judged by its own programme\'s minimum spend', () => {
    const w = world({ programmes: [programme({ minSpendCents: 100 }), programme({ id: 8, amount: 300, minSpendCents: 3000, description: 'Big spender' })] });
    dineFor(w, 4000);
    expect(w.newAwards.map((a) => a.bonusId)).toEqual([7, 8]);
    refund(w, 1500);
    expect(w.newAwards.map((a) => a.bonusId)).toEqual([7]);
    expect(w.bonusEnrolments.get(bonusKey(10, 8))).toMatchObject({ status: 'Enrolled', changed: true });
    expect(w.bonusEnrolments.get(bonusKey(10, 7))).toMatchObject({ status: 'Qualified' });
  });

  it('a loaded award whose enrolment is not loaded is revoked and leaves the member Enrolled with no registration date', () => {
    const w = world({ registeredAt: null });
    const d = dineFor(w, 4000);
    expect(w.newAwards).toEqual([]);
    d.id = 41;
    const loaded: BonusAward = { partnerId: 1, memberId: 10, bonusId: 7, amount: 500, description: 'Welcome bonus', dine: null, dineId: 41, id: 3, rewardId: 77, rewardStatus: 'Awarded' };
    w.bonusAwards.set(bonusKey(10, 7), loaded);
    refund(w, 4000);
    expect(w.revokedAwards).toEqual([loaded]);
    expect(w.bonusEnrolments.get(bonusKey(10, 7))).toEqual({ partnerId: 1, memberId: 10, bonusId: 7, status: 'Enrolled', enrolledAt: null, qualifiedAt: null, changed: true });
  });
});

describe('awards tied to one dine: reservation bonuses and flex offers', () => {
  function withDineAwards() {
    const w = world({ programmes: [] });
    const d = dineFor(w, 4000);
    const reservation: BonusAward = { partnerId: 1, memberId: 10, bonusId: 90, amount: 250, description: 'Reservation bonus', dine: d, dineId: null, id: 9, rewardId: 91, rewardStatus: 'Awarded' };
    const other: BonusAward = { ...reservation, bonusId: 92, dine: null, dineId: 12345, id: 10, rewardId: 93 };
    const flex: FlexRedemption = { offerId: 5, rewardId: 95, rewardStatus: 'Awarded', partnerId: 1, memberId: 10, amount: 200, dine: d };
    w.dineAwards = [reservation, other];
    w.flexRedemptions = [flex];
    return { w, d, reservation, other, flex };
  }

  it('a partial refund keeps them (their minimum spend is any purchase left)', () => {
    const { w } = withDineAwards();
    refund(w, 3999);
    expect(w.dineAwards).toHaveLength(2);
    expect(w.flexRedemptions).toHaveLength(1);
    expect(w.revokedAwards).toEqual([]);
    expect(w.revokedFlex).toEqual([]);
  });

  it('a refund in full revokes those of that dine only, and the year\'s rewards drop by them', () => {
    const { w, reservation, other, flex } = withDineAwards();
    const before = rewardsOfYear(w)!;
    refund(w, 4000);
    expect(w.dineAwards).toEqual([other]);
    expect(w.revokedAwards).toEqual([reservation]);
    expect(w.flexRedemptions).toEqual([]);
    expect(w.revokedFlex).toEqual([flex]);
    expect(rewardsOfYear(w)).toBe(before - 120 - 250 - 200);
  });

  it('a refund in full revokes a loaded award tied to its dine by id, and leaves another dine\'s flex offer', () => {
    const { w, d, reservation, other, flex } = withDineAwards();
    d.id = 41;
    const byId: BonusAward = { ...reservation, bonusId: 94, dine: null, dineId: 41, id: 11, rewardId: 96 };
    const elsewhere = dineFor(w, 3000, 'T2');
    const otherFlex: FlexRedemption = { ...flex, offerId: 6, rewardId: 97, dine: elsewhere };
    w.dineAwards = [reservation, other, byId];
    w.flexRedemptions = [otherFlex, flex];
    refund(w, 4000);
    expect(w.dineAwards).toEqual([other]);
    expect(w.revokedAwards).toEqual([reservation, byId]);
    expect(w.flexRedemptions).toEqual([otherFlex]);
    expect(w.revokedFlex).toEqual([flex]);
  });
});
