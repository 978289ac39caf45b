/**
 * Table reservations (§4 reservation flow states, §5 date range, §8 errors, §9 constants): the
 * pure rules of our own booking engine and of the widget. Times are the restaurant's local time;
 * the caller turns a local date and time into an instant (the restaurant's time zone), so these
 * rules hold no time-zone table and run the same in the browser and on the server.
 */

import { longDate } from './notifications';

/** §9 defaults of the widget. */
export const DEFAULT_RESERVATION_TIME = '19:00';
export const DEFAULT_PARTY_SIZE = 2;
/** §9 party-size constants: parties of up to 6 book online by default; the widget offers up to 18 (larger parties call the restaurant). */
export const DEFAULT_MAX_ONLINE_PARTY = 6;
export const MAX_PARTY_SIZE = 18;
/** The longest special request a reservation takes (characters, once trimmed). */
export const MAX_SPECIAL_REQUEST = 200;
/** §9 overlap window: a member's reservations at one restaurant must be this far apart. */
export const OVERLAP_WINDOW_MINUTES = 120;
/** Slots start on the quarter hour; pacing counts parties per 15 minutes; tables are taken in 15-minute periods. */
export const SLOT_MINUTES = 15;
/**
 * Issue 24 (replacing §5's yesterday to one year ahead): each restaurant sets how far ahead it
 * takes bookings (reservation_settings.booking_window_days, 30–90 days); dates run from its today,
 * in its own time zone, to that many days later.
 */
export const MIN_BOOKING_WINDOW_DAYS = 30;
export const MAX_BOOKING_WINDOW_DAYS = 90;
export const DEFAULT_BOOKING_WINDOW_DAYS = 60;
/** The widget offers a time every half hour of a shift, from its first seating. */
export const TIME_CHOICE_MINUTES = 30;
/** The answer lists the slots this many minutes either side of the time asked for. */
export const AVAILABILITY_SPAN_MINUTES = 120;

/** The §4 states that mean "no slots", as the availability call names them. */
export const NO_AVAILABILITY_REASONS = ['none', 'tooSmall', 'tooBig', 'tooFar', 'tooClose'] as const;
export type NoAvailabilityReason = (typeof NO_AVAILABILITY_REASONS)[number];

export const RESERVATION_STATUSES = ['held', 'booked', 'cancelled', 'expired'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** §8 reservation errors, in words a member understands. */
export const RESERVATION_MESSAGES = {
  unableToComplete: 'We were unable to complete your reservation. That time may have just been taken; please choose another time.',
  overlap: 'You already have a reservation at this restaurant within two hours of this time.',
  accountDeactivated: 'Your account with the booking provider is deactivated. Please contact the restaurant to book.',
  holdExpired: 'Your hold on this table has expired. Please choose a time again.',
  notOffered: 'This restaurant does not take reservations online.',
  providerUnavailable: 'The restaurant\u2019s booking system is not answering. Please try again in a moment.',
} as const;

/**
 * A §4 no-availability reason as a sentence with the restaurant's limits (the widget's state text
 * and the booking call's 409 message say the same).
 */
export function noAvailabilityMessage(reason: NoAvailabilityReason, limits: ReservationLimits, phone = ''): string {
  const call = phone ? ` at ${phone}` : '';
  switch (reason) {
    case 'tooSmall': return `This restaurant takes parties of ${limits.minPartySize} or more online.`;
    case 'tooBig': return `Parties of more than ${limits.maxPartySize} cannot book online; please call the restaurant${call}.`;
    case 'tooFar': return `This restaurant takes reservations up to ${limits.maxDaysInAdvance} days ahead. Please choose an earlier date.`;
    case 'tooClose': return `Online booking closes ${limits.cutoffMinutes} minutes before the time. Please choose a later time or call the restaurant${call}.`;
    case 'none': return 'No tables are available around this time. Please try another time or date.';
  }
}

/** Turn time (how long a table stays taken) for parties up to `maxParty` covers. */
export type TurnTime = { maxParty: number; minutes: number };
/** A table of a restaurant's floor plan, numbered from 1. */
export type ReservationTable = { no: number; name: string; minCovers: number; maxCovers: number };
/** A service shift on one weekday (0 Sunday … 6 Saturday): seatings from firstSeating to lastSeating, minutes after local midnight. */
export type WeeklyShift = { weekday: number; name: string; firstSeating: number; lastSeating: number };

/** What the availability answer tells about the restaurant's limits (shown with a reason). */
export type ReservationLimits = { minPartySize: number; maxPartySize: number; maxDaysInAdvance: number; cutoffMinutes: number };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Days since 1970-01-01 of a YYYY-MM-DD date; null when it is not a real date. */
export function dayNumber(date: string): number | null {
  const m = DATE.exec(date);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return Math.round(t / 86_400_000);
}

export function dateFromDayNumber(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday of a YYYY-MM-DD date. */
export function weekdayOf(date: string): number {
  const day = dayNumber(date);
  if (day === null) throw new Error(`Not a date: ${date}`);
  return new Date(day * 86_400_000).getUTCDay();
}

/** Minutes after midnight of 'HH:mm'; null when it is not a 24-hour time. */
export function minutesOf(time: string): number | null {
  const m = TIME.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The dates a restaurant takes bookings for: its today to `last`, both YYYY-MM-DD and included. */
export type BookingWindow = { first: string; last: string };

/** The booking window of a restaurant whose today (its local date) is `today` and whose setting is `days` (clamped to 30–90). */
export function bookingWindow(today: string, days: number): BookingWindow {
  const day = dayNumber(today);
  if (day === null) throw new Error(`Not a date: ${today}`);
  const span = Math.min(MAX_BOOKING_WINDOW_DAYS, Math.max(MIN_BOOKING_WINDOW_DAYS, Math.trunc(Number.isFinite(days) ? days : DEFAULT_BOOKING_WINDOW_DAYS)));
  return { first: today, last: dateFromDayNumber(day + span) };
}

export function isInBookingWindow(date: string, window: BookingWindow): boolean {
  return dayNumber(date) !== null && date >= window.first && date <= window.last;
}

/** Why a date outside the window is refused, with the window in words (the widget and the 400 say the same). */
export function bookingWindowMessage(window: BookingWindow): string {
  const days = (dayNumber(window.last) ?? 0) - (dayNumber(window.first) ?? 0);
  return `Choose a date from ${longDate(window.first)} to ${longDate(window.last)}: this restaurant takes reservations up to ${days} days ahead.`;
}

/** The turn time of a party: the first rule whose maxParty covers it (the last rule for bigger parties). */
export function turnMinutes(turnTimes: readonly TurnTime[], partySize: number): number {
  const rule = turnTimes.find((t) => partySize <= t.maxParty) ?? turnTimes.at(-1);
  if (!rule) throw new Error('A restaurant needs at least one turn time.');
  return Math.ceil(rule.minutes / SLOT_MINUTES) * SLOT_MINUTES;
}

export type Shift = { firstSeating: number; lastSeating: number };

/** The slot starts (minutes after local midnight) of a day's shifts, every 15 minutes, in order, without repeats. */
export function slotMinutes(shifts: readonly Shift[]): number[] {
  const set = new Set<number>();
  for (const s of shifts) {
    const first = Math.ceil(s.firstSeating / SLOT_MINUTES) * SLOT_MINUTES;
    for (let m = first; m <= s.lastSeating && m < 24 * 60; m += SLOT_MINUTES) set.add(m);
  }
  return [...set].sort((a, b) => a - b);
}

/** Whether a minute of the day is a seating time of the shifts (a 15-minute slot inside one). */
export function isSeatingTime(minutes: number, shifts: readonly Shift[]): boolean {
  return minutes % SLOT_MINUTES === 0 && shifts.some((s) => minutes >= s.firstSeating && minutes <= s.lastSeating && minutes < 24 * 60);
}

/**
 * The times the widget offers on a day (issue 24: only inside the restaurant's shifts): every half
 * hour of each shift from its first seating (on the quarter hour) to its last, in order, without
 * repeats. Empty when the restaurant seats nobody that day.
 */
export function timeChoices(shifts: readonly Shift[]): number[] {
  const set = new Set<number>();
  for (const s of shifts) {
    const first = Math.ceil(s.firstSeating / SLOT_MINUTES) * SLOT_MINUTES;
    for (let m = first; m <= s.lastSeating && m < 24 * 60; m += TIME_CHOICE_MINUTES) set.add(m);
  }
  return [...set].sort((a, b) => a - b);
}

/**
 * The time a search of the day is about: the time asked for when the restaurant seats then, else
 * the §9 default 19:00 when it seats then, else the first time offered; null on a day without
 * shifts.
 */
export function searchTime(asked: string | null | undefined, shifts: readonly Shift[]): string | null {
  const m = asked ? minutesOf(asked) : null;
  if (m !== null && isSeatingTime(m, shifts)) return timeOf(m);
  const fallback = minutesOf(DEFAULT_RESERVATION_TIME)!;
  if (isSeatingTime(fallback, shifts)) return DEFAULT_RESERVATION_TIME;
  const first = timeChoices(shifts)[0];
  return first === undefined ? null : timeOf(first);
}

/** Weekday names of opening hours (merchants.hours), Sunday first as weekdayOf counts. */
const HOUR_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
/** The last seating before closing time where a restaurant's shifts are not known: an hour before it closes. */
export const LAST_SEATING_BEFORE_CLOSE_MINUTES = 60;

/**
 * A weekday's shift from the restaurant's opening hours, for a restaurant whose booking system
 * keeps its shifts to itself (a remote provider without shifts in our settings): seatings from
 * opening to an hour before closing (a close past midnight counts as the end of the day).
 */
export function shiftsFromHours(hours: ReadonlyArray<{ day: string; open: string | null; close: string | null }>, weekday: number): Shift[] {
  const entry = hours.find((h) => h.day === HOUR_DAYS[weekday]);
  const open = entry?.open ? minutesOf(entry.open) : null;
  let close = entry?.close ? minutesOf(entry.close) : null;
  if (open === null || close === null) return [];
  if (close <= open) close = 24 * 60;
  const lastSeating = Math.min(close - LAST_SEATING_BEFORE_CLOSE_MINUTES, 24 * 60 - SLOT_MINUTES);
  return lastSeating >= open ? [{ firstSeating: open, lastSeating }] : [];
}

/**
 * A restaurant's weekly shifts inside its opening hours (review 24 c): no seating before it opens
 * that day, nor later than LAST_SEATING_BEFORE_CLOSE_MINUTES before it closes (a close past
 * midnight counts as the end of the day), and none on a day its hours say it is closed. A weekday
 * the hours do not mention keeps its shifts (nothing to go by).
 */
export function shiftsWithinHours<S extends WeeklyShift>(shifts: readonly S[], hours: ReadonlyArray<{ day: string; open: string | null; close: string | null }>): S[] {
  const out: S[] = [];
  for (const s of shifts) {
    const entry = hours.find((h) => h.day === HOUR_DAYS[s.weekday]);
    if (!entry) { out.push(s); continue; }
    const open = entry.open ? minutesOf(entry.open) : null;
    let close = entry.close ? minutesOf(entry.close) : null;
    if (open === null || close === null) continue;
    if (close <= open) close = 24 * 60;
    const firstSeating = Math.max(s.firstSeating, open);
    const lastSeating = Math.min(s.lastSeating, close - LAST_SEATING_BEFORE_CLOSE_MINUTES);
    if (lastSeating >= firstSeating) out.push({ ...s, firstSeating, lastSeating });
  }
  return out;
}

/** The 15-minute periods (instants, ms) a reservation starting at `startMs` takes for `minutes`. */
export function blockStarts(startMs: number, minutes: number): number[] {
  const out: number[] = [];
  for (let t = 0; t < minutes; t += SLOT_MINUTES) out.push(startMs + t * 60_000);
  return out;
}

export type TableSpec = { id: number; minCovers: number; maxCovers: number };

/** Tables that seat the party, smallest first (a two-top is not given to a party that fits a four-top's neighbour). */
export function tablesForParty<T extends TableSpec>(tables: readonly T[], partySize: number): T[] {
  return tables
    .filter((t) => t.minCovers <= partySize && partySize <= t.maxCovers)
    .sort((a, b) => a.maxCovers - b.maxCovers || a.id - b.id);
}

/** A live reservation of the restaurant, as the engine sees it. */
export type Booked = { startsAt: number; partySize: number };

export type Pacing = { pacingParties: number; pacingCovers: number };

/** Pacing: at most so many parties and covers start in the slot's 15-minute period. */
export function pacingAllows(booked: readonly Booked[], slotMs: number, partySize: number, pacing: Pacing): boolean {
  let parties = 0;
  let covers = 0;
  for (const b of booked) {
    if (b.startsAt >= slotMs && b.startsAt < slotMs + SLOT_MINUTES * 60_000) {
      parties += 1;
      covers += b.partySize;
    }
  }
  return parties + 1 <= pacing.pacingParties && covers + partySize <= pacing.pacingCovers;
}

/** The first table that seats the party and is free for the whole turn, or null. */
export function freeTable<T extends TableSpec>(tables: readonly T[], taken: ReadonlySet<string>, startMs: number, turn: number, partySize: number): T | null {
  const blocks = blockStarts(startMs, turn);
  for (const table of tablesForParty(tables, partySize)) {
    if (blocks.every((b) => !taken.has(blockKey(table.id, b)))) return table;
  }
  return null;
}

export const blockKey = (tableId: number, blockMs: number) => `${tableId}:${blockMs}`;

/** §8 / §9 overlap window: another live reservation of the member at the same restaurant starts within two hours. */
export function overlapsWithin(existingStarts: readonly number[], startMs: number, windowMinutes = OVERLAP_WINDOW_MINUTES): boolean {
  return existingStarts.some((s) => Math.abs(s - startMs) < windowMinutes * 60_000);
}

export type EngineSettings = ReservationLimits & Pacing & { turnTimes: readonly TurnTime[]; closedDates: readonly string[] };

export type AvailabilityInput = {
  settings: EngineSettings;
  /** The shifts of the date's weekday. */
  shifts: readonly Shift[];
  tables: readonly TableSpec[];
  /** Live reservations (held and not expired, or booked) of the restaurant around the date. */
  booked: readonly Booked[];
  /** Table periods taken by those reservations (blockKey). */
  taken: ReadonlySet<string>;
  date: string;
  time: string;
  partySize: number;
  /** The restaurant's today (YYYY-MM-DD) and now (ms). */
  today: string;
  now: number;
  /** The instant (ms) of a local date and minute at the restaurant. */
  toInstant: (date: string, minutes: number) => number;
};

export type Slot = { time: string; startsAt: number; tableId: number };
export type AvailabilityResult = { slots: Slot[]; reason?: NoAvailabilityReason };

/**
 * Our engine's availability (§4 states): the bookable slots within AVAILABILITY_SPAN_MINUTES of the
 * time asked for, or why there are none, checked in this order:
 * party below the minimum (tooSmall) or above the online maximum (tooBig); date beyond the
 * restaurant's booking window (tooFar); a closed date or no shift that day (none); every slot near
 * the time already inside the cut-off or past (tooClose); otherwise slots free of table, pacing and
 * turn conflicts, or none.
 */
export function availability(input: AvailabilityInput): AvailabilityResult {
  const { settings, partySize } = input;
  if (partySize < settings.minPartySize) return { slots: [], reason: 'tooSmall' };
  if (partySize > settings.maxPartySize) return { slots: [], reason: 'tooBig' };
  const day = dayNumber(input.date);
  const today = dayNumber(input.today);
  const asked = minutesOf(input.time);
  if (day === null || today === null || asked === null) throw new Error('availability: bad date or time');
  if (day - today > settings.maxDaysInAdvance) return { slots: [], reason: 'tooFar' };
  if (settings.closedDates.includes(input.date)) return { slots: [], reason: 'none' };
  const near = slotMinutes(input.shifts).filter((m) => Math.abs(m - asked) <= AVAILABILITY_SPAN_MINUTES);
  if (near.length === 0) return { slots: [], reason: 'none' };
  const earliest = input.now + settings.cutoffMinutes * 60_000;
  const open = near.map((m) => ({ m, at: input.toInstant(input.date, m) })).filter((s) => s.at >= earliest);
  if (open.length === 0) return { slots: [], reason: 'tooClose' };
  const turn = turnMinutes(settings.turnTimes, partySize);
  const slots: Slot[] = [];
  for (const { m, at } of open) {
    if (!pacingAllows(input.booked, at, partySize, settings)) continue;
    const table = freeTable(input.tables, input.taken, at, turn, partySize);
    if (table) slots.push({ time: timeOf(m), startsAt: at, tableId: table.id });
  }
  return slots.length > 0 ? { slots } : { slots: [], reason: 'none' };
}

/**
 * The instant of a local date and minute in a zone, given the zone's UTC offset (minutes, east
 * positive) at any instant. Two passes settle daylight-saving edges: a time skipped in spring
 * lands after the gap; a time that happens twice in autumn is its first occurrence.
 */
export function localToInstant(date: string, minutes: number, offsetAt: (instantMs: number) => number): number {
  const day = dayNumber(date);
  if (day === null) throw new Error(`Not a date: ${date}`);
  const wall = day * 86_400_000 + minutes * 60_000;
  const before = offsetAt(wall - 12 * 3_600_000);
  const after = offsetAt(wall + 12 * 3_600_000);
  const candidates = [...new Set([before, after])].map((o) => ({ o, at: wall - o * 60_000 })).filter((c) => offsetAt(c.at) === c.o).map((c) => c.at);
  // Autumn: the time happens twice, take the first; spring: it never happens, the offset before the gap puts it just after.
  return candidates.length > 0 ? Math.min(...candidates) : wall - before * 60_000;
}
