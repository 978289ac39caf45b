import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { memberFavorites, merchants } from '../../db/schema';
import { demoPublicId } from '../../demo/members';
import { memberByPublicId } from '../rewards/rewards.test-fixtures';
import { FAVORITES_LIMIT, type FavoriteList, type FavoritePutResponse } from '#shared/schemas/favorites';
import { FAVORITE_MERCHANT_NOT_FOUND, FAVORITES_FULL, FAVORITES_NOT_OFFERED } from './favorites.service';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

async function signedIn(partner: string, slug: string): Promise<TestBrowser> {
  const b = new TestBrowser(t, partner);
  expect((await b.signInAs(demoPublicId(partner, slug))).statusCode).toBe(200);
  return b;
}
const member = (partner: string, slug: string) => memberByPublicId(t.database.db, demoPublicId(partner, slug));
const put = (b: TestBrowser, id: number | string, opts: { csrf?: boolean; host?: string } = {}) => b.send({ method: 'PUT', url: `/api/Member/Favorites/${id}`, ...opts });
const del = (b: TestBrowser, id: number | string, opts: { csrf?: boolean; host?: string } = {}) => b.send({ method: 'DELETE', url: `/api/Member/Favorites/${id}`, ...opts });
const list = async (b: TestBrowser) => {
  const res = await b.send({ method: 'GET', url: '/api/Member/Favorites' });
  expect(res.statusCode).toBe(200);
  return res.json<FavoriteList>();
};
const ids = (l: FavoriteList) => l.favorites.map((f) => f.merchant.id);

describe('favourites', () => {
  it('adds idempotently, lists newest first with the restaurant tile, removes idempotently', async () => {
    const b = await signedIn('hilton', 'select-card');
    expect(await list(b)).toEqual({ favorites: [], limit: FAVORITES_LIMIT });

    const first = await put(b, 21);
    expect(first.statusCode).toBe(201);
    const added = first.json<FavoritePutResponse>();
    expect(added).toMatchObject({ merchantId: 21, created: true });
    const again = await put(b, 21);
    expect(again.statusCode).toBe(200);
    expect(again.json<FavoritePutResponse>()).toEqual({ merchantId: 21, addedAt: added.addedAt, created: false });
    expect((await put(b, 22)).statusCode).toBe(201);

    const l = await list(b);
    expect(ids(l)).toEqual([22, 21]);
    const [row] = await t.database.db.select().from(merchants).where(eq(merchants.id, 21));
    expect(l.favorites[1]).toEqual({
      addedAt: added.addedAt,
      merchant: expect.objectContaining({ id: 21, name: row!.name, distance: null, location: expect.objectContaining({ latitude: row!.latitude }) }),
    });

    const gone = await del(b, 21);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ merchantId: 21, removed: true });
    expect((await del(b, 21)).json()).toEqual({ merchantId: 21, removed: false });
    expect(ids(await list(b))).toEqual([22]);
  });

  it('keeps one row however many parallel adds of one restaurant', async () => {
    const b = await signedIn('hilton', 'basic-card');
    await b.fetchToken();
    const answers = await Promise.all(Array.from({ length: 8 }, () => put(b, 31)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const m = await member('hilton', 'basic-card');
    expect(await t.database.db.select().from(memberFavorites).where(eq(memberFavorites.memberId, m.id))).toHaveLength(1);
  });

  it(`refuses a favourite past ${FAVORITES_LIMIT} with a readable 409, even in parallel, and takes one again after a removal`, async () => {
    const b = await signedIn('hilton', 'vip-card');
    const m = await member('hilton', 'vip-card');
    // Set-up: the member already keeps LIMIT − 2 favourites (restaurants 1001…).
    const existing = Array.from({ length: FAVORITES_LIMIT - 2 }, (_, i) => ({ memberId: m.id, merchantId: 1001 + i }));
    await t.database.db.insert(memberFavorites).values(existing);
    await b.fetchToken();
    const answers = await Promise.all([41, 42, 43, 44].map((id) => put(b, id)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409]);
    const refused = answers.find((r) => r.statusCode === 409)!;
    expect(refused.json().message).toBe(FAVORITES_FULL);
    expect((await list(b)).favorites).toHaveLength(FAVORITES_LIMIT);
    // A favourite already kept is still fine at the limit (idempotent), and a removal makes room.
    expect((await put(b, 1001)).statusCode).toBe(200);
    const refusedId = [41, 42, 43, 44].find((id, i) => answers[i]!.statusCode === 409)!;
    expect((await del(b, 1001)).statusCode).toBe(200);
    expect((await put(b, refusedId)).statusCode).toBe(201);
    await t.database.db.delete(memberFavorites).where(eq(memberFavorites.memberId, m.id));
  });

  it('keeps members apart: another member neither sees nor removes them', async () => {
    const sam = await signedIn('hilton', 'select-card');
    expect((await put(sam, 51)).statusCode).toBe(201);
    const other = await signedIn('hilton', 'nonactivated-card');
    expect(ids(await list(other))).not.toContain(51);
    expect((await del(other, 51)).json()).toEqual({ merchantId: 51, removed: false });
    expect(ids(await list(sam))).toContain(51);
  });

  it('answers 401 to a visitor and to a session of another partner, 404 where the partner has no favourites', async () => {
    const visitor = new TestBrowser(t, 'hilton');
    const anon = await visitor.send({ method: 'GET', url: '/api/Member/Favorites' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().message).toBe('Please sign in to continue.');
    expect((await put(visitor, 21)).statusCode).toBe(401);
    expect((await del(visitor, 21)).statusCode).toBe(401);
    // Bad input from a visitor: still 401 (nothing about the input is read first).
    expect((await put(visitor, 'abc')).statusCode).toBe(401);

    // The hilton member's cookie on another partner's host (jetblue has favourites) is no session there.
    const own = await signedIn('hilton', 'select-card');
    const elsewhere = new TestBrowser(t, 'jetblue');
    for (const [k, v] of own.cookies) elsewhere.cookies.set(k, v);
    expect((await elsewhere.send({ method: 'GET', url: '/api/Member/Favorites' })).statusCode).toBe(401);
    expect((await put(elsewhere, 21)).statusCode).toBe(401);

    // IHG has no merchant favourites: 404 for its own member and for visitors, with a message.
    const ihg = await signedIn('ihg', 'select-card');
    const none = await ihg.send({ method: 'GET', url: '/api/Member/Favorites' });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(FAVORITES_NOT_OFFERED);
    expect((await put(ihg, 21)).statusCode).toBe(404);
    expect((await del(ihg, 21)).statusCode).toBe(404);
    expect((await new TestBrowser(t, 'ihg').send({ method: 'GET', url: '/api/Member/Favorites' })).statusCode).toBe(404);
    const m = await member('ihg', 'select-card');
    expect(await t.database.db.select().from(memberFavorites).where(eq(memberFavorites.memberId, m.id))).toEqual([]);
  });

  it('checks the anti-forgery token before anything else', async () => {
    const b = await signedIn('hilton', 'select-card');
    expect((await put(b, 61, { csrf: false })).statusCode).toBe(403);
    expect((await put(b, 'not-a-number', { csrf: false })).statusCode).toBe(403);
    expect((await del(b, 61, { csrf: false })).statusCode).toBe(403);
    expect((await new TestBrowser(t, 'hilton').send({ method: 'PUT', url: '/api/Member/Favorites/61', csrf: false })).statusCode).toBe(403);
    expect(ids(await list(b))).not.toContain(61);
  });

  it.each([
    ['abc', 'Merchant id must be a number.'],
    ['1.5', 'Merchant id must be a whole number.'],
    ['0', 'Merchant id must be positive.'],
    ['99999999999', 'Merchant id is too large.'],
  ])('400 for merchant id %s', async (id, message) => {
    const b = await signedIn('hilton', 'select-card');
    for (const res of [await put(b, id), await del(b, id)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toContainEqual({ field: 'merchantId', message });
    }
  });

  it('404 for a restaurant that does not exist', async () => {
    const b = await signedIn('hilton', 'select-card');
    const res = await put(b, 2_000_000);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(FAVORITE_MERCHANT_NOT_FOUND);
    const m = await member('hilton', 'select-card');
    expect(await t.database.db.select().from(memberFavorites).where(inArray(memberFavorites.merchantId, [2_000_000]))).toEqual([]);
    expect(m).toBeTruthy();
  });
});
