import { describe, expect, it } from 'vitest';
import { currentTier, NO_PROGRESS, standingOf, tierAfterEmailOptIn } from './standing';
import { progressYear } from '#shared/rules/rewards/local-time';

describe('currentTier', () => {
  it.each([
    // stored, dines this year, dines last year, tier now
    [0, 0, 0, 0], [0, 12, 0, 0], [0, 0, 20, 0],
    [1, 0, 0, 1], [1, 15, 15, 1],
    [2, 0, 0, 2], [2, 10, 10, 2], [2, 11, 0, 3], [2, 0, 11, 3],
    [3, 0, 0, 3], [3, 12, 12, 3],
  ] as const)('stored %i with %i dines this year and %i last year → %i', (stored, dinesThisYear, dinesLastYear, tier) => {
    expect(currentTier({ hasVIP: true, vipQualifyingDines: 11 }, stored, { dinesThisYear, dinesLastYear })).toBe(tier);
  });

  it('is never VIP on a partner without VIP, by dining or granted', () => {
    expect(currentTier({ hasVIP: false, vipQualifyingDines: 11 }, 2, { dinesThisYear: 30, dinesLastYear: 30 })).toBe(2);
    expect(currentTier({ hasVIP: false, vipQualifyingDines: 11 }, 3, { dinesThisYear: 0, dinesLastYear: 0 })).toBe(2);
  });
});

describe('tierAfterEmailOptIn', () => {
  it.each([
    [0, true, 2], [2, false, 0], [3, false, 0], [2, true, 2], [0, false, 0], [3, true, 3],
    [1, true, 1], [1, false, 1],
  ] as const)('stored %i, opted in %s → %i', (stored, optIn, tier) => {
    expect(tierAfterEmailOptIn(stored, optIn)).toBe(tier);
  });
});

describe('standingOf', () => {
  it('is Building with 11 dines to go for a member who never dined', () => {
    expect(standingOf({ hasVIP: true, vipQualifyingDines: 11 }, 2, NO_PROGRESS, 2026)).toEqual({
      tierLevel: 2,
      diningProgress: { status: 'Building', dinesRequired: 11, remainingDines: 11, dollarsRequired: 0, remainingDollars: 0, ytdMilesOrDollars: 0, year: 2026 },
    });
  });

  it('follows the progress rows: Qualified this year, Renewing from last year', () => {
    expect(standingOf({ hasVIP: true, vipQualifyingDines: 11 }, 2, { dinesThisYear: 13, dinesLastYear: 0, rewardsThisYear: 2450 }, 2026)).toMatchObject({ tierLevel: 3, diningProgress: { status: 'Qualified', remainingDines: 0, ytdMilesOrDollars: 2450 } });
    expect(standingOf({ hasVIP: true, vipQualifyingDines: 11 }, 2, { dinesThisYear: 4, dinesLastYear: 12, rewardsThisYear: 300 }, 2026)).toMatchObject({ tierLevel: 3, diningProgress: { status: 'Renewing', remainingDines: 7 } });
  });

  it('has nothing to count where dining leads to no VIP: a partner without VIP, a Basic or not-activated member', () => {
    expect(standingOf({ hasVIP: false, vipQualifyingDines: 11 }, 2, { dinesThisYear: 4, dinesLastYear: 0, rewardsThisYear: 0 }, 2026).diningProgress).toMatchObject({ dinesRequired: 0, remainingDines: 0 });
    expect(standingOf({ hasVIP: true, vipQualifyingDines: 11 }, 0, { dinesThisYear: 4, dinesLastYear: 0, rewardsThisYear: 0 }, 2026).diningProgress).toMatchObject({ dinesRequired: 0, remainingDines: 0 });
    expect(standingOf({ hasVIP: true, vipQualifyingDines: 11 }, 1, NO_PROGRESS, 2026).diningProgress).toMatchObject({ dinesRequired: 0 });
  });

  it('counts years on the member\'s own clock (their state; New York\'s when none), as the engine files dines', () => {
    // 19:00 on New Year's Eve in New York is already 2027 in UTC.
    expect(progressYear(new Date('2027-01-01T00:00:00Z'))).toBe(2026);
    expect(progressYear(new Date('2027-01-01T05:00:00Z'))).toBe(2027);
    expect(progressYear(new Date('2027-01-01T07:59:00Z'), 'CA')).toBe(2026);
    expect(progressYear(new Date('2027-01-01T08:00:00Z'), 'ca')).toBe(2027);
    expect(progressYear(new Date('2027-01-01T09:59:00Z'), 'HI')).toBe(2026);
    expect(progressYear(new Date('2026-12-31T13:59:00Z'), 'GU')).toBe(2026);
    expect(progressYear(new Date('2026-12-31T14:00:00Z'), 'GU')).toBe(2027);
  });
});
