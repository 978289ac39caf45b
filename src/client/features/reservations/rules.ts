import type { IMPRESSION_EVENT_TYPES } from '#shared/schemas/impressions';
import type { AvailabilityResponse, TimeChoice } from '#shared/schemas/reservations';
import type { PartnerConfig } from '#shared/schemas/partner';
import type { Currency } from '#shared/rules/rewards/policy';
import { clockTime } from '#shared/rules/clock-time';
import { localNow } from '#shared/rules/local-now';
import {
  DEFAULT_PARTY_SIZE, DEFAULT_RESERVATION_TIME, MAX_BOOKING_WINDOW_DAYS, MAX_PARTY_SIZE, RESERVATION_MESSAGES, bookingWindow, dayNumber,
  isInBookingWindow, minutesOf, type BookingWindow, type NoAvailabilityReason,
} from '#shared/rules/reservations';

/**
 * The widget's pure parts (§4 states, §8 messages, §7 impression names, §9 defaults): what it
 * says for each answer, which impression an action records, and the search it starts from.
 */

/**
 * A search of the widget: the restaurant's local date, the time asked for (null: the day's default,
 * which the server chooses inside the restaurant's shifts), and the party.
 */
export type ReservationSearch = { date: string; time: string | null; partySize: number };

/** The party-size choice past the widget's largest (§9: 18), for which the restaurant is called. */
export const LARGER_PARTY = MAX_PARTY_SIZE + 1;

/** Today's date (YYYY-MM-DD) at the restaurant (its IANA time zone), not where the browser is. */
export function restaurantToday(timeZone: string, now = new Date()): string {
  return localNow(now, timeZone).date;
}

/**
 * The dates the widget takes before the restaurant's own window is known (the first answer brings
 * it): its today to the longest window any restaurant has.
 */
export function provisionalWindow(today: string): BookingWindow {
  return bookingWindow(today, MAX_BOOKING_WINDOW_DAYS);
}

/** The partner's currency words, as the earning policy's texts take them. */
export function currencyOf(partner: Pick<PartnerConfig, 'currencyType' | 'copyStates'>): Currency {
  return { type: partner.currencyType, singular: partner.copyStates.currencySingular, plural: partner.copyStates.currencyPlural };
}

const earnsThen = (c: Pick<TimeChoice, 'earn'>) => c.earn.kind !== 'notEarned';

/**
 * The line under the slots (issue 24): the reward windows of the day, from the same policy
 * evaluation as the marks (each earning mark carries the window that holds its time), so it never
 * contradicts a mark; and it says that the time of paying is what counts. Null where every time
 * earns alike through the end of the day, or none earns.
 */
export function earningTimesText(marks: ReadonlyArray<Pick<TimeChoice, 'earn'>>): string | null {
  const earning = marks.filter(earnsThen);
  if (earning.length === 0) return null;
  const windows = new Map<string, { from: string; until: string | null }>();
  for (const c of earning) if (c.earn.window) windows.set(`${c.earn.window.from}-${c.earn.window.until ?? ''}`, c.earn.window);
  const endsThatDay = [...windows.values()].some((w) => w.until !== null);
  if (windows.size === 0 || (earning.length === marks.length && !endsThatDay)) return null;
  const words = [...windows.values()].sort((a, b) => a.from.localeCompare(b.from))
    .map((w) => `between ${clockTime(w.from)} and ${w.until === null ? 'midnight' : clockTime(w.until)}`);
  return `On this day, meals paid ${words.join(' or ')} earn rewards.`;
}

/** A time choice's words in the time menu: the time, and on a day where times differ, whether it earns. */
export function timeChoiceLabel(choice: TimeChoice, mixedDay: boolean): string {
  if (!mixedDay) return clockTime(choice.time);
  return `${clockTime(choice.time)} \u2013 ${earnsThen(choice) ? 'earns rewards' : 'no rewards'}`;
}

/** '2026-11-30' → 'Monday, November 30, 2026' (the date as written, no time zone involved). */
export function formatDate(date: string, style: 'long' | 'short' = 'long'): string {
  const day = dayNumber(date);
  if (day === null) return date;
  return new Date(day * 86_400_000).toLocaleDateString('en-US', style === 'long'
    ? { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }
    : { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export const partyLabel = (n: number) => `${n} ${n === 1 ? 'guest' : 'guests'}`;

/**
 * The search the widget starts from: the page's query (a visitor back from signing in brings
 * date, time and party) where each value is valid, else the restaurant's today, its default time
 * of that day (19:00 where it seats then, §9) and 2.
 */
export function initialSearch(params: URLSearchParams, today: string): ReservationSearch & { slot: string | null } {
  const date = params.get('date') ?? '';
  const time = params.get('time') ?? '';
  const party = Number(params.get('party'));
  const slot = params.get('slot');
  return {
    date: isInBookingWindow(date, provisionalWindow(today)) ? date : today,
    time: minutesOf(time) !== null ? time : null,
    partySize: Number.isInteger(party) && party >= 1 && party <= MAX_PARTY_SIZE ? party : DEFAULT_PARTY_SIZE,
    slot: slot && minutesOf(slot) !== null ? slot : null,
  };
}

/** The restaurant page with the search and the chosen slot: where a visitor comes back to after signing in. */
export function returnPath(merchantPath: string, search: ReservationSearch, slot: string): string {
  const q = new URLSearchParams({ date: search.date, time: search.time ?? slot, party: String(search.partySize), slot });
  return `${merchantPath}?${q.toString()}`;
}

/** The query without the widget's values (once the visitor is back, the slot is taken and the address cleaned). */
export function withoutReservationParams(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['date', 'time', 'party', 'slot']) next.delete(key);
  return next;
}

export const isDefaultSearch = (s: ReservationSearch) => (s.time === null || s.time === DEFAULT_RESERVATION_TIME) && s.partySize === DEFAULT_PARTY_SIZE;

/** §4: what the widget says when there are no slots, with the restaurant's limits and phone. */
export function noAvailabilityMessage(reason: NoAvailabilityReason, answer: Pick<AvailabilityResponse, 'limits' | 'phone'>): string {
  const { limits, phone } = answer;
  const call = phone ? ` at ${phone}` : '';
  switch (reason) {
    case 'tooSmall':
      return `This restaurant takes parties of ${limits.minPartySize} or more online.`;
    case 'tooBig':
      return `Parties of more than ${limits.maxPartySize} cannot book online; please call the restaurant${call}.`;
    case 'tooFar':
      return `Reservations open ${limits.maxDaysInAdvance} days ahead. Please choose an earlier date.`;
    case 'tooClose':
      return `Online booking closes ${limits.cutoffMinutes} minutes before. Choose a later time or date, or call the restaurant${call}.`;
    case 'none':
      return 'No tables around this time. Try another time or date.';
  }
}

/** §9: a party past the widget's 18 is asked to call. */
export function largerPartyMessage(phone: string): string {
  return `For parties of more than ${MAX_PARTY_SIZE}, please call the restaurant${phone ? ` at ${phone}` : ''}.`;
}

/** §8: the member-facing message of a failed hold, confirmation or cancellation (the server's `code`). */
export function reservationErrorMessage(status: number, code: string | undefined, serverMessage: string): string {
  if (status === 0) return 'We could not reach the server. Check your connection and try again.';
  switch (code) {
    case 'reservationOverlap': return RESERVATION_MESSAGES.overlap;
    case 'reservationAccountDeactivated': return RESERVATION_MESSAGES.accountDeactivated;
    case 'reservationHoldExpired': return RESERVATION_MESSAGES.holdExpired;
    case 'reservationsNotOffered': return RESERVATION_MESSAGES.notOffered;
    case 'reservationUnavailable': return serverMessage || RESERVATION_MESSAGES.unableToComplete;
  }
  if (status === 424) return RESERVATION_MESSAGES.providerUnavailable;
  if (status === 429) return serverMessage || 'Too many booking attempts. Please wait a few minutes and try again.';
  if (status >= 500) return RESERVATION_MESSAGES.unableToComplete;
  return serverMessage || RESERVATION_MESSAGES.unableToComplete;
}

type EventType = (typeof IMPRESSION_EVENT_TYPES)[number];
export type ReservationAction = 'SlotSelected' | 'LoginPrompt' | 'UserSubmit' | 'BookingSuccess' | 'BookingFailure';

/** §7: the reservation-provider impression of an action, by whether the member has a linked card (visitors are non-card). */
export function reservationImpression(action: ReservationAction, cardMember: boolean): EventType {
  return `reservation${cardMember ? 'Card' : 'NonCard'}${action}` as EventType;
}

/** §7: the impression of a search — the first one with the §9 defaults, or the member's own. */
export function searchImpression(first: boolean, search: ReservationSearch): EventType {
  return first && isDefaultSearch(search) ? 'reservationDefaultSearch' : 'reservationUserSearch';
}
