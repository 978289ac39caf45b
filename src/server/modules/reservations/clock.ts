import { localToInstant } from '#shared/rules/reservations';
import { merchantLocalDateTime } from '#shared/rules/rewards/local-time';

/**
 * A restaurant's local clock, from its state through the one state → time-zone rule of the rewards
 * engine (merchantLocalDateTime, shared/rules/rewards/local-time.ts), so reservations and the dines
 * that honour them agree on the local date.
 */
export type RestaurantClock = {
  /** The restaurant's date today (YYYY-MM-DD). */
  today: (now: number) => string;
  /** The instant (ms) of a local date and minute. */
  toInstant: (date: string, minutes: number) => number;
  /** An instant as local ISO 8601 with offset, e.g. 2026-11-24T19:00:00-05:00. */
  localIso: (at: number) => string;
};

const QUARTER = 15 * 60_000;
/** Offsets per state and quarter hour: availability converts a few dozen slot times per answer. */
const offsets = new Map<string, number>();

function offsetMinutes(state: string, at: number): number {
  const key = `${state}|${Math.floor(at / QUARTER)}`;
  let o = offsets.get(key);
  if (o === undefined) {
    const m = /([+-])(\d{2}):(\d{2})$/.exec(merchantLocalDateTime(new Date(at), state));
    o = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
    if (offsets.size > 50_000) offsets.clear();
    offsets.set(key, o);
  }
  return o;
}

export function restaurantClock(state: string): RestaurantClock {
  const offsetAt = (at: number) => offsetMinutes(state, at);
  return {
    today: (now) => merchantLocalDateTime(new Date(now), state).slice(0, 10),
    toInstant: (date, minutes) => localToInstant(date, minutes, offsetAt),
    localIso: (at) => merchantLocalDateTime(new Date(at), state),
  };
}
