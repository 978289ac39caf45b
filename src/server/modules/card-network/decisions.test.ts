import { describe, expect, it } from 'vitest';
import type { CardNetworkEvent } from '#shared/schemas/rewards';
import { ALL_DAY } from '#shared/rules/rewards/qualification';
import type { RestaurantTerms } from '#shared/rules/rewards/policy';
import { applyEvent, basisAfterRefunds, emptyWorld, progressKey, refundKey, type Dine, type World } from './decisions';

/**
 * The engine's decisions one by one, in memory (docs/rewards-engine.md §3–§4). engine.test.ts
 * runs the same through the database; the property test compares whole streams to a model.
 */

const RECEIVED = new Date('2026-11-21T12:00:00Z');
const terms = (over: Partial<RestaurantTerms> = {}): RestaurantTerms => ({
  active: true, participationStart: null, participationEnd: null, benefitHours: ALL_DAY, blackoutDates: [], monthlyVisitLimit: null, campaignCodes: [], multiplier: 1, ...over,
});

function world(opts: { tier?: number; closedAt?: Date | null; linkedAt?: Date; merchant?: Partial<RestaurantTerms>; dinesThisYear?: number; dinesLastYear?: number } = {}): World {
  const w = emptyWorld();
  w.partners.set(1, { id: 1, settings: { earnRates: [1, 1, 3, 5], hasVIP: true, earnBasis: 'wholeBill', acclaimed2Enabled: false, vipQualifyingDines: 11 } });
  w.members.set(10, { id: 10, partnerId: 1, tierLevel: opts.tier ?? 2, closedAt: opts.closedAt ?? null });
  w.members.set(20, { id: 20, partnerId: 1, tierLevel: 2, closedAt: null });
  for (const card of [
    { id: 100, memberId: 10, partnerId: 1, lastFour: '1111', linkedAt: opts.linkedAt ?? new Date('2026-01-01T00:00:00Z'), token: 'tok-a' },
    { id: 101, memberId: 10, partnerId: 1, lastFour: '2222', linkedAt: new Date('2026-01-01T00:00:00Z'), token: 'tok-b' },
    { id: 200, memberId: 20, partnerId: 1, lastFour: '3333', linkedAt: new Date('2026-01-01T00:00:00Z'), token: 'tok-other' },
  ]) {
    w.cardsByToken.set(card.token, card);
    w.cardsById.set(card.id, card);
  }
  w.locations.set('loc-1', { locationId: 'loc-1', merchantId: 1 });
  w.locations.set('loc-1b', { locationId: 'loc-1b', merchantId: 1 });
  w.locations.set('loc-2', { locationId: 'loc-2', merchantId: 2 });
  w.merchants.set(1, terms(opts.merchant));
  w.merchants.set(2, terms());
  if (opts.dinesThisYear) w.progress.set(progressKey(10, 2026), { memberId: 10, partnerId: 1, year: 2026, qualifiedDines: opts.dinesThisYear, rewards: 0, deltaDines: 0, deltaRewards: 0 });
  if (opts.dinesLastYear) w.progress.set(progressKey(10, 2025), { memberId: 10, partnerId: 1, year: 2025, qualifiedDines: opts.dinesLastYear, rewards: 0, deltaDines: 0, deltaRewards: 0 });
  return w;
}

let n = 0;
const ev = (over: Partial<CardNetworkEvent>): CardNetworkEvent => ({
  id: `e${++n}`, type: 'auth', transactionId: 'T1', cardToken: 'tok-a', amountCents: 4000, currency: 'USD', merchantLocationId: 'loc-1',
  localDateTime: '2026-11-20T19:45:00-05:00', onlineOrder: false, ...over,
});
const dine = (w: World, txn = 'T1'): Dine => w.dinesByTransaction.get(txn)!;
const progress = (w: World, year = 2026) => w.progress.get(progressKey(10, year));
/** The member's parked refunds still waiting. */
const parkedOf = (w: World, memberId = 10) => (w.parked.get(memberId) ?? []).filter((p) => !p.resolved);

describe('authorisation and clearing', () => {
  it('an authorisation makes a Pending dine with the reward it would earn; its clearing (tip included) awards on the cleared amount', () => {
    const w = world();
    expect(applyEvent(w, ev({}), RECEIVED)).toEqual({ outcome: 'applied' });
    expect(dine(w)).toMatchObject({ status: 'Pending', authAmountCents: 4000, clearedAmountCents: null, reward: 120, qualified: false, localDate: '2026-11-20', localMinutes: 1185, merchantId: 1, cardLastFour: '1111' });
    expect(progress(w)).toBeUndefined();
    expect(applyEvent(w, ev({ type: 'clearing', amountCents: 4800 }), RECEIVED)).toEqual({ outcome: 'applied' });
    expect(dine(w)).toMatchObject({ status: 'Awarded', clearedAmountCents: 4800, reward: 144, qualified: true, tierAtDine: 2, rate: 3, reason: null, rewardStatus: 'Awarded' });
    expect(progress(w)).toMatchObject({ qualifiedDines: 1, rewards: 144, deltaDines: 1, deltaRewards: 144 });
  });

  it('a clearing with another transaction id matches the open authorisation of the same card and restaurant (any of its locations)', () => {
    const w = world();
    applyEvent(w, ev({ transactionId: 'AUTH' }), RECEIVED);
    expect(applyEvent(w, ev({ type: 'clearing', transactionId: 'CLEAR', amountCents: 6000, merchantLocationId: 'loc-1b', localDateTime: '2026-11-22T08:00:00-05:00' }), RECEIVED).outcome).toBe('applied');
    expect(new Set(w.dinesByTransaction.values()).size).toBe(1);
    expect(dine(w, 'AUTH')).toMatchObject({ status: 'Awarded', authAmountCents: 4000, clearedAmountCents: 6000, reward: 180, locationId: 'loc-1', aliasTransactionId: 'CLEAR' });
    // Either transaction id names the purchase from now on: a refund of the clearing's, a repeat of either.
    expect(applyEvent(w, ev({ type: 'refund', transactionId: 'R', originalTransactionId: 'CLEAR', amountCents: -3000 }), RECEIVED).outcome).toBe('applied');
    expect(dine(w, 'AUTH')).toMatchObject({ refundedCents: 3000, reward: 90 });
    expect(applyEvent(w, ev({ type: 'clearing', transactionId: 'CLEAR', amountCents: 6000 }), RECEIVED).outcome).toBe('duplicate');
  });

  it('an authorisation after a clearing with another transaction id joins it, and its repeat is a duplicate', () => {
    const w = world();
    applyEvent(w, ev({ type: 'clearing', transactionId: 'CLEAR', amountCents: 4500 }), RECEIVED);
    applyEvent(w, ev({ transactionId: 'AUTH', amountCents: 4000 }), RECEIVED);
    expect(dine(w, 'CLEAR')).toMatchObject({ authAmountCents: 4000, aliasTransactionId: 'AUTH' });
    expect(dine(w, 'AUTH')).toBe(dine(w, 'CLEAR'));
    expect(applyEvent(w, ev({ transactionId: 'AUTH', amountCents: 4000 }), RECEIVED).outcome).toBe('duplicate');
  });

  it.each([
    ['more than 1.5 times the authorisation', { amountCents: 6001 }],
    ['less than the authorisation', { amountCents: 3999 }],
    ['more than 5 days later', { localDateTime: '2026-11-26T00:00:00-05:00' }],
    ['at another restaurant', { merchantLocationId: 'loc-2' }],
    ['on another card of the member', { cardToken: 'tok-b' }],
  ])('a clearing %s is a purchase of its own', (_name, over) => {
    const w = world();
    applyEvent(w, ev({ transactionId: 'AUTH' }), RECEIVED);
    applyEvent(w, ev({ type: 'clearing', transactionId: 'CLEAR', amountCents: 5000, ...over }), RECEIVED);
    expect(dine(w, 'AUTH')).toMatchObject({ status: 'Pending', clearedAmountCents: null });
    expect(dine(w, 'CLEAR')).toMatchObject({ authAmountCents: null, clearedAmountCents: (over as { amountCents?: number }).amountCents ?? 5000 });
  });

  it('of two open authorisations the clearing takes the closest in time', () => {
    const w = world();
    applyEvent(w, ev({ transactionId: 'A1', localDateTime: '2026-11-18T12:00:00-05:00' }), RECEIVED);
    applyEvent(w, ev({ transactionId: 'A2', localDateTime: '2026-11-20T19:00:00-05:00' }), RECEIVED);
    applyEvent(w, ev({ type: 'clearing', transactionId: 'C', amountCents: 4400, localDateTime: '2026-11-20T19:05:00-05:00' }), RECEIVED);
    expect(dine(w, 'A2').clearedAmountCents).toBe(4400);
    expect(dine(w, 'A1').clearedAmountCents).toBeNull();
  });

  it('a clearing without authorisation makes the dine; an authorisation arriving after it joins it (no second dine)', () => {
    const w = world();
    applyEvent(w, ev({ type: 'clearing', transactionId: 'C', amountCents: 5000 }), RECEIVED);
    expect(dine(w, 'C')).toMatchObject({ status: 'Awarded', authAmountCents: null, reward: 150 });
    expect(applyEvent(w, ev({ transactionId: 'A', amountCents: 4200 }), RECEIVED)).toEqual({ outcome: 'applied', note: 'Authorisation after its clearing.' });
    expect(new Set(w.dinesByTransaction.values()).size).toBe(1);
    expect(dine(w, 'C')).toMatchObject({ authAmountCents: 4200, status: 'Awarded', reward: 150 });
    expect(progress(w)!.qualifiedDines).toBe(1);
  });

  it('before tip (preTip partner): the reward is the same whichever half came first; a late authorisation of a paid dine is an A adjustment', () => {
    const preTip = () => {
      const w = world();
      w.partners.get(1)!.settings = { ...w.partners.get(1)!.settings, earnBasis: 'preTip' };
      return w;
    };
    const authFirst = preTip();
    applyEvent(authFirst, ev({ amountCents: 4000 }), RECEIVED);
    applyEvent(authFirst, ev({ type: 'clearing', amountCents: 4800 }), RECEIVED);
    expect(dine(authFirst)).toMatchObject({ reward: 120 });
    const clearingFirst = preTip();
    applyEvent(clearingFirst, ev({ type: 'clearing', amountCents: 4800 }), RECEIVED);
    // Nothing tells the tip apart yet: the whole bill.
    expect(dine(clearingFirst)).toMatchObject({ reward: 144 });
    applyEvent(clearingFirst, ev({ amountCents: 4000 }), RECEIVED);
    expect(dine(clearingFirst)).toMatchObject({ reward: 120, status: 'Awarded' });
    expect(progress(clearingFirst)).toMatchObject({ qualifiedDines: 1, rewards: 120 });
    const paid = preTip();
    applyEvent(paid, ev({ type: 'clearing', transactionId: 'C', amountCents: 4800 }), RECEIVED);
    dine(paid, 'C').rewardStatus = 'Paid';
    applyEvent(paid, ev({ transactionId: 'A', amountCents: 4000 }), RECEIVED);
    expect(paid.adjustments.map((a) => a.amount)).toEqual([-24]);
    expect(progress(paid)).toMatchObject({ rewards: 120 });
  });

  it('a second authorisation or clearing of a purchase (another event id) changes nothing', () => {
    const w = world();
    applyEvent(w, ev({}), RECEIVED);
    applyEvent(w, ev({ type: 'clearing', amountCents: 4800 }), RECEIVED);
    expect(applyEvent(w, ev({}), RECEIVED).outcome).toBe('duplicate');
    expect(applyEvent(w, ev({ type: 'clearing', amountCents: 9000 }), RECEIVED).outcome).toBe('duplicate');
    expect(dine(w)).toMatchObject({ clearedAmountCents: 4800, reward: 144 });
    expect(progress(w)!.qualifiedDines).toBe(1);
  });

  it('unknown cards and locations are recorded and change nothing; a transaction id of another member goes to review', () => {
    const w = world();
    expect(applyEvent(w, ev({ cardToken: 'nobody' }), RECEIVED).outcome).toBe('unknownCard');
    expect(applyEvent(w, ev({ merchantLocationId: 'loc-x' }), RECEIVED).outcome).toBe('unknownLocation');
    expect(w.dinesByTransaction.size).toBe(0);
    applyEvent(w, ev({}), RECEIVED);
    expect(applyEvent(w, ev({ type: 'clearing', cardToken: 'tok-other' }), RECEIVED).outcome).toBe('review');
    expect(dine(w).clearedAmountCents).toBeNull();
  });

  it('online orders earn on the subtotal', () => {
    const w = world();
    applyEvent(w, ev({ type: 'clearing', amountCents: 5000, onlineOrder: true, subtotalCents: 3000 }), RECEIVED);
    expect(dine(w)).toMatchObject({ onlineOrder: true, subtotalCents: 3000, reward: 90 });
  });
});

describe('qualification and tiers', () => {
  const cleared = (w: World, over: Partial<CardNetworkEvent> = {}) => {
    applyEvent(w, ev({ type: 'clearing', amountCents: 5000, ...over }), RECEIVED);
    return dine(w, over.transactionId ?? 'T1');
  };

  it.each([
    ['account closed before the dine', { closedAt: new Date('2026-11-01T00:00:00Z') }, 'accountClosed'],
    ['card linked after the dine', { linkedAt: new Date('2026-11-21T12:00:00Z') }, 'cardLinkedAfterDine'],
    ['restaurant not participating', { merchant: { active: false } }, 'notParticipating'],
    ['restaurant left the programme before', { merchant: { participationEnd: '2026-11-19' } }, 'notParticipating'],
    ['blackout date', { merchant: { blackoutDates: ['2026-11-20'] } }, 'blackoutDay'],
    ['outside benefit hours (lunch only)', { merchant: { benefitHours: ALL_DAY.map(() => [{ start: 660, end: 900 }]) } }, 'outsideBenefitHours'],
    ['no rewards on Fridays', { merchant: { benefitHours: ALL_DAY.map((d, i) => (i === 5 ? [] : d)) } }, 'outsideBenefitHours'],
  ] as const)('%s: Forfeit with its reason, nothing counted', (_name, opts, reason) => {
    const w = world(opts);
    expect(cleared(w)).toMatchObject({ status: 'Forfeit', reason, reward: 0, qualified: false });
    expect(progress(w)?.qualifiedDines ?? 0).toBe(0);
  });

  it('the monthly visit limit counts the month\'s earlier rewarded visits at that restaurant (merchant-local months)', () => {
    const w = world({ merchant: { monthlyVisitLimit: 2 } });
    expect(cleared(w, { transactionId: 'V1', localDateTime: '2026-11-01T12:00:00-05:00' }).status).toBe('Awarded');
    expect(cleared(w, { transactionId: 'V2', localDateTime: '2026-11-15T12:00:00-05:00' }).status).toBe('Awarded');
    expect(cleared(w, { transactionId: 'V3', localDateTime: '2026-11-30T23:30:00-08:00' })).toMatchObject({ status: 'Forfeit', reason: 'monthlyVisitLimit' });
    expect(cleared(w, { transactionId: 'V4', localDateTime: '2026-12-01T00:30:00-05:00' }).status).toBe('Awarded');
    // Another restaurant has its own count.
    expect(cleared(w, { transactionId: 'V5', localDateTime: '2026-11-20T12:00:00-05:00', merchantLocationId: 'loc-2' }).status).toBe('Awarded');
    // A visit refunded in full is no longer a rewarded visit.
    applyEvent(w, ev({ type: 'refund', transactionId: 'R1', originalTransactionId: 'V1', amountCents: -5000 }), RECEIVED);
    expect(cleared(w, { transactionId: 'V6', localDateTime: '2026-11-29T12:00:00-05:00' }).status).toBe('Awarded');
  });

  it('earns by tier: opted out 1, opted in 3, VIP 5 per $1; not activated is Deferred at its rate', () => {
    expect(cleared(world({ tier: 0 }))).toMatchObject({ tierAtDine: 0, rate: 1, reward: 50, status: 'Awarded' });
    expect(cleared(world({ tier: 2 }))).toMatchObject({ tierAtDine: 2, rate: 3, reward: 150, status: 'Awarded' });
    expect(cleared(world({ tier: 3 }))).toMatchObject({ tierAtDine: 3, rate: 5, reward: 250, status: 'Awarded' });
    const deferred = world({ tier: 1 });
    expect(cleared(deferred)).toMatchObject({ tierAtDine: 1, rate: 1, reward: 50, status: 'Deferred', qualified: true });
    expect(progress(deferred)!.qualifiedDines).toBe(1);
  });

  it('VIP from the 11th qualified dine of the year: the 12th earns the VIP rate; or held from last year', () => {
    const w = world({ dinesThisYear: 10 });
    expect(cleared(w, { transactionId: 'D11' })).toMatchObject({ tierAtDine: 2, reward: 150 });
    expect(cleared(w, { transactionId: 'D12', localDateTime: '2026-11-21T19:45:00-05:00' })).toMatchObject({ tierAtDine: 3, reward: 250 });
    expect(progress(w)).toMatchObject({ qualifiedDines: 12, deltaDines: 2, deltaRewards: 400 });
    expect(cleared(world({ dinesLastYear: 11 }))).toMatchObject({ tierAtDine: 3 });
    expect(cleared(world({ dinesLastYear: 10 }))).toMatchObject({ tierAtDine: 2 });
    // A January dine counts towards the new year.
    const january = world({ dinesThisYear: 10 });
    expect(cleared(january, { localDateTime: '2027-01-02T12:00:00-05:00' })).toMatchObject({ tierAtDine: 2 });
  });

  it('a clearing after the authorisation was forfeit as not settled still earns (a late clearing)', () => {
    const w = world();
    applyEvent(w, ev({}), RECEIVED);
    Object.assign(dine(w), { status: 'Forfeit', reason: 'notSettled', rewardStatus: 'Forfeit', reward: 0 });
    applyEvent(w, ev({ type: 'clearing', amountCents: 4500 }), RECEIVED);
    expect(dine(w)).toMatchObject({ status: 'Awarded', reason: null, reward: 135 });
  });
});

describe('refunds', () => {
  const purchase = (w: World, opts: { txn?: string; cents?: number; online?: { subtotal: number } } = {}) => {
    applyEvent(w, ev({ transactionId: opts.txn ?? 'T1', amountCents: opts.cents ?? 5000 }), RECEIVED);
    applyEvent(w, ev({ type: 'clearing', transactionId: opts.txn ?? 'T1', amountCents: opts.cents ?? 5000, ...(opts.online ? { onlineOrder: true, subtotalCents: opts.online.subtotal } : {}) }), RECEIVED);
    return dine(w, opts.txn ?? 'T1');
  };

  it('a partial refund reduces the reward pro rata; the rest of the refund takes it all and forfeits the dine', () => {
    const w = world();
    purchase(w);
    expect(applyEvent(w, ev({ type: 'refund', transactionId: 'R1', originalTransactionId: 'T1', amountCents: -2000 }), RECEIVED)).toEqual({ outcome: 'applied' });
    expect(dine(w)).toMatchObject({ status: 'Awarded', refundedCents: 2000, reward: 90, qualified: true });
    expect(progress(w)).toMatchObject({ qualifiedDines: 1, rewards: 90 });
    applyEvent(w, ev({ type: 'refund', transactionId: 'R2', originalTransactionId: 'T1', amountCents: -3000 }), RECEIVED);
    expect(dine(w)).toMatchObject({ status: 'Forfeit', reason: 'refunded', refundedCents: 5000, reward: 0, qualified: false, rewardStatus: 'Forfeit' });
    expect(progress(w)).toMatchObject({ qualifiedDines: 0, rewards: 0 });
  });

  it('online orders are refunded on their subtotal\'s share', () => {
    const w = world();
    purchase(w, { online: { subtotal: 4000 } });
    expect(dine(w).reward).toBe(120);
    applyEvent(w, ev({ type: 'refund', transactionId: 'R1', originalTransactionId: 'T1', amountCents: -2500 }), RECEIVED);
    expect(dine(w).reward).toBe(60);
    expect(basisAfterRefunds(w, dine(w))).toBe(2000);
  });

  it('a refund of a reward already paid leaves the paid row and adds a negative A adjustment', () => {
    const w = world();
    purchase(w);
    dine(w).rewardStatus = 'Paid';
    applyEvent(w, ev({ type: 'refund', transactionId: 'R1', originalTransactionId: 'T1', amountCents: -1000 }), RECEIVED);
    expect(w.adjustments.map((a) => a.amount)).toEqual([-30]);
    expect(dine(w)).toMatchObject({ rewardStatus: 'Paid', reward: 120, refundedCents: 1000 });
    applyEvent(w, ev({ type: 'refund', transactionId: 'R2', originalTransactionId: 'T1', amountCents: -4000 }), RECEIVED);
    expect(w.adjustments.map((a) => a.amount)).toEqual([-30, -120]);
    expect(dine(w)).toMatchObject({ rewardStatus: 'Paid', reward: 0, qualified: false, reason: 'refunded' });
    expect(progress(w)).toMatchObject({ qualifiedDines: 0, rewards: 0 });
  });

  it('without the original transaction id, a refund matches a cleared purchase of the same card and restaurant by its amount', () => {
    const w = world();
    purchase(w, { txn: 'OLD', cents: 3000 });
    purchase(w, { txn: 'T1', cents: 5000 });
    expect(applyEvent(w, ev({ type: 'refund', transactionId: 'R', amountCents: -5000, localDateTime: '2026-12-10T10:00:00-05:00' }), RECEIVED).outcome).toBe('applied');
    expect(dine(w, 'T1')).toMatchObject({ status: 'Forfeit', reason: 'refunded' });
    expect(dine(w, 'OLD').refundedCents).toBe(0);
  });

  it.each([
    ['an amount no purchase has', { amountCents: -1234 }],
    ['another card', { cardToken: 'tok-b' }],
    ['another restaurant', { merchantLocationId: 'loc-2' }],
    ['more than 90 days later', { localDateTime: '2027-03-01T10:00:00-05:00' }],
    ['an unknown original transaction, though its amount fits', { originalTransactionId: 'NOPE' }],
  ])('a refund matching no purchase (%s) waits for its purchase and debits nothing', (_name, over) => {
    const w = world();
    purchase(w);
    const r = applyEvent(w, ev({ type: 'refund', transactionId: 'R', amountCents: -5000, ...over }), RECEIVED);
    expect(r.outcome).toBe('parked');
    expect(r.note).toMatch(/waits for it until \d{4}-\d{2}-\d{2}; nothing was debited\.$/);
    expect(dine(w)).toMatchObject({ status: 'Awarded', refundedCents: 0, reward: 150 });
    expect(parkedOf(w).map((p) => p.refundTransactionId)).toEqual(['R']);
    expect(w.refunds.size).toBe(0);
  });

  it('a refund larger than what is left takes what is left; a refund of a purchase refunded in full goes to review', () => {
    const w = world();
    purchase(w);
    applyEvent(w, ev({ type: 'refund', transactionId: 'R1', originalTransactionId: 'T1', amountCents: -4000 }), RECEIVED);
    expect(applyEvent(w, ev({ type: 'refund', transactionId: 'R2', originalTransactionId: 'T1', amountCents: -4000 }), RECEIVED))
      .toEqual({ outcome: 'applied', note: 'Refund larger than what was left of the purchase: 1000 of 4000 cents applied.' });
    expect(dine(w).refundedCents).toBe(5000);
    expect(applyEvent(w, ev({ type: 'refund', transactionId: 'R3', originalTransactionId: 'T1', amountCents: -100 }), RECEIVED).outcome).toBe('review');
  });

  it('a refund of a purchase only authorised (a void) forfeits it; a clearing afterwards earns only on what was not refunded', () => {
    const w = world();
    applyEvent(w, ev({}), RECEIVED);
    applyEvent(w, ev({ type: 'refund', transactionId: 'V', originalTransactionId: 'T1', amountCents: -4000 }), RECEIVED);
    expect(dine(w)).toMatchObject({ status: 'Forfeit', reason: 'refunded', reward: 0 });
    applyEvent(w, ev({ type: 'clearing', amountCents: 4000 }), RECEIVED);
    expect(dine(w)).toMatchObject({ status: 'Forfeit', reason: 'refunded', qualified: false });
    expect(progress(w)?.qualifiedDines ?? 0).toBe(0);
  });

  it('a refund of a purchase that did not earn is recorded and changes no reward', () => {
    const w = world({ merchant: { blackoutDates: ['2026-11-20'] } });
    purchase(w);
    applyEvent(w, ev({ type: 'refund', transactionId: 'R', originalTransactionId: 'T1', amountCents: -2000 }), RECEIVED);
    expect(dine(w)).toMatchObject({ status: 'Forfeit', reason: 'blackoutDay', refundedCents: 2000, reward: 0 });
    expect(w.adjustments).toEqual([]);
  });
});

describe('refunds are network transactions: before their purchase, resent, once', () => {
  const refund = (over: Partial<CardNetworkEvent>) => ev({ type: 'refund', transactionId: 'R1', amountCents: -2000, ...over });

  it('a refund naming its purchase before the authorisation waits; the authorisation takes it (a void), and the clearing earns only what is left', () => {
    const w = world();
    expect(applyEvent(w, refund({ originalTransactionId: 'T1', amountCents: -4000 }), RECEIVED)).toMatchObject({ outcome: 'parked' });
    expect(w.dinesByTransaction.size).toBe(0);
    expect(applyEvent(w, ev({ id: 'the-auth' }), RECEIVED)).toEqual({ outcome: 'applied', note: 'Took a refund that arrived before it.' });
    expect(dine(w)).toMatchObject({ status: 'Forfeit', reason: 'refunded', refundedCents: 4000, reward: 0 });
    expect(parkedOf(w)).toEqual([]);
    expect(w.parked.get(10)![0]!.resolved).toMatchObject({ outcome: 'applied', note: 'Applied when its purchase arrived (event the-auth).', dine: dine(w) });
    expect(w.refunds.get(refundKey(1, 'R1'))).toMatchObject({ amountCents: 4000, dine: dine(w), fresh: true });
    applyEvent(w, ev({ type: 'clearing', amountCents: 5000 }), RECEIVED);
    expect(dine(w)).toMatchObject({ status: 'Awarded', refundedCents: 4000, clearedAmountCents: 5000, reward: 30, qualified: true });
    expect(progress(w)).toMatchObject({ qualifiedDines: 1, rewards: 30 });
  });

  it('a refund before the clearing is taken before the purchase settles: the dine never shows what it would lose', () => {
    const w = world();
    applyEvent(w, ev({}), RECEIVED);
    applyEvent(w, refund({ originalTransactionId: 'CLEAR', amountCents: -6000 }), RECEIVED);
    expect(parkedOf(w)).toHaveLength(1);
    const r = applyEvent(w, ev({ type: 'clearing', transactionId: 'CLEAR', amountCents: 6000 }), RECEIVED);
    expect(r).toEqual({ outcome: 'applied', note: 'Took a refund that arrived before it.' });
    expect(dine(w)).toMatchObject({ status: 'Forfeit', reason: 'refunded', refundedCents: 6000, reward: 0, qualified: false, aliasTransactionId: 'CLEAR' });
    expect(progress(w)?.qualifiedDines ?? 0).toBe(0);
    expect(progress(w)?.rewards ?? 0).toBe(0);
  });

  it('refunds taken while only authorised count whole (the clearing adds the tip) and are capped at the cleared amount', () => {
    const w = world();
    applyEvent(w, ev({ amountCents: 4000 }), RECEIVED);
    applyEvent(w, refund({ transactionId: 'R1', originalTransactionId: 'T1', amountCents: -3000 }), RECEIVED);
    applyEvent(w, refund({ transactionId: 'R2', originalTransactionId: 'T1', amountCents: -2000 }), RECEIVED);
    expect(dine(w)).toMatchObject({ refundedCents: 5000, status: 'Forfeit', reason: 'refunded' });
    applyEvent(w, ev({ type: 'clearing', amountCents: 4600 }), RECEIVED);
    expect(dine(w)).toMatchObject({ refundedCents: 4600, status: 'Forfeit', reason: 'refunded', reward: 0, qualified: false });
  });

  it('a refund naming no purchase waits, and a clearing of exactly its amount on that card and restaurant takes it', () => {
    const w = world();
    expect(applyEvent(w, refund({ amountCents: -4800, localDateTime: '2026-11-22T10:00:00-05:00' }), RECEIVED).outcome).toBe('parked');
    // Not this one: another amount, and another restaurant.
    applyEvent(w, ev({ type: 'clearing', transactionId: 'OTHER', amountCents: 4700 }), RECEIVED);
    applyEvent(w, ev({ type: 'clearing', transactionId: 'ELSEWHERE', amountCents: 4800, merchantLocationId: 'loc-2' }), RECEIVED);
    expect(parkedOf(w)).toHaveLength(1);
    // Nor a purchase dated more than a day after the refund.
    applyEvent(w, ev({ type: 'clearing', transactionId: 'LATER', amountCents: 4800, localDateTime: '2026-11-24T10:00:00-05:00' }), RECEIVED);
    expect(parkedOf(w)).toHaveLength(1);
    applyEvent(w, ev({ type: 'clearing', amountCents: 4800 }), RECEIVED);
    expect(parkedOf(w)).toEqual([]);
    expect(dine(w)).toMatchObject({ status: 'Forfeit', reason: 'refunded', refundedCents: 4800 });
    expect(dine(w, 'OTHER').refundedCents).toBe(0);
    expect(dine(w, 'LATER').refundedCents).toBe(0);
  });

  it('a refund naming the authorisation, whose clearing came first with its own id and was paid: the late authorisation joins it and the take-back is an A adjustment', () => {
    const w = world();
    applyEvent(w, ev({ type: 'clearing', transactionId: 'CLEAR', amountCents: 5000 }), RECEIVED);
    dine(w, 'CLEAR').rewardStatus = 'Paid';
    applyEvent(w, refund({ originalTransactionId: 'AUTH', amountCents: -5000 }), RECEIVED);
    expect(parkedOf(w)).toHaveLength(1);
    applyEvent(w, ev({ transactionId: 'AUTH', amountCents: 4200 }), RECEIVED);
    expect(dine(w, 'CLEAR')).toMatchObject({ aliasTransactionId: 'AUTH', refundedCents: 5000, rewardStatus: 'Paid', reward: 0, qualified: false, reason: 'refunded' });
    expect(w.adjustments.map((a) => a.amount)).toEqual([-150]);
    expect(progress(w)).toMatchObject({ qualifiedDines: 0, rewards: 0 });
  });

  it('a refund naming a purchase of another member is not taken by it: it waits (and ages out)', () => {
    const w = world();
    applyEvent(w, refund({ originalTransactionId: 'THEIRS' }), RECEIVED);
    applyEvent(w, ev({ type: 'clearing', transactionId: 'THEIRS', cardToken: 'tok-other', amountCents: 5000 }), RECEIVED);
    expect(dine(w, 'THEIRS').refundedCents).toBe(0);
    expect(parkedOf(w)).toHaveLength(1);
  });

  it('the same refund resent under new event ids is applied once: a duplicate with its note, whatever amount the copy says', () => {
    const w = world();
    applyEvent(w, ev({ type: 'clearing', amountCents: 5000 }), RECEIVED);
    expect(applyEvent(w, refund({ id: 'first', originalTransactionId: 'T1' }), RECEIVED)).toEqual({ outcome: 'applied' });
    expect(applyEvent(w, refund({ id: 'again', originalTransactionId: 'T1' }), RECEIVED))
      .toEqual({ outcome: 'duplicate', note: 'Refund R1 was applied already; nothing was debited again.' });
    expect(applyEvent(w, refund({ id: 'again-2', amountCents: -2500 }), RECEIVED))
      .toEqual({ outcome: 'duplicate', note: 'Refund R1 was applied already (as 2000 cents; this copy says 2500); nothing was debited again.' });
    expect(dine(w)).toMatchObject({ refundedCents: 2000, reward: 90 });
    // Another refund transaction of the same purchase is a refund of its own.
    expect(applyEvent(w, refund({ transactionId: 'R2', originalTransactionId: 'T1' }), RECEIVED).outcome).toBe('applied');
    expect(dine(w)).toMatchObject({ refundedCents: 4000, reward: 30 });
  });

  it('a resent refund that is still waiting for its purchase is a duplicate too, and the purchase takes it once', () => {
    const w = world();
    applyEvent(w, refund({ id: 'first', originalTransactionId: 'T1' }), RECEIVED);
    expect(applyEvent(w, refund({ id: 'again', originalTransactionId: 'T1' }), RECEIVED))
      .toEqual({ outcome: 'duplicate', note: 'Refund R1 already waits for its purchase (event first); nothing was debited.' });
    applyEvent(w, ev({ type: 'clearing', amountCents: 5000 }), RECEIVED);
    expect(dine(w)).toMatchObject({ refundedCents: 2000, reward: 90 });
    expect(applyEvent(w, refund({ id: 'again-after', originalTransactionId: 'T1' }), RECEIVED).outcome).toBe('duplicate');
    expect(dine(w).refundedCents).toBe(2000);
  });

  it('a refund already recorded in an earlier chunk (loaded) is a duplicate', () => {
    const w = world();
    applyEvent(w, ev({ type: 'clearing', amountCents: 5000 }), RECEIVED);
    w.refunds.set(refundKey(1, 'R1'), { partnerId: 1, memberId: 10, refundTransactionId: 'R1', amountCents: 2000, eventId: 'old', dine: null, fresh: false });
    expect(applyEvent(w, refund({ originalTransactionId: 'T1' }), RECEIVED).outcome).toBe('duplicate');
    expect(dine(w).refundedCents).toBe(0);
  });

  it('a refund of a purchase refunded in full goes to review but is recorded, so its resend is a duplicate', () => {
    const w = world();
    applyEvent(w, ev({ type: 'clearing', amountCents: 5000 }), RECEIVED);
    applyEvent(w, refund({ transactionId: 'R1', originalTransactionId: 'T1', amountCents: -5000 }), RECEIVED);
    expect(applyEvent(w, refund({ transactionId: 'R2', originalTransactionId: 'T1', amountCents: -100 }), RECEIVED))
      .toEqual({ outcome: 'review', note: 'The purchase is already refunded in full; nothing was debited.' });
    expect(applyEvent(w, refund({ id: 'resend', transactionId: 'R2', originalTransactionId: 'T1', amountCents: -100 }), RECEIVED).outcome).toBe('duplicate');
  });

  it('a refund older than 90 days still waits: only the sweep ages refunds out, and its purchase may be in the same feed', () => {
    const w = world();
    expect(applyEvent(w, refund({ originalTransactionId: 'T1', localDateTime: '2026-08-01T10:00:00-05:00' }), RECEIVED)).toMatchObject({ outcome: 'parked', note: expect.stringMatching(/until 2026-10-30;/) });
    applyEvent(w, ev({ type: 'clearing', amountCents: 5000, localDateTime: '2026-08-01T09:00:00-05:00' }), RECEIVED);
    expect(dine(w).refundedCents).toBe(2000);
  });

  it('two refunds waiting for one purchase are taken in the order they arrived, the second capped at what is left', () => {
    const w = world();
    applyEvent(w, refund({ transactionId: 'R1', originalTransactionId: 'T1', amountCents: -3000 }), RECEIVED);
    applyEvent(w, refund({ transactionId: 'R2', originalTransactionId: 'T1', amountCents: -3000 }), RECEIVED);
    applyEvent(w, ev({ type: 'clearing', amountCents: 5000 }), RECEIVED);
    const [first, second] = w.parked.get(10)!;
    expect(first!.resolved).toMatchObject({ outcome: 'applied' });
    expect(second!.resolved!.note).toMatch(/^Applied when its purchase arrived \(event \S+\)\. Refund larger than what was left of the purchase: 2000 of 3000 cents applied\.$/);
    expect(dine(w)).toMatchObject({ refundedCents: 5000, status: 'Forfeit', reason: 'refunded' });
  });
});
