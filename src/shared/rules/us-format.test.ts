import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { calendarDay, localDay, usd, wholeNumber } from './us-format';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const intlDay = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return day.format(new Date(Date.UTC(y, m - 1, d)));
};

describe('usd', () => {
  it.each([
    [0, '$0.00'], [1, '$1.00'], [1234.5, '$1,234.50'], [-0.25, '-$0.25'], [1_000_000, '$1,000,000.00'],
    [1.005, '$1.01'], [0.125, '$0.13'], [-2.675, '-$2.68'], [999.995, '$1,000.00'], [0.004, '$0.00'],
  ])('%s → %s, as Intl', (n, text) => {
    expect(usd(n)).toBe(text);
    expect(usd(n)).toBe(money.format(n));
  });

  it('gives what Intl gives for any amount, cents or not, negative zero and exponent-sized ones included', () => {
    const amounts = fc.oneof(
      fc.integer({ min: -1e9, max: 1e9 }).map((c) => c / 100),
      fc.double({ min: -1e12, max: 1e12, noNaN: true }),
      fc.constantFrom(-0, 1e-7, -1e-7, 5e-3, 1e21, -1e21, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
    );
    fc.assert(fc.property(amounts, (n) => usd(n) === money.format(n)), { numRuns: 5000 });
  });
});

describe('wholeNumber', () => {
  it.each([[0, '0'], [150, '150'], [1234, '1,234'], [-1500, '-1,500'], [2.5, '3'], [-2.5, '-3'], [0.4, '0']])('%s → %s, as Intl', (n, text) => {
    expect(wholeNumber(n)).toBe(text);
    expect(wholeNumber(n)).toBe(whole.format(n));
  });

  it('gives what Intl gives for any number', () => {
    const numbers = fc.oneof(fc.integer({ min: -1e12, max: 1e12 }), fc.double({ min: -1e15, max: 1e15, noNaN: true }), fc.constantFrom(-0, -0.4, 1e21, Number.NaN));
    fc.assert(fc.property(numbers, (n) => wholeNumber(n) === whole.format(n)), { numRuns: 5000 });
  });
});

describe('calendarDay', () => {
  it('writes a date as Intl does in UTC, whatever the runtime clock', () => {
    expect(calendarDay('2026-12-04')).toBe('Dec 4, 2026');
    expect(calendarDay('2027-01-31')).toBe('Jan 31, 2027');
  });

  it('gives what Intl gives for any day of years 100 to 9999, and for dates that roll over (Feb 30)', () => {
    const dates = fc.tuple(fc.integer({ min: 100, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }))
      .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
    fc.assert(fc.property(dates, (date) => calendarDay(date) === intlDay(date)), { numRuns: 3000 });
  });

  it('throws for what is not a date, as Intl does', () => {
    expect(() => calendarDay('not-a-date')).toThrow(RangeError);
    expect(() => intlDay('not-a-date')).toThrow(RangeError);
  });
});

describe('localDay', () => {
  /** Runs `fn` with the runtime in these zones, then puts the zone back (unset stays unset: TZ = undefined would be the zone 'undefined'). */
  const inZone = (zone: string, fn: () => void) => {
    const saved = process.env.TZ;
    try {
      process.env.TZ = zone;
      fn();
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  };
  const intlLocal = (value: string) => new Date(value).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  const zones = ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Asia/Kolkata', 'America/St_Johns'];

  it('writes an instant as the day it is in the runtime zone, null for no date or not a date', () => {
    const before = process.env.TZ;
    inZone('America/Los_Angeles', () => expect(localDay('2026-11-21T05:30:00Z')).toBe('Nov 20, 2026'));
    inZone('Asia/Kolkata', () => expect(localDay('2026-11-21T05:30:00Z')).toBe('Nov 21, 2026'));
    expect(process.env.TZ).toBe(before);
    expect(localDay(null)).toBeNull();
    expect(localDay('')).toBeNull();
    expect(localDay('not-a-date')).toBeNull();
  });

  it('gives what Intl gives in the same zone for any instant of years 1 to 9999, in zones either side of UTC', () => {
    const instants = fc.integer({ min: Date.parse('0001-01-02T00:00:00Z'), max: Date.parse('9999-12-30T00:00:00Z') }).map((ms) => new Date(ms).toISOString());
    for (const zone of zones) {
      inZone(zone, () => fc.assert(fc.property(instants, (value) => localDay(value) === intlLocal(value)), { numRuns: 1000 }));
      // Before year 1 (Intl writes the era) and past 9999 (no grouping in a year).
      for (const value of ['0000-06-15T12:00:00Z', '-000100-03-01T00:00:00Z', '+010000-01-01T12:00:00Z', '+275000-12-31T12:00:00Z']) {
        inZone(zone, () => expect(localDay(value), `${value} in ${zone}`).toBe(intlLocal(value)));
      }
    }
  });
});
