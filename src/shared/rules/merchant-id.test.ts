import { describe, expect, it } from 'vitest';
import { parseMerchantId } from './merchant-id';

describe('parseMerchantId (a route parameter as a merchant id)', () => {
  it('a positive integer', () => {
    expect(parseMerchantId('1')).toBe(1);
    expect(parseMerchantId('42')).toBe(42);
    expect(parseMerchantId('1234567890')).toBe(1234567890);
  });

  it('the 32-bit limit: 2147483647 is the last id', () => {
    expect(parseMerchantId('2147483646')).toBe(2147483646);
    expect(parseMerchantId('2147483647')).toBe(2147483647);
    expect(parseMerchantId('2147483648')).toBeNull();
    expect(parseMerchantId('9999999999')).toBeNull();
  });

  it('zero is not an id', () => {
    expect(parseMerchantId('0')).toBeNull();
    expect(parseMerchantId('0000000000')).toBeNull();
  });

  it('leading zeros count among the ten digits at most', () => {
    expect(parseMerchantId('07')).toBe(7);
    expect(parseMerchantId('0000000001')).toBe(1);
    expect(parseMerchantId('00000000001')).toBeNull();
    expect(parseMerchantId('12345678901')).toBeNull();
  });

  it('nothing, or anything but digits, is no id', () => {
    for (const raw of [undefined, '', ' ', ' 1', '1 ', '+1', '-1', '1.0', '1.5', '1e3', '0x1F', 'abc', '12a', 'a12', '١٢']) {
      expect(parseMerchantId(raw), JSON.stringify(raw)).toBeNull();
    }
  });
});
