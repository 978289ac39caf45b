import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type * as DbClient from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { demoPublicId } from '../../demo/members';
import { balanceEntries, redemptions, type MemberRow } from '../../db/schema';
import type { Redemption } from '#shared/schemas/redemptions';
import { insertDine, memberByPublicId } from '../rewards/rewards.test-fixtures';
import { startGiftCardSimulator, type GiftCardSimulator } from './provider/gift-card-simulator';
import { balanceCents } from './ledger';
import { createRedemption } from './redemptions.service';
import { payStatementCredits } from '../rewards/payouts';
import { partners } from '../../db/schema';

/**
 * No overdraw under concurrency (issue 28, decision 0011 item 4): twenty requests of one member
 * at the same time, through POST /api/Member/Redemptions. Each asks for the whole balance with a
 * key of its own: exactly one is made, the others are told the balance does not cover it. Twenty
 * with the same key make one redemption and all answer it. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL (a pool of 4 connections, so the requests really overlap
 * there and only the member's ledgerSeq guard keeps them apart). And a redemption racing the
 * payout job's automatic statement credit for the same balance: it is spent once.
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

describe('redemptions made straight on the service at once (both read before either writes)', () => {
  it('the whole balance twice: one made, the other told the balance is short', async () => {
    const { m } = await signedIn('select-noncard');
    const [nosh] = await db().select().from(partners).where(eq(partners.id, m.partnerId));
    await fund(m, 2_500);
    const ask = (key: string) => createRedemption(db(), { partner: nosh!, member: m }, { body: { option: 'tremendous', amountCents: 2_500, delivery: 'Email' }, idempotencyKey: key, giftCards: true });

    const answers = await Promise.allSettled([ask(`direct-a-${Date.now()}`), ask(`direct-b-${Date.now()}`)]);

    expect(answers.map((a) => (a.status === 'fulfilled' ? 201 : (a.reason as { code?: string }).code)).sort()).toEqual([201, 'balanceShort']);
    expect(await balanceOf(m)).toBe(0);
  });
});

/** Work run just before runPrepared sends a statement on one database object (writeDelayed). */
const beforeStatement = vi.hoisted(() => new WeakMap<object, (text: string) => Promise<void>>());
vi.mock('../../db/client', async (importOriginal) => {
  const actual = await importOriginal<typeof DbClient>();
  const runPrepared: typeof actual.runPrepared = async (database, statement, values) => {
    await beforeStatement.get(database)?.(statement.text);
    return actual.runPrepared(database, statement, values);
  };
  return { ...actual, runPrepared };
});

/**
 * The database as createRedemption sees it, with `before` run once just before its write (the
 * statement that inserts the redemption, which runPrepared sends on either database) is sent: a
 * deterministic "something happened between the read and the write".
 */
function writeDelayed(before: () => Promise<unknown>): Db {
  let pending: (() => Promise<unknown>) | null = before;
  const delayed = Object.create(db()) as Db;
  beforeStatement.set(delayed, async (text) => {
    if (!pending || !text.includes('insert into redemptions')) return;
    const run = pending;
    pending = null;
    await run();
  });
  return delayed;
}

describe('a redemption and the automatic statement credit at the same time', () => {
  it('spend the balance once, whichever comes first, round after round', async () => {
    const { m } = await signedIn('basic-card');
    const [nosh] = await db().select().from(partners).where(eq(partners.id, m.partnerId));
    for (let round = 0; round < 8; round += 1) {
      // A month apart, so the member's own limits never decide.
      const now = new Date(Date.UTC(2027, round, 15, 12));
      await fund(m, 4_000);
      const before = new Set((await redemptionsOf(m)).map((r) => r.id));
      const member = await memberByPublicId(db(), demoPublicId('nosh', 'basic-card'));

      const [asked] = await Promise.allSettled([
        createRedemption(db(), { partner: nosh!, member }, { body: { option: 'tremendous', amountCents: 4_000, delivery: 'Email' }, idempotencyKey: `race-${round}-${Date.now()}`, giftCards: true, now }),
        payStatementCredits(db(), { now, breakpointCents: 100 }),
      ]);

      const made = (await redemptionsOf(m)).filter((r) => !before.has(r.id));
      expect(made.map((r) => r.amountCents)).toEqual([4_000]);
      // The member's redemption made it, or it was told the credit had taken the balance.
      const memberSaw = asked.status === 'fulfilled' ? 'made' : (asked.reason as { code?: string }).code;
      expect([made[0]!.automatic, memberSaw]).toEqual(made[0]!.automatic ? [true, 'balanceShort'] : [false, 'made']);
      expect(await balanceOf(m)).toBe(0);
    }
  });

  it('the credit made between the redemption\'s read and its write: the redemption reads again and is told the balance is short', async () => {
    const { m } = await signedIn('basic-card');
    const [nosh] = await db().select().from(partners).where(eq(partners.id, m.partnerId));
    const now = new Date(Date.UTC(2027, 10, 15, 12));
    await fund(m, 3_000);
    const before = new Set((await redemptionsOf(m)).map((r) => r.id));
    const member = await memberByPublicId(db(), demoPublicId('nosh', 'basic-card'));
    const paid = { issued: -1 };

    const asked = createRedemption(writeDelayed(async () => Object.assign(paid, await payStatementCredits(db(), { now, breakpointCents: 100 }))), { partner: nosh!, member }, {
      body: { option: 'tremendous', amountCents: 3_000, delivery: 'Email' }, idempotencyKey: `between-${Date.now()}`, giftCards: true, now,
    });

    await expect(asked).rejects.toMatchObject({ statusCode: 409, code: 'balanceShort' });
    expect(paid.issued).toBeGreaterThanOrEqual(1);
    expect((await redemptionsOf(m)).filter((r) => !before.has(r.id)).map((r) => [r.automatic, r.amountCents])).toEqual([[true, 3_000]]);
    expect(await balanceOf(m)).toBe(0);
  });
});
