import { describe, expect, it } from 'vitest';
import type { CardNetworkEvent } from '#shared/schemas/rewards';
import { ALL_DAY, type MerchantTerms } from '#shared/rules/rewards/qualification';
import { applyEvent, basisAfterRefunds, emptyWorld, progressKey, type Dine, type World } from './decisions';

/**
 * The engine's decisions one by one, in memory (docs/rewards-engine.md §3–§4). engine.test.ts
 * runs the same through the database; the property test compares whole streams to a model.
 */

const RECEIVED = new Date('2026-11-21T12:00:00Z');
const terms = (over: Partial<MerchantTerms> = {}): MerchantTerms => ({
  active: true, participationStart: null, participationEnd: null, benefitHours: ALL_DAY, blackoutDates: [], monthlyVisitLimit: null, ...over,
});

function world(opts: { tier?: number; closedAt?: Date | null; linkedAt?: Date; merchant?: Partial<MerchantTerms>; dinesThisYear?: number; dinesLastYear?: number } = {}): World {
  const w = emptyWorld();
  w.partners.set(1, { id: 1, earnRates: [1, 1, 3, 5] });
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

  it('VIP from the 12th qualified dine of the year (that dine included), or held from last year', () => {
    const w = world({ dinesThisYear: 10 });
    expect(cleared(w, { transactionId: 'D11' })).toMatchObject({ tierAtDine: 2, reward: 150 });
    expect(cleared(w, { transactionId: 'D12', localDateTime: '2026-11-21T19:45:00-05:00' })).toMatchObject({ tierAtDine: 3, reward: 250 });
    expect(progress(w)).toMatchObject({ qualifiedDines: 12, deltaDines: 2, deltaRewards: 400 });
    expect(cleared(world({ dinesLastYear: 12 }))).toMatchObject({ tierAtDine: 3 });
    // A January dine counts towards the new year.
    const january = world({ dinesThisYear: 11 });
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
    expect(basisAfterRefunds({ onlineOrder: true, subtotalCents: 4000, refundedCents: 2500 }, 5000)).toBe(2000);
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
    ['an unknown original transaction', { originalTransactionId: 'NOPE', amountCents: -1234 }],
  ])('a refund matching nothing (%s) goes to review and debits nothing', (_name, over) => {
    const w = world();
    purchase(w);
    const r = applyEvent(w, ev({ type: 'refund', transactionId: 'R', amountCents: -5000, ...over }), RECEIVED);
    expect(r).toEqual({ outcome: 'review', note: 'No purchase matches this refund; nothing was debited.' });
    expect(dine(w)).toMatchObject({ status: 'Awarded', refundedCents: 0, reward: 150 });
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
