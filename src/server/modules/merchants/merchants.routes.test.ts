import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import type { MerchantSearchResponse, MerchantDetail } from '#shared/schemas/merchant';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const search = (query: string, partner = 'delta') => t.request(partner, { method: 'GET', url: `/api/v2/Merchants/Search?${query}` });

describe('GET /api/v2/Merchants/Search', () => {
  it('finds restaurants near a ZIP code, nearest first, with distances in miles', async () => {
    const res = await search('location=10001');
    expect(res.statusCode).toBe(200);
    const body = res.json<MerchantSearchResponse>();
    expect(body.totalCount).toBeGreaterThan(0);
    expect(body.location.label).toBe('New York, NY 10001');
    expect(body.merchants.length).toBeLessThanOrEqual(20);
    const distances = body.merchants.map((m) => m.distance ?? Infinity);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(25);
    expect(body.totalPages).toBe(Math.ceil(body.totalCount / 20));
  });

  it('accepts "City, ST", a bare city and coordinates', async () => {
    for (const q of ['location=Chicago%2C%20IL', 'location=chicago', 'latitude=41.88&longitude=-87.63']) {
      const res = await search(q);
      expect(res.statusCode, q).toBe(200);
      const body = res.json<MerchantSearchResponse>();
      expect(body.totalCount, q).toBeGreaterThan(0);
      expect(body.merchants.length, q).toBeGreaterThan(0);
      expect(body.merchants.every((m) => m.location.address.state === 'IL' || m.location.address.state === 'IN'), q).toBe(true);
    }
  });

  it('filters by price, features, meals, new, acclaimed, reservations, benefits and campaign code', async () => {
    const NY = 'location=New%20York%2C%20NY&radius=50&pageSize=100';
    /** A filtered search: some restaurants, fewer than unfiltered, so "every result matches" means something. */
    const filtered = async (filter: string) => {
      const res = await search(`${NY}&${filter}`);
      expect(res.statusCode, filter).toBe(200);
      const body = res.json<MerchantSearchResponse>();
      expect(body.merchants.length, filter).toBeGreaterThan(0);
      expect(body.totalCount, filter).toBeLessThan(all.totalCount);
      return body;
    };
    const detail = async (id: number) => (await t.request('delta', { method: 'GET', url: `/api/merchants/${id}` })).json<MerchantDetail>();

    const all = (await search(NY)).json<MerchantSearchResponse>();
    expect(all.merchants.length).toBeGreaterThan(0);

    const cheap = await filtered('priceRange=1&priceRange=2');
    expect(cheap.merchants.length).toBeGreaterThan(0);
    expect(cheap.merchants.every((m) => m.details.priceRange <= 2)).toBe(true);
    const comma = await filtered('priceRange=1,2');
    expect(comma.totalCount).toBe(cheap.totalCount);

    // Features and meals are on the restaurant's page: look at the first few found.
    const delivery = await filtered('features=delivery&features=takeout');
    for (const m of delivery.merchants.slice(0, 3)) expect((await detail(m.id)).features).toEqual(expect.arrayContaining(['delivery', 'takeout']));
    const breakfast = await filtered('mealsServed=breakfast');
    for (const m of breakfast.merchants.slice(0, 3)) expect((await detail(m.id)).mealsServed).toContain('breakfast');

    const fresh = await filtered('isNew=true');
    expect(fresh.merchants.length).toBeGreaterThan(0);
    expect(fresh.merchants.every((m) => m.isNew)).toBe(true);
    const acclaimed = await filtered('acclaimed=true');
    expect(acclaimed.merchants.length).toBeGreaterThan(0);
    expect(acclaimed.merchants.every((m) => m.acclaimedLevel !== null)).toBe(true);
    const booking = await filtered('reservations=true');
    expect(booking.merchants.length).toBeGreaterThan(0);
    expect(booking.merchants.every((m) => m.reservationProviders.openTable)).toBe(true);
    const available = await filtered('benefitsFor=true');
    expect(available.merchants.length).toBeGreaterThan(0);
    expect(available.merchants.every((m) => m.benefitAvailability.available)).toBe(true);

    const code = all.merchants.flatMap((m) => m.benefitAvailability.campaignCodes)[0];
    expect(code, 'a restaurant near New York with a campaign code').toBeDefined();
    const coded = await filtered(`campaignCode=${code!}`);
    expect(coded.merchants.length).toBeGreaterThan(0);
    expect(coded.merchants.every((m) => m.benefitAvailability.campaignCodes.includes(code!))).toBe(true);
  });

  it('matches a restaurant name or a cuisine', async () => {
    const body = (await search('location=New%20York%2C%20NY&radius=50&restaurantOrCuisine=pizza&pageSize=100')).json<MerchantSearchResponse>();
    expect(body.totalCount).toBeGreaterThan(0);
    expect(body.merchants.length).toBeGreaterThan(0);
    expect(body.merchants.every((m) => /pizza/i.test(m.name) || m.details.cuisines.some((c) => /pizza/i.test(c)))).toBe(true);
    const first = body.merchants[0]!;
    const byName = (await search(`location=New%20York%2C%20NY&radius=50&restaurantOrCuisine=${encodeURIComponent(first.name)}`)).json<MerchantSearchResponse>();
    expect(byName.merchants.map((m) => m.id)).toContain(first.id);
  });

  it('sorts by rating, name and price, and pages without overlap', async () => {
    const sorted = async (sortBy: string) => {
      const body = (await search(`location=10001&sortBy=${sortBy}&pageSize=50`)).json<MerchantSearchResponse>();
      // More than one, or any order passes.
      expect(body.merchants.length, sortBy).toBeGreaterThan(1);
      return body.merchants;
    };
    const ratings = (await sorted('rating')).map((m) => m.details.rating.overallRating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(new Set(ratings).size).toBeGreaterThan(1);
    const names = (await sorted('name')).map((m) => m.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const pricesHigh = (await sorted('priceHigh')).map((m) => m.details.priceRange);
    expect(pricesHigh).toEqual([...pricesHigh].sort((a, b) => b - a));
    expect(new Set(pricesHigh).size).toBeGreaterThan(1);
    const pricesLow = (await sorted('priceLow')).map((m) => m.details.priceRange);
    expect(pricesLow).toEqual([...pricesLow].sort((a, b) => a - b));
    const p1 = (await search('location=10001&pageSize=5&pageNo=1')).json<MerchantSearchResponse>();
    const p2 = (await search('location=10001&pageSize=5&pageNo=2')).json<MerchantSearchResponse>();
    expect(p1.merchants).toHaveLength(5);
    expect(p2.merchants).toHaveLength(5);
    expect(p2.pageNo).toBe(2);
    const ids1 = new Set(p1.merchants.map((m) => m.id));
    expect(p2.merchants.some((m) => ids1.has(m.id))).toBe(false);
  });

  it('answers a page past the end with no merchants and the true total', async () => {
    const body = (await search('location=10001&pageNo=9999')).json<MerchantSearchResponse>();
    expect(body.merchants).toEqual([]);
    expect(body.totalCount).toBeGreaterThan(0);
  });

  it.each([
    ['', 'location', 'Enter city, state or ZIP code.'],
    ['location=Current%20Location', 'location', 'Enter city, state or ZIP code.'],
    ['location=Xyzzyville', 'location', 'We couldn\'t find "Xyzzyville". Enter city, state or ZIP code.'],
    ['location=10001&priceRange=7', 'priceRange.0', 'Price range is 1 to 4.'],
    ['location=10001&pageSize=1000', 'pageSize', 'Page size is at most 100.'],
    ['location=10001&pageNo=0', 'pageNo', 'Page number starts at 1.'],
    ['location=10001&pageNo=abc', 'pageNo', 'Page number must be a number.'],
    ['location=10001&sortBy=cheapest', 'sortBy', 'Sort by one of: distance, rating, name, priceLow, priceHigh.'],
    ['location=10001&isNew=maybe', 'isNew', 'Use true or false.'],
    ['location=10001&features=teleport', 'features.0', 'Features must be among: delivery, dineIn, takeout, onlineOrdering.'],
    ['latitude=91&longitude=0', 'latitude', 'Latitude must be between -90 and 90.'],
    ['latitude=40', 'longitude', 'Give both latitude and longitude.'],
    ['location=10001&radius=500', 'radius', 'Radius must be 100 miles or less.'],
    ['location=10001&campaignCode=%3Cscript%3E', 'campaignCode', 'Campaign code may contain letters, digits, - and _ only.'],
    [`location=${'x'.repeat(101)}`, 'location', 'Location must be 100 characters or fewer.'],
  ])('rejects bad input %s with 400 and a field error', async (query, field, message) => {
    const res = await search(query);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; fieldErrors: Array<{ field: string; message: string }> }>();
    expect(body.fieldErrors).toContainEqual({ field, message });
    expect(body.message).toContain(message);
  });

  it('answers a repeated query string as the first time, and a refused one is refused again', async () => {
    const q = 'location=Chicago%2C%20IL&sortBy=rating&pageSize=7';
    const first = await search(q);
    const again = await search(q);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    for (let i = 0; i < 2; i++) expect((await search('location=10001&pageSize=1000')).statusCode).toBe(400);
    // Another partner's host: the partner hook runs before any cached answer.
    expect((await search(q, 'nobody')).statusCode).toBe(404);
  });

  it('is the same catalogue on every partner site', async () => {
    const a = (await search('location=10001', 'delta')).json<MerchantSearchResponse>();
    const b = (await search('location=10001', 'hilton')).json<MerchantSearchResponse>();
    expect(b.merchants.map((m) => m.id)).toEqual(a.merchants.map((m) => m.id));
  });

  it('refuses an unknown partner host', async () => {
    const res = await search('location=10001', 'nobody');
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toBe('There is no partner site at this address.');
  });
});

describe('GET /api/merchants/:merchantId', () => {
  it('returns every detail of a restaurant', async () => {
    const first = (await search('location=10001')).json<MerchantSearchResponse>().merchants[0]!;
    const res = await t.request('delta', { method: 'GET', url: `/api/merchants/${first.id}` });
    expect(res.statusCode).toBe(200);
    const d = res.json<MerchantDetail>();
    expect(d.id).toBe(first.id);
    expect(d.name).toBe(first.name);
    expect(d.hours).toHaveLength(7);
    expect(d.description.length).toBeGreaterThan(10);
    expect(Array.isArray(d.menuImages)).toBe(true);
  });

  it('answers 404 with a readable message for an unknown id, 400 for a malformed one', async () => {
    const missing = await t.request('delta', { method: 'GET', url: '/api/merchants/99999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toMatch(/could not find that restaurant/);
    for (const bad of ['abc', '-1', '1.5', '99999999999']) {
      const res = await t.request('delta', { method: 'GET', url: `/api/merchants/${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<{ fieldErrors: unknown[] }>().fieldErrors.length).toBeGreaterThan(0);
    }
  });
});
