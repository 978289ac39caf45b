import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import type { ErrorResponse } from '#shared/schemas/common';
import type { MerchantSearchResponse } from '#shared/schemas/merchant';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ seeded: true }); });
afterAll(async () => { await t.close(); });

const predict = (q: string, partner = 'delta') => t.request(partner, { method: 'GET', url: `/api/locations/predictions?q=${encodeURIComponent(q)}` });

describe('GET /api/locations/predictions', () => {
  it('suggests cities, states and ZIP codes for what is typed, cacheable', async () => {
    const res = await predict('port');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const labels = res.json<{ predictions: { label: string }[] }>().predictions.map((p) => p.label);
    expect(labels.slice(0, 2)).toEqual(['Portland, OR', 'Portland, ME']);
    expect(labels.length).toBeLessThanOrEqual(6);
    const zips = (await predict('10001')).json<{ predictions: { label: string }[] }>().predictions;
    expect(zips).toEqual([{ label: 'New York, NY 10001' }]);
  });

  it('every suggestion is a search the restaurant search understands', async () => {
    const labels = (await predict('chi')).json<{ predictions: { label: string }[] }>().predictions.map((p) => p.label);
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) {
      const res = await t.request('delta', { method: 'GET', url: `/api/v2/Merchants/Search?location=${encodeURIComponent(label)}` });
      expect(res.statusCode, label).toBe(200);
      expect(res.json<MerchantSearchResponse>().location.label).toBe(label);
    }
  });

  it('answers no suggestions for one character, 400 with a message for nothing or too much', async () => {
    expect((await predict('p')).json()).toEqual({ predictions: [] });
    for (const q of ['', '   ', 'x'.repeat(101)]) {
      const res = await predict(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json<ErrorResponse>().message).toMatch(/Type (a city, state or ZIP code|at most 100 characters)\./);
    }
    const missing = await t.request('delta', { method: 'GET', url: '/api/locations/predictions' });
    expect(missing.statusCode).toBe(400);
  });

  it('is the same on every partner site (no member data in it)', async () => {
    expect((await predict('san fr', 'hilton')).json()).toEqual((await predict('san fr', 'delta')).json());
  });
});
