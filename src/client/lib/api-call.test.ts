import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '#shared/api-paths';
import { ApiError, call, pathWith } from './api';

let calls: Array<{ url: string; method: string; headers: Record<string, string>; body?: string }>;

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    calls.push({ url, method: init.method ?? 'GET', headers: (init.headers ?? {}) as Record<string, string>, ...(init.body ? { body: String(init.body) } : {}) });
    if (url === '/api/Member') return new Response(JSON.stringify({ message: 'Nothing here' }), { status: 404 });
    return new Response(JSON.stringify({ csrfToken: 'tok', ok: true }), { status: 200, headers: { 'content-type': 'application/json' } });
  }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('call: the API table from the client', () => {
  it("fills each ':name' of the path, URI-encoded, and refuses a missing one", () => {
    expect(pathWith('/api/merchants/:merchantId/flex-offers/members/:publicId', { merchantId: 12, publicId: 'a b/c' })).toBe('/api/merchants/12/flex-offers/members/a%20b%2Fc');
    expect(() => pathWith('/api/Member/:publicId', {})).toThrow(/:publicId/);
  });

  it("sends the entry's method and path with the query; GET sends no anti-forgery token", async () => {
    await call(API_PATHS.merchantReviews, { params: { merchantId: 7 }, query: { pageNo: 2, resultsPerPage: 5 } });
    expect(calls).toEqual([{ url: '/api/merchants/7/reviews?pageNo=2&resultsPerPage=5', method: 'GET', headers: { accept: 'application/json' } }]);
  });

  it('a call that changes something sends its JSON body and the X-XSRF-TOKEN header', async () => {
    await call(API_PATHS.confirmReservation, { params: { id: 3 }, body: { specialRequest: 'window' }, headers: { 'idempotency-key': 'k' } });
    const sent = calls.find((c) => c.url === '/api/Member/Reservations/3/Confirm');
    expect(sent).toMatchObject({ method: 'POST', body: '{"specialRequest":"window"}', headers: { 'content-type': 'application/json', 'x-xsrf-token': expect.any(String), 'idempotency-key': 'k' } });
  });

  it('rejects with ApiError as api() does', async () => {
    await expect(call(API_PATHS.member)).rejects.toBeInstanceOf(ApiError);
  });
});
