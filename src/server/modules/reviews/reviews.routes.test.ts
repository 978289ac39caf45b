import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { merchantReviews, merchantReviewTotals, merchants } from '../../db/schema';
import { demoPublicId } from '../../demo/members';
import { insertDine, insertReward, memberByPublicId } from '../rewards/rewards.test-fixtures';
import type { CreateReviewResponse, MerchantReviewsPage, ReviewableDine, ReviewStatus } from '#shared/schemas/reviews';
import type { MerchantSearchResponse } from '#shared/schemas/merchant';
import { REVIEW_LINK_MESSAGES } from '#shared/rules/review-link';
import { ZMerchantSearchRequest } from '#shared/schemas/merchant';
import { MerchantSearch } from '../merchants/merchants.service';
import { ALREADY_REVIEWED, VISIT_NOT_FOUND } from './reviews.service';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const DAY = 86_400_000;
/** A New York dinner `days` ago at 19:45 local (the offset kept fixed; the rule reads it from the text). */
function localDaysAgo(days: number): string {
  const d = new Date(Date.now() - 5 * 3_600_000 - days * DAY).toISOString().slice(0, 10);
  return `${d}T19:45:00-05:00`;
}

async function signedIn(partner: string, slug: string): Promise<TestBrowser> {
  const b = new TestBrowser(t, partner);
  expect((await b.signInAs(demoPublicId(partner, slug))).statusCode).toBe(200);
  return b;
}
const member = (partner: string, slug: string) => memberByPublicId(t.database.db, demoPublicId(partner, slug));
const good = { food: 5, service: 4, ambience: 4, value: 3, comment: '  Lovely pasta, friendly staff.  ' };
const post = (b: TestBrowser, payload: object, opts: { csrf?: boolean; host?: string } = {}) =>
  b.send({ method: 'POST', url: '/api/reviews', payload, ...opts });
const status = (b: TestBrowser, ids: string[], host?: string) =>
  b.send({ method: 'GET', url: `/api/reviews/status?${ids.map((id) => `txnId=${encodeURIComponent(id)}`).join('&')}`, ...(host ? { host } : {}) });

/** A restaurant of its own per test, so figures do not mix; its seeded figures are set here. */
async function freshMerchant(id: number, figures: { rating: number; count: number; recommend: number | null }) {
  await t.database.db.update(merchants).set({
    ratingOverall: figures.rating, ratingCount: figures.count,
    reviewsSummary: figures.recommend === null ? null : { highlights: ['Great pasta'], recommendPercent: figures.recommend, reviews: [] },
  }).where(eq(merchants.id, id));
  return id;
}

describe('POST /api/reviews', () => {
  it('writes the diner\'s review once, trimmed, and blends it into the restaurant\'s rating, count and recommend share', async () => {
    const merchantId = await freshMerchant(11, { rating: 4, count: 9, recommend: 80 });
    const m = await member('hilton', 'select-card');
    const { dine } = await insertDine(t.database.db, m, { merchantId, local: localDaysAgo(3), status: 'Awarded', reward: 120 });
    const b = await signedIn('hilton', 'select-card');
    const before = await status(b, [dine.transactionId]);
    expect(before.json()).toEqual([{ id: dine.transactionId, completed: false }]);

    const res = await post(b, { txnId: dine.transactionId, ...good });
    expect(res.statusCode).toBe(200);
    const body = res.json<CreateReviewResponse>();
    expect(body.review).toMatchObject({ authorName: 'Sam C.', verified: true, food: 5, service: 4, ambience: 4, value: 3, overall: 4, comment: 'Lovely pasta, friendly staff.', dinedIn: dine.localDate.slice(0, 7) });
    // (4 × 9 + 4) / 10 = 4; 10 ratings; recommending: 80% of 9 = 7, plus this one (overall 4) = 8 of 10.
    expect(body.merchant).toEqual({ id: merchantId, overallRating: 4, numberOfRatings: 10 });
    const [row] = await t.database.db.select().from(merchants).where(eq(merchants.id, merchantId));
    expect(row).toMatchObject({ ratingOverall: 4, ratingCount: 10 });
    expect(row!.reviewsSummary).toEqual({ highlights: ['Great pasta'], recommendPercent: 80, reviews: [] });

    expect((await status(b, [dine.transactionId])).json()).toEqual([{ id: dine.transactionId, completed: true }]);

    // A second review of the same dine: 409 with a clear message, nothing changes.
    const again = await post(b, { txnId: dine.transactionId, ...good, food: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_REVIEWED);
    expect(await t.database.db.select().from(merchantReviews).where(eq(merchantReviews.dineId, dine.id))).toHaveLength(1);
    const [after] = await t.database.db.select().from(merchants).where(eq(merchants.id, merchantId));
    expect(after!.ratingCount).toBe(10);
  });

  it('keeps the base figures of the first review and adds each later one to them', async () => {
    const merchantId = await freshMerchant(12, { rating: 3, count: 2, recommend: null });
    const sam = await member('hilton', 'select-card');
    const val = await member('hilton', 'vip-card');
    const d1 = await insertDine(t.database.db, sam, { merchantId, local: localDaysAgo(1), status: 'Paid' });
    const d2 = await insertDine(t.database.db, val, { merchantId, local: localDaysAgo(2), status: 'Pending' });
    const r1 = await post(await signedIn('hilton', 'select-card'), { txnId: d1.dine.transactionId, food: 5, service: 5, ambience: 5, value: 5 });
    expect(r1.json<CreateReviewResponse>().merchant).toEqual({ id: merchantId, overallRating: round2((3 * 2 + 5) / 3), numberOfRatings: 3 });
    const r2 = await post(await signedIn('hilton', 'vip-card'), { txnId: d2.dine.transactionId, food: 2, service: 3, ambience: 2, value: 1 });
    expect(r2.statusCode).toBe(200);
    expect(r2.json<CreateReviewResponse>().merchant).toEqual({ id: merchantId, overallRating: round2((3 * 2 + 5 + 2) / 4), numberOfRatings: 4 });
    const [totals] = await t.database.db.select().from(merchantReviewTotals).where(eq(merchantReviewTotals.merchantId, merchantId));
    expect(totals).toMatchObject({ baseCount: 2, baseRating: 3, baseRecommend: -1, reviewCount: 2, overallSum: 7, foodSum: 7, serviceSum: 8, ambienceSum: 7, valueSum: 6, recommendCount: 1 });
    // No recommend share before: the verified reviews' own (1 of 2).
    const [row] = await t.database.db.select().from(merchants).where(eq(merchants.id, merchantId));
    expect(row!.reviewsSummary).toEqual({ highlights: [], reviews: [], recommendPercent: 50 });
    expect(row!.ratingCount).toBe(4);

    // The public list: newest first, verified averages.
    const list = await t.request('ihg', { method: 'GET', url: `/api/merchants/${merchantId}/reviews?resultsPerPage=1` });
    expect(list.statusCode).toBe(200);
    const page = list.json<MerchantReviewsPage>();
    expect(page).toMatchObject({ totalResultSize: 2, totalPages: 2, verified: { count: 2, overall: 3.5, food: 3.5, service: 4, ambience: 3.5, value: 3 } });
    expect(page.data).toEqual([expect.objectContaining({ authorName: 'Val C.', overall: 2, verified: true, comment: '' })]);
    const page2 = (await t.request('ihg', { method: 'GET', url: `/api/merchants/${merchantId}/reviews?resultsPerPage=1&pageNo=2` })).json<MerchantReviewsPage>();
    expect(page2.data).toEqual([expect.objectContaining({ authorName: 'Sam C.', overall: 5 })]);
  });

  it('lets a manual row that names a dine be reviewed, once for the dine whichever row is used', async () => {
    const merchantId = await freshMerchant(13, { rating: 0, count: 0, recommend: null });
    const m = await member('hilton', 'basic-card');
    const { dine } = await insertDine(t.database.db, m, { merchantId, local: localDaysAgo(4), status: 'Forfeit', reason: 'blackoutDay' });
    const manual = await insertReward(t.database.db, m, { sourceCode: 'M', amount: 100, status: 'Awarded', dineId: dine.id });
    const b = await signedIn('hilton', 'basic-card');
    // The settle row is Forfeit: no review through it.
    const refused = await post(b, { txnId: dine.transactionId, ...good });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(REVIEW_LINK_MESSAGES.status);
    const ok = await post(b, { txnId: `M-${manual.id}`, ...good });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<CreateReviewResponse>().merchant).toEqual({ id: merchantId, overallRating: 4, numberOfRatings: 1 });
    expect((await status(b, [`M-${manual.id}`, dine.transactionId])).json()).toEqual([
      { id: `M-${manual.id}`, completed: true }, { id: dine.transactionId, completed: true },
    ]);
  });

  it('refuses a visit outside the §5 window, and rows that are not a dine', async () => {
    const m = await member('hilton', 'select-card');
    const old = await insertDine(t.database.db, m, { merchantId: 14, local: localDaysAgo(40), status: 'Awarded' });
    const deferred = await insertDine(t.database.db, m, { merchantId: 14, local: localDaysAgo(2), status: 'Deferred' });
    const bonus = await insertReward(t.database.db, m, { sourceCode: 'B', amount: 500, status: 'Awarded' });
    const b = await signedIn('hilton', 'select-card');
    const late = await post(b, { txnId: old.dine.transactionId, ...good });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(REVIEW_LINK_MESSAGES.windowClosed);
    expect((await post(b, { txnId: deferred.dine.transactionId, ...good })).json().message).toBe(REVIEW_LINK_MESSAGES.status);
    const notDine = await post(b, { txnId: `B-${bonus.id}`, ...good });
    expect(notDine.statusCode).toBe(404);
    expect(notDine.json().message).toBe(VISIT_NOT_FOUND);
    expect((await post(b, { txnId: 'no-such-transaction', ...good })).statusCode).toBe(404);
    expect(await t.database.db.select().from(merchantReviews).where(eq(merchantReviews.merchantId, 14))).toEqual([]);
  });

  it('answers 404 for another member\'s visit and 401 for a visitor or another partner\'s host; 403 without the token', async () => {
    const m = await member('hilton', 'select-card');
    const { dine } = await insertDine(t.database.db, m, { merchantId: 15, local: localDaysAgo(1), status: 'Awarded' });
    const other = await signedIn('hilton', 'vip-card');
    const res = await post(other, { txnId: dine.transactionId, ...good });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(VISIT_NOT_FOUND);
    const otherPartner = await signedIn('ihg', 'select-card');
    expect((await post(otherPartner, { txnId: dine.transactionId, ...good })).statusCode).toBe(404);
    // The diner's own cookie on another partner's host is no session there.
    const own = await signedIn('hilton', 'select-card');
    const elsewhere = new TestBrowser(t, 'ihg');
    for (const [k, v] of own.cookies) elsewhere.cookies.set(k, v);
    expect((await post(elsewhere, { txnId: dine.transactionId, ...good })).statusCode).toBe(401);
    const visitor = new TestBrowser(t, 'hilton');
    const anon = await post(visitor, { txnId: dine.transactionId, ...good });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().message).toBe('Please sign in to continue.');
    const noToken = await own.send({ method: 'POST', url: '/api/reviews', payload: { txnId: dine.transactionId, ...good }, csrf: false });
    expect(noToken.statusCode).toBe(403);
    // Even bad input without the token is 403: the token is checked first.
    expect((await own.send({ method: 'POST', url: '/api/reviews', payload: { food: 9 }, csrf: false })).statusCode).toBe(403);
    expect(await t.database.db.select().from(merchantReviews).where(eq(merchantReviews.dineId, dine.id))).toEqual([]);
  });

  it.each([
    [{ food: 0 }, 'food', 'Rate the food from 1 to 5 stars.'],
    [{ service: 6 }, 'service', 'Rate the service from 1 to 5 stars.'],
    [{ ambience: 2.5 }, 'ambience', 'Rate the ambience from 1 to 5 stars.'],
    [{ value: '4' }, 'value', 'Rate the value from 1 to 5 stars.'],
    [{ value: undefined }, 'value', 'Rate the value from 1 to 5 stars.'],
    [{ comment: 'x'.repeat(1001) }, 'comment', 'Keep the comment to 1000 characters or fewer.'],
    [{ comment: 42 }, 'comment', 'The comment must be text.'],
    [{ txnId: '' }, 'txnId', 'txnId must not be empty.'],
    [{ txnId: 'x'.repeat(65) }, 'txnId', 'txnId must be 64 characters or fewer.'],
    [{ txnId: 'a\u0000b' }, 'txnId', 'txnId must not contain control characters.'],
    [{ comment: 'nice\u0000' }, 'comment', 'Please remove special characters from the comment.'],
  ])('400 for bad input %j', async (change, field, message) => {
    const b = await signedIn('hilton', 'select-card');
    const res = await post(b, { txnId: 'anything', ...good, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toContainEqual({ field, message });
  });

  it('accepts a comment of exactly 1000 characters after trimming, line breaks kept', async () => {
    const m = await member('hilton', 'select-card');
    const { dine } = await insertDine(t.database.db, m, { merchantId: 16, local: localDaysAgo(0), status: 'Awarded' });
    const b = await signedIn('hilton', 'select-card');
    const res = await post(b, { txnId: dine.transactionId, ...good, comment: `   ${'y'.repeat(500)}\n\n${'z'.repeat(498)}   ` });
    expect(res.statusCode).toBe(200);
    expect(res.json<CreateReviewResponse>().review.comment).toHaveLength(1000);
    expect(res.json<CreateReviewResponse>().review.comment).toContain('y\n\nz');
  });

  it('updates the search tile at once', async () => {
    const merchantId = await freshMerchant(17, { rating: 2, count: 1, recommend: 0 });
    const [row] = await t.database.db.select().from(merchants).where(eq(merchants.id, merchantId));
    const search = async () => (await t.request('hilton', {
      method: 'GET', url: `/api/v2/Merchants/Search?latitude=${row!.latitude}&longitude=${row!.longitude}&radius=0.1&pageSize=100`,
    })).json<MerchantSearchResponse>().merchants.find((x) => x.id === merchantId);
    const m = await member('hilton', 'select-card');
    const { dine } = await insertDine(t.database.db, m, { merchantId, local: localDaysAgo(1), status: 'Awarded' });
    const res = await post(await signedIn('hilton', 'select-card'), { txnId: dine.transactionId, food: 4, service: 4, ambience: 4, value: 4 });
    expect(res.statusCode).toBe(200);
    expect((await search())?.details.rating).toEqual({ overallRating: 3, numberOfRatings: 2 });
  });

  it('reaches another instance\'s index on its next refresh', async () => {
    const merchantId = await freshMerchant(21, { rating: 5, count: 3, recommend: 100 });
    const [row] = await t.database.db.select().from(merchants).where(eq(merchants.id, merchantId));
    const other = new MerchantSearch(t.database.db);
    await other.refresh();
    const tile = () => other.search(ZMerchantSearchRequest.parse({ latitude: row!.latitude, longitude: row!.longitude, radius: 0.1, pageSize: 100 }))
      .merchants.find((x) => x.id === merchantId);
    expect(tile()?.details.rating).toEqual({ overallRating: 5, numberOfRatings: 3 });
    const m = await member('hilton', 'select-card');
    const { dine } = await insertDine(t.database.db, m, { merchantId, local: localDaysAgo(1), status: 'Awarded' });
    expect((await post(await signedIn('hilton', 'select-card'), { txnId: dine.transactionId, food: 1, service: 1, ambience: 1, value: 1 })).statusCode).toBe(200);
    const built = other.size;
    await other.refresh();
    expect(tile()?.details.rating).toEqual({ overallRating: 4, numberOfRatings: 4 });
    expect(other.size).toBe(built);
  });
});

describe('GET /api/reviews/status', () => {
  it('answers each distinct id once, in order; another member\'s or partner\'s reviewed dine is not completed', async () => {
    const m = await member('hilton', 'vip-card');
    const { dine } = await insertDine(t.database.db, m, { merchantId: 18, local: localDaysAgo(1), status: 'Awarded' });
    const owner = await signedIn('hilton', 'vip-card');
    expect((await post(owner, { txnId: dine.transactionId, ...good })).statusCode).toBe(200);
    expect((await status(owner, [dine.transactionId, 'unknown', dine.transactionId])).json<ReviewStatus[]>()).toEqual([
      { id: dine.transactionId, completed: true }, { id: 'unknown', completed: false },
    ]);
    const other = await signedIn('hilton', 'select-card');
    expect((await status(other, [dine.transactionId])).json()).toEqual([{ id: dine.transactionId, completed: false }]);
    const otherPartner = await signedIn('ihg', 'vip-card');
    expect((await status(otherPartner, [dine.transactionId])).json()).toEqual([{ id: dine.transactionId, completed: false }]);
  });

  it('asks to sign in (visitor, or another partner\'s host) and refuses bad input', async () => {
    expect((await status(new TestBrowser(t, 'hilton'), ['a'])).statusCode).toBe(401);
    const b = await signedIn('hilton', 'select-card');
    expect((await status(b, ['a'], 'ihg')).statusCode).toBe(401);
    const none = await b.send({ method: 'GET', url: '/api/reviews/status' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Give at least one txnId.');
    const tooMany = await status(b, Array.from({ length: 101 }, (_, i) => `t${i}`));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Ask about 100 transactions or fewer at once.');
    expect((await status(b, Array.from({ length: 100 }, (_, i) => `t${i}`))).statusCode).toBe(200);
    expect((await status(b, ['x'.repeat(65)])).json().message).toBe('txnId must be 64 characters or fewer.');
    expect((await b.send({ method: 'GET', url: '/api/reviews/status?txnId=' })).statusCode).toBe(400);
    expect((await b.send({ method: 'GET', url: '/api/reviews/status?txnId=a%00b' })).statusCode).toBe(400);
  });
});

describe('GET /api/reviews/dines/{txnId}', () => {
  it('describes the member\'s own visit for the form, and whether it may be reviewed', async () => {
    const m = await member('hilton', 'select-card');
    const { dine } = await insertDine(t.database.db, m, { merchantId: 19, local: localDaysAgo(5), status: 'Awarded' });
    const b = await signedIn('hilton', 'select-card');
    const res = await b.send({ method: 'GET', url: `/api/reviews/dines/${dine.transactionId}` });
    expect(res.statusCode).toBe(200);
    const [merchant] = await t.database.db.select().from(merchants).where(eq(merchants.id, 19));
    expect(res.json<ReviewableDine>()).toEqual({
      txnId: dine.transactionId, merchantId: 19, merchantName: merchant!.name, dinedAt: localDaysAgo(5), review: null, reviewable: true, problem: null,
    });
    await post(b, { txnId: dine.transactionId, ...good });
    const after = (await b.send({ method: 'GET', url: `/api/reviews/dines/${dine.transactionId}` })).json<ReviewableDine>();
    expect(after).toMatchObject({ reviewable: false, problem: ALREADY_REVIEWED, review: { food: 5, comment: 'Lovely pasta, friendly staff.' } });
    expect((await (await signedIn('hilton', 'vip-card')).send({ method: 'GET', url: `/api/reviews/dines/${dine.transactionId}` })).statusCode).toBe(404);
    expect((await (await signedIn('ihg', 'select-card')).send({ method: 'GET', url: `/api/reviews/dines/${dine.transactionId}` })).statusCode).toBe(404);
    expect((await new TestBrowser(t, 'hilton').send({ method: 'GET', url: `/api/reviews/dines/${dine.transactionId}` })).statusCode).toBe(401);
    expect((await b.send({ method: 'GET', url: `/api/reviews/dines/${'z'.repeat(65)}` })).statusCode).toBe(400);
  });
});

describe('GET /api/merchants/{merchantId}/reviews', () => {
  it('is public, paged and validated', async () => {
    const empty = await t.request('hilton', { method: 'GET', url: '/api/merchants/20/reviews' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ verified: null, data: [], totalResultSize: 0, totalPages: 0 });
    expect((await t.request('hilton', { method: 'GET', url: '/api/merchants/99999999/reviews' })).statusCode).toBe(404);
    for (const q of ['pageNo=0', 'pageNo=x', 'resultsPerPage=51', 'resultsPerPage=0', 'pageNo=1.5']) {
      expect((await t.request('hilton', { method: 'GET', url: `/api/merchants/20/reviews?${q}` })).statusCode, q).toBe(400);
    }
    expect((await t.request('hilton', { method: 'GET', url: '/api/merchants/abc/reviews' })).statusCode).toBe(400);
  });
});

function round2(n: number) {
  return Math.round(n * 100) / 100;
}
