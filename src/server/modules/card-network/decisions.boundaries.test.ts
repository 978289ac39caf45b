import { describe, expect, it } from 'vitest';
import { MATCH_MAX_RATIO, MATCH_WINDOW_DAYS } from '#shared/constants/rewards';
import type { CardNetworkEvent } from '#shared/schemas/rewards';
import { ALL_DAY } from '#shared/rules/rewards/qualification';
import type { RestaurantTerms } from '#shared/rules/rewards/policy';
import { applyEvent, emptyWorld, REFUND_MATCH_DAYS, type World } from './decisions';

/**
 * The engine's time and amount limits on each side (issue 31 item 2): an authorisation and a
 * clearing with different transaction ids are one purchase within MATCH_WINDOW_DAYS and when the
 * cleared amount is from the authorised amount up to MATCH_MAX_RATIO times it (the tip); a refund
 * without its purchase's id finds a cleared purchase of its amount within REFUND_MATCH_DAYS; a
 * restaurant's monthly visit limit stops rewards at the limit, not before.
 */
const DAY = 86_400_000;
const RECEIVED = new Date('2026-11-21T12:00:00Z');
const AT = Date.parse('2026-11-10T12:00:00-05:00');

function world(terms: Partial<RestaurantTerms> = {}): World {
  const w = emptyWorld();
  w.partners.set(1, { id: 1, settings: { earnRates: [1, 1, 3, 5], hasVIP: true, earnBasis: 'wholeBill', acclaimed2Enabled: false, vipQualifyingDines: 11 } });
  w.members.set(10, { id: 10, partnerId: 1, tierLevel: 2, closedAt: null });
  const card = { id: 100, memberId: 10, partnerId: 1, lastFour: '1111', linkedAt: new Date('2026-01-01T00:00:00Z') };
  w.cardsByToken.set('tok-a', card);
  w.cardsById.set(100, card);
  w.locations.set('loc-1', { locationId: 'loc-1', merchantId: 1 });
  w.locations.set('loc-1b', { locationId: 'loc-1b', merchantId: 1 });
  w.merchants.set(1, { active: true, participationStart: null, participationEnd: null, benefitHours: ALL_DAY, blackoutDates: [], monthlyVisitLimit: null, campaignCodes: [], multiplier: 1, ...terms });
  return w;
}

/** The restaurant-local date-time (New York, -05:00) `ms` after AT. */
const local = (ms: number) => {
  const d = new Date(AT + ms - 5 * 3_600_000);
  return `${d.toISOString().slice(0, 19)}-05:00`;
};
let n = 0;
const ev = (over: Partial<CardNetworkEvent>): CardNetworkEvent => ({
  id: `x${++n}`, type: 'auth', transactionId: 'A', cardToken: 'tok-a', amountCents: 4000, currency: 'USD', merchantLocationId: 'loc-1',
  localDateTime: local(0), onlineOrder: false, ...over,
});
/** How many purchases the world holds after an authorisation and a clearing with another id. */
function halves(clearAfterMs: number, authCents: number, clearCents: number): number {
  const w = world();
  applyEvent(w, ev({ transactionId: 'A', amountCents: authCents }), RECEIVED);
  applyEvent(w, ev({ type: 'clearing', transactionId: 'C', amountCents: clearCents, merchantLocationId: 'loc-1b', localDateTime: local(clearAfterMs) }), RECEIVED);
  return new Set(w.dinesByTransaction.values()).size;
}

describe('an authorisation and its clearing under other ids', () => {
  it(`are one purchase up to ${MATCH_WINDOW_DAYS} days apart, two beyond (to the second: local times have no milliseconds)`, () => {
    expect(halves(MATCH_WINDOW_DAYS * DAY, 4000, 4000)).toBe(1);
    expect(halves(MATCH_WINDOW_DAYS * DAY + 1000, 4000, 4000)).toBe(2);
  });

  it(`are one purchase from the authorised amount up to ${MATCH_MAX_RATIO} times it; a cent outside either end is another purchase`, () => {
    expect(halves(DAY, 4000, 4000)).toBe(1);
    expect(halves(DAY, 4000, 3999)).toBe(2);
    expect(halves(DAY, 4000, 4000 * MATCH_MAX_RATIO)).toBe(1);
    expect(halves(DAY, 4000, 4000 * MATCH_MAX_RATIO + 1)).toBe(2);
  });

  it('an authorisation arriving after its clearing joins it by the same bounds', () => {
    const late = (authAfterMs: number, authCents: number) => {
      const w = world();
      applyEvent(w, ev({ type: 'clearing', transactionId: 'C', amountCents: 6000 }), RECEIVED);
      applyEvent(w, ev({ transactionId: 'A', amountCents: authCents, localDateTime: local(authAfterMs) }), RECEIVED);
      return new Set(w.dinesByTransaction.values()).size;
    };
    expect(late(MATCH_WINDOW_DAYS * DAY, 4000)).toBe(1);
    expect(late(MATCH_WINDOW_DAYS * DAY + 1000, 4000)).toBe(2);
    expect(late(DAY, 6000)).toBe(1);
    expect(late(DAY, 6001)).toBe(2);
    expect(late(DAY, 4000)).toBe(1);
    expect(late(DAY, 3999)).toBe(2);
  });
});

describe('a refund without its purchase\'s id', () => {
  /** The refund's outcome and the purchase's refunded cents, `afterMs` after a cleared purchase of 4,000 cents. */
  function refundAfter(afterMs: number, cents = 4000) {
    const w = world();
    applyEvent(w, ev({ transactionId: 'P' }), RECEIVED);
    applyEvent(w, ev({ type: 'clearing', transactionId: 'P' }), RECEIVED);
    const result = applyEvent(w, ev({ type: 'refund', transactionId: 'R', amountCents: -cents, localDateTime: local(afterMs) }), RECEIVED);
    return { outcome: result.outcome, refunded: w.dinesByTransaction.get('P')!.refundedCents };
  }

  it(`takes a cleared purchase of its amount up to ${REFUND_MATCH_DAYS} days after it; later, it waits for one (parked)`, () => {
    expect(refundAfter(REFUND_MATCH_DAYS * DAY)).toEqual({ outcome: 'applied', refunded: 4000 });
    expect(refundAfter(REFUND_MATCH_DAYS * DAY + 1000)).toEqual({ outcome: 'parked', refunded: 0 });
  });

  it('of another amount, it waits for its purchase', () => {
    expect(refundAfter(DAY, 3999)).toEqual({ outcome: 'parked', refunded: 0 });
    expect(refundAfter(DAY, 4000)).toEqual({ outcome: 'applied', refunded: 4000 });
  });

  it('of a purchase only authorised, it is a void of exactly that amount within the match window', () => {
    const voidAfter = (afterMs: number) => {
      const w = world();
      applyEvent(w, ev({ transactionId: 'P' }), RECEIVED);
      const result = applyEvent(w, ev({ type: 'refund', transactionId: 'R', amountCents: -4000, localDateTime: local(afterMs) }), RECEIVED);
      return [result.outcome, w.dinesByTransaction.get('P')!.status];
    };
    expect(voidAfter(MATCH_WINDOW_DAYS * DAY)).toEqual(['applied', 'Forfeit']);
    expect(voidAfter(MATCH_WINDOW_DAYS * DAY + 1000)).toEqual(['parked', 'Pending']);
  });
});

describe("a restaurant's monthly visit limit", () => {
  it('rewards visits up to the limit in a month and not the one after; a new month starts again', () => {
    const w = world({ monthlyVisitLimit: 2 });
    const visit = (txn: string, localDateTime: string) => {
      applyEvent(w, ev({ transactionId: txn, localDateTime }), RECEIVED);
      applyEvent(w, ev({ type: 'clearing', transactionId: txn, localDateTime }), RECEIVED);
      const d = w.dinesByTransaction.get(txn)!;
      return [d.status, d.reason];
    };
    expect(visit('V1', '2026-11-03T19:00:00-05:00')).toEqual(['Awarded', null]);
    expect(visit('V2', '2026-11-10T19:00:00-05:00')).toEqual(['Awarded', null]);
    expect(visit('V3', '2026-11-17T19:00:00-05:00')).toEqual(['Forfeit', 'monthlyVisitLimit']);
    expect(visit('V4', '2026-12-01T19:00:00-05:00')).toEqual(['Awarded', null]);
  });
});
