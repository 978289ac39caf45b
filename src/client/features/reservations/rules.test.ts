import { describe, expect, it } from 'vitest';
import { sameOriginPath } from '#shared/rules/safe-redirect';
import { RESERVATION_MESSAGES } from '#shared/rules/reservations';
import {
  formatDate, formatTime, initialSearch, largerPartyMessage, localToday, noAvailabilityMessage, reservationErrorMessage, reservationImpression,
  returnPath, searchImpression, withoutReservationParams,
} from './rules';

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

  it('starts from 19:00 and 2 (§9) unless the address brings valid values', () => {
    const today = '2026-11-23';
    expect(initialSearch(new URLSearchParams(''), today)).toEqual({ date: today, time: '19:00', partySize: 2, slot: null });
    expect(initialSearch(new URLSearchParams('date=2026-11-30&time=20:30&party=4&slot=20:15'), today))
      .toEqual({ date: '2026-11-30', time: '20:30', partySize: 4, slot: '20:15' });
    // Outside §5 (yesterday to a year ahead), not a time, party past 18 or not whole: the defaults.
    expect(initialSearch(new URLSearchParams('date=2026-11-21&time=25:00&party=19&slot=x'), today)).toEqual({ date: today, time: '19:00', partySize: 2, slot: null });
    expect(initialSearch(new URLSearchParams('date=2027-11-24&party=2.5'), today)).toMatchObject({ date: today, partySize: 2 });
    expect(initialSearch(new URLSearchParams('date=2026-11-22'), today).date).toBe('2026-11-22');
    expect(initialSearch(new URLSearchParams('date=2027-11-23'), today).date).toBe('2027-11-23');
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

  it('writes times and dates as people read them, in no time zone', () => {
    expect(formatTime('19:00')).toBe('7:00 PM');
    expect(formatTime('00:15')).toBe('12:15 AM');
    expect(formatTime('12:00')).toBe('12:00 PM');
    expect(formatDate('2026-11-30')).toBe('Monday, November 30, 2026');
    expect(formatDate('2026-11-30', 'short')).toBe('Mon, Nov 30');
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
