import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { demoPublicId } from '../../demo/members';
import { balanceEntries, redemptions, type MemberRow } from '../../db/schema';
import type { Redemption } from '#shared/schemas/redemptions';
import { insertDine, memberByPublicId } from '../rewards/rewards.test-fixtures';
import { startGiftCardSimulator, type GiftCardSimulator } from './provider/gift-card-simulator';
import { balanceCents } from './ledger';

/**
 * No overdraw under concurrency (issue 28, decision 0011 item 4): twenty requests of one member
 * at the same time, through POST /api/Member/Redemptions. Each asks for the whole balance with a
 * key of its own: exactly one is made, the others are told the balance does not cover it. Twenty
 * with the same key make one redemption and all answer it. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL (a pool of 4 connections, so the transactions really overlap
 * there and only the member's lock keeps them apart).
 */
let t: TestApp;
let sim: GiftCardSimulator;
const SECRET = 'test-gift-card-webhook-secret';
const db = () => t.database.db;
const AT_ONCE = 20;

beforeAll(async () => {
  sim = await startGiftCardSimulator({ port: 0, apiKey: 'test-key', webhookSecret: SECRET });
  t = await createTestApp({ config: { giftCard: { source: 'simulator', apiUrl: sim.url, apiKey: 'test-key', webhookSecret: SECRET, fundingSourceId: 'balance' } } });
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

async function signedIn(slug: string): Promise<{ b: TestBrowser; m: MemberRow }> {
  const b = new TestBrowser(t, 'nosh');
  expect((await b.signInAs(demoPublicId('nosh', slug))).statusCode).toBe(200);
  return { b, m: await memberByPublicId(db(), demoPublicId('nosh', slug)) };
}
const balanceOf = (m: MemberRow) => balanceCents(db(), { partnerId: m.partnerId, memberId: m.id });
/** Brings the member's balance to exactly `cents` with an Awarded dine. */
async function fund(m: MemberRow, cents: number) {
  const now = await balanceOf(m);
  if (cents !== now) await insertDine(db(), m, { status: 'Awarded', reward: cents - now });
}
const redemptionsOf = (m: MemberRow) => db().select().from(redemptions).where(eq(redemptions.memberId, m.id));
const redeem = (b: TestBrowser, key: string, amountCents: number) =>
  b.send({ method: 'POST', url: '/api/Member/Redemptions', payload: { option: 'tremendous', amountCents, delivery: 'Email' }, headers: { 'idempotency-key': key } });

describe(`${AT_ONCE} redemptions of one member at once`, () => {
  it('each with its own key, each for the whole balance: one 201, the rest 409 balanceShort, the balance 0, one reservation', async () => {
    const { b, m } = await signedIn('vip-card');
    await fund(m, 5_000);
    const before = new Set((await redemptionsOf(m)).map((r) => r.id));

    const answers = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => redeem(b, `parallel-own-key-${i}-${Date.now()}`, 5_000)));

    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array<number>(AT_ONCE - 1).fill(409)]);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json<{ code: string }>().code)).toEqual(Array<string>(AT_ONCE - 1).fill('balanceShort'));
    const made = (await redemptionsOf(m)).filter((r) => !before.has(r.id));
    expect(made.map((r) => ({ id: r.creditId, amountCents: r.amountCents, status: r.status })))
      .toEqual([{ id: answers.find((a) => a.statusCode === 201)!.json<Redemption>().redemptionId, amountCents: 5_000, status: 'pending' }]);
    const entries = await db().select().from(balanceEntries).where(and(eq(balanceEntries.memberId, m.id), eq(balanceEntries.kind, 'redeemed'), inArray(balanceEntries.redemptionId, made.map((r) => r.id))));
    expect(entries.map((e) => e.amountCents)).toEqual([-5_000]);
    expect(await balanceOf(m)).toBe(0);
  });

  it('all with the same key: one redemption, and every answer is that one', async () => {
    const { b, m } = await signedIn('select-card');
    await fund(m, 3_000);
    const before = new Set((await redemptionsOf(m)).map((r) => r.id));
    const key = `parallel-same-key-${Date.now()}`;

    const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => redeem(b, key, 1_200)));

    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array<number>(AT_ONCE - 1).fill(200), 201]);
    const made = (await redemptionsOf(m)).filter((r) => !before.has(r.id));
    expect(made.map((r) => ({ key: r.idempotencyKey, amountCents: r.amountCents }))).toEqual([{ key, amountCents: 1_200 }]);
    expect(new Set(answers.map((a) => a.json<Redemption>().redemptionId))).toEqual(new Set([made[0]!.creditId]));
    const entries = await db().select().from(balanceEntries).where(and(eq(balanceEntries.memberId, m.id), eq(balanceEntries.redemptionId, made[0]!.id)));
    expect(entries.map((e) => [e.kind, e.amountCents])).toEqual([['redeemed', -1_200]]);
    expect(await balanceOf(m)).toBe(1_800);
  });
});
