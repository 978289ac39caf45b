import { describe, expect, it } from 'vitest';
import {
  addDays, audienceOf, DEFAULT_REWARD_MAILS, EXPECTED_POSTING_DAYS, MAIL_AUDIENCES, NOTIFICATION_KINDS, REDEMPTION_MAIL_KINDS, dineMailDue, dineMailKind, dollars, expectedPostingDate, isRedemptionMailKind, longDate, mailDecision, NOTIFY_WITHIN_DAYS,
  redemptionMailDecision, rewardText,
  type Recipient,
} from './notifications';

const DAY = 86_400_000;
const now = new Date('2026-11-22T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY);

describe('dineMailKind: which mail a dine state calls for', () => {
  it('Pending with an authorisation is seen; without one (clearing pending?) there is nothing to say', () => {
    expect(dineMailKind({ status: 'Pending', authAmountCents: 4200 })).toBe('dineSeen');
    expect(dineMailKind({ status: 'Pending', authAmountCents: null })).toBeNull();
  });
  it('Awarded and Paid are awarded, Forfeit is not earned, Deferred waits', () => {
    expect(dineMailKind({ status: 'Awarded', authAmountCents: null })).toBe('dineAwarded');
    expect(dineMailKind({ status: 'Paid', authAmountCents: 100 })).toBe('dineAwarded');
    expect(dineMailKind({ status: 'Forfeit', authAmountCents: 100 })).toBe('dineNotEarned');
    expect(dineMailKind({ status: 'Deferred', authAmountCents: 100 })).toBeNull();
  });
});

describe('dineMailDue: only fresh news is mailed', () => {
  it.each([
    ['Pending', 'dineSeen'], ['Awarded', 'dineAwarded'], ['Forfeit', 'dineNotEarned'],
  ] as const)('%s: due up to its window, not a moment after', (status, kind) => {
    const days = NOTIFY_WITHIN_DAYS[kind];
    expect(dineMailDue({ status, authAmountCents: 1000, occurredAt: ago(days) }, now)).toBe(kind);
    expect(dineMailDue({ status, authAmountCents: 1000, occurredAt: new Date(ago(days).getTime() - 1) }, now)).toBeNull();
    expect(dineMailDue({ status, authAmountCents: 1000, occurredAt: ago(0) }, now)).toBe(kind);
  });
  it('windows: seen 3 days, awarded 10, not earned 30', () => {
    expect(NOTIFY_WITHIN_DAYS).toEqual({ dineSeen: 3, dineAwarded: 10, dineNotEarned: 30 });
  });
  it('a year-old demo dine calls for nothing', () => {
    expect(dineMailDue({ status: 'Forfeit', authAmountCents: 1000, occurredAt: ago(200) }, now)).toBeNull();
    expect(dineMailDue({ status: 'Deferred', authAmountCents: 1000, occurredAt: ago(0) }, now)).toBeNull();
  });
});

describe('mailDecision', () => {
  const member: Recipient = { partnerId: 7, memberType: 'EnrolledCardMember', active: true, emailOptIn: true, email: 'a@b.example' };
  const decide = (m: Partial<Recipient>, settings?: Parameters<typeof mailDecision>[0]['settings'], kind: Parameters<typeof mailDecision>[0]['kind'] = 'dineAwarded') =>
    mailDecision({ kind, partnerId: 7, member: { ...member, ...m }, settings });

  it('sends to an open account of the partner by default, opted in or not (transactional)', () => {
    expect(decide({})).toEqual({ send: true });
    expect(decide({ emailOptIn: false })).toEqual({ send: true });
    expect(decide({ memberType: 'NonCardMember' }, undefined, 'cardMoved')).toEqual({ send: true });
  });
  it('never to a member of another partner, a closed or inactive account, or no address', () => {
    expect(decide({ partnerId: 8 })).toEqual({ send: false, reason: 'otherPartner' });
    expect(decide({ memberType: 'ClosedAccountMember' })).toEqual({ send: false, reason: 'accountClosed' });
    expect(decide({ active: false })).toEqual({ send: false, reason: 'accountClosed' });
    expect(decide({ email: '' })).toEqual({ send: false, reason: 'noEmail' });
    // Another partner's member is refused before anything else is looked at.
    expect(decide({ partnerId: 8, memberType: 'ClosedAccountMember' })).toEqual({ send: false, reason: 'otherPartner' });
  });
  it("follows the partner's setting: off, or opted-in members only", () => {
    expect(decide({}, { dineAwarded: 'off' })).toEqual({ send: false, reason: 'partnerOff' });
    expect(decide({}, { dineSeen: 'off' })).toEqual({ send: true });
    expect(decide({ emailOptIn: false }, { dineAwarded: 'optedIn' })).toEqual({ send: false, reason: 'optedOut' });
    expect(decide({ emailOptIn: true }, { dineAwarded: 'optedIn' })).toEqual({ send: true });
    expect(decide({ memberType: 'ClosedAccountMember' }, { dineAwarded: 'all' })).toEqual({ send: false, reason: 'accountClosed' });
  });
  it('an unknown setting value falls back to the default', () => {
    expect(audienceOf({ dineSeen: 'sometimes' as never }, 'dineSeen')).toBe('all');
    expect(audienceOf(null, 'cardMoved')).toBe('all');
    expect(audienceOf({ cardMoved: 'optedIn' }, 'cardMoved')).toBe('optedIn');
  });
});

describe('redemptionMailDecision: money the member asked for', () => {
  const member = { partnerId: 7, email: 'a@b.example' };
  it('goes whatever the account state, opt-in or partner setting (it reads none of them)', () => {
    expect(redemptionMailDecision({ partnerId: 7, member })).toEqual({ send: true });
  });
  it('never to a member of another partner, never without an address', () => {
    expect(redemptionMailDecision({ partnerId: 8, member })).toEqual({ send: false, reason: 'otherPartner' });
    expect(redemptionMailDecision({ partnerId: 7, member: { ...member, email: '' } })).toEqual({ send: false, reason: 'noEmail' });
  });
  it('knows its kinds', () => {
    expect(['redemptionReceived', 'redemptionDelivered', 'redemptionFailed'].map(isRedemptionMailKind)).toEqual([true, true, true]);
    expect(['dineSeen', 'cardMoved', 'redemption'].map(isRedemptionMailKind)).toEqual([false, false, false]);
  });
});

describe('dates and amounts in words', () => {
  it('expected posting: five days after the local date, across months and years', () => {
    expect(expectedPostingDate('2026-11-20')).toBe('2026-11-25');
    expect(expectedPostingDate('2026-12-29')).toBe('2027-01-03');
    expect(addDays('2028-02-27', 2)).toBe('2028-02-29');
    expect(longDate('2026-01-05')).toBe('January 5, 2026');
    expect(longDate('2026-12-31')).toBe('December 31, 2026');
  });
  it('dollars', () => {
    expect(dollars(0)).toBe('$0.00');
    expect(dollars(5)).toBe('$0.05');
    expect(dollars(123456)).toBe('$1,234.56');
    expect(dollars(-250)).toBe('-$2.50');
  });
  it("rewards in the partner's currency words", () => {
    const miles = { currencyType: 'Mile' as const, copyStates: { currencySingular: 'mile', currencyPlural: 'miles' } };
    expect(rewardText(1, miles)).toBe('1 mile');
    expect(rewardText(1500, miles)).toBe('1,500 miles');
    expect(rewardText(0, miles)).toBe('0 miles');
    expect(rewardText(150, { currencyType: 'Dollar', copyStates: {} })).toBe('$1.50');
    expect(rewardText(150, { currencyType: 'Credit', copyStates: { currencyPlural: 'cash back' } })).toBe('$1.50');
    expect(rewardText(12, { currencyType: 'Point', copyStates: {} })).toBe('12');
  });
});

describe('notifications, edges', () => {
  it('names its kinds and audiences, and sends every kind to every open account by default', () => {
    expect(NOTIFICATION_KINDS).toEqual(['dineSeen', 'dineAwarded', 'dineNotEarned', 'cardMoved']);
    expect(REDEMPTION_MAIL_KINDS).toEqual(['redemptionReceived', 'redemptionDelivered', 'redemptionFailed']);
    expect(MAIL_AUDIENCES).toEqual(['all', 'optedIn', 'off']);
    expect(DEFAULT_REWARD_MAILS).toEqual({ dineSeen: 'all', dineAwarded: 'all', dineNotEarned: 'all', cardMoved: 'all' });
    expect(NOTIFICATION_KINDS.map((kind) => audienceOf(undefined, kind))).toEqual(['all', 'all', 'all', 'all']);
    expect(EXPECTED_POSTING_DAYS).toBe(5);
  });

  it('audienceOf keeps each valid setting of its own kind and ignores an empty one', () => {
    expect(MAIL_AUDIENCES.map((a) => audienceOf({ dineNotEarned: a }, 'dineNotEarned'))).toEqual(['all', 'optedIn', 'off']);
    expect(audienceOf({ dineNotEarned: 'off' }, 'dineSeen')).toBe('all');
    expect(audienceOf({ dineSeen: '' as never }, 'dineSeen')).toBe('all');
    expect(audienceOf({}, 'dineAwarded')).toBe('all');
  });

  it('mailDecision: an address needs an @; an opted-out member still gets an \'all\' kind; each kind reads its own setting', () => {
    const member: Recipient = { partnerId: 7, memberType: 'NonCardMember', active: true, emailOptIn: false, email: 'no-at-sign.example' };
    expect(mailDecision({ kind: 'cardMoved', partnerId: 7, member, settings: null })).toEqual({ send: false, reason: 'noEmail' });
    const ok = { ...member, email: 'a@b' };
    expect(mailDecision({ kind: 'cardMoved', partnerId: 7, member: ok, settings: { cardMoved: 'all' } })).toEqual({ send: true });
    expect(mailDecision({ kind: 'cardMoved', partnerId: 7, member: ok, settings: { cardMoved: 'optedIn' } })).toEqual({ send: false, reason: 'optedOut' });
    expect(mailDecision({ kind: 'dineSeen', partnerId: 7, member: ok, settings: { cardMoved: 'off' } })).toEqual({ send: true });
    // A partner that turned a kind off does not mail even members who opted in.
    expect(mailDecision({ kind: 'dineSeen', partnerId: 7, member: { ...ok, emailOptIn: true }, settings: { dineSeen: 'off' } })).toEqual({ send: false, reason: 'partnerOff' });
    // The account rules come before the address and the setting.
    expect(mailDecision({ kind: 'dineSeen', partnerId: 7, member: { ...member, active: false }, settings: { dineSeen: 'off' } })).toEqual({ send: false, reason: 'accountClosed' });
    expect(mailDecision({ kind: 'dineSeen', partnerId: 7, member: { ...member, email: '' }, settings: { dineSeen: 'off' } })).toEqual({ send: false, reason: 'noEmail' });
  });

  it('redemptionMailDecision: another partner comes before the address; an @ is enough', () => {
    expect(redemptionMailDecision({ partnerId: 8, member: { partnerId: 7, email: '' } })).toEqual({ send: false, reason: 'otherPartner' });
    expect(redemptionMailDecision({ partnerId: 7, member: { partnerId: 7, email: 'nobody' } })).toEqual({ send: false, reason: 'noEmail' });
    expect(redemptionMailDecision({ partnerId: 7, member: { partnerId: 7, email: '@' } })).toEqual({ send: true });
    expect(isRedemptionMailKind('')).toBe(false);
  });

  it('dineMailDue: a Pending dine without an authorisation is never due; the window is counted in whole days', () => {
    expect(dineMailDue({ status: 'Pending', authAmountCents: null, occurredAt: ago(0) }, now)).toBeNull();
    expect(dineMailDue({ status: 'Pending', authAmountCents: 0, occurredAt: ago(0) }, now)).toBe('dineSeen');
    expect(dineMailDue({ status: 'Paid', authAmountCents: null, occurredAt: ago(10) }, now)).toBe('dineAwarded');
    expect(dineMailDue({ status: 'Paid', authAmountCents: null, occurredAt: ago(11) }, now)).toBeNull();
    expect(dineMailDue({ status: 'Pending', authAmountCents: 1, occurredAt: new Date(ago(3).getTime() + 1) }, now)).toBe('dineSeen');
    // A dine dated after now (clocks apart) is fresh news.
    expect(dineMailDue({ status: 'Forfeit', authAmountCents: null, occurredAt: new Date(now.getTime() + DAY) }, now)).toBe('dineNotEarned');
  });

  it('dates: days added across a leap day and a year, in both directions; every month by name', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2026-11-20', 0)).toBe('2026-11-20');
    expect(Array.from({ length: 12 }, (_, i) => longDate(`2026-${String(i + 1).padStart(2, '0')}-09`))).toEqual([
      'January 9, 2026', 'February 9, 2026', 'March 9, 2026', 'April 9, 2026', 'May 9, 2026', 'June 9, 2026',
      'July 9, 2026', 'August 9, 2026', 'September 9, 2026', 'October 9, 2026', 'November 9, 2026', 'December 9, 2026',
    ]);
  });

  it('dollars: thousands grouped, parts of a cent dropped, minus before the sign', () => {
    expect(dollars(99)).toBe('$0.99');
    expect(dollars(100)).toBe('$1.00');
    expect(dollars(99_999)).toBe('$999.99');
    expect(dollars(100_000)).toBe('$1,000.00');
    expect(dollars(123_456_789)).toBe('$1,234,567.89');
    expect(dollars(150.9)).toBe('$1.50');
    expect(dollars(-150.9)).toBe('-$1.50');
    expect(dollars(-1)).toBe('-$0.01');
    expect(dollars(-123_456)).toBe('-$1,234.56');
  });

  it("rewards: whole numbers, one and minus one singular, the currency word only when the partner has one", () => {
    const miles = { currencyType: 'Mile' as const, copyStates: { currencySingular: 'mile', currencyPlural: 'miles' } };
    expect(rewardText(-1, miles)).toBe('-1 mile');
    expect(rewardText(1.9, miles)).toBe('1 mile');
    expect(rewardText(2, miles)).toBe('2 miles');
    expect(rewardText(-2, miles)).toBe('-2 miles');
    expect(rewardText(999, miles)).toBe('999 miles');
    expect(rewardText(1000, miles)).toBe('1,000 miles');
    expect(rewardText(1_234_567, miles)).toBe('1,234,567 miles');
    expect(rewardText(-1500, miles)).toBe('-1,500 miles');
    expect(rewardText(2, { currencyType: 'Point', copyStates: { currencySingular: 'point' } })).toBe('2');
    expect(rewardText(1, { currencyType: 'Point', copyStates: { currencyPlural: 'points' } })).toBe('1');
    expect(rewardText(1, { currencyType: 'Point', copyStates: { currencySingular: 'point', currencyPlural: 'points' } })).toBe('1 point');
    expect(rewardText(1, { currencyType: 'Mile', copyStates: { currencySingular: '', currencyPlural: 'miles' } })).toBe('1');
    expect(rewardText(1, { currencyType: 'Dollar', copyStates: { currencySingular: 'dollar' } })).toBe('$0.01');
    expect(rewardText(1, { currencyType: 'Credit', copyStates: { currencySingular: 'credit' } })).toBe('$0.01');
  });
});
