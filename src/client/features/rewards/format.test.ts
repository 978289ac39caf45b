import { describe, expect, it } from 'vitest';
import { makePartnerConfig } from '#client/test/partner-fixture';
import { activityRowView, creditRowView, formatDay, formatMoney, formatReward, usesAirlineWording } from './format';
import { daysAgo, makeCredit, makeTransaction } from './test/rewards-fixtures';

const miles = makePartnerConfig();
const points = makePartnerConfig({ currencyType: 'Point', copyStates: { ...miles.copyStates, currencySingular: 'point', currencyPlural: 'points' } });
const dollars = makePartnerConfig({ currencyType: 'Dollar' });

describe('rewards wording', () => {
  it('airline wording is the Mile partners\'', () => {
    expect(usesAirlineWording({ currencyType: 'Mile' })).toBe(true);
    for (const currencyType of ['Point', 'Dollar', 'Credit'] as const) expect(usesAirlineWording({ currencyType })).toBe(false);
  });

  it('rewards in the partner\'s unit: whole miles or points, dollars for cash partners', () => {
    expect(formatReward(1500, miles)).toBe('1,500 miles');
    expect(formatReward(1, points)).toBe('1 point');
    expect(formatReward(-25, points)).toBe('-25 points');
    expect(formatReward(2.5, dollars)).toBe('$2.50');
    expect(formatReward(2.5, makePartnerConfig({ currencyType: 'Credit' }))).toBe('$2.50');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
  });

  it('dates that do not parse are left out', () => {
    expect(formatDay('nonsense')).toBeNull();
    expect(formatDay(null)).toBeNull();
    expect(formatDay('2026-11-20T19:45:00-05:00')).toMatch(/^Nov 2[01], 2026$/);
  });

  it('an adjustment at a restaurant names both; a Paid row without its date says Paid', () => {
    const row = activityRowView(makeTransaction({ transactionTypeCode: 'A', transactionStatus: 'Awarded', benefitAmount: -30, dineAmount: 0 }), { partner: points });
    expect(row.title).toBe('Blue Plate Diner');
    expect(row.kind).toBe('Adjustment');
    expect(row.dineAmount).toBeNull();
    expect(row.reward).toBe('-30 points');
    expect(activityRowView(makeTransaction({ transactionStatus: 'Paid', paidAt: null }), { partner: points }).label).toBe('Paid');
  });

  it('Pending reads Review expired after 35 days, judged at the time given', () => {
    const tx = makeTransaction({ transactionStatus: 'Pending', transactionCreatedAt: '2026-01-01T12:00:00Z' });
    expect(activityRowView(tx, { partner: points, now: new Date('2026-02-01T12:00:00Z') }).label).toBe('Pending Review');
    expect(activityRowView(tx, { partner: points, now: new Date('2026-02-06T12:00:00Z') }).label).toBe('Review expired');
    expect(activityRowView(makeTransaction({ transactionStatus: 'Pending', transactionCreatedAt: daysAgo(1) }), { partner: miles }).label).toBe('Processing');
  });

  it('statement credits: amount from cents, target, status words', () => {
    expect(creditRowView(makeCredit({ creditAmountCents: 2150, status: 'pending_received' }))).toMatchObject({ amount: '$21.50', target: 'Visa ending in 1111', status: 'Processing', settled: false });
    expect(creditRowView(makeCredit({ status: 'rejected' })).status).toBe('Rejected');
    expect(creditRowView(makeCredit({ status: 'error' })).status).toBe('Not paid');
    expect(creditRowView(makeCredit()).settled).toBe(true);
  });
});
