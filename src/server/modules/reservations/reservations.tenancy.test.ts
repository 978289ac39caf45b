import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import { members, partners, reservations, reservationSettings, type MemberRow, type PartnerRow, type ReservationRow } from '../../db/schema';
import { createTestDatabase } from '../../test/db';
import { memberWithCards } from '../card-network/test-fixtures';
import { findMemberReservation, listMemberReservations } from './reservations.repo';
import { bookReservation, cancelReservation, confirmReservation, listReservations, type ReservationDeps } from './reservations.service';

/**
 * Tenancy of table reservations without a route in between (issue 31 item 3): a member's
 * reservations are found, listed, confirmed and cancelled, called directly with member X's id and
 * partner B's id (and B's member with X's partner): never answered, 404, and unchanged after.
 * Both partners take table reservations here, so no call stops at "not offered" first.
 */
let database: Database;
let a: PartnerRow;
let b: PartnerRow;
let x: MemberRow;
let y: MemberRow;
let merchantId: number;
const db = () => database.db;
const deps = (): ReservationDeps => ({ db: db() });

async function memberOf(partner: PartnerRow): Promise<MemberRow> {
  const { memberId } = await memberWithCards(db(), { partnerId: partner.id });
  const future = Date.now() + 7 * 86_400_000;
  for (const [i, status] of (['held', 'booked'] as const).entries()) {
    const startsAt = new Date(future + i * 86_400_000);
    await db().insert(reservations).values({
      partnerId: partner.id, memberId, merchantId, provider: 'native', confirmationNumber: `TN${randomUUID().slice(0, 12)}`, tableNo: 1, partySize: 2,
      startsAt, endsAt: new Date(startsAt.getTime() + 7_200_000), localDate: startsAt.toISOString().slice(0, 10), localTime: '19:00', status,
      holdExpiresAt: status === 'held' ? new Date(Date.now() + 600_000) : null, idempotencyKey: randomUUID(), requestHash: 'tenancy',
    });
  }
  return (await db().select().from(members).where(eq(members.id, memberId)))[0]!;
}
const reservationsOf = (memberId: number): Promise<ReservationRow[]> => db().select().from(reservations).where(eq(reservations.memberId, memberId)).orderBy(asc(reservations.id));
async function expect404(attempt: Promise<unknown>) {
  await expect(attempt).rejects.toMatchObject({ statusCode: 404 });
}

beforeAll(async () => {
  database = await createTestDatabase();
  await db().update(partners).set({ openTableReservationsEnabled: true }).where(inArray(partners.code, ['hilton', 'caesars']));
  const all = await db().select().from(partners);
  a = all.find((p) => p.code === 'hilton')!;
  b = all.find((p) => p.code === 'caesars')!;
  merchantId = (await db().select({ id: reservationSettings.merchantId }).from(reservationSettings).limit(1))[0]!.id;
  x = await memberOf(a);
  y = await memberOf(b);
});
afterAll(async () => { await database.close(); });

describe('the reservations repository, called directly', () => {
  it("finds and lists each member's own (the control), and nothing for a member asked for with another partner", async () => {
    const xRows = await reservationsOf(x.id);
    const yRows = await reservationsOf(y.id);
    expect(xRows).toHaveLength(2);
    expect(yRows).toHaveLength(2);
    expect((await listMemberReservations(db(), { memberId: x.id, partnerId: a.id })).map((r) => r.reservation.id)).toEqual(xRows.map((r) => r.id));
    expect(await findMemberReservation(db(), { id: xRows[0]!.id, memberId: x.id, partnerId: a.id })).toEqual(xRows[0]);

    for (const [member, partner] of [[x, b], [y, a]] as const) {
      expect(await listMemberReservations(db(), { memberId: member.id, partnerId: partner.id })).toEqual([]);
      for (const row of [...xRows, ...yRows]) expect(await findMemberReservation(db(), { id: row.id, memberId: member.id, partnerId: partner.id })).toBeUndefined();
    }
  });
});

describe('the reservations service, called directly', () => {
  it('lists nothing and neither confirms nor cancels for a member under another partner (404): the reservations unchanged', async () => {
    const xRows = await reservationsOf(x.id);
    const yRows = await reservationsOf(y.id);
    expect(xRows.map((r) => r.status)).toEqual(['held', 'booked']);
    for (const [member, partner, rows] of [[x, b, xRows], [y, a, yRows]] as const) {
      expect(await listReservations(deps(), { partner, member })).toEqual({ reservations: [] });
      for (const row of rows) {
        await expect404(confirmReservation(deps(), { partner, member, id: row.id }));
        await expect404(cancelReservation(deps(), { partner, member, id: row.id }));
      }
    }
    expect(await reservationsOf(x.id)).toEqual(xRows);
    expect(await reservationsOf(y.id)).toEqual(yRows);
    // The right pairing sees its own.
    expect((await listReservations(deps(), { partner: a, member: x })).reservations).toHaveLength(2);
  });

  it("books nothing for a member under another partner, not even a replay of the member's own key (404)", async () => {
    const [own] = await reservationsOf(x.id);
    const body = { merchantId, date: own!.localDate, time: '19:00', partySize: 2, specialRequest: '', hold: false };
    for (const idempotencyKey of [own!.idempotencyKey, randomUUID()]) await expect404(bookReservation(deps(), { partner: b, member: x, body, idempotencyKey }));
    expect(await reservationsOf(x.id)).toHaveLength(2);
  });
});
