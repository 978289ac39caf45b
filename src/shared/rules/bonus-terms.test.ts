import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bonusAmountText, bonusDeadlineText, bonusStageCopy, bonusTerms, bonusTokens, lastFullDay, moneyText, type BonusUnit } from './bonus-terms';
import { BONUS_STATUSES, withinWindow } from './bonuses';

const miles: BonusUnit = { currencyType: 'Mile', copyStates: { bonusCurrencySingular: 'bonus mile', bonusCurrencyPlural: 'bonus miles' } };
const points: BonusUnit = { currencyType: 'Point', copyStates: { bonusCurrencySingular: 'bonus point', bonusCurrencyPlural: 'bonus points' } };
const cashBack: BonusUnit = { currencyType: 'Dollar', copyStates: { bonusCurrencySingular: 'bonus cash back', bonusCurrencyPlural: 'bonus cash back' } };
const credits: BonusUnit = { currencyType: 'Credit', copyStates: { bonusCurrencySingular: 'bonus dining credit', bonusCurrencyPlural: 'bonus dining credits' } };

const NY = { timeZone: 'America/New_York', now: new Date('2026-02-01T12:00:00Z') };
// Joined Feb 1, 2026 at 9:30 in New York; 720 hours later is March 3 at 9:30 there.
const nmb = { amount: 1000, minSpendCents: 2500, deadlineUtc: '2026-03-03T14:30:00.000Z', isNewMemberBonus: true };

describe('moneyText / bonusAmountText', () => {
  it('words cents as a price and amounts in the partner\'s unit', () => {
    expect(moneyText(2500)).toBe('$25');
    expect(moneyText(2550)).toBe('$25.50');
    expect(moneyText(250_000)).toBe('$2,500');
    expect(bonusAmountText(1000, miles)).toBe('1,000 bonus miles');
    expect(bonusAmountText(1, miles)).toBe('1 bonus mile');
    expect(bonusAmountText(2500, points)).toBe('2,500 bonus points');
    // Cash-back and credit partners count in cents.
    expect(bonusAmountText(1000, cashBack)).toBe('$10 in bonus cash back');
    expect(bonusAmountText(1050, credits)).toBe('$10.50 in bonus dining credits');
  });
});

describe('lastFullDay / bonusDeadlineText', () => {
  it('names the last day wholly inside the window, in the reader\'s time zone', () => {
    // Closes at 9:30 on March 3: March 2 is the last whole day.
    expect(lastFullDay(new Date(nmb.deadlineUtc), 'America/New_York')).toEqual({ year: 2026, month: 3, day: 2 });
    expect(bonusDeadlineText(nmb.deadlineUtc, NY)).toBe('March 2');
    // Closing on the last millisecond of a day keeps that day; closing at midnight gives the day before.
    expect(lastFullDay(new Date('2026-03-04T04:59:59.999Z'), 'America/New_York')).toEqual({ year: 2026, month: 3, day: 3 });
    expect(lastFullDay(new Date('2026-03-04T05:00:00.000Z'), 'America/New_York')).toEqual({ year: 2026, month: 3, day: 3 });
    expect(lastFullDay(new Date('2026-03-04T05:00:00.001Z'), 'America/New_York')).toEqual({ year: 2026, month: 3, day: 3 });
    // 8 p.m. on March 3 in New York is 10 a.m. on March 4 in Tokyo: a day later there.
    expect(bonusDeadlineText('2026-03-04T01:00:00Z', NY)).toBe('March 2');
    expect(bonusDeadlineText('2026-03-04T01:00:00Z', { timeZone: 'Asia/Tokyo', now: NY.now })).toBe('March 3');
  });

  it('adds the year when the day is not in this year, and crosses month and year ends', () => {
    expect(bonusDeadlineText('2027-01-01T17:00:00Z', { timeZone: 'America/Chicago', now: new Date('2026-12-10T00:00:00Z') })).toBe('December 31');
    expect(bonusDeadlineText('2027-01-02T17:00:00Z', { timeZone: 'America/Chicago', now: new Date('2026-12-10T00:00:00Z') })).toBe('January 1, 2027');
    expect(bonusDeadlineText('2026-03-01T17:00:00Z', { timeZone: 'UTC', now: NY.now })).toBe('February 28');
  });

  it('answers null for a date that does not parse', () => {
    expect(bonusDeadlineText('soon')).toBeNull();
  });

  it('every moment of the day it names lies inside the window, and the next day does not (property)', () => {
    const zones = ['UTC', 'America/New_York', 'America/Los_Angeles', 'Pacific/Honolulu', 'Asia/Tokyo', 'Australia/Adelaide', 'Asia/Kolkata'];
    fc.assert(fc.property(
      fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true }),
      fc.integer({ min: 48, max: 3000 }),
      fc.constantFrom(...zones),
      (joinDate, windowHours, timeZone) => {
        const deadline = new Date(joinDate.getTime() + windowHours * 3_600_000);
        const last = lastFullDay(deadline, timeZone);
        const lastMoment = new Date(startOfLocalDay(last, 1, timeZone) - 1);
        const nextDaysLastMoment = new Date(startOfLocalDay(last, 2, timeZone) - 1);
        expect(withinWindow({ windowHours }, { joinDate }, lastMoment)).toBe(true);
        expect(withinWindow({ windowHours }, { joinDate }, nextDaysLastMoment)).toBe(false);
      },
    ), { numRuns: 300 });
  });

  it('names the right day across a change of the clocks the night before (Adelaide, 7 April 2024)', () => {
    const joinDate = new Date('2024-01-01T00:00:00.000Z');
    const deadline = new Date(joinDate.getTime() + 2318 * 3_600_000);
    const last = lastFullDay(deadline, 'Australia/Adelaide');
    expect(withinWindow({ windowHours: 2318 }, { joinDate }, new Date(startOfLocalDay(last, 1, 'Australia/Adelaide') - 1))).toBe(true);
    expect(withinWindow({ windowHours: 2318 }, { joinDate }, new Date(startOfLocalDay(last, 2, 'Australia/Adelaide') - 1))).toBe(false);
  });
});

/**
 * The instant a local day (`day` + `plus` days) starts in the zone (no zone here changes its clock
 * at midnight). The offset is read twice: the first, at midnight UTC, can be on the other side of a
 * change made that night (Adelaide's clocks go back at 3:00 on 7 April 2024, after its midnight
 * but before midnight UTC), the second is the one of local midnight.
 */
function startOfLocalDay(day: { year: number; month: number; day: number }, plus: number, timeZone: string): number {
  const midnight = Date.UTC(day.year, day.month - 1, day.day + plus);
  const format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  const offsetAt = (at: number) => {
    const parts = format.formatToParts(new Date(at));
    const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - at;
  };
  return midnight - offsetAt(midnight - offsetAt(midnight));
}

describe('bonusTerms', () => {
  it('words the minimum spend, the deadline and the amount in one sentence', () => {
    expect(bonusTerms(nmb, miles, NY)).toBe('Spend $25 or more in one qualifying dine by March 2 to earn 1,000 bonus miles.');
    expect(bonusTerms({ ...nmb, amount: 2500 }, points, NY)).toBe('Spend $25 or more in one qualifying dine by March 2 to earn 2,500 bonus points.');
    expect(bonusTerms(nmb, credits, NY)).toBe('Spend $25 or more in one qualifying dine by March 2 to earn $10 in bonus dining credits.');
  });

  it('without a minimum spend, any qualifying dine; without a readable deadline, no date', () => {
    expect(bonusTerms({ ...nmb, amount: 500, minSpendCents: 0 }, miles, NY)).toBe('Complete one qualifying dine by March 2 to earn 500 bonus miles.');
    expect(bonusTerms({ ...nmb, deadlineUtc: '' }, miles, NY)).toBe('Spend $25 or more in one qualifying dine to earn 1,000 bonus miles.');
  });

  it('gives content the same words as tokens', () => {
    expect(bonusTokens(nmb, miles, NY)).toEqual({
      bonusAmount: '1,000 bonus miles', bonusMinSpend: '$25', bonusDeadline: 'March 2',
      bonusTerms: 'Spend $25 or more in one qualifying dine by March 2 to earn 1,000 bonus miles.',
    });
  });
});

describe('bonusStageCopy', () => {
  it('Eligible: the terms, a sentence about registering, and the Register button', () => {
    expect(bonusStageCopy(nmb, 'Eligible', miles, NY)).toEqual({
      label: 'Available', canRegister: true, terms: 'Spend $25 or more in one qualifying dine by March 2 to earn 1,000 bonus miles.',
      note: 'Register to take part: only dines after you register count.',
    });
  });

  it('Enrolled: "You\'re registered" with the terms and deadline; an injected bonus has nothing to register', () => {
    expect(bonusStageCopy(nmb, 'Enrolled', miles, NY)).toEqual({
      label: 'Enrolled', canRegister: false, terms: 'Spend $25 or more in one qualifying dine by March 2 to earn 1,000 bonus miles.',
      note: 'You\u2019re registered: your first qualifying dine that meets these terms earns it.',
    });
    expect(bonusStageCopy({ ...nmb, isNewMemberBonus: false }, 'Enrolled', miles, NY).note).toBe('Nothing to register: you\u2019re already in.');
  });

  it('Qualified: earned, no terms', () => {
    expect(bonusStageCopy(nmb, 'Qualified', miles, NY)).toEqual({ label: 'Qualified', canRegister: false, terms: null, note: 'Earned: 1,000 bonus miles added to your activity.' });
  });

  it('only Eligible ever speaks of registering or offers it', () => {
    for (const status of BONUS_STATUSES) {
      for (const isNewMemberBonus of [true, false]) {
        const copy = bonusStageCopy({ ...nmb, isNewMemberBonus }, status, miles, NY);
        const asks = copy.canRegister || /\bregister (to|below|now)\b/i.test(`${copy.note} ${copy.terms ?? ''}`);
        expect(asks, `${status} ${isNewMemberBonus}`).toBe(status === 'Eligible');
      }
    }
  });
});
