import { describe, expect, it } from 'vitest';
import { HOLD_REASONS } from '#shared/constants/redemptions';
import { formatDay } from '../rewards';
import { rowStatusText } from './format';
import { makeRedemption, makeStatementCredit } from './test/redemptions-fixtures';

const PAID_AT = '2026-12-02T10:00:00.000Z';

describe('a redemption\'s status in a list row', () => {
  it('a final one carries the day it got there: a statement credit says when it was paid', () => {
    expect(rowStatusText(makeStatementCredit())).toBe(`Completed ${formatDay(PAID_AT)}`);
    expect(formatDay(PAID_AT)).toMatch(/^Dec [12], 2026$/);
    const stopped = (status: 'rejected' | 'error') => makeStatementCredit({ status, steps: [{ status: 'pending', at: '2026-11-29T15:00:00.000Z' }, { status, at: PAID_AT }] });
    expect(rowStatusText(stopped('rejected'))).toBe(`Rejected ${formatDay(PAID_AT)}`);
    expect(rowStatusText(stopped('error'))).toBe(`Failed ${formatDay(PAID_AT)}`);
  });

  it('one on its way has no day; a held one is being checked', () => {
    expect(rowStatusText(makeRedemption())).toBe('On its way');
    expect(rowStatusText(makeRedemption({ status: 'pending', steps: [{ status: 'pending', at: '2026-11-29T15:00:00.000Z' }] }))).toBe('Requested');
    expect(rowStatusText(makeRedemption({ status: 'pending', hold: { reason: 'firstRedemption', text: HOLD_REASONS.firstRedemption }, steps: [{ status: 'pending', at: '2026-11-29T15:00:00.000Z' }] }))).toBe('Being checked');
  });

  it('a final status whose step is missing, or whose time does not parse, reads without a day', () => {
    expect(rowStatusText(makeStatementCredit({ steps: [{ status: 'pending', at: '2026-11-29T15:00:00.000Z' }] }))).toBe('Completed');
    expect(rowStatusText(makeStatementCredit({ steps: [{ status: 'completed', at: 'nonsense' }] }))).toBe('Completed');
  });
});
