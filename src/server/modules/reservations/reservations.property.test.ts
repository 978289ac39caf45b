import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../test/db';
import type { Database } from '../../db/client';
import { members, merchants, partners, reservationSettings, reservations, type PartnerRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { OVERLAP_WINDOW_MINUTES } from '#shared/rules/reservations';
import { restaurantClock } from './clock';
import { bookReservation } from './reservations.service';
import { shrinkLimit } from '../../test/property';

/**
 * Retries and duplicates (property): whatever mix of keys, bodies, holds and repeats a member
 * sends, partly at the same time, each Idempotency-Key makes at most one reservation and always
 * answers that one; a key reused with another body is refused; and the member never holds two
 * live reservations at the restaurant less than two hours apart.
 */
let database: Database;
let partner: PartnerRow;
let merchantId: number;
let state: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  [partner] = (await db.select().from(partners).where(eq(partners.code, 'hilton'))) as [PartnerRow];
  const [row] = await db.select({ id: reservationSettings.merchantId, state: merchants.state }).from(reservationSettings)
    .innerJoin(merchants, eq(merchants.id, reservationSettings.merchantId)).orderBy(reservationSettings.merchantId).limit(1);
  merchantId = row!.id;
  state = row!.state;
  await db.update(reservationSettings).set({
    shifts: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, name: 'Dinner', firstSeating: 17 * 60, lastSeating: 22 * 60 })),
    pacingParties: 50, pacingCovers: 200, minParty: 1, maxParty: 6, bookingWindowDays: 90, closedDates: [],
  }).where(eq(reservationSettings.merchantId, merchantId));
});
afterAll(async () => { await database.close(); });

const TIMES = ['17:00', '18:30', '19:00', '21:00'] as const;
const day = (n: number) => {
  const today = restaurantClock(state).today(Date.now());
  return new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
};

describe('Idempotency-Key under retries and duplicates', () => {
  let run = 0;
  it('one reservation per key, the same answer on every retry, 422 for another body, never two within two hours', async () => {
    await fc.assert(fc.asyncProperty(
      fc.array(fc.record({ key: fc.integer({ min: 0, max: 3 }), time: fc.constantFrom(...TIMES), day: fc.integer({ min: 3, max: 4 }), together: fc.boolean() }), { minLength: 1, maxLength: 12 }),
      async (requests) => {
        run++;
        const db = database.db;
        const [member] = await db.insert(members).values({ partnerId: partner.id, publicId: `prop-${run}-${Date.now()}`, email: `prop${run}@example.com` }).returning();
        const send = (r: (typeof requests)[number]) => bookReservation({ db }, {
          partner, member: member!, idempotencyKey: `prop-${run}-${r.key}`,
          // Even keys hold, odd keys book: a key's body differs only by date and time.
          body: { merchantId, date: day(r.day), time: r.time, partySize: 2, specialRequest: '', hold: r.key % 2 === 0 },
        }).then((v) => ({ r, ok: v }), (e: unknown) => ({ r, err: e }));
        const keysNow = async () => new Map((await db.select().from(reservations).where(eq(reservations.memberId, member!.id))).map((row) => [row.idempotencyKey, row]));
        // Requests marked `together` go at the same time as the one before them; the keys used
        // before each group decide what its answers must be.
        for (let i = 0; i < requests.length;) {
          let j = i + 1;
          while (j < requests.length && requests[j]!.together) j++;
          const before = await keysNow();
          const outcomes = await Promise.all(requests.slice(i, j).map(send));
          const after = await keysNow();
          for (const o of outcomes) {
            const key = `prop-${run}-${o.r.key}`;
            const row = after.get(key);
            const sameBody = row !== undefined && row.localDate === day(o.r.day) && row.localTime === o.r.time;
            if ('ok' in o) {
              // Success: the key's one reservation, made with this very body.
              expect(sameBody).toBe(true);
              expect(o.ok.reservation.id).toBe(row!.id);
            } else {
              expect(o.err).toBeInstanceOf(AppError);
              const status = (o.err as AppError).statusCode;
              if (before.has(key)) {
                // The key already made a reservation: the same body is answered, another refused.
                expect([sameBody, status]).toEqual([false, 422]);
              } else {
                // Refused for the slot or the overlap (nothing is kept, the key stays free), or
                // beaten by a request of the same group that used the key with another body.
                expect(status === 409 || (status === 422 && row !== undefined && !sameBody)).toBe(true);
              }
            }
          }
          i = j;
        }
        const rows = [...(await keysNow()).values()];
        const starts = rows.filter((row) => row.status === 'booked' || row.status === 'held').map((row) => row.startsAt.getTime()).sort((a, b) => a - b);
        for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(OVERLAP_WINDOW_MINUTES * 60_000);
      },
    ), { numRuns: 15, ...shrinkLimit(45_000) });
  }, 60_000);
});
