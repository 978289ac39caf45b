import { describe, expect, it } from 'vitest';
import { formatPhone, isValidUsPhone, phoneDigits } from './phone';

describe('phone', () => {
  it('accepts 10 digits with area code and exchange starting 2–9, and an optional leading 1', () => {
    expect(isValidUsPhone('2125550123')).toBe(true);
    expect(isValidUsPhone('(212) 555-0123')).toBe(true);
    expect(isValidUsPhone('212.555.0123')).toBe(true);
    expect(isValidUsPhone('1 212 555 0123')).toBe(true);
    expect(isValidUsPhone('+1-212-555-0123')).toBe(true);
  });

  it('rejects area codes or exchanges starting 0 or 1, and wrong lengths', () => {
    expect(isValidUsPhone('1125550123')).toBe(false);
    expect(isValidUsPhone('0125550123')).toBe(false);
    expect(isValidUsPhone('2121550123')).toBe(false);
    expect(isValidUsPhone('2120550123')).toBe(false);
    expect(isValidUsPhone('212555012')).toBe(false);
    expect(isValidUsPhone('21255501234')).toBe(false);
    expect(isValidUsPhone('')).toBe(false);
  });

  it('keeps digits only, dropping a leading country code', () => {
    expect(phoneDigits('(212) 555-0123')).toBe('2125550123');
    expect(phoneDigits('1-212-555-0123')).toBe('2125550123');
  });

  it('formats a valid number as xxx-xxx-xxxx and leaves anything else as typed', () => {
    expect(formatPhone('2125550123')).toBe('212-555-0123');
    expect(formatPhone('1 (212) 555 0123')).toBe('212-555-0123');
    expect(formatPhone('212555')).toBe('212555');
    expect(formatPhone('112-555-0123')).toBe('112-555-0123');
  });
});
