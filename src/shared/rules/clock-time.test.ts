import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clockTime } from './clock-time';

describe('clockTime: the one 12-hour format', () => {
  it('reads minutes after midnight on the US 12-hour clock', () => {
    expect(clockTime(0)).toBe('12:00 AM');
    expect(clockTime(15)).toBe('12:15 AM');
    expect(clockTime(11 * 60 + 59)).toBe('11:59 AM');
    expect(clockTime(12 * 60)).toBe('12:00 PM');
    expect(clockTime(13 * 60 + 5)).toBe('1:05 PM');
    expect(clockTime(19 * 60)).toBe('7:00 PM');
    expect(clockTime(23 * 60 + 45)).toBe('11:45 PM');
    expect(clockTime(1440)).toBe('midnight');
  });

  it('reads a 24-hour HH:mm text the same way', () => {
    expect(clockTime('19:00')).toBe('7:00 PM');
    expect(clockTime('00:15')).toBe('12:15 AM');
    expect(clockTime('12:00')).toBe('12:00 PM');
    expect(clockTime('9:30')).toBe('9:30 AM');
    expect(clockTime(' 17:00 ')).toBe('5:00 PM');
  });

  it('shows what is not a time as given', () => {
    expect(clockTime('late')).toBe('late');
    expect(clockTime('25:00')).toBe('25:00');
    expect(clockTime('12:60')).toBe('12:60');
    expect(clockTime(-5)).toBe('-5');
  });

  it('minutes and their HH:mm text agree, and the text never shows 24-hour figures', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1439 }), (m) => {
      const hhmm = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      const text = clockTime(m);
      expect(clockTime(hhmm)).toBe(text);
      expect(text).toMatch(/^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/);
    }));
  });
});
