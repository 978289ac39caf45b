import { describe, expect, it } from 'vitest';
import { NOT_EARNED_REASONS } from '../../constants/rewards';
import { bonusText, memberFromStanding, multiplierOf, OUTLOOK_REASON_TEXT, outlookReasonText, rateText, rewardFor, vipMeterText, vipMeterView } from './policy';

/**
 * The earning policy's figures and words on each side (issue 31 items 1 and 2): the reward of a
 * basis and a rate, the multiplier, the reason words a tile shows, rates and bonuses in words,
 * the VIP meter's sentences and the member the meter implies. Fast, for mutation testing.
 */
describe('rewardFor', () => {
  it('is the basis times the rate per hundred, rounded down; nothing for a basis or rate of 0 or less', () => {
    expect(rewardFor(5099, 3)).toBe(152);
    expect(rewardFor(100, 1)).toBe(1);
    expect(rewardFor(99, 1)).toBe(0);
    expect(rewardFor(1, 100)).toBe(1);
    for (const [basis, rate] of [[0, 3], [-100, 3], [5000, 0], [5000, -2], [-5000, -2]]) expect(rewardFor(basis!, rate!), `${basis} × ${rate}`).toBe(0);
  });
});

describe('multiplierOf', () => {
  it("is the restaurant's whole multiplier, at least 1; 1 without one or for a value that is not a number", () => {
    expect(multiplierOf({ multiplier: 2 })).toBe(2);
    expect(multiplierOf({ multiplier: 2.9 })).toBe(2);
    expect(multiplierOf({ multiplier: 1 })).toBe(1);
    expect(multiplierOf({ multiplier: 0.99 })).toBe(1);
    expect(multiplierOf({ multiplier: 0 })).toBe(1);
    expect(multiplierOf({ multiplier: Number.NaN })).toBe(1);
    expect(multiplierOf({ multiplier: Number.POSITIVE_INFINITY })).toBe(1);
    expect(multiplierOf(null)).toBe(1);
  });
});

describe('the reason words', () => {
  it('has short words for every reason, each its own', () => {
    expect(Object.keys(OUTLOOK_REASON_TEXT).sort()).toEqual(Object.keys(NOT_EARNED_REASONS).sort());
    expect(OUTLOOK_REASON_TEXT).toEqual({
      accountClosed: 'Your account is closed', cardLinkedAfterDine: 'Link a card to earn', notParticipating: 'No rewards here at the moment',
      blackoutDay: 'No rewards on this day', outsideBenefitHours: 'No rewards at this time', monthlyVisitLimit: 'Monthly rewarded visits used',
      tierLacksAccess: 'Not open to your membership level', refunded: 'Refunded', notSettled: 'Not settled by the card network',
      notActivated: 'Account not activated in time',
    });
  });

  it('says "Open to VIP members" only where VIP opens it, and names a weekday without reward hours', () => {
    expect(outlookReasonText('tierLacksAccess', { unlockTier: 3 })).toBe('Open to VIP members');
    expect(outlookReasonText('tierLacksAccess', { unlockTier: 2 })).toBe('Not open to your membership level');
    expect(outlookReasonText('blackoutDay', { unlockTier: 3 })).toBe('No rewards on this day');
    expect(outlookReasonText('outsideBenefitHours', { noRewardsOn: 2 })).toBe('No rewards on Tuesdays');
    expect(outlookReasonText('outsideBenefitHours', { noRewardsOn: 0 })).toBe('No rewards on Sundays');
    expect(outlookReasonText('outsideBenefitHours', { noRewardsOn: null })).toBe('No rewards at this time');
    expect(outlookReasonText('outsideBenefitHours', { noRewardsOn: 9 })).toBe('No rewards at this time');
    expect(outlookReasonText('outsideBenefitHours')).toBe('No rewards at this time');
    expect(outlookReasonText('blackoutDay', { noRewardsOn: 2 })).toBe('No rewards on this day');
  });
});

describe('rates and bonuses in words', () => {
  const miles = { type: 'Mile' as const, singular: 'mile', plural: 'miles' };
  const cash = { type: 'Dollar' as const, singular: 'cash back', plural: 'cash back' };
  const credits = { type: 'Credit' as const, singular: 'dining credit', plural: 'dining credits' };
  it('says the rate per $1 for miles and points, per cent for cash back and credits; proper keeps the small words small', () => {
    expect(rateText(1, miles)).toBe('1 mile per $1');
    expect(rateText(3, miles)).toBe('3 miles per $1');
    expect(rateText(3, miles, true)).toBe('3 Miles per $1');
    expect(rateText(5, cash)).toBe('5% cash back');
    expect(rateText(5, cash, true)).toBe('5% Cash Back');
    expect(rateText(10, credits)).toBe('10% back in dining credits');
    expect(rateText(10, credits, true)).toBe('10% Back in Dining Credits');
  });

  it('says a bonus in the unit: dollars and cents on cash back (never negative), whole miles elsewhere', () => {
    expect(bonusText(250, cash)).toBe('$2.50 bonus');
    expect(bonusText(123456, credits)).toBe('$1,234.56 bonus');
    expect(bonusText(-5, cash)).toBe('$0.00 bonus');
    expect(bonusText(1, miles)).toBe('1 bonus mile');
    expect(bonusText(1500, miles)).toBe('1,500 bonus miles');
  });
});

describe('the VIP meter in words', () => {
  it('says each state', () => {
    expect(vipMeterText({ kind: 'none' })).toBeNull();
    expect(vipMeterText({ kind: 'vip', through: null })).toBe('You are VIP.');
    expect(vipMeterText({ kind: 'vip', through: 2027 })).toBe('You are VIP through 2027.');
    const counting = { kind: 'counting' as const, done: 4, max: 11, countYear: 2026, vipThrough: null };
    expect(vipMeterText({ ...counting, renewing: false, remaining: 1 })).toBe('One more qualifying dine in 2026 makes you VIP: every dine after it earns the VIP rate.');
    expect(vipMeterText({ ...counting, renewing: false, remaining: 7 })).toBe('7 more qualifying dines in 2026 make you VIP: every dine after that earns the VIP rate.');
    const renewing = { ...counting, renewing: true, vipThrough: 2026, countYear: 2026 };
    expect(vipMeterText({ ...renewing, remaining: 0 })).toBe('You are VIP through 2026. You keep VIP through 2027.');
    expect(vipMeterText({ ...renewing, remaining: 1 })).toBe('You are VIP through 2026. One more qualifying dine in 2026 keeps you VIP through 2027.');
    expect(vipMeterText({ ...renewing, remaining: 3 })).toBe('You are VIP through 2026. 3 more qualifying dines in 2026 keep you VIP through 2027.');
  });
});

describe('memberFromStanding', () => {
  it("is the tier held and this year's dines as the meter counts them; none where no count is kept", () => {
    const progress = (dinesRequired: number, remainingDines: number) => ({ status: 'Building' as const, dinesRequired, remainingDines, year: 2026 });
    expect(memberFromStanding({ tierLevel: 2, diningProgress: progress(11, 4) })).toEqual({ tier: 2, dinesThisYear: 7, dinesLastYear: 0 });
    expect(memberFromStanding({ tierLevel: 2, diningProgress: progress(11, 11) })).toEqual({ tier: 2, dinesThisYear: 0, dinesLastYear: 0 });
    expect(memberFromStanding({ tierLevel: 2, diningProgress: progress(11, 12) })).toEqual({ tier: 2, dinesThisYear: 0, dinesLastYear: 0 });
    expect(memberFromStanding({ tierLevel: 0, diningProgress: progress(0, 0) })).toEqual({ tier: 0, dinesThisYear: 0, dinesLastYear: 0 });
    expect(memberFromStanding({ tierLevel: 3, diningProgress: undefined as never })).toEqual({ tier: 3, dinesThisYear: 0, dinesLastYear: 0 });
  });
});

describe('vipMeterView', () => {
  const progress = (status: 'Building' | 'Renewing' | 'Qualified' | 'QualifiedAndBuilding' | 'Complete', dinesRequired: number, remainingDines: number) =>
    ({ status, dinesRequired, remainingDines, year: 2026 });
  it('shows nothing without VIP at the partner, or where dining cannot lead to it; a granted VIP is VIP with no end', () => {
    expect(vipMeterView({ hasVIP: false }, { tierLevel: 3, diningProgress: progress('Qualified', 11, 0) })).toEqual({ kind: 'none' });
    expect(vipMeterView({ hasVIP: true }, { tierLevel: 0, diningProgress: progress('Building', 11, 5) })).toEqual({ kind: 'none' });
    expect(vipMeterView({ hasVIP: true }, { tierLevel: 2, diningProgress: progress('Building', 0, 0) })).toEqual({ kind: 'none' });
    expect(vipMeterView({ hasVIP: true }, { tierLevel: 3, diningProgress: progress('Qualified', 0, 0) })).toEqual({ kind: 'vip', through: null });
  });

  it('counts while building or renewing, within 0 and the threshold; VIP through next year once reached', () => {
    expect(vipMeterView({ hasVIP: true }, { tierLevel: 2, diningProgress: progress('Building', 11, 4) }))
      .toEqual({ kind: 'counting', renewing: false, done: 7, max: 11, remaining: 4, countYear: 2026, vipThrough: null });
    expect(vipMeterView({ hasVIP: true }, { tierLevel: 3, diningProgress: progress('Renewing', 5, 2) }))
      .toEqual({ kind: 'counting', renewing: true, done: 3, max: 5, remaining: 2, countYear: 2026, vipThrough: 2026 });
    expect(vipMeterView({ hasVIP: true }, { tierLevel: 2, diningProgress: progress('Building', 11, 40) })).toMatchObject({ done: 0, remaining: 11 });
    expect(vipMeterView({ hasVIP: true }, { tierLevel: 2, diningProgress: progress('Building', 11, -3) })).toMatchObject({ done: 11, remaining: 0 });
    expect(vipMeterView({ hasVIP: true }, { tierLevel: 3, diningProgress: progress('Qualified', 11, 0) })).toEqual({ kind: 'vip', through: 2027 });
    expect(vipMeterView({ hasVIP: true }, { tierLevel: 3, diningProgress: progress('Complete', 11, 0) })).toEqual({ kind: 'vip', through: 2027 });
    expect(vipMeterView({ hasVIP: true }, { tierLevel: 3, diningProgress: progress('QualifiedAndBuilding', 11, 3) })).toEqual({ kind: 'vip', through: null });
  });
});
