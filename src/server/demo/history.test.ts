import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app';
import { TestBrowser } from '../test/browser';
import { dines, memberProgress, memberRewards, members, merchants, partners, redemptions } from '../db/schema';
import type { Member } from '#shared/schemas/member';
import type { CreditRecordsPage, TransactionsPage } from '#shared/schemas/rewards';
import { demoPublicId } from './members';
import { needsDemoHistory, sendDemoHistory, type HistoryResult } from './history';

let t: TestApp;
let result: HistoryResult;
beforeAll(async () => {
  t = await createTestApp();
  expect(await needsDemoHistory(t.database.db)).toBe(true);
  result = await sendDemoHistory(t.app, { db: t.database.db, secret: t.config.cardEventsSecret });
}, 300_000);
afterAll(async () => { await t.close(); });

const year = new Date().getUTCFullYear();
const demo = like(members.publicId, 'demo-%');

async function signedIn(partner: string, slug: string) {
  const b = new TestBrowser(t, partner);
  expect((await b.signInAs(demoPublicId(partner, slug))).statusCode).toBe(200);
  return b;
}

describe('demo history', () => {
  it('arrives as signed events through the webhook, a duplicate among them, and runs once', async () => {
    expect(result.members).toBeGreaterThan(40);
    expect(result.events).toBeGreaterThan(1000);
    expect(result.duplicates).toBeGreaterThan(0);
    // Every dine is a purchase the inbox received: nothing was written around the engine.
    const [orphans] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(dines)
      .where(sql`not exists (select 1 from card_network_inbox i where i.body->>'transactionId' = ${dines.transactionId})`);
    expect(orphans!.n).toBe(0);
    const [outcomes] = await t.database.db.execute(sql`select count(*)::int as n from card_network_inbox where outcome is distinct from 'applied'`).then((r) => (r as unknown as { rows: Array<{ n: number }> }).rows);
    expect(outcomes!.n).toBe(0);
    expect(await needsDemoHistory(t.database.db)).toBe(false);
    console.info(`demo history: ${result.events} events (${result.duplicates} duplicates) for ${result.members} members in ${result.ms} ms`);
  });

  it('covers every status and the reasons a dine does not earn', async () => {
    const rows = await t.database.db.select({ status: memberRewards.status, reason: memberRewards.reason, code: memberRewards.sourceCode }).from(memberRewards)
      .innerJoin(members, eq(members.id, memberRewards.memberId)).where(demo);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['Pending', 'Awarded', 'Deferred', 'Forfeit', 'Paid']));
    // Blackout days are holidays of the catalogue's years: one within the past year shows.
    const [blackout] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(merchants)
      .where(sql`exists (select 1 from unnest(${merchants.blackoutDates}) d where d between to_char(now() - interval '360 days', 'YYYY-MM-DD') and to_char(now() - interval '2 days', 'YYYY-MM-DD'))`);
    expect(new Set(rows.filter((r) => r.status === 'Forfeit').map((r) => r.reason))).toEqual(new Set([
      'cardLinkedAfterDine', 'notParticipating', 'monthlyVisitLimit', 'refunded', 'outsideBenefitHours', ...(blackout!.n > 0 ? ['blackoutDay'] : []),
    ]));
    // A refund of a purchase already paid: an A adjustment.
    expect(rows.some((r) => r.code === 'A')).toBe(true);
  });

  it('shows the new-member bonus in every stage on the new demo members: Eligible, Enrolled (a dine under the minimum), Qualified (a B row)', async () => {
    const stage = async (slug: string) => (await (await signedIn('hilton', slug)).send({ method: 'GET', url: '/api/Member' })).json<Member>().activeBonuses.find((x) => x.code === 'NEWMBR')?.bonusStatus;
    expect(await stage('new-noncard')).toBe('Eligible');
    expect(await stage('new-card')).toBe('Enrolled');
    expect(await stage('new-qualified')).toBe('Qualified');
    const b = await signedIn('hilton', 'new-qualified');
    const rows = (await b.send({ method: 'GET', url: '/api/Member/Transactions?resultsPerPage=100' })).json<TransactionsPage>().data;
    expect(rows.filter((r) => r.transactionTypeCode === 'B').map((r) => r.benefitAmount)).toEqual([2500]);
    const enrolled = (await (await signedIn('hilton', 'new-card')).send({ method: 'GET', url: '/api/Member/Transactions' })).json<TransactionsPage>().data;
    expect(enrolled.filter((r) => r.transactionTypeCode === 'B')).toEqual([]);
    expect(enrolled.some((r) => r.transactionTypeCode === 'S')).toBe(true);
  });

  it('gives a VIP a run of 12+ qualified dines this year, shown on the member and in Transactions', async () => {
    const b = await signedIn('hilton', 'vip-card');
    const m = (await b.send({ method: 'GET', url: '/api/Member' })).json<Member>();
    expect(m).toMatchObject({ tierLevel: 3, diningProgress: { status: 'Qualified', remainingDines: 0 } });
    const [progress] = await t.database.db.select().from(memberProgress).innerJoin(members, eq(members.id, memberProgress.memberId))
      .where(and(eq(members.publicId, demoPublicId('hilton', 'vip-card')), eq(memberProgress.year, year)));
    expect(progress!.member_progress.qualifiedDines).toBeGreaterThanOrEqual(12);
    const page = (await b.send({ method: 'GET', url: '/api/Member/Transactions' })).json<TransactionsPage>();
    expect(page.totalResultSize).toBeGreaterThan(15);
    // Newest first: the refund adjustment made today, the dine still authorised only, then today's Awarded dine.
    expect(page.data.slice(0, 3).map((r) => [r.transactionTypeCode, r.transactionStatus])).toEqual([['A', 'Awarded'], ['S', 'Pending'], ['S', 'Awarded']]);
    const select = (await (await signedIn('hilton', 'select-card')).send({ method: 'GET', url: '/api/Member' })).json<Member>();
    expect(select).toMatchObject({ tierLevel: 2, diningProgress: { status: 'Building' } });
  });

  it('renews a VIP from last year on single sign-on partners', async () => {
    const [m] = await t.database.db.select().from(members).where(eq(members.publicId, demoPublicId('delta', 'sso-vip-card')));
    const rows = await t.database.db.select().from(memberProgress).where(eq(memberProgress.memberId, m!.id));
    expect(rows.find((r) => r.year === year - 1)?.qualifiedDines).toBeGreaterThanOrEqual(12);
    expect(rows.find((r) => r.year === year)?.qualifiedDines ?? 0).toBeLessThan(12);
  });

  it('dates its payments as history: each dine paid a day or a few after it, never all on the day of seeding (issue 25)', async () => {
    const now = Date.now();
    const rows = await t.database.db.select({ paidAt: memberRewards.paidAt, occurredAt: dines.occurredAt, currency: partners.currencyType })
      .from(memberRewards).innerJoin(members, eq(members.id, memberRewards.memberId)).innerJoin(dines, eq(dines.id, memberRewards.dineId))
      .innerJoin(partners, eq(partners.id, memberRewards.partnerId))
      .where(and(demo, eq(memberRewards.status, 'Paid'), eq(memberRewards.sourceCode, 'S')));
    expect(rows.length).toBeGreaterThan(100);
    const DAY = 86_400_000;
    for (const r of rows) {
      const delay = r.paidAt!.getTime() - r.occurredAt!.getTime();
      const what = `${r.currency} dine ${r.occurredAt!.toISOString()} paid ${r.paidAt!.toISOString()}`;
      // Miles and points: cleared within 3 days, posted on the next payout run after a day (weekly through the year,
      // nightly in the last fortnight); cash: in the statement credit issued once the balance
      // reached $20 (one issued on the last run is still paying out), so never before the dine.
      if (r.currency === 'Mile' || r.currency === 'Point') {
        expect(delay, what).toBeGreaterThan(DAY);
        expect(delay, what).toBeLessThan(12 * DAY);
      } else expect(delay, what).toBeGreaterThan(0);
      expect(r.paidAt!.getTime()).toBeLessThanOrEqual(now);
    }
    // Spread over the year, like the dines: a dine of months ago was paid months ago (miles and
    // points; cash waits in the balance until it reaches $20, which may be much later).
    const old = rows.filter((r) => (r.currency === 'Mile' || r.currency === 'Point') && r.occurredAt!.getTime() < now - 60 * DAY);
    expect(old.length).toBeGreaterThan(20);
    expect(old.every((r) => r.paidAt!.getTime() < now - 30 * DAY)).toBe(true);
    const paidDays = new Set(rows.map((r) => r.paidAt!.toISOString().slice(0, 10)));
    expect(paidDays.size).toBeGreaterThan(40);
  });

  it('pays cash-back members statement credits to their card', async () => {
    const credits = await t.database.db.select({ status: redemptions.status, targetType: redemptions.targetType, amount: redemptions.amountCents })
      .from(redemptions).innerJoin(members, eq(members.id, redemptions.memberId)).where(demo);
    expect(credits.length).toBeGreaterThan(0);
    expect(credits.every((c) => c.targetType === 'card' && c.amount >= 2000)).toBe(true);
    expect(credits.some((c) => c.status === 'completed')).toBe(true);
    const b = await signedIn('nosh', 'vip-card');
    const page = (await b.send({ method: 'GET', url: '/api/Member/TransactionsStatementCredits' })).json<CreditRecordsPage>();
    // The newest may still be with the card issuer (issued on the last payout run); the ones before completed.
    expect(page.data.find((c) => c.status === 'completed')).toMatchObject({ targetLabel: expect.stringMatching(/ ending in \d{4}$/) });
  });
});
