import { describe, expect, it } from 'vitest';
import { ENROLLMENT_PHONE_MESSAGE, formatPhone, isValidUsPhone, PHONE_MESSAGE, phoneDigits } from './phone';

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

  it('reads the whole number: no digits before the area code or after the line number', () => {
    // Eleven digits pass only with the country code 1 in front.
    expect(isValidUsPhone('12125550123')).toBe(true);
    for (const v of ['92125550123', '22125550123', '02125550123', '921-255-50123', '+44 212 555 0123', '21255501230', '2125550123 4', '112125550123']) {
      expect(isValidUsPhone(v), v).toBe(false);
    }
  });

  it('drops a leading 1 only from eleven digits', () => {
    expect(phoneDigits('12125550123')).toBe('2125550123');
    expect(phoneDigits('92125550123')).toBe('92125550123');
    expect(phoneDigits('22125550123')).toBe('22125550123');
    // Ten digits starting with 1 keep it (and are refused: an area code never starts with 1).
    expect(phoneDigits('1125550123')).toBe('1125550123');
    expect(phoneDigits('112125550123')).toBe('112125550123');
    expect(phoneDigits('212555012')).toBe('212555012');
  });

  it('checks the exchange at the fourth digit, not anywhere', () => {
    expect(isValidUsPhone('2122550123')).toBe(true);
    expect(isValidUsPhone('9999999999')).toBe(true);
    expect(isValidUsPhone('2002000000')).toBe(true);
    expect(isValidUsPhone('21255501x')).toBe(false);
  });

  it('says what is wrong in the §5 wording', () => {
    expect(PHONE_MESSAGE).toBe('Invalid phone number, please check the number and try again.');
    expect(ENROLLMENT_PHONE_MESSAGE).toBe('Invalid US based phone number.');
  });
});
