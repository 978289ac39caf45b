/**
 * The wall clock of the time zones restaurants are given (rewards/local-time.ts, by state), by
 * arithmetic instead of Intl.DateTimeFormat: a browser's first time-zone formatter costs 100 ms and
 * more of main-thread time on a slow phone (it loads the time-zone data: bench/RESULTS.md), and
 * every tile's earn line needs its restaurant's local time on the first screen. A zone outside
 * this table, or a year before the current US rules, is left to Intl by the callers.
 *
 * The US rule since 2007 (Energy Policy Act of 2005, 15 U.S.C. 260a): daylight saving time from
 * the second Sunday of March at 2:00 standard time to the first Sunday of November at 2:00
 * daylight time; Arizona (but not the Navajo Nation, which restaurants are not placed in), Hawaii
 * and the territories keep standard time all year. us-time-zones.test.ts checks every zone against
 * the runtime's own time-zone data over decades: a change of the law fails it.
 */

/** Standard offset from UTC in minutes, and whether the zone keeps US daylight saving time. */
const ZONES: Readonly<Record<string, { standard: number; dst: boolean }>> = {
  'America/New_York': { standard: -300, dst: true },
  'America/Detroit': { standard: -300, dst: true },
  'America/Indiana/Indianapolis': { standard: -300, dst: true },
  'America/Chicago': { standard: -360, dst: true },
  'America/Denver': { standard: -420, dst: true },
  'America/Boise': { standard: -420, dst: true },
  'America/Phoenix': { standard: -420, dst: false },
  'America/Los_Angeles': { standard: -480, dst: true },
  'America/Anchorage': { standard: -540, dst: true },
  'Pacific/Honolulu': { standard: -600, dst: false },
  'America/Puerto_Rico': { standard: -240, dst: false },
  'America/St_Thomas': { standard: -240, dst: false },
  'Pacific/Guam': { standard: 600, dst: false },
  'Pacific/Saipan': { standard: 600, dst: false },
  'Pacific/Pago_Pago': { standard: -660, dst: false },
  UTC: { standard: 0, dst: false },
};

/** The first year of the current US rule. */
const FIRST_YEAR = 2007;
const MINUTE = 60_000;

/** Day of the month of the n-th Sunday of a month (month 0-based). */
function nthSunday(year: number, month: number, n: number): number {
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return 1 + ((7 - firstWeekday) % 7) + 7 * (n - 1);
}

/** The zone's offset from UTC in minutes at an instant; null for a zone not in the table or a year before 2007. */
export function usZoneOffset(zone: string, at: Date): number | null {
  const z = ZONES[zone];
  if (!z) return null;
  const ms = at.getTime();
  if (!Number.isFinite(ms)) return null;
  const year = new Date(ms + z.standard * MINUTE).getUTCFullYear();
  if (year < FIRST_YEAR) return null;
  if (!z.dst) return z.standard;
  // 2:00 standard time on the second Sunday of March; 2:00 daylight time (1:00 standard) on the first Sunday of November.
  const starts = Date.UTC(year, 2, nthSunday(year, 2, 2), 2) - z.standard * MINUTE;
  const ends = Date.UTC(year, 10, nthSunday(year, 10, 1), 1) - z.standard * MINUTE;
  return ms >= starts && ms < ends ? z.standard + 60 : z.standard;
}

/** The wall clock of an instant in a zone of the table, as UTC fields of a Date; null where usZoneOffset is. */
export function usWallClock(zone: string, at: Date): { wall: Date; offset: number } | null {
  const offset = usZoneOffset(zone, at);
  return offset === null ? null : { wall: new Date(at.getTime() + offset * MINUTE), offset };
}
