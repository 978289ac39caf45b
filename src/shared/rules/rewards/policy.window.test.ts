import { describe, expect, it } from 'vitest';
import { localParts } from './local-time';
import { ALL_DAY, type BenefitWindow } from './qualification';
import { bookingOutlook, reservationBonusOf, type RestaurantTerms } from './policy';

/**
 * The reward window a booked time falls in (issue 31 items 1 and 2): windows that overlap or touch
 * count as one, in either order; the window's start holds, its end does not; the pay-by notice.
 */
const FRIDAY = 5;
const terms = (windows: BenefitWindow[]): RestaurantTerms => ({
  active: true, participationStart: null, participationEnd: null, benefitHours: ALL_DAY.map((_, day) => (day === FRIDAY ? windows : [])),
  blackoutDates: [], monthlyVisitLimit: null, campaignCodes: [], multiplier: 1,
});
const h = (hours: number, minutes = 0) => hours * 60 + minutes;
const windowOf = (windows: BenefitWindow[], minutes: number) => bookingOutlook({
  settings: { earnRates: [1, 1, 3, 5], hasVIP: true, earnBasis: 'wholeBill', acclaimed2Enabled: false, vipQualifyingDines: 11 },
  member: { tier: 2, dinesThisYear: 0, dinesLastYear: 0 }, restaurant: terms(windows),
  local: localParts(`2026-11-20T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00-05:00`)!,
  bonus: { hasReservationBonus: false, programmeAmount: null },
});

describe('the window of a booked time', () => {
  it('holds from its start, not at its end', () => {
    const lunch = [{ start: h(11), end: h(15) }];
    expect(windowOf(lunch, h(11)).window).toEqual({ from: '11:00', until: '15:00' });
    expect(windowOf(lunch, h(14, 59)).window).toEqual({ from: '11:00', until: '15:00' });
    expect(windowOf(lunch, h(15))).toMatchObject({ kind: 'notEarned', window: null });
    expect(windowOf(lunch, h(10, 59))).toMatchObject({ kind: 'notEarned', window: null });
  });

  it('joins windows that overlap or touch, whichever comes first in the list, and keeps apart those with a gap', () => {
    const touching = [{ start: h(15), end: h(18) }, { start: h(11), end: h(15) }, { start: h(18), end: h(22) }];
    expect(windowOf(touching, h(16)).window).toEqual({ from: '11:00', until: '22:00' });
    expect(windowOf(touching, h(12)).window).toEqual({ from: '11:00', until: '22:00' });
    const overlapping = [{ start: h(12), end: h(16) }, { start: h(9), end: h(13) }];
    expect(windowOf(overlapping, h(9, 30)).window).toEqual({ from: '09:00', until: '16:00' });
    const apart = [{ start: h(11), end: h(14) }, { start: h(14, 1), end: h(22) }];
    expect(windowOf(apart, h(12)).window).toEqual({ from: '11:00', until: '14:00' });
    expect(windowOf(apart, h(15)).window).toEqual({ from: '14:01', until: '22:00' });
  });

  it('to the end of the day has no until; the pay-by notice names an end within two hours', () => {
    expect(windowOf([{ start: h(17), end: 1440 }], h(20)).window).toEqual({ from: '17:00', until: null });
    expect(windowOf([{ start: h(17), end: 1440 }], h(23)).payBy).toBeNull();
    expect(windowOf([{ start: h(11), end: h(15) }], h(13)).payBy).toBe('15:00');
    expect(windowOf([{ start: h(11), end: h(15) }], h(12, 59)).payBy).toBeNull();
  });

  it('a weekday without any reward hours is named; a day with hours but not now is not', () => {
    expect(windowOf([], h(12))).toMatchObject({ kind: 'notEarned', reason: 'outsideBenefitHours', noRewardsOn: FRIDAY });
    expect(windowOf([{ start: h(11), end: h(15) }], h(19))).toMatchObject({ kind: 'notEarned', reason: 'outsideBenefitHours', noRewardsOn: null });
  });
});

describe('reservationBonusOf', () => {
  it('is the programme amount with the switch on and an amount above 0, else none', () => {
    expect(reservationBonusOf({ hasReservationBonus: true, programmeAmount: 50 })).toBe(50);
    expect(reservationBonusOf({ hasReservationBonus: true, programmeAmount: 1 })).toBe(1);
    expect(reservationBonusOf({ hasReservationBonus: true, programmeAmount: 0 })).toBeNull();
    expect(reservationBonusOf({ hasReservationBonus: true, programmeAmount: null })).toBeNull();
    expect(reservationBonusOf({ hasReservationBonus: false, programmeAmount: 50 })).toBeNull();
  });
});
