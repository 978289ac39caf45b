import { describe, expect, it } from 'vitest';
import { bookingWindow, dayNumber, isInBookingWindow, isSeatingTime, localToInstant, pacingAllows, weekdayOf } from './reservations';

/** The booking engine's small rules on each side of their limits (issue 31 items 1 and 2). */
describe('dates', () => {
  it('reads only real YYYY-MM-DD dates', () => {
    expect(dayNumber('2026-11-29')).toBe(Date.UTC(2026, 10, 29) / 86_400_000);
    for (const bad of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-04-31', '2026-11-29x', 'x2026-11-29', '2026-11-9', '']) expect(dayNumber(bad), bad).toBeNull();
    expect(dayNumber('2028-02-29')).not.toBeNull();
  });

  it('refuses to count a weekday or a window from what is not a date, and keeps a date that is not one out of the window', () => {
    expect(weekdayOf('2026-11-29')).toBe(0);
    expect(() => weekdayOf('2026-02-30')).toThrow('Not a date: 2026-02-30');
    expect(() => bookingWindow('someday', 60)).toThrow('Not a date: someday');
    const w = bookingWindow('2026-02-01', 30);
    expect(isInBookingWindow('2026-02-01', w)).toBe(true);
    expect(isInBookingWindow(w.last, w)).toBe(true);
    expect(isInBookingWindow('2026-01-31', w)).toBe(false);
    // Text between the window's ends that is not a date: out.
    expect(isInBookingWindow('2026-02-15x', w)).toBe(false);
  });
});

describe('seating times', () => {
  const shifts = [{ firstSeating: 17 * 60, lastSeating: 21 * 60 }];
  it('from the first seating to the last, on the quarter hour, never at or past midnight', () => {
    expect(isSeatingTime(17 * 60, shifts)).toBe(true);
    expect(isSeatingTime(21 * 60, shifts)).toBe(true);
    expect(isSeatingTime(17 * 60 - 15, shifts)).toBe(false);
    expect(isSeatingTime(21 * 60 + 15, shifts)).toBe(false);
    expect(isSeatingTime(18 * 60 + 5, shifts)).toBe(false);
    expect(isSeatingTime(24 * 60, [{ firstSeating: 23 * 60, lastSeating: 24 * 60 + 30 }])).toBe(false);
    expect(isSeatingTime(23 * 60 + 45, [{ firstSeating: 23 * 60, lastSeating: 24 * 60 + 30 }])).toBe(true);
  });
});

describe('pacing', () => {
  const slot = Date.UTC(2026, 10, 29, 19, 0);
  const at = (minutes: number, partySize: number) => ({ startsAt: slot + minutes * 60_000, partySize });
  it("counts the parties and covers starting in the slot's 15 minutes, and allows up to the limits, not past them", () => {
    const booked = [at(0, 4), at(14, 2), at(15, 8), at(-1, 8)];
    expect(pacingAllows(booked, slot, 2, { pacingParties: 3, pacingCovers: 8 })).toBe(true);
    expect(pacingAllows(booked, slot, 3, { pacingParties: 3, pacingCovers: 8 })).toBe(false);
    expect(pacingAllows(booked, slot, 2, { pacingParties: 2, pacingCovers: 8 })).toBe(false);
    expect(pacingAllows([], slot, 8, { pacingParties: 1, pacingCovers: 8 })).toBe(true);
  });
});

describe('localToInstant across daylight saving', () => {
  /** New York's offset in minutes at an instant (2026: DST from 8 March 07:00Z to 1 November 06:00Z). */
  const newYork = (ms: number) => (ms >= Date.UTC(2026, 2, 8, 7) && ms < Date.UTC(2026, 10, 1, 6) ? -240 : -300);
  it('is the instant of a local time, a skipped time just after the gap, a repeated time its first occurrence', () => {
    expect(new Date(localToInstant('2026-07-01', 19 * 60, newYork)).toISOString()).toBe('2026-07-01T23:00:00.000Z');
    expect(new Date(localToInstant('2026-01-15', 19 * 60, newYork)).toISOString()).toBe('2026-01-16T00:00:00.000Z');
    // 02:30 on 8 March does not happen: 03:30 EDT.
    expect(new Date(localToInstant('2026-03-08', 2 * 60 + 30, newYork)).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 on 1 November happens twice: the first, EDT.
    expect(new Date(localToInstant('2026-11-01', 60 + 30, newYork)).toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(() => localToInstant('2026-02-30', 60, newYork)).toThrow('Not a date: 2026-02-30');
  });
});
