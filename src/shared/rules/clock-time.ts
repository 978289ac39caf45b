/**
 * The one time format a member reads (issue 24): the 12-hour US clock, "7:00 PM", "12:30 AM",
 * "12:00 PM" for noon. "When you earn here", opening hours, the booking widget, reservation lists
 * and anything else that prints a time of day go through this, so no screen shows "17:00" beside
 * "5:00 PM". Times are wall-clock times (the restaurant's local time): no time zone is involved.
 */

const DAY = 1440;
const HHMM = /^(\d{1,2}):(\d{2})$/;

/**
 * A time of day as "7:00 PM": minutes after local midnight (0–1439; 1440, the end of a window
 * that runs to the end of the day, reads "midnight"), or a 24-hour "HH:mm" text. A text that is not
 * a time is answered as given, so a malformed value is shown rather than hidden.
 */
export function clockTime(value: number | string): string {
  let minutes: number;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return String(value);
    minutes = Math.floor(value);
  } else {
    const m = HHMM.exec(value.trim());
    if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return value;
    minutes = Number(m[1]) * 60 + Number(m[2]);
  }
  if (minutes >= DAY) return 'midnight';
  const h = Math.floor(minutes / 60);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(minutes % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}
