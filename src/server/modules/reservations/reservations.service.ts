import { createHash, randomBytes } from 'node:crypto';
import {
  DEFAULT_RESERVATION_TIME, OVERLAP_WINDOW_MINUTES, RESERVATION_MESSAGES, bookingWindow, bookingWindowMessage, isInBookingWindow, isSeatingTime,
  minutesOf, noAvailabilityMessage, overlapsWithin, searchTime, shiftsFromHours, shiftsWithinHours, timeChoices, timeOf, weekdayOf,
  type BookingWindow, type ReservationLimits, type ReservationStatus, type Shift,
} from '#shared/rules/reservations';
import { clockTime } from '#shared/rules/clock-time';
import { longDate } from '#shared/rules/notifications';
import { takesTableReservations } from '#shared/rules/partner-features';
import type {
  AvailabilityQuery, AvailabilityResponse, Reservation, ReservationList, ReservationRequest,
} from '#shared/schemas/reservations';
import type { ErrorCode } from '#shared/schemas/common';
import type { Db } from '../../db/client';
import type { MemberRow, PartnerRow, ReservationRow, ReservationSettingsRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { restaurantClock } from './clock';
import { earnMarker } from './earn-marks';
import { NativeProvider } from './native-provider';
import { OpenTableProvider, type OpenTableConfig } from './open-table-provider';
import { ProviderError, type Guest, type ProviderRef, type ProviderRestaurant, type ReservationProvider } from './provider';
import {
  deleteBlocks, expireHolds, findByKey, findMemberReservation, findRestaurant, insertReservation, insertReservationOnce, listMemberReservations,
  lockRestaurant, memberStartsNear, updateReservation, type RestaurantAddress, type RestaurantRow,
} from './reservations.repo';

/**
 * Table reservations (docs/api-reservations.md): availability for anyone, and the signed-in
 * member's bookings. The member-level rules live here for every provider: the site's switch, the
 * §5 date range, the Idempotency-Key (the same key answers the same reservation; another request
 * under it is refused), the §9 two-hour overlap at one restaurant, tenancy (a member sees only
 * their own reservations on their own partner's site).
 */

export type ReservationDeps = {
  db: Db;
  /** OpenTable-style partner API for restaurants whose provider is openTable; unset: they take no bookings here. */
  openTable?: OpenTableConfig;
  now?: () => number;
};

type Who = { partner: PartnerRow; member: MemberRow };

export const NOT_ON_THIS_SITE = 'Table reservations are not offered on this site.';
export const UNKNOWN_RESTAURANT = 'We could not find that restaurant.';
export const UNKNOWN_RESERVATION = 'We could not find that reservation.';
export const KEY_REUSED = 'This Idempotency-Key was already used for a different reservation request. Use a new key for a new booking.';
export const NOT_CANCELLABLE = 'This reservation has already started and can no longer be cancelled online. Please call the restaurant.';
export const NOT_HELD = 'Only a held reservation can be confirmed.';
export const ACCOUNT_CLOSED = 'Your account is closed. Please link a card to reopen it before booking a table.';

/** A closed account (§4 member states: re-enrolment only) may still see and cancel its reservations, not book. */
function requireOpenAccount(member: MemberRow): void {
  if (member.memberType === 'ClosedAccountMember' || !member.active) throw AppError.forbidden(ACCOUNT_CLOSED);
}

const err = (status: number, message: string, code?: ErrorCode) => new AppError(status, message, code ? { code } : {});

function providerError(e: ProviderError, limits: ReservationLimits | null, phone: string): AppError {
  switch (e.failure) {
    case 'overlap': return err(409, RESERVATION_MESSAGES.overlap, 'reservationOverlap');
    case 'accountDeactivated': return err(409, RESERVATION_MESSAGES.accountDeactivated, 'reservationAccountDeactivated');
    case 'holdExpired': return err(409, RESERVATION_MESSAGES.holdExpired, 'reservationHoldExpired');
    case 'providerDown': return err(424, RESERVATION_MESSAGES.providerUnavailable);
    case 'unavailable': case 'none': return err(409, RESERVATION_MESSAGES.unableToComplete, 'reservationUnavailable');
    default: return err(409, limits ? noAvailabilityMessage(e.failure, limits, phone) : RESERVATION_MESSAGES.unableToComplete, 'reservationUnavailable');
  }
}

/** 404 where the partner has no table reservations (§1 switch). */
export function requireReservations(partner: PartnerRow): void {
  if (!takesTableReservations(partner)) throw err(404, NOT_ON_THIS_SITE, 'reservationsNotOffered');
}

export function providerFor(deps: ReservationDeps, settings: ReservationSettingsRow): ReservationProvider | null {
  if (settings.provider === 'native') return new NativeProvider(settings);
  if (settings.provider === 'openTable' && deps.openTable) return new OpenTableProvider(deps.openTable);
  return null;
}

type Bookable = { restaurant: RestaurantRow; settings: ReservationSettingsRow; provider: ReservationProvider; ref: ProviderRestaurant };

async function bookable(deps: ReservationDeps, merchantId: number): Promise<Bookable> {
  const restaurant = await findRestaurant(deps.db, merchantId);
  if (!restaurant) throw err(404, UNKNOWN_RESTAURANT);
  // The times offered and held stay inside the restaurant's opening hours of each day.
  const settings = restaurant.settings && { ...restaurant.settings, shifts: shiftsWithinHours(restaurant.settings.shifts, restaurant.hours) };
  const provider = settings && providerFor(deps, settings);
  if (!settings || !provider) throw err(404, RESERVATION_MESSAGES.notOffered, 'reservationsNotOffered');
  return { restaurant, settings, provider, ref: { merchantId, providerRef: settings.providerRef, clock: restaurantClock(restaurant.state) } };
}

/** Issue 24: the restaurant's booking window, from its today in its own time zone. */
function windowOf(b: Bookable, now: number): BookingWindow {
  return bookingWindow(b.ref.clock.today(now), b.settings.bookingWindowDays);
}

/** A date outside the window: 400 that names the window (the booking engine is not asked). */
function checkDate(date: string, window: BookingWindow): void {
  if (!isInBookingWindow(date, window)) {
    const message = bookingWindowMessage(window);
    throw AppError.badRequest(message, [{ field: 'date', message }]);
  }
}

/**
 * The restaurant's shifts on a date (none on a closed date). Our engine's shifts are the truth
 * (`known`); a remote booking system keeps its own, so without shifts in our settings the opening
 * hours stand in for the times offered and the remote system decides what it takes.
 */
function dayShifts(b: Bookable, date: string): { shifts: Shift[]; known: boolean } {
  if (b.settings.closedDates.includes(date)) return { shifts: [], known: true };
  const weekday = weekdayOf(date);
  if (b.provider.kind !== 'native' && b.settings.shifts.length === 0) return { shifts: shiftsFromHours(b.restaurant.hours, weekday), known: false };
  return { shifts: b.settings.shifts.filter((s) => s.weekday === weekday), known: true };
}

/** A time the restaurant does not seat at on that day: 400 (never a hold outside its shifts). */
function checkSeating(b: Bookable, date: string, time: string): void {
  const { shifts, known } = dayShifts(b, date);
  if (!known || isSeatingTime(minutesOf(time)!, shifts)) return;
  const message = shifts.length === 0
    ? `${b.restaurant.name} takes no reservations on ${longDate(date)}. Please choose another date.`
    : `${b.restaurant.name} does not seat guests at ${clockTime(time)} on ${longDate(date)}. Please choose one of the times offered.`;
  throw AppError.badRequest(message, [{ field: 'time', message }]);
}

const limitsOf = (settings: ReservationSettingsRow): ReservationLimits => ({
  minPartySize: settings.minParty, maxPartySize: settings.maxParty, maxDaysInAdvance: settings.bookingWindowDays, cutoffMinutes: settings.cutoffMinutes,
});

/**
 * The times of a day (issue 24): only inside the restaurant's shifts, in its booking window, each
 * marked with what a dine then earns for this member (a visitor: the restaurant's outcome), and
 * the open slots around the time asked for (or the default time of the day).
 */
export async function getAvailability(deps: ReservationDeps, opts: { partner: PartnerRow; member: MemberRow | null; merchantId: number; query: AvailabilityQuery }): Promise<AvailabilityResponse> {
  requireReservations(opts.partner);
  const b = await bookable(deps, opts.merchantId);
  const now = deps.now?.() ?? Date.now();
  const q = opts.query;
  const window = windowOf(b, now);
  checkDate(q.date, window);
  const { shifts, known } = dayShifts(b, q.date);
  // A remote system knows its own shifts: the time asked for goes to it as it is.
  const time = (known || !q.time ? searchTime(q.time, shifts) : q.time) ?? q.time ?? DEFAULT_RESERVATION_TIME;
  const mark = await earnMarker(deps.db, { partner: opts.partner, member: opts.member, restaurant: b.restaurant, date: q.date });
  let answer;
  try {
    // A day our engine seats nobody has no slots: it is not asked.
    answer = known && shifts.length === 0
      ? { slots: [], reason: 'none' as const, limits: limitsOf(b.settings) }
      : await b.provider.availability(deps.db, b.ref, { date: q.date, time, partySize: q.partySize, now });
  } catch (e) {
    if (e instanceof ProviderError) throw providerError(e, null, b.restaurant.phone);
    throw e;
  }
  return {
    merchantId: opts.merchantId, date: q.date, time, partySize: q.partySize, window,
    times: timeChoices(shifts).map((m) => ({ time: timeOf(m), earn: mark(m) })),
    slots: answer.slots.map((s) => ({ time: s.time, dateTime: b.ref.clock.localIso(s.startsAt), earn: mark(minutesOf(s.time)!) })),
    ...(answer.slots.length === 0 ? { reason: answer.reason ?? 'none' } : {}),
    limits: answer.limits,
    phone: b.restaurant.phone,
  };
}

/** The body as the key remembers it: the same booking sent again hashes the same. */
function requestHash(body: Required<Omit<ReservationRequest, 'partySize'>> & { partySize: number }): string {
  const canonical = JSON.stringify([body.merchantId, body.date, body.time, body.partySize, body.specialRequest, body.hold]);
  return createHash('sha256').update(canonical).digest('base64url');
}

const newConfirmation = () => `R${randomBytes(6).toString('hex').toUpperCase()}`;

export type BookResult = { reservation: Reservation; created: boolean };

/**
 * Holds or books a slot. The same Idempotency-Key with the same body answers the reservation it
 * made (created: false), whatever happened to it since; with another body, 422.
 */
export async function bookReservation(
  deps: ReservationDeps,
  opts: Who & { body: { merchantId: number; date: string; time: string; partySize: number; specialRequest: string; hold: boolean }; idempotencyKey: string },
): Promise<BookResult> {
  requireReservations(opts.partner);
  // A member books on their own partner's site only (the session ties them; this holds without it).
  if (opts.member.partnerId !== opts.partner.id) throw AppError.notFound('There is no such member on this site.');
  requireOpenAccount(opts.member);
  const { body, member, partner } = opts;
  const hash = requestHash(body);
  const replay = async (row: ReservationRow | undefined): Promise<BookResult | null> => {
    if (!row) return null;
    // eslint-disable-next-line local/no-plain-secret-compare -- a fingerprint of the caller's own request body (to tell a replay from a reused key), not a secret
    if (row.requestHash !== hash) throw err(422, KEY_REUSED, 'idempotencyKeyReused');
    return { reservation: await present(deps, row, opts), created: false };
  };
  const earlier = await replay(await findByKey(deps.db, member.id, opts.idempotencyKey));
  if (earlier) return earlier;

  const b = await bookable(deps, body.merchantId);
  const now = deps.now?.() ?? Date.now();
  checkDate(body.date, windowOf(b, now));
  checkSeating(b, body.date, body.time);
  const startMs = b.ref.clock.toInstant(body.date, minutesOf(body.time)!);
  const holdMinutes = body.hold ? b.settings.holdMinutes : null;
  const requestId = `${partner.code}-${member.id}-${createHash('sha256').update(opts.idempotencyKey).digest('hex').slice(0, 24)}`;
  const guest = guestOf(member);
  const limits = limitsOf(b.settings);
  const base = {
    partnerId: partner.id, memberId: member.id, merchantId: body.merchantId, provider: b.provider.kind, partySize: body.partySize,
    localDate: body.date, localTime: body.time, specialRequest: body.specialRequest, idempotencyKey: opts.idempotencyKey, requestHash: hash,
  };
  const overlapCheck = async (db: Db) => {
    const near = await memberStartsNear(db, { memberId: member.id, merchantId: body.merchantId, startMs, windowMs: OVERLAP_WINDOW_MINUTES * 60_000 });
    if (overlapsWithin(near, startMs)) throw err(409, RESERVATION_MESSAGES.overlap, 'reservationOverlap');
  };

  try {
    if (b.provider.transactional) {
      const { row, created } = await deps.db.transaction(async (tx) => {
        await lockRestaurant(tx, body.merchantId);
        // Under the lock: the same key sent twice at once finds the first one's row here.
        const again = await findByKey(tx, member.id, opts.idempotencyKey);
        if (again) return { row: again, created: false };
        await expireHolds(tx, body.merchantId);
        await overlapCheck(tx);
        const confirmation = newConfirmation();
        // The row first (the table periods name it), completed from what the engine took.
        const inserted = await insertReservation(tx, {
          ...base, confirmationNumber: confirmation, providerRef: confirmation, startsAt: new Date(startMs), endsAt: new Date(startMs),
          status: 'held', holdExpiresAt: new Date(0),
        });
        const taken = await b.provider.take(tx, b.ref, {
          date: body.date, time: body.time, partySize: body.partySize, now, reservationId: inserted.id, memberId: inserted.memberId, requestId, guest,
          specialRequest: body.specialRequest, holdMinutes,
        });
        const done = await updateReservation(tx, inserted.id, {
          tableNo: taken.tableNo, startsAt: new Date(taken.startsAt), endsAt: new Date(taken.endsAt),
          status: holdMinutes === null ? 'booked' : 'held', holdExpiresAt: taken.holdExpiresAt === null ? null : new Date(taken.holdExpiresAt),
          confirmedAt: holdMinutes === null ? new Date(now) : null,
        });
        return { row: done, created: true };
      });
      if (!created) return (await replay(row))!;
      return { reservation: await present(deps, row, opts), created: true };
    }
    // A provider over the network: never inside a transaction. Its request id makes a retry book once.
    await overlapCheck(deps.db);
    const taken = await b.provider.take(deps.db, b.ref, {
      date: body.date, time: body.time, partySize: body.partySize, now, reservationId: 0, memberId: base.memberId, requestId, guest, specialRequest: body.specialRequest, holdMinutes,
    });
    const { row, created } = await insertReservationOnce(deps.db, {
      ...base, confirmationNumber: newConfirmation(), providerRef: taken.providerRef, startsAt: new Date(taken.startsAt), endsAt: new Date(taken.endsAt),
      status: holdMinutes === null ? 'booked' : 'held', holdExpiresAt: taken.holdExpiresAt === null ? null : new Date(taken.holdExpiresAt),
      confirmedAt: holdMinutes === null ? new Date(now) : null,
    });
    if (!created) return (await replay(row))!;
    return { reservation: await present(deps, row, opts), created: true };
  } catch (e) {
    if (e instanceof ProviderError) throw providerError(e, limits, b.restaurant.phone);
    throw e;
  }
}

/** The member as the restaurant's booking system knows the guest. */
function guestOf(member: MemberRow): Guest {
  return { firstName: member.firstName, lastName: member.lastName, email: member.email, phone: member.phoneNumber };
}

function providerRef(row: ReservationRow): ProviderRef {
  return { reservationId: row.id, providerRef: row.providerRef, requestId: `${row.confirmationNumber}`, date: row.localDate, time: row.localTime, partySize: row.partySize };
}

async function ownReservation(deps: ReservationDeps, who: Who, id: number): Promise<ReservationRow> {
  requireReservations(who.partner);
  const row = await findMemberReservation(deps.db, { id, memberId: who.member.id, partnerId: who.partner.id });
  if (!row) throw err(404, UNKNOWN_RESERVATION);
  return row;
}

/**
 * Turns the member's hold into a booking; confirming a booked reservation again answers it as it
 * is. A special request given here (written while the table was held) replaces the hold's.
 */
export async function confirmReservation(deps: ReservationDeps, opts: Who & { id: number; specialRequest?: string }): Promise<Reservation> {
  const row = await ownReservation(deps, opts, opts.id);
  requireOpenAccount(opts.member);
  if (row.status === 'booked') return present(deps, row, opts);
  if (row.status !== 'held') throw err(409, row.status === 'expired' ? RESERVATION_MESSAGES.holdExpired : NOT_HELD, row.status === 'expired' ? 'reservationHoldExpired' : undefined);
  const b = await bookable(deps, row.merchantId);
  const now = deps.now?.() ?? Date.now();
  try {
    if (b.provider.transactional) {
      const done = await deps.db.transaction(async (tx) => {
        await lockRestaurant(tx, row.merchantId);
        await expireHolds(tx, row.merchantId);
        const current = (await findMemberReservation(tx, { id: row.id, memberId: opts.member.id, partnerId: opts.partner.id }))!;
        if (current.status === 'booked') return current;
        // Expired just now (and its table given back, which must commit): answered below.
        if (current.status !== 'held') return null;
        const specialRequest = opts.specialRequest ?? current.specialRequest;
        const { providerRef: ref } = await b.provider.confirm(tx, b.ref, providerRef(current), { guest: guestOf(opts.member), specialRequest });
        return updateReservation(tx, row.id, { status: 'booked', holdExpiresAt: null, confirmedAt: new Date(now), providerRef: ref || current.providerRef, specialRequest });
      });
      if (!done) throw new ProviderError('holdExpired');
      return present(deps, done, opts);
    }
    if (row.holdExpiresAt && row.holdExpiresAt.getTime() <= now) {
      await updateReservation(deps.db, row.id, { status: 'expired' });
      throw new ProviderError('holdExpired');
    }
    const specialRequest = opts.specialRequest ?? row.specialRequest;
    const { providerRef: ref } = await b.provider.confirm(deps.db, b.ref, providerRef(row), { guest: guestOf(opts.member), specialRequest });
    return present(deps, await updateReservation(deps.db, row.id, { status: 'booked', holdExpiresAt: null, confirmedAt: new Date(now), providerRef: ref, specialRequest }), opts);
  } catch (e) {
    if (e instanceof ProviderError) throw providerError(e, null, b.restaurant.phone);
    throw e;
  }
}

/**
 * Cancels a booking or releases a hold; the table is free again. Cancelling twice answers the
 * cancelled reservation. A hold released before Reserve was pressed never became a reservation:
 * it ends as `expired` (like a hold that ran out), which the member's list leaves out, rather
 * than a "Cancelled" booking the member never made (review 24 d).
 */
export async function cancelReservation(deps: ReservationDeps, opts: Who & { id: number }): Promise<Reservation> {
  const row = await ownReservation(deps, opts, opts.id);
  const now = deps.now?.() ?? Date.now();
  if (row.status === 'cancelled' || row.status === 'expired') return present(deps, row);
  if (row.startsAt.getTime() <= now) throw err(409, NOT_CANCELLABLE);
  const restaurant = await findRestaurant(deps.db, row.merchantId);
  const settings = restaurant?.settings ?? null;
  const ref: ProviderRestaurant = { merchantId: row.merchantId, providerRef: settings?.providerRef ?? null, clock: restaurantClock(restaurant?.state ?? '') };
  const cancelled = row.status === 'held'
    ? { status: 'expired', holdExpiresAt: new Date(now) } as const
    : { status: 'cancelled', cancelledAt: new Date(now), holdExpiresAt: null } as const;
  try {
    if (row.provider === 'native') {
      // Our engine: the table periods go in the same commit as the status.
      const done = await deps.db.transaction(async (tx) => {
        await lockRestaurant(tx, row.merchantId);
        await deleteBlocks(tx, row.id);
        return updateReservation(tx, row.id, cancelled);
      });
      return present(deps, done);
    }
    // A remote booking system is told first: if it does not answer, nothing changes here (424).
    const provider = settings && settings.provider === row.provider ? providerFor(deps, settings) : null;
    if (!provider) throw new ProviderError('providerDown');
    await provider.cancel(deps.db, ref, providerRef(row));
    return present(deps, await updateReservation(deps.db, row.id, cancelled));
  } catch (e) {
    if (e instanceof ProviderError) throw providerError(e, null, restaurant?.phone ?? '');
    throw e;
  }
}

export async function listReservations(deps: ReservationDeps, who: Who): Promise<ReservationList> {
  requireReservations(who.partner);
  const now = deps.now?.() ?? Date.now();
  const rows = await listMemberReservations(deps.db, { memberId: who.member.id, partnerId: who.partner.id });
  const shown = rows.map((r) => toReservation(r.reservation, r.merchant, now)).filter((r) => r.status !== 'expired');
  // Upcoming soonest first, then the past most recent first.
  const upcoming = shown.filter((r) => r.section === 'upcoming');
  const past = shown.filter((r) => r.section === 'past').reverse();
  return { reservations: [...upcoming, ...past] };
}

/**
 * The reservation as the member reads it; for the answers of holding, booking and confirming
 * (`earnFor`, the member), with what a dine at its time earns (issue 24: the hold step and the
 * confirmation say it).
 */
async function present(deps: ReservationDeps, row: ReservationRow, earnFor?: Who): Promise<Reservation> {
  const restaurant = await findRestaurant(deps.db, row.merchantId);
  if (!restaurant) throw err(404, UNKNOWN_RESTAURANT);
  const reservation = toReservation(row, restaurant, deps.now?.() ?? Date.now());
  if (!earnFor) return reservation;
  const mark = await earnMarker(deps.db, { partner: earnFor.partner, member: earnFor.member, restaurant, date: row.localDate });
  return { ...reservation, earn: mark(minutesOf(row.localTime)!) };
}

export function toReservation(row: ReservationRow, merchant: RestaurantAddress, now: number): Reservation {
  const status: ReservationStatus = row.status === 'held' && row.holdExpiresAt && row.holdExpiresAt.getTime() <= now ? 'expired' : row.status as ReservationStatus;
  const live = status === 'held' || status === 'booked';
  const upcoming = live && row.startsAt.getTime() > now;
  return {
    id: row.id,
    confirmationNumber: row.confirmationNumber,
    status,
    section: upcoming ? 'upcoming' : 'past',
    merchant: { id: merchant.id, name: merchant.name, address1: merchant.address1, city: merchant.city, state: merchant.state, zipCode: merchant.zipCode, phone: merchant.phone },
    date: row.localDate,
    time: row.localTime,
    dateTime: restaurantClock(merchant.state).localIso(row.startsAt.getTime()),
    endsAt: row.endsAt.toISOString(),
    partySize: row.partySize,
    specialRequest: row.specialRequest,
    holdExpiresAt: status === 'held' && row.holdExpiresAt ? row.holdExpiresAt.toISOString() : null,
    cancellable: upcoming,
    createdAt: row.createdAt.toISOString(),
    cancelledAt: row.cancelledAt ? row.cancelledAt.toISOString() : null,
  };
}
