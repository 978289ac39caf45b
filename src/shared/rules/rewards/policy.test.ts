import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { localParts } from './local-time';
import { ALL_DAY } from './qualification';
import {
  currencyWords,
  basisCents, campaignCodesOpenTo, deferralDeadline, diningProgressOf, earnLineOf, earningTokens, lastDayToActivate, effectiveTier, evaluateDine, plannedLocal, rateText, restaurantTerms, rewardFor,
  tierNeeded, visitOutlook, outlookReasonText, vipMeterText, vipMeterView, vipStanding, bonusText, bookingMarkText, bookingNoticeText, bookingOutlook, type Bill, type EarningSettings, type RestaurantTerms,
} from './policy';

const settings = (over: Partial<EarningSettings> = {}): EarningSettings => ({ earnRates: [1, 1, 3, 5], hasVIP: true, earnBasis: 'wholeBill', acclaimed2Enabled: false, vipQualifyingDines: 11, ...over });
const restaurant = (over: Partial<RestaurantTerms> = {}): RestaurantTerms => ({
  active: true, participationStart: null, participationEnd: null, benefitHours: ALL_DAY, blackoutDates: [], monthlyVisitLimit: null, campaignCodes: [], multiplier: 1, ...over,
});
const bill = (over: Partial<Bill> = {}): Bill => ({ clearedCents: 5100, authCents: 4500, tipCents: null, online: false, subtotalCents: null, refundedCents: 0, ...over });
const FRIDAY_EVENING = localParts('2026-11-20T19:45:00-05:00')!;
const dine = (over: Partial<Parameters<typeof evaluateDine>[0]> = {}) => evaluateDine({
  settings: settings(), member: { tier: 2, dinesThisYear: 0, dinesLastYear: 0 }, restaurant: restaurant(), local: FRIDAY_EVENING,
  cardLinkedAt: new Date('2026-01-01T00:00:00Z'), accountClosedAt: null, visitsThisMonth: 0, bill: bill(), ...over,
});

describe('amounts', () => {
  it('earns on the whole bill (tax and tip) or before tip, and online orders on their subtotal', () => {
    expect(basisCents(bill(), 'wholeBill')).toBe(5100);
    // The tip is what the clearing added to the authorisation…
    expect(basisCents(bill(), 'preTip')).toBe(4500);
    // …or what the network reported.
    expect(basisCents(bill({ tipCents: 900 }), 'preTip')).toBe(4200);
    expect(basisCents(bill({ authCents: null }), 'preTip')).toBe(5100);
    expect(basisCents(bill({ online: true, subtotalCents: 4000 }), 'wholeBill')).toBe(4000);
    expect(basisCents(bill({ online: true, subtotalCents: 4000 }), 'preTip')).toBe(4000);
    expect(basisCents(bill({ online: true, subtotalCents: 9000 }), 'wholeBill')).toBe(5100);
    // Only authorised: the authorised amount, before tip either way.
    expect(basisCents(bill({ clearedCents: null }), 'wholeBill')).toBe(4500);
    expect(basisCents(bill({ clearedCents: null, authCents: null }), 'wholeBill')).toBe(0);
  });

  it('refunds take back pro rata, down to nothing', () => {
    expect(basisCents(bill({ refundedCents: 2550 }), 'wholeBill')).toBe(2550);
    expect(basisCents(bill({ refundedCents: 2550 }), 'preTip')).toBe(2250);
    expect(basisCents(bill({ online: true, subtotalCents: 4000, clearedCents: 5000, refundedCents: 2500 }), 'wholeBill')).toBe(2000);
    expect(basisCents(bill({ refundedCents: 5100 }), 'wholeBill')).toBe(0);
    expect(basisCents(bill({ refundedCents: 9999 }), 'preTip')).toBe(0);
  });

  it('rounds down: 3 miles per $1 on $45.67 is 137; 5 % of $45.67 is 228 cents', () => {
    expect(rewardFor(4567, 3)).toBe(137);
    expect(rewardFor(4567, 5)).toBe(228);
    expect(rewardFor(99, 1)).toBe(0);
    expect(rewardFor(100, 1)).toBe(1);
    expect(rewardFor(0, 5)).toBe(0);
    expect(rewardFor(1000, 0)).toBe(0);
  });

  it('never gives more than the rate allows, the basis never exceeds the bill, refunds never raise it (property)', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 500_000 }), fc.integer({ min: 0, max: 2_000_000 }), fc.boolean(),
      fc.constantFrom('wholeBill' as const, 'preTip' as const), fc.integer({ min: 0, max: 20 }),
      (cleared, tip, refunded, online, basis, rate) => {
        const b = bill({ clearedCents: cleared, authCents: Math.max(1, cleared - tip), tipCents: null, online, subtotalCents: online ? Math.floor(cleared * 0.8) : null, refundedCents: refunded });
        const x = basisCents(b, basis);
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(Math.max(0, cleared - refunded));
        expect(basisCents({ ...b, refundedCents: refunded + 100 }, basis)).toBeLessThanOrEqual(x);
        const r = rewardFor(x, rate);
        expect(r).toBeLessThanOrEqual((x * rate) / 100);
        expect(r).toBeGreaterThan((x * rate) / 100 - 1);
      },
    ));
  });
});

describe('tiers and VIP', () => {
  it('makes an opted-in member VIP with the 11th qualified dine: the 12th earns the VIP rate', () => {
    expect(dine({ member: { tier: 2, dinesThisYear: 10, dinesLastYear: 0 } })).toMatchObject({ tier: 2, rate: 3, amount: 153, vipBefore: false, vipAfter: true });
    expect(dine({ member: { tier: 2, dinesThisYear: 11, dinesLastYear: 0 } })).toMatchObject({ tier: 3, rate: 5, amount: 255, vipBefore: true, vipAfter: true });
    expect(dine({ member: { tier: 2, dinesThisYear: 0, dinesLastYear: 11 } })).toMatchObject({ tier: 3, vipBefore: true });
    expect(dine({ member: { tier: 3, dinesThisYear: 0, dinesLastYear: 0 } })).toMatchObject({ tier: 3 });
  });

  it('never makes Basic or not-activated members VIP, and nobody VIP where the partner has no VIP', () => {
    expect(dine({ member: { tier: 0, dinesThisYear: 30, dinesLastYear: 30 } })).toMatchObject({ tier: 0, rate: 1, vipAfter: false });
    expect(dine({ member: { tier: 1, dinesThisYear: 30, dinesLastYear: 30 } })).toMatchObject({ tier: 1, deferred: true, vipAfter: false });
    const noVip = settings({ hasVIP: false, earnRates: [2, 2, 5, 8] });
    expect(dine({ settings: noVip, member: { tier: 2, dinesThisYear: 11, dinesLastYear: 11 } })).toMatchObject({ tier: 2, rate: 5, vipBefore: false, vipAfter: false });
    expect(dine({ settings: noVip, member: { tier: 3, dinesThisYear: 0, dinesLastYear: 0 } })).toMatchObject({ tier: 2, rate: 5 });
    expect(effectiveTier(noVip, { tier: 3, dinesThisYear: 0, dinesLastYear: 0 })).toBe(2);
  });

  it.each([
    [{ dinesThisYear: 0, dinesLastYear: 0 }, 'Building', 11, { done: 0, remaining: 11 }],
    [{ dinesThisYear: 10, dinesLastYear: 3 }, 'Building', 11, { done: 10, remaining: 1 }],
    [{ dinesThisYear: 11, dinesLastYear: 0 }, 'Qualified', 11, null],
    [{ dinesThisYear: 20, dinesLastYear: 10 }, 'Qualified', 11, null],
    [{ dinesThisYear: 4, dinesLastYear: 11 }, 'Renewing', 11, { done: 4, remaining: 7 }],
    [{ dinesThisYear: 11, dinesLastYear: 15 }, 'Complete', 11, null],
  ] as const)('standing %j → %s', (dines, status, required, meter) => {
    const s = vipStanding(settings(), { tier: 2, ...dines }, 2026);
    expect(s.status).toBe(status);
    expect(s.meter === null ? null : { done: s.meter.done, remaining: s.meter.remaining }).toEqual(meter);
    expect(diningProgressOf(s, 7).dinesRequired).toBe(required);
  });

  it('shows the same meter and words from the member call as the standing decided them', () => {
    for (const dinesThisYear of [0, 1, 5, 10, 11, 12, 30]) {
      for (const dinesLastYear of [0, 10, 11]) {
        for (const tier of [0, 1, 2, 3]) {
          for (const hasVIP of [true, false]) {
            const s = vipStanding({ hasVIP, vipQualifyingDines: 11 }, { tier, dinesThisYear, dinesLastYear }, 2026);
            const view = vipMeterView({ hasVIP }, { tierLevel: effectiveTier({ hasVIP, vipQualifyingDines: 11 }, { tier, dinesThisYear, dinesLastYear }), diningProgress: { ...diningProgressOf(s, 0), year: 2026 } });
            expect(view.kind === 'counting' && (!hasVIP || tier < 2), `counting without VIP or below tier 2 (tier ${tier}, VIP ${hasVIP})`).toBe(false);
            if (view.kind === 'counting') {
              expect(view.done + view.remaining).toBe(view.max);
              expect(view.max).toBe(11);
              expect(s.meter).toMatchObject({ done: view.done, remaining: view.remaining });
              // The words say the same number.
              expect(vipMeterText(view)).toContain(view.remaining === 1 ? 'One more' : `${view.remaining} more`);
            } else {
              expect(s.meter).toBeNull();
            }
            // A VIP member's meter, where it shows, says VIP or renewing.
            expect(!s.vip || view.kind === 'none' || view.kind === 'vip' || (view.kind === 'counting' && view.renewing)).toBe(true);
          }
        }
      }
    }
  });
});

describe('qualification through the policy', () => {
  it('gives the first reason that applies, campaigns before the monthly limit', () => {
    const closed = { accountClosedAt: new Date('2026-11-01T00:00:00Z') };
    expect(dine({ ...closed, restaurant: restaurant({ active: false }) })).toMatchObject({ earns: false, reason: 'accountClosed', amount: 0 });
    expect(dine({ cardLinkedAt: new Date('2026-12-01T00:00:00Z') })).toMatchObject({ reason: 'cardLinkedAfterDine' });
    expect(dine({ restaurant: null })).toMatchObject({ reason: 'notParticipating' });
    expect(dine({ restaurant: restaurant({ blackoutDates: ['2026-11-20'] }) })).toMatchObject({ reason: 'blackoutDay' });
    const lunch = Array.from({ length: 7 }, () => [{ start: 11 * 60, end: 15 * 60 }]);
    expect(dine({ restaurant: restaurant({ benefitHours: lunch }) })).toMatchObject({ reason: 'outsideBenefitHours' });
    const gated = restaurant({ campaignCodes: ['ACCL3'], monthlyVisitLimit: 1 });
    expect(dine({ settings: settings({ acclaimed2Enabled: true }), restaurant: gated, visitsThisMonth: 1 })).toMatchObject({ reason: 'tierLacksAccess', unlockTier: 3 });
    expect(dine({ restaurant: gated, visitsThisMonth: 1 })).toMatchObject({ reason: 'monthlyVisitLimit' });
    expect(dine({ restaurant: gated, visitsThisMonth: 0 })).toMatchObject({ earns: true });
  });

  it('judges the tier gate before the calendar, so its reason does not depend on the hour (review 24 #5)', () => {
    const v2 = settings({ acclaimed2Enabled: true });
    const basic = { tier: 0, dinesThisYear: 0, dinesLastYear: 0 };
    const gated = restaurant({ campaignCodes: ['ACCL2'], benefitHours: Array.from({ length: 7 }, (_, d) => (d === 3 ? [] : [{ start: 11 * 60, end: 15 * 60 }])), blackoutDates: ['2026-11-26'] });
    // Friday evening (outside hours), a Wednesday without hours, a blackout Thursday, Friday noon: all the tier gate.
    for (const at of ['2026-11-20T19:45:00-05:00', '2026-11-25T12:00:00-05:00', '2026-11-26T12:00:00-05:00', '2026-11-20T12:00:00-05:00']) {
      expect(dine({ settings: v2, member: basic, restaurant: gated, local: localParts(at)! })).toMatchObject({ earns: false, reason: 'tierLacksAccess', unlockTier: 2 });
    }
    // Once open to the member, the calendar speaks.
    expect(dine({ settings: v2, restaurant: gated })).toMatchObject({ reason: 'outsideBenefitHours' });
    // A restaurant not taking part is still that, whatever its campaigns.
    expect(dine({ settings: v2, member: basic, restaurant: { ...gated, active: false } })).toMatchObject({ reason: 'notParticipating' });
  });

  it('opens acclaimed campaigns by tier on acclaimed v2 partners only (level 3 at Select without VIP)', () => {
    const v2 = settings({ acclaimed2Enabled: true });
    expect(tierNeeded(v2, ['ACCL2'])).toBe(2);
    expect(tierNeeded(v2, ['accl3', 'SEASONAL'])).toBe(3);
    expect(tierNeeded({ ...v2, hasVIP: false }, ['ACCL3'])).toBe(2);
    expect(tierNeeded(settings(), ['ACCL3'])).toBe(0);
    expect(campaignCodesOpenTo(v2, 2, ['ACCL2', 'ACCL3', 'X'])).toEqual(['ACCL2', 'X']);
    expect(campaignCodesOpenTo(v2, null, ['X'])).toEqual([]);
    const acclaimed = restaurant({ campaignCodes: ['ACCL2'] });
    expect(dine({ settings: v2, restaurant: acclaimed, member: { tier: 0, dinesThisYear: 0, dinesLastYear: 0 } })).toMatchObject({ earns: false, reason: 'tierLacksAccess', unlockTier: 2 });
    expect(dine({ settings: v2, restaurant: acclaimed, member: { tier: 2, dinesThisYear: 0, dinesLastYear: 0 } })).toMatchObject({ earns: true });
    // The 12th dine is VIP's: a level-3 restaurant is open to it.
    expect(dine({ settings: v2, restaurant: restaurant({ campaignCodes: ['ACCL3'] }), member: { tier: 2, dinesThisYear: 11, dinesLastYear: 0 } })).toMatchObject({ earns: true, tier: 3 });
  });
});

describe('screens', () => {
  const lunchOnly = restaurantTerms({
    participating: true, participationStart: null, participationEnd: null, blackoutDates: ['2026-12-25'], monthlyVisitLimit: 2,
    benefitHours: Array.from({ length: 7 }, () => [{ start: 11 * 60, end: 15 * 60 }]),
  }, []);

  it('promises what a dine at that time would earn, for a member or a visitor', () => {
    const member = { tier: 2, dinesThisYear: 0, dinesLastYear: 0 };
    expect(visitOutlook({ settings: settings(), member, restaurant: lunchOnly, local: plannedLocal('2026-11-20', 12 * 60) })).toEqual({ kind: 'earns', tier: 2, rate: 3, deferred: false });
    expect(visitOutlook({ settings: settings(), member, restaurant: lunchOnly, local: plannedLocal('2026-11-20', 19 * 60) })).toEqual({ kind: 'notEarned', reason: 'outsideBenefitHours', unlockTier: null });
    expect(visitOutlook({ settings: settings(), member, restaurant: lunchOnly, local: plannedLocal('2026-12-25', 12 * 60) })).toMatchObject({ reason: 'blackoutDay' });
    expect(visitOutlook({ settings: settings(), member, restaurant: lunchOnly, local: plannedLocal('2026-11-20', 12 * 60), visitsThisMonth: 2 })).toMatchObject({ reason: 'monthlyVisitLimit' });
    expect(visitOutlook({ settings: settings(), member: null, restaurant: lunchOnly, local: plannedLocal('2026-11-20', 12 * 60) })).toEqual({ kind: 'signIn' });
    expect(visitOutlook({ settings: settings(), member: null, restaurant: lunchOnly, local: plannedLocal('2026-11-20', 20 * 60) })).toMatchObject({ kind: 'notEarned', reason: 'outsideBenefitHours' });
  });

  it('agrees with the engine\'s decision for any member, restaurant and time (property)', () => {
    const window = fc.record({ start: fc.integer({ min: 0, max: 1439 }), len: fc.integer({ min: 1, max: 1440 }) }).map((w) => ({ start: w.start, end: Math.min(1440, w.start + w.len) }));
    fc.assert(fc.property(
      fc.record({ tier: fc.integer({ min: 0, max: 3 }), dinesThisYear: fc.integer({ min: 0, max: 15 }), dinesLastYear: fc.integer({ min: 0, max: 15 }) }),
      fc.record({ hasVIP: fc.boolean(), acclaimed2Enabled: fc.boolean() }),
      fc.array(fc.array(window, { maxLength: 2 }), { minLength: 7, maxLength: 7 }),
      fc.subarray(['ACCL2', 'ACCL3', 'SPRING']),
      fc.integer({ min: 0, max: 1439 }),
      (member, flags, hours, codes, minutes) => {
        const s = settings(flags);
        const r = restaurant({ benefitHours: hours, campaignCodes: codes });
        const local = plannedLocal('2026-11-20', minutes);
        const outlook = visitOutlook({ settings: s, member, restaurant: r, local });
        const engine = evaluateDine({ settings: s, member, restaurant: r, local, cardLinkedAt: new Date(0), accountClosedAt: null, visitsThisMonth: 0, bill: bill() });
        expect(outlook.kind === 'earns').toBe(engine.earns);
        if (outlook.kind === 'earns') expect(outlook).toMatchObject({ tier: engine.tier, rate: engine.rate });
        else expect(outlook).toMatchObject({ reason: engine.reason });
      },
    ));
  });

  it('words the rates the engine pays: the top tier is Select without VIP', () => {
    const miles = { type: 'Mile' as const, singular: 'mile', plural: 'miles' };
    expect(rateText(1, miles)).toBe('1 mile per $1');
    expect(rateText(5, miles, true)).toBe('5 Miles per $1');
    expect(rateText(5, { type: 'Dollar', singular: 'cash back', plural: 'cash back' })).toBe('5% cash back');
    expect(rateText(10, { type: 'Credit', singular: 'dining credit', plural: 'dining credits' }, true)).toBe('10% Back in Dining Credits');
    expect(earningTokens({ earnRates: [2, 2, 5, 8], hasVIP: false }, { type: 'Point', singular: 'point', plural: 'points' })).toMatchObject({ currentEarning2: '5 points per $1', currentEarning3: '5 points per $1' });
    expect(earningTokens({ earnRates: [2, 2, 5, 8], hasVIP: true }, { type: 'Point', singular: 'point', plural: 'points' })).toMatchObject({ currentEarning3: '8 points per $1' });
  });
});

describe('the earn line of a tile and a restaurant page', () => {
  const miles = { type: 'Mile' as const, singular: 'mile', plural: 'miles' };
  const noon = plannedLocal('2026-11-20', 12 * 60);
  const line = (over: Partial<Parameters<typeof earnLineOf>[0]> = {}) => earnLineOf({
    settings: settings({ acclaimed2Enabled: true }), showEarnRate: true, visitorsCanSignIn: true, currency: miles,
    member: { tier: 2, dinesThisYear: 0, dinesLastYear: 0 }, restaurant: restaurant(), local: noon, ...over,
  });

  it("says the rate of the member's tier, times the restaurant's multiplier", () => {
    expect(line()).toMatchObject({ text: '3 miles per $1', earns: true, unlockTier: null });
    expect(line({ member: { tier: 0, dinesThisYear: 0, dinesLastYear: 0 } })).toMatchObject({ text: '1 mile per $1' });
    expect(line({ member: { tier: 3, dinesThisYear: 0, dinesLastYear: 0 } })).toMatchObject({ text: '5 miles per $1' });
    expect(line({ restaurant: restaurant({ multiplier: 2 }) })).toMatchObject({ text: '6 miles per $1' });
    expect(line({ member: { tier: 1, dinesThisYear: 0, dinesLastYear: 0 } })).toMatchObject({ text: '1 mile per $1 once you activate', earns: true });
  });

  it('asks a visitor to sign in only where members can, and says nothing where rates are not shown', () => {
    expect(line({ member: null })).toMatchObject({ text: 'Sign in to see offers', signIn: true, earns: false });
    expect(line({ member: null, visitorsCanSignIn: false })).toBeNull();
    expect(line({ showEarnRate: false })).toBeNull();
    // Nobody earns at a restaurant outside its hours: a visitor is told so too.
    const dinner = restaurant({ benefitHours: Array.from({ length: 7 }, () => [{ start: 17 * 60, end: 1440 }]) });
    expect(line({ member: null, restaurant: dinner })).toMatchObject({ text: 'No rewards at this time', signIn: false });
  });

  it("offers 'Unlock access' with the tier that opens the restaurant instead of a rate it would not pay", () => {
    const accl2 = restaurant({ campaignCodes: ['ACCL2'] });
    const accl3 = restaurant({ campaignCodes: ['ACCL3'] });
    expect(line({ restaurant: accl2, member: { tier: 0, dinesThisYear: 0, dinesLastYear: 0 } })).toMatchObject({ earns: false, reason: 'tierLacksAccess', unlockTier: '2', text: 'Not open to your membership level' });
    expect(line({ restaurant: accl3 })).toMatchObject({ earns: false, unlockTier: '3' });
    expect(line({ restaurant: accl3, member: { tier: 3, dinesThisYear: 0, dinesLastYear: 0 } })).toMatchObject({ earns: true, unlockTier: null });
    expect(line({ restaurant: accl2, member: null })).toMatchObject({ signIn: true, unlockTier: null });
    expect(line({ restaurant: accl3, settings: settings() })).toMatchObject({ earns: true });
  });
});

describe('a booked visit (issue 24)', () => {
  const lunchOnly = restaurant({ benefitHours: Array.from({ length: 7 }, () => [{ start: 11 * 60, end: 15 * 60 }]) });
  const miles = { type: 'Mile' as const, singular: 'mile', plural: 'miles' };
  const cash = { type: 'Dollar' as const, singular: 'cash back', plural: 'cash back' };
  const bonus = { hasReservationBonus: true, programmeAmount: 50 };
  const member = { tier: 2, dinesThisYear: 0, dinesLastYear: 0 };
  const at = (minutes: number, over: Partial<Parameters<typeof bookingOutlook>[0]> = {}) => bookingOutlook({
    settings: settings(), member, restaurant: lunchOnly, local: plannedLocal('2026-11-20', minutes), bonus, ...over,
  });

  it('adds the reservation bonus to a time that earns, and only there', () => {
    expect(at(12 * 60)).toEqual({
      kind: 'earns', tier: 2, rate: 3, deferred: false, reason: null, unlockTier: null, bonus: 50, reservationBonus: 50,
      window: { from: '11:00', until: '15:00' }, payBy: null, noRewardsOn: null,
    });
    expect(at(19 * 60)).toEqual({
      kind: 'notEarned', tier: null, rate: null, deferred: false, reason: 'outsideBenefitHours', unlockTier: null, bonus: null, reservationBonus: 50,
      window: null, payBy: null, noRewardsOn: null,
    });
  });

  it('pays no bonus without the switch, without an active programme, or to a visitor; a dine held until activation gets it on activation (review 24 #7)', () => {
    expect(at(12 * 60, { bonus: { hasReservationBonus: false, programmeAmount: 50 } })).toMatchObject({ kind: 'earns', bonus: null, reservationBonus: null });
    expect(at(12 * 60, { bonus: { hasReservationBonus: true, programmeAmount: null } })).toMatchObject({ kind: 'earns', bonus: null, reservationBonus: null });
    // The engine awards a Deferred dine on activation (awardDeferredDine), then writes its reservation bonus.
    expect(at(12 * 60, { member: { tier: 1, dinesThisYear: 0, dinesLastYear: 0 } })).toMatchObject({ kind: 'earns', deferred: true, bonus: 50, reservationBonus: 50 });
    expect(at(12 * 60, { member: null })).toMatchObject({ kind: 'signIn', bonus: null, reservationBonus: 50 });
  });

  it('names the time to pay by where the reward hours end soon after the booked time (review 24 #2)', () => {
    // 11:00–15:00: seated 1:45 PM, a meal paid after 3:00 PM earns nothing (the engine judges the payment's time).
    expect(at(13 * 60 + 45)).toMatchObject({ kind: 'earns', window: { from: '11:00', until: '15:00' }, payBy: '15:00' });
    expect(at(13 * 60)).toMatchObject({ payBy: '15:00' });
    expect(at(12 * 60 + 59)).toMatchObject({ payBy: null });
    expect(at(13 * 60 + 45, { member: null })).toMatchObject({ kind: 'signIn', payBy: '15:00' });
    // A window to midnight, or windows that touch, end later: no pay-by.
    const evening = restaurant({ benefitHours: Array.from({ length: 7 }, () => [{ start: 17 * 60, end: 1440 }]) });
    expect(at(23 * 60, { restaurant: evening })).toMatchObject({ window: { from: '17:00', until: null }, payBy: null });
    const split = restaurant({ benefitHours: Array.from({ length: 7 }, () => [{ start: 11 * 60, end: 14 * 60 }, { start: 14 * 60, end: 22 * 60 }]) });
    expect(at(13 * 60 + 30, { restaurant: split })).toMatchObject({ window: { from: '11:00', until: '22:00' }, payBy: null });
    expect(bookingMarkText(at(13 * 60 + 45), miles)).toBe('Earns 3 miles per $1 + 50 bonus miles if paid by 3:00 PM');
    expect(bookingMarkText(at(13 * 60 + 45, { member: { tier: 1, dinesThisYear: 0, dinesLastYear: 0 } }), miles)).toBe('Earns 1 mile per $1 + 50 bonus miles if paid by 3:00 PM, once you activate');
    expect(bookingMarkText(at(13 * 60 + 45, { member: null }), miles)).toBe('Rewards if paid by 3:00 PM');
    expect(bookingNoticeText(at(13 * 60 + 45), miles)).toBe('A dine at this time earns 3 miles per $1, plus 50 bonus miles as a reservation bonus, if you pay by 3:00 PM (rewards here end at 3:00 PM and go by the time you pay).');
    expect(bookingNoticeText(at(23 * 60, { restaurant: evening }), miles)).toBe('A dine at this time earns 3 miles per $1, plus 50 bonus miles as a reservation bonus.');
  });

  it('says a day without any reward hours plainly (review 24 j), and a VIP-only restaurant as such', () => {
    const noTuesdays = restaurant({ benefitHours: Array.from({ length: 7 }, (_, d) => (d === 2 ? [] : [{ start: 11 * 60, end: 15 * 60 }])) });
    const tuesday = (minutes: number) => at(minutes, { restaurant: noTuesdays, local: plannedLocal('2026-11-24', minutes) });
    expect(tuesday(12 * 60)).toMatchObject({ kind: 'notEarned', reason: 'outsideBenefitHours', noRewardsOn: 2 });
    expect(bookingMarkText(tuesday(12 * 60), miles)).toBe('No rewards on Tuesdays');
    expect(bookingNoticeText(tuesday(12 * 60), miles)).toBe('A dine at this time earns no miles and no reservation bonus. Why: No rewards on Tuesdays.');
    // Another day's evening is "at this time".
    expect(bookingMarkText(at(19 * 60, { restaurant: noTuesdays }), miles)).toBe('No rewards at this time');
    const vipOnly = restaurant({ campaignCodes: ['ACCL3'] });
    expect(bookingMarkText(at(12 * 60, { settings: settings({ acclaimed2Enabled: true }), restaurant: vipOnly }), miles)).toBe('Open to VIP members');
    expect(outlookReasonText('tierLacksAccess', { unlockTier: 2 })).toBe('Not open to your membership level');
  });

  it('is the visit outlook of the policy, whatever the member, hours and time (property)', () => {
    fc.assert(fc.property(
      fc.record({ tier: fc.integer({ min: 0, max: 3 }), dinesThisYear: fc.integer({ min: 0, max: 15 }), dinesLastYear: fc.integer({ min: 0, max: 15 }) }),
      fc.integer({ min: 0, max: 1439 }),
      fc.integer({ min: 0, max: 3 }),
      fc.option(fc.integer({ min: 0, max: 500 })),
      (m, minutes, visits, amount) => {
        const opts = { settings: settings(), member: m, restaurant: restaurant({ benefitHours: lunchOnly.benefitHours, monthlyVisitLimit: 2 }), local: plannedLocal('2026-11-20', minutes), visitsThisMonth: visits };
        const b = bookingOutlook({ ...opts, bonus: { hasReservationBonus: true, programmeAmount: amount } });
        const o = visitOutlook(opts);
        expect(b.kind).toBe(o.kind);
        if (o.kind === 'earns') expect(b).toMatchObject({ tier: o.tier, rate: o.rate, deferred: o.deferred, reason: null });
        if (o.kind === 'notEarned') expect(b).toMatchObject({ reason: o.reason, unlockTier: o.unlockTier, rate: null, bonus: null });
        if (b.bonus !== null) expect(b.kind === 'earns' && b.bonus === amount && amount > 0).toBe(true);
      },
    ));
  });

  it('words the mark of a slot and the sentence of the hold and the confirmation', () => {
    expect(bookingMarkText(at(12 * 60), miles)).toBe('Earns 3 miles per $1 + 50 bonus miles');
    expect(bookingMarkText(at(12 * 60, { bonus: { hasReservationBonus: false, programmeAmount: null } }), miles)).toBe('Earns 3 miles per $1');
    expect(bookingMarkText(at(19 * 60), miles)).toBe('No rewards at this time');
    expect(bookingMarkText(at(12 * 60, { member: null }), miles)).toBe('Rewards at this time');
    expect(bookingMarkText(at(12 * 60, { member: { tier: 1, dinesThisYear: 0, dinesLastYear: 0 } }), miles)).toBe('Earns 1 mile per $1 + 50 bonus miles once you activate');
    expect(bookingMarkText(at(12 * 60, { bonus: { hasReservationBonus: true, programmeAmount: 200 } }), cash)).toBe('Earns 3% cash back + $2.00 bonus');

    expect(bookingNoticeText(at(12 * 60), miles)).toBe('A dine at this time earns 3 miles per $1, plus 50 bonus miles as a reservation bonus, if you pay by 3:00 PM (rewards here end at 3:00 PM and go by the time you pay).');
    expect(bookingNoticeText(at(19 * 60), miles)).toBe('A dine at this time earns no miles and no reservation bonus. Why: No rewards at this time.');
    expect(bookingNoticeText(at(19 * 60, { bonus: { hasReservationBonus: false, programmeAmount: 50 } }), miles)).toBe('A dine at this time earns no miles. Why: No rewards at this time.');
    expect(bookingNoticeText(at(12 * 60, { member: { tier: 1, dinesThisYear: 0, dinesLastYear: 0 } }), miles)).toBe('A dine at this time earns 1 mile per $1, plus 50 bonus miles as a reservation bonus, if you pay by 3:00 PM (rewards here end at 3:00 PM and go by the time you pay), paid once you activate your account.');
    expect(bonusText(1, miles)).toBe('1 bonus mile');
    expect(bonusText(1500, { type: 'Point', singular: 'point', plural: 'points' })).toBe('1,500 bonus points');
  });
});

describe('deferred rewards', () => {
  it('pay when the member activates within DEFERRED_DAYS of the clearing; the last whole day is the one before the deadline', () => {
    expect(deferralDeadline(new Date('2026-11-21T08:00:00Z')).toISOString()).toBe('2026-12-05T08:00:00.000Z');
    expect(lastDayToActivate('2026-12-05')).toBe('2026-12-04');
    expect(lastDayToActivate('2027-01-01')).toBe('2026-12-31');
    expect(lastDayToActivate('2028-03-01')).toBe('2028-02-29');
  });

  it('"activate by <day>" holds at any hour of that day (property)', () => {
    const hour = 3_600_000;
    fc.assert(fc.property(fc.integer({ min: Date.UTC(2025, 0, 1) / hour, max: Date.UTC(2028, 0, 1) / hour }), fc.integer({ min: -10, max: 10 }), (clearedHour, offsetHours) => {
      const deadline = deferralDeadline(new Date(clearedHour * hour));
      // The member's clock at a fixed offset: the deadline's local date, and the last instant of the day before it.
      const localDate = new Date(deadline.getTime() + offsetHours * hour).toISOString().slice(0, 10);
      const byDay = lastDayToActivate(localDate);
      const endOfByDay = Date.parse(`${byDay}T23:59:59.999Z`) - offsetHours * hour;
      expect(endOfByDay).toBeLessThan(deadline.getTime());
      // …and no earlier than a day before the deadline: the member is not told less than the rule gives.
      expect(deadline.getTime() - endOfByDay).toBeLessThanOrEqual(86_400_000);
    }));
  });
});

describe("'Unlock access to earn' offers the next step a member can take", () => {
  it('is opting in to e-mail below Select where Select opens the restaurant; VIP from Select only where dining reaches it (review 24 #4)', () => {
    const miles = { type: 'Mile' as const, singular: 'mile', plural: 'miles' };
    const line = (tier: number, codes: string[]) => earnLineOf({
      settings: settings({ acclaimed2Enabled: true }), showEarnRate: true, visitorsCanSignIn: true, currency: miles,
      member: { tier, dinesThisYear: 0, dinesLastYear: 0 }, restaurant: restaurant({ campaignCodes: codes }), local: plannedLocal('2026-11-20', 720),
    });
    // Opting in makes a Basic member Select, which does not open a VIP restaurant: no false promise.
    expect(line(0, ['ACCL3'])).toMatchObject({ unlockTier: null, text: 'Open to VIP members', reason: 'tierLacksAccess' });
    expect(line(1, ['ACCL3'])).toMatchObject({ unlockTier: null, text: 'Open to VIP members' });
    expect(line(2, ['ACCL3'])).toMatchObject({ unlockTier: '3', text: 'Open to VIP members' });
    expect(line(0, ['ACCL2'])).toMatchObject({ unlockTier: '2', text: 'Not open to your membership level' });
    expect(line(1, ['ACCL2'])?.unlockTier).toBe('2');
    // At any hour (the gate comes before the calendar): 3:00 AM too.
    const night = earnLineOf({
      settings: settings({ acclaimed2Enabled: true }), showEarnRate: true, visitorsCanSignIn: true, currency: miles,
      member: { tier: 0, dinesThisYear: 0, dinesLastYear: 0 }, local: plannedLocal('2026-11-20', 180),
      restaurant: restaurant({ campaignCodes: ['ACCL2'], benefitHours: Array.from({ length: 7 }, () => [{ start: 11 * 60, end: 15 * 60 }]) }),
    });
    expect(night).toMatchObject({ reason: 'tierLacksAccess', unlockTier: '2' });
  });
});

describe("the partner's VIP threshold (issue 27: set in the console)", () => {
  it('makes a member VIP at exactly the threshold, not one dine before, this year or last', () => {
    const five = settings({ vipQualifyingDines: 5 });
    expect(effectiveTier(five, { tier: 2, dinesThisYear: 4, dinesLastYear: 4 })).toBe(2);
    expect(effectiveTier(five, { tier: 2, dinesThisYear: 5, dinesLastYear: 0 })).toBe(3);
    expect(effectiveTier(five, { tier: 2, dinesThisYear: 0, dinesLastYear: 5 })).toBe(3);
    expect(effectiveTier(settings(), { tier: 2, dinesThisYear: 5, dinesLastYear: 5 })).toBe(2);
  });

  it('counts the meter and the progress to the threshold', () => {
    const s = vipStanding(settings({ vipQualifyingDines: 5 }), { tier: 2, dinesThisYear: 3, dinesLastYear: 0 }, 2026);
    expect(s).toMatchObject({ status: 'Building', meter: { done: 3, max: 5, remaining: 2 }, toReach: 2, threshold: 5 });
    expect(diningProgressOf(s, 0)).toMatchObject({ dinesRequired: 5, remainingDines: 2 });
    const renewing = vipStanding(settings({ vipQualifyingDines: 20 }), { tier: 2, dinesThisYear: 19, dinesLastYear: 20 }, 2026);
    expect(renewing).toMatchObject({ status: 'Renewing', meter: { done: 19, max: 20, remaining: 1 } });
  });

  it('earns the VIP rate from the dine after the threshold-th', () => {
    const s = settings({ vipQualifyingDines: 3 });
    expect(dine({ settings: s, member: { tier: 2, dinesThisYear: 2, dinesLastYear: 0 } }).tier).toBe(2);
    expect(dine({ settings: s, member: { tier: 2, dinesThisYear: 3, dinesLastYear: 0 } }).tier).toBe(3);
  });
});

describe('a VIP granted outright', () => {
  it('is VIP with no end date that dining set, until the dines make it VIP through next year', () => {
    const view = (dinesThisYear: number) => {
      const s = vipStanding({ hasVIP: true, vipQualifyingDines: 11 }, { tier: 3, dinesThisYear, dinesLastYear: 0 }, 2026);
      return vipMeterView({ hasVIP: true }, { tierLevel: 3, diningProgress: { ...diningProgressOf(s, 0), year: 2026 } });
    };
    expect(view(7)).toEqual({ kind: 'vip', through: null });
    expect(vipMeterText(view(7))).toBe('You are VIP.');
    expect(view(11)).toEqual({ kind: 'vip', through: 2027 });
  });
});

describe('the currency in words (issue 25: a credit partner never reads "cash back")', () => {
  it('names each partner\'s own currency, capitalised at the start of a heading', () => {
    expect(currencyWords({ plural: 'cash back' })).toBe('cash back');
    expect(currencyWords({ plural: 'fuel credits' })).toBe('fuel credits');
    expect(currencyWords({ plural: 'dining credits' }, { capital: true })).toBe('Dining credits');
    expect(currencyWords({ plural: 'miles' }, { capital: true })).toBe('Miles');
    expect(currencyWords({ plural: ' ' })).toBe('rewards');
  });
});
