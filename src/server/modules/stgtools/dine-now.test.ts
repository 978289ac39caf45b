import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { cardNetworkInbox, memberCards, members, merchantNetworkLocations, merchants } from '../../db/schema';
import { demoPublicId } from '../../demo/members';
import type { TransactionsPage } from '#shared/schemas/rewards';
import { memberByPublicId } from '../rewards/rewards.test-fixtures';
import { NO_CARD, NO_LOCATION, NO_PENDING_DINE, UNKNOWN_CARD, UNKNOWN_MERCHANT } from './dine-now';
import type { NetworkSample } from '#shared/schemas/stgtools';

let t: TestApp;
let merchantId: number;
beforeAll(async () => {
  t = await createTestApp();
  // A restaurant that offers rewards all day, every day, without limits: the dine earns whatever the hour.
  const [m] = await t.database.db.select({ id: merchants.id }).from(merchants)
    .where(and(eq(merchants.participating, true), eq(merchants.benefitsAvailable, true), sql`cardinality(${merchants.campaignCodes}) = 0`, isNull(merchants.participationStart), isNull(merchants.participationEnd), isNull(merchants.benefitHours),
      isNull(merchants.monthlyVisitLimit), sql`cardinality(${merchants.blackoutDates}) = 0`))
    .orderBy(asc(merchants.id)).limit(1);
  merchantId = m!.id;
});
afterAll(async () => { await t.close(); });

async function signedIn(partner: string, slug: string): Promise<TestBrowser> {
  const b = new TestBrowser(t, partner);
  expect((await b.signInAs(demoPublicId(partner, slug))).statusCode).toBe(200);
  return b;
}
const dine = (b: TestBrowser, payload: object) => b.send({ method: 'POST', url: '/api/stgtools/dines', payload });
const transactions = async (b: TestBrowser) => {
  await t.app.cardNetwork.applier.idle();
  return (await b.send({ method: 'GET', url: '/api/Member/Transactions' })).json<TransactionsPage>().data;
};

describe('POST /api/stgtools/dines (Dine now)', () => {
  it('sends a signed authorisation and clearing through the webhook; the dine shows Awarded in Transactions', async () => {
    const b = await signedIn('hilton', 'select-card');
    const res = await dine(b, { merchantId, amountCents: 4567 });
    expect(res.statusCode).toBe(200);
    const { transactionId } = res.json<{ transactionId: string }>();
    expect(transactionId).toMatch(/^stg-/);
    const inbox = await t.database.db.select().from(cardNetworkInbox).where(sql`${cardNetworkInbox.body}->>'transactionId' = ${transactionId}`).orderBy(asc(cardNetworkInbox.id));
    expect(inbox.map((r) => r.type)).toEqual(['auth', 'clearing']);
    const m = await memberByPublicId(t.database.db, demoPublicId('hilton', 'select-card'));
    const [card] = await t.database.db.select().from(memberCards).where(eq(memberCards.memberId, m.id)).orderBy(asc(memberCards.id));
    expect(inbox[0]!.body).toMatchObject({ cardToken: card!.networkToken, merchantLocationId: `loc-${merchantId}`, amountCents: 4567, currency: 'USD' });
    const [row] = (await transactions(b)).filter((r) => r.sourceTransactionId === transactionId);
    // Hilton earns 6 points per $1 at Select (tier 2).
    expect(row).toMatchObject({ transactionStatus: 'Awarded', transactionTypeCode: 'S', dineAmount: 45.67, ticketAmount: 45.67, benefitAmount: 274, merchantId, cardLastFour: card!.lastFour });
  });

  it('on a partner that earns before tip (nosh), the row says what it earned on: the clearing less the tip the authorisation did not have', async () => {
    const b = await signedIn('nosh', 'select-card');
    const { transactionId } = (await dine(b, { merchantId, amountCents: 4000, clear: false })).json<{ transactionId: string }>();
    await transactions(b);
    expect((await dine(b, { merchantId, amountCents: 4800, clearTransactionId: transactionId })).statusCode).toBe(200);
    const [row] = (await transactions(b)).filter((r) => r.sourceTransactionId === transactionId);
    // nosh pays 5% at Select, on $40.00 before the $8.00 tip: $2.00.
    expect(row).toMatchObject({ transactionStatus: 'Awarded', dineAmount: 48, ticketAmount: 48, earnedOnAmount: 40, benefitAmount: 2 });
    // On the whole bill (hilton) there is nothing to add: the dine amount is what it earned on.
    const h = await signedIn('hilton', 'select-card');
    const whole = (await dine(h, { merchantId, amountCents: 4800 })).json<{ transactionId: string }>().transactionId;
    expect((await transactions(h)).find((r) => r.sourceTransactionId === whole)).toMatchObject({ earnedOnAmount: null, benefitAmount: 6 * 48 });
  });

  it('authorises only with clear: false (Pending), and uses the card asked for', async () => {
    const b = await signedIn('caesars', 'select-card');
    const m = await memberByPublicId(t.database.db, demoPublicId('caesars', 'select-card'));
    const [second] = await t.database.db.insert(memberCards).values({ partnerId: m.partnerId, memberId: m.id, cardType: 'Mastercard', lastFour: '4444', description: 'Mastercard', fingerprint: `dine-now-${m.id}` }).returning();
    const res = await dine(b, { merchantId, amountCents: 2000, cardId: second!.id, clear: false });
    expect(res.statusCode).toBe(200);
    const { transactionId } = res.json<{ transactionId: string }>();
    const [row] = (await transactions(b)).filter((r) => r.sourceTransactionId === transactionId);
    expect(row).toMatchObject({ transactionStatus: 'Pending', dineAmount: 20, ticketAmount: null, cardLastFour: '4444' });
  });

  it('clears an earlier authorisation with clearTransactionId: the same dine goes from Pending to Awarded with the tip', async () => {
    const b = await signedIn('hilton', 'select-card');
    const first = await dine(b, { merchantId, amountCents: 4000, clear: false });
    const { transactionId } = first.json<{ transactionId: string }>();
    expect((await transactions(b)).filter((r) => r.sourceTransactionId === transactionId)).toMatchObject([{ transactionStatus: 'Pending', dineAmount: 40 }]);
    const cleared = await dine(b, { merchantId, amountCents: 4800, clearTransactionId: transactionId });
    expect([cleared.statusCode, cleared.json()]).toEqual([200, { transactionId }]);
    const rows = (await transactions(b)).filter((r) => r.sourceTransactionId === transactionId);
    expect(rows).toMatchObject([{ transactionStatus: 'Awarded', ticketAmount: 48, benefitAmount: 6 * 48 }]);
    // Cleared once: a second clearing, another member's transaction or another restaurant is refused.
    const again = await dine(b, { merchantId, amountCents: 4800, clearTransactionId: transactionId });
    expect([again.statusCode, again.json<{ message: string }>().message]).toEqual([404, NO_PENDING_DINE]);
    const pending = (await dine(b, { merchantId, amountCents: 1000, clear: false })).json<{ transactionId: string }>().transactionId;
    const other = await signedIn('hilton', 'vip-card');
    const notMine = await dine(other, { merchantId, amountCents: 1000, clearTransactionId: pending });
    expect([notMine.statusCode, notMine.json<{ message: string }>().message]).toEqual([404, NO_PENDING_DINE]);
    const elsewhere = await dine(b, { merchantId: merchantId + 1, amountCents: 1000, clearTransactionId: pending });
    expect(elsewhere.statusCode).toBe(404);
    expect((await transactions(b)).filter((r) => r.sourceTransactionId === pending)).toMatchObject([{ transactionStatus: 'Pending' }]);
  });

  it('refuses a card that is not the member\'s, a member without a card, an unknown restaurant and one without a network location', async () => {
    const other = await memberByPublicId(t.database.db, demoPublicId('hilton', 'vip-card'));
    const [otherCard] = await t.database.db.select().from(memberCards).where(eq(memberCards.memberId, other.id));
    const b = await signedIn('hilton', 'basic-card');
    const notMine = await dine(b, { merchantId, amountCents: 1000, cardId: otherCard!.id });
    expect([notMine.statusCode, notMine.json<{ message: string }>().message]).toEqual([404, UNKNOWN_CARD]);
    const unknown = await dine(b, { merchantId: 99_999_999, amountCents: 1000 });
    expect([unknown.statusCode, unknown.json<{ message: string }>().message]).toEqual([404, UNKNOWN_MERCHANT]);
    const [lonely] = await t.database.db.select({ id: merchants.id }).from(merchants).orderBy(sql`${merchants.id} desc`).limit(1);
    await t.database.db.delete(merchantNetworkLocations).where(eq(merchantNetworkLocations.merchantId, lonely!.id));
    const noLocation = await dine(b, { merchantId: lonely!.id, amountCents: 1000 });
    expect([noLocation.statusCode, noLocation.json<{ message: string }>().message]).toEqual([400, NO_LOCATION]);
    const cardless = await signedIn('hilton', 'select-noncard');
    const none = await dine(cardless, { merchantId, amountCents: 1000 });
    expect([none.statusCode, none.json<{ message: string }>().message]).toEqual([400, NO_CARD]);
    expect(await transactions(b)).toEqual([]);
  });

  it.each([
    ['no restaurant', { amountCents: 1000 }],
    ['a zero amount', { merchantId: 1, amountCents: 0 }],
    ['a fractional amount', { merchantId: 1, amountCents: 10.5 }],
    ['an unknown field', { merchantId: 1, amountCents: 1000, tip: 5 }],
  ])('answers 400 for %s', async (_name, payload) => {
    const b = await signedIn('hilton', 'select-card');
    expect((await dine(b, payload)).statusCode).toBe(400);
  });

  it('needs a signed-in member and the anti-forgery token', async () => {
    expect((await dine(new TestBrowser(t, 'hilton'), { merchantId, amountCents: 1000 })).statusCode).toBe(401);
    const b = await signedIn('hilton', 'select-card');
    const noToken = await t.request('hilton', { method: 'POST', url: '/api/stgtools/dines', headers: { cookie: b.cookieHeader() }, payload: { merchantId, amountCents: 1000 } });
    expect(noToken.statusCode).toBe(403);
  });
});

describe('GET /api/stgtools/network-sample', () => {
  it("lists this partner's demo cards with their network tokens and restaurants' network locations, never a real member's card", async () => {
    const real = await memberByPublicId(t.database.db, demoPublicId('hilton', 'select-card'));
    // A real member's card (its public id is not a demo one) stays out.
    const [realMember] = await t.database.db.insert(members).values({ partnerId: real.partnerId, publicId: 'pub_realperson1', email: 'real@example.com', memberType: 'EnrolledCardMember' }).returning();
    await t.database.db.insert(memberCards).values({ partnerId: real.partnerId, memberId: realMember!.id, cardType: 'Visa', lastFour: '9999', description: 'Visa', fingerprint: 'fp-real-person', networkToken: 'ntk_real' });
    const res = await t.request('hilton', { method: 'GET', url: '/api/stgtools/network-sample' });
    expect(res.statusCode).toBe(200);
    const sample = res.json<NetworkSample>();
    expect(sample.cards.length).toBeGreaterThan(3);
    expect(sample.cards.every((c) => c.publicId.startsWith('demo-hilton-'))).toBe(true);
    expect(sample.cards.map((c) => c.cardToken)).not.toContain('ntk_real');
    expect(sample.locations.length).toBe(200);
    expect(sample.locations[0]).toEqual({ merchantId: expect.any(Number), locationId: expect.stringMatching(/^loc-/), state: expect.stringMatching(/^[A-Z]{2}$/) });
  });
});
