import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { localParts } from './local-time';
import { ALL_DAY, qualify, type MerchantTerms } from './qualification';
import { rateForTier, rewardBasisCents, rewardFor, tierForDine } from './earning';
import { diningProgress, holdsVip } from './progress';
import { isDimmed, statusLabel } from './status-label';
import { reviewLinkDecision, showsReviewLink } from '../review-link';

const at = (iso: string) => localParts(iso)!;
const terms = (over: Partial<MerchantTerms> = {}): MerchantTerms => ({
  active: true, participationStart: null, participationEnd: null, benefitHours: ALL_DAY, blackoutDates: [], monthlyVisitLimit: null, ...over,
});
const facts = (iso: string, over: Partial<Parameters<typeof qualify>[1]> = {}) => ({
  local: at(iso), cardLinkedAt: new Date('2026-01-01T00:00:00Z'), accountClosedAt: null, visitsThisMonth: 0, ...over,
});

describe('localParts', () => {
  it('reads the merchant-local date, minutes, weekday and month from the text, and the instant', () => {
    const p = at('2026-11-20T19:45:00-05:00');
    expect(p).toMatchObject({ date: '2026-11-20', minutes: 19 * 60 + 45, weekday: 5, month: '2026-11', year: 2026 });
    expect(p.instant.toISOString()).toBe('2026-11-21T00:45:00.000Z');
    // Late evening on the west coast is already tomorrow in UTC: the local day counts.
    expect(at('2026-12-31T23:30:00-08:00')).toMatchObject({ date: '2026-12-31', year: 2026, weekday: 4 });
    expect(at('2026-03-01T00:00:00.123Z')).toMatchObject({ date: '2026-03-01', minutes: 0, weekday: 0 });
  });

  it.each(['2026-02-30T12:00:00-05:00', '2026-13-01T12:00:00Z', '2026-11-20T24:00:00Z', '2026-11-20T19:60:00Z', '2026-11-20 19:45:00', '2026-11-20T19:45:00', 'yesterday', ''])('refuses %j', (v) => {
    expect(localParts(v)).toBeNull();
  });
});

describe('qualify', () => {
  it('qualifies a dine with a card linked before, at a participating restaurant, in its hours', () => {
    expect(qualify(terms(), facts('2026-11-20T19:45:00-05:00'))).toEqual({ qualified: true });
  });

  it('gives the first reason that applies, in the documented order', () => {
    const dine = '2026-11-20T19:45:00-05:00';
    const closed = { accountClosedAt: new Date('2026-11-01T00:00:00Z') };
    const lateCard = { cardLinkedAt: new Date('2026-11-22T00:00:00Z') };
    const everything = terms({ active: false, blackoutDates: ['2026-11-20'], monthlyVisitLimit: 0 });
    expect(qualify(everything, facts(dine, { ...closed, ...lateCard }))).toEqual({ qualified: false, reason: 'accountClosed' });
    expect(qualify(everything, facts(dine, lateCard))).toEqual({ qualified: false, reason: 'cardLinkedAfterDine' });
    expect(qualify(everything, facts(dine))).toEqual({ qualified: false, reason: 'notParticipating' });
    expect(qualify(terms({ blackoutDates: ['2026-11-20'], monthlyVisitLimit: 0 }), facts(dine))).toEqual({ qualified: false, reason: 'blackoutDay' });
    expect(qualify(terms({ monthlyVisitLimit: 0 }), facts(dine))).toEqual({ qualified: false, reason: 'monthlyVisitLimit' });
  });

  it('an account closed after the dine, or a card linked the same minute before it, still qualifies', () => {
    expect(qualify(terms(), facts('2026-11-20T19:45:00-05:00', { accountClosedAt: new Date('2026-11-21T00:46:00Z') })).qualified).toBe(true);
    expect(qualify(terms(), facts('2026-11-20T19:45:00-05:00', { cardLinkedAt: new Date('2026-11-21T00:45:00Z') })).qualified).toBe(true);
    expect(qualify(terms(), facts('2026-11-20T19:45:00-05:00', { accountClosedAt: new Date('2026-11-21T00:45:00Z') })).qualified).toBe(false);
  });

  it('participation days are inclusive local dates', () => {
    const window = terms({ participationStart: '2026-11-20', participationEnd: '2026-11-20' });
    expect(qualify(window, facts('2026-11-20T00:00:00-05:00')).qualified).toBe(true);
    expect(qualify(window, facts('2026-11-20T23:59:00-05:00')).qualified).toBe(true);
    expect(qualify(window, facts('2026-11-19T23:59:00-05:00'))).toEqual({ qualified: false, reason: 'notParticipating' });
    expect(qualify(window, facts('2026-11-21T00:00:00-05:00'))).toEqual({ qualified: false, reason: 'notParticipating' });
  });

  it('benefit hours are per weekday, start inclusive and end exclusive', () => {
    const lunchWeekdays = Array.from({ length: 7 }, (_, d) => (d === 0 || d === 6 ? [] : [{ start: 11 * 60, end: 15 * 60 }]));
    const t = terms({ benefitHours: lunchWeekdays });
    expect(qualify(t, facts('2026-11-20T11:00:00-05:00')).qualified).toBe(true); // Friday
    expect(qualify(t, facts('2026-11-20T14:59:00-05:00')).qualified).toBe(true);
    expect(qualify(t, facts('2026-11-20T15:00:00-05:00'))).toEqual({ qualified: false, reason: 'outsideBenefitHours' });
    expect(qualify(t, facts('2026-11-20T10:59:00-05:00'))).toEqual({ qualified: false, reason: 'outsideBenefitHours' });
    expect(qualify(t, facts('2026-11-21T12:00:00-05:00'))).toEqual({ qualified: false, reason: 'outsideBenefitHours' }); // Saturday
  });

  it('the monthly visit limit counts earlier rewarded visits of the month', () => {
    const t = terms({ monthlyVisitLimit: 2 });
    expect(qualify(t, facts('2026-11-20T19:45:00-05:00', { visitsThisMonth: 1 })).qualified).toBe(true);
    expect(qualify(t, facts('2026-11-20T19:45:00-05:00', { visitsThisMonth: 2 }))).toEqual({ qualified: false, reason: 'monthlyVisitLimit' });
  });
});

describe('earning', () => {
  it('earns on the whole bill dine-in and on the subtotal online', () => {
    expect(rewardBasisCents({ clearedCents: 5000, onlineOrder: false, subtotalCents: 4000 })).toBe(5000);
    expect(rewardBasisCents({ clearedCents: 5000, onlineOrder: true, subtotalCents: 4000 })).toBe(4000);
    expect(rewardBasisCents({ clearedCents: 5000, onlineOrder: true, subtotalCents: null })).toBe(5000);
    expect(rewardBasisCents({ clearedCents: 3000, onlineOrder: true, subtotalCents: 4000 })).toBe(3000);
    expect(rewardBasisCents({ clearedCents: -100, onlineOrder: false })).toBe(0);
  });

  it('rounds down: 3 miles per $1 on $45.67 is 137; 5 % of $45.67 is 228 cents', () => {
    expect(rewardFor(4567, 3)).toBe(137);
    expect(rewardFor(4567, 5)).toBe(228);
    expect(rewardFor(99, 1)).toBe(0);
    expect(rewardFor(100, 1)).toBe(1);
    expect(rewardFor(0, 5)).toBe(0);
    expect(rewardFor(1000, 0)).toBe(0);
  });

  it('never gives more than the rate allows, and is additive within a cent (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 20 }), (cents, rate) => {
      const r = rewardFor(cents, rate);
      expect(r).toBeLessThanOrEqual((cents * rate) / 100);
      expect(r).toBeGreaterThan((cents * rate) / 100 - 1);
    }));
  });

  it('VIP from the 12th qualified dine of the year on, for opted-in members', () => {
    expect(tierForDine({ memberTier: 2, qualifiedDinesBefore: 10, vipHeld: false })).toBe(2);
    expect(tierForDine({ memberTier: 2, qualifiedDinesBefore: 11, vipHeld: false })).toBe(3);
    expect(tierForDine({ memberTier: 2, qualifiedDinesBefore: 0, vipHeld: true })).toBe(3);
    expect(tierForDine({ memberTier: 3, qualifiedDinesBefore: 0, vipHeld: false })).toBe(3);
    expect(tierForDine({ memberTier: 0, qualifiedDinesBefore: 30, vipHeld: true })).toBe(0);
    expect(tierForDine({ memberTier: 1, qualifiedDinesBefore: 30, vipHeld: false })).toBe(1);
    expect(rateForTier([1, 1, 3, 5], 3)).toBe(5);
    expect(rateForTier([1, 1, 3, 5], 0)).toBe(1);
  });
});

describe('dining progress', () => {
  it.each([
    [{ dinesThisYear: 0, dinesLastYear: 0 }, 'Building', 12],
    [{ dinesThisYear: 11, dinesLastYear: 3 }, 'Building', 1],
    [{ dinesThisYear: 12, dinesLastYear: 0 }, 'Qualified', 0],
    [{ dinesThisYear: 20, dinesLastYear: 11 }, 'Qualified', 0],
    [{ dinesThisYear: 4, dinesLastYear: 12 }, 'Renewing', 8],
    [{ dinesThisYear: 12, dinesLastYear: 15 }, 'Complete', 0],
  ] as const)('%j → %s with %i dines to go', (dines, status, remaining) => {
    const p = diningProgress({ year: 2026, ...dines, rewardsThisYear: 321 });
    expect(p).toEqual({ status, dinesRequired: 12, remainingDines: remaining, dollarsRequired: 0, remainingDollars: 0, ytdMilesOrDollars: 321 });
    expect(holdsVip(dines)).toBe(status !== 'Building');
  });
});

describe('status labels (§4)', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const day = 86_400_000;
  it.each([
    ['Awarded', false, 1, null], ['Awarded', true, 1, null],
    ['Paid', false, 1, 'Paid'],
    ['Forfeit', false, 1, 'Expired'], ['Forfeit', true, 1, 'Not earned'],
    ['Deferred', false, 1, 'Deferred'], ['Deferred', true, 1, 'Not earned'],
    ['Pending', false, 35, 'Pending Review'], ['Pending', false, 36, 'Review expired'], ['Pending', true, 60, 'Processing'],
  ] as const)('%s (airline %s, %i days old) reads %j', (status, airline, days, label) => {
    expect(statusLabel({ status, airline, transactionCreatedAt: new Date(now.getTime() - days * day).toISOString(), now })).toBe(label);
  });

  it('counts the review window as the review link does: calendar days at the restaurant, day 35 still in', () => {
    const dine = '2026-01-01T20:00:00-05:00';
    const pending = (nowIso: string) => statusLabel({ status: 'Pending', airline: false, transactionCreatedAt: dine, now: new Date(nowIso) });
    // Day 35 at 21:00 in New York: more than 35 × 24 hours after the dine, and the link is still open.
    expect(pending('2026-02-05T21:00:00-05:00')).toBe('Pending Review');
    expect(showsReviewLink({ transactionCreatedAt: dine, transactionStatus: 'Pending', transactionTypeCode: 'S', merchantId: 1, reviewed: false }, new Date('2026-02-05T21:00:00-05:00'))).toBe(true);
    // Day 36 from local midnight.
    expect(pending('2026-02-05T23:59:00-05:00')).toBe('Pending Review');
    expect(pending('2026-02-06T00:01:00-05:00')).toBe('Review expired');
  });

  it('never reads Review expired beside a review link the server would accept, nor Pending Review after it closed', () => {
    const minute = 60_000;
    fc.assert(fc.property(
      fc.integer({ min: Date.UTC(2025, 0, 1) / minute, max: Date.UTC(2027, 0, 1) / minute }),
      fc.constantFrom('-10:00', '-08:00', '-07:00', '-06:00', '-05:00', '-04:00', '+10:00'),
      fc.integer({ min: 0, max: 45 * 24 * 60 }),
      (dineMinute, offset, ageMinutes) => {
        const sign = offset.startsWith('-') ? -1 : 1;
        const offsetMs = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4))) * minute;
        const local = new Date(dineMinute * minute + offsetMs).toISOString().slice(0, 19);
        const transactionCreatedAt = `${local}${offset}`;
        const now = new Date(dineMinute * minute + ageMinutes * minute);
        const link = reviewLinkDecision({ transactionCreatedAt, transactionStatus: 'Pending', transactionTypeCode: 'S', merchantId: 1, reviewed: false }, now);
        const label = statusLabel({ status: 'Pending', airline: false, transactionCreatedAt, now });
        expect(label === 'Review expired').toBe(!link.ok && link.problem === 'windowClosed');
      },
    ));
  });

  it('dims Forfeit, Pending and Deferred rows', () => {
    expect(['Awarded', 'Paid', 'Forfeit', 'Pending', 'Deferred'].map((s) => isDimmed(s as never))).toEqual([false, false, true, true, true]);
  });
});
