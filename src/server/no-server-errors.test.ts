import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** Deterministic generator of hostile values: odd unicode, huge numbers, injection attempts, arrays. */
function* hostileValues(): Generator<string> {
  yield* ['', ' ', '%00', '%FF', '%E0%A4%A', '\u0000', '-0', 'NaN', 'Infinity', '1e309', '9'.repeat(400), '-1', '0x10', '[]', '{}', 'null',
    "' or 1=1 --", '<script>alert(1)</script>', '../../etc/passwd', '%2e%2e%2f', 'true,false,maybe', ',,,', '😀'.repeat(60), 'a'.repeat(5000)];
  let seed = 7;
  for (let i = 0; i < 40; i++) {
    let s = '';
    for (let j = 0; j < (i % 17) + 1; j++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      s += String.fromCharCode(32 + (seed % 95));
    }
    yield encodeURIComponent(s);
  }
}

const SEARCH_PARAMS = ['location', 'latitude', 'longitude', 'radius', 'restaurantOrCuisine', 'acclaimed', 'benefitsFor', 'features', 'isNew', 'mealsServed', 'priceRange', 'reservations', 'sortBy', 'pageNo', 'pageSize', 'campaignCode'];

describe('no input produces a server error', () => {
  it('search, detail, content and flags answer 2xx or 4xx to hostile input', async () => {
    const statuses = new Set<number>();
    for (const value of hostileValues()) {
      const urls = [
        ...SEARCH_PARAMS.map((p) => `/api/v2/Merchants/Search?location=10001&${p}=${value}`),
        `/api/v2/Merchants/Search?${value}`,
        `/api/merchants/${value || '%20'}`,
        `/api/cms/pages/${value || '%20'}/`,
        `/api/cms/pages/home/?page_size=${value}&page=${value}&preview=${value}`,
        `/api/feature-flags?${value}`,
      ];
      for (const url of urls) {
        const res = await t.request('delta', { method: 'GET', url });
        statuses.add(res.statusCode);
        expect(res.statusCode, url).toBeLessThan(500);
        // A refusal says why.
        expect(res.statusCode < 400 || res.json<{ message: string }>().message.length > 0, `${url}: a refusal with no message`).toBe(true);
      }
    }
    expect(statuses.has(400)).toBe(true);
  });

  it('impressions answer 4xx to hostile bodies', async () => {
    const { cookie, token } = await t.csrf('delta');
    const bodies: unknown[] = [null, 0, 'text', [], [null], [{}], [{ eventType: 'pageView' }], { length: 1 }, [[]], Array(3).fill({ eventType: 'search', channel: 'web', dateTime: 'x', userAgent: 1 })];
    for (const body of bodies) {
      const res = await t.request('delta', { method: 'POST', url: '/api/Impressions', headers: { cookie, 'x-xsrf-token': token, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    const wrongType = await t.request('delta', { method: 'POST', url: '/api/Impressions', headers: { cookie, 'x-xsrf-token': token, 'content-type': 'text/plain' }, payload: 'hello' });
    expect(wrongType.statusCode).toBe(400);
    const huge = await t.request('delta', { method: 'POST', url: '/api/Impressions', headers: { cookie, 'x-xsrf-token': token, 'content-type': 'application/json' }, payload: JSON.stringify([{ eventType: 'pageView', channel: 'web', dateTime: '2026-01-01T00:00:00Z', userAgent: 'x'.repeat(100_000) }]) });
    expect(huge.statusCode).toBe(413);
  });

  it('answers 400, not 500, to values PostgreSQL cannot store', async () => {
    const { cookie, token } = await t.csrf('hilton');
    const headers = { cookie, 'x-xsrf-token': token, 'content-type': 'application/json' };
    const signIn = await t.request('hilton', { method: 'POST', url: '/api/SignIn', headers, payload: JSON.stringify({ username: 'a\u0000b@example.com', password: 'whatever-1' }) });
    expect(signIn.statusCode).toBeGreaterThanOrEqual(400);
    expect(signIn.statusCode).toBeLessThan(500);
    for (const body of [
      [{ eventType: 'pageView', channel: 'web', dateTime: new Date().toISOString(), userAgent: 'a\u0000b' }],
      [{ eventType: 'pageView', channel: 'web', dateTime: new Date().toISOString(), userAgent: 'x', merchantId: 3000000000 }],
      [{ eventType: 'pageView', channel: 'web', dateTime: '0000-01-01T00:00:00Z', userAgent: 'x' }],
    ]) {
      const res = await t.request('hilton', { method: 'POST', url: '/api/Impressions', headers, payload: JSON.stringify(body) });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
