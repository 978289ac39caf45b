import { describe, expect, it } from 'vitest';
import { US_STATE_CODES } from '../../constants/us-states';
import { localParts, localToday, merchantLocalDateTime, merchantLocalIso, merchantTimeZone, progressYear, reviewDaysSince } from './local-time';

/** Restaurant-local time, the clock every benefit day, hour, blackout and monthly limit is read on. */
describe('localParts', () => {
  it('reads the local date, minutes, weekday, month and year from the text, and the instant from the offset', () => {
    expect(localParts('2026-11-20T19:45:00-05:00')).toEqual({
      date: '2026-11-20', minutes: 19 * 60 + 45, weekday: 5, month: '2026-11', year: 2026, instant: new Date('2026-11-21T00:45:00Z'),
    });
    expect(localParts('2026-01-04T00:00Z')).toMatchObject({ date: '2026-01-04', minutes: 0, weekday: 0, month: '2026-01', year: 2026 });
    expect(localParts('2026-12-31T23:59:59.123456+14:00')).toMatchObject({ minutes: 1439, weekday: 4, instant: new Date('2026-12-31T09:59:59.123Z') });
  });

  it('refuses what is not a local date-time with an offset, and impossible dates and times', () => {
    for (const bad of [
      '2026-11-20', '2026-11-20T19:45', '2026-11-20 19:45:00-05:00', '2026-11-20T19:45:00-0500', 'x2026-11-20T19:45:00Z', '2026-11-20T19:45:00Zx',
      '2026-13-01T10:00:00Z', '2026-00-01T10:00:00Z', '2026-02-30T10:00:00Z', '2026-04-31T10:00:00Z', '2026-11-20T24:00:00Z', '2026-11-20T10:60:00Z', '2026-11-20T10:00:60Z',
    ]) expect(localParts(bad), bad).toBeNull();
    expect(localParts('2028-02-29T10:00:00Z')).toMatchObject({ date: '2028-02-29' });
    expect(localParts('2026-11-20T23:59:59Z')).toMatchObject({ minutes: 1439 });
  });
});

describe('reviewDaysSince', () => {
  it("counts calendar days on the restaurant's clock: the day turns at its midnight, not UTC's", () => {
    const dined = '2026-11-20T19:45:00-05:00';
    expect(reviewDaysSince(dined, new Date('2026-11-21T04:59:59Z'))).toBe(0);
    expect(reviewDaysSince(dined, new Date('2026-11-21T05:00:00Z'))).toBe(1);
    expect(reviewDaysSince(dined, new Date('2026-12-25T05:00:00Z'))).toBe(35);
    // A half-hour offset (India) and one east of UTC.
    expect(reviewDaysSince('2026-11-20T10:00:00+05:30', new Date('2026-11-20T18:29:00Z'))).toBe(0);
    expect(reviewDaysSince('2026-11-20T10:00:00+05:30', new Date('2026-11-20T18:30:00Z'))).toBe(1);
    expect(reviewDaysSince('not a date', new Date())).toBeNull();
  });
});

describe("a restaurant's time zone and local time, from its state", () => {
  it('has a US zone for every state and territory on the profile list; any case; New York otherwise', () => {
    expect(US_STATE_CODES.length).toBeGreaterThan(50);
    for (const code of US_STATE_CODES) {
      const zone = merchantTimeZone(code);
      expect(zone, code).toMatch(/^(America|Pacific)\//);
      // A real zone: the local time it gives is one the offset brings back to the instant.
      const at = new Date('2026-07-01T12:00:00Z');
      expect(localParts(merchantLocalDateTime(at, code))?.instant, code).toEqual(at);
    }
    expect(merchantTimeZone('ca')).toBe('America/Los_Angeles');
    expect(merchantTimeZone('ZZ')).toBe('America/New_York');
    expect(merchantTimeZone('')).toBe('America/New_York');
  });

  it('gives the wall time and offset there, daylight saving included where the state keeps it', () => {
    const summer = new Date('2026-07-01T12:00:00Z');
    const winter = new Date('2026-01-15T12:00:00Z');
    expect(merchantLocalDateTime(summer, 'NY')).toBe('2026-07-01T08:00:00-04:00');
    expect(merchantLocalDateTime(winter, 'NY')).toBe('2026-01-15T07:00:00-05:00');
    expect(merchantLocalDateTime(summer, 'CA')).toBe('2026-07-01T05:00:00-07:00');
    expect(merchantLocalDateTime(summer, 'AZ')).toBe('2026-07-01T05:00:00-07:00');
    expect(merchantLocalDateTime(winter, 'AZ')).toBe('2026-01-15T05:00:00-07:00');
    expect(merchantLocalDateTime(winter, 'HI')).toBe('2026-01-15T02:00:00-10:00');
    expect(merchantLocalDateTime(winter, 'GU')).toBe('2026-01-15T22:00:00+10:00');
    expect(merchantLocalDateTime(winter, 'IL')).toBe('2026-01-15T06:00:00-06:00');
    expect(merchantLocalDateTime(winter, 'CO')).toBe('2026-01-15T05:00:00-07:00');
  });
});

describe('progressYear', () => {
  it("turns at the member's own midnight (New York's without a state)", () => {
    const newYearUtc = new Date('2027-01-01T03:00:00Z');
    expect(progressYear(newYearUtc, 'NY')).toBe(2026);
    expect(progressYear(newYearUtc)).toBe(2026);
    expect(progressYear(newYearUtc, 'GU')).toBe(2027);
    expect(progressYear(new Date('2027-01-01T05:00:00Z'), 'NY')).toBe(2027);
  });
});

describe('localToday', () => {
  it("is the runtime calendar's date, padded", () => {
    expect(localToday(new Date(2026, 0, 5, 12, 0))).toBe('2026-01-05');
    expect(localToday(new Date(2026, 10, 29, 23, 59))).toBe('2026-11-29');
  });
});

describe('merchantLocalIso', () => {
  const at = (iso: string) => new Date(iso);
  it("writes the dine's local date-time with the restaurant's offset, west and east of UTC, to the quarter hour", () => {
    expect(merchantLocalIso(at('2026-11-21T00:45:00Z'), '2026-11-20', 19 * 60 + 45)).toBe('2026-11-20T19:45:00-05:00');
    expect(merchantLocalIso(at('2026-11-20T14:15:00Z'), '2026-11-20', 19 * 60 + 45)).toBe('2026-11-20T19:45:00+05:30');
    expect(merchantLocalIso(at('2026-11-20T14:00:00Z'), '2026-11-20', 19 * 60 + 45)).toBe('2026-11-20T19:45:00+05:45');
    expect(merchantLocalIso(at('2026-11-21T05:15:00Z'), '2026-11-20', 19 * 60 + 45)).toBe('2026-11-20T19:45:00-09:30');
    expect(merchantLocalIso(at('2026-11-20T19:45:00Z'), '2026-11-20', 19 * 60 + 45)).toBe('2026-11-20T19:45:00+00:00');
    // Across midnight and a month's end: the local date is the restaurant's, not UTC's.
    expect(merchantLocalIso(at('2026-12-01T03:30:00Z'), '2026-11-30', 22 * 60 + 30)).toBe('2026-11-30T22:30:00-05:00');
  });

  it('keeps the seconds of the instant (the stored minutes drop them) and rounds the offset to a quarter hour', () => {
    expect(merchantLocalIso(at('2026-11-21T00:45:37Z'), '2026-11-20', 19 * 60 + 45)).toBe('2026-11-20T19:45:37-05:00');
    expect(merchantLocalIso(at('2026-11-21T00:52:00Z'), '2026-11-20', 19 * 60 + 45)).toBe('2026-11-20T19:52:00-05:00');
  });

  it('takes offsets up to 14 hours either way; anything further, or a date that does not read, gives the instant in UTC', () => {
    expect(merchantLocalIso(at('2026-11-20T05:45:00Z'), '2026-11-20', 19 * 60 + 45)).toBe('2026-11-20T19:45:00+14:00');
    expect(merchantLocalIso(at('2026-11-21T09:45:00Z'), '2026-11-20', 19 * 60 + 45)).toBe('2026-11-20T19:45:00-14:00');
    expect(merchantLocalIso(at('2026-11-20T04:30:00Z'), '2026-11-20', 19 * 60 + 45)).toBe('2026-11-20T04:30:00.000Z');
    expect(merchantLocalIso(at('2026-11-21T11:00:00Z'), '2026-11-20', 19 * 60 + 45)).toBe('2026-11-21T11:00:00.000Z');
    expect(merchantLocalIso(at('2026-11-20T19:45:00Z'), 'not a date', 19 * 60 + 45)).toBe('2026-11-20T19:45:00.000Z');
  });
});

