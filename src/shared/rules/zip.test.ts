import { describe, expect, it } from 'vitest';
import { isZipShape } from './zip';

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
});
