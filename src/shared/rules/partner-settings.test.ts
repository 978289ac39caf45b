import { describe, expect, it } from 'vitest';
import {
  EARNING_FIELDS, needsApproval, phoneDigits, reservedHostProblem, sameValue, SETTING_FIELDS, SETTING_SWITCHES, SETTING_VALUES, settingLabel, SWITCH_KEYS,
} from './partner-settings';

/** The console's partner settings rules (issue 27 item 6) on their own. */
describe('what a change of settings waits for', () => {
  it('everything that changes what members earn waits for a second person; display and contacts do not', () => {
    for (const f of ['earnRates', 'earnBasis', 'hasVIP', 'acclaimed2Enabled', 'vipQualifyingDines', 'hasReservationBonus', 'hasFlexOffers', 'payoutBreakpointCents', 'adjustmentLimits'] as const) {
      expect(needsApproval(f), f).toBe(true);
    }
    for (const f of ['showEarnRate', 'maintenanceMode', 'customerSupport', 'vipCustomerSupport', 'hosts', 'cmsPreview'] as const) expect(needsApproval(f), f).toBe(false);
    expect(EARNING_FIELDS.size).toBe(9);
    expect([...EARNING_FIELDS].filter((f) => !SETTING_FIELDS.includes(f))).toEqual([]);
  });

  it('lists every switch, then every other setting, each with its words', () => {
    expect(SETTING_FIELDS).toEqual([...SWITCH_KEYS, ...Object.keys(SETTING_VALUES)]);
    expect(settingLabel('hasVIP')).toBe(SETTING_SWITCHES.hasVIP);
    expect(settingLabel('vipQualifyingDines')).toBe('VIP threshold (qualifying dines a year)');
  });
});

describe('host names a partner may not have', () => {
  const opts = { opsHost: 'ops.dining.example.com', otherCodes: ['delta', 'nosh'] };
  it("refuses the console's own host, anything starting 'ops', and another partner's code", () => {
    expect(reservedHostProblem('ops.dining.example.com', opts)).toContain("operator console's address");
    expect(reservedHostProblem('ops.example.org', opts)).toContain("starts with 'ops'");
    expect(reservedHostProblem('delta.example.org', opts)).toContain("another partner's code (delta)");
  });

  it('accepts the rest, and a console host of null', () => {
    expect(reservedHostProblem('dining.hilton.example.com', opts)).toBeNull();
    expect(reservedHostProblem('opsy.example.org', opts)).toBeNull();
    expect(reservedHostProblem('ops.dining.example.com', { opsHost: null, otherCodes: [] })).toContain("starts with 'ops'");
    expect(reservedHostProblem('deltas.example.org', opts)).toBeNull();
  });
});

describe('values', () => {
  it('are the same whatever the order of their keys, and differ by any value', () => {
    expect(sameValue({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue(null, null)).toBe(true);
    expect(sameValue(11, 11)).toBe(true);
  });

  it('a phone dials with its digits only', () => {
    expect(phoneDigits('+1 (800) 555-0100')).toBe('18005550100');
  });
});
