import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { campaignLevel, openCampaignLevel, rewardFor, rowBasis, tierNeeded, basisCents, earnBasisText, memberEarningTokens, vipWithinReach, type EarningSettings } from './policy';

const settings = (over: Partial<EarningSettings> = {}): EarningSettings => ({ earnRates: [1, 1, 3, 5], hasVIP: true, earnBasis: 'wholeBill', acclaimed2Enabled: false, vipQualifyingDines: 11, ...over });
const miles = { type: 'Mile' as const, singular: 'mile', plural: 'miles' };
const who = (tier: number, dinesThisYear = 0) => ({ tier, dinesThisYear, dinesLastYear: 0 });

describe("the reader's own rate (issue 24 review 1)", () => {
  it("is the rate of the tier the member holds now; a visitor's is the joining rate", () => {
    expect(memberEarningTokens(settings(), miles, who(0)).memberEarning).toBe('1 mile per $1');
    expect(memberEarningTokens(settings(), miles, who(1)).memberEarning).toBe('1 mile per $1');
    expect(memberEarningTokens(settings(), miles, who(2)).memberEarning).toBe('3 miles per $1');
    // VIP by dining: the 11 dines of this year make the opted-in member VIP.
    expect(memberEarningTokens(settings(), miles, who(2, 11)).memberProperEarning).toBe('5 Miles per $1');
    // Without the partner's VIP nobody earns the VIP rate.
    expect(memberEarningTokens(settings({ hasVIP: false }), miles, who(3)).memberEarning).toBe('3 miles per $1');
    expect(memberEarningTokens(settings(), miles, null).memberEarning).toBe('3 miles per $1');
    expect(memberEarningTokens(settings({ earnRates: [3, 3, 5, 5], hasVIP: false }), { type: 'Dollar', singular: 'cash back', plural: 'cash back' }, who(0)).memberEarning).toBe('3% cash back');
  });

  it('holds VIP out only where the partner has it and dining can take the reader there', () => {
    expect(vipWithinReach(settings(), who(0))).toBe(false);
    expect(vipWithinReach(settings(), who(1))).toBe(false);
    expect(vipWithinReach(settings(), who(2))).toBe(true);
    expect(vipWithinReach(settings(), who(3))).toBe(false);
    expect(vipWithinReach(settings(), who(2, 11))).toBe(false);
    expect(vipWithinReach(settings({ hasVIP: false }), who(2))).toBe(false);
    expect(vipWithinReach(settings(), null)).toBe(true);
    expect(vipWithinReach(settings({ hasVIP: false }), null)).toBe(false);
  });
});

describe('the earn basis in words (issue 24 review 11)', () => {
  it('says the whole amount earns where the network reports no tip, as basisCents does', () => {
    // No tip reported and no separate authorisation: the whole clearing earns.
    const noTip = { clearedCents: 6527, authCents: null, tipCents: null, online: false, subtotalCents: null, refundedCents: 0 };
    expect(basisCents(noTip, 'preTip')).toBe(6527);
    expect(earnBasisText('preTip')).toMatch(/^the amount of the bill before tip \(tax included\), or on the whole amount where the card network reports no separate tip;/);
    expect(earnBasisText('wholeBill')).toMatch(/^the whole bill, tax and tip included/);
  });
});

describe('the campaign level a search filters by (issue 24 review 6)', () => {
  it('opens a restaurant to a tier exactly as tierNeeded does, for any settings, tier and codes (property)', () => {
    const code = fc.constantFrom('ACCL2', 'ACCL3', 'accl2', 'SPRING', 'NMB');
    fc.assert(fc.property(fc.boolean(), fc.boolean(), fc.integer({ min: 0, max: 3 }), fc.array(code, { maxLength: 4 }), (acclaimed2Enabled, hasVIP, tier, codes) => {
      const s = settings({ acclaimed2Enabled, hasVIP });
      expect(campaignLevel(codes) <= openCampaignLevel(s, tier)).toBe(tier >= tierNeeded(s, codes));
    }), { numRuns: 500 });
  });
});

describe("a history row's earned-on adds up with its reward (issue 24 review 8)", () => {
  it('keeps the basis the reward was paid on where an Adjustment row takes the refund back', () => {
    // The Happy Radish: $129.19 at 10 points per $1 paid 1,291 points; a $38.76 refund after payout is its own -387 row.
    const bill = { clearedCents: 12919, authCents: 12919, tipCents: null, online: false, subtotalCents: null, refundedCents: 3876 };
    expect(rowBasis(bill, 'wholeBill', 10, 1291)).toEqual({ cents: 12919, reasons: [] });
    // Refunded before payout, the row itself carries the refund.
    expect(rowBasis(bill, 'wholeBill', 10, 904)).toEqual({ cents: 9043, reasons: ['refund'] });
    expect(rowBasis({ ...bill, online: true, subtotalCents: 5813, refundedCents: 0 }, 'wholeBill', 5, 290).reasons).toEqual(['onlineSubtotal']);
    expect(rowBasis({ ...bill, authCents: 10000, refundedCents: 0 }, 'preTip', 3, 300)).toEqual({ cents: 10000, reasons: ['beforeTip'] });
  });

  it('gives rate × earned-on = reward for any bill, rate and refunds split between the row and its adjustments (property)', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 500_000 }), fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: 1, max: 15 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }),
      fc.constantFrom('wholeBill' as const, 'preTip' as const), fc.boolean(),
      (auth, tip, rate, before, total, basis, online) => {
        const cleared = auth + tip;
        const refunded = Math.floor(cleared * total);
        const bill = { clearedCents: cleared, authCents: auth, tipCents: null, online, subtotalCents: online ? auth : null, refundedCents: refunded };
        // The row's reward reflects the refunds made before payout; the rest went to Adjustment rows.
        const rowReward = rewardFor(basisCents({ ...bill, refundedCents: Math.floor(refunded * before) }, basis), rate);
        expect(rewardFor(rowBasis(bill, basis, rate, rowReward).cents, rate)).toBe(rowReward);
      }), { numRuns: 1000 });
  });
});
