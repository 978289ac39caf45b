import { describe, expect, it } from 'vitest';
import {
  ADJUSTMENT_CODE_LABELS, ADJUSTMENT_CODES, ADJUSTMENT_REASON_CODES, ADJUSTMENT_REASONS, adjustmentLimit, approvalExpiry, APPROVAL_HOURS, DEFAULT_ADJUSTMENT_LIMITS, isCash, memberDescription, needsApproval,
} from './adjustments';

/** The console's adjustment rules (issue 27 item 3) on their own: limits per role and partner, the approval line on each side, expiry, the member's words. */
const points = { currencyType: 'Point' as const, adjustmentLimits: null };

describe('adjustment limits', () => {
  it("are the currency's defaults, or the partner's own per role where it set them", () => {
    expect(adjustmentLimit('agent', points)).toBe(2_000);
    expect(adjustmentLimit('supervisor', points)).toBe(20_000);
    expect(adjustmentLimit('administrator', { currencyType: 'Mile', adjustmentLimits: null })).toBe(DEFAULT_ADJUSTMENT_LIMITS.Mile.administrator);
    expect(adjustmentLimit('agent', { currencyType: 'Dollar', adjustmentLimits: null })).toBe(2_500);
    const own = { currencyType: 'Point' as const, adjustmentLimits: { agent: 50 } };
    expect(adjustmentLimit('agent', own)).toBe(50);
    expect(adjustmentLimit('supervisor', own)).toBe(20_000);
  });

  it('are 0 for roles that never post at once (every request of theirs waits)', () => {
    for (const role of ['none', 'contentEditor', 'partnerManager', 'auditor'] as const) expect(adjustmentLimit(role, points), role).toBe(0);
  });
});

describe('what waits for a second person', () => {
  it('an amount above the limit, either sign; the limit itself posts at once', () => {
    expect(needsApproval('agent', points, 2_000)).toBe(false);
    expect(needsApproval('agent', points, -2_000)).toBe(false);
    expect(needsApproval('agent', points, 2_001)).toBe(true);
    expect(needsApproval('agent', points, -2_001)).toBe(true);
    expect(needsApproval('auditor', points, 1)).toBe(true);
  });

  it(`expires ${APPROVAL_HOURS} hours after the request, to the millisecond`, () => {
    const at = new Date('2026-11-29T10:00:00.000Z');
    expect(approvalExpiry(at).toISOString()).toBe('2026-12-02T10:00:00.000Z');
  });
});

describe('codes and words', () => {
  it('adjustments carry M, A, J or +, never the engine\'s S or the bonuses\' B; each label starts with its code', () => {
    expect([...ADJUSTMENT_CODES]).toEqual(['M', 'A', 'J', '+']);
    expect(ADJUSTMENT_CODES.map((c) => ADJUSTMENT_CODE_LABELS[c])).toEqual([
      'M: manual reward (a dine the engine missed)', 'A: adjustment', 'J: bonus adjustment', '+: corporate award',
    ]);
  });

  it('each currency has its defaults, cash back in cents', () => {
    expect(DEFAULT_ADJUSTMENT_LIMITS).toEqual({
      Mile: { agent: 1_000, supervisor: 10_000, administrator: 10_000 },
      Point: { agent: 2_000, supervisor: 20_000, administrator: 20_000 },
      Dollar: { agent: 2_500, supervisor: 25_000, administrator: 25_000 },
      Credit: { agent: 2_500, supervisor: 25_000, administrator: 25_000 },
    });
  });

  it("the member reads the reason's member words, never the staff label", () => {
    expect(ADJUSTMENT_REASON_CODES).toEqual(Object.keys(ADJUSTMENT_REASONS));
    expect(memberDescription('serviceRecovery')).toBe('Our apology for a problem');
    expect(memberDescription('abuse')).toBe('Correction of your balance');
    expect(ADJUSTMENT_REASONS.abuse.label).toBe('Fraud or abuse (take back)');
  });

  it('cash back is Dollar and Credit', () => {
    expect((['Mile', 'Point', 'Dollar', 'Credit'] as const).map(isCash)).toEqual([false, false, true, true]);
  });
});
