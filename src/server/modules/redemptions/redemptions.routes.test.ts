import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { demoPublicId } from '../../demo/members';
import { memberCards, members, notifications, redemptions, type MemberRow } from '../../db/schema';
import type { Redemption, RedemptionOptionsResponse, RedemptionsPage } from '#shared/schemas/redemptions';
import { HOLD_REASONS, MASKED_CARD_PLACEHOLDER } from '#shared/constants/redemptions';
import { insertDine, insertRedemptions, memberByPublicId } from '../rewards/rewards.test-fixtures';
import { startGiftCardSimulator, type GiftCardSimulator } from './provider/gift-card-simulator';
import { GIFT_CARD_SIGNATURE_HEADER, signGiftCardWebhook } from './provider/gift-card-client';
import { balanceCents } from './ledger';
import { giftCardClient, sendGiftCards } from './gift-cards';
import { decideHold } from './holds';

/**
 * The member's redemption calls (issue 28) from request to ledger: options, making one with an
 * Idempotency-Key, the 409s, holds, the send job against the provider's simulator, the signed
 * webhook, and every call's refusals (bad input, no token, visitor, other member, other partner).
 */
let t: TestApp;
let sim: GiftCardSimulator;
const SECRET = 'test-gift-card-webhook-secret';
const db = () => t.database.db;
const giftCard = () => t.config.giftCard;

beforeAll(async () => {
  sim = await startGiftCardSimulator({ port: 0, apiKey: 'test-key', webhookSecret: SECRET });
  t = await createTestApp({ config: { giftCard: { source: 'simulator', apiUrl: sim.url, apiKey: 'test-key', webhookSecret: SECRET, fundingSourceId: 'balance' } } });
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

async function signedIn(partner: string, slug: string): Promise<TestBrowser> {
  const b = new TestBrowser(t, partner);
  expect((await b.signInAs(demoPublicId(partner, slug))).statusCode).toBe(200);
  return b;
}
/** Brings the member's balance to exactly `cents` with an Awarded dine. */
async function fund(m: MemberRow, cents: number) {
  const now = await balanceCents(db(), { partnerId: m.partnerId, memberId: m.id });
  if (cents !== now) await insertDine(db(), m, { status: 'Awarded', reward: cents - now });
}
/** A member past the first-redemption hold (an earlier completed one). */
async function seasoned(m: MemberRow) {
  await insertDine(db(), m, { status: 'Awarded', reward: 1000 });
  await insertRedemptions(db(), m, [{ creditId: `cr_${'0'.repeat(20)}${String(m.id).padStart(12, '0')}`, amountCents: 1000, targetType: 'card', targetLabel: 'Visa ending in 1111', benefitProcessor: 'Visa', status: 'completed', automatic: true }]);
}

let keys = 0;
const newKey = () => `redeem-key-${Date.now()}-${++keys}`;
const redeem = (b: TestBrowser, body: Record<string, unknown>, key: string | null = newKey(), extra: { csrf?: boolean; host?: string } = {}) =>
  b.send({ method: 'POST', url: '/api/Member/Redemptions', payload: body, headers: key === null ? {} : { 'idempotency-key': key }, ...extra });
const visa = (amountCents: number) => ({ option: 'visa', amountCents, delivery: 'Email' });

describe('GET /api/Member/RedemptionOptions', () => {
  it('answers the balance, the cards and each option with why it cannot be used', async () => {
    const m = await memberByPublicId(db(), demoPublicId('nosh', 'basic-card'));
    await fund(m, 1_200);
    const res = await (await signedIn('nosh', 'basic-card')).send({ method: 'GET', url: '/api/Member/RedemptionOptions' });
    expect(res.statusCode).toBe(200);
    const body = res.json<RedemptionOptionsResponse>();
    expect(body).toMatchObject({ balanceCents: 1_200, inFlightCents: 0, autoStatementCredit: { enabled: true, breakpointCents: 2_000 }, email: { address: m.email, pendingChange: null } });
    const [card] = await db().select().from(memberCards).where(eq(memberCards.memberId, m.id));
    expect(body.cards).toEqual([{ cardId: card!.id, label: `${card!.cardType} ending in ${card!.lastFour}` }]);
    expect(Object.fromEntries(body.options.map((o) => [o.option, o.unavailableReason]))).toEqual({
      statementCredit: null, visa: "Your balance is below this option's minimum of $25.00.", mastercard: "Your balance is below this option's minimum of $25.00.", tremendous: null,
    });
  });

  it('is 404 on miles partners and 401 for visitors', async () => {
    expect((await (await signedIn('hilton', 'select-card')).send({ method: 'GET', url: '/api/Member/RedemptionOptions' })).statusCode).toBe(404);
    expect((await t.request('nosh', { method: 'GET', url: '/api/Member/RedemptionOptions' })).statusCode).toBe(401);
  });
});

describe('POST /api/Member/Redemptions', () => {
  it('reserves the amount, holds a first redemption, answers the same key with the same redemption, and a reused key with 422', async () => {
    const m = await memberByPublicId(db(), demoPublicId('nosh', 'vip-card'));
    await fund(m, 3_000);
    const b = await signedIn('nosh', 'vip-card');
    const key = newKey();
    const first = await redeem(b, visa(2_500), key);
    expect(first.statusCode).toBe(201);
    const made = first.json<Redemption>();
    expect(made).toMatchObject({
      option: 'visa', amountCents: 2_500, status: 'pending', destination: m.email, maskedCard: MASKED_CARD_PLACEHOLDER, automatic: false,
      hold: { reason: 'firstRedemption', text: HOLD_REASONS.firstRedemption }, steps: [{ status: 'pending' }], money: '$25.00 is set aside from your balance while we send it.',
    });
    expect(await balanceCents(db(), { partnerId: m.partnerId, memberId: m.id })).toBe(500);
    const again = await redeem(b, visa(2_500), key);
    expect(again.statusCode).toBe(200);
    expect(again.json<Redemption>().redemptionId).toBe(made.redemptionId);
    expect(await db().select().from(redemptions).where(eq(redemptions.memberId, m.id))).toHaveLength(1);
    const reused = await redeem(b, { option: 'tremendous', amountCents: 500, delivery: 'Email' }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json<{ code: string }>().code).toBe('idempotencyKeyReused');
    // The member is told by e-mail that it was received.
    const mails = await db().select().from(notifications).where(and(eq(notifications.memberId, m.id), eq(notifications.kind, 'redemptionReceived')));
    expect(mails).toHaveLength(1);
  });

  it('answers 409 with a plain message when the balance does not cover it, and changes nothing', async () => {
    const m = await memberByPublicId(db(), demoPublicId('nosh', 'select-card'));
    await fund(m, 2_600);
    const b = await signedIn('nosh', 'select-card');
    const res = await redeem(b, visa(2_700));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'balanceShort', message: 'Your balance of $26.00 does not cover $27.00. Choose a smaller amount.' });
    expect(await balanceCents(db(), { partnerId: m.partnerId, memberId: m.id })).toBe(2_600);
    expect(await db().select().from(redemptions).where(eq(redemptions.memberId, m.id))).toHaveLength(0);
  });

  it('refuses bad input with 400 and field errors, and no token with 403, before anything is made', async () => {
    const m = await memberByPublicId(db(), demoPublicId('nosh', 'select-card'));
    const b = await signedIn('nosh', 'select-card');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ option: 'cash', amountCents: 2_500, delivery: 'Email' }, 'option must be statementCredit, visa, mastercard or tremendous.'],
      [{ option: 'visa', amountCents: 25.5, delivery: 'Email' }, 'amountCents must be a whole number of cents.'],
      [{ option: 'visa', amountCents: 2_500, delivery: 'Card' }, 'Visa prepaid card is delivered by Email.'],
      [{ option: 'statementCredit', amountCents: 2_500, delivery: 'Card' }, 'Choose the linked card the statement credit goes to.'],
      [{ option: 'visa', amountCents: 2_000, delivery: 'Email' }, 'The smallest Visa prepaid card is $25.00.'],
      [{ option: 'statementCredit', amountCents: 1_000, delivery: 'Card', cardId: 999_999 }, 'That card is not linked to your account.'],
    ];
    for (const [body, message] of cases) {
      const res = await redeem(b, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    expect((await redeem(b, visa(2_500), null)).statusCode).toBe(400);
    expect((await redeem(b, visa(2_500), newKey(), { csrf: false })).statusCode).toBe(403);
    expect(await db().select().from(redemptions).where(eq(redemptions.memberId, m.id))).toHaveLength(0);
  });

  it('is 401 for visitors, 403 on another partner\'s host (the token is this site\'s), 404 on a miles partner', async () => {
    expect((await redeem(new TestBrowser(t, 'nosh'), visa(2_500))).statusCode).toBe(401);
    const b = await signedIn('nosh', 'select-card');
    expect((await redeem(b, visa(2_500), newKey(), { host: 'ftch.localhost' })).statusCode).toBe(403);
    expect((await redeem(await signedIn('hilton', 'select-card'), visa(2_500))).statusCode).toBe(404);
  });
});

describe('from a request to completed, through the provider', () => {
  it('orders a released gift card once, completes it, and e-mails its link once', async () => {
    const m = await memberByPublicId(db(), demoPublicId('upromise', 'vip-card'));
    await fund(m, 5_000);
    const b = await signedIn('upromise', 'vip-card');
    const made = (await redeem(b, visa(2_500))).json<Redemption>();
    expect(made.hold?.reason).toBe('firstRedemption');
    // Held: the job does not send it.
    expect(await sendGiftCards(db(), giftCard())).toMatchObject({ sent: 0 });
    await decideHold(db(), { scope: { allPartners: true, partnerIds: [] }, redemptionId: made.redemptionId, decision: 'release', note: 'Checked the account.', staffEmail: 'sup@example.test' });
    expect(await sendGiftCards(db(), giftCard())).toMatchObject({ sent: 1 });
    const done = (await b.send({ method: 'GET', url: `/api/Member/Redemptions/${made.redemptionId}` })).json<Redemption>();
    expect(done).toMatchObject({ status: 'completed', hold: null, money: '$25.00 has been paid.' });
    expect(done.steps.map((s) => s.status)).toEqual(['pending', 'pending_received', 'completed']);
    expect(sim.orders().filter((o) => o.externalId === made.redemptionId)).toHaveLength(1);
    // A second run orders nothing more.
    expect(await sendGiftCards(db(), giftCard())).toMatchObject({ sent: 0 });
    expect(await db().select().from(notifications).where(and(eq(notifications.memberId, m.id), eq(notifications.kind, 'redemptionDelivered')))).toHaveLength(1);
    expect(await balanceCents(db(), { partnerId: m.partnerId, memberId: m.id })).toBe(2_500);
  });

  it('a declined order returns the money with its own entry and says so', async () => {
    const m = await memberByPublicId(db(), demoPublicId('fuelrewards', 'vip-card'));
    await seasoned(m);
    await fund(m, 4_000);
    const b = await signedIn('fuelrewards', 'vip-card');
    // $25.91: the simulator declines it.
    const made = (await redeem(b, visa(2_591))).json<Redemption>();
    expect(made.hold).toBeNull();
    expect(await balanceCents(db(), { partnerId: m.partnerId, memberId: m.id })).toBe(1_409);
    await sendGiftCards(db(), giftCard());
    const failed = (await b.send({ method: 'GET', url: `/api/Member/Redemptions/${made.redemptionId}` })).json<Redemption>();
    expect(failed).toMatchObject({ status: 'rejected', reason: 'The gift-card provider declined the order.', money: '$25.91 was returned to your balance.' });
    expect(await balanceCents(db(), { partnerId: m.partnerId, memberId: m.id })).toBe(4_000);
    expect(await db().select().from(notifications).where(and(eq(notifications.memberId, m.id), eq(notifications.kind, 'redemptionFailed')))).toHaveLength(1);
    // The list shows it with the masked placeholder, never a link.
    const page = (await b.send({ method: 'GET', url: '/api/Member/Redemptions' })).json<RedemptionsPage>();
    expect(page.data[0]).toMatchObject({ redemptionId: made.redemptionId, maskedCard: MASKED_CARD_PLACEHOLDER });
    expect(JSON.stringify(page)).not.toMatch(/https?:\/\//);
  });

  it('another member cannot read it (404)', async () => {
    const m = await memberByPublicId(db(), demoPublicId('fuelrewards', 'vip-card'));
    const [row] = await db().select().from(redemptions).where(eq(redemptions.memberId, m.id)).limit(1);
    const other = await signedIn('fuelrewards', 'select-card');
    expect((await other.send({ method: 'GET', url: `/api/Member/Redemptions/${row!.creditId}` })).statusCode).toBe(404);
  });
});

describe('POST /api/redemptions/gift-card-webhook', () => {
  const post = (body: string, signature?: string) => t.request('any', {
    method: 'POST', url: '/api/redemptions/gift-card-webhook', payload: body,
    headers: { 'content-type': 'application/json', ...(signature ? { [GIFT_CARD_SIGNATURE_HEADER]: signature } : {}) },
  });

  it('refuses an unsigned or wrongly signed event with 401, and a signed one of an unknown shape with 400', async () => {
    const body = JSON.stringify({ event: 'ORDERS.CREATED', uuid: 'ev-1', created_utc: new Date().toISOString(), payload: { resource: { id: 'x', type: 'orders' } } });
    expect((await post(body)).statusCode).toBe(401);
    expect((await post(body, signGiftCardWebhook('another-secret-entirely', body))).statusCode).toBe(401);
    const odd = JSON.stringify({ hello: 'world' });
    expect((await post(odd, signGiftCardWebhook(SECRET, odd))).statusCode).toBe(400);
  });

  it('reads the order fresh and moves the redemption; the same event again is a duplicate', async () => {
    const m = await memberByPublicId(db(), demoPublicId('tmobile', 'vip-card'));
    await seasoned(m);
    await fund(m, 3_000);
    const b = await signedIn('tmobile', 'vip-card');
    const made = (await redeem(b, { option: 'tremendous', amountCents: 1_000, delivery: 'Email' })).json<Redemption>();
    // A worker placed the order and died before it wrote anything: the provider's webhook tells us.
    const placed = await giftCardClient(giftCard())!.createOrder({
      externalId: made.redemptionId, amountCents: 1_000, currency: 'USD', productIds: ['TREMENDOUS_CHOICE_USD'], recipient: { name: 'T', email: m.email },
      deliveryMethod: 'LINK', fundingSourceId: 'balance',
    });
    const simOrder = { id: placed.id };
    expect((await db().select().from(redemptions).where(eq(redemptions.creditId, made.redemptionId)))[0]!.status).toBe('pending');
    const body = JSON.stringify({ event: 'ORDERS.EXECUTED', uuid: `ev-${made.redemptionId}`, created_utc: new Date().toISOString(), payload: { resource: { id: simOrder.id, type: 'orders' } } });
    const first = await post(body, signGiftCardWebhook(SECRET, body));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const second = await post(body, signGiftCardWebhook(SECRET, body));
    expect(second.json()).toEqual({ received: true, duplicate: true });
    const [row] = await db().select().from(redemptions).where(eq(redemptions.creditId, made.redemptionId));
    expect(row).toMatchObject({ status: 'completed', providerOrderId: placed.id });
    // The job, resuming, orders nothing more: it is done.
    expect(await sendGiftCards(db(), giftCard())).toMatchObject({ sent: 0 });
    expect(sim.orders().filter((o) => o.externalId === made.redemptionId)).toHaveLength(1);
  });
});

describe('PUT /api/Member/RedemptionSettings', () => {
  it('turns the automatic statement credit off and on', async () => {
    const b = await signedIn('nosh', 'basic-card');
    const off = await b.send({ method: 'PUT', url: '/api/Member/RedemptionSettings', payload: { autoStatementCredit: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json<RedemptionOptionsResponse>().autoStatementCredit.enabled).toBe(false);
    const m = await memberByPublicId(db(), demoPublicId('nosh', 'basic-card'));
    expect((await db().select().from(members).where(eq(members.id, m.id)))[0]!.autoStatementCredit).toBe(false);
    expect((await b.send({ method: 'PUT', url: '/api/Member/RedemptionSettings', payload: { autoStatementCredit: 'yes' } })).statusCode).toBe(400);
    expect((await b.send({ method: 'PUT', url: '/api/Member/RedemptionSettings', payload: { autoStatementCredit: true }, csrf: false })).statusCode).toBe(403);
    expect((await b.send({ method: 'PUT', url: '/api/Member/RedemptionSettings', payload: { autoStatementCredit: true } })).json<RedemptionOptionsResponse>().autoStatementCredit.enabled).toBe(true);
  });
});
