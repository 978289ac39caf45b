import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { createTestApp, type TestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { demoPublicId } from '../../demo/members';
import { bonusAwards, memberCards, memberProgress, memberRewards, members, merchantNetworkLocations, reservationSettings } from '../../db/schema';
import { signCardEvent } from '../../lib/card-event-signature';
import { CARD_NETWORK_EVENTS_PATH } from '../../plugins/route-rules';
import type { Reservation } from '#shared/schemas/reservations';
import type { TransactionsPage } from '#shared/schemas/rewards';
import { restaurantClock } from '../reservations/clock';
import { awardReservationBonus } from '../bonuses/bonuses.service';
import { drainInbox } from './engine';
import { setTerms } from './test-fixtures';

/**
 * The reservation bonus in the engine (issue 11 item 4, docs/rewards-engine.md §6): booked through
 * the reservation calls (hold, then Confirm), honoured by a dine that comes in as signed card-network
 * events at that restaurant on the reservation's local day, awarded once as a B reward of the
 * partner's RESERVE programme — under duplicates, retries, chunking and repeated hooks — and taken
 * back when a refund un-qualifies the dine.
 */

let t: TestApp;
let restaurants: Array<{ id: number; state: string; location: string }>;
let hiltonBonus: number; // RESERVE for hilton (Point partner: 100 points)
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  // Restaurants that take parties from 1 and open every day, with a network location each; made to qualify every day.
  const rows = await db().select({ id: reservationSettings.merchantId, minParty: reservationSettings.minParty })
    .from(reservationSettings).orderBy(reservationSettings.merchantId);
  const chosen = rows.filter((r) => r.minParty === 1 && r.id % 7 !== 0).slice(0, 3);
  restaurants = [];
  for (const r of chosen) {
    const [loc] = await db().select({ location: merchantNetworkLocations.locationId }).from(merchantNetworkLocations).where(eq(merchantNetworkLocations.merchantId, r.id)).limit(1);
    const [m] = await db().execute(sql`select state from merchants where id = ${r.id}`).then((x) => (x as unknown as { rows: Array<{ state: string }> }).rows);
    await setTerms(db(), r.id);
    restaurants.push({ id: r.id, state: m!.state, location: loc!.location });
  }
  const [p] = await db().execute(sql`select b.id from bonus_programmes b join partners p on p.id = b.partner_id where p.code = 'hilton' and b.kind = 'reservation'`)
    .then((x) => (x as unknown as { rows: Array<{ id: number }> }).rows);
  hiltonBonus = Number(p!.id);
});
afterAll(async () => { await t.close(); });

let counter = 0;
let keys = 0;

async function signedIn(partner: string, slug: string) {
  const b = new TestBrowser(t, partner);
  expect((await b.signInAs(demoPublicId(partner, slug))).statusCode).toBe(200);
  const [m] = await db().select({ id: members.id, partnerId: members.partnerId }).from(members).where(eq(members.publicId, demoPublicId(partner, slug)));
  const [card] = await db().select({ token: memberCards.networkToken }).from(memberCards).where(eq(memberCards.memberId, m!.id)).limit(1);
  return { b, memberId: m!.id, partnerId: m!.partnerId, token: card!.token };
}

const dayAhead = (state: string, days: number) => {
  const today = restaurantClock(state).today(Date.now());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
};

/** Holds a table through the API and confirms it (the widget's two calls). */
async function bookTable(b: TestBrowser, merchantId: number, date: string, opts: { confirm?: boolean; time?: string } = {}): Promise<Reservation> {
  const held = await b.send({ method: 'POST', url: '/api/Member/Reservations', payload: { merchantId, date, time: opts.time ?? '19:00', partySize: 2, hold: true }, headers: { 'idempotency-key': `rb-${Date.now()}-${++keys}` } });
  expect(held.statusCode, held.body).toBe(201);
  const r = held.json<Reservation>();
  if (opts.confirm === false) return r;
  const done = await b.send({ method: 'POST', url: `/api/Member/Reservations/${r.id}/Confirm` });
  expect(done.statusCode, done.body).toBe(200);
  return done.json<Reservation>();
}

type Ev = Record<string, unknown> & { id: string };
/** A purchase at the restaurant on that local day at 20:30 (the restaurant's offset): authorisation and clearing. */
function purchase(token: string, restaurant: { location: string; state: string }, date: string, cents = 6000): { events: Ev[]; txn: string } {
  const txn = `rb-tx-${++counter}-${process.pid}`;
  const local = restaurantClock(restaurant.state).localIso(restaurantClock(restaurant.state).toInstant(date, 20 * 60 + 30));
  const base = { cardToken: token, currency: 'USD', merchantLocationId: restaurant.location, localDateTime: local, onlineOrder: false, transactionId: txn };
  return { txn, events: [{ ...base, id: `${txn}-a`, type: 'auth', amountCents: cents }, { ...base, id: `${txn}-c`, type: 'clearing', amountCents: cents }] };
}
const refund = (token: string, restaurant: { location: string; state: string }, txn: string, cents: number): Ev => ({
  id: `${txn}-r${++counter}`, type: 'refund', transactionId: `${txn}-r${counter}`, originalTransactionId: txn, cardToken: token, amountCents: -cents,
  currency: 'USD', merchantLocationId: restaurant.location, localDateTime: restaurantClock(restaurant.state).localIso(Date.now()), onlineOrder: false,
});

/** The webhook wakes the in-process applier: wait for it, then apply what is left here. */
async function settle() {
  await t.app.cardNetwork.applier.idle();
  await drainInbox(db());
}

/** Posts events as the network does: signed, one a request. */
async function post(events: readonly Ev[]) {
  for (const e of events) {
    const raw = JSON.stringify(e);
    const res = await t.app.inject({ method: 'POST', url: CARD_NETWORK_EVENTS_PATH, payload: raw, headers: { host: 'localhost', 'content-type': 'application/json', ...signCardEvent(t.config.cardEventsSecret, raw) } });
    expect(res.statusCode, res.body).toBe(200);
  }
}

const bonusRows = (memberId: number) => db().select().from(memberRewards)
  .where(and(eq(memberRewards.memberId, memberId), sql`${memberRewards.sourceCode} in ('B', 'J')`)).orderBy(asc(memberRewards.id));
const reservationAwards = (memberId: number) => db().select().from(bonusAwards)
  .where(and(eq(bonusAwards.memberId, memberId), eq(bonusAwards.bonusId, hiltonBonus))).orderBy(asc(bonusAwards.id));
const kept0 = (rows: Array<{ dineId: number | null; description: string | null }>) => rows.find((x) => x.description?.startsWith('Reservation'))!.dineId!;
const yearRewards = async (memberId: number, year: number) => (await db().select().from(memberProgress)
  .where(and(eq(memberProgress.memberId, memberId), eq(memberProgress.year, year))))[0]?.rewards ?? 0;

describe('the reservation bonus', () => {
  it('a booked reservation honoured by a qualified dine there that day earns 100 points once, shown in Reviews & History as a Bonus row of that restaurant', async () => {
    const m = await signedIn('hilton', 'select-card');
    const place = restaurants[0]!;
    const date = dayAhead(place.state, 3);
    const r = await bookTable(m.b, place.id, date);
    expect(r.status).toBe('booked');
    const year = Number(date.slice(0, 4));
    const before = await yearRewards(m.memberId, year);

    const dine = purchase(m.token, place, date);
    await post(dine.events);
    await settle();
    const rows = await bonusRows(m.memberId);
    expect(rows.map((x) => [x.sourceCode, x.amount, x.status])).toEqual([['B', 100, 'Awarded']]);
    expect(rows[0]!.description).toMatch(/^Reservation bonus/);
    const awards = await reservationAwards(m.memberId);
    expect(awards.map((a) => [a.awardKey, a.rewardId, a.revokedAt])).toEqual([[`reservation:${r.id}`, rows[0]!.id, null]]);
    expect(awards[0]!.dineId).toBe(rows[0]!.dineId);
    // 60 dollars at tier 2 plus the bonus in the year's rewards.
    const [s] = await db().select().from(memberRewards).where(and(eq(memberRewards.dineId, rows[0]!.dineId!), eq(memberRewards.sourceCode, 'S')));
    expect(await yearRewards(m.memberId, year)).toBe(before + s!.amount + 100);

    const page = (await m.b.send({ method: 'GET', url: '/api/Member/Transactions?page=1' })).json<TransactionsPage>();
    const row = page.data.find((x) => x.sourceTransactionId === `B-${rows[0]!.id}`);
    expect(row).toMatchObject({ transactionTypeCode: 'B', transactionStatus: 'Awarded', merchantId: place.id, benefitAmount: 100 });

    // The same events again (the network retries), a second dine there that day, the hook called for the same reservation: nothing more.
    await post(dine.events.map((e) => ({ ...e })));
    await post(purchase(m.token, place, date, 3000).events);
    await settle();
    expect(await awardReservationBonus(db(), { partnerId: m.partnerId, memberId: m.memberId, reservationId: String(r.id) })).toEqual({ awarded: false, reason: 'alreadyAwarded' });
    expect((await bonusRows(m.memberId)).filter((x) => x.sourceCode === 'B')).toHaveLength(1);
    expect(await reservationAwards(m.memberId)).toHaveLength(1);
  });

  it('no bonus without an honoured booking: held only, cancelled, another day, another restaurant, a member not activated (Deferred), a partner without the switch', async () => {
    const m = await signedIn('hilton', 'vip-card');
    const [a, b] = [restaurants[0]!, restaurants[1]!];
    const heldOnly = await bookTable(m.b, a.id, dayAhead(a.state, 4), { confirm: false });
    expect(heldOnly.status).toBe('held');
    const cancelled = await bookTable(m.b, a.id, dayAhead(a.state, 5));
    expect((await m.b.send({ method: 'DELETE', url: `/api/Member/Reservations/${cancelled.id}` })).statusCode).toBe(200);
    await bookTable(m.b, a.id, dayAhead(a.state, 6));
    await post([
      ...purchase(m.token, a, dayAhead(a.state, 4)).events,
      ...purchase(m.token, a, dayAhead(a.state, 5)).events,
      ...purchase(m.token, a, dayAhead(a.state, 7)).events, // the day after the booking
      ...purchase(m.token, b, dayAhead(b.state, 6)).events, // the booking's day, elsewhere
    ]);
    await settle();
    expect(await bonusRows(m.memberId)).toEqual([]);

    const deferred = await signedIn('hilton', 'nonactivated-card');
    await bookTable(deferred.b, a.id, dayAhead(a.state, 8));
    await post(purchase(deferred.token, a, dayAhead(a.state, 8)).events);
    await settle();
    expect(await bonusRows(deferred.memberId)).toEqual([]);

    // A partner with table reservations and no reservation bonus (§1 switch off).
    const [other] = await db().execute(sql`select code from partners where open_table_reservations_enabled and not has_reservation_bonus and enrollment_type = 'direct' order by code limit 1`)
      .then((x) => (x as unknown as { rows: Array<{ code: string }> }).rows);
    const o = await signedIn(other!.code, 'select-card');
    await bookTable(o.b, a.id, dayAhead(a.state, 9));
    await post(purchase(o.token, a, dayAhead(a.state, 9)).events);
    await settle();
    expect(await bonusRows(o.memberId)).toEqual([]);
  });

  it('one dine honours one reservation: lunch and dinner booked, one dine → one bonus; a second dine that day → the second', async () => {
    const m = await signedIn('hilton', 'basic-card');
    const place = restaurants[2]!;
    const date = dayAhead(place.state, 10);
    await bookTable(m.b, place.id, date, { time: '17:00' });
    await bookTable(m.b, place.id, date, { time: '20:00' });
    await post(purchase(m.token, place, date).events);
    await settle();
    expect((await bonusRows(m.memberId)).map((x) => x.amount)).toEqual([100]);
    await post(purchase(m.token, place, date, 2000).events);
    await settle();
    expect((await bonusRows(m.memberId)).map((x) => x.amount)).toEqual([100, 100]);
    expect(new Set((await reservationAwards(m.memberId)).map((a) => a.awardKey)).size).toBe(2);
  });

  it('a refund that leaves part of the dine keeps the bonus; one that refunds it whole takes it back (Forfeit), and the year\'s rewards drop by it', async () => {
    const m = await signedIn('hilton', 'new-card');
    const place = restaurants[1]!;
    const date = dayAhead(place.state, 12);
    const year = Number(date.slice(0, 4));
    await bookTable(m.b, place.id, date);
    const dine = purchase(m.token, place, date, 5000);
    await post(dine.events);
    await settle();
    expect((await bonusRows(m.memberId)).filter((x) => x.description?.startsWith('Reservation')).map((x) => x.status)).toEqual(['Awarded']);
    const withBonus = await yearRewards(m.memberId, year);
    const sOf = async () => (await db().select().from(memberRewards).where(and(eq(memberRewards.dineId, kept0(await bonusRows(m.memberId))), eq(memberRewards.sourceCode, 'S'))))[0]!.amount;
    const sBefore = await sOf();
    await post([refund(m.token, place, dine.txn, 1000)]);
    await settle();
    const sAfterPartial = await sOf();
    const kept = (await bonusRows(m.memberId)).filter((x) => x.description?.startsWith('Reservation'));
    expect(kept.map((x) => [x.status, x.amount])).toEqual([['Awarded', 100]]);
    const afterPartial = await yearRewards(m.memberId, year);
    await post([refund(m.token, place, dine.txn, 4000)]);
    await settle();
    const rows = (await bonusRows(m.memberId)).filter((x) => x.id === kept[0]!.id);
    expect(rows.map((x) => [x.status, x.amount, x.reason])).toEqual([['Forfeit', 0, 'refunded']]);
    expect((await reservationAwards(m.memberId)).filter((a) => a.revokedAt === null && a.rewardId === kept[0]!.id)).toEqual([]);
    // The rest of the dine's reward and the bonus leave the year's rewards.
    expect(await yearRewards(m.memberId, year)).toBe(afterPartial - sAfterPartial - 100);
    expect(afterPartial).toBe(withBonus - (sBefore - sAfterPartial));
  });
});

describe('exactly once under chunking, duplicates and parallel appliers (property)', () => {
  it('every booked-and-honoured reservation has exactly one live award and one B row, whatever the chunk size and delivery', async () => {
    const m = await signedIn('hilton', 'new-qualified');
    const place = restaurants[0]!;
    let day = 20;
    await fc.assert(fc.asyncProperty(
      fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 }), fc.boolean(),
      async (chunk, dinesThatDay, copies, parallel) => {
        const date = dayAhead(place.state, day++);
        const r = await bookTable(m.b, place.id, date);
        const events = Array.from({ length: dinesThatDay }, (_, i) => purchase(m.token, place, date, 2500 + i).events).flat();
        // Each event delivered `copies` times, interleaved.
        await post(Array.from({ length: copies }, () => events).flat());
        if (parallel) await Promise.all([drainInbox(db(), { limit: chunk }), drainInbox(db(), { limit: chunk }), t.app.cardNetwork.applier.idle()]);
        else await drainInbox(db(), { limit: chunk });
        await settle();
        const live = (await reservationAwards(m.memberId)).filter((a) => a.awardKey === `reservation:${r.id}` && a.revokedAt === null);
        expect(live).toHaveLength(1);
        const [row] = await db().select().from(memberRewards).where(eq(memberRewards.id, live[0]!.rewardId));
        expect([row!.sourceCode, row!.amount, row!.status]).toEqual(['B', 100, 'Awarded']);
      },
    ), { numRuns: 8 });
    // Every reservation award of the member is unique by key, and each B row belongs to one award.
    const all = await reservationAwards(m.memberId);
    expect(new Set(all.map((a) => a.awardKey)).size).toBe(all.length);
    const bRows = (await bonusRows(m.memberId)).filter((x) => x.description?.startsWith('Reservation'));
    expect(bRows.map((x) => x.id).sort()).toEqual(all.map((a) => a.rewardId).sort());
  });
});
