import { usWallClock } from '../us-time-zones';

/**
 * The merchant-local parts of an ISO 8601 date-time with offset (`2026-11-20T19:45:00-05:00`), as
 * card feeds give them: benefit days, hours, blackout dates and monthly limits are all in the
 * restaurant's own time, so they are read from the text, not from a converted instant.
 */
export type LocalParts = {
  /** YYYY-MM-DD in the merchant's time. */
  date: string;
  /** Minutes since local midnight, 0–1439. */
  minutes: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  /** YYYY-MM of the local date: the month of monthly visit limits. */
  month: string;
  year: number;
  /** The instant (UTC). */
  instant: Date;
};

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export function localParts(value: string): LocalParts | null {
  const m = LOCAL.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || Number(m[6] ?? 0) > 59) return null;
  const calendar = new Date(Date.UTC(year, month - 1, day));
  // 2026-02-30 rolls over: refuse impossible dates rather than guess.
  if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  return { date: `${y}-${mo}-${d}`, minutes: hour * 60 + minute, weekday: calendar.getUTCDay(), month: `${y}-${mo}`, year, instant };
}

const DAY = 86_400_000;

/** Calendar days from the dine's local date to today's date at the same UTC offset; null when the date does not parse. */
export function reviewDaysSince(transactionCreatedAt: string, now: Date): number | null {
  const local = localParts(transactionCreatedAt);
  if (!local) return null;
  const [y, m, d] = local.date.split('-').map(Number) as [number, number, number];
  // Stryker disable next-line ArithmeticOperator: a wrong month moves localMidnight and the offset below alike, and cancels out.
  const localMidnight = Date.UTC(y, m - 1, d);
  // The offset of the restaurant's clock at the dine: local wall time minus the instant, to the quarter hour.
  const offsetMs = Math.round((localMidnight + local.minutes * 60_000 - local.instant.getTime()) / 900_000) * 900_000;
  const todayLocal = Math.floor((now.getTime() + offsetMs) / DAY) * DAY;
  return Math.round((todayLocal - localMidnight) / DAY);
}

/** The usual time zone of a US state or territory (restaurants' local time; the feed gives it with its offset). */
const STATE_ZONES: Record<string, string> = {
  AL: 'America/Chicago', AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: 'America/Chicago', CA: 'America/Los_Angeles',
  CO: 'America/Denver', CT: 'America/New_York', DE: 'America/New_York', DC: 'America/New_York', FL: 'America/New_York',
  GA: 'America/New_York', HI: 'Pacific/Honolulu', ID: 'America/Boise', IL: 'America/Chicago', IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago', KS: 'America/Chicago', KY: 'America/New_York', LA: 'America/Chicago', ME: 'America/New_York',
  MD: 'America/New_York', MA: 'America/New_York', MI: 'America/Detroit', MN: 'America/Chicago', MS: 'America/Chicago',
  MO: 'America/Chicago', MT: 'America/Denver', NE: 'America/Chicago', NV: 'America/Los_Angeles', NH: 'America/New_York',
  NJ: 'America/New_York', NM: 'America/Denver', NY: 'America/New_York', NC: 'America/New_York', ND: 'America/Chicago',
  OH: 'America/New_York', OK: 'America/Chicago', OR: 'America/Los_Angeles', PA: 'America/New_York', RI: 'America/New_York',
  SC: 'America/New_York', SD: 'America/Chicago', TN: 'America/Chicago', TX: 'America/Chicago', UT: 'America/Denver',
  VT: 'America/New_York', VA: 'America/New_York', WA: 'America/Los_Angeles', WV: 'America/New_York', WI: 'America/Chicago',
  WY: 'America/Denver', PR: 'America/Puerto_Rico', GU: 'Pacific/Guam', VI: 'America/St_Thomas', AS: 'Pacific/Pago_Pago', MP: 'Pacific/Saipan',
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  // Stryker disable next-line ConditionalExpression: a cache; a new formatter each time gives the same answer.
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'longOffset',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** A restaurant's IANA time zone, from its state (the restaurant page words its benefit days in it). */
export function merchantTimeZone(state: string): string {
  return STATE_ZONES[state.toUpperCase()] ?? 'America/New_York';
}

/** An offset in minutes as ISO 8601 writes it: -05:00, +10:00, +00:00. */
function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** An instant in a restaurant's local time with its offset (`2026-11-20T19:45:00-05:00`), from the restaurant's state. */
export function merchantLocalDateTime(at: Date, state: string): string {
  const zone = merchantTimeZone(state);
  // The zones of the table by arithmetic (no time-zone formatter to load: us-time-zones.ts), others by Intl.
  const clock = usWallClock(zone, at);
  if (clock) return `${clock.wall.toISOString().slice(0, 19)}${offsetText(clock.offset)}`;
  const parts = Object.fromEntries(formatter(zone).formatToParts(at).map((p) => [p.type, p.value]));
  // Stryker disable next-line StringLiteral,OptionalChaining: longOffset always names the offset for these zones; the fallbacks are unreachable.
  const offset = /GMT([+-]\d{2}:\d{2})/.exec(parts.timeZoneName ?? '')?.[1] ?? '+00:00';
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

/**
 * The calendar year of progress and dine summaries: the year on the member's own clock (the time
 * zone of their profile's state; New York's when they gave none). The engine files each dine under
 * its restaurant's local year, so a member who dines near home sees the year turn at their own
 * midnight: counted in UTC, the evening of 31 December in the US already showed the new year's
 * empty figures.
 */
// Stryker disable next-line StringLiteral: any state that is not one falls back to New York, as '' does.
export function progressYear(now: Date = new Date(), homeState = ''): number {
  return Number(merchantLocalDateTime(now, homeState).slice(0, 4));
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Today (YYYY-MM-DD) in the runtime's own calendar: the browser's, for what a member sees. */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad2(now.getMonth() + 1)}-${pad2(now.getDate())}`;
}

/**
 * The merchant-local date-time of a dine with its offset (`2026-11-20T19:45:00-05:00`), as the
 * card feed gave it: the restaurant's day, not the server's. The offset is what separates the
 * stored local date and minutes from the instant, rounded to a quarter hour (every zone's offset is
 * a multiple of 15 minutes; the stored minutes drop the seconds).
 */
export function merchantLocalIso(occurredAt: Date, localDate: string, localMinutes: number): string {
  const [y, m, d] = localDate.split('-').map(Number);
  const localAsUtc = Date.UTC(y!, m! - 1, d!, Math.floor(localMinutes / 60), localMinutes % 60);
  const offset = Math.round((localAsUtc - occurredAt.getTime()) / 900_000) * 15;
  if (!Number.isFinite(offset) || Math.abs(offset) > 14 * 60) return occurredAt.toISOString();
  const local = new Date(occurredAt.getTime() + offset * 60_000).toISOString().slice(0, 19);
  return `${local}${offsetText(offset)}`;
}
