import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { memberCards, memberProgress, members, merchants, partners } from '../../db/schema';
import { demoPublicId } from '../../demo/members';
import { NOT_EARNED_REASONS } from '#shared/constants/rewards';
import type { CreditBalance, CreditRecordsPage, DineSummary, TransactionsPage } from '#shared/schemas/rewards';
import { eq } from 'drizzle-orm';
import { insertDine, insertRedemptions, insertReward, memberByPublicId } from './rewards.test-fixtures';
import { dineSummary, NO_STATEMENT_CREDITS } from './rewards.service';
import { progressYear } from '#shared/rules/rewards/local-time';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const year = new Date().getUTCFullYear();

async function signedIn(partner: string, slug: string): Promise<TestBrowser> {
  const b = new TestBrowser(t, partner);
  expect((await b.signInAs(demoPublicId(partner, slug))).statusCode).toBe(200);
  return b;
}
const member = (partner: string, slug: string) => memberByPublicId(t.database.db, demoPublicId(partner, slug));
const get = (b: TestBrowser, url: string, host?: string) => b.send({ method: 'GET', url, ...(host ? { host } : {}) });

describe('GET /api/Member/Transactions', () => {
  let merchantName: string;
  beforeAll(async () => {
    const m = await member('hilton', 'select-card');
    const [merchant] = await t.database.db.select().from(merchants).where(eq(merchants.id, 7));
    merchantName = merchant!.name;
    // Twelve rows a day apart, the newest last; one of each status among them.
    const statuses = ['Awarded', 'Paid', 'Forfeit', 'Pending', 'Deferred'];
    for (let i = 0; i < 11; i++) {
      const status = statuses[i % statuses.length]!;
      await insertDine(t.database.db, m, {
        merchantId: 7, local: `${year - 1}-03-${String(10 + i).padStart(2, '0')}T19:45:00-05:00`, status,
        authCents: 4000, clearedCents: status === 'Pending' ? null : 4567, reward: status === 'Forfeit' ? 0 : 137 + i,
        reason: status === 'Forfeit' ? 'blackoutDay' : null, paidAt: status === 'Paid' ? new Date('2026-04-01T00:00:00Z') : null,
      });
    }
    await insertReward(t.database.db, m, { sourceCode: 'B', amount: 500, status: 'Awarded', createdAt: new Date(`${year - 1}-03-25T12:00:00Z`) });
  });

  it("answers the member's own rows, 10 a page from page 1, newest first, with the totals", async () => {
    const b = await signedIn('hilton', 'select-card');
    const first = await get(b, '/api/Member/Transactions');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const page1 = first.json<TransactionsPage>();
    expect(page1).toMatchObject({ totalResultSize: 12, totalPages: 2 });
    expect(page1.data).toHaveLength(10);
    // The bonus (25 March) first, then the dines from the 20th backwards.
    expect(page1.data[0]).toMatchObject({ transactionTypeCode: 'B', benefitAmount: 500, merchantId: null, merchantName: null, dineAmount: 0, ticketAmount: null, cardLastFour: null });
    expect(page1.data.slice(1).map((r) => r.transactionCreatedAt.slice(0, 10))).toEqual([20, 19, 18, 17, 16, 15, 14, 13, 12].map((d) => `${year - 1}-03-${d}`));
    const page2 = (await get(b, '/api/Member/Transactions?pageNo=2&resultsPerPage=10')).json<TransactionsPage>();
    expect(page2.data.map((r) => r.transactionCreatedAt.slice(0, 10))).toEqual([`${year - 1}-03-11`, `${year - 1}-03-10`]);
    const three = (await get(b, '/api/Member/Transactions?pageNo=1&resultsPerPage=5')).json<TransactionsPage>();
    expect(three).toMatchObject({ totalResultSize: 12, totalPages: 3 });
    expect(three.data).toHaveLength(5);
    // Past the last page: no rows, the same totals.
    expect((await get(b, '/api/Member/Transactions?pageNo=9')).json<TransactionsPage>()).toEqual({ data: [], totalResultSize: 12, totalPages: 2 });
  });

  it('gives each row the §3 fields: dollars, points, status, source code, restaurant, card, and the reason when not earned', async () => {
    const b = await signedIn('hilton', 'select-card');
    const rows = [
      ...(await get(b, '/api/Member/Transactions?resultsPerPage=100')).json<TransactionsPage>().data,
    ];
    const m = await member('hilton', 'select-card');
    const awarded = rows.find((r) => r.transactionStatus === 'Awarded' && r.transactionTypeCode === 'S')!;
    expect(awarded).toEqual({
      sourceTransactionId: expect.stringMatching(/^fx-/), transactionCreatedAt: `${year - 1}-03-20T19:45:00-05:00`,
      transactionStatus: 'Awarded', transactionTypeCode: 'S', dineAmount: 45.67, benefitAmount: 147, merchantId: 7, merchantName,
      activeMerchant: true, cardLastFour: expect.stringMatching(/^\d{4}$/), paidAt: null, ticketAmount: 45.67, earnedOnAmount: null, earnedOnReasons: [], earnMultiplier: null, reason: null, reasonCode: null,
      statementCredit: null, deferral: null,
    });
    const [card] = await t.database.db.select().from(memberCards).where(eq(memberCards.memberId, m.id));
    expect(awarded.cardLastFour).toBe(card!.lastFour);
    expect(rows.find((r) => r.transactionStatus === 'Forfeit')).toMatchObject({ benefitAmount: 0, reasonCode: 'blackoutDay', reason: NOT_EARNED_REASONS.blackoutDay });
    expect(rows.find((r) => r.transactionStatus === 'Paid')).toMatchObject({ paidAt: '2026-04-01T00:00:00.000Z', reason: null, statementCredit: null });
    // Deferred: the member (tier 2) has activated since, so the sweep awards it; the last day counts from the clearing.
    expect(rows.find((r) => r.transactionStatus === 'Deferred')).toMatchObject({ deferral: { activateBy: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), activated: true } });
    // Rows that are not a dine's own are dated on the member's clock, with its offset.
    expect(rows.find((r) => r.transactionTypeCode === 'B')!.transactionCreatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    // Pending: authorised, not cleared yet: the authorised amount, no ticket.
    expect(rows.find((r) => r.transactionStatus === 'Pending')).toMatchObject({ dineAmount: 40, ticketAmount: null });
    expect(new Set(rows.map((r) => r.transactionStatus))).toEqual(new Set(['Awarded', 'Paid', 'Forfeit', 'Pending', 'Deferred']));
  });

  it('answers benefitAmount in dollars on cash-back partners', async () => {
    const m = await member('nosh', 'select-card');
    await insertDine(t.database.db, m, { status: 'Awarded', clearedCents: 5000, reward: 250 });
    const b = await signedIn('nosh', 'select-card');
    const [row] = (await get(b, '/api/Member/Transactions')).json<TransactionsPage>().data;
    expect(row).toMatchObject({ dineAmount: 50, benefitAmount: 2.5 });
  });

  it("shows another member none of these rows, and is 401 for visitors and on another partner's host", async () => {
    const other = await signedIn('hilton', 'vip-card');
    expect((await get(other, '/api/Member/Transactions')).json<TransactionsPage>()).toEqual({ data: [], totalResultSize: 0, totalPages: 0 });
    const visitor = new TestBrowser(t, 'hilton');
    const anon = await get(visitor, '/api/Member/Transactions');
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ statusCode: 401, message: 'Please sign in to continue.' });
    const b = await signedIn('hilton', 'select-card');
    expect((await get(b, '/api/Member/Transactions', 'caesars')).statusCode).toBe(401);
  });

  it.each([
    ['pageNo=0', 'Pages start at 1.'],
    ['pageNo=-1', 'Pages start at 1.'],
    ['pageNo=abc', 'pageNo must be a number.'],
    ['pageNo=1.5', 'pageNo must be a whole number.'],
    ['resultsPerPage=0', 'resultsPerPage must be at least 1.'],
    ['resultsPerPage=101', 'resultsPerPage must be 100 or fewer.'],
  ])('answers 400 with a message for bad paging: %s', async (query, message) => {
    const b = await signedIn('hilton', 'select-card');
    const res = await get(b, `/api/Member/Transactions?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
  });
});

describe('GET /api/Member/DineSummary', () => {
  it("answers this year's earnings from the rows, the rows on the way, and the qualified dines of the member's progress", async () => {
    const m = await member('caesars', 'vip-card');
    const thisYear = progressYear(new Date(), m.state);
    await t.database.db.insert(memberProgress).values([
      { memberId: m.id, partnerId: m.partnerId, year: thisYear, qualifiedDines: 13, rewards: 999_999 },
      { memberId: m.id, partnerId: m.partnerId, year: thisYear - 1, qualifiedDines: 30, rewards: 9000 },
    ]);
    const local = (month: string) => `${thisYear}-${month}-15T12:00:00-05:00`;
    await insertDine(t.database.db, m, { status: 'Awarded', reward: 1200, local: local('02') });
    await insertDine(t.database.db, m, { status: 'Paid', reward: 1000, local: local('03') });
    await insertDine(t.database.db, m, { status: 'Pending', reward: 300, local: local('04') });
    await insertDine(t.database.db, m, { status: 'Deferred', reward: 200, local: local('05') });
    await insertDine(t.database.db, m, { status: 'Forfeit', reward: 0, reason: 'refunded', local: local('06') });
    await insertDine(t.database.db, m, { status: 'Awarded', reward: 5000, local: `${thisYear - 1}-06-15T12:00:00-05:00` });
    await insertReward(t.database.db, m, { sourceCode: 'B', amount: 500, status: 'Awarded', createdAt: new Date(`${thisYear}-07-01T12:00:00Z`) });
    await insertReward(t.database.db, m, { sourceCode: 'A', amount: -250, status: 'Paid', createdAt: new Date(`${thisYear}-07-02T12:00:00Z`) });
    const b = await signedIn('caesars', 'vip-card');
    const res = await get(b, '/api/Member/DineSummary');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    // Earned: 1,200 + 1,000 + 500 − 250; on the way: 300 pending and 200 awaiting activation; last year's 5,000 and the progress row's own sum play no part.
    expect(res.json<DineSummary>()).toEqual({ currentYearBenefits: 2450, currentYearDines: 13, year: thisYear, currentYearOnTheWay: 500 });
  });

  it("counts the year on the member's own clock: New Year's Eve evening in Los Angeles is still the old year", async () => {
    const m = await member('caesars', 'select-card');
    await t.database.db.update(members).set({ state: 'CA' }).where(eq(members.id, m.id));
    await t.database.db.insert(memberProgress).values({ memberId: m.id, partnerId: m.partnerId, year: 2031, qualifiedDines: 5, rewards: 700 });
    await insertDine(t.database.db, m, { status: 'Awarded', reward: 700, local: '2031-12-31T20:00:00-08:00' });
    // A bonus made at 22:00 in Los Angeles on 31 December: 2032 in UTC, 2031 on the member's clock.
    await insertReward(t.database.db, m, { sourceCode: 'B', amount: 40, status: 'Awarded', createdAt: new Date('2032-01-01T06:00:00Z') });
    const [partner] = await t.database.db.select().from(partners).where(eq(partners.id, m.partnerId));
    const who = { partner: partner!, member: { ...m, state: 'CA' } };
    // 21:00 on 31 December 2031 in Los Angeles: already 2032 in UTC.
    expect(await dineSummary(t.database.db, who, new Date('2032-01-01T05:00:00Z'))).toEqual({ currentYearBenefits: 740, currentYearDines: 5, year: 2031, currentYearOnTheWay: 0 });
    expect(await dineSummary(t.database.db, who, new Date('2032-01-01T08:00:00Z'))).toEqual({ currentYearBenefits: 0, currentYearDines: 0, year: 2032, currentYearOnTheWay: 0 });
  });

  it('answers dollars on cash-back partners, zeros for a member without rows', async () => {
    const m = await member('ftch', 'vip-card');
    const year = progressYear(new Date(), m.state);
    await t.database.db.insert(memberProgress).values({ memberId: m.id, partnerId: m.partnerId, year, qualifiedDines: 4, rewards: 1 });
    await insertDine(t.database.db, m, { status: 'Awarded', reward: 1234, local: `${year}-03-01T12:00:00-05:00` });
    await insertDine(t.database.db, m, { status: 'Pending', reward: 55, local: `${year}-03-02T12:00:00-05:00` });
    expect((await get(await signedIn('ftch', 'vip-card'), '/api/Member/DineSummary')).json<DineSummary>()).toEqual({ currentYearBenefits: 12.34, currentYearDines: 4, year, currentYearOnTheWay: 0.55 });
    expect((await get(await signedIn('ftch', 'select-card'), '/api/Member/DineSummary')).json<DineSummary>()).toMatchObject({ currentYearBenefits: 0, currentYearDines: 0, currentYearOnTheWay: 0 });
  });

  it("is 401 for visitors and on another partner's host", async () => {
    expect((await get(new TestBrowser(t, 'caesars'), '/api/Member/DineSummary')).statusCode).toBe(401);
    const b = await signedIn('caesars', 'vip-card');
    expect((await get(b, '/api/Member/DineSummary', 'hilton')).statusCode).toBe(401);
  });
});

describe('statement credits (cash-back partners)', () => {
  beforeAll(async () => {
    const m = await member('nosh', 'vip-card');
    await insertDine(t.database.db, m, { status: 'Awarded', reward: 730 });
    await insertDine(t.database.db, m, { status: 'Awarded', reward: 425 });
    await insertDine(t.database.db, m, { status: 'Pending', reward: 300 });
    // Paid by the twelve credits below (2000 + … + 2011 cents): in and out of the balance.
    await insertDine(t.database.db, m, { status: 'Paid', reward: 24_066 });
    await insertReward(t.database.db, m, { sourceCode: 'A', amount: -55, status: 'Awarded' });
    await insertRedemptions(t.database.db, m, Array.from({ length: 12 }, (_, i) => ({
      creditId: `cr-test-${i}`, amountCents: 2000 + i, targetType: 'card', targetLabel: 'Visa ending in 5556',
      benefitProcessor: 'Nosh', status: i === 11 ? 'pending' as const : 'completed' as const, createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      ...(i === 11 ? {} : { finishedAt: new Date(Date.UTC(2026, 0, 2 + i)) }),
    })));
  });

  it('GET /api/Member/StatementCreditBalance: Awarded rewards not yet paid, in dollars, with the breakpoint', async () => {
    const b = await signedIn('nosh', 'vip-card');
    const res = await get(b, '/api/Member/StatementCreditBalance');
    expect(res.statusCode).toBe(200);
    // The credit still pending is on its way: out of the balance, not paid yet.
    expect(res.json<CreditBalance>()).toEqual({ memberBalance: 11, payoutBreakpoint: 20, pendingPayout: 20.11 });
    expect((await get(await signedIn('nosh', 'basic-card'), '/api/Member/StatementCreditBalance')).json<CreditBalance>()).toEqual({ memberBalance: 0, payoutBreakpoint: 20, pendingPayout: 0 });
  });

  it('GET /api/Member/TransactionsStatementCredits: credit records, newest first, paged', async () => {
    const b = await signedIn('nosh', 'vip-card');
    const page1 = (await get(b, '/api/Member/TransactionsStatementCredits')).json<CreditRecordsPage>();
    expect(page1).toMatchObject({ totalResultSize: 12, totalPages: 2 });
    expect(page1.data[0]).toEqual({
      creditId: 'cr-test-11', creditAmountCents: 2011, targetType: 'card', targetLabel: 'Visa ending in 5556', benefitProcessor: 'Nosh',
      status: 'pending', createdAt: '2026-01-12T00:00:00.000Z', completedAt: null,
    });
    expect(page1.data[1]).toMatchObject({ status: 'completed', completedAt: expect.stringMatching(/^\d{4}-/) });
    const page2 = (await get(b, '/api/Member/TransactionsStatementCredits?pageNo=2&resultsPerPage=10')).json<CreditRecordsPage>();
    expect(page2.data.map((c) => c.creditId)).toEqual(['cr-test-1', 'cr-test-0']);
    expect((await get(await signedIn('nosh', 'select-card'), '/api/Member/TransactionsStatementCredits')).json<CreditRecordsPage>())
      .toEqual({ data: [], totalResultSize: 0, totalPages: 0 });
    const bad = await get(b, '/api/Member/TransactionsStatementCredits?pageNo=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('Pages start at 1.');
  });

  it.each(['/api/Member/StatementCreditBalance', '/api/Member/TransactionsStatementCredits'])('%s is 404 on miles and points partners, 401 for visitors and other hosts', async (url) => {
    const miles = await signedIn('hilton', 'select-card');
    const res = await get(miles, url);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toBe(NO_STATEMENT_CREDITS);
    expect((await get(new TestBrowser(t, 'hilton'), url)).statusCode).toBe(404);
    expect((await get(new TestBrowser(t, 'nosh'), url)).statusCode).toBe(401);
    const nosh = await signedIn('nosh', 'vip-card');
    expect((await get(nosh, url, 'ftch')).statusCode).toBe(401);
  });
});
