/**
 * When a restaurant's dines earn, in words for its page (issue 11 §2 merchant detail): today's
 * answer ("Earns today"), the benefit days and hours ("No rewards on Fridays", "Rewards 11:00 AM–3:00 PM
 * on weekdays"), the next blackout dates ("No rewards on 25 Dec"), participation and the monthly
 * visit limit. It reads the same qualification data the rewards engine does
 * (rules/rewards/qualification.ts), always in the restaurant's local time: the caller gives the
 * local "now" (./local-now.ts turns an instant and the restaurant's time zone into it).
 */

import { clockTime } from './clock-time';
import type { LocalNow } from './local-now';

/** [start, end) minutes after local midnight, as in the engine's MerchantTerms. */
export type BenefitWindow = { start: number; end: number };

/** The restaurant's qualification data as the detail call gives it. */
export type BenefitTerms = {
  participating: boolean;
  /** First and last local day of participation (YYYY-MM-DD), when known. */
  participationStart: string | null;
  participationEnd: string | null;
  /** Windows per weekday (0 Sunday … 6 Saturday); null: all day every day. */
  benefitHours: ReadonlyArray<ReadonlyArray<BenefitWindow>> | null;
  /** Local dates without rewards (YYYY-MM-DD); past ones are ignored. */
  blackoutDates: readonly string[];
  /** Rewarded visits per member per calendar month; null: no limit. */
  monthlyVisitLimit: number | null;
};

export type BenefitWords = {
  /** Whether a dine right now (local time) would earn, leaving the member's own limit aside. */
  earnsNow: boolean;
  /** Whether some of today earns (now or later today). */
  earnsToday: boolean;
  /** One line about today: "Earns today", "Earns today from 5:00 PM", "No rewards today". */
  today: string;
  /** Benefit days and hours, one line per group of weekdays alike; empty when every day earns all day. */
  days: string[];
  /** The next blackout dates, one line ("No rewards on 24 Dec and 25 Dec"), or null. */
  blackouts: string | null;
  /** Participation news: "Rewards start on 1 Feb 2027", "Rewards end after 28 Feb 2027", or null. */
  participation: string | null;
  /** "Rewards on your first 2 visits each month", or null without a limit. */
  monthlyLimit: string | null;
};

/** How many upcoming blackout dates the page names. */
export const BLACKOUT_DATES_SHOWN = 3;

const DAY = 1440;
const WEEKDAY_PLURAL = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'] as const;
/** Monday first, the way a week is read. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** 'Dec 25' (this year) or 'Jan 1, 2027' (another year) of a YYYY-MM-DD date. */
export function dateText(date: string, todayDate: string): string {
  const [y, m, d] = date.split('-');
  // US style, as every other date a member reads: 'Dec 25', 'Jan 1, 2027'.
  const base = `${MONTHS[Number(m) - 1] ?? m} ${Number(d)}`;
  return y === todayDate.slice(0, 4) ? base : `${base}, ${y}`;
}

/** 'a', 'a and b', 'a, b and c'. */
function listText(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The windows of one weekday, merged and sorted, clipped to the day. */
function windowsOf(terms: BenefitTerms, weekday: number): BenefitWindow[] {
  if (terms.benefitHours === null) return [{ start: 0, end: DAY }];
  const raw = (terms.benefitHours[weekday] ?? [])
    .map((w) => ({ start: Math.max(0, w.start), end: Math.min(DAY, w.end) }))
    .filter((w) => w.end > w.start)
    .sort((a, b) => a.start - b.start);
  const merged: BenefitWindow[] = [];
  for (const w of raw) {
    const last = merged.at(-1);
    if (last && w.start <= last.end) last.end = Math.max(last.end, w.end);
    else merged.push({ ...w });
  }
  return merged;
}

const isAllDay = (ws: readonly BenefitWindow[]) => ws.length === 1 && ws[0]!.start === 0 && ws[0]!.end === DAY;

/** '11:00 AM–3:00 PM', 'from 5:00 PM', 'until 6:00 PM'. */
function windowText(w: BenefitWindow): string {
  if (w.start === 0) return `until ${clockTime(w.end)}`;
  if (w.end >= DAY) return `from ${clockTime(w.start)}`;
  return `${clockTime(w.start)}\u2013${clockTime(w.end)}`;
}

/** A set of weekdays in words: 'every day', 'weekdays', 'weekends', 'Mondays to Thursdays', 'every day except Tuesdays and Fridays', 'Fridays and Saturdays'. */
export function weekdaysText(days: readonly number[]): string {
  const set = new Set(days);
  if (set.size === 7) return 'every day';
  const ordered = WEEK_ORDER.filter((d) => set.has(d));
  const key = ordered.join(',');
  if (key === '1,2,3,4,5') return 'weekdays';
  if (key === '6,0') return 'weekends';
  // All but one day: name it.
  if (ordered.length === 6) return `every day except ${WEEKDAY_PLURAL[WEEK_ORDER.find((d) => !set.has(d))!]}`;
  // A run of three or more days in a row, the week read round (Friday to Sunday, Sunday to Thursday).
  if (ordered.length >= 3) {
    const first = ordered.find((d) => !set.has((d + 6) % 7));
    const run = first === undefined ? [] : Array.from({ length: ordered.length }, (_, i) => (first + i) % 7);
    if (first !== undefined && run.every((d) => set.has(d))) return `${WEEKDAY_PLURAL[first]} to ${WEEKDAY_PLURAL[run.at(-1)!]}`;
  }
  // Most of the week: name the days left out.
  if (ordered.length >= 5) return `every day except ${listText(WEEK_ORDER.filter((d) => !set.has(d)).map((d) => WEEKDAY_PLURAL[d]!))}`;
  return listText(ordered.map((d) => WEEKDAY_PLURAL[d]!));
}

function participationState(terms: BenefitTerms, today: string): 'active' | 'notYet' | 'ended' | 'off' {
  if (!terms.participating) return 'off';
  if (terms.participationStart !== null && today < terms.participationStart) return 'notYet';
  if (terms.participationEnd !== null && today > terms.participationEnd) return 'ended';
  return 'active';
}

/** The upcoming blackout dates (today included), soonest first. */
export function upcomingBlackouts(blackoutDates: readonly string[], today: string, limit = BLACKOUT_DATES_SHOWN): string[] {
  return [...new Set(blackoutDates)].filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && d >= today).sort().slice(0, limit);
}

/** The restaurant's benefit days, hours, blackout dates, participation and limit in words. */
export function benefitWords(terms: BenefitTerms, now: LocalNow): BenefitWords {
  const state = participationState(terms, now.date);
  const monthlyLimit = terms.monthlyVisitLimit !== null && terms.monthlyVisitLimit > 0 && state !== 'off' && state !== 'ended'
    ? `Rewards on your first ${terms.monthlyVisitLimit === 1 ? 'visit' : `${terms.monthlyVisitLimit} visits`} each month`
    : null;
  if (state === 'off' || state === 'ended') {
    return {
      earnsNow: false, earnsToday: false, today: 'No rewards here at the moment', days: [], blackouts: null,
      participation: state === 'ended' ? 'This restaurant no longer takes part in rewards' : null, monthlyLimit,
    };
  }

  // Weekdays grouped by their windows, in Monday-first order of their first day.
  const groups = new Map<string, { windows: BenefitWindow[]; days: number[] }>();
  for (const d of WEEK_ORDER) {
    const ws = windowsOf(terms, d);
    const key = ws.map((w) => `${w.start}-${w.end}`).join(',');
    const g = groups.get(key);
    if (g) g.days.push(d);
    else groups.set(key, { windows: ws, days: [d] });
  }
  const days: string[] = [];
  const everyDayAllDay = groups.size === 1 && isAllDay([...groups.values()][0]!.windows);
  if (!everyDayAllDay) {
    // "Rewards … every day except Mondays" already says Mondays earn nothing: no second line for them (review i).
    const saysTheRest = groups.size === 2 && [...groups.values()].some((g) => g.windows.length > 0 && weekdaysText(g.days).startsWith('every day except'));
    for (const { windows, days: ds } of groups.values()) {
      const named = weekdaysText(ds);
      const when = named.startsWith('every day') ? named : `on ${named}`;
      if (windows.length === 0) {
        if (!saysTheRest) days.push(`No rewards ${when}`);
      }
      else if (isAllDay(windows)) days.push(`Rewards all day ${when}`);
      else days.push(`Rewards ${listText(windows.map(windowText))} ${when}`);
    }
  }

  const blackoutList = upcomingBlackouts(terms.blackoutDates, now.date);
  const blackouts = blackoutList.length > 0 ? `No rewards on ${listText(blackoutList.map((d) => dateText(d, now.date)))}` : null;

  const participation = state === 'notYet'
    ? `Rewards start on ${dateText(terms.participationStart!, now.date)}`
    : terms.participationEnd !== null ? `Rewards end after ${dateText(terms.participationEnd, now.date)}` : null;

  let today: string;
  let earnsNow = false;
  let earnsToday = false;
  const todays = windowsOf(terms, now.weekday);
  if (state === 'notYet') today = 'No rewards today';
  else if (terms.blackoutDates.includes(now.date)) today = 'No rewards today';
  else if (todays.length === 0) today = 'No rewards today';
  else if (isAllDay(todays)) {
    today = 'Earns today';
    earnsNow = true;
    earnsToday = true;
  } else {
    earnsNow = todays.some((w) => now.minutes >= w.start && now.minutes < w.end);
    const left = todays.filter((w) => w.end > now.minutes);
    earnsToday = left.length > 0;
    if (left.length === 0) today = 'No more rewards today';
    else if (earnsNow && left.length === 1) today = left[0]!.end >= DAY ? 'Earns today' : `Earns today until ${clockTime(left[0]!.end)}`;
    else today = `Earns today ${listText(left.map(windowText))}`;
  }

  return { earnsNow, earnsToday, today, days, blackouts, participation, monthlyLimit };
}

/**
 * The member's rewarded visits here this month against the limit: "1 of 2 rewarded visits used this
 * month", or, once all are used, when the next visit earns again (the first of next month).
 */
export function visitsUsedText(used: number, limit: number, today: string): string {
  const u = Math.max(0, Math.floor(used));
  if (u >= limit) {
    const [y, m] = today.split('-').map(Number);
    const next = m === 12 ? `${y! + 1}-01-01` : `${y}-${String(m! + 1).padStart(2, '0')}-01`;
    return `You have used ${limit === 1 ? 'this month\u2019s rewarded visit' : `all ${limit} rewarded visits this month`}: visits earn again from ${dateText(next, today)}`;
  }
  return `${u} of ${limit} rewarded ${limit === 1 ? 'visit' : 'visits'} used this month`;
}
