/**
 * The restaurant's local time: its date, weekday and time of day at an instant, in its own time
 * zone, whatever the machine's. What the earning policy and the benefit words read as "now" (a
 * tile's earn line, the restaurant page, the server's search index and visit counts). Apart from
 * the benefit words (./merchant-benefits.ts), which only the restaurant page shows.
 */
import { usWallClock } from './us-time-zones';

/** The restaurant's local date, weekday and time of day. */
export type LocalNow = { date: string; weekday: number; minutes: number };

/** One formatter per time zone: making one costs far more than using it (a search index reads thousands of restaurants). */
const FORMATTERS = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = FORMATTERS.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', weekday: 'short',
    });
    FORMATTERS.set(timeZone, f);
  }
  return f;
}

/** The local date, weekday and minutes of an instant in an IANA time zone (the restaurant's). */
export function localNow(at: Date, timeZone: string): LocalNow {
  // The restaurants' zones by arithmetic (no time-zone formatter to load on the first screen: us-time-zones.ts), others by Intl.
  const clock = usWallClock(timeZone, at);
  if (clock) {
    const { wall } = clock;
    return { date: wall.toISOString().slice(0, 10), weekday: wall.getUTCDay(), minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes() };
  }
  let parts: Record<string, string>;
  try {
    parts = Object.fromEntries(formatterOf(timeZone).formatToParts(at).map((p) => [p.type, p.value]));
  } catch {
    return localNow(at, 'UTC');
  }
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? '');
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: weekday < 0 ? 0 : weekday,
    minutes: (Number(parts.hour) % 24) * 60 + Number(parts.minute),
  };
}
