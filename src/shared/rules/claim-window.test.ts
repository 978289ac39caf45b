import { describe, expect, it } from 'vitest';
import { CLAIM_AFTER_DAYS } from '../constants/rewards';
import { addDays, claimLookbackDays, claimWindow, claimWindowMessage, CLAIM_LOOKBACK_DAYS, CLAIM_LOOKBACK_DAYS_AMEX, dayNumber, isAmex, longDate } from './claim-window';

const today = '2026-11-20';
const at = (daysAgo: number, cardType = 'Visa') => claimWindow({ dineDate: addDays(today, -daysAgo), today, cardType });

describe('claimWindow', () => {
  it('opens 10 days after the dine and closes 90 days after it (both ends included)', () => {
    expect(CLAIM_AFTER_DAYS).toBe(10);
    expect(CLAIM_LOOKBACK_DAYS).toBe(90);
    expect(at(9)).toMatchObject({ open: false, problem: 'tooEarly' });
    expect(at(10)).toEqual({ open: true, opensOn: today, closesOn: addDays(today, 80) });
    expect(at(45).open).toBe(true);
    expect(at(90)).toEqual({ open: true, opensOn: addDays(today, -80), closesOn: today });
    expect(at(91)).toMatchObject({ open: false, problem: 'tooLate', closesOn: addDays(today, -1) });
  });

  it('closes 30 days after the dine for American Express cards', () => {
    expect(CLAIM_LOOKBACK_DAYS_AMEX).toBe(30);
    expect(at(30, 'Amex').open).toBe(true);
    expect(at(31, 'Amex')).toMatchObject({ open: false, problem: 'tooLate' });
    expect(at(31, 'Mastercard').open).toBe(true);
    expect(at(31, 'Discover').open).toBe(true);
    expect(at(9, 'Amex')).toMatchObject({ open: false, problem: 'tooEarly' });
  });

  it('refuses today and future dates as too early or future, and impossible dates', () => {
    expect(at(0)).toMatchObject({ open: false, problem: 'tooEarly', opensOn: addDays(today, 10) });
    expect(at(-1)).toMatchObject({ open: false, problem: 'future' });
    expect(claimWindow({ dineDate: '2026-02-30', today, cardType: 'Visa' })).toEqual({ open: false, problem: 'invalidDate' });
    expect(claimWindow({ dineDate: '2026-11-0', today, cardType: 'Visa' })).toEqual({ open: false, problem: 'invalidDate' });
    expect(claimWindow({ dineDate: '2026-11-01', today: 'yesterday', cardType: 'Visa' })).toEqual({ open: false, problem: 'invalidDate' });
  });

  it('counts calendar days across months, years and leap days', () => {
    expect(claimWindow({ dineDate: '2024-02-19', today: '2024-02-29', cardType: 'Visa' }).open).toBe(true);
    expect(claimWindow({ dineDate: '2024-02-20', today: '2024-02-29', cardType: 'Visa' }).open).toBe(false);
    expect(claimWindow({ dineDate: '2025-12-25', today: '2026-01-04', cardType: 'Visa' }).open).toBe(true);
    expect(claimWindow({ dineDate: '2025-12-26', today: '2026-01-04', cardType: 'Visa' }).open).toBe(false);
  });
});

describe('claim window helpers', () => {
  it('dayNumber and addDays are calendar arithmetic', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayNumber('2026-13-01')).toBeNull();
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(() => addDays('nope', 1)).toThrow();
  });
  it('knows Amex by brand name, whatever the case', () => {
    expect(isAmex('Amex')).toBe(true);
    expect(isAmex(' AMEX ')).toBe(true);
    expect(isAmex('Visa')).toBe(false);
    expect(claimLookbackDays('amex')).toBe(30);
    expect(claimLookbackDays('Visa')).toBe(90);
  });
  it('writes dates the way people read them', () => {
    expect(longDate('2026-11-30')).toBe('November 30, 2026');
    expect(longDate('bad')).toBe('bad');
  });
});

describe('claimWindowMessage', () => {
  it('says from when a claim can be made when it is too early', () => {
    expect(claimWindowMessage(at(3), 'Visa')).toBe(
      'Dines usually show within a few days, so a claim for this dine can be made from November 27, 2026 (10 days after it). If it is still missing then, come back and claim it.',
    );
  });
  it('says until when it could be made when it is too late, naming Amex', () => {
    expect(claimWindowMessage(at(31, 'Amex'), 'Amex')).toBe(
      'Claims for dines paid with an American Express card can be made up to 30 days after the dine; for this one the last day was November 19, 2026. Please contact customer support.',
    );
    expect(claimWindowMessage(at(95), 'Visa')).toContain('with this card can be made up to 90 days after the dine; for this one the last day was November 15, 2026.');
  });
  it('says a future date cannot be claimed, asks for a real date, and has nothing to say in the window', () => {
    expect(claimWindowMessage(at(-2), 'Visa')).toBe('The date of the dine cannot be in the future.');
    expect(claimWindowMessage({ open: false, problem: 'invalidDate' }, 'Visa')).toBe('Enter the date of the dine, like 2026-11-20.');
    expect(claimWindowMessage(at(20), 'Visa')).toBeNull();
  });
});
