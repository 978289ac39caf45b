import { describe, expect, it } from 'vitest';
import { currentTier, NO_PROGRESS, progressYear, standingOf, tierAfterEmailOptIn } from './standing';

describe('currentTier', () => {
  it.each([
    // stored, dines this year, dines last year, tier now
    [0, 0, 0, 0], [0, 12, 0, 0], [0, 0, 20, 0],
    [1, 0, 0, 1], [1, 15, 15, 1],
    [2, 0, 0, 2], [2, 11, 11, 2], [2, 12, 0, 3], [2, 0, 12, 3],
    [3, 0, 0, 3], [3, 12, 12, 3],
  ] as const)('stored %i with %i dines this year and %i last year → %i', (stored, dinesThisYear, dinesLastYear, tier) => {
    expect(currentTier(stored, { dinesThisYear, dinesLastYear })).toBe(tier);
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
  it('is Building with 12 dines to go for a member who never dined', () => {
    expect(standingOf(2, NO_PROGRESS, 2026)).toEqual({
      tierLevel: 2,
      diningProgress: { status: 'Building', dinesRequired: 12, remainingDines: 12, dollarsRequired: 0, remainingDollars: 0, ytdMilesOrDollars: 0 },
    });
  });

  it('follows the progress rows: Qualified this year, Renewing from last year', () => {
    expect(standingOf(2, { dinesThisYear: 13, dinesLastYear: 0, rewardsThisYear: 2450 }, 2026)).toMatchObject({ tierLevel: 3, diningProgress: { status: 'Qualified', remainingDines: 0, ytdMilesOrDollars: 2450 } });
    expect(standingOf(2, { dinesThisYear: 4, dinesLastYear: 12, rewardsThisYear: 300 }, 2026)).toMatchObject({ tierLevel: 3, diningProgress: { status: 'Renewing', remainingDines: 8 } });
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
