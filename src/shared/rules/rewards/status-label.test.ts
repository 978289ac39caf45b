import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NOT_EARNED_REASONS, REWARD_STATUSES, type NotEarnedReason, type RedemptionStatus } from '../../constants/rewards';
import { CURRENCY_TYPES, type CurrencyType } from '../../constants/partner';
import { reviewLinkDecision, showsReviewLink } from '../review-link';
import { calendarDay, currencyKind, EXPIRY_REASONS, isDimmed, rowStatus, STATUS_LABELS, STATUS_LINES, statusLabel, type RowStatusInput } from './status-label';

const now = new Date('2026-11-22T12:00:00Z');
const day = 86_400_000;
const REASONS = Object.keys(NOT_EARNED_REASONS) as NotEarnedReason[];
const row = (over: Partial<RowStatusInput>): RowStatusInput => ({
  status: 'Awarded', reasonCode: null, currencyType: 'Point', transactionCreatedAt: '2026-11-20T19:45:00-05:00', now, today: '2026-11-22', ...over,
});

describe('currency kinds', () => {
  it('airline for miles, cash back for Dollar and Credit, points otherwise', () => {
    expect(CURRENCY_TYPES.map(currencyKind)).toEqual(CURRENCY_TYPES.map((c) => ({ Mile: 'airline', Point: 'points', Dollar: 'cashBack', Credit: 'cashBack' })[c]));
  });
});

describe('Forfeit: Expired only when it ran out of time, Not earned with the reason otherwise', () => {
  // Every reason × every currency: the whole table.
  const cases = REASONS.flatMap((reason) => CURRENCY_TYPES.map((currencyType) => [reason, currencyType] as const));
  it.each(cases)('%s on a %s partner', (reason, currencyType) => {
    const s = rowStatus(row({ status: 'Forfeit', reasonCode: reason, currencyType }));
    const expired = EXPIRY_REASONS.includes(reason);
    expect(s.label).toBe(expired && currencyType !== 'Mile' ? 'Expired' : 'Not earned');
    expect(s.line).toBe(NOT_EARNED_REASONS[reason]);
    expect(s.dimmed).toBe(true);
  });

  it('reads Expired for the two ways a reward runs out of time, Not earned for the others', () => {
    expect([...EXPIRY_REASONS].sort()).toEqual(['notActivated', 'notSettled']);
    for (const reason of ['refunded', 'blackoutDay', 'outsideBenefitHours', 'monthlyVisitLimit', 'cardLinkedAfterDine', 'notParticipating', 'tierLacksAccess', 'accountClosed'] as const) {
      expect(statusLabel(row({ status: 'Forfeit', reasonCode: reason }))).toBe('Not earned');
    }
  });

  it('without a reason (older rows): the §4 wording, no line', () => {
    expect(rowStatus(row({ status: 'Forfeit', currencyType: 'Point' }))).toEqual({ label: 'Expired', line: null, dimmed: true });
    expect(rowStatus(row({ status: 'Forfeit', currencyType: 'Mile' }))).toEqual({ label: 'Not earned', line: null, dimmed: true });
  });
});

describe('Deferred: awaiting activation, never Not earned', () => {
  it.each(CURRENCY_TYPES)('says when it pays on a %s partner', (currencyType) => {
    const s = rowStatus(row({ status: 'Deferred', currencyType, deferral: { activateBy: '2026-12-04', activated: false } }));
    expect(s).toEqual({ label: 'Awaiting activation', line: 'Pays when you activate your account; activate by Dec 4, 2026.', dimmed: true });
    expect(s.label).not.toBe('Not earned');
  });

  it('the last day is still in; the day after, it reads as the sweep will make it (Forfeit, not activated)', () => {
    const deferral = { activateBy: '2026-12-04', activated: false };
    expect(statusLabel(row({ status: 'Deferred', deferral, today: '2026-12-04' }))).toBe('Awaiting activation');
    expect(rowStatus(row({ status: 'Deferred', deferral, today: '2026-12-05' }))).toEqual({ label: 'Expired', line: NOT_EARNED_REASONS.notActivated, dimmed: true });
    expect(statusLabel(row({ status: 'Deferred', deferral, today: '2026-12-05', currencyType: 'Mile' }))).toBe('Not earned');
  });

  it('a member who has activated since: confirming (the sweep awards it), whatever the date', () => {
    for (const currencyType of CURRENCY_TYPES) {
      expect(rowStatus(row({ status: 'Deferred', currencyType, deferral: { activateBy: '2026-12-04', activated: true }, today: '2027-01-01' })))
        .toEqual({ label: 'Confirming', line: STATUS_LINES.activated, dimmed: true });
    }
  });

  it('without a date (no clearing known): the rule in words', () => {
    expect(rowStatus(row({ status: 'Deferred' }))).toEqual({ label: 'Awaiting activation', line: STATUS_LINES.activateSoon, dimmed: true });
  });
});

describe('Awarded and Paid: Paid only once the money has gone', () => {
  it('miles and points: Awarded has no label; Paid carries its date', () => {
    for (const currencyType of ['Mile', 'Point'] as const) {
      expect(rowStatus(row({ currencyType }))).toEqual({ label: null, line: null, dimmed: false });
      expect(rowStatus(row({ status: 'Paid', currencyType, paidOn: 'Nov 23, 2026' }))).toEqual({ label: 'Paid Nov 23, 2026', line: null, dimmed: false });
      expect(statusLabel(row({ status: 'Paid', currencyType }))).toBe('Paid');
    }
  });

  it.each(['Dollar', 'Credit'] as const)('cash back (%s): in the balance, payout pending while the credit is open, paid with its card once completed', (currencyType) => {
    const credit = (status: RedemptionStatus) => ({ status, targetLabel: 'Visa ending in 1111' });
    expect(rowStatus(row({ currencyType }))).toEqual({ label: null, line: STATUS_LINES.inBalance, dimmed: false });
    expect(rowStatus(row({ currencyType, statementCredit: credit('pending') })))
      .toEqual({ label: 'Payout pending', line: 'Statement credit to Visa ending in 1111: sent to the card issuer.', dimmed: false });
    expect(rowStatus(row({ currencyType, statementCredit: credit('pending_received') })))
      .toEqual({ label: 'Payout pending', line: 'Statement credit to Visa ending in 1111: accepted by the card issuer, not on your statement yet.', dimmed: false });
    // Rejected or error: the rewards are back in the balance (the server unlinks them; a stale link reads the same).
    expect(rowStatus(row({ currencyType, statementCredit: credit('rejected') })).line).toBe(STATUS_LINES.inBalance);
    expect(rowStatus(row({ currencyType, statementCredit: credit('error') })).label).toBeNull();
    expect(rowStatus(row({ status: 'Paid', currencyType, paidOn: 'Nov 23, 2026', statementCredit: credit('completed') })))
      .toEqual({ label: 'Paid Nov 23, 2026', line: 'Statement credit to Visa ending in 1111.', dimmed: false });
  });
});

describe('adjustments that take back say so', () => {
  it('from the balance, from the statement credit, from the programme account', () => {
    const credit = { status: 'completed' as const, targetLabel: 'Visa ending in 1111' };
    expect(rowStatus(row({ currencyType: 'Dollar', amount: -1.22 })).line).toBe(STATUS_LINES.takenFromBalance);
    expect(rowStatus(row({ currencyType: 'Dollar', amount: -1.22, statementCredit: { ...credit, status: 'pending' } })))
      .toEqual({ label: 'Payout pending', line: 'Deducted from the statement credit to Visa ending in 1111.', dimmed: false });
    expect(rowStatus(row({ status: 'Paid', currencyType: 'Credit', amount: -1.22, statementCredit: credit })).line).toBe('Deducted from the statement credit to Visa ending in 1111.');
    expect(rowStatus(row({ status: 'Paid', currencyType: 'Mile', amount: -387 })).line).toBe(STATUS_LINES.deductedFromAccount);
    expect(rowStatus(row({ status: 'Paid', currencyType: 'Point', amount: 387 })).line).toBeNull();
    expect(rowStatus(row({ currencyType: 'Point', amount: -387 })).line).toBeNull();
  });
});

describe('Pending (§4)', () => {
  it.each([
    ['Point', 35, 'Pending Review'], ['Point', 36, 'Review expired'], ['Dollar', 36, 'Review expired'], ['Credit', 2, 'Pending Review'], ['Mile', 60, 'Processing'], ['Mile', 1, 'Processing'],
  ] as const)('%s partner, %i days old: %s, an estimate until settled', (currencyType, days, label) => {
    const s = rowStatus(row({ status: 'Pending', currencyType, transactionCreatedAt: new Date(now.getTime() - days * day).toISOString() }));
    expect(s).toEqual({ label, line: STATUS_LINES.estimated, dimmed: true });
  });

  it('counts the review window as the review link does: calendar days at the restaurant, day 35 still in', () => {
    const dine = '2026-01-01T20:00:00-05:00';
    const pending = (nowIso: string) => statusLabel(row({ status: 'Pending', transactionCreatedAt: dine, now: new Date(nowIso) }));
    // Day 35 at 21:00 in New York: more than 35 × 24 hours after the dine, and the link is still open.
    expect(pending('2026-02-05T21:00:00-05:00')).toBe('Pending Review');
    expect(showsReviewLink({ transactionCreatedAt: dine, transactionStatus: 'Pending', transactionTypeCode: 'S', merchantId: 1, reviewed: false }, new Date('2026-02-05T21:00:00-05:00'))).toBe(true);
    expect(pending('2026-02-05T23:59:00-05:00')).toBe('Pending Review');
    expect(pending('2026-02-06T00:01:00-05:00')).toBe('Review expired');
  });

  it('never reads Review expired beside a review link the server would accept, nor Pending Review after it closed', () => {
    const minute = 60_000;
    fc.assert(fc.property(
      fc.integer({ min: Date.UTC(2025, 0, 1) / minute, max: Date.UTC(2027, 0, 1) / minute }),
      fc.constantFrom('-10:00', '-08:00', '-07:00', '-06:00', '-05:00', '-04:00', '+10:00'),
      fc.integer({ min: 0, max: 45 * 24 * 60 }),
      (dineMinute, offset, ageMinutes) => {
        const sign = offset.startsWith('-') ? -1 : 1;
        const offsetMs = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4))) * minute;
        const transactionCreatedAt = `${new Date(dineMinute * minute + offsetMs).toISOString().slice(0, 19)}${offset}`;
        const at = new Date(dineMinute * minute + ageMinutes * minute);
        const link = reviewLinkDecision({ transactionCreatedAt, transactionStatus: 'Pending', transactionTypeCode: 'S', merchantId: 1, reviewed: false }, at);
        const label = statusLabel(row({ status: 'Pending', transactionCreatedAt, now: at }));
        expect(label === 'Review expired').toBe(!link.ok && link.problem === 'windowClosed');
      },
    ));
  });
});

describe('the table as a whole', () => {
  it('every status × reason × currency has a label from the table (or none), a line for every row not earned, and dims as §4 says', () => {
    const labels = new Set<string>(Object.values(STATUS_LABELS));
    for (const status of REWARD_STATUSES) {
      for (const reasonCode of [null, ...REASONS]) {
        for (const currencyType of CURRENCY_TYPES as readonly CurrencyType[]) {
          const s = rowStatus(row({ status, reasonCode, currencyType, paidOn: 'Nov 23, 2026', deferral: { activateBy: '2026-12-04', activated: false } }));
          expect(s.label === null || labels.has(s.label.replace(/ Nov 23, 2026$/, '')), `${status} ${reasonCode}: ${s.label}`).toBe(true);
          expect(s.dimmed).toBe(isDimmed(status));
          // A Deferred reward pays on activation: it never reads Not earned.
          // (Every status and reason is enumerated here, so each case below is met.)
          if (status === 'Deferred') expect([s.label, s.line === null]).toEqual(['Awaiting activation', false]);
          else if (status === 'Forfeit' && reasonCode) expect(s.line).toBe(NOT_EARNED_REASONS[reasonCode]);
          else if (status === 'Pending') expect(s.line).not.toBeNull();
          else expect(s.label === 'Awaiting activation', `${status} ${reasonCode}`).toBe(false);
        }
      }
    }
  });

  it('writes calendar dates whatever the clock', () => {
    expect(calendarDay('2026-12-04')).toBe('Dec 4, 2026');
    expect(calendarDay('2027-01-01')).toBe('Jan 1, 2027');
  });

  it('dims Forfeit, Pending and Deferred rows', () => {
    expect(['Awarded', 'Paid', 'Forfeit', 'Pending', 'Deferred'].map((s) => isDimmed(s as never))).toEqual([false, false, true, true, true]);
  });
});
