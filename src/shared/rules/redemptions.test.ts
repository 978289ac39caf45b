import { describe, expect, it } from 'vitest';
import { HOLD_WINDOWS_DAYS, MEMBER_LIMITS, PARTNER_LIMITS, REDEMPTION_OPTIONS, REDEMPTION_STATUSES, REDEMPTION_TERMS } from '../constants/redemptions';
import {
  amountProblem, balanceShortText, canMove, dollars, GIFT_CARDS_UNAVAILABLE, holdReason, isFinal, limitProblem, moneyText, OPEN_STATUSES, optionsFor, optionUnavailable, RETURNED_STATUSES, returnsMoney,
  type HoldContext, type Usage,
} from './redemptions';

const DAY = 86_400_000;
const now = new Date('2026-11-29T12:00:00Z');
const ago = (days: number, ms = 0) => new Date(now.getTime() - days * DAY - ms);

describe('the status machine', () => {
  it('moves forward only, never out of a final status', () => {
    const allowed = REDEMPTION_STATUSES.flatMap((from) => REDEMPTION_STATUSES.filter((to) => canMove(from, to)).map((to) => `${from}→${to}`));
    expect(allowed).toEqual([
      'pending→pending_received', 'pending→completed', 'pending→rejected', 'pending→error',
      'pending_received→completed', 'pending_received→rejected', 'pending_received→error',
    ]);
    expect(REDEMPTION_STATUSES.filter(isFinal)).toEqual(['completed', 'rejected', 'error']);
  });

  it('gives the money back for rejected and error only, and says so', () => {
    expect(REDEMPTION_STATUSES.filter(returnsMoney)).toEqual(['rejected', 'error']);
    expect(moneyText('pending', 2500)).toBe('$25.00 is set aside from your balance while we send it.');
    expect(moneyText('pending_received', 2500)).toBe('$25.00 has been accepted and is on its way.');
    expect(moneyText('completed', 2500)).toBe('$25.00 has been paid.');
    expect(moneyText('rejected', 2591)).toBe('$25.91 was returned to your balance.');
    expect(moneyText('error', 1)).toBe('$0.01 was returned to your balance.');
  });
});

describe('options and amounts', () => {
  const ctx = { balanceCents: 10_000, hasLinkedCard: true, giftCardsAvailable: true };

  it('each option is open with a card, gift cards and a balance at its minimum', () => {
    for (const option of REDEMPTION_OPTIONS) {
      const min = REDEMPTION_TERMS[option].minCents;
      expect(optionUnavailable(option, { ...ctx, balanceCents: min }), option).toBeNull();
      expect(optionUnavailable(option, { ...ctx, balanceCents: min - 1 }), option).toBe(`Your balance is below this option's minimum of ${dollars(min)}.`);
    }
  });

  it('a statement credit needs a linked card; gift cards need a provider', () => {
    expect(optionUnavailable('statementCredit', { ...ctx, hasLinkedCard: false })).toBe('Link a card first: statement credits go to a linked card.');
    expect(optionUnavailable('visa', { ...ctx, hasLinkedCard: false })).toBeNull();
    expect(optionUnavailable('tremendous', { ...ctx, giftCardsAvailable: false })).toBe(GIFT_CARDS_UNAVAILABLE);
    expect(optionUnavailable('statementCredit', { ...ctx, giftCardsAvailable: false })).toBeNull();
    expect(optionsFor(ctx).map((o) => [o.option, o.minCents, o.unavailableReason])).toEqual(REDEMPTION_OPTIONS.map((o) => [o, REDEMPTION_TERMS[o].minCents, null]));
  });

  it('an amount is a whole number of cents within the option\'s bounds', () => {
    for (const option of REDEMPTION_OPTIONS) {
      const { minCents, maxCents } = REDEMPTION_TERMS[option];
      expect(amountProblem(option, minCents), option).toBeNull();
      expect(amountProblem(option, maxCents), option).toBeNull();
      expect(amountProblem(option, minCents - 1), option).toBe(`The smallest ${REDEMPTION_TERMS[option].name} is ${dollars(minCents)}.`);
      expect(amountProblem(option, maxCents + 1), option).toBe(`The largest ${REDEMPTION_TERMS[option].name} is ${dollars(maxCents)}.`);
    }
    expect(amountProblem('visa', 2500.5)).toBe('The amount must be a whole number of cents.');
    expect(amountProblem('visa', 2499)).toBe('The smallest Visa prepaid card is $25.00.');
    expect(amountProblem('tremendous', 50_001)).toBe('The largest gift card of your choice is $500.00.');
  });

  it('says the balance plainly when it falls short (never a negative balance)', () => {
    expect(balanceShortText(2_600, 2_700)).toBe('Your balance of $26.00 does not cover $27.00. Choose a smaller amount.');
    expect(balanceShortText(-300, 500)).toBe('Your balance of $0.00 does not cover $5.00. Choose a smaller amount.');
  });
});

describe('limits', () => {
  const none: Usage = { dayCount: 0, dayCents: 0, monthCount: 0, monthCents: 0 };

  it('allows a member up to each limit and not one past it', () => {
    expect(limitProblem({ ...none, dayCount: MEMBER_LIMITS.perDayCount - 1 }, none, 100)).toBeNull();
    expect(limitProblem({ ...none, dayCount: MEMBER_LIMITS.perDayCount }, none, 100)).toBe(`You can make up to ${MEMBER_LIMITS.perDayCount} redemptions a day. Try again tomorrow.`);
    expect(limitProblem({ ...none, dayCents: MEMBER_LIMITS.perDayCents - 100 }, none, 100)).toBeNull();
    expect(limitProblem({ ...none, dayCents: MEMBER_LIMITS.perDayCents - 100 }, none, 101)).toBe(`You can redeem up to ${dollars(MEMBER_LIMITS.perDayCents)} a day; $1.00 is left today.`);
    expect(limitProblem({ ...none, monthCount: MEMBER_LIMITS.perMonthCount - 1 }, none, 100)).toBeNull();
    expect(limitProblem({ ...none, monthCount: MEMBER_LIMITS.perMonthCount }, none, 100)).toBe(`You can make up to ${MEMBER_LIMITS.perMonthCount} redemptions a month.`);
    expect(limitProblem({ ...none, monthCents: MEMBER_LIMITS.perMonthCents - 100 }, none, 100)).toBeNull();
    expect(limitProblem({ ...none, monthCents: MEMBER_LIMITS.perMonthCents - 100 }, none, 101)).toBe(`You can redeem up to ${dollars(MEMBER_LIMITS.perMonthCents)} a month; $1.00 is left this month.`);
  });

  it('stops the whole programme at the partner\'s limits, member limits first', () => {
    expect(limitProblem(none, { ...none, dayCount: PARTNER_LIMITS.perDayCount - 1 }, 100)).toBeNull();
    expect(limitProblem(none, { ...none, dayCount: PARTNER_LIMITS.perDayCount }, 100)).toBe('Redemptions are paused for today across the programme. Try again tomorrow.');
    expect(limitProblem(none, { ...none, dayCents: PARTNER_LIMITS.perDayCents }, 1)).toBe('Redemptions are paused for today across the programme. Try again tomorrow.');
    expect(limitProblem(none, { ...none, monthCount: PARTNER_LIMITS.perMonthCount }, 1)).toBe('Redemptions are paused for this month across the programme.');
    expect(limitProblem(none, { ...none, monthCents: PARTNER_LIMITS.perMonthCents }, 1)).toBe('Redemptions are paused for this month across the programme.');
    expect(limitProblem({ ...none, dayCount: MEMBER_LIMITS.perDayCount }, { ...none, dayCount: PARTNER_LIMITS.perDayCount }, 1)).toMatch(/^You can make/);
  });
});

describe('holds', () => {
  const base: HoldContext = { now, priorRedemptions: 1, joinedAt: ago(400), emailChangedAt: null, payoutCardLinkedAt: ago(400), delivery: 'Email' };

  it('holds a first redemption, whatever else', () => {
    expect(holdReason({ ...base, priorRedemptions: 0 })).toBe('firstRedemption');
    expect(holdReason(base)).toBeNull();
  });

  it('holds within each window and not from its end on', () => {
    expect(holdReason({ ...base, joinedAt: ago(HOLD_WINDOWS_DAYS.joined, -1) })).toBe('newMember');
    expect(holdReason({ ...base, joinedAt: ago(HOLD_WINDOWS_DAYS.joined) })).toBeNull();
    expect(holdReason({ ...base, emailChangedAt: ago(HOLD_WINDOWS_DAYS.emailChanged, -1) })).toBe('emailChanged');
    expect(holdReason({ ...base, emailChangedAt: ago(HOLD_WINDOWS_DAYS.emailChanged) })).toBeNull();
    const card = { ...base, delivery: 'Card' as const };
    expect(holdReason({ ...card, payoutCardLinkedAt: ago(HOLD_WINDOWS_DAYS.payoutCardLinked, -1) })).toBe('payoutCardLinked');
    expect(holdReason({ ...card, payoutCardLinkedAt: ago(HOLD_WINDOWS_DAYS.payoutCardLinked) })).toBeNull();
  });

  it('an e-mail change matters to gift cards, a new card to statement credits', () => {
    expect(holdReason({ ...base, delivery: 'Card', emailChangedAt: ago(1) })).toBeNull();
    expect(holdReason({ ...base, delivery: 'Email', payoutCardLinkedAt: ago(1) })).toBeNull();
  });
});

describe('the status groups queries read', () => {
  it('open: pending and pending_received; returned: rejected and error; completed in neither', () => {
    expect(OPEN_STATUSES).toEqual(['pending', 'pending_received']);
    expect(RETURNED_STATUSES).toEqual(['rejected', 'error']);
  });
});
