import { describe, expect, it } from 'vitest';
import { makePartnerConfig } from '#client/test/partner-fixture';
import { NOT_EARNED_REASONS } from '#shared/constants/rewards';
import { STATUS_LINES } from '#shared/rules/rewards/status-label';
import { activateByLine, activityRowView, formatDay, formatLocalDay, formatMoney, formatReward, usesAirlineWording } from './format';
import { daysAgo, makeTransaction } from './test/rewards-fixtures';

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

  it('dates a row by the date written in it (the restaurant\'s day, the member\'s for other rows), whatever the browser\'s zone', () => {
    expect(formatLocalDay('2026-12-31T23:30:00-10:00')).toBe('Dec 31, 2026');
    expect(formatLocalDay('2027-01-01T00:30:00+10:00')).toBe('Jan 1, 2027');
    expect(activityRowView(makeTransaction({ transactionCreatedAt: '2026-12-31T23:30:00-10:00' }), { partner: points }).date).toBe('Dec 31, 2026');
  });

  it('says what happened on each row: the reason, when a Deferred reward pays, where cash back went', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const view = (over: Parameters<typeof makeTransaction>[0], partner = points) => activityRowView(makeTransaction(over), { partner, now, today: '2026-11-22' });
    expect(view({ transactionStatus: 'Forfeit', reasonCode: 'refunded', reason: NOT_EARNED_REASONS.refunded })).toMatchObject({ label: 'Not earned', line: NOT_EARNED_REASONS.refunded, dimmed: true });
    expect(view({ transactionStatus: 'Forfeit', reasonCode: 'notSettled', reason: NOT_EARNED_REASONS.notSettled })).toMatchObject({ label: 'Expired', line: NOT_EARNED_REASONS.notSettled });
    expect(view({ transactionStatus: 'Deferred', deferral: { activateBy: '2026-12-04', activated: false } }, miles))
      .toMatchObject({ label: 'Awaiting activation', line: 'Pays when you activate your account; activate by Dec 4, 2026.', dimmed: true });
    const credit = { creditId: 'cr-1', targetLabel: 'Visa ending in 1111' };
    expect(view({ benefitAmount: 2.5, statementCredit: { ...credit, status: 'pending' } }, dollars))
      .toMatchObject({ label: 'Payout pending', line: 'Statement credit to Visa ending in 1111: sent to the card issuer.', dimmed: false, reward: '$2.50' });
    expect(view({ transactionStatus: 'Paid', paidAt: '2026-11-24T15:00:00Z', statementCredit: { ...credit, status: 'completed' } }, dollars))
      .toMatchObject({ label: `Paid ${formatDay('2026-11-24T15:00:00Z')}`, line: 'Statement credit to Visa ending in 1111.' });
    expect(view({ benefitAmount: 2.5 }, dollars)).toMatchObject({ label: null, line: STATUS_LINES.inBalance });
    expect(view({})).toMatchObject({ label: null, line: null, dimmed: false });
  });
});

describe('a dine row says why its earned-on differs and the offer it earned at (issue 24 review h)', () => {
  it('names the online subtotal, before tip or a refund, and a 2X offer', () => {
    const online = activityRowView(makeTransaction({ dineAmount: 67.59, earnedOnAmount: 58.13, earnedOnReasons: ['onlineSubtotal'], benefitAmount: 581 }), { partner: points });
    expect(online).toMatchObject({ earnedOn: '$58.13', earnedOnWhy: 'online order subtotal', multiplier: null });
    const both = activityRowView(makeTransaction({ earnedOnAmount: 30, earnedOnReasons: ['beforeTip', 'refund'] }), { partner: points });
    expect(both.earnedOnWhy).toBe('before tip, after a refund');
    const offer = activityRowView(makeTransaction({ dineAmount: 55.08, benefitAmount: 826, earnMultiplier: 3 }), { partner: points });
    expect(offer).toMatchObject({ earnedOn: null, earnedOnWhy: null, multiplier: '3X offer' });
  });
});

describe('a member who has not activated reads by when to activate (issue 24 review k)', () => {
  it('names the earliest last day among their Deferred dines, else the rule', () => {
    const deferred = (activateBy: string, activated = false) => makeTransaction({ transactionStatus: 'Deferred', deferral: { activateBy, activated } });
    expect(activateByLine([deferred('2026-12-20'), deferred('2026-12-11'), makeTransaction()], 'points'))
      .toBe('Your dines with a linked card have earned points: activate by Dec 11, 2026 for them to be paid.');
    expect(activateByLine([deferred('2026-12-11', true)], 'points')).toBe('Dines with a linked card earn points before you activate; each pays once you activate within 14 days of its charge.');
  });
});
