import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { createTestApp, type TestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { demoPublicId } from '../../demo/members';
import { flexOffers, memberCards, memberProgress, memberRewards, members, merchantNetworkLocations, merchants } from '../../db/schema';
import { signCardEvent } from '../../lib/card-event-signature';
import { CARD_NETWORK_EVENTS_PATH } from '../../plugins/route-rules';
import type { FlexOffer } from '#shared/schemas/flex-offers';
import { offersFlexOffers } from '#shared/rules/partner-features';
import { drainInbox } from '../card-network/engine';
import { setTerms } from '../card-network/test-fixtures';
import { merchantLocalDateTime } from '#shared/rules/rewards/local-time';
import { createFlexOffer, FLEX_NONE, FLEX_NOT_ON_THIS_SITE, FLEX_NOT_YOURS } from './flex-offers.service';

/**
 * Flex offers (docs/api-flex-offers.md): the §7 call for the member's own public id only, and the
 * engine redeeming an offer once on a qualified dine at the restaurant within its dates.
 */

let t: TestApp;
let place: { id: number; state: string; location: string };
let elsewhere: { id: number; state: string; location: string };
const db = () => t.database.db;

async function restaurant(offset: number) {
  const [m] = await db().select({ id: merchants.id, state: merchants.state, location: merchantNetworkLocations.locationId }).from(merchants)
    .innerJoin(merchantNetworkLocations, eq(merchantNetworkLocations.merchantId, merchants.id)).orderBy(asc(merchants.id)).offset(offset).limit(1);
  await setTerms(db(), m!.id);
  return m!;
}

beforeAll(async () => {
  t = await createTestApp();
  place = await restaurant(0);
  elsewhere = await restaurant(40);
});
afterAll(async () => { await t.close(); });

async function person(partner: string, slug: string) {
  const publicId = demoPublicId(partner, slug);
  const b = new TestBrowser(t, partner);
  expect((await b.signInAs(publicId)).statusCode).toBe(200);
  const [m] = await db().select({ id: members.id, partnerId: members.partnerId }).from(members).where(eq(members.publicId, publicId));
  const [card] = await db().select({ token: memberCards.networkToken }).from(memberCards).where(eq(memberCards.memberId, m!.id)).limit(1);
  return { b, publicId, memberId: m!.id, partnerId: m!.partnerId, token: card?.token ?? '' };
}

const localToday = (state: string) => merchantLocalDateTime(new Date(), state).slice(0, 10);
const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const offerOf = (who: { memberId: number; partnerId: number }, merchantId: number, amount: number, from: string, to: string) =>
  createFlexOffer(db(), { partnerId: who.partnerId, memberId: who.memberId, merchantId, amount, validFrom: from, validTo: to, source: 'job' });
const ask = (b: TestBrowser, merchantId: number | string, publicId: string, opts: { csrf?: boolean; host?: string } = {}) =>
  b.send({ method: 'GET', url: `/api/merchants/${merchantId}/flex-offers/members/${publicId}`, csrf: opts.csrf ?? true, ...(opts.host ? { host: opts.host } : {}) });

describe('offersFlexOffers (§1 switch)', () => {
  it('needs the switch and members', () => {
    expect(offersFlexOffers({ hasFlexOffers: true, enrollmentType: 'direct' })).toBe(true);
    expect(offersFlexOffers({ hasFlexOffers: true, enrollmentType: 'sso' })).toBe(true);
    expect(offersFlexOffers({ hasFlexOffers: true, enrollmentType: 'none' })).toBe(false);
    expect(offersFlexOffers({ hasFlexOffers: false, enrollmentType: 'direct' })).toBe(false);
  });
});

describe('GET /api/merchants/{merchantId}/flex-offers/members/{publicId}', () => {
  it('answers the signed-in member\'s open offer here today (id, webMessageOfferAmount, dates), the one ending soonest', async () => {
    const m = await person('hilton', 'select-noncard');
    const today = localToday(place.state);
    await offerOf(m, place.id, 900, shift(today, -3), shift(today, 10));
    const soonest = await offerOf(m, place.id, 500, today, shift(today, 2));
    await offerOf(m, place.id, 700, shift(today, 1), shift(today, 5)); // not yet
    await offerOf(m, place.id, 800, shift(today, -9), shift(today, -1)); // over
    const res = await ask(m.b, place.id, m.publicId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<FlexOffer>()).toEqual({ id: soonest.id, webMessageOfferAmount: 500, merchantId: place.id, validFrom: today, validTo: shift(today, 2) });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('404 with a message when the member has no offer here today', async () => {
    const m = await person('hilton', 'basic-noncard');
    const res = await ask(m.b, elsewhere.id, m.publicId);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(FLEX_NONE);
  });

  it('another member\'s public id is 403 (their offer is never shown), whether or not it exists', async () => {
    const me = await person('hilton', 'vip-noncard');
    const other = await person('hilton', 'select-card');
    const today = localToday(place.state);
    await offerOf(other, place.id, 400, today, today);
    for (const id of [other.publicId, 'no-such-member']) {
      const res = await ask(me.b, place.id, id);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(FLEX_NOT_YOURS);
    }
  });

  it('a visitor is 401; a member of another partner asking for this member\'s id on their own site is 403', async () => {
    const visitor = new TestBrowser(t, 'hilton');
    expect((await ask(visitor, place.id, demoPublicId('hilton', 'select-card'))).statusCode).toBe(401);
    const [other] = await db().execute(sql`select code from partners where has_flex_offers and enrollment_type = 'direct' and code <> 'hilton' order by code limit 1`)
      .then((x) => (x as unknown as { rows: Array<{ code: string }> }).rows);
    const stranger = await person(other!.code, 'select-card');
    const res = await ask(stranger.b, place.id, demoPublicId('hilton', 'select-card'));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(FLEX_NOT_YOURS);
  });

  it('without the anti-forgery header: 403 before anything else (even for a visitor or bad input)', async () => {
    const m = await person('hilton', 'select-card');
    expect((await ask(m.b, place.id, m.publicId, { csrf: false })).statusCode).toBe(403);
    expect((await ask(new TestBrowser(t, 'hilton'), 'abc', '%20', { csrf: false })).statusCode).toBe(403);
  });

  it('bad input is 400 with a message; an unknown restaurant is 404', async () => {
    const m = await person('hilton', 'select-card');
    for (const [id, pid] of [['abc', m.publicId], ['-4', m.publicId], ['99999999999', m.publicId], [String(place.id), 'bad%20id'], [String(place.id), 'x'.repeat(65)]]) {
      const res = await ask(m.b, id!, pid!);
      expect(res.statusCode, `${id} ${pid}`).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await ask(m.b, 2147483000, m.publicId)).statusCode).toBe(404);
  });

  it('a partner without flex offers answers 404 (members and visitors alike)', async () => {
    const [p] = await db().execute(sql`select code from partners where not has_flex_offers and enrollment_type = 'direct' order by code limit 1`)
      .then((x) => (x as unknown as { rows: Array<{ code: string }> }).rows);
    const m = await person(p!.code, 'select-card');
    const res = await ask(m.b, place.id, m.publicId);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(FLEX_NOT_ON_THIS_SITE);
    expect((await ask(new TestBrowser(t, p!.code), place.id, m.publicId)).statusCode).toBe(404);
  });

  it('createFlexOffer refuses a member of another partner, a partner without the switch and bad dates', async () => {
    const m = await person('hilton', 'select-card');
    const [p] = await db().execute(sql`select id from partners where not has_flex_offers order by id limit 1`).then((x) => (x as unknown as { rows: Array<{ id: number }> }).rows);
    await expect(createFlexOffer(db(), { partnerId: Number(p!.id), memberId: m.memberId, merchantId: place.id, amount: 5, validFrom: '2026-01-01', validTo: '2026-01-02', source: 'job' })).rejects.toThrow(/not a member/);
    await expect(offerOf(m, place.id, 5, '2026-01-02', '2026-01-01')).rejects.toThrow(/end on or after/);
    await expect(offerOf(m, place.id, 0, '2026-01-01', '2026-01-01')).rejects.toThrow(/more than 0/);
  });
});

let counter = 0;
type Ev = Record<string, unknown> & { id: string };
function purchase(token: string, at: { location: string; state: string }, date: string, cents = 4000) {
  const txn = `flex-tx-${++counter}-${process.pid}`;
  const local = `${date}T19:30:00${merchantLocalDateTime(new Date(`${date}T23:30:00Z`), at.state).slice(19)}`;
  const base = { cardToken: token, currency: 'USD', merchantLocationId: at.location, localDateTime: local, onlineOrder: false, transactionId: txn };
  return { txn, events: [{ ...base, id: `${txn}-a`, type: 'auth', amountCents: cents }, { ...base, id: `${txn}-c`, type: 'clearing', amountCents: cents }] as Ev[] };
}
/** The webhook wakes the in-process applier: wait for it, then apply what is left here. */
async function settle() {
  await t.app.cardNetwork.applier.idle();
  await drainInbox(db());
}
async function post(events: readonly Ev[]) {
  for (const e of events) {
    const raw = JSON.stringify(e);
    const res = await t.app.inject({ method: 'POST', url: CARD_NETWORK_EVENTS_PATH, payload: raw, headers: { host: 'localhost', 'content-type': 'application/json', ...signCardEvent(t.config.cardEventsSecret, raw) } });
    expect(res.statusCode, res.body).toBe(200);
  }
}
const flexRows = (memberId: number) => db().select().from(memberRewards)
  .where(and(eq(memberRewards.memberId, memberId), sql`${memberRewards.description} like 'Flex offer%'`)).orderBy(asc(memberRewards.id));

describe('the engine redeems a flex offer', () => {
  it('on the first qualified dine there within its dates: one B reward of its amount, the offer used, the year\'s rewards up by it', async () => {
    const m = await person('hilton', 'select-card');
    // Ahead of today: the demo cards were linked when the data was seeded, and a dine before linking does not qualify.
    const day = shift(localToday(place.state), 2);
    const offer = await offerOf(m, place.id, 250, shift(day, -1), shift(day, 5));
    await post([...purchase(m.token, elsewhere, day).events, ...purchase(m.token, place, shift(day, 7)).events]); // another restaurant; after the dates
    await settle();
    expect(await flexRows(m.memberId)).toEqual([]);

    const year = Number(day.slice(0, 4));
    const before = (await db().select().from(memberProgress).where(and(eq(memberProgress.memberId, m.memberId), eq(memberProgress.year, year))))[0]?.rewards ?? 0;
    const first = purchase(m.token, place, day);
    await post([...first.events, ...purchase(m.token, place, shift(day, 1)).events]);
    await post(first.events.map((e) => ({ ...e }))); // delivered again
    await settle();
    const rows = await flexRows(m.memberId);
    expect(rows.map((r) => [r.sourceCode, r.amount, r.status])).toEqual([['B', 250, 'Awarded']]);
    const [used] = await db().select().from(flexOffers).where(eq(flexOffers.id, offer.id));
    expect(used).toMatchObject({ rewardId: rows[0]!.id, dineId: rows[0]!.dineId });
    const after = (await db().select().from(memberProgress).where(and(eq(memberProgress.memberId, m.memberId), eq(memberProgress.year, year))))[0]!.rewards;
    const sRewards = await db().execute(sql`select coalesce(sum(amount), 0)::int as s from member_rewards where member_id = ${m.memberId} and source_code = 'S' and dine_id in (select id from dines where transaction_id like 'flex-tx-%' and local_date in (${day}, ${shift(day, 1)}) and merchant_id = ${place.id})`)
      .then((x) => Number((x as unknown as { rows: Array<{ s: number }> }).rows[0]!.s));
    expect(after - before).toBe(sRewards + 250);
  });

  it('a refund of the whole dine takes the reward back (Forfeit) and opens the offer again; the next dine there redeems it', async () => {
    const m = await person('hilton', 'vip-card');
    const day = shift(localToday(place.state), 3);
    const offer = await offerOf(m, place.id, 300, day, shift(day, 5));
    const dine = purchase(m.token, place, day, 5000);
    await post(dine.events);
    await settle();
    const [given] = await flexRows(m.memberId);
    expect(given!.status).toBe('Awarded');
    await post([{
      id: `${dine.txn}-r`, type: 'refund', transactionId: `${dine.txn}-r`, originalTransactionId: dine.txn, cardToken: m.token, amountCents: -5000,
      currency: 'USD', merchantLocationId: place.location, localDateTime: `${shift(day, 1)}T12:00:00-05:00`, onlineOrder: false,
    }]);
    await settle();
    expect((await flexRows(m.memberId)).map((r) => [r.status, r.amount, r.reason])).toEqual([['Forfeit', 0, 'refunded']]);
    expect((await db().select().from(flexOffers).where(eq(flexOffers.id, offer.id)))[0]).toMatchObject({ rewardId: null, dineId: null });
    await post(purchase(m.token, place, shift(day, 1)).events);
    await settle();
    expect((await flexRows(m.memberId)).map((r) => [r.status, r.amount])).toEqual([['Forfeit', 0], ['Awarded', 300]]);
  });

  it('exactly once whatever the chunk size, copies and parallel appliers (property)', async () => {
    const m = await person('hilton', 'basic-card');
    let n = 0;
    await fc.assert(fc.asyncProperty(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 }), fc.boolean(),
      async (chunk, dines, copies, parallel) => {
        const day = shift(localToday(place.state), 10 + n++);
        const offer = await offerOf(m, place.id, 111, day, day);
        const events = Array.from({ length: dines }, () => purchase(m.token, place, day).events).flat();
        await post(Array.from({ length: copies }, () => events).flat());
        if (parallel) await Promise.all([drainInbox(db(), { limit: chunk }), drainInbox(db(), { limit: chunk }), t.app.cardNetwork.applier.idle()]);
        else await drainInbox(db(), { limit: chunk });
        await settle();
        const [row] = await db().select().from(flexOffers).where(eq(flexOffers.id, offer.id));
        expect(row!.rewardId).not.toBeNull();
        const rewards = await db().select().from(memberRewards).where(eq(memberRewards.id, row!.rewardId!));
        expect(rewards.map((r) => [r.sourceCode, r.amount, r.status])).toEqual([['B', 111, 'Awarded']]);
      }), { numRuns: 6 });
    expect((await flexRows(m.memberId)).length).toBe(6);
  });
});

describe('the offers job: win-back offers', () => {
  it('offers a restaurant a member dined at in the last 180 days but not the last 30; once; not to a member who came back lately or on a partner without the switch', async () => {
    const hilton = (await db().execute(sql`select id from partners where code = 'hilton'`).then((x) => (x as unknown as { rows: Array<{ id: number }> }).rows))[0]!.id;
    const [plain] = await db().execute(sql`select id from partners where not has_flex_offers and enrollment_type = 'direct' order by id limit 1`).then((x) => (x as unknown as { rows: Array<{ id: number }> }).rows);
    const { memberWithCards } = await import('../card-network/test-fixtures');
    const old = new Date('2024-01-01T00:00:00Z');
    const lapsed = await memberWithCards(db(), { partnerId: Number(hilton), linkedAt: old });
    const regular = await memberWithCards(db(), { partnerId: Number(hilton), linkedAt: old });
    const elsewhereMember = await memberWithCards(db(), { partnerId: Number(plain!.id), linkedAt: old });
    const today = new Date().toISOString().slice(0, 10);
    await post([
      ...purchase(lapsed.tokens[0]!, place, shift(today, -60)).events,
      ...purchase(lapsed.tokens[0]!, place, shift(today, -90)).events,
      ...purchase(lapsed.tokens[0]!, elsewhere, shift(today, -200)).events, // too long ago
      ...purchase(regular.tokens[0]!, place, shift(today, -60)).events,
      ...purchase(regular.tokens[0]!, place, shift(today, -10)).events, // still comes
      ...purchase(elsewhereMember.tokens[0]!, place, shift(today, -60)).events,
    ]);
    await settle();
    const { makeWinBackOffers, WIN_BACK_AMOUNTS, WIN_BACK_DAYS } = await import('./flex-offers.service');
    expect(await makeWinBackOffers(db())).toBeGreaterThanOrEqual(1);
    const mine = (memberId: number) => db().select().from(flexOffers).where(eq(flexOffers.memberId, memberId));
    expect((await mine(lapsed.memberId)).map((o) => [o.merchantId, o.amount, o.validFrom, o.validTo, o.source]))
      .toEqual([[place.id, WIN_BACK_AMOUNTS.Point, shift(today, -1), shift(today, WIN_BACK_DAYS - 2), 'job']]);
    expect(await mine(regular.memberId)).toEqual([]);
    expect(await mine(elsewhereMember.memberId)).toEqual([]);
    await makeWinBackOffers(db());
    expect(await mine(lapsed.memberId)).toHaveLength(1);
  });
});
