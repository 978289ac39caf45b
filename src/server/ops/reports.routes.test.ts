import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../test/app';
import { TestBrowser } from '../test/browser';
import { createOpsApp, OpsBrowser, signedInAs } from '../test/ops';
import type { StaffRole } from '#shared/rules/ops-permissions';
import { encryptCardNumber, framePublicKey, solvedCaptcha, withLuhnDigit } from '../test/cards';
import {
  auditLog, balanceEntries, dines, memberCards, memberRewards, members, merchants, partnerLedgerPostings, partners, reservationSettings, rewardClaims, redemptions,
} from '../db/schema';
import { demoPublicId } from '../demo/members';
import { authEvent, clearingEvent, signedRequest, newTransactionId } from '../modules/rewards';
import { pendingPayoutCents } from '../modules/rewards/rewards.repo';
import { balanceCents } from '../modules/redemptions';
import { payStatementCredits, postPartnerRewards } from '../modules/rewards/payouts';
import { restaurantClock } from '../modules/reservations/clock';
import { CARD_NETWORK_EVENTS_PATH } from '../plugins/route-rules';
import { REWARD_SOURCE_CODES } from '#shared/constants/rewards';
import { addDays, REPORT_CSV_COLUMNS, type OpsReport } from '#shared/schemas/ops-reports';
import type { ClaimSubmitResponse } from '#shared/schemas/claims';
import type { Reservation } from '#shared/schemas/reservations';
import { csvCell, partnerReport } from './reports';
import { NO_SUCH_PARTNER } from './reports.routes';

/**
 * The console's reports (issue 27 item 7): the calls' answers and refusals, and the reconciliation:
 * activity made through the product's own paths (joining, linking a card, the card network's
 * webhook and the rewards engine, a claim decided in the console, bookings, the payout jobs), then
 * the report's totals against the ledger's own: rewards by source code, what was paid out, and
 * the outstanding liability against the members' balances and pending payouts.
 */
let t: TestApp;
let ops: FastifyInstance;
const db = () => t.database.db;
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  ops = await createOpsApp(t);
});
afterAll(async () => {
  await ops.close();
  await t.close();
});

const staff = (role: StaffRole) => signedInAs(t, ops, role);
const reportUrl = (partner: string, from: string, to: string, csv = false) => `/api/ops/reports/${partner}${csv ? '/csv' : ''}?from=${from}&to=${to}`;
async function report(b: OpsBrowser, partner: string, from: string, to: string): Promise<OpsReport> {
  const res = await b.send({ method: 'GET', url: reportUrl(partner, from, to) });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json<OpsReport>();
}
const message = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;

describe('GET /api/ops/reports/:partner', () => {
  it('answers a row per UTC day, totals that are the sum of the days, and a liability that rolls forward', async () => {
    const b = await staff('supervisor');
    const to = today();
    const from = addDays(to, -29);
    const r = await report(b, 'hilton', from, to);
    expect(r).toMatchObject({ partner: { code: 'hilton', currency: 'Point' }, unit: 'points', dayBoundary: 'UTC', from, to });
    expect(r.days.map((d) => d.date)).toEqual(Array.from({ length: 30 }, (_, i) => addDays(from, i)));
    for (const k of ['joins', 'cardsLinked', 'dines', 'qualifiedDines', 'rewardsTotal', 'creditsPaid', 'payouts', 'claimsOpened', 'claimsResolved', 'reservations', 'reservationsCancelled'] as const) {
      expect(r.totals[k], k).toBe(r.days.reduce((s, d) => s + d[k], 0));
    }
    for (const c of REWARD_SOURCE_CODES) expect(r.totals.rewards[c], c).toBe(r.days.reduce((s, d) => s + d.rewards[c], 0));
    for (const d of r.days) expect(d.rewardsTotal).toBe(REWARD_SOURCE_CODES.reduce((s, c) => s + d.rewards[c], 0));
    expect(r.liability).toBe(r.openingLiability + r.totals.rewardsTotal - r.totals.creditsPaid);
    expect(r.days.at(-1)!.liability).toBe(r.liability);
    // The range's liability at its start is the previous range's at its end.
    const before = await report(b, 'hilton', addDays(from, -30), addDays(from, -1));
    expect(before.liability).toBe(r.openingLiability);
    // A partner code in any case; the console's partner list names it.
    expect((await report(b, 'HILTON', from, to)).totals).toEqual(r.totals);
  });

  it('refuses bad dates, a reversed range and more than 366 days with a sentence a person understands (400, never 5xx)', async () => {
    const b = await staff('auditor');
    const cases: Array<[string, RegExp]> = [
      ['/api/ops/reports/hilton', /first day/],
      ['/api/ops/reports/hilton?from=2026-11-01', /last day/],
      ['/api/ops/reports/hilton?from=2026-11-1&to=2026-11-30', /YYYY-MM-DD/],
      ['/api/ops/reports/hilton?from=yesterday&to=2026-11-30', /YYYY-MM-DD/],
      ['/api/ops/reports/hilton?from=2026-02-30&to=2026-03-30', /not a date of the calendar/],
      ['/api/ops/reports/hilton?from=1999-12-31&to=2000-01-30', /between 2000-01-01 and 2099-12-31/],
      ['/api/ops/reports/hilton?from=2026-11-30&to=2026-11-01', /before the first day/],
      ['/api/ops/reports/hilton?from=2025-01-01&to=2026-01-02', /at most 366 days/],
      ['/api/ops/reports/hilton/csv?from=2025-01-01&to=2026-01-02', /at most 366 days/],
    ];
    for (const [url, text] of cases) {
      const res = await b.send({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(message(res), url).toMatch(text);
    }
    // 366 days (a leap year) is allowed.
    expect((await report(b, 'hilton', '2024-01-01', '2024-12-31')).days).toHaveLength(366);
  });

  it('answers a partner outside the staff member\'s exactly as an unknown one', async () => {
    // The partner manager works for hilton only.
    const manager = await staff('partnerManager');
    expect((await report(manager, 'hilton', '2026-11-01', '2026-11-07')).days).toHaveLength(7);
    const unknown = await manager.send({ method: 'GET', url: reportUrl('nosuchpartner', '2026-11-01', '2026-11-07') });
    for (const url of [reportUrl('delta', '2026-11-01', '2026-11-07'), reportUrl('delta', '2026-11-01', '2026-11-07', true)]) {
      const other = await manager.send({ method: 'GET', url });
      expect(other.statusCode, url).toBe(400);
      expect(other.json(), url).toEqual(unknown.json());
    }
    expect(message(unknown)).toBe(NO_SUCH_PARTNER);
    // A supervisor of every partner reads delta.
    expect((await report(await staff('supervisor'), 'delta', '2026-11-01', '2026-11-07')).partner.code).toBe('delta');
  });

  it('refuses without a session (401), with a member\'s session (401) and for a role without reports.read (403)', async () => {
    const url = reportUrl('hilton', '2026-11-01', '2026-11-07');
    const nobody = new OpsBrowser(ops);
    for (const u of [url, reportUrl('hilton', '2026-11-01', '2026-11-07', true)]) expect((await nobody.send({ method: 'GET', url: u })).statusCode).toBe(401);
    const member = new TestBrowser(t, 'hilton');
    expect((await member.signInAs(demoPublicId('hilton', 'select-card'))).statusCode).toBe(200);
    const withMemberCookies = new OpsBrowser(ops);
    for (const [k, v] of member.cookies) withMemberCookies.cookies.set(k, v);
    expect((await withMemberCookies.send({ method: 'GET', url })).statusCode).toBe(401);
    // And the call does not exist on a partner site.
    expect((await member.send({ method: 'GET', url })).statusCode).toBe(404);
    for (const role of ['agent', 'contentEditor'] as const) {
      const b = await staff(role);
      const res = await b.send({ method: 'GET', url });
      expect(res.statusCode, role).toBe(403);
      expect((await b.send({ method: 'GET', url: reportUrl('hilton', '2026-11-01', '2026-11-07', true) })).statusCode, role).toBe(403);
    }
  });
});

describe('GET /api/ops/reports/:partner/csv', () => {
  it('is a CSV attachment named by partner and dates: a header, a row per day and a totals row, numbers unformatted; the export is audited', async () => {
    const b = await staff('auditor');
    const to = today();
    const from = addDays(to, -13);
    const json = await report(b, 'nosh', from, to);
    const res = await b.send({ method: 'GET', url: reportUrl('nosh', from, to, true) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="report-nosh-${from}-to-${to}.csv"`);
    const lines = res.body.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe(REPORT_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(1 + 14 + 1);
    const rows = lines.slice(1).map((l) => l.split(','));
    for (const row of rows) {
      expect(row).toHaveLength(REPORT_CSV_COLUMNS.length);
      for (const cell of row.slice(1)) expect(cell).toMatch(/^(-?\d+(\.\d+)?)?$/);
    }
    const col = (name: (typeof REPORT_CSV_COLUMNS)[number]) => REPORT_CSV_COLUMNS.indexOf(name);
    expect(rows.slice(0, 14).map((r) => r[0])).toEqual(json.days.map((d) => d.date));
    expect(rows.slice(0, 14).map((r) => Number(r[col('dines')]))).toEqual(json.days.map((d) => d.dines));
    const total = rows.at(-1)!;
    expect(total[0]).toBe('total');
    expect(Number(total[col('rewards_total')])).toBe(json.totals.rewardsTotal);
    expect(Number(total[col('rewards_S')])).toBe(json.totals.rewards.S);
    expect(Number(total[col('credits_paid')])).toBe(json.totals.creditsPaid);
    expect(Number(total[col('liability')])).toBe(json.liability);
    expect(total[col('median_resolution_hours')]).toBe(json.totals.medianResolutionHours === null ? '' : String(json.totals.medianResolutionHours));
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'report.export'), eq(auditLog.target, `report:report-nosh-${from}-to-${to}.csv`)));
    const [nosh] = await db().select().from(partners).where(eq(partners.code, 'nosh'));
    expect(entry).toMatchObject({ staffEmail: 'auditor@ops.example.com', role: 'auditor', partnerId: nosh!.id, after: { from, to, days: 14 } });
  });

  it('cells: numbers as they are, negatives kept; text a spreadsheet would run is defused; quotes where needed', () => {
    expect(csvCell(-40)).toBe('-40');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    for (const s of ['+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(s).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('2026-11-20')).toBe('2026-11-20');
  });
});

// ------------------------------------------------------------------ reconciliation with the ledger

/** A restaurant that rewards every day at every hour, without limits (as the Dine now tests pick it). */
async function openRestaurant(): Promise<number> {
  const [m] = await db().select({ id: merchants.id }).from(merchants)
    .where(and(eq(merchants.participating, true), eq(merchants.benefitsAvailable, true), sql`cardinality(${merchants.campaignCodes}) = 0`, isNull(merchants.participationStart), isNull(merchants.participationEnd), isNull(merchants.benefitHours),
      isNull(merchants.monthlyVisitLimit), sql`cardinality(${merchants.blackoutDates}) = 0`))
    .orderBy(asc(merchants.id)).limit(1);
  return m!.id;
}

/** A purchase as the card network reports it, through the signed webhook, applied by the engine. */
async function networkDine(opts: { token: string; localDateTime: string; cents: number; locationId: string }) {
  const purchase = { transactionId: newTransactionId('rpt'), cardToken: opts.token, locationId: opts.locationId, localDateTime: opts.localDateTime };
  for (const e of [authEvent(purchase, opts.cents), clearingEvent(purchase, opts.cents)]) {
    const { body, headers } = signedRequest(t.config.cardEventsSecret, e);
    expect((await t.app.inject({ method: 'POST', url: CARD_NETWORK_EVENTS_PATH, headers: { ...headers, host: 'localhost' }, payload: body })).statusCode).toBe(200);
  }
  await t.app.cardNetwork.applier.idle();
}

type LedgerRow = { amount: number; sourceCode: string; status: string; earnedAt: Date; paidAt: Date | null; payoutRef: string | null; memberId: number };
/** Every reward row of a partner with the time it was earned, read from the ledger as it is stored. */
async function ledgerOf(partnerId: number): Promise<LedgerRow[]> {
  const rows = await db().select({
    amount: memberRewards.amount, sourceCode: memberRewards.sourceCode, status: memberRewards.status, createdAt: memberRewards.createdAt, occurredAt: dines.occurredAt,
    paidAt: memberRewards.paidAt, payoutRef: memberRewards.payoutRef, memberId: memberRewards.memberId,
  }).from(memberRewards).leftJoin(dines, eq(dines.id, memberRewards.dineId)).where(eq(memberRewards.partnerId, partnerId));
  return rows.map((r) => ({ ...r, earnedAt: r.sourceCode === 'S' && r.occurredAt ? r.occurredAt : r.createdAt }));
}
const utc = (date: string) => new Date(`${date}T00:00:00Z`).getTime();
const inRange = (at: Date, from: string, to: string) => at.getTime() >= utc(from) && at.getTime() < utc(addDays(to, 1));
const isEarned = (r: LedgerRow) => r.status === 'Awarded' || r.status === 'Paid';

describe('the report reconciles with the ledger', () => {
  it('activity through the product\'s own paths shows in the day\'s figures; rewards by source code, payouts and the liability equal the ledger\'s', async () => {
    const supervisor = await staff('supervisor');
    const [nosh] = await db().select().from(partners).where(eq(partners.code, 'nosh'));
    const [hilton] = await db().select().from(partners).where(eq(partners.code, 'hilton'));
    const merchantId = await openRestaurant();
    // A week up to tomorrow: the activity of this test is in it even if it runs across midnight.
    const from = addDays(today(), -6);
    const to = addDays(today(), 1);

    // A demo member's card, linked long before a dine that a claim will say is missing.
    const claimant = (await db().select().from(members).where(eq(members.publicId, demoPublicId('nosh', 'select-card'))))[0]!;
    const [claimCard] = await db().update(memberCards).set({ createdAt: new Date(Date.now() - 200 * 86_400_000) }).where(eq(memberCards.memberId, claimant.id)).returning();

    const before = await report(supervisor, 'nosh', from, to);

    // 1. Someone joins nosh and links a card (the card frame's encryption, the captcha).
    const joiner = new TestBrowser(t, 'nosh');
    const email = `report.joiner.${Date.now()}@example.com`;
    const joined = await joiner.send({ method: 'POST', url: '/api/Members/Prospects', payload: { email, password: 'Secret123', passwordConfirm: 'Secret123', firstName: 'Rey', lastName: 'Port', zipCode: '94103', emailOptIn: true, partnerNumber: `RP${randomInt(10_000, 99_999)}` } });
    expect(joined.statusCode, joined.body).toBe(201);
    joiner.token = joined.json<{ csrfToken: string }>().csrfToken;
    const digits = withLuhnDigit(`4${String(randomInt(10 ** 13, 10 ** 14))}`);
    const key = await framePublicKey(t);
    const linked = await joiner.send({
      method: 'POST', url: '/api/Member/Cards',
      payload: { creditCards: [{ encryptedCardNumber: encryptCardNumber(key, digits), lastFour: digits.slice(-4), cardType: 'Visa' }], directFileFeedOptIn: true, termsAccepted: true, gRecaptchaResponse: await solvedCaptcha(t, 'nosh') },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const [joinerRow] = await db().select().from(members).where(and(eq(members.partnerId, nosh!.id), eq(members.email, email)));

    // 2. Dines through the webhook (the staging tools' Dine now): the joiner's (whose card was linked a moment ago: in the
    //    same minute, the engine says linked after the dine) and a demo member's: $300 and $250 at 5% cash back cross the $20 payout.
    const member = new TestBrowser(t, 'nosh');
    expect((await member.signInAs(claimant.publicId)).statusCode).toBe(200);
    for (const [b, amountCents] of [[joiner, 30_000], [joiner, 25_000], [member, 30_000], [member, 25_000]] as const) {
      const dined = await b.send({ method: 'POST', url: '/api/stgtools/dines', payload: { merchantId, amountCents } });
      expect(dined.statusCode, dined.body).toBe(200);
    }
    await t.app.cardNetwork.applier.idle();
    const newDines = await db().select().from(dines).where(and(inArray(dines.memberId, [joinerRow!.id, claimant.id]), sql`${dines.createdAt} > now() - interval '10 minutes'`));
    expect(newDines).toHaveLength(4);
    const qualifiedBefore = newDines.filter((d) => d.qualified).length;
    expect(newDines.filter((d) => d.memberId === claimant.id).map((d) => [d.status, d.qualified])).toEqual([['Awarded', true], ['Awarded', true]]);

    // 3. A claim for a dine at a location no restaurant has goes to review; a supervisor awards it in the console (an M reward).
    const dineDate = addDays(today(), -18);
    await networkDine({ token: claimCard!.networkToken, localDateTime: `${dineDate}T19:30:00-08:00`, cents: 4200, locationId: `report-mid-${Date.now()}` });
    const claimed = await member.send({ method: 'POST', url: '/api/Member/Claims', payload: { cardId: claimCard!.id, merchantId, dineDate, amountCents: 4200 } });
    expect(claimed.statusCode, claimed.body).toBe(201);
    const claim = claimed.json<ClaimSubmitResponse>().claim;
    expect(claim.status).toBe('InReview');
    const awarded = await supervisor.send({ method: 'POST', url: `/api/ops/claims/${claim.id}/resolve`, payload: { resolution: 'award', note: 'Receipt checked' } });
    expect(awarded.statusCode, awarded.body).toBe(200);
    const [claimRow] = await db().select().from(rewardClaims).where(eq(rewardClaims.id, claim.id));
    expect(claimRow!.rewardId).not.toBeNull();

    // 4. The joiner books two tables and cancels one.
    const [open] = await db().select({ id: reservationSettings.merchantId, state: merchants.state }).from(reservationSettings)
      .innerJoin(merchants, eq(merchants.id, reservationSettings.merchantId)).where(eq(reservationSettings.minParty, 1)).orderBy(asc(reservationSettings.merchantId)).limit(1);
    const day = addDays(restaurantClock(open!.state).today(Date.now()), 5);
    const booked: Reservation[] = [];
    for (const time of ['18:00', '21:00']) {
      const res = await joiner.send({ method: 'POST', url: '/api/Member/Reservations', payload: { merchantId: open!.id, date: day, time, partySize: 2 }, headers: { 'idempotency-key': `report-${Date.now()}-${time}` } });
      expect(res.statusCode, res.body).toBe(201);
      booked.push(res.json<Reservation>());
    }
    expect((await joiner.send({ method: 'DELETE', url: `/api/Member/Reservations/${booked[0]!.id}` })).statusCode).toBe(200);

    // 5. A hilton member dines too (6 points per $1 at Select).
    const hiltonMember = new TestBrowser(t, 'hilton');
    expect((await hiltonMember.signInAs(demoPublicId('hilton', 'select-card'))).statusCode).toBe(200);
    const dineAtHilton = async () => {
      expect((await hiltonMember.send({ method: 'POST', url: '/api/stgtools/dines', payload: { merchantId, amountCents: 5000 } })).statusCode).toBe(200);
      await t.app.cardNetwork.applier.idle();
    };
    await dineAtHilton();

    // 6. The payout jobs: the statement credit is written, then completed on the next run; miles and points are posted.
    await payStatementCredits(db());
    await payStatementCredits(db());
    const [credit] = await db().select().from(redemptions).where(eq(redemptions.memberId, claimant.id));
    expect(credit).toMatchObject({ status: 'completed' });
    // Another $25 earned, and a purchase still Pending (authorised, not cleared): a second credit is written and the
    // processor accepts it (pending_received): it is still owed; the Pending reward is not earned yet.
    for (const payload of [{ merchantId, amountCents: 50_000 }, { merchantId, amountCents: 10_000, clear: false }]) {
      expect((await member.send({ method: 'POST', url: '/api/stgtools/dines', payload })).statusCode).toBe(200);
    }
    await t.app.cardNetwork.applier.idle();
    expect((await db().select().from(memberRewards).where(and(eq(memberRewards.memberId, claimant.id), eq(memberRewards.status, 'Pending')))).length).toBe(1);
    await payStatementCredits(db());
    await payStatementCredits(db(), { processor: { name: 'accepting', settle: async (open) => open.map((c) => ({ creditId: c.creditId, status: 'pending_received' as const })) } });
    const second = (await db().select().from(redemptions).where(eq(redemptions.memberId, claimant.id))).find((c) => c.creditId !== credit!.creditId);
    expect(second).toMatchObject({ status: 'pending_received', amountCents: 2500 });
    await postPartnerRewards(db(), { postAfterMs: 0 });

    const after = await report(supervisor, 'nosh', from, to);
    const grew = (k: 'joins' | 'cardsLinked' | 'dines' | 'qualifiedDines' | 'claimsOpened' | 'claimsResolved' | 'reservations' | 'reservationsCancelled') => after.totals[k] - before.totals[k];
    expect(grew('joins')).toBe(1);
    expect(grew('cardsLinked')).toBe(1);
    expect(grew('dines')).toBe(6);
    // The $500 dine qualified; the one still Pending not yet.
    expect(grew('qualifiedDines')).toBe(qualifiedBefore + 1);
    expect(grew('claimsOpened')).toBe(1);
    expect(grew('claimsResolved')).toBe(1);
    expect(grew('reservations')).toBe(2);
    expect(grew('reservationsCancelled')).toBe(1);
    const [manual] = await db().select().from(memberRewards).where(eq(memberRewards.id, claimRow!.rewardId!));
    expect(after.totals.rewards.M - before.totals.rewards.M).toBe(manual!.amount);
    const earnedS = (await ledgerOf(nosh!.id)).filter((r) => (r.memberId === claimant.id || r.memberId === joinerRow!.id) && r.sourceCode === 'S' && isEarned(r)).reduce((s, r) => s + r.amount, 0);
    expect(earnedS).toBeGreaterThan(2000);
    expect(after.totals.rewards.S - before.totals.rewards.S).toBe(earnedS);
    expect(after.totals.creditsPaid - before.totals.creditsPaid).toBeGreaterThanOrEqual(credit!.amountCents);
    const resolvedDay = after.days.find((d) => d.date === claimRow!.resolvedAt!.toISOString().slice(0, 10))!;
    expect(resolvedDay.medianResolutionHours).not.toBeNull();

    // The reconciliation, for a cash-back partner (statement credits) and a points partner (the partner ledger), over the longest range.
    for (const partner of [nosh!, hilton!]) {
      const rFrom = addDays(today(), -365);
      const r = await report(supervisor, partner.code, rFrom, today());
      const ledger = await ledgerOf(partner.id);
      // Rewards issued, per source code: the ledger's earned rows of the range.
      for (const c of REWARD_SOURCE_CODES) {
        const own = ledger.filter((x) => x.sourceCode === c && isEarned(x) && inRange(x.earnedAt, rFrom, today())).reduce((s, x) => s + x.amount, 0);
        expect(r.totals.rewards[c], `${partner.code} ${c}`).toBe(own);
      }
      // Paid out: what the statement credits completed in the range, or what the partner ledger's postings carry.
      if (partner.currencyType === 'Dollar') {
        const credits = await db().select().from(redemptions).where(and(eq(redemptions.partnerId, partner.id), eq(redemptions.status, 'completed')));
        const inRangeCredits = credits.filter((c) => inRange(c.finishedAt!, rFrom, today()));
        expect(r.totals.creditsPaid, 'nosh paid').toBe(inRangeCredits.reduce((s, c) => s + c.amountCents, 0));
        expect(r.totals.payouts, 'nosh payouts').toBe(inRangeCredits.length);
        for (const d of r.days) expect(d.creditsPaid, d.date).toBe(inRangeCredits.filter((c) => c.finishedAt!.toISOString().startsWith(d.date)).reduce((s, c) => s + c.amountCents, 0));
      } else {
        const postings = await db().select({ amount: partnerLedgerPostings.amount, paidAt: memberRewards.paidAt }).from(partnerLedgerPostings)
          .innerJoin(memberRewards, eq(memberRewards.id, partnerLedgerPostings.rewardId)).where(eq(partnerLedgerPostings.partnerId, partner.id));
        const posted = postings.filter((p) => p.paidAt && inRange(p.paidAt, rFrom, today()));
        expect(r.totals.creditsPaid, 'hilton paid').toBe(posted.reduce((s, p) => s + p.amount, 0));
        expect(r.totals.creditsPaid).toBeGreaterThan(0);
      }
      // The outstanding liability now: the members' balances and their payouts still pending (cash back), the rewards not posted yet (points).
      const owners = [...new Set(ledger.map((x) => x.memberId))];
      const awardedOf = (memberId: number) => ledger.filter((x) => x.memberId === memberId && x.status === 'Awarded').reduce((s, x) => s + x.amount, 0);
      let owed = 0;
      for (const memberId of owners) owed += (partner.currencyType === 'Dollar' ? await balanceCents(db(), { partnerId: partner.id, memberId }) : await awardedOf(memberId)) + await pendingPayoutCents(db(), { partnerId: partner.id, memberId });
      expect(r.liability, `${partner.code} liability`).toBe(owed);
      // Cash back: the same figure from the whole ledger and the payouts still pending (points partners have neither: 0 + 0 here, and their liability is the rewards not posted).
      const balances = await db().select({ cents: sql<number>`coalesce(sum(${balanceEntries.amountCents}), 0)`.mapWith(Number) }).from(balanceEntries).where(eq(balanceEntries.partnerId, partner.id));
      const pending = await db().select().from(redemptions).where(and(eq(redemptions.partnerId, partner.id), inArray(redemptions.status, ['pending', 'pending_received'])));
      const stored = balances[0]!.cents + pending.reduce((s, c) => s + c.amountCents, 0);
      expect(partner.currencyType === 'Dollar' ? r.liability : stored, `${partner.code} stored balances`).toBe(partner.currencyType === 'Dollar' ? stored : 0);
      // The opening liability: earned before the range less paid out before it, from the ledger's rows.
      const start = utc(rFrom);
      const openCredits = new Set((await db().select({ id: redemptions.creditId }).from(redemptions)
        .where(and(eq(redemptions.partnerId, partner.id), inArray(redemptions.status, ['pending', 'pending_received'])))).map((c) => c.id));
      const settled = (x: LedgerRow) => x.status === 'Paid' && x.paidAt !== null && !openCredits.has(x.payoutRef ?? '');
      const opening = ledger.filter((x) => isEarned(x) && x.earnedAt.getTime() < start).reduce((s, x) => s + x.amount, 0)
        - ledger.filter((x) => isEarned(x) && settled(x) && x.paidAt!.getTime() < start).reduce((s, x) => s + x.amount, 0);
      expect(r.openingLiability, `${partner.code} opening`).toBe(opening);
      expect(r.liability).toBe(r.openingLiability + r.totals.rewardsTotal - r.totals.creditsPaid);
    }

    // A points reward earned after the posting is owed until the next posting.
    const owedBefore = (await report(supervisor, 'hilton', today(), today())).liability;
    await dineAtHilton();
    expect((await report(supervisor, 'hilton', today(), today())).liability - owedBefore).toBe(300);
  });
});

describe('the median time to resolve a claim', () => {
  it('is the median of the day\'s resolved claims (the mean of the middle two for an even count), in hours to a tenth, and over the range', async () => {
    const [ihg] = await db().select().from(partners).where(eq(partners.code, 'ihg'));
    const [member] = await db().select().from(members).where(eq(members.publicId, demoPublicId('ihg', 'select-card')));
    const [merchant] = await db().select({ id: merchants.id }).from(merchants).limit(1);
    const HOUR = 3_600_000;
    /** A claim filed `hours` before it was resolved at `resolvedAt`. */
    const resolvedClaim = (resolvedAt: string, hours: number, cents: number) => ({
      partnerId: ihg!.id, memberId: member!.id, cardType: 'Visa', cardLastFour: '4242', merchantId: merchant!.id, dineDate: '2025-01-02', amountCents: cents,
      status: 'Resolved', finding: 'rejected', resolution: 'rejected', resolutionNote: 'Median test',
      createdAt: new Date(Date.parse(resolvedAt) - hours * HOUR), resolvedAt: new Date(resolvedAt),
    });
    // 15 January: 1, 2 and 10 hours (median 2); 16 January: 1, 2, 4 and 10.5 hours (median 3).
    await db().insert(rewardClaims).values([
      resolvedClaim('2025-01-15T12:00:00Z', 1, 101), resolvedClaim('2025-01-15T13:00:00Z', 2, 102), resolvedClaim('2025-01-15T14:00:00Z', 10, 103),
      resolvedClaim('2025-01-16T12:00:00Z', 1, 104), resolvedClaim('2025-01-16T13:00:00Z', 2, 105), resolvedClaim('2025-01-16T14:00:00Z', 4, 106), resolvedClaim('2025-01-16T15:00:00Z', 10.5, 107),
    ]);
    const r = await partnerReport(db(), ihg!, { from: '2025-01-15', to: '2025-01-17' });
    expect(r.days.map((d) => [d.date, d.claimsResolved, d.medianResolutionHours])).toEqual([
      ['2025-01-15', 3, 2], ['2025-01-16', 4, 3], ['2025-01-17', 0, null],
    ]);
    // The range's median is of all seven (1, 1, 2, 2, 4, 10, 10.5), not a median of the days' medians.
    expect(r.totals).toMatchObject({ claimsResolved: 7, medianResolutionHours: 2 });
    const one = await partnerReport(db(), ihg!, { from: '2025-01-16', to: '2025-01-16' });
    expect(one.totals.medianResolutionHours).toBe(3);
  });
});
