import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { REWARD_SOURCE_CODES, REWARD_STATUSES } from '../constants/rewards';
import { mayHaveReviewLink, REVIEW_LINK_MESSAGES, REVIEWABLE_SOURCES, REVIEWS_FROM_DATE, reviewLinkDecision, UNREVIEWABLE_STATUSES, showsReviewLink, type ReviewLinkInput } from './review-link';
import { reviewDaysSince } from './rewards/local-time';

const row = (over: Partial<ReviewLinkInput> = {}): ReviewLinkInput => ({
  transactionCreatedAt: '2026-01-01T20:00:00-08:00',
  transactionStatus: 'Awarded',
  transactionTypeCode: 'S',
  merchantId: 7,
  reviewed: false,
  ...over,
});
const at = (iso: string) => new Date(iso);

describe('§5 review link: the 35-day window in the restaurant-local date', () => {
  it('is open from the day of the dine to day 35 and closed on day 36, by the restaurant\'s calendar', () => {
    // A Los Angeles dinner on 1 January 2026 at 20:00 (04:00 UTC on the 2nd).
    expect(reviewDaysSince(row().transactionCreatedAt, at('2026-01-01T20:30:00-08:00'))).toBe(0);
    expect(showsReviewLink(row(), at('2026-01-01T20:30:00-08:00'))).toBe(true);
    // 23:59 on 5 February in Los Angeles is already the 6th in UTC: still day 35 there.
    expect(reviewDaysSince(row().transactionCreatedAt, at('2026-02-05T23:59:00-08:00'))).toBe(35);
    expect(reviewLinkDecision(row(), at('2026-02-05T23:59:00-08:00'))).toEqual({ ok: true, daysSince: 35 });
    // Midnight in Los Angeles starts day 36.
    expect(reviewDaysSince(row().transactionCreatedAt, at('2026-02-06T00:00:00-08:00'))).toBe(36);
    expect(reviewLinkDecision(row(), at('2026-02-06T00:00:00-08:00'))).toEqual({ ok: false, problem: 'windowClosed' });
  });

  it('counts an east-coast late dinner by its local date, not the UTC one', () => {
    // 23:30 on 10 March in New York is the 11th in UTC; its day 35 is 14 April local.
    const tx = row({ transactionCreatedAt: '2026-03-10T23:30:00-05:00' });
    expect(showsReviewLink(tx, at('2026-04-14T23:59:00-04:00'))).toBe(true); // daylight saving since: the dine's offset is used, 1 h off at most
    expect(showsReviewLink(tx, at('2026-04-15T12:00:00-04:00'))).toBe(false);
  });

  it('reads UTC rows (adjustments) in UTC', () => {
    const tx = row({ transactionTypeCode: 'M', transactionCreatedAt: '2026-05-01T10:00:00.000Z' });
    expect(showsReviewLink(tx, at('2026-06-05T23:59:59Z'))).toBe(true);
    expect(showsReviewLink(tx, at('2026-06-06T00:00:00Z'))).toBe(false);
  });

  describe('the member\'s own time zone plays no part', () => {
    const saved = process.env.TZ;
    afterEach(() => {
      // An unset zone stays unset (assigning undefined would make it the zone 'undefined').
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    });
    it.each(['Pacific/Kiritimati', 'Asia/Tokyo', 'UTC', 'America/New_York', 'Pacific/Pago_Pago'])('%s sees day 35 open and day 36 closed', (tz) => {
      process.env.TZ = tz;
      expect(showsReviewLink(row(), at('2026-02-05T23:59:00-08:00'))).toBe(true);
      expect(showsReviewLink(row(), at('2026-02-06T00:00:00-08:00'))).toBe(false);
    });
  });

  it('keeps a dine dated a little in the future (clocks apart) reviewable', () => {
    expect(reviewLinkDecision(row(), at('2026-01-01T12:00:00-08:00'))).toEqual({ ok: true, daysSince: 0 });
  });
});

describe('§5 review link: on or after February 2021', () => {
  const now = at('2021-02-20T12:00:00-05:00');
  it('refuses 31 January 2021 and accepts 1 February 2021, in the restaurant\'s date', () => {
    expect(reviewLinkDecision(row({ transactionCreatedAt: '2021-01-31T23:59:00-05:00' }), now)).toEqual({ ok: false, problem: 'beforeFeb2021' });
    expect(showsReviewLink(row({ transactionCreatedAt: '2021-02-01T00:00:00-05:00' }), now)).toBe(true);
    // 22:00 on 31 January in New York is 1 February in UTC: still January where it was eaten.
    expect(showsReviewLink(row({ transactionCreatedAt: '2021-01-31T22:00:00-05:00' }), now)).toBe(false);
    // And 19:00 on 1 February in Honolulu is 2 February in UTC: February either way.
    expect(showsReviewLink(row({ transactionCreatedAt: '2021-02-01T19:00:00-10:00' }), now)).toBe(true);
  });
});

describe('§5 review link: source codes and statuses', () => {
  const now = at('2026-01-10T12:00:00-08:00');
  it.each(REWARD_SOURCE_CODES.map((c) => [c, c === 'S' || c === 'M'] as const))('source %s → %s', (code, shown) => {
    expect(showsReviewLink(row({ transactionTypeCode: code }), now)).toBe(shown);
    expect(reviewLinkDecision(row({ transactionTypeCode: code }), now)).toMatchObject(shown ? { ok: true } : { ok: false, problem: 'source' });
  });
  it.each(REWARD_STATUSES.map((s) => [s, s !== 'Deferred' && s !== 'Forfeit'] as const))('status %s → %s', (status, shown) => {
    expect(showsReviewLink(row({ transactionStatus: status }), now)).toBe(shown);
    expect(showsReviewLink(row({ transactionStatus: status, transactionTypeCode: 'M' }), now)).toBe(shown);
    expect(reviewLinkDecision(row({ transactionStatus: status }), now)).toMatchObject(shown ? { ok: true } : { ok: false, problem: 'status' });
  });
  it('hides the link once reviewed, and on rows without a restaurant or a readable date', () => {
    expect(reviewLinkDecision(row({ reviewed: true }), now)).toEqual({ ok: false, problem: 'reviewed' });
    expect(mayHaveReviewLink(row({ reviewed: true }), now)).toBe(true);
    expect(reviewLinkDecision(row({ merchantId: null }), now)).toEqual({ ok: false, problem: 'noRestaurant' });
    expect(reviewLinkDecision(row({ transactionCreatedAt: '2026-01-01' }), now)).toEqual({ ok: false, problem: 'badDate' });
    expect(reviewLinkDecision(row({ transactionCreatedAt: '2026-02-30T12:00:00-05:00' }), now)).toEqual({ ok: false, problem: 'badDate' });
  });
});

describe('§5 review link: properties', () => {
  const offsets = ['-10:00', '-08:00', '-07:00', '-06:00', '-05:00', '-04:00', 'Z'];
  it('is open exactly while the restaurant-local days since the dine are 35 or fewer, and closes for good', () => {
    fc.assert(fc.property(
      fc.integer({ min: Date.UTC(2021, 0, 20), max: Date.UTC(2030, 0, 1) }),
      fc.constantFrom(...offsets),
      fc.integer({ min: 0, max: 60 * 86_400_000 }),
      fc.integer({ min: 0, max: 30 * 86_400_000 }),
      (instant, offset, after, later) => {
        const offMin = offset === 'Z' ? 0 : (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4)));
        const wall = new Date(instant + offMin * 60_000).toISOString().slice(0, 19);
        const tx = row({ transactionCreatedAt: `${wall}${offset}` });
        const now = new Date(instant + after);
        const localToday = new Date(now.getTime() + offMin * 60_000).toISOString().slice(0, 10);
        const days = (Date.parse(localToday) - Date.parse(wall.slice(0, 10))) / 86_400_000;
        const expected = wall.slice(0, 10) >= '2021-02-01' && days <= 35;
        expect(showsReviewLink(tx, now)).toBe(expected);
        if (!expected) expect(showsReviewLink(tx, new Date(now.getTime() + later))).toBe(false);
      },
    ));
  });
});

describe('§5 review link: the words a member reads, and the limits', () => {
  it('names each reason a review cannot be written', () => {
    expect(REVIEW_LINK_MESSAGES).toEqual({
      badDate: 'This visit cannot be reviewed.',
      beforeFeb2021: 'Visits before February 2021 cannot be reviewed.',
      windowClosed: 'Reviews can be written up to 35 days after the visit; this one is older.',
      source: 'Only a visit to a restaurant can be reviewed.',
      status: 'This visit did not earn a reward, so it cannot be reviewed.',
      noRestaurant: 'Only a visit to a restaurant can be reviewed.',
      reviewed: 'You have already reviewed this visit. Each visit can be reviewed once.',
    });
    expect([REVIEWS_FROM_DATE, REVIEWABLE_SOURCES, UNREVIEWABLE_STATUSES]).toEqual(['2021-02-01', ['S', 'M'], ['Deferred', 'Forfeit']]);
  });

  it('reports the first problem in its order: source, status, restaurant, date, February 2021, window, reviewed', () => {
    const now = at('2026-01-10T12:00:00-08:00');
    const all = { transactionTypeCode: 'B' as const, transactionStatus: 'Forfeit' as const, merchantId: null, transactionCreatedAt: '2020-01-01T12:00:00-08:00', reviewed: true };
    expect(reviewLinkDecision(row(all), now)).toEqual({ ok: false, problem: 'source' });
    expect(reviewLinkDecision(row({ ...all, transactionTypeCode: 'S' }), now)).toEqual({ ok: false, problem: 'status' });
    expect(reviewLinkDecision(row({ ...all, transactionTypeCode: 'S', transactionStatus: 'Paid' }), now)).toEqual({ ok: false, problem: 'noRestaurant' });
    expect(reviewLinkDecision(row({ ...all, transactionTypeCode: 'S', transactionStatus: 'Paid', merchantId: 0, transactionCreatedAt: 'x' }), now)).toEqual({ ok: false, problem: 'badDate' });
    expect(reviewLinkDecision(row({ ...all, transactionTypeCode: 'S', transactionStatus: 'Paid', merchantId: 0 }), now)).toEqual({ ok: false, problem: 'beforeFeb2021' });
    expect(reviewLinkDecision(row({ ...all, transactionTypeCode: 'S', transactionStatus: 'Paid', merchantId: 0, transactionCreatedAt: '2025-01-01T12:00:00-08:00' }), now)).toEqual({ ok: false, problem: 'windowClosed' });
    expect(reviewLinkDecision(row({ ...all, transactionTypeCode: 'S', transactionStatus: 'Paid', merchantId: 0, transactionCreatedAt: '2026-01-09T12:00:00-08:00' }), now)).toEqual({ ok: false, problem: 'reviewed' });
    // A restaurant id of 0 is a restaurant (only null is none).
    expect(reviewLinkDecision(row({ merchantId: 0, transactionCreatedAt: '2026-01-09T12:00:00-08:00' }), now)).toEqual({ ok: true, daysSince: 1 });
  });

  it('mayHaveReviewLink is false for a row that can never have the link', () => {
    const now = at('2026-01-10T12:00:00-08:00');
    expect(mayHaveReviewLink(row({ transactionTypeCode: 'J' }), now)).toBe(false);
    expect(mayHaveReviewLink(row({ transactionCreatedAt: '2025-11-01T12:00:00-08:00' }), now)).toBe(false);
    expect(mayHaveReviewLink(row(), now)).toBe(true);
  });
});
