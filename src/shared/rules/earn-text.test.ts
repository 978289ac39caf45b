import { describe, expect, it } from 'vitest';
import { normaliseTier } from './earn-text';

describe('normaliseTier', () => {
  it('clamps out-of-range tiers and reads no tier as null', () => {
    expect(normaliseTier(7)).toBe(3);
    expect(normaliseTier(-1)).toBe(0);
    expect(normaliseTier(2.7)).toBe(2);
    expect(normaliseTier(null)).toBeNull();
    expect(normaliseTier(undefined)).toBeNull();
    expect(normaliseTier(Number.NaN)).toBeNull();
  });
});
