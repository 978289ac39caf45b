import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MIN_SECRET_BITS, secretStrength, secretWeakness } from './secret-strength';

describe('secret strength', () => {
  it('estimates Shannon entropy: per-character entropy times length', () => {
    expect(secretStrength('c'.repeat(32))).toEqual({ bits: 0, distinctCharacters: 1, length: 32 });
    expect(secretStrength('ab'.repeat(16)).bits).toBeCloseTo(32);
    expect(secretStrength('0123456789abcdef').bits).toBeCloseTo(64);
  });

  it('passes random keys of 128 bits, hex or base64 (the documented threshold has room)', () => {
    for (let i = 0; i < 2000; i++) {
      for (const key of [randomBytes(16).toString('hex'), randomBytes(16).toString('base64'), randomBytes(32).toString('base64url')]) {
        expect(secretWeakness(key), key).toBeNull();
      }
    }
  });

  it('refuses what the estimate overrates, and what it scores low', () => {
    expect(secretWeakness('0123456789abcdef0123456789abcdef')).toMatch(/repeats the same 16 characters/);
    expect(secretWeakness('9876543210zyxwvutsrqponmlkjihgfe')).toMatch(/runs of the alphabet or digits/);
    expect(secretWeakness(randomBytes(8).toString('hex'))).toMatch(new RegExp(`below the ${MIN_SECRET_BITS} needed`));
  });
});
