import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import { memberProgress, memberRewards, members, partners, type MemberRow, type PartnerRow } from '../../db/schema';
import { createTestDatabase } from '../../test/db';
import { progressYear } from '#shared/rules/rewards/local-time';
import { memberWithCards } from '../card-network/test-fixtures';
import { balanceCents } from '../redemptions';
import { insertRedemptions } from './rewards.test-fixtures';
import { memberStanding } from '../members';
import { countCredits, countRewards, creditRows, historyPage, pendingPayoutCents, recentActivityFacts, yearSummary } from './rewards.repo';
import { creditBalance, creditRecordsPage, dineSummary, recentActivity, transactionsPage, yearBounds } from './rewards.service';

/**
 * Tenancy of a member's money without a route in between (issue 31 item 3): the rewards history,
 * the balance, the year's totals and the statement credits, called directly with member X's id
 * and partner B's id (and B's member with X's partner): nothing of X's, nothing of Y's. Both
 * partners pay cash back (Nosh and Upromise), so every call is offered on both.
 */
let database: Database;
let nosh: PartnerRow;
let upromise: PartnerRow;
let x: MemberRow;
let y: MemberRow;
const db = () => database.db;
const page = { offset: 0, limit: 50 };
const now = new Date();
/** The year on X's clock, as the year's summary counts it. */
const bounds = () => yearBounds(progressYear(now, x.state), x.state);

async function memberOf(partner: PartnerRow, cents: { awarded: number; pending: number; credit: number }): Promise<MemberRow> {
  const { memberId } = await memberWithCards(db(), { partnerId: partner.id });
  await db().insert(memberRewards).values([
    { partnerId: partner.id, memberId, sourceCode: 'M', amount: cents.awarded, status: 'Awarded', description: 'Tenancy test', createdAt: now },
    { partnerId: partner.id, memberId, sourceCode: 'B', amount: cents.pending, status: 'Pending', description: 'Tenancy test', createdAt: now },
  ]);
  const member = (await db().select().from(members).where(eq(members.id, memberId)))[0]!;
  // Progress in the year and the one before: the year's summary reads both with the sums.
  const year = progressYear(now, member.state);
  await db().insert(memberProgress).values([
    { partnerId: partner.id, memberId, year, qualifiedDines: cents.awarded / 100, rewards: 1 },
    { partnerId: partner.id, memberId, year: year - 1, qualifiedDines: 2, rewards: 0 },
  ]);
  await insertRedemptions(db(), member, [{ creditId: `tn-${randomUUID()}`, amountCents: cents.credit, targetType: 'card', targetLabel: 'Visa 4242', benefitProcessor: 'test', status: 'pending' }]);
  return member;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const all = await db().select().from(partners);
  nosh = all.find((p) => p.code === 'nosh')!;
  upromise = all.find((p) => p.code === 'upromise')!;
  x = await memberOf(nosh, { awarded: 700, pending: 300, credit: 500 });
  y = await memberOf(upromise, { awarded: 1100, pending: 1300, credit: 1700 });
});
afterAll(async () => { await database.close(); });

// Member X with partner B, and partner B's member Y with X's partner A.
const crossed = () => [{ partnerId: upromise.id, memberId: x.id }, { partnerId: nosh.id, memberId: y.id }];

describe('the rewards repository, called directly', () => {
  it("answers each member's own rows and sums (the control)", async () => {
    const own = { partnerId: nosh.id, memberId: x.id };
    expect((await historyPage(db(), own, page)).rows.map((r) => r.amount).sort((a, b) => a - b)).toEqual([300, 700]);
    expect(await countRewards(db(), own)).toBe(2);
    // A page counts all the member's rows, a page past the end too (it has no row to count them by).
    expect((await historyPage(db(), own, { offset: 1, limit: 1 })).total).toBe(2);
    expect(await historyPage(db(), own, { offset: 10, limit: 10 })).toEqual({ rows: [], total: 2 });
    // 700 earned, 500 reserved by the pending credit.
    expect(await balanceCents(db(), own)).toBe(200);
    const summary = await yearSummary(db(), own, bounds());
    expect({ ...summary, progress: [...summary.progress].sort((a, b) => a.year - b.year) }).toEqual({
      earned: 700,
      onTheWay: 300,
      progress: [{ year: bounds().year - 1, qualifiedDines: 2, rewards: 0 }, { year: bounds().year, qualifiedDines: 7, rewards: 1 }],
    });
    expect((await creditRows(db(), own, page)).map((c) => c.amountCents)).toEqual([500]);
    expect(await countCredits(db(), own)).toBe(1);
    expect(await pendingPayoutCents(db(), own)).toBe(500);
  });

  it('answers nothing for a member asked for with another partner (either way round)', async () => {
    const pairs = crossed();
    expect(pairs).toHaveLength(2);
    for (const owner of pairs) {
      expect((await historyPage(db(), owner, page)).rows).toEqual([]);
      expect(await countRewards(db(), owner)).toBe(0);
      expect(await historyPage(db(), owner, { offset: 10, limit: 10 })).toEqual({ rows: [], total: 0 });
      expect(await balanceCents(db(), owner)).toBe(0);
      expect(await yearSummary(db(), owner, bounds())).toEqual({ earned: 0, onTheWay: 0, progress: [] });
      expect(await creditRows(db(), owner, page)).toEqual([]);
      expect(await countCredits(db(), owner)).toBe(0);
      expect(await pendingPayoutCents(db(), owner)).toBe(0);
      expect(await recentActivityFacts(db(), owner, bounds(), page)).toEqual({ standing: { progress: [], enrolments: [] }, summary: { earned: 0, onTheWay: 0, progress: [] }, history: { rows: [], total: 0 } });
    }
  });

  it("reads Reviews & History's first screen in one statement exactly as its parts read apart: every page in order, the year's sums, the standing facts", async () => {
    // A member with fourteen rows at different times (two at the same instant: the id breaks the tie).
    const z = await memberOf(nosh, { awarded: 400, pending: 200, credit: 100 });
    const at = (days: number) => new Date(now.getTime() - days * 86_400_000);
    await db().insert(memberRewards).values(Array.from({ length: 12 }, (_, i) => ({
      partnerId: nosh.id, memberId: z.id, sourceCode: 'M', amount: 10 + i, status: i % 3 === 0 ? 'Pending' : 'Awarded', description: 'Order test', createdAt: at(i === 5 ? 4 : i),
    })));
    const own = { partnerId: nosh.id, memberId: z.id };
    for (const p of [{ offset: 0, limit: 5 }, { offset: 5, limit: 5 }, { offset: 10, limit: 5 }, { offset: 20, limit: 5 }, { offset: 0, limit: 50 }]) {
      const together = await recentActivityFacts(db(), own, bounds(), p);
      expect(together.history, JSON.stringify(p)).toEqual(await historyPage(db(), own, p));
      expect(together.summary).toEqual(await yearSummary(db(), own, bounds()));
    }
    const all = (await recentActivityFacts(db(), own, bounds(), { offset: 0, limit: 50 })).history;
    expect(all.total).toBe(14);
    expect(all.rows.map((r) => r.createdAt.getTime())).toEqual([...all.rows.map((r) => r.createdAt.getTime())].sort((a, b) => b - a));
    // The standing facts give the member's standing as its own read does.
    const facts = (await recentActivityFacts(db(), own, bounds(), page)).standing;
    expect(await memberStanding(db(), nosh, z, now, undefined, facts)).toEqual(await memberStanding(db(), nosh, z, now));
    expect(facts.progress.map((r) => r.qualifiedDines).sort()).toEqual([2, 4]);
  });
});

describe('the rewards service, called directly', () => {
  it("shows a member under another partner nothing of theirs: no history, no balance, no credits, no year's figures", async () => {
    for (const who of [{ partner: upromise, member: x }, { partner: nosh, member: y }]) {
      expect(await transactionsPage(db(), who, { pageNo: 1, resultsPerPage: 10 })).toEqual({ data: [], totalResultSize: 0, totalPages: 0 });
      expect(await creditBalance(db(), who)).toMatchObject({ memberBalance: 0, pendingPayout: 0 });
      expect(await creditRecordsPage(db(), who, { pageNo: 1, resultsPerPage: 10 })).toEqual({ data: [], totalResultSize: 0, totalPages: 0 });
      expect(await dineSummary(db(), who, now)).toMatchObject({ currentYearBenefits: 0, currentYearOnTheWay: 0, currentYearDines: 0 });
    }
    // The right pairing sees its own.
    expect(await dineSummary(db(), { partner: nosh, member: x }, now)).toMatchObject({ currentYearDines: 7 });
    expect(await creditBalance(db(), { partner: nosh, member: x })).toMatchObject({ memberBalance: 2, pendingPayout: 5 });
    expect((await transactionsPage(db(), { partner: upromise, member: y }, { pageNo: 1, resultsPerPage: 10 })).totalResultSize).toBe(2);
  });

  it("answers Reviews & History's first screen as its calls answer it, and nothing to a member under another partner", async () => {
    for (const who of [{ partner: nosh, member: x }, { partner: upromise, member: y }, { partner: upromise, member: x }, { partner: nosh, member: y }]) {
      for (const pageNo of [1, 2]) {
        const read = await recentActivity(db(), who, { pageNo, resultsPerPage: 1 }, now);
        expect(read.transactions).toEqual(await transactionsPage(db(), who, { pageNo, resultsPerPage: 1 }, now));
        expect(read.summary).toEqual(await dineSummary(db(), who, now));
      }
    }
    expect((await recentActivity(db(), { partner: nosh, member: y }, { pageNo: 1, resultsPerPage: 10 }, now)).transactions.data).toEqual([]);
  });
});
