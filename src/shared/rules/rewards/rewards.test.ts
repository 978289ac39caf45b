import { describe, expect, it } from 'vitest';
import { localParts } from './local-time';
import { ALL_DAY, qualify, type MerchantTerms } from './qualification';

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
