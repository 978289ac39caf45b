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
