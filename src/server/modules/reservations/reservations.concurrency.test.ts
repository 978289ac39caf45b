import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestDatabase } from '../../test/db';
import type { Database } from '../../db/client';
import { members, partners, reservationSettings, reservationTableBlocks, reservations, type MemberRow, type PartnerRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { restaurantClock } from './clock';
import { bookReservation, cancelReservation } from './reservations.service';

/**
 * No double booking under concurrency (issue 11): 20 members book the last table of a restaurant
 * at the same time; exactly one wins. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL
 * (a pool of 4 connections, so transactions really overlap there).
 */
let database: Database;
let partner: PartnerRow;
let crowd: MemberRow[];
let merchantId: number;
let state: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  [partner] = (await db.select().from(partners).where(eq(partners.code, 'hilton'))) as [PartnerRow];
  const [settings] = await db.select().from(reservationSettings).orderBy(reservationSettings.merchantId).limit(1);
  merchantId = settings!.merchantId;
  state = (await db.execute(`select state from merchants where id = ${merchantId}`) as unknown as { rows: Array<{ state: string }> }).rows[0]!.state;
  // Two tables, generous pacing, open every day 17:00–21:00: only the tables can run out.
  await db.update(reservationSettings).set({
    tables: [{ no: 1, name: 'Four-top 1', minCovers: 1, maxCovers: 4 }, { no: 2, name: 'Four-top 2', minCovers: 1, maxCovers: 4 }],
    shifts: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, name: 'Dinner', firstSeating: 17 * 60, lastSeating: 21 * 60 })),
    pacingParties: 50, pacingCovers: 200, minParty: 1, maxParty: 6, bookingWindowDays: 90, closedDates: [],
  }).where(eq(reservationSettings.merchantId, merchantId));
  crowd = await db.insert(members).values(Array.from({ length: 21 }, (_, i) => ({
    partnerId: partner.id, publicId: `crowd-${i}-${Date.now()}`, email: `crowd${i}@example.com`, firstName: 'Crowd', lastName: String(i),
  }))).returning();
});
afterAll(async () => { await database.close(); });

const date = () => {
  const today = restaurantClock(state).today(Date.now());
  return new Date(Date.parse(`${today}T00:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10);
};

describe('20 parallel bookings of the last table', () => {
  it('exactly one wins; the others are told the time was just taken', async () => {
    const db = database.db;
    // One of the two tables goes first, to someone else.
    const first = await bookReservation({ db }, { partner, member: crowd[20]!, idempotencyKey: 'crowd-first', body: { merchantId, date: date(), time: '19:00', partySize: 2, specialRequest: '', hold: false } });
    expect(first.reservation.status).toBe('booked');

    const results = await Promise.allSettled(crowd.slice(0, 20).map((member, i) => bookReservation({ db }, {
      partner, member, idempotencyKey: `crowd-${i}`, body: { merchantId, date: date(), time: '19:00', partySize: 2, specialRequest: '', hold: i % 2 === 0 },
    })));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const l of lost) {
      expect(l.reason).toBeInstanceOf(AppError);
      expect(l.reason).toMatchObject({ statusCode: 409, code: 'reservationUnavailable' });
    }
    const live = await db.select().from(reservations).where(eq(reservations.merchantId, merchantId));
    expect(live.filter((r) => r.status === 'booked' || r.status === 'held')).toHaveLength(2);
    expect(new Set(live.filter((r) => r.status !== 'cancelled').map((r) => r.tableNo))).toEqual(new Set([1, 2]));
    // 19:00 for two takes 90 minutes: six periods per table, none shared.
    const blocks = await db.select().from(reservationTableBlocks).where(eq(reservationTableBlocks.merchantId, merchantId));
    expect(blocks).toHaveLength(12);

    // Cancelling frees the table: the next member gets it.
    const winner = (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof bookReservation>>>).value.reservation;
    const winnerMember = crowd.find((m) => live.some((r) => r.id === winner.id && r.memberId === m.id))!;
    await cancelReservation({ db }, { partner, member: winnerMember, id: winner.id });
    const loser = crowd.find((m) => m.id !== winnerMember.id)!;
    const next = await bookReservation({ db }, { partner, member: loser, idempotencyKey: 'crowd-after-cancel', body: { merchantId, date: date(), time: '19:00', partySize: 2, specialRequest: '', hold: false } });
    expect(next.reservation.status).toBe('booked');
  });

  it('the table periods\' key alone refuses a double booking, even past the lock', async () => {
    const db = database.db;
    const rows = await db.select({ id: reservations.id, memberId: reservations.memberId }).from(reservations).where(inArray(reservations.idempotencyKey, ['crowd-first', 'crowd-after-cancel']));
    const at = new Date(Date.parse(`${date()}T12:00:00Z`));
    const attempts = await Promise.allSettled(rows.map((r) => db.transaction(async (tx) => {
      await tx.insert(reservationTableBlocks).values({ merchantId, tableNo: 9, blockStart: at, reservationId: r.id, memberId: r.memberId });
    })));
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
  });
});
