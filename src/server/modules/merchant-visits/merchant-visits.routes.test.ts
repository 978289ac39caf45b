import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { merchants } from '../../db/schema';
import { demoPublicId } from '../../demo/members';
import { insertDine, memberByPublicId } from '../rewards/rewards.test-fixtures';
import { localNow } from '#shared/rules/local-now';
import type { MerchantDetail, MerchantVisits } from '#shared/schemas/merchant';
import { memberVisits, VISITS_MERCHANT_NOT_FOUND } from './merchant-visits.routes';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

async function signedIn(partner: string, slug: string): Promise<TestBrowser> {
  const b = new TestBrowser(t, partner);
  expect((await b.signInAs(demoPublicId(partner, slug))).statusCode).toBe(200);
  return b;
}
const member = (partner: string, slug: string) => memberByPublicId(t.database.db, demoPublicId(partner, slug));
const visits = (b: TestBrowser, id: number | string) => b.send({ method: 'GET', url: `/api/Member/merchants/${id}/visits` });

/** A New York restaurant of its own with a monthly limit. */
async function place(id: number, limit: number | null) {
  await t.database.db.update(merchants).set({ state: 'NY', monthlyVisitLimit: limit }).where(eq(merchants.id, id));
  return id;
}
const thisMonth = () => localNow(new Date(), 'America/New_York').date.slice(0, 7);
/** A lunch on the first of a month in New York (offset kept fixed; the count reads the local date). */
const firstOf = (month: string) => `${month}-01T12:00:00-05:00`;
function lastMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

describe('GET /api/Member/merchants/{merchantId}/visits', () => {
  it("counts the member's own rewarded visits here this month, against the limit", async () => {
    const id = await place(71, 2);
    const month = thisMonth();
    const sam = await member('hilton', 'select-card');
    const val = await member('hilton', 'vip-card');
    await insertDine(t.database.db, sam, { merchantId: id, local: firstOf(month), status: 'Awarded' });
    // Not counted: a dine that did not qualify, last month's, another restaurant's, another member's.
    await insertDine(t.database.db, sam, { merchantId: id, local: firstOf(month), status: 'Forfeit', reason: 'outsideBenefitHours' });
    await insertDine(t.database.db, sam, { merchantId: id, local: firstOf(lastMonth(month)), status: 'Paid' });
    await insertDine(t.database.db, sam, { merchantId: 72, local: firstOf(month), status: 'Awarded' });
    await insertDine(t.database.db, val, { merchantId: id, local: firstOf(month), status: 'Awarded' });
    await insertDine(t.database.db, val, { merchantId: id, local: firstOf(month), status: 'Paid' });

    const res = await visits(await signedIn('hilton', 'select-card'), id);
    expect(res.statusCode).toBe(200);
    expect(res.json<MerchantVisits>()).toEqual({ merchantId: id, month, used: 1, limit: 2 });
    expect((await visits(await signedIn('hilton', 'vip-card'), id)).json<MerchantVisits>()).toEqual({ merchantId: id, month, used: 2, limit: 2 });
    // Another partner's member: their own count (none here).
    expect((await visits(await signedIn('ihg', 'select-card'), id)).json<MerchantVisits>()).toEqual({ merchantId: id, month, used: 0, limit: 2 });
  });

  it("uses the restaurant's local month: a New York dinner at 23:30 on the last of a month counts for that month", async () => {
    const id = await place(73, null);
    const m = await member('hilton', 'basic-card');
    await insertDine(t.database.db, m, { merchantId: id, local: '2026-10-31T23:30:00-04:00', status: 'Awarded' });
    // 04:00 UTC on 1 November is still 31 October in New York.
    expect(await memberVisits(t.database.db, m.id, id, new Date('2026-11-01T03:59:00Z'))).toEqual({ merchantId: id, month: '2026-10', used: 1, limit: null });
    expect(await memberVisits(t.database.db, m.id, id, new Date('2026-11-01T04:30:00Z'))).toEqual({ merchantId: id, month: '2026-11', used: 0, limit: null });
  });

  it('401 for a visitor and for another partner\'s session, 404 for an unknown restaurant, 400 for a bad id', async () => {
    const visitor = new TestBrowser(t, 'hilton');
    const anon = await visits(visitor, 71);
    expect(anon.statusCode).toBe(401);
    expect(anon.json().message).toBe('Please sign in to continue.');
    expect((await visits(visitor, 'abc')).statusCode).toBe(401);
    const own = await signedIn('hilton', 'select-card');
    const elsewhere = new TestBrowser(t, 'ihg');
    for (const [k, v] of own.cookies) elsewhere.cookies.set(k, v);
    expect((await visits(elsewhere, 71)).statusCode).toBe(401);
    const missing = await visits(own, 2_000_000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(VISITS_MERCHANT_NOT_FOUND);
    const bad = await visits(own, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toContainEqual({ field: 'merchantId', message: 'Merchant id must be a number.' });
    expect((await visits(own, '-3')).statusCode).toBe(400);
  });
});

describe('GET /api/merchants/{merchantId}: what the page words', () => {
  it('gives the qualification data in the restaurant\'s zone with only upcoming blackout dates, and its ordering pages', async () => {
    const today = localNow(new Date(), 'America/Los_Angeles').date;
    const year = Number(today.slice(0, 4));
    await t.database.db.update(merchants).set({
      state: 'CA', participating: true, participationStart: null, participationEnd: `${year + 1}-06-30`, monthlyVisitLimit: 3,
      benefitHours: Array.from({ length: 7 }, (_, d) => (d === 5 ? [] : [{ start: 660, end: 900 }])),
      blackoutDates: [`${year - 1}-12-25`, `${year + 1}-12-25`, `${year + 1}-01-01`],
      orderOnline: { delivery: null, takeout: 'https://order.example.com/x?mode=takeout' },
    }).where(eq(merchants.id, 74));
    const res = await t.request('hilton', { method: 'GET', url: '/api/merchants/74' });
    expect(res.statusCode).toBe(200);
    const detail = res.json<MerchantDetail>();
    expect(detail.benefits).toEqual({
      timeZone: 'America/Los_Angeles', participating: true, participationStart: null, participationEnd: `${year + 1}-06-30`, monthlyVisitLimit: 3,
      benefitHours: Array.from({ length: 7 }, (_, d) => (d === 5 ? [] : [{ start: 660, end: 900 }])),
      blackoutDates: [`${year + 1}-01-01`, `${year + 1}-12-25`],
    });
    expect(detail.orderOnline).toEqual({ delivery: null, takeout: 'https://order.example.com/x?mode=takeout' });
    // No ordering page at all reads as no online orders.
    await t.database.db.update(merchants).set({ orderOnline: { delivery: null, takeout: null } }).where(eq(merchants.id, 74));
    expect((await t.request('hilton', { method: 'GET', url: '/api/merchants/74' })).json<MerchantDetail>().orderOnline).toBeNull();
  });
});
