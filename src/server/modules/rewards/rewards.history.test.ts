import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { dines, memberRewards, members, partners, redemptions, type MemberRow, type PartnerRow } from '../../db/schema';
import { demoPublicId } from '../../demo/members';
import { REDEMPTION_STATUSES, REWARD_STATUSES, type RedemptionStatus, type RewardStatus } from '#shared/constants/rewards';
import type { CreditBalance, CreditRecordsPage, DineSummary, Transaction, TransactionsPage } from '#shared/schemas/rewards';
import { insertDine, insertReward, memberByPublicId } from './rewards.test-fixtures';
import { dineSummary, transactionsPage } from './rewards.service';
import { payStatementCredits, type StatementCreditProcessor } from './payouts';
import { progressYear } from '#shared/rules/rewards/local-time';

/**
 * Reviews & History tells what happened (issue 24): cash-back rewards read Paid only once their
 * statement credit completes, Deferred rows say until when activating pays, and the year's total of
 * GET /api/Member/DineSummary is the sum of the year's rows of GET /api/Member/Transactions.
 */

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const db = () => t.database.db;
const member = (partner: string, slug: string) => memberByPublicId(db(), demoPublicId(partner, slug));
const partnerOf = async (m: MemberRow): Promise<PartnerRow> => (await db().select().from(partners).where(eq(partners.id, m.partnerId)))[0]!;
const get = (b: TestBrowser, url: string, host?: string) => b.send({ method: 'GET', url, ...(host ? { host } : {}) });
async function signedIn(partner: string, slug: string): Promise<TestBrowser> {
  const b = new TestBrowser(t, partner);
  expect((await b.signInAs(demoPublicId(partner, slug))).statusCode).toBe(200);
  return b;
}
const processor = (status: RedemptionStatus): StatementCreditProcessor => ({ name: status, settle: async (credits) => credits.map((c) => ({ creditId: c.creditId, status })) });

/** Every row of the member's history, page after page, as the screen reads them. */
async function allRows(b: TestBrowser): Promise<Transaction[]> {
  const rows: Transaction[] = [];
  for (let page = 1; ; page++) {
    const res = (await get(b, `/api/Member/Transactions?pageNo=${page}&resultsPerPage=7`)).json<TransactionsPage>();
    rows.push(...res.data);
    if (page >= res.totalPages) return rows;
  }
}

const cents = (dollars: number) => Math.round(dollars * 100);
const earned = (r: Transaction) => r.transactionStatus === 'Awarded' || r.transactionStatus === 'Paid';
const onTheWay = (r: Transaction) => r.transactionStatus === 'Pending' || r.transactionStatus === 'Deferred';
/** The sum the member could make of the year's rows (a row is of the year its date says). */
const sumOf = (rows: Transaction[], year: number, which: (r: Transaction) => boolean) =>
  rows.filter((r) => r.transactionCreatedAt.startsWith(`${year}-`) && which(r)).reduce((s, r) => s + cents(r.benefitAmount), 0);

describe('cash back: Paid only once the statement credit is completed', () => {
  it('reads Awarded with the credit while it is pending or received, Paid with the completion date after, and the balance and totals agree', async () => {
    const m = await member('nosh', 'select-card');
    const year = progressYear(new Date(), m.state);
    await insertDine(db(), m, { status: 'Awarded', reward: 1300, local: `${year}-01-10T19:00:00-05:00` });
    await insertDine(db(), m, { status: 'Awarded', reward: 900, local: `${year}-01-11T19:00:00-05:00` });
    const b = await signedIn('nosh', 'select-card');
    const issuedAt = new Date();
    await payStatementCredits(db(), { now: issuedAt, processor: processor('pending') });
    const [credit] = await db().select().from(redemptions).where(eq(redemptions.memberId, m.id));

    let rows = await allRows(b);
    expect(rows.map((r) => [r.transactionStatus, r.paidAt, r.statementCredit])).toEqual([
      ['Awarded', null, { creditId: credit!.creditId, status: 'pending', targetLabel: credit!.targetLabel }],
      ['Awarded', null, { creditId: credit!.creditId, status: 'pending', targetLabel: credit!.targetLabel }],
    ]);
    // Out of the balance, on its way, and earned this year.
    expect((await get(b, '/api/Member/StatementCreditBalance')).json<CreditBalance>()).toEqual({ memberBalance: 0, payoutBreakpoint: 20, pendingPayout: 22 });
    expect((await get(b, '/api/Member/DineSummary')).json<DineSummary>()).toMatchObject({ currentYearBenefits: 22, currentYearOnTheWay: 0 });

    await payStatementCredits(db(), { processor: processor('pending_received') });
    rows = await allRows(b);
    expect(rows.map((r) => [r.transactionStatus, r.statementCredit?.status])).toEqual([['Awarded', 'pending_received'], ['Awarded', 'pending_received']]);

    const completedAt = new Date(issuedAt.getTime() + 3_600_000);
    await payStatementCredits(db(), { now: completedAt, processor: processor('completed') });
    rows = await allRows(b);
    expect(rows.map((r) => [r.transactionStatus, r.paidAt, r.statementCredit?.status])).toEqual([
      ['Paid', completedAt.toISOString(), 'completed'], ['Paid', completedAt.toISOString(), 'completed'],
    ]);
    expect((await get(b, '/api/Member/StatementCreditBalance')).json<CreditBalance>()).toEqual({ memberBalance: 0, payoutBreakpoint: 20, pendingPayout: 0 });
    const [record] = (await get(b, '/api/Member/TransactionsStatementCredits')).json<CreditRecordsPage>().data;
    expect(record).toMatchObject({ creditId: credit!.creditId, status: 'completed', completedAt: completedAt.toISOString() });
    expect((await get(b, '/api/Member/DineSummary')).json<DineSummary>()).toMatchObject({ currentYearBenefits: 22 });
  });

  it('a rejected or failed credit puts its rewards back in the balance: earned, in no credit, and the total unchanged', async () => {
    for (const [slug, answer] of [['basic-card', 'rejected'], ['vip-card', 'error']] as const) {
      const m = await member('upromise', slug);
      const year = progressYear(new Date(), m.state);
      await insertDine(db(), m, { status: 'Awarded', reward: 2500, local: `${year}-01-12T19:00:00-05:00` });
      await payStatementCredits(db(), { processor: processor('pending') });
      const b = await signedIn('upromise', slug);
      expect((await allRows(b))[0]).toMatchObject({ transactionStatus: 'Awarded', statementCredit: { status: 'pending' } });
      // The processor's answer restores the balance; a breakpoint out of reach keeps the same run from paying it again.
      await payStatementCredits(db(), { processor: processor(answer), breakpointCents: 1_000_000 });
      expect((await allRows(b))[0]).toMatchObject({ transactionStatus: 'Awarded', paidAt: null, statementCredit: null });
      expect((await get(b, '/api/Member/StatementCreditBalance')).json<CreditBalance>()).toEqual({ memberBalance: 25, payoutBreakpoint: 20, pendingPayout: 0 });
      expect((await get(b, '/api/Member/DineSummary')).json<DineSummary>()).toMatchObject({ currentYearBenefits: 25 });
      const [record] = (await get(b, '/api/Member/TransactionsStatementCredits')).json<CreditRecordsPage>().data;
      expect(record).toMatchObject({ status: answer, completedAt: null });
    }
  });

  it("never shows one member's statement credit on another member's rows", async () => {
    const mine = await member('fuelrewards', 'select-card');
    const other = await member('fuelrewards', 'vip-card');
    const year = progressYear(new Date(), mine.state);
    const { reward } = await insertDine(db(), mine, { status: 'Paid', reward: 2100, local: `${year}-01-13T19:00:00-05:00` });
    // The other member's credit carries the id this reward names (it cannot happen, but the join must not cross members).
    await db().insert(redemptions).values({ creditId: 'cr_shared', partnerId: other.partnerId, memberId: other.id, amountCents: 2100, targetType: 'card', targetLabel: 'Visa ending in 9999', benefitProcessor: 'Visa', status: 'pending' });
    await db().update(memberRewards).set({ payoutRef: 'cr_shared' }).where(eq(memberRewards.id, reward.id));
    const [row] = await allRows(await signedIn('fuelrewards', 'select-card'));
    expect(row).toMatchObject({ transactionStatus: 'Paid', statementCredit: null });
  });
});

describe('Deferred rows say until when activating pays', () => {
  it('counts DEFERRED_DAYS from the clearing, on the member\'s calendar, and says when the member has activated since', async () => {
    const m = await member('hilton', 'nonactivated-card');
    await db().update(members).set({ state: 'CA' }).where(eq(members.id, m.id));
    const { dine } = await insertDine(db(), m, { status: 'Deferred', reward: 120, local: '2030-11-20T19:45:00-08:00' });
    // Cleared the next day at 03:00 in Los Angeles: the deadline is 5 December 03:00 there, so 4 December is the last whole day.
    await db().update(dines).set({ clearedAt: new Date('2030-11-21T11:00:00Z') }).where(eq(dines.id, dine.id));
    const who = { partner: await partnerOf(m), member: { ...m, state: 'CA' } };
    const [row] = (await transactionsPage(db(), who, { pageNo: 1, resultsPerPage: 10 })).data;
    expect(row).toMatchObject({ transactionStatus: 'Deferred', reasonCode: null, deferral: { activateBy: '2030-12-04', activated: false } });
    const activated = (await transactionsPage(db(), { ...who, member: { ...who.member, tierLevel: 2 } }, { pageNo: 1, resultsPerPage: 10 })).data[0];
    expect(activated!.deferral).toEqual({ activateBy: '2030-12-04', activated: true });
  });
});

describe("this year's total is the sum of the year's rows", () => {
  it('over the history call and the summary call of a member with rows of every kind, and none of anyone else\'s', async () => {
    const m = await member('hilton', 'vip-card');
    const other = await member('hilton', 'basic-card');
    const elsewhere = await member('caesars', 'basic-card');
    const year = progressYear(new Date(), m.state);
    for (const [i, status] of (['Awarded', 'Paid', 'Pending', 'Deferred', 'Forfeit'] as const).entries()) {
      await insertDine(db(), m, { status, reward: status === 'Forfeit' ? 0 : 100 * (i + 1), local: `${year}-01-0${i + 1}T19:00:00-05:00`, reason: status === 'Forfeit' ? 'blackoutDay' : null });
    }
    await insertDine(db(), m, { status: 'Awarded', reward: 7777, local: `${year - 1}-12-31T12:00:00-05:00` });
    await insertReward(db(), m, { sourceCode: 'B', amount: 50, status: 'Awarded' });
    await insertReward(db(), m, { sourceCode: 'J', amount: -50, status: 'Paid' });
    await insertReward(db(), m, { sourceCode: 'M', amount: 33, status: 'Paid' });
    await insertDine(db(), other, { status: 'Awarded', reward: 9000, local: `${year}-01-02T19:00:00-05:00` });
    await insertDine(db(), elsewhere, { status: 'Awarded', reward: 9000, local: `${year}-01-02T19:00:00-05:00` });
    const b = await signedIn('hilton', 'vip-card');
    const summary = (await get(b, '/api/Member/DineSummary')).json<DineSummary>();
    const rows = await allRows(b);
    expect(summary.year).toBe(year);
    expect(summary.currentYearBenefits).toBe(sumOf(rows, year, earned) / 100);
    expect(summary.currentYearOnTheWay).toBe(sumOf(rows, year, onTheWay) / 100);
    expect(summary).toMatchObject({ currentYearBenefits: 100 + 200 + 50 - 50 + 33, currentYearOnTheWay: 300 + 400 });
  });

  /** A history row to write: a dine's own row (dated by the restaurant's clock) or another row (dated when made). */
  type Gen =
    | { kind: 'S'; status: RewardStatus; amount: number; at: number; offset: string; credit: RedemptionStatus }
    | { kind: 'B' | 'M' | '+' | 'A' | 'J'; status: RewardStatus; amount: number; at: number; credit: RedemptionStatus };
  const HOUR = 3_600_000;
  const Y = 2030;
  // Times near the two New Years of the year and anywhere in it.
  const instant = fc.oneof(
    fc.integer({ min: Date.UTC(Y, 0, 1) / HOUR - 30, max: Date.UTC(Y, 0, 1) / HOUR + 30 }),
    fc.integer({ min: Date.UTC(Y + 1, 0, 1) / HOUR - 30, max: Date.UTC(Y + 1, 0, 1) / HOUR + 30 }),
    fc.integer({ min: Date.UTC(Y, 0, 1) / HOUR, max: Date.UTC(Y + 1, 0, 1) / HOUR }),
  ).map((h) => h * HOUR + 17 * 60_000);
  const gen: fc.Arbitrary<Gen> = fc.oneof(
    fc.record({
      kind: fc.constant('S' as const), status: fc.constantFrom(...REWARD_STATUSES), amount: fc.integer({ min: 0, max: 5000 }), at: instant,
      offset: fc.constantFrom('-10:00', '-08:00', '-05:00', '+10:00'), credit: fc.constantFrom(...REDEMPTION_STATUSES),
    }),
    fc.record({
      kind: fc.constantFrom('B' as const, 'M' as const, '+' as const), status: fc.constantFrom('Awarded' as const, 'Paid' as const, 'Forfeit' as const),
      amount: fc.integer({ min: 1, max: 3000 }), at: instant, credit: fc.constantFrom(...REDEMPTION_STATUSES),
    }),
    fc.record({
      kind: fc.constantFrom('A' as const, 'J' as const), status: fc.constantFrom('Awarded' as const, 'Paid' as const),
      amount: fc.integer({ min: -3000, max: -1 }), at: instant, credit: fc.constantFrom(...REDEMPTION_STATUSES),
    }),
  );
  const localOf = (at: number, offset: string) => {
    const sign = offset.startsWith('-') ? -1 : 1;
    return `${new Date(at + sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4))) * 60_000).toISOString().slice(0, 19)}${offset}`;
  };
  let creditNo = 0;

  async function write(m: MemberRow, cash: boolean, g: Gen): Promise<void> {
    // Forfeit rows carry nothing (the engine zeroes them).
    const amount = g.status === 'Forfeit' ? 0 : g.amount;
    const id = g.kind === 'S'
      ? (await insertDine(db(), m, { status: g.status, reward: amount, local: localOf(g.at, g.offset), reason: g.status === 'Forfeit' ? 'refunded' : null, paidAt: g.status === 'Paid' ? new Date(g.at) : null })).reward.id
      : (await insertReward(db(), m, { sourceCode: g.kind, amount, status: g.status, createdAt: new Date(g.at) })).id;
    // Cash back: a Paid reward is in a statement credit (stored Paid from the moment the credit is written).
    if (cash && g.status === 'Paid') {
      const creditId = `cr_prop_${process.pid}_${++creditNo}`;
      await db().insert(redemptions).values({ creditId, partnerId: m.partnerId, memberId: m.id, amountCents: Math.max(0, amount), targetType: 'card', targetLabel: 'Visa ending in 1111', benefitProcessor: 'Visa', status: g.credit === 'rejected' || g.credit === 'error' ? 'completed' : g.credit });
      await db().update(memberRewards).set({ payoutRef: creditId }).where(eq(memberRewards.id, id));
    }
  }

  async function clear(ids: number[]): Promise<void> {
    await db().delete(memberRewards).where(inArray(memberRewards.memberId, ids));
    await db().delete(redemptions).where(inArray(redemptions.memberId, ids));
    await db().delete(dines).where(inArray(dines.memberId, ids));
  }

  it('over random histories, time zones and clocks: the total and the on-the-way figure equal the sums of the rows the member is shown (property)', async () => {
    const subjects = [await member('ihg', 'select-card'), await member('jetblue', 'select-card'), await member('ftch', 'basic-card'), await member('tmobile', 'vip-card')];
    const bystander = await member('ihg', 'vip-card');
    const partnersById = new Map<number, PartnerRow>();
    for (const s of subjects) partnersById.set(s.partnerId, await partnerOf(s));
    await fc.assert(fc.asyncProperty(
      fc.constantFrom(...subjects.map((_, i) => i)),
      fc.constantFrom('CA', 'NY', 'HI', 'GU', 'IL', ''),
      fc.array(gen, { maxLength: 14 }),
      fc.array(gen, { maxLength: 3 }),
      instant,
      async (which, state, history, theirs, nowMs) => {
        const subject = subjects[which]!;
        await clear([subject.id, bystander.id]);
        const partner = partnersById.get(subject.partnerId)!;
        const cash = partner.currencyType === 'Dollar' || partner.currencyType === 'Credit';
        for (const g of history) await write(subject, cash, g);
        // Another member's rows (of a points partner) never count.
        for (const g of theirs) await write(bystander, false, g);
        const who = { partner, member: { ...subject, state } };
        const now = new Date(nowMs);
        const summary = await dineSummary(db(), who, now);
        const page = await transactionsPage(db(), who, { pageNo: 1, resultsPerPage: 100 }, now);
        expect(page.data).toHaveLength(history.length);
        expect(summary.year).toBe(progressYear(now, state));
        expect(cents(summary.currentYearBenefits)).toBe(sumOf(page.data, summary.year, earned));
        expect(cents(summary.currentYearOnTheWay)).toBe(sumOf(page.data, summary.year, onTheWay));
        // What a cash-back member is told of each Paid reward: paying out while its credit is open, Paid once completed.
        // (Over generated histories: no row breaks either rule; a history may have no such row.)
        const open = (row: (typeof page.data)[number]) => row.statementCredit?.status === 'pending' || row.statementCredit?.status === 'pending_received';
        expect(page.data.filter((row) => open(row) && (row.transactionStatus !== 'Awarded' || row.paidAt !== null))).toEqual([]);
        expect(page.data.filter((row) => cash && row.transactionStatus === 'Paid' && row.statementCredit?.status !== 'completed')).toEqual([]);
      },
    ), { numRuns: 40 });
    await clear([...subjects.map((s) => s.id), bystander.id]);
  });
});
