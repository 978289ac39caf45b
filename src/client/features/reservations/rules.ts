import type { IMPRESSION_EVENT_TYPES } from '#shared/schemas/impressions';
import type { AvailabilityResponse } from '#shared/schemas/reservations';
import {
  DEFAULT_PARTY_SIZE, DEFAULT_RESERVATION_TIME, MAX_PARTY_SIZE, RESERVATION_MESSAGES, dayNumber, isInReservationDateRange, minutesOf,
  type NoAvailabilityReason,
} from '#shared/rules/reservations';

/**
 * The widget's pure parts (§4 states, §8 messages, §7 impression names, §9 defaults): what it
 * says for each answer, which impression an action records, and the search it starts from.
 */

/** A search of the widget: the restaurant's local date and time, and the party. */
export type ReservationSearch = { date: string; time: string; partySize: number };

/** The party-size choice past the widget's largest (§9: 18), for which the restaurant is called. */
export const LARGER_PARTY = MAX_PARTY_SIZE + 1;

/** Today's date (YYYY-MM-DD) where the browser is. */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The time choices of the widget: every half hour of the day, 'HH:mm'. */
export const TIME_CHOICES: readonly string[] = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

/** '19:00' → '7:00 PM'. */
export function formatTime(time: string): string {
  const m = minutesOf(time);
  if (m === null) return time;
  const h = Math.floor(m / 60);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
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
 * date, time and party) where each value is valid, else today, 19:00 and 2 (§9).
 */
export function initialSearch(params: URLSearchParams, today: string): ReservationSearch & { slot: string | null } {
  const date = params.get('date') ?? '';
  const time = params.get('time') ?? '';
  const party = Number(params.get('party'));
  const slot = params.get('slot');
  return {
    date: isInReservationDateRange(date, today) ? date : today,
    time: minutesOf(time) !== null ? time : DEFAULT_RESERVATION_TIME,
    partySize: Number.isInteger(party) && party >= 1 && party <= MAX_PARTY_SIZE ? party : DEFAULT_PARTY_SIZE,
    slot: slot && minutesOf(slot) !== null ? slot : null,
  };
}

/** The restaurant page with the search and the chosen slot: where a visitor comes back to after signing in. */
export function returnPath(merchantPath: string, search: ReservationSearch, slot: string): string {
  const q = new URLSearchParams({ date: search.date, time: search.time, party: String(search.partySize), slot });
  return `${merchantPath}?${q.toString()}`;
}

/** The query without the widget's values (once the visitor is back, the slot is taken and the address cleaned). */
export function withoutReservationParams(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['date', 'time', 'party', 'slot']) next.delete(key);
  return next;
}

export const isDefaultSearch = (s: ReservationSearch) => s.time === DEFAULT_RESERVATION_TIME && s.partySize === DEFAULT_PARTY_SIZE;

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
