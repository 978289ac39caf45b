import { describe, expect, it } from 'vitest';
import { sameOriginPath } from '#shared/rules/safe-redirect';
import { RESERVATION_MESSAGES } from '#shared/rules/reservations';
import {
  currencyOf, earningTimesText, formatDate, initialSearch, largerPartyMessage, noAvailabilityMessage, provisionalWindow, reservationErrorMessage,
  reservationImpression, restaurantToday, returnPath, searchImpression, timeChoiceLabel, withoutReservationParams,
} from './rules';
import type { EarnMark, TimeChoice } from '#shared/schemas/reservations';

const answer = { limits: { minPartySize: 2, maxPartySize: 6, maxDaysInAdvance: 60, cutoffMinutes: 60 }, phone: '(212) 555-0142' };

describe('reservation widget rules', () => {
  it('says why there are no tables (§4), with the restaurant\'s limits and phone', () => {
    expect(noAvailabilityMessage('tooSmall', answer)).toBe('This restaurant takes parties of 2 or more online.');
    expect(noAvailabilityMessage('tooBig', answer)).toBe('Parties of more than 6 cannot book online; please call the restaurant at (212) 555-0142.');
    expect(noAvailabilityMessage('tooFar', answer)).toBe('Reservations open 60 days ahead. Please choose an earlier date.');
    expect(noAvailabilityMessage('tooClose', answer)).toContain('Online booking closes 60 minutes before.');
    expect(noAvailabilityMessage('none', answer)).toBe('No tables around this time. Try another time or date.');
    expect(noAvailabilityMessage('tooBig', { ...answer, phone: '' })).toBe('Parties of more than 6 cannot book online; please call the restaurant.');
    expect(largerPartyMessage('(212) 555-0142')).toBe('For parties of more than 18, please call the restaurant at (212) 555-0142.');
  });

  it('starts from the restaurant\'s today, the day\'s default time (the server\'s choice) and 2 (§9) unless the address brings valid values', () => {
    const today = '2026-11-23';
    expect(initialSearch(new URLSearchParams(''), today)).toEqual({ date: today, time: null, partySize: 2, slot: null });
    expect(initialSearch(new URLSearchParams('date=2026-11-30&time=20:30&party=4&slot=20:15'), today))
      .toEqual({ date: '2026-11-30', time: '20:30', partySize: 4, slot: '20:15' });
    // Before today (yesterday too), past the longest window (90 days), not a time, party past 18 or not whole: the defaults.
    expect(initialSearch(new URLSearchParams('date=2026-11-21&time=25:00&party=19&slot=x'), today)).toEqual({ date: today, time: null, partySize: 2, slot: null });
    expect(initialSearch(new URLSearchParams('date=2027-11-24&party=2.5'), today)).toMatchObject({ date: today, partySize: 2 });
    expect(initialSearch(new URLSearchParams('date=2026-11-22'), today).date).toBe(today);
    expect(initialSearch(new URLSearchParams('date=2027-02-21'), today).date).toBe('2027-02-21');
    expect(initialSearch(new URLSearchParams('date=2027-02-22'), today).date).toBe(today);
    expect(provisionalWindow(today)).toEqual({ first: today, last: '2027-02-21' });
  });

  it('comes back to the same restaurant, date, time, party and slot through the safe-redirect rule', () => {
    const path = returnPath('/merchants/42', { date: '2026-11-30', time: '19:00', partySize: 4 }, '19:15');
    expect(path).toBe('/merchants/42?date=2026-11-30&time=19%3A00&party=4&slot=19%3A15');
    expect(sameOriginPath(path)).toBe(path);
    const back = initialSearch(new URL(path, 'https://x.example').searchParams, '2026-11-23');
    expect(back).toEqual({ date: '2026-11-30', time: '19:00', partySize: 4, slot: '19:15' });
    expect(withoutReservationParams(new URLSearchParams('date=1&time=2&party=3&slot=4&utm_source=x')).toString()).toBe('utm_source=x');
  });

  it('names the §7 impressions by card and non-card member, default and own searches', () => {
    expect(reservationImpression('SlotSelected', true)).toBe('reservationCardSlotSelected');
    expect(reservationImpression('LoginPrompt', false)).toBe('reservationNonCardLoginPrompt');
    expect(reservationImpression('BookingFailure', false)).toBe('reservationNonCardBookingFailure');
    expect(searchImpression(true, { date: 'd', time: '19:00', partySize: 2 })).toBe('reservationDefaultSearch');
    expect(searchImpression(true, { date: 'd', time: null, partySize: 2 })).toBe('reservationDefaultSearch');
    expect(searchImpression(true, { date: 'd', time: '12:00', partySize: 2 })).toBe('reservationUserSearch');
    expect(searchImpression(true, { date: 'd', time: '19:00', partySize: 3 })).toBe('reservationUserSearch');
    expect(searchImpression(false, { date: 'd', time: '19:00', partySize: 2 })).toBe('reservationUserSearch');
  });

  it('turns refusals into the §8 messages', () => {
    expect(reservationErrorMessage(409, 'reservationOverlap', 'x')).toBe(RESERVATION_MESSAGES.overlap);
    expect(reservationErrorMessage(409, 'reservationAccountDeactivated', 'x')).toBe(RESERVATION_MESSAGES.accountDeactivated);
    expect(reservationErrorMessage(409, 'reservationHoldExpired', 'x')).toBe(RESERVATION_MESSAGES.holdExpired);
    expect(reservationErrorMessage(409, 'reservationUnavailable', '')).toBe(RESERVATION_MESSAGES.unableToComplete);
    expect(reservationErrorMessage(409, 'reservationUnavailable', 'Parties of more than 6 …')).toBe('Parties of more than 6 …');
    expect(reservationErrorMessage(424, undefined, 'x')).toBe(RESERVATION_MESSAGES.providerUnavailable);
    expect(reservationErrorMessage(500, undefined, 'stack trace')).toBe(RESERVATION_MESSAGES.unableToComplete);
    expect(reservationErrorMessage(0, undefined, '')).toMatch(/could not reach/);
  });

  it('writes dates as people read them, in no time zone; today is the restaurant\'s', () => {
    expect(formatDate('2026-11-30')).toBe('Monday, November 30, 2026');
    expect(formatDate('2026-11-30', 'short')).toBe('Mon, Nov 30');
    // 03:30 UTC on 21 November is still the 20th in New York and Los Angeles, already the 21st in London.
    const at = new Date('2026-11-21T03:30:00Z');
    expect(restaurantToday('America/New_York', at)).toBe('2026-11-20');
    expect(restaurantToday('America/Los_Angeles', at)).toBe('2026-11-20');
    expect(restaurantToday('Europe/London', at)).toBe('2026-11-21');
  });

  it('names the day\'s reward windows from the marks themselves (never a time menu run), and marks the time menu where the day\'s times differ', () => {
    const lunch = { from: '11:00', until: '14:00' };
    const mark = (kind: EarnMark['kind'], window: EarnMark['window'] = kind === 'notEarned' ? null : lunch): EarnMark => ({
      kind, tier: null, rate: kind === 'earns' ? 3 : null, deferred: false, reason: kind === 'notEarned' ? 'outsideBenefitHours' : null, unlockTier: null, bonus: null, reservationBonus: null,
      window, payBy: null, noRewardsOn: null,
    });
    const day = (spec: Array<[string, EarnMark['kind'], EarnMark['window']?]>): TimeChoice[] => spec.map(([time, kind, w]) => ({ time, earn: mark(kind, w) }));
    const lunchOnly = day([['11:30', 'earns'], ['12:00', 'earns'], ['13:30', 'earns'], ['17:00', 'notEarned'], ['19:00', 'notEarned']]);
    // The window is 11:00–2:00 PM, whatever times the menu happens to list (review 24 #3, b).
    expect(earningTimesText(lunchOnly)).toBe('On this day, meals paid between 11:00 AM and 2:00 PM earn rewards.');
    // A 1:45 PM slot that earns is inside the line's window.
    expect(earningTimesText([...lunchOnly, { earn: mark('earns') }])).toBe('On this day, meals paid between 11:00 AM and 2:00 PM earn rewards.');
    const dinner = { from: '21:00', until: null };
    expect(earningTimesText(day([['21:00', 'signIn', dinner], ['17:00', 'notEarned'], ['12:00', 'signIn']]))).toBe('On this day, meals paid between 11:00 AM and 2:00 PM or between 9:00 PM and midnight earn rewards.');
    // Every time earns until the end of the day: nothing to say; a window ending that day is still named.
    expect(earningTimesText(day([['12:00', 'earns', { from: '00:00', until: null }], ['17:00', 'earns', { from: '00:00', until: null }]]))).toBeNull();
    expect(earningTimesText(day([['12:00', 'earns'], ['13:00', 'earns']]))).toBe('On this day, meals paid between 11:00 AM and 2:00 PM earn rewards.');
    expect(earningTimesText(day([['12:00', 'notEarned']]))).toBeNull();
    expect(earningTimesText([])).toBeNull();
    expect(timeChoiceLabel(lunchOnly[0]!, true)).toBe('11:30 AM \u2013 earns rewards');
    expect(timeChoiceLabel(lunchOnly[3]!, true)).toBe('5:00 PM \u2013 no rewards');
    expect(timeChoiceLabel(lunchOnly[3]!, false)).toBe('5:00 PM');
    expect(currencyOf({ currencyType: 'Point', copyStates: { currencySingular: 'point', currencyPlural: 'points' } as never })).toEqual({ type: 'Point', singular: 'point', plural: 'points' });
  });
});
