import { describe, expect, it } from 'vitest';
import type { CardNetworkEvent } from '#shared/schemas/rewards';
import { ALL_DAY } from '#shared/rules/rewards/qualification';
import type { RestaurantTerms } from '#shared/rules/rewards/policy';
import { addBonusProgress, applyEvent, emptyWorld, PARKED_EXPIRED_NOTE, progressKey, type Dine, type ParkedRefund, type World } from './decisions';

/**
 * More of the engine's decisions in memory (issue 31 item 1: mutation testing of decisions.ts):
 * what each event marks to be written, the notes a person reads, the bounds of matching the halves
 * of a purchase and of matching a refund without its purchase's transaction id, parked refunds
 * taken (or not) by a later purchase, and earning when parts of the world are not loaded.
 */

const RECEIVED = new Date('2026-11-21T12:00:00Z');
const terms = (over: Partial<RestaurantTerms> = {}): RestaurantTerms => ({
  active: true, participationStart: null, participationEnd: null, benefitHours: ALL_DAY, blackoutDates: [], monthlyVisitLimit: null, campaignCodes: [], multiplier: 1, ...over,
});

function world(opts: { merchant?: Partial<RestaurantTerms>; dinesThisYear?: number } = {}): World {
  const w = emptyWorld();
  w.partners.set(1, { id: 1, settings: { earnRates: [1, 1, 3, 5], hasVIP: true, earnBasis: 'wholeBill', acclaimed2Enabled: false, vipQualifyingDines: 11 } });
  w.members.set(10, { id: 10, partnerId: 1, tierLevel: 2, closedAt: null });
  w.members.set(20, { id: 20, partnerId: 1, tierLevel: 2, closedAt: null });
  for (const card of [
    { id: 100, memberId: 10, partnerId: 1, lastFour: '1111', linkedAt: new Date('2026-01-01T00:00:00Z'), token: 'tok-a' },
    { id: 101, memberId: 10, partnerId: 1, lastFour: '2222', linkedAt: new Date('2026-01-01T00:00:00Z'), token: 'tok-b' },
    { id: 200, memberId: 20, partnerId: 1, lastFour: '3333', linkedAt: new Date('2026-01-01T00:00:00Z'), token: 'tok-other' },
  ]) {
    w.cardsByToken.set(card.token, card);
    w.cardsById.set(card.id, card);
  }
  w.locations.set('loc-1', { locationId: 'loc-1', merchantId: 1 });
  w.locations.set('loc-2', { locationId: 'loc-2', merchantId: 2 });
  w.merchants.set(1, terms(opts.merchant));
  w.merchants.set(2, terms());
  if (opts.dinesThisYear) w.progress.set(progressKey(10, 2026), { memberId: 10, partnerId: 1, year: 2026, qualifiedDines: opts.dinesThisYear, rewards: 0, deltaDines: 0, deltaRewards: 0 });
  return w;
}

let n = 0;
const ev = (over: Partial<CardNetworkEvent>): CardNetworkEvent => ({
  id: `m${++n}`, type: 'auth', transactionId: 'T1', cardToken: 'tok-a', amountCents: 4000, currency: 'USD', merchantLocationId: 'loc-1',
  localDateTime: '2026-11-20T19:45:00-05:00', onlineOrder: false, ...over,
});
const refundEv = (over: Partial<CardNetworkEvent>) => ev({ type: 'refund', transactionId: 'R1', amountCents: -2000, ...over });
const dine = (w: World, txn = 'T1'): Dine => w.dinesByTransaction.get(txn)!;
const progress = (w: World, year = 2026) => w.progress.get(progressKey(10, year));
const parkedOf = (w: World, memberId = 10) => (w.parked.get(memberId) ?? []).filter((p) => !p.resolved);
/** As a later chunk loads a dine: written (an id), nothing changed yet. */
const stored = (d: Dine, id = 41): Dine => Object.assign(d, { id, changed: false });
const apply = (w: World, over: Partial<CardNetworkEvent>) => applyEvent(w, ev(over), RECEIVED);

describe('what each event marks to be written', () => {
  it('a dine made by an authorisation or by a clearing is to be written', () => {
    const w = world();
    apply(w, { transactionId: 'A' });
    apply(w, { type: 'clearing', transactionId: 'C', merchantLocationId: 'loc-2' });
    expect(dine(w, 'A').changed).toBe(true);
    expect(dine(w, 'C').changed).toBe(true);
  });

  it('the clearing of a stored authorisation, and the authorisation of a stored clearing (same transaction id), change it', () => {
    const authFirst = world();
    apply(authFirst, {});
    stored(dine(authFirst));
    apply(authFirst, { type: 'clearing', amountCents: 4400 });
    expect(dine(authFirst)).toMatchObject({ changed: true, clearedAmountCents: 4400, status: 'Awarded' });

    const clearingFirst = world();
    apply(clearingFirst, { type: 'clearing', amountCents: 4400 });
    stored(dine(clearingFirst));
    expect(apply(clearingFirst, {}).outcome).toBe('applied');
    expect(dine(clearingFirst)).toMatchObject({ changed: true, authAmountCents: 4000 });
  });

  it('a refund of a stored purchase changes it, authorised only or cleared', () => {
    const authorised = world();
    apply(authorised, {});
    stored(dine(authorised));
    apply(authorised, refundEv({ originalTransactionId: 'T1' }));
    expect(dine(authorised)).toMatchObject({ changed: true, refundedCents: 2000 });

    const cleared = world();
    apply(cleared, { type: 'clearing', amountCents: 5000 });
    stored(dine(cleared));
    apply(cleared, refundEv({ originalTransactionId: 'T1' }));
    expect(dine(cleared)).toMatchObject({ changed: true, refundedCents: 2000, reward: 90 });
  });

  it('a duplicate or a refund sent to review leaves a stored purchase unchanged', () => {
    const w = world();
    apply(w, {});
    apply(w, { type: 'clearing', amountCents: 5000 });
    apply(w, refundEv({ originalTransactionId: 'T1', amountCents: -5000 }));
    stored(dine(w));
    expect(apply(w, {}).outcome).toBe('duplicate');
    expect(apply(w, { type: 'clearing', amountCents: 5000 }).outcome).toBe('duplicate');
    expect(apply(w, refundEv({ transactionId: 'R2', originalTransactionId: 'T1', amountCents: -100 })).outcome).toBe('review');
    expect(dine(w).changed).toBe(false);
  });

  it('the world keeps a new dine under its transaction id and its card, once', () => {
    const w = world();
    apply(w, {});
    expect([...w.dinesByTransaction.keys()]).toEqual(['T1']);
    expect(w.dinesByCard.get(100)).toEqual([dine(w)]);
    apply(w, { type: 'clearing', amountCents: 4000 });
    expect(w.dinesByCard.get(100)).toEqual([dine(w)]);
  });
});

describe('the notes a person reads', () => {
  it('unknown card, unknown location, a date-time that is not one: each says why, and nothing is made', () => {
    const w = world();
    expect(apply(w, { cardToken: 'nobody' })).toEqual({ outcome: 'unknownCard', note: 'No linked card has this token.' });
    expect(apply(w, { merchantLocationId: 'loc-x' })).toEqual({ outcome: 'unknownLocation', note: 'No restaurant has this network location.' });
    expect(apply(w, { localDateTime: '2026-11-20 evening' })).toEqual({ outcome: 'invalid', note: 'localDateTime is not a date-time.' });
    expect(apply(w, { type: 'clearing', localDateTime: '2026-02-30T12:00:00-05:00' })).toEqual({ outcome: 'invalid', note: 'localDateTime is not a date-time.' });
    expect(w.dinesByTransaction.size).toBe(0);
  });

  it('a repeated authorisation or clearing says the purchase is already authorised or cleared', () => {
    const w = world();
    apply(w, {});
    expect(apply(w, {})).toEqual({ outcome: 'duplicate', note: 'The purchase is already authorised.' });
    apply(w, { type: 'clearing', amountCents: 4000 });
    expect(apply(w, { type: 'clearing', amountCents: 4000 })).toEqual({ outcome: 'duplicate', note: 'The purchase is already cleared.' });
  });

  it('an authorisation or clearing with the transaction id of another member\'s purchase goes to review and changes it not', () => {
    const w = world();
    apply(w, { type: 'clearing', transactionId: 'THEIRS', cardToken: 'tok-other', amountCents: 5000 });
    const note = 'The transaction id belongs to a purchase of another member.';
    expect(apply(w, { transactionId: 'THEIRS' })).toEqual({ outcome: 'review', note });
    expect(apply(w, { type: 'clearing', transactionId: 'THEIRS', amountCents: 9000 })).toEqual({ outcome: 'review', note });
    expect(dine(w, 'THEIRS')).toMatchObject({ memberId: 20, authAmountCents: null, clearedAmountCents: 5000 });
    expect(w.dinesByTransaction.size).toBe(1);
  });

  it('a refund naming another member\'s purchase goes to review and debits nothing', () => {
    const w = world();
    apply(w, { type: 'clearing', transactionId: 'THEIRS', cardToken: 'tok-other', amountCents: 5000 });
    expect(apply(w, refundEv({ originalTransactionId: 'THEIRS' })))
      .toEqual({ outcome: 'review', note: 'The refunded purchase belongs to another member; nothing was debited.' });
    expect(dine(w, 'THEIRS')).toMatchObject({ refundedCents: 0, reward: 150 });
    expect(w.refunds.size).toBe(0);
    expect(parkedOf(w)).toEqual([]);
  });

  it('a parked refund says what it waits for and until when (its date plus 90 days)', () => {
    const w = world();
    expect(apply(w, refundEv({ transactionId: 'R1', localDateTime: '2026-11-22T10:00:00-05:00' })))
      .toEqual({ outcome: 'parked', note: 'No purchase matches this refund yet: the refund waits for it until 2027-02-20; nothing was debited.' });
    expect(apply(w, refundEv({ transactionId: 'R2', originalTransactionId: 'T7', localDateTime: '2026-11-22T10:00:00-05:00' })))
      .toEqual({ outcome: 'parked', note: 'Purchase T7 is not known yet: the refund waits for it until 2027-02-20; nothing was debited.' });
    expect(PARKED_EXPIRED_NOTE).toBe('No purchase matched this refund within 90 days of its date; nothing was debited.');
  });

  it('a late authorisation that takes a waiting refund says both', () => {
    const w = world();
    apply(w, { type: 'clearing', transactionId: 'CLEAR', amountCents: 5000 });
    apply(w, refundEv({ originalTransactionId: 'AUTH', amountCents: -1000 }));
    expect(apply(w, { transactionId: 'AUTH', amountCents: 4200 }))
      .toEqual({ outcome: 'applied', note: 'Authorisation after its clearing. Took a refund that arrived before it.' });
    expect(dine(w, 'CLEAR')).toMatchObject({ refundedCents: 1000, reward: 120 });
  });

  it('a purchase that takes two waiting refunds says so; the one it cannot take says why on its own row', () => {
    const w = world();
    apply(w, refundEv({ transactionId: 'R1', originalTransactionId: 'T1', amountCents: -5000 }));
    apply(w, refundEv({ transactionId: 'R2', originalTransactionId: 'T1', amountCents: -100 }));
    expect(applyEvent(w, ev({ id: 'clr', type: 'clearing', amountCents: 5000 }), RECEIVED))
      .toEqual({ outcome: 'applied', note: 'Took 2 refunds that arrived before it.' });
    const [first, second] = w.parked.get(10)!;
    expect(first!.resolved).toMatchObject({ outcome: 'applied', note: 'Applied when its purchase arrived (event clr).' });
    expect(second!.resolved).toMatchObject({ outcome: 'review', note: 'Its purchase arrived (event clr): The purchase is already refunded in full; nothing was debited.' });
    expect(w.parkedByKey.size).toBe(0);
  });
});

describe('matching the halves of a purchase', () => {
  it.each([
    ['of exactly the authorised amount', { amountCents: 4000 }],
    ['of exactly 1.5 times the authorised amount', { amountCents: 6000 }],
    ['exactly 5 days after the authorisation', { localDateTime: '2026-11-25T19:45:00-05:00' }],
    ['5 days before the authorisation', { localDateTime: '2026-11-15T19:45:00-05:00' }],
  ])('a clearing with another transaction id %s joins the authorisation', (_name, over) => {
    const w = world();
    apply(w, { transactionId: 'AUTH' });
    apply(w, { type: 'clearing', transactionId: 'CLEAR', amountCents: 5000, ...over });
    expect(dine(w, 'CLEAR')).toBe(dine(w, 'AUTH'));
    expect(dine(w, 'AUTH')).toMatchObject({ authAmountCents: 4000, aliasTransactionId: 'CLEAR', status: 'Awarded' });
  });

  it.each([
    ['of exactly the cleared amount', 4000, 4000, true],
    ['whose cleared amount is exactly 1.5 times it', 6000, 4000, true],
    ['larger than the cleared amount', 4000, 4001, false],
    ['whose cleared amount is more than 1.5 times it', 6001, 4000, false],
  ] as const)('an authorisation after a clearing, %s: joined %s', (_name, cleared, authorised, joined) => {
    const w = world();
    apply(w, { type: 'clearing', transactionId: 'CLEAR', amountCents: cleared });
    expect(apply(w, { transactionId: 'AUTH', amountCents: authorised }).outcome).toBe('applied');
    expect(dine(w, 'CLEAR') === dine(w, 'AUTH')).toBe(joined);
    expect(dine(w, 'CLEAR').authAmountCents).toBe(joined ? authorised : null);
    expect(dine(w, 'AUTH')).toMatchObject({ authAmountCents: authorised, clearedAmountCents: joined ? cleared : null });
  });

  it.each([
    ['a clearing', { type: 'clearing' as const, amountCents: 4400 }, { authAmountCents: null, clearedAmountCents: 4400 }],
    ['an authorisation', { type: 'auth' as const, amountCents: 4000 }, { authAmountCents: 4000, clearedAmountCents: null }],
  ])('a purchase with both halves is not matched again: %s with a new transaction id is a purchase of its own', (_name, over, made) => {
    const w = world();
    apply(w, {});
    apply(w, { type: 'clearing', amountCents: 4000 });
    expect(apply(w, { transactionId: 'NEW', ...over })).toEqual({ outcome: 'applied' });
    expect(dine(w)).toMatchObject({ authAmountCents: 4000, clearedAmountCents: 4000, aliasTransactionId: null });
    expect(dine(w, 'NEW')).toMatchObject(made);
    expect(new Set(w.dinesByTransaction.values()).size).toBe(2);
  });

  it.each([['nearest first', true], ['nearest last', false]])('of two open authorisations the clearing takes the closest in time (%s)', (_name, nearestFirst) => {
    const w = world();
    const near = { transactionId: 'NEAR', localDateTime: '2026-11-20T19:00:00-05:00' };
    const far = { transactionId: 'FAR', localDateTime: '2026-11-18T12:00:00-05:00' };
    for (const a of nearestFirst ? [near, far] : [far, near]) apply(w, a);
    apply(w, { type: 'clearing', transactionId: 'C', amountCents: 4400, localDateTime: '2026-11-20T19:05:00-05:00' });
    expect(dine(w, 'NEAR').clearedAmountCents).toBe(4400);
    expect(dine(w, 'FAR').clearedAmountCents).toBeNull();
  });

  it.each([['closest amount first', true], ['closest amount last', false]])('of two authorisations at the same time the clearing takes the closest amount (%s)', (_name, closestFirst) => {
    const w = world();
    const close = { transactionId: 'CLOSE', amountCents: 4400 };
    const other = { transactionId: 'OTHER', amountCents: 4000 };
    for (const a of closestFirst ? [close, other] : [other, close]) apply(w, a);
    apply(w, { type: 'clearing', transactionId: 'C', amountCents: 4500 });
    expect(dine(w, 'CLOSE')).toMatchObject({ clearedAmountCents: 4500, aliasTransactionId: 'C' });
    expect(dine(w, 'OTHER').clearedAmountCents).toBeNull();
  });

  it.each([['closest amount first', true], ['closest amount last', false]])('of two clearings at the same time a late authorisation takes the closest amount (%s)', (_name, closestFirst) => {
    const w = world();
    const close = { type: 'clearing' as const, transactionId: 'CLOSE', amountCents: 4400 };
    const other = { type: 'clearing' as const, transactionId: 'OTHER', amountCents: 4800 };
    for (const c of closestFirst ? [close, other] : [other, close]) apply(w, c);
    apply(w, { transactionId: 'A', amountCents: 4000 });
    expect(dine(w, 'CLOSE')).toMatchObject({ authAmountCents: 4000, aliasTransactionId: 'A' });
    expect(dine(w, 'OTHER').authAmountCents).toBeNull();
  });
});

describe('a refund without its purchase\'s transaction id', () => {
  it('voids an open authorisation of exactly its amount within 5 days; another amount or later waits', () => {
    const w = world();
    apply(w, {});
    expect(apply(w, refundEv({ transactionId: 'R1', amountCents: -3999 })).outcome).toBe('parked');
    expect(apply(w, refundEv({ transactionId: 'R2', amountCents: -4000, localDateTime: '2026-11-25T19:46:00-05:00' })).outcome).toBe('parked');
    expect(dine(w).refundedCents).toBe(0);
    expect(apply(w, refundEv({ transactionId: 'R3', amountCents: -4000, localDateTime: '2026-11-25T19:45:00-05:00' }))).toEqual({ outcome: 'applied' });
    expect(dine(w)).toMatchObject({ refundedCents: 4000, status: 'Forfeit', reason: 'refunded', reward: 0 });
  });

  it('voids what is left of an authorisation partly refunded, not its whole amount', () => {
    const w = world();
    apply(w, {});
    apply(w, refundEv({ transactionId: 'R1', originalTransactionId: 'T1', amountCents: -1000 }));
    expect(dine(w)).toMatchObject({ status: 'Pending', refundedCents: 1000, reward: 90 });
    expect(apply(w, refundEv({ transactionId: 'R2', amountCents: -4000 })).outcome).toBe('parked');
    expect(apply(w, refundEv({ transactionId: 'R3', amountCents: -3000 })).outcome).toBe('applied');
    expect(dine(w)).toMatchObject({ refundedCents: 4000, status: 'Forfeit', reason: 'refunded' });
  });

  it('matches a cleared purchase partly refunded by what is left, or by its whole amount (capped at what is left)', () => {
    const byLeft = world();
    apply(byLeft, { type: 'clearing', amountCents: 5000 });
    apply(byLeft, refundEv({ transactionId: 'R1', originalTransactionId: 'T1', amountCents: -2000 }));
    expect(apply(byLeft, refundEv({ transactionId: 'R2', amountCents: -3000 }))).toEqual({ outcome: 'applied' });
    expect(dine(byLeft)).toMatchObject({ refundedCents: 5000, status: 'Forfeit', reason: 'refunded' });

    const byWhole = world();
    apply(byWhole, { type: 'clearing', amountCents: 5000 });
    apply(byWhole, refundEv({ transactionId: 'R1', originalTransactionId: 'T1', amountCents: -1000 }));
    expect(apply(byWhole, refundEv({ transactionId: 'R2', amountCents: -5000 })))
      .toEqual({ outcome: 'applied', note: 'Refund larger than what was left of the purchase: 4000 of 5000 cents applied.' });
    expect(dine(byWhole).refundedCents).toBe(5000);
  });

  it('does not match a purchase refunded in full: it waits', () => {
    const w = world();
    apply(w, { type: 'clearing', amountCents: 5000 });
    apply(w, refundEv({ transactionId: 'R1', originalTransactionId: 'T1', amountCents: -5000 }));
    expect(apply(w, refundEv({ transactionId: 'R2', amountCents: -5000 })).outcome).toBe('parked');
    expect(w.refunds.has('1:R2')).toBe(false);
  });

  it('matches a cleared purchase up to exactly 90 days before it, not a minute more', () => {
    const w = world();
    apply(w, { type: 'clearing', amountCents: 5000 });
    expect(apply(w, refundEv({ transactionId: 'R1', amountCents: -5000, localDateTime: '2027-02-18T19:46:00-05:00' })).outcome).toBe('parked');
    expect(apply(w, refundEv({ transactionId: 'R2', amountCents: -5000, localDateTime: '2027-02-18T19:45:00-05:00' })).outcome).toBe('applied');
    expect(dine(w).refundedCents).toBe(5000);
  });

  it('of several purchases that fit, takes the most recent', () => {
    const w = world();
    apply(w, { type: 'clearing', transactionId: 'OLD', amountCents: 5000, localDateTime: '2026-11-10T12:00:00-05:00' });
    apply(w, { type: 'clearing', transactionId: 'NEW', amountCents: 5000, localDateTime: '2026-11-20T12:00:00-05:00' });
    apply(w, { type: 'clearing', transactionId: 'MID', amountCents: 5000, localDateTime: '2026-11-15T12:00:00-05:00' });
    expect(apply(w, refundEv({ amountCents: -5000, localDateTime: '2026-11-25T12:00:00-05:00' })).outcome).toBe('applied');
    expect(dine(w, 'NEW').refundedCents).toBe(5000);
    expect(dine(w, 'OLD').refundedCents).toBe(0);
    expect(dine(w, 'MID').refundedCents).toBe(0);
  });
});

describe('refunds waiting for their purchase', () => {
  it('a waiting refund is taken by a purchase dated up to a day after it (local dates), not later', () => {
    const w = world();
    apply(w, refundEv({ amountCents: -4800, localDateTime: '2026-11-22T10:00:00-05:00' }));
    apply(w, { type: 'clearing', transactionId: 'TOO_LATE', amountCents: 4800, localDateTime: '2026-11-23T10:01:00-05:00' });
    expect(parkedOf(w)).toHaveLength(1);
    apply(w, { type: 'clearing', transactionId: 'NEXT_DAY', amountCents: 4800, localDateTime: '2026-11-23T10:00:00-05:00' });
    expect(parkedOf(w)).toEqual([]);
    expect(dine(w, 'NEXT_DAY').refundedCents).toBe(4800);
    expect(dine(w, 'TOO_LATE').refundedCents).toBe(0);
  });

  it('a waiting refund is taken by a purchase a few hours after it', () => {
    const w = world();
    apply(w, refundEv({ amountCents: -4800, localDateTime: '2026-11-22T10:00:00-05:00' }));
    expect(apply(w, { type: 'clearing', amountCents: 4800, localDateTime: '2026-11-22T12:00:00-05:00' }))
      .toEqual({ outcome: 'applied', note: 'Took a refund that arrived before it.' });
    expect(dine(w).refundedCents).toBe(4800);
  });

  it('a waiting refund on one card is not taken by a purchase of the same amount on another card of the member', () => {
    const w = world();
    apply(w, refundEv({ cardToken: 'tok-b', amountCents: -4800 }));
    expect(apply(w, { type: 'clearing', transactionId: 'ON_A', amountCents: 4800 })).toEqual({ outcome: 'applied' });
    expect(dine(w, 'ON_A').refundedCents).toBe(0);
    expect(parkedOf(w)).toHaveLength(1);
    apply(w, { type: 'clearing', transactionId: 'ON_B', cardToken: 'tok-b', amountCents: 4800 });
    expect(dine(w, 'ON_B').refundedCents).toBe(4800);
    expect(parkedOf(w)).toEqual([]);
  });

  it('a waiting refund whose card is gone (no card id) is never matched by amount', () => {
    const w = world();
    // A stored authorisation whose card was since removed, and a stored refund of that card.
    apply(w, { amountCents: 5000 });
    stored(dine(w)).cardId = null;
    const parked: ParkedRefund = {
      id: 5, partnerId: 1, memberId: 10, cardId: null, merchantId: 1, locationId: 'loc-1', refundTransactionId: 'RX', originalTransactionId: null,
      amountCents: 5000, localDate: '2026-11-21', occurredAt: new Date('2026-11-21T15:00:00Z'), eventId: 'old', receivedAt: RECEIVED,
    };
    w.parked.set(10, [parked]);
    w.parkedByKey.set('1:RX', parked);
    expect(apply(w, { type: 'clearing', amountCents: 5000 })).toEqual({ outcome: 'applied' });
    expect(dine(w)).toMatchObject({ refundedCents: 0, status: 'Awarded' });
    expect(parked.resolved).toBeUndefined();
  });

  it('a waiting refund of another partner, or naming another purchase, is not taken', () => {
    const w = world();
    const other: ParkedRefund = {
      id: 6, partnerId: 2, memberId: 10, cardId: 100, merchantId: 1, locationId: 'loc-1', refundTransactionId: 'RP', originalTransactionId: 'T1',
      amountCents: 1000, localDate: '2026-11-20', occurredAt: new Date('2026-11-21T00:00:00Z'), eventId: 'old', receivedAt: RECEIVED,
    };
    w.parked.set(10, [other]);
    w.parkedByKey.set('2:RP', other);
    apply(w, refundEv({ transactionId: 'RN', originalTransactionId: 'T9', amountCents: -1000 }));
    expect(apply(w, { type: 'clearing', amountCents: 5000 })).toEqual({ outcome: 'applied' });
    expect(dine(w)).toMatchObject({ refundedCents: 0, reward: 150 });
    expect(parkedOf(w).map((p) => p.refundTransactionId)).toEqual(['RP', 'RN']);
    expect([...w.parkedByKey.keys()]).toEqual(['2:RP', '1:RN']);
  });
});

describe('refunds and the state of the purchase', () => {
  it('a partial refund of a paid reward leaves its reason; the refund in full gives it "refunded"', () => {
    const w = world();
    apply(w, { type: 'clearing', amountCents: 5000 });
    dine(w).rewardStatus = 'Paid';
    apply(w, refundEv({ originalTransactionId: 'T1', amountCents: -1000 }));
    expect(dine(w)).toMatchObject({ status: 'Awarded', reason: null, rewardStatus: 'Paid', qualified: true, reward: 120 });
    apply(w, refundEv({ transactionId: 'R2', originalTransactionId: 'T1', amountCents: -4000 }));
    expect(dine(w)).toMatchObject({ reason: 'refunded', rewardStatus: 'Paid', qualified: false, reward: 0 });
  });

  it('a refund of an authorisation forfeit as not settled keeps it forfeit for that reason', () => {
    const w = world();
    apply(w, {});
    // As the sweep leaves an authorisation not cleared after 10 days.
    Object.assign(dine(w), { status: 'Forfeit', reason: 'notSettled', rewardStatus: 'Forfeit', reward: 0 });
    expect(apply(w, refundEv({ originalTransactionId: 'T1', amountCents: -1000 }))).toEqual({ outcome: 'applied' });
    expect(dine(w)).toMatchObject({ status: 'Forfeit', reason: 'notSettled', rewardStatus: 'Forfeit', reward: 0, refundedCents: 1000 });
  });

  it('a reward row already Paid keeps that status whatever becomes of its dine', () => {
    const w = world();
    apply(w, {});
    dine(w).rewardStatus = 'Paid';
    apply(w, refundEv({ originalTransactionId: 'T1', amountCents: -4000 }));
    expect(dine(w)).toMatchObject({ status: 'Forfeit', reason: 'refunded', rewardStatus: 'Paid' });
  });

  it('a late authorisation of a purchase that did not earn leaves it earning nothing', () => {
    const w = world({ merchant: { blackoutDates: ['2026-11-20'] } });
    apply(w, { type: 'clearing', transactionId: 'C', amountCents: 5000 });
    expect(dine(w, 'C')).toMatchObject({ status: 'Forfeit', reason: 'blackoutDay', reward: 0 });
    expect(apply(w, { transactionId: 'A', amountCents: 4000 })).toEqual({ outcome: 'applied', note: 'Authorisation after its clearing.' });
    expect(dine(w, 'C')).toMatchObject({ status: 'Forfeit', reason: 'blackoutDay', reward: 0, authAmountCents: 4000 });
    expect(progress(w)).toBeUndefined();
    expect(w.adjustments).toEqual([]);
  });

  it('a qualified purchase too small to earn a point still counts as a qualified dine, until refunded in full', () => {
    const w = world();
    apply(w, { type: 'clearing', amountCents: 20 });
    expect(dine(w)).toMatchObject({ status: 'Awarded', qualified: true, reward: 0 });
    expect(progress(w)).toMatchObject({ qualifiedDines: 1, rewards: 0, deltaDines: 1, deltaRewards: 0 });
    apply(w, refundEv({ originalTransactionId: 'T1', amountCents: -20 }));
    expect(dine(w)).toMatchObject({ status: 'Forfeit', reason: 'refunded', qualified: false });
    expect(progress(w)).toMatchObject({ qualifiedDines: 0, rewards: 0, deltaDines: 0, deltaRewards: 0 });
  });
});

describe('what the halves record', () => {
  it('an authorisation keeps its auth code and subtotal; without them, none', () => {
    const w = world();
    apply(w, { transactionId: 'WITH', authCode: 'AC1', onlineOrder: true, subtotalCents: 3000 });
    apply(w, { transactionId: 'WITHOUT', merchantLocationId: 'loc-2' });
    expect(dine(w, 'WITH')).toMatchObject({ authCode: 'AC1', onlineOrder: true, subtotalCents: 3000, reward: 90 });
    expect(dine(w, 'WITHOUT').authCode).toBeNull();
    expect(dine(w, 'WITHOUT').subtotalCents).toBeNull();
  });

  it('a clearing keeps the tip and the subtotal it reports, and keeps the authorisation\'s when it reports none', () => {
    const w = world();
    apply(w, { transactionId: 'ONLINE', onlineOrder: true, subtotalCents: 3000 });
    apply(w, { type: 'clearing', transactionId: 'ONLINE', amountCents: 4000, onlineOrder: false });
    expect(dine(w, 'ONLINE')).toMatchObject({ onlineOrder: true, subtotalCents: 3000, reward: 90 });
    expect(dine(w, 'ONLINE').tipCents).toBeNull();
    apply(w, { transactionId: 'TIPPED', merchantLocationId: 'loc-2' });
    apply(w, { type: 'clearing', transactionId: 'TIPPED', merchantLocationId: 'loc-2', amountCents: 4800, tipCents: 800 });
    expect(dine(w, 'TIPPED')).toMatchObject({ onlineOrder: false, tipCents: 800, subtotalCents: null });
  });

  it('a late authorisation brings its auth code unless the clearing had one', () => {
    const w = world();
    apply(w, { type: 'clearing', transactionId: 'C1', amountCents: 4000 });
    apply(w, { transactionId: 'A1', amountCents: 4000, authCode: 'FROM_AUTH' });
    expect(dine(w, 'C1').authCode).toBe('FROM_AUTH');
    apply(w, { type: 'clearing', transactionId: 'C2', amountCents: 4000, authCode: 'FROM_CLEAR', merchantLocationId: 'loc-2' });
    apply(w, { transactionId: 'A2', amountCents: 4000, authCode: 'FROM_AUTH', merchantLocationId: 'loc-2' });
    expect(dine(w, 'C2').authCode).toBe('FROM_CLEAR');
  });
});

describe('earning when parts of the world are not loaded', () => {
  it('a partner not loaded earns by the default settings (no VIP tier)', () => {
    const w = world({ dinesThisYear: 11 });
    w.partners.delete(1);
    apply(w, { type: 'clearing', amountCents: 5000 });
    expect(dine(w)).toMatchObject({ status: 'Awarded', tierAtDine: 2, rate: 3, reward: 150 });
    const withPartner = world({ dinesThisYear: 11 });
    apply(withPartner, { type: 'clearing', amountCents: 5000 });
    expect(dine(withPartner)).toMatchObject({ tierAtDine: 3, reward: 250 });
  });

  it('a member not loaded earns at tier 2 with an open account; a card not loaded by id counts as linked long ago', () => {
    const w = world();
    const card = { id: 300, memberId: 30, partnerId: 1, lastFour: '4444', linkedAt: new Date('2026-01-01T00:00:00Z') };
    w.cardsByToken.set('tok-unloaded', card);
    apply(w, { type: 'clearing', cardToken: 'tok-unloaded', amountCents: 5000 });
    expect(dine(w)).toMatchObject({ memberId: 30, status: 'Awarded', tierAtDine: 2, reward: 150 });
    expect(w.newAwards).toEqual([]);
  });

  it('a restaurant whose terms are not loaded does not take part', () => {
    const w = world();
    w.locations.set('loc-3', { locationId: 'loc-3', merchantId: 3 });
    apply(w, { type: 'clearing', merchantLocationId: 'loc-3', amountCents: 5000 });
    expect(dine(w)).toMatchObject({ status: 'Forfeit', reason: 'notParticipating', reward: 0 });
  });

  it('a member who joined, of a partner with no bonus programmes, earns the dine only', () => {
    const w = world();
    w.members.set(10, { ...w.members.get(10)!, joinDate: new Date('2026-11-01T00:00:00Z'), enrollmentSource: 'web' });
    apply(w, { type: 'clearing', amountCents: 5000 });
    expect(dine(w)).toMatchObject({ status: 'Awarded', reward: 150 });
    expect(w.newAwards).toEqual([]);
    expect(progress(w)).toMatchObject({ rewards: 150 });
  });
});

describe('the world and the year\'s progress', () => {
  it('an empty world holds nothing', () => {
    const w = emptyWorld();
    for (const value of Object.values(w)) expect(value instanceof Map ? value.size : (value as unknown[]).length).toBe(0);
    expect(Object.keys(w)).toHaveLength(23);
  });

  it('progress is kept per member and year ("member:year")', () => {
    expect(progressKey(10, 2026)).toBe('10:2026');
    const w = world();
    apply(w, { type: 'clearing', amountCents: 5000 });
    expect([...w.progress.keys()]).toEqual(['10:2026']);
  });

  it('addBonusProgress moves the rewards of the dine\'s local year by the amount, and no qualified dine', () => {
    const w = world();
    w.progress.set(progressKey(10, 2026), { memberId: 10, partnerId: 1, year: 2026, qualifiedDines: 3, rewards: 400, deltaDines: 0, deltaRewards: 0 });
    addBonusProgress(w, { memberId: 10, partnerId: 1, localDate: '2026-03-04' }, 250);
    expect(progress(w)).toEqual({ memberId: 10, partnerId: 1, year: 2026, qualifiedDines: 3, rewards: 650, deltaDines: 0, deltaRewards: 250 });
    addBonusProgress(w, { memberId: 10, partnerId: 1, localDate: '2025-12-31' }, -250);
    expect(progress(w, 2025)).toEqual({ memberId: 10, partnerId: 1, year: 2025, qualifiedDines: 0, rewards: -250, deltaDines: 0, deltaRewards: -250 });
    expect(w.progress.size).toBe(2);
  });
});
