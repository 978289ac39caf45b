import { describe, expect, it } from 'vitest';
import { benefitWords, dateText, upcomingBlackouts, visitsUsedText, weekdaysText, type BenefitTerms } from './merchant-benefits';
import { localNow } from './local-now';

const ALL: BenefitTerms = { participating: true, participationStart: null, participationEnd: null, benefitHours: null, blackoutDates: [], monthlyVisitLimit: null };
const week = (day: (d: number) => Array<{ start: number; end: number }>) => Array.from({ length: 7 }, (_, d) => day(d));
/** Friday 20 November 2026, 12:30 local. */
const FRI_NOON = { date: '2026-11-20', weekday: 5, minutes: 12 * 60 + 30 };

describe('benefitWords', () => {
  it('says "Earns today" and nothing more for a restaurant rewarding all day every day', () => {
    expect(benefitWords(ALL, FRI_NOON)).toEqual({
      earnsNow: true, earnsToday: true, today: 'Earns today', days: [], blackouts: null, participation: null, monthlyLimit: null,
    });
  });

  it('names the weekdays without rewards', () => {
    const terms = { ...ALL, benefitHours: week((d) => (d === 5 ? [] : [{ start: 0, end: 1440 }])) };
    const w = benefitWords(terms, FRI_NOON);
    // One line (review of issue 24, i): 'every day except Fridays' already says Fridays earn nothing.
    expect(w.days).toEqual(['Rewards all day every day except Fridays']);
    expect(w.today).toBe('No rewards today');
    expect(w.earnsNow).toBe(false);
    expect(benefitWords(terms, { date: '2026-11-19', weekday: 4, minutes: 600 }).today).toBe('Earns today');
  });

  it('gives lunch hours on weekdays and none at weekends', () => {
    const terms = { ...ALL, benefitHours: week((d) => (d === 0 || d === 6 ? [] : [{ start: 660, end: 900 }])) };
    const w = benefitWords(terms, FRI_NOON);
    expect(w.days).toEqual(['Rewards 11:00 AM\u20133:00 PM on weekdays', 'No rewards on weekends']);
    expect(w.today).toBe('Earns today until 3:00 PM');
    expect(w.earnsNow).toBe(true);
    // Before lunch: later today; after lunch: no more today.
    expect(benefitWords(terms, { ...FRI_NOON, minutes: 600 })).toMatchObject({ today: 'Earns today 11:00 AM\u20133:00 PM', earnsNow: false, earnsToday: true });
    expect(benefitWords(terms, { ...FRI_NOON, minutes: 900 })).toMatchObject({ today: 'No more rewards today', earnsNow: false, earnsToday: false });
  });

  it('reads evening and until-hours windows naturally', () => {
    const dinner = benefitWords({ ...ALL, benefitHours: week(() => [{ start: 17 * 60, end: 1440 }]) }, FRI_NOON);
    expect(dinner.days).toEqual(['Rewards from 5:00 PM every day']);
    expect(dinner.today).toBe('Earns today from 5:00 PM');
    const offPeak = benefitWords({ ...ALL, benefitHours: week((d) => (d === 5 || d === 6 ? [{ start: 0, end: 1080 }] : [{ start: 0, end: 1440 }])) }, FRI_NOON);
    expect(offPeak.days).toEqual(['Rewards all day on Sundays to Thursdays', 'Rewards until 6:00 PM on Fridays and Saturdays']);
    expect(offPeak.today).toBe('Earns today until 6:00 PM');
  });

  it('names the days left out when a group is most of the week', () => {
    const terms = { ...ALL, benefitHours: week((d) => [{ start: 660, end: d === 2 || d === 5 ? 840 : 900 }]) };
    expect(benefitWords(terms, FRI_NOON).days).toEqual(['Rewards 11:00 AM\u20133:00 PM every day except Tuesdays and Fridays', 'Rewards 11:00 AM\u20132:00 PM on Tuesdays and Fridays']);
  });

  it('merges overlapping windows and lists two of a day', () => {
    const terms = { ...ALL, benefitHours: week(() => [{ start: 1080, end: 1320 }, { start: 660, end: 840 }, { start: 700, end: 800 }]) };
    expect(benefitWords(terms, FRI_NOON).days).toEqual(['Rewards 11:00 AM\u20132:00 PM and 6:00 PM\u201310:00 PM every day']);
    expect(benefitWords(terms, { ...FRI_NOON, minutes: 900 }).today).toBe('Earns today 6:00 PM\u201310:00 PM');
  });

  it('names the next three blackout dates, this year without the year, and no rewards on a blackout day', () => {
    const terms = { ...ALL, blackoutDates: ['2026-01-01', '2027-01-01', '2026-12-31', '2026-12-25', '2026-11-26', '2026-12-24'] };
    expect(benefitWords(terms, FRI_NOON).blackouts).toBe('No rewards on Nov 26, Dec 24 and Dec 25');
    expect(benefitWords(terms, { date: '2026-12-26', weekday: 6, minutes: 600 }).blackouts).toBe('No rewards on Dec 31 and Jan 1, 2027');
    const onDay = benefitWords(terms, { date: '2026-12-25', weekday: 5, minutes: 600 });
    expect(onDay).toMatchObject({ today: 'No rewards today', earnsNow: false, blackouts: 'No rewards on Dec 25, Dec 31 and Jan 1, 2027' });
    expect(benefitWords({ ...ALL, blackoutDates: ['2026-12-25'] }, FRI_NOON).blackouts).toBe('No rewards on Dec 25');
    expect(benefitWords({ ...ALL, blackoutDates: ['2026-01-01'] }, FRI_NOON).blackouts).toBeNull();
  });

  it('tells participation: not yet, ending, ended, not at all', () => {
    expect(benefitWords({ ...ALL, participationStart: '2027-02-01' }, FRI_NOON)).toMatchObject({ today: 'No rewards today', earnsNow: false, participation: 'Rewards start on Feb 1, 2027' });
    expect(benefitWords({ ...ALL, participationEnd: '2026-12-15' }, FRI_NOON)).toMatchObject({ today: 'Earns today', participation: 'Rewards end after Dec 15' });
    expect(benefitWords({ ...ALL, participationEnd: '2026-11-19' }, FRI_NOON)).toMatchObject({
      today: 'No rewards here at the moment', earnsNow: false, days: [], participation: 'This restaurant no longer takes part in rewards',
    });
    expect(benefitWords({ ...ALL, participating: false, blackoutDates: ['2026-12-25'] }, FRI_NOON)).toMatchObject({
      today: 'No rewards here at the moment', blackouts: null, participation: null,
    });
    // The start day itself earns.
    expect(benefitWords({ ...ALL, participationStart: '2026-11-20' }, FRI_NOON).today).toBe('Earns today');
  });

  it('states the monthly visit limit', () => {
    expect(benefitWords({ ...ALL, monthlyVisitLimit: 1 }, FRI_NOON).monthlyLimit).toBe('Rewards on your first visit each month');
    expect(benefitWords({ ...ALL, monthlyVisitLimit: 3 }, FRI_NOON).monthlyLimit).toBe('Rewards on your first 3 visits each month');
    expect(benefitWords({ ...ALL, monthlyVisitLimit: 3, participating: false }, FRI_NOON).monthlyLimit).toBeNull();
  });
});

describe('pieces', () => {
  it('weekdaysText', () => {
    expect(weekdaysText([0, 1, 2, 3, 4, 5, 6])).toBe('every day');
    expect(weekdaysText([5, 1, 2, 3, 4])).toBe('weekdays');
    expect(weekdaysText([0, 6])).toBe('weekends');
    expect(weekdaysText([5])).toBe('Fridays');
    expect(weekdaysText([1, 3])).toBe('Mondays and Wednesdays');
    expect(weekdaysText([5, 6, 0])).toBe('Fridays to Sundays');
    expect(weekdaysText([0, 1, 3])).toBe('Mondays, Wednesdays and Sundays');
    expect(weekdaysText([0, 1, 2, 3, 4])).toBe('Sundays to Thursdays');
    expect(weekdaysText([1, 2, 3, 5, 6, 0])).toBe('every day except Thursdays');
    expect(weekdaysText([1, 3, 4, 6, 0])).toBe('every day except Tuesdays and Fridays');
    expect(weekdaysText([1, 2, 4, 5, 6, 0])).toBe('every day except Wednesdays');
  });

  it('dateText', () => {
    expect(dateText('2026-12-25', '2026-11-20')).toBe('Dec 25');
    expect(dateText('2027-01-01', '2026-11-20')).toBe('Jan 1, 2027');
  });

  it('upcomingBlackouts drops past, repeated and malformed dates', () => {
    expect(upcomingBlackouts(['2026-12-25', 'x', '2026-12-25', '2026-11-20', '2026-11-19'], '2026-11-20')).toEqual(['2026-11-20', '2026-12-25']);
  });

  it('visitsUsedText', () => {
    expect(visitsUsedText(0, 2, '2026-11-20')).toBe('0 of 2 rewarded visits used this month');
    expect(visitsUsedText(1, 2, '2026-11-20')).toBe('1 of 2 rewarded visits used this month');
    expect(visitsUsedText(2, 2, '2026-11-20')).toBe('You have used all 2 rewarded visits this month: visits earn again from Dec 1');
    expect(visitsUsedText(1, 1, '2026-12-05')).toBe('You have used this month\u2019s rewarded visit: visits earn again from Jan 1, 2027');
  });

  it('localNow reads the restaurant\'s zone, not the machine\'s', () => {
    // 03:30 UTC on Saturday Nov 21 is 22:30 on Friday Nov 20 in New York and 19:30 in Los Angeles.
    const at = new Date('2026-11-21T03:30:00Z');
    expect(localNow(at, 'America/New_York')).toEqual({ date: '2026-11-20', weekday: 5, minutes: 22 * 60 + 30 });
    expect(localNow(at, 'America/Los_Angeles')).toEqual({ date: '2026-11-20', weekday: 5, minutes: 19 * 60 + 30 });
    expect(localNow(at, 'Not/AZone')).toEqual({ date: '2026-11-21', weekday: 6, minutes: 3 * 60 + 30 });
    // Midnight reads as 0 minutes, not 24:00.
    expect(localNow(new Date('2026-11-21T05:00:00Z'), 'America/New_York').minutes).toBe(0);
  });
});

describe('benefitWords, edges', () => {
  const hours = (byDay: Record<number, Array<{ start: number; end: number }>>) => week((d) => byDay[d] ?? []);

  it('a day with no window, an empty or a reversed window earns nothing; a short week counts the missing days as none', () => {
    const empty = benefitWords({ ...ALL, benefitHours: week(() => [{ start: 600, end: 600 }, { start: 900, end: 800 }]) }, FRI_NOON);
    expect(empty).toEqual({ earnsNow: false, earnsToday: false, today: 'No rewards today', days: ['No rewards every day'], blackouts: null, participation: null, monthlyLimit: null });
    const sundaysOnly = benefitWords({ ...ALL, benefitHours: [[{ start: 0, end: 1440 }]] }, FRI_NOON);
    expect(sundaysOnly.days).toEqual(['No rewards every day except Sundays', 'Rewards all day on Sundays']);
    expect(sundaysOnly.today).toBe('No rewards today');
  });

  it('joins windows that touch, and sorts them; a one-minute window counts', () => {
    const touching = benefitWords({ ...ALL, benefitHours: week(() => [{ start: 840, end: 900 }, { start: 660, end: 840 }]) }, FRI_NOON);
    expect(touching.days).toEqual(['Rewards 11:00 AM\u20133:00 PM every day']);
    const minute = benefitWords({ ...ALL, benefitHours: week(() => [{ start: 600, end: 601 }]) }, { ...FRI_NOON, minutes: 600 });
    expect(minute).toMatchObject({ earnsNow: true, earnsToday: true, today: 'Earns today until 10:01 AM', days: ['Rewards 10:00 AM\u201310:01 AM every day'] });
    // Clipped to the day: before midnight and after the next one.
    const clipped = benefitWords({ ...ALL, benefitHours: week(() => [{ start: -60, end: 2000 }]) }, FRI_NOON);
    expect(clipped).toMatchObject({ today: 'Earns today', days: [] });
  });

  it('earns now from the first minute of a window to just before its end', () => {
    const terms = { ...ALL, benefitHours: week(() => [{ start: 660, end: 840 }, { start: 1080, end: 1320 }]) };
    const at = (minutes: number) => benefitWords(terms, { ...FRI_NOON, minutes });
    expect(at(659)).toMatchObject({ earnsNow: false, earnsToday: true, today: 'Earns today 11:00 AM\u20132:00 PM and 6:00 PM\u201310:00 PM' });
    expect(at(660)).toMatchObject({ earnsNow: true, today: 'Earns today 11:00 AM\u20132:00 PM and 6:00 PM\u201310:00 PM' });
    expect(at(839)).toMatchObject({ earnsNow: true });
    expect(at(840)).toMatchObject({ earnsNow: false, earnsToday: true, today: 'Earns today 6:00 PM\u201310:00 PM' });
    // In the second of two windows, with none after it.
    expect(at(1100)).toMatchObject({ earnsNow: true, earnsToday: true, today: 'Earns today until 10:00 PM' });
    expect(at(1320)).toMatchObject({ earnsNow: false, earnsToday: false, today: 'No more rewards today' });
  });

  it('inside an evening window that runs to midnight, today simply earns', () => {
    const terms = { ...ALL, benefitHours: week(() => [{ start: 17 * 60, end: 1440 }]) };
    expect(benefitWords(terms, { ...FRI_NOON, minutes: 18 * 60 })).toMatchObject({ earnsNow: true, earnsToday: true, today: 'Earns today' });
    expect(benefitWords(terms, { ...FRI_NOON, minutes: 17 * 60 - 1 })).toMatchObject({ earnsNow: false, earnsToday: true, today: 'Earns today from 5:00 PM' });
  });

  it('names no-reward days beside an every-day-except group only when that group does not already say so', () => {
    // Five days alike, Wednesday none, Sunday evenings: the Wednesday line is needed (three groups).
    const three = benefitWords({ ...ALL, benefitHours: hours({ 1: [{ start: 0, end: 1440 }], 2: [{ start: 0, end: 1440 }], 4: [{ start: 0, end: 1440 }], 5: [{ start: 0, end: 1440 }], 6: [{ start: 0, end: 1440 }], 0: [{ start: 1080, end: 1440 }] }) }, FRI_NOON);
    expect(three.days).toEqual(['Rewards all day every day except Wednesdays and Sundays', 'No rewards on Wednesdays', 'Rewards from 6:00 PM on Sundays']);
    // Six days without rewards are 'every day except Fridays' too, but that group earns nothing: both lines stay.
    const fridays = benefitWords({ ...ALL, benefitHours: hours({ 5: [{ start: 0, end: 1440 }] }) }, FRI_NOON);
    expect(fridays.days).toEqual(['No rewards every day except Fridays', 'Rewards all day on Fridays']);
  });

  it('a blackout today: nothing earns today, whatever the hours', () => {
    expect(benefitWords({ ...ALL, blackoutDates: ['2026-11-20'] }, FRI_NOON)).toEqual({
      earnsNow: false, earnsToday: false, today: 'No rewards today', days: [], blackouts: 'No rewards on Nov 20', participation: null, monthlyLimit: null,
    });
    expect(benefitWords({ ...ALL, participationStart: '2026-11-21' }, FRI_NOON)).toMatchObject({ earnsNow: false, earnsToday: false, participation: 'Rewards start on Nov 21' });
  });

  it('participation at its first and last day, one day either side', () => {
    expect(benefitWords({ ...ALL, participationStart: '2026-11-21' }, FRI_NOON).today).toBe('No rewards today');
    expect(benefitWords({ ...ALL, participationStart: '2026-11-19' }, FRI_NOON).today).toBe('Earns today');
    expect(benefitWords({ ...ALL, participationEnd: '2026-11-20' }, FRI_NOON)).toMatchObject({ today: 'Earns today', earnsNow: true, participation: 'Rewards end after Nov 20' });
    expect(benefitWords({ ...ALL, participationEnd: '2026-11-21' }, FRI_NOON).participation).toBe('Rewards end after Nov 21');
    expect(benefitWords({ ...ALL, participationEnd: '2026-11-19', monthlyVisitLimit: 2 }, FRI_NOON)).toEqual({
      earnsNow: false, earnsToday: false, today: 'No rewards here at the moment', days: [], blackouts: null,
      participation: 'This restaurant no longer takes part in rewards', monthlyLimit: null,
    });
    expect(benefitWords({ ...ALL, participating: false }, FRI_NOON)).toEqual({
      earnsNow: false, earnsToday: false, today: 'No rewards here at the moment', days: [], blackouts: null, participation: null, monthlyLimit: null,
    });
  });

  it('the monthly limit: 1 and more are named, 0 or none is no limit; named before participation starts', () => {
    expect(benefitWords({ ...ALL, monthlyVisitLimit: 0 }, FRI_NOON).monthlyLimit).toBeNull();
    expect(benefitWords({ ...ALL, monthlyVisitLimit: -1 }, FRI_NOON).monthlyLimit).toBeNull();
    expect(benefitWords({ ...ALL, monthlyVisitLimit: 2 }, FRI_NOON).monthlyLimit).toBe('Rewards on your first 2 visits each month');
    expect(benefitWords({ ...ALL, monthlyVisitLimit: 2, participationStart: '2027-01-01' }, FRI_NOON).monthlyLimit).toBe('Rewards on your first 2 visits each month');
  });

  it('blackout dates must be whole dates, nothing before or after', () => {
    expect(upcomingBlackouts(['x2026-12-25', '2026-12-25x', '2026-12-5', '2026-12-26'], '2026-11-20')).toEqual(['2026-12-26']);
    expect(upcomingBlackouts(['2026-12-03', '2026-12-01', '2026-12-02'], '2026-11-20', 2)).toEqual(['2026-12-01', '2026-12-02']);
    expect(upcomingBlackouts([], '2026-11-20')).toEqual([]);
  });
});

describe('pieces, edges', () => {
  it('weekdaysText of no day is empty; runs round the week end', () => {
    expect(weekdaysText([])).toBe('');
    expect(weekdaysText([6, 0, 1])).toBe('Saturdays to Mondays');
    expect(weekdaysText([4, 5, 6, 0, 1])).toBe('Thursdays to Mondays');
    expect(weekdaysText([0, 1, 2, 4, 5])).toBe('every day except Wednesdays and Saturdays');
  });

  it('visitsUsedText: one visit in words, used up at the limit and past it, the year turning', () => {
    expect(visitsUsedText(0, 1, '2026-11-20')).toBe('0 of 1 rewarded visit used this month');
    expect(visitsUsedText(3, 2, '2026-03-20')).toBe('You have used all 2 rewarded visits this month: visits earn again from Apr 1');
    expect(visitsUsedText(-2, 2, '2026-03-20')).toBe('0 of 2 rewarded visits used this month');
    expect(visitsUsedText(1.9, 2, '2026-03-20')).toBe('1 of 2 rewarded visits used this month');
    expect(visitsUsedText(2, 2, '2026-09-30')).toBe('You have used all 2 rewarded visits this month: visits earn again from Oct 1');
  });

  it('localNow names every weekday', () => {
    // Sunday 22 to Saturday 28 November 2026, noon UTC.
    const days = Array.from({ length: 7 }, (_, i) => localNow(new Date(Date.UTC(2026, 10, 22 + i, 12)), 'UTC'));
    expect(days.map((d) => d.weekday)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(days.map((d) => d.date)).toEqual(['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28']);
    expect(localNow(new Date('2026-11-21T23:59:00Z'), 'UTC')).toEqual({ date: '2026-11-21', weekday: 6, minutes: 1439 });
  });

  it('dateText keeps an unknown month as given', () => {
    expect(dateText('2026-13-01', '2026-11-20')).toBe('13 1');
    expect(dateText('2026-01-09', '2026-11-20')).toBe('Jan 9');
  });
});
