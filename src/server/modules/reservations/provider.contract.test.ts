import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { minutesOf, timeOf } from '#shared/rules/reservations';
import { createTestDatabase } from '../../test/db';
import type { Database } from '../../db/client';
import { members, merchants, partners, reservationSettings, type MemberRow, type PartnerRow } from '../../db/schema';
import { restaurantClock, type RestaurantClock } from './clock';
import { OpenTableProvider } from './open-table-provider';
import { bookReservation, cancelReservation, confirmReservation, getAvailability, type ReservationDeps } from './reservations.service';

/**
 * The provider contract (docs/api-reservations.md, "Providers"): the same behaviour through the
 * reservation service whichever provider a restaurant uses, run against our own engine and against
 * a stand-in of an OpenTable-style partner API (a Fastify server below). One restaurant in both:
 * one table for 2–6, parties 2–6 online, 30 days ahead, a 60-minute cut-off, 17:00–21:00 every
 * day, two-hour turns.
 */

const TOKEN = 'stand-in-token';
const RID = 'rid-4242';

type StandInBooking = { confirmation: string; start: number; partySize: number; lock: boolean; expires: number; cancelled: boolean };

/** A stand-in of OpenTable's partner API for one restaurant (research §2.1 shapes). */
function standIn(clock: RestaurantClock) {
  const app: FastifyInstance = Fastify();
  const bookings: StandInBooking[] = [];
  const byRequest = new Map<string, unknown>();
  const requests: Array<{ method: string; url: string; requestId?: string }> = [];
  /** The bodies of the bookings asked for (guest and special request included). */
  const booked: Array<Record<string, unknown>> = [];
  const TURN = 120 * 60_000;
  const live = (b: StandInBooking) => !b.cancelled && (!b.lock || b.expires > Date.now());
  const free = (start: number, ignore?: string) => !bookings.some((b) => live(b) && b.confirmation !== ignore && Math.abs(b.start - start) < TURN);
  app.addHook('onRequest', async (req, reply) => {
    requests.push({ method: req.method, url: req.url, requestId: req.headers['x-request-id'] as string | undefined });
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return reply.code(401).send({ error: 'Unauthorized' });
    if (req.method === 'POST' && !req.headers['x-request-id']) return reply.code(400).send({ error: 'X-Request-Id required' });
  });
  app.get<{ Params: { rid: string }; Querystring: Record<string, string> }>('/v2/availability/:rid', async (req, reply) => {
    if (req.params.rid !== RID) return reply.code(404).send({ error: 'Unknown restaurant' });
    const party = Number(req.query.party_size);
    const [date, time] = String(req.query.start_date_time).split('T') as [string, string];
    const limits = { minPartySize: 2, maxPartySize: 6, maxDaysInAdvance: 30, earlyCutoffMinutes: 60 };
    const none = (reason: string) => ({ rid: RID, party_size: party, times_available: [], noTimesReasons: [reason], ...limits });
    if (party < 2) return none('BelowMinPartySize');
    if (party > 6) return none('AboveMaxPartySize');
    const days = (Date.parse(`${date}T00:00:00Z`) - Date.parse(`${clock.today(Date.now())}T00:00:00Z`)) / 86_400_000;
    if (days > 30) return none('TooFarInAdvance');
    const asked = minutesOf(time)!;
    const near: number[] = [];
    for (let m = 17 * 60; m <= 21 * 60; m += 15) if (Math.abs(m - asked) <= Number(req.query.forward_minutes)) near.push(m);
    if (near.length === 0) return none('NoTimesExist');
    const open = near.filter((m) => clock.toInstant(date, m) >= Date.now() + 60 * 60_000);
    if (open.length === 0) return none('EarlyCutoff');
    const times = open.filter((m) => free(clock.toInstant(date, m))).map((m) => ({ time: `${date}T${timeOf(m)}`, availability_types: [{ type: 'Standard' }] }));
    return times.length > 0 ? { rid: RID, party_size: party, times_available: times, ...limits } : none('NoTimesExist');
  });
  const startOf = (dateTime: string) => {
    const [date, time] = dateTime.split('T') as [string, string];
    return clock.toInstant(date, minutesOf(time)!);
  };
  app.post<{ Body: { date_time: string; party_size: number } }>('/v2/booking/:rid/slot_locks', async (req, reply) => {
    const id = req.headers['x-request-id'] as string;
    if (byRequest.has(id)) return byRequest.get(id);
    const start = startOf(req.body.date_time);
    if (!free(start)) return reply.code(409).send({ error: 'SlotUnavailable' });
    const lock: StandInBooking = { confirmation: randomUUID(), start, partySize: req.body.party_size, lock: true, expires: Date.now() + 5 * 60_000, cancelled: false };
    bookings.push(lock);
    const answer = { reservation_token: lock.confirmation, expires_at: new Date(lock.expires).toISOString() };
    byRequest.set(id, answer);
    return reply.code(201).send(answer);
  });
  app.post<{ Body: { date_time: string; party_size: number; reservation_token?: string } }>('/v2/booking/:rid/reservations', async (req, reply) => {
    const id = req.headers['x-request-id'] as string;
    if (byRequest.has(id)) return reply.code(201).send(byRequest.get(id));
    booked.push(req.body as Record<string, unknown>);
    const start = startOf(req.body.date_time);
    let booking: StandInBooking;
    if (req.body.reservation_token) {
      const lock = bookings.find((b) => b.confirmation === req.body.reservation_token && b.lock);
      if (!lock || !live(lock)) return reply.code(404).send({ error: 'The reservation has expired' });
      lock.lock = false;
      booking = lock;
    } else {
      if (!free(start)) return reply.code(409).send({ error: 'SlotUnavailable' });
      booking = { confirmation: `OT${bookings.length + 1000}`, start, partySize: req.body.party_size, lock: false, expires: 0, cancelled: false };
      bookings.push(booking);
    }
    const answer = { confirmation_number: booking.confirmation, date_time: req.body.date_time, party_size: booking.partySize, message: 'Booked', manage_reservation_url: `https://example.test/r/${booking.confirmation}` };
    byRequest.set(id, answer);
    return reply.code(201).send(answer);
  });
  const cancel = async (req: { params: { ref: string } }, reply: { code: (n: number) => { send: (b: unknown) => unknown } }) => {
    const b = bookings.find((x) => x.confirmation === req.params.ref);
    if (!b) return reply.code(404).send({ error: 'Not found' });
    b.cancelled = true;
    return reply.code(200).send({ cancelled: true });
  };
  app.delete<{ Params: { ref: string } }>('/v2/booking/:rid/reservations/:ref', cancel);
  app.delete<{ Params: { ref: string } }>('/v2/booking/:rid/slot_locks/:ref', cancel);
  return { app, bookings, requests, booked };
}

let database: Database;
let partner: PartnerRow;
let people: MemberRow[];
let server: ReturnType<typeof standIn>;
let deps: ReservationDeps;
const ids: Record<'native' | 'openTable', number> = { native: 0, openTable: 0 };
let state = 'NY';

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  [partner] = (await db.select().from(partners).where(eq(partners.code, 'hilton'))) as [PartnerRow];
  const [a, b] = await db.select({ id: merchants.id, state: merchants.state }).from(merchants).where(eq(merchants.state, 'NY')).orderBy(merchants.id).limit(2);
  ids.native = a!.id;
  ids.openTable = b!.id;
  state = a!.state;
  const common = {
    minParty: 2, maxParty: 6, bookingWindowDays: 30, cutoffMinutes: 60, pacingParties: 50, pacingCovers: 200, holdMinutes: 5,
    turnTimes: [{ maxParty: 99, minutes: 120 }], closedDates: [],
    tables: [{ no: 1, name: 'Six-top 1', minCovers: 2, maxCovers: 6 }],
    shifts: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, name: 'Dinner', firstSeating: 17 * 60, lastSeating: 21 * 60 })),
  };
  await db.delete(reservationSettings).where(eq(reservationSettings.merchantId, ids.native));
  await db.delete(reservationSettings).where(eq(reservationSettings.merchantId, ids.openTable));
  await db.insert(reservationSettings).values([
    { merchantId: ids.native, provider: 'native', ...common },
    // A longer window than the remote system's own 30 days: its tooFar shows through.
    { merchantId: ids.openTable, provider: 'openTable', providerRef: RID, ...common, bookingWindowDays: 45, tables: [], shifts: [] },
  ]);
  people = await db.insert(members).values(Array.from({ length: 6 }, (_, i) => ({
    partnerId: partner.id, publicId: `contract-${i}-${Date.now()}`, email: `contract${i}@example.com`, firstName: 'Ada', lastName: `Contract${i}`, phoneNumber: '2125550100',
  }))).returning();
  server = standIn(restaurantClock(state));
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  deps = { db, openTable: { baseUrl: address, accessToken: TOKEN, timeoutMs: 3000 } };
});
afterAll(async () => {
  await server.app.close();
  await database.close();
});

const dayAhead = (days: number) => {
  const today = restaurantClock(state).today(Date.now());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
};

describe.each(['native', 'openTable'] as const)('provider contract: %s', (kind) => {
  const merchantId = () => ids[kind];
  const offset = kind === 'native' ? 0 : 3;
  const who = (i: number) => ({ partner, member: people[i + offset]! });
  const avail = (q: { date: string; time?: string; partySize: number }) => getAvailability(deps, { partner, member: null, merchantId: merchantId(), query: q });
  const book = (i: number, key: string, body: Partial<{ date: string; time: string; partySize: number; hold: boolean; specialRequest: string }>) =>
    bookReservation(deps, { ...who(i), idempotencyKey: `${kind}-${key}`, body: { merchantId: merchantId(), date: day5, time: '19:00', partySize: 2, specialRequest: '', hold: false, ...body } });
  /** About five days ahead: the first day from five on that seats at 19:00 (seatingDayFrom below says why). */
  let day5 = '';
  beforeAll(async () => {
    day5 = await seatingDayFrom(5);
  });

  it('availability: slots around the time, in the restaurant\'s local time', async () => {
    const a = await avail({ date: day5, time: '19:00', partySize: 2 });
    expect(a.reason).toBeUndefined();
    expect(a.slots.map((s) => s.time)).toEqual(['17:00', '17:15', '17:30', '17:45', '18:00', '18:15', '18:30', '18:45', '19:00', '19:15', '19:30', '19:45', '20:00', '20:15', '20:30', '20:45', '21:00']);
    expect(a.slots[8]!.dateTime).toBe(restaurantClock(state).localIso(restaurantClock(state).toInstant(day5, 19 * 60)));
    expect(a.limits).toEqual({ minPartySize: 2, maxPartySize: 6, maxDaysInAdvance: 30, cutoffMinutes: 60 });
  });

  it('availability: the §4 reasons with the limits', async () => {
    expect((await avail({ date: day5, time: '19:00', partySize: 1 })).reason).toBe('tooSmall');
    expect((await avail({ date: day5, time: '19:00', partySize: 7 })).reason).toBe('tooBig');
    if (kind === 'openTable') {
      // The remote system's own limits show through ours: 30 days there, 45 in our window.
      expect((await avail({ date: dayAhead(31), time: '19:00', partySize: 2 })).reason).toBe('tooFar');
      expect((await avail({ date: day5, time: '08:00', partySize: 2 })).reason).toBe('none');
    } else {
      // Our engine: a time it does not seat at is searched at the day's default time (19:00 here).
      const a = await avail({ date: day5, time: '08:00', partySize: 2 });
      expect(a.time).toBe('19:00');
      expect(a.slots.map((s) => s.time)).toContain('19:00');
      expect(a.times.map((t) => t.time)).toEqual(['17:00', '17:30', '18:00', '18:30', '19:00', '19:30', '20:00', '20:30', '21:00']);
    }
  });

  it('availability: dates only in the restaurant\'s booking window (400 outside, never yesterday)', async () => {
    const days = kind === 'native' ? 30 : 45;
    expect((await avail({ date: dayAhead(days), partySize: 2 })).window).toEqual({ first: dayAhead(0), last: dayAhead(days) });
    await expect(avail({ date: dayAhead(days + 1), partySize: 2 })).rejects.toMatchObject({ statusCode: 400, fieldErrors: [{ field: 'date' }] });
    await expect(avail({ date: dayAhead(-1), partySize: 2 })).rejects.toMatchObject({ statusCode: 400 });
    await expect(book(0, 'far', { date: dayAhead(days + 1) })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('books; the same key answers the same reservation; the taken time is gone for the next member', async () => {
    const first = await book(0, 'a', {});
    expect(first).toMatchObject({ created: true, reservation: { status: 'booked', time: '19:00', date: day5, partySize: 2 } });
    const again = await book(0, 'a', {});
    expect(again).toMatchObject({ created: false, reservation: { id: first.reservation.id } });
    const slots = (await avail({ date: day5, time: '19:00', partySize: 2 })).slots.map((s) => s.time);
    // The one table is taken 19:00–21:00: nothing from 17:15 (ends 19:15) to 20:45.
    expect(slots).toEqual(['17:00', '21:00']);
    await expect(book(1, 'b', {})).rejects.toMatchObject({ statusCode: 409, code: 'reservationUnavailable' });
    await expect(book(0, 'c', { time: '20:30' })).rejects.toMatchObject({ statusCode: 409, code: 'reservationOverlap' });
  });

  /**
   * The first day from `from` days ahead on which the restaurant seats at 19:00: its own hours close
   * some weekdays, so a fixed number of days ahead failed on every such weekday (a date a week from
   * today in one test; six days ahead, a Monday on 2026-12-01, in another).
   */
  async function seatingDayFrom(from: number): Promise<string> {
    for (let d = from; d < from + 7; d += 1) {
      if ((await avail({ date: dayAhead(d), time: '19:00', partySize: 2 })).slots.some((s) => s.time === '19:00')) return dayAhead(d);
    }
    throw new Error(`No day seats at 19:00 in the week from ${dayAhead(from)}`);
  }

  it('cancelling frees the table', async () => {
    const date = await seatingDayFrom(6);
    const booked = await book(1, 'd', { date });
    expect((await avail({ date, time: '19:00', partySize: 2 })).slots.map((s) => s.time)).not.toContain('19:00');
    const cancelled = await cancelReservation(deps, { ...who(1), id: booked.reservation.id });
    expect(cancelled.status).toBe('cancelled');
    expect((await avail({ date, time: '19:00', partySize: 2 })).slots.map((s) => s.time)).toContain('19:00');
  });

  it('holds a slot for a few minutes while the member confirms', async () => {
    const date = await seatingDayFrom(7);
    const held = await book(2, 'e', { date, hold: true, specialRequest: 'A high chair, please' });
    expect(held.reservation.status).toBe('held');
    expect(Date.parse(held.reservation.holdExpiresAt!)).toBeGreaterThan(Date.now() + 4 * 60_000);
    expect((await avail({ date, time: '19:00', partySize: 2 })).slots.map((s) => s.time)).not.toContain('19:00');
    const confirmed = await confirmReservation(deps, { ...who(2), id: held.reservation.id });
    expect(confirmed).toMatchObject({ status: 'booked', holdExpiresAt: null, specialRequest: 'A high chair, please' });
    // OpenTable books the lock at confirm: the member as the guest, and the request, go with it.
    if (kind === 'openTable') expect(server.booked.at(-1)).toMatchObject({ email_address: who(2).member.email, special_request: 'A high chair, please' });
    else expect(server.booked.some((b) => b.email_address === who(2).member.email), 'our own engine books nothing remote').toBe(false);
  });
});

describe('OpenTable-style provider on the wire', () => {
  it('sends the bearer token, and an X-Request-Id on every POST that makes a retry book once', async () => {
    const provider = new OpenTableProvider({ baseUrl: deps.openTable!.baseUrl, accessToken: TOKEN });
    const clock = restaurantClock(state);
    const restaurant = { merchantId: ids.openTable, providerRef: RID, clock };
    const request = {
      date: dayAhead(9), time: '18:00', partySize: 2, now: Date.now(), reservationId: 0, memberId: 0, requestId: 'retry-1',
      guest: { firstName: 'Ada', lastName: 'L', email: 'ada@example.com', phone: '2125550100' }, specialRequest: '', holdMinutes: null,
    };
    const one = await provider.take(database.db, restaurant, request);
    const two = await provider.take(database.db, restaurant, request);
    expect(two.providerRef).toBe(one.providerRef);
    expect(server.bookings.filter((b) => b.start === clock.toInstant(dayAhead(9), 18 * 60) && !b.cancelled)).toHaveLength(1);
    expect(server.requests.filter((r) => r.method === 'POST').length).toBeGreaterThan(0);
    expect(server.requests.filter((r) => r.method === 'POST').every((r) => r.requestId)).toBe(true);
    const wrong = new OpenTableProvider({ baseUrl: deps.openTable!.baseUrl, accessToken: 'wrong' });
    await expect(wrong.availability(database.db, restaurant, { date: dayAhead(9), time: '19:00', partySize: 2, now: Date.now() })).rejects.toMatchObject({ failure: 'providerDown' });
  });

  it('a held slot booked at confirm carries the guest and the special request (the slot lock named no one)', async () => {
    const provider = new OpenTableProvider({ baseUrl: deps.openTable!.baseUrl, accessToken: TOKEN });
    const restaurant = { merchantId: ids.openTable, providerRef: RID, clock: restaurantClock(state) };
    const guest = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', phone: '2125550199' };
    const held = await provider.take(database.db, restaurant, {
      date: dayAhead(11), time: '19:30', partySize: 3, now: Date.now(), reservationId: 0, memberId: 0, requestId: 'confirm-guest', guest, specialRequest: 'Window table', holdMinutes: 5,
    });
    expect(held.providerRef).toMatch(/^lock:/);
    const before = server.booked.length;
    await provider.confirm(database.db, restaurant, { reservationId: 0, providerRef: held.providerRef, requestId: 'confirm-guest', date: dayAhead(11), time: '19:30', partySize: 3 }, { guest, specialRequest: 'Window table' });
    expect(server.booked.slice(before)).toEqual([expect.objectContaining({
      party_size: 3, reservation_token: held.providerRef.slice(5), first_name: 'Grace', last_name: 'Hopper', email_address: 'grace@example.com', phone_number: '2125550199', special_request: 'Window table',
    })]);
  });

  it('a booking system that does not answer is a 424, not a 500', async () => {
    const db = database.db;
    const [row] = await db.select().from(reservationSettings).where(and(eq(reservationSettings.merchantId, ids.openTable)));
    expect(row!.provider).toBe('openTable');
    const down: ReservationDeps = { db, openTable: { baseUrl: 'http://127.0.0.1:9', accessToken: TOKEN, timeoutMs: 500 } };
    await expect(getAvailability(down, { partner, member: null, merchantId: ids.openTable, query: { date: dayAhead(5), time: '19:00', partySize: 2 } }))
      .rejects.toMatchObject({ statusCode: 424 });
    // A cancellation the booking system does not confirm changes nothing here.
    const booked = await bookReservation(deps, { partner, member: people[5]!, idempotencyKey: 'down-cancel', body: { merchantId: ids.openTable, date: dayAhead(12), time: '19:00', partySize: 2, specialRequest: '', hold: false } });
    await expect(cancelReservation(down, { partner, member: people[5]!, id: booked.reservation.id })).rejects.toMatchObject({ statusCode: 424 });
    await expect(cancelReservation({ db }, { partner, member: people[5]!, id: booked.reservation.id })).rejects.toMatchObject({ statusCode: 424 });
    expect((await cancelReservation(deps, { partner, member: people[5]!, id: booked.reservation.id })).status).toBe('cancelled');
    // Without the provider configured, the restaurant takes no bookings here (404).
    await expect(getAvailability({ db }, { partner, member: null, merchantId: ids.openTable, query: { date: dayAhead(5), time: '19:00', partySize: 2 } }))
      .rejects.toMatchObject({ statusCode: 404, code: 'reservationsNotOffered' });
  });
});
