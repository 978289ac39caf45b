import { describe, expect, it } from 'vitest';
import { isZipShape, ZIP_CHECK_FAILED, ZIP_FORMAT_MESSAGE, ZIP_NOT_US_MESSAGE } from './zip';

describe('zip', () => {
  it('is exactly five digits', () => {
    expect(isZipShape('10001')).toBe(true);
    expect(isZipShape(' 10001 ')).toBe(true);
    expect(isZipShape('1000')).toBe(false);
    expect(isZipShape('100011')).toBe(false);
    expect(isZipShape('10001-1234')).toBe(false);
    expect(isZipShape('1000a')).toBe(false);
    expect(isZipShape('')).toBe(false);
  });

  it('reads the whole value: nothing before or after the five digits', () => {
    for (const v of ['x10001', '10001x', '010001', '100010', '1 0001', '10-001', '+10001', '１０００１', '10001\n1']) {
      expect(isZipShape(v), JSON.stringify(v)).toBe(false);
    }
    expect(isZipShape('\t00501\n')).toBe(true);
  });

  it('says what is wrong in the §5 wording', () => {
    expect(ZIP_FORMAT_MESSAGE).toBe('ZIP code must be exactly 5 digits.');
    expect(ZIP_NOT_US_MESSAGE).toBe('This ZIP code is not located in the U.S.');
    expect(ZIP_CHECK_FAILED).toBe('Error while checking ZIP code.');
  });
});
