import { describe, expect, it } from 'vitest';
import { ANONYMOUS_EARN_TEXT, earnLine, earnText, normaliseTier, unlockAccessTier, type UnlockInput } from './earn-text';

const copy = {
  currentEarning0: '1 mile per $1',
  currentEarning1: '1 mile per $1 (activate)',
  currentEarning2: '3 miles per $1',
  currentEarning3: '5 miles per $1',
};

describe('earnText', () => {
  it('uses the copy of each tier', () => {
    expect(earnText(0, copy)).toBe('1 mile per $1');
    expect(earnText(1, copy)).toBe('1 mile per $1 (activate)');
    expect(earnText(2, copy)).toBe('3 miles per $1');
    expect(earnText(3, copy)).toBe('5 miles per $1');
  });

  it('asks an anonymous visitor to sign in', () => {
    expect(earnText(null, copy)).toBe(ANONYMOUS_EARN_TEXT);
    expect(earnText(undefined, copy)).toBe('Sign in to see offers');
    expect(earnText(Number.NaN, copy)).toBe('Sign in to see offers');
  });

  it('clamps out-of-range tiers', () => {
    expect(normaliseTier(7)).toBe(3);
    expect(normaliseTier(-1)).toBe(0);
    expect(normaliseTier(2.7)).toBe(2);
  });
});

describe('earnLine', () => {
  it("is the tier's text whoever can sign in", () => {
    expect(earnLine(1, copy, true)).toBe('1 mile per $1 (activate)');
    expect(earnLine(3, copy, false)).toBe('5 miles per $1');
    expect(earnLine(0, copy, false)).toBe('1 mile per $1');
  });

  it('asks a visitor to sign in only where members can; nothing on a partner without members', () => {
    expect(earnLine(null, copy, true)).toBe(ANONYMOUS_EARN_TEXT);
    expect(earnLine(null, copy, false)).toBeNull();
    expect(earnLine(undefined, copy, false)).toBeNull();
  });
});

describe('unlockAccessTier', () => {
  const base: UnlockInput = {
    acclaimed2Enabled: true,
    acclaimedLevel: 2,
    merchantCampaignCodes: ['ACC2'],
    tagsShown: true,
    tier: 0,
    memberCampaignCodes: [],
  };

  it('offers tier 2 below OptedIn and tier 3 at OptedIn', () => {
    expect(unlockAccessTier({ ...base, tier: 0 })).toBe('2');
    expect(unlockAccessTier({ ...base, tier: 1 })).toBe('2');
    expect(unlockAccessTier({ ...base, tier: 2 })).toBe('3');
  });

  it('offers nothing to VIP or anonymous visitors', () => {
    expect(unlockAccessTier({ ...base, tier: 3 })).toBeNull();
    expect(unlockAccessTier({ ...base, tier: null })).toBeNull();
  });

  it('needs acclaimed v2, an acclaimed merchant and shown tags', () => {
    expect(unlockAccessTier({ ...base, acclaimed2Enabled: false })).toBeNull();
    expect(unlockAccessTier({ ...base, acclaimedLevel: null })).toBeNull();
    expect(unlockAccessTier({ ...base, acclaimedLevel: 0 })).toBeNull();
    expect(unlockAccessTier({ ...base, tagsShown: false })).toBeNull();
  });

  it('is not offered when the tier already has the merchant codes', () => {
    expect(unlockAccessTier({ ...base, memberCampaignCodes: ['acc2'] })).toBeNull();
    expect(unlockAccessTier({ ...base, merchantCampaignCodes: [] })).toBeNull();
    expect(unlockAccessTier({ ...base, merchantCampaignCodes: ['ACC2', 'OTHER'], memberCampaignCodes: ['ACC2'] })).toBe('2');
  });
});

describe('unlockAccessTier boundaries', () => {
  const base: UnlockInput = { acclaimed2Enabled: true, acclaimedLevel: 1, merchantCampaignCodes: ['ACC2'], tagsShown: true, tier: 0 };

  it('needs a known acclaimed level of 1 or more', () => {
    expect(unlockAccessTier(base)).toBe('2');
    expect(unlockAccessTier({ ...base, acclaimedLevel: undefined })).toBeNull();
    expect(unlockAccessTier({ ...base, acclaimedLevel: -1 })).toBeNull();
  });

  it('reads a member without campaign codes as lacking them', () => {
    expect(unlockAccessTier({ ...base, memberCampaignCodes: undefined })).toBe('2');
  });

  it('reads out-of-range tiers as the nearest tier', () => {
    expect(unlockAccessTier({ ...base, tier: -4 })).toBe('2');
    expect(unlockAccessTier({ ...base, tier: 2.5 })).toBe('3');
    expect(unlockAccessTier({ ...base, tier: 9 })).toBeNull();
    expect(unlockAccessTier({ ...base, tier: Number.NaN })).toBeNull();
    expect(unlockAccessTier({ ...base, tier: undefined })).toBeNull();
  });
});
