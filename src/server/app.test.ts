import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app';
import { partners } from './db/schema';
import type { PartnerConfig } from '#shared/schemas/partner';
import type { CmsResponse } from '#shared/schemas/cms';
import { ROUTES } from '#shared/routes';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

function injectedConfig(html: string): PartnerConfig {
  const m = /<script id="partner-config" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error('no partner config in page');
  return JSON.parse(m[1]!) as PartnerConfig;
}

describe('pages', () => {
  it('serves each partner its own configuration, title and theme', async () => {
    const rows = await t.database.db.select().from(partners);
    for (const code of ['delta', 'hilton']) {
      const row = rows.find((r) => r.code === code)!;
      const res = await t.request(code, { method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      const config = injectedConfig(res.body);
      expect(config.code).toBe(code);
      expect(config.name).toBe(row.name);
      expect(config.currencyType).toBe(row.currencyType);
      expect(res.body).toContain(`--color-primary:${row.theme.primary}`);
      expect(res.body).toContain(`<title>${row.routeMeta['/']?.title ?? row.name}</title>`);
      // The theme's <style> is allowed by its hash in style-src, and nothing else inline is.
      const css = /<style>([\s\S]*?)<\/style>/.exec(res.body)?.[1];
      expect(css).toContain(`--color-primary:${row.theme.primary}`);
      const styleSrc = /style-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1] ?? '';
      expect(styleSrc.split(' ')).toContain(`'sha256-${createHash('sha256').update(css!, 'utf8').digest('base64')}'`);
      expect(styleSrc).not.toContain('unsafe-inline');
      expect(res.body).not.toContain('nonce=');
    }
  });

  it('serves a page route to any client, an unknown path as JSON unless HTML is asked for', async () => {
    const page = await t.request('delta', { method: 'GET', url: '/search' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const unknown = await t.request('delta', { method: 'GET', url: '/nope.js' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/application\/json/);
  });

  it('serves the default partner on a bare host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'localhost:3000', accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(injectedConfig(res.body).code).toBe(t.config.defaultPartner);
  });

  it('answers an unknown page with the app and status 404, an unknown API path with 404 JSON', async () => {
    const page = await t.request('delta', { method: 'GET', url: '/no/such/page', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('id="partner-config"');
    const apiRes = await t.request('delta', { method: 'GET', url: '/api/nothing-here' });
    expect(apiRes.statusCode).toBe(404);
    expect(apiRes.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Nothing is found at this address.' });
  });

  it('answers 404 for an earn page the partner has no content for, 200 for one it has (issue 25 item 7)', async () => {
    const earnPaths = Object.values(ROUTES).filter((r) => r.content === 'earn_details').map((r) => r.path);
    let found = 0;
    let missing = 0;
    for (const code of ['american', 'delta', 'daak']) {
      const items = (await t.request(code, { method: 'GET', url: '/api/cms/pages/earn_details/' })).json<CmsResponse>().data;
      for (const path of earnPaths) {
        const has = items.some((i) => i.fields.url === path);
        const res = await t.request(code, { method: 'GET', url: path, headers: { accept: 'text/html' } });
        expect(res.statusCode, `${code} ${path}`).toBe(has ? 200 : 404);
        expect(res.body.includes('"notFound":true'), `${code} ${path}`).toBe(!has);
        if (has) found++;
        else missing++;
      }
    }
    // Both kinds are met on the demo content, so the check means something.
    expect(found).toBeGreaterThan(0);
    expect(missing).toBeGreaterThan(0);
  });

  it("answers 404 for a flow's success page opened directly: a page load never comes from the flow (issue 25 item 7)", async () => {
    for (const url of ['/activate/activated', '/recover/success', '/surveys/success']) {
      const res = await t.request('american', { method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('"notFound":true');
    }
    // The pages that start these flows are there.
    for (const url of ['/activate', '/recover', '/surveys']) expect((await t.request('american', { method: 'GET', url, headers: { accept: 'text/html' } })).statusCode, url).toBe(200);
  });

  it('knows the discover page only where the partner has one', async () => {
    const rows = await t.database.db.select().from(partners);
    const withDiscover = rows.find((r) => r.hasDiscoverPage)!;
    const without = rows.find((r) => !r.hasDiscoverPage)!;
    expect((await t.request(withDiscover.code, { method: 'GET', url: '/discover', headers: { accept: 'text/html' } })).statusCode).toBe(200);
    expect((await t.request(without.code, { method: 'GET', url: '/discover', headers: { accept: 'text/html' } })).statusCode).toBe(404);
  });

  it('escapes the injected configuration so content cannot close the script element', async () => {
    const res = await t.request('delta', { method: 'GET', url: '/search', headers: { accept: 'text/html' } });
    const script = /<script id="partner-config" type="application\/json">([\s\S]*?)<\/script>/.exec(res.body)![1]!;
    expect(script).not.toMatch(/<\//);
  });

  it('serves the partner logo and generated restaurant images, refusing odd image paths', async () => {
    const logo = await t.request('hilton', { method: 'GET', url: '/partner/logo.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(logo.body).toContain('<svg');
    const img = await t.request('hilton', { method: 'GET', url: '/img/merchants/tile/italian-3.svg' });
    expect(img.statusCode).toBe(200);
    expect(img.body).toContain('<svg');
    expect(img.body).not.toContain('<script');
    expect((await t.request('hilton', { method: 'GET', url: '/img/merchants/tile/..%2F..%2Fetc.svg' })).statusCode).toBe(404);
    expect((await t.request('hilton', { method: 'GET', url: '/img/merchants/huge/italian-3.svg' })).statusCode).toBe(400);
  });

  it('gives the logo chain as addresses of partner logos', async () => {
    const rows = await t.database.db.select().from(partners);
    const chained = rows.find((r) => r.logoChain.length > 0)!;
    const res = await t.request(chained.code, { method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const chain = injectedConfig(res.body).logoChain;
    expect(chain).toEqual(chained.logoChain.map((c) => `/partner/logos/${c}.svg`));
    const logo = await t.request(chained.code, { method: 'GET', url: chain[0]! });
    expect(logo.statusCode).toBe(200);
    expect(logo.body).toBe(rows.find((r) => r.code === chained.logoChain[0])!.logoSvg);
    expect((await t.request(chained.code, { method: 'GET', url: '/partner/logos/nobody.svg' })).statusCode).toBe(404);
  });
});

describe('security headers', () => {
  it('sends CSP, HSTS (outside development), nosniff and frame-ancestors', async () => {
    const res = await t.request('delta', { method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('sends API answers the API set (OWASP REST): a CSP that loads and frames nothing, nosniff, DENY, HSTS', async () => {
    for (const url of ['/api/feature-flags', '/api/no-such-call']) {
      const res = await t.request('delta', { method: 'GET', url });
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      // Headers that only concern documents are left out of JSON answers.
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
    }
    // The signed webhook's refusal too, on any host.
    const hook = await t.request('delta', { method: 'POST', url: '/api/card-network/events', payload: '{}', headers: { 'content-type': 'application/json' } });
    expect(hook.statusCode).toBe(401);
    expect(hook.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(hook.headers['cache-control']).toBe('no-store');
    // The API's documentation is a page: it keeps the pages' set (its viewer sets its own CSP, so
    // a header only the pages' set carries is what tells).
    const docs = await t.request('delta', { method: 'GET', url: '/api/docs' });
    expect(docs.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(docs.headers['x-dns-prefetch-control']).toBe('off');
  });

  it('sends no HSTS in development', async () => {
    const dev = await createTestApp({ config: { env: 'development' } });
    try {
      const res = await dev.request('delta', { method: 'GET', url: '/api/feature-flags' });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await dev.close();
    }
  });
});

describe('session basics', () => {
  it('GET /api/CSRF sets an httpOnly cookie and returns a token', async () => {
    const res = await t.request('delta', { method: 'GET', url: '/api/CSRF' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ csrfToken: string }>().csrfToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const cookie = res.cookies.find((c) => c.name === 'rn_csrf')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
  });

  it('GET /api/Member answers 401 JSON to an anonymous visitor', async () => {
    const res = await t.request('delta', { method: 'GET', url: '/api/Member' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'You are not signed in.' });
  });
});

describe('encoded paths', () => {
  it('checks the anti-forgery token and the rate limit on /%61pi/… exactly as on /api/…', async () => {
    const res = await t.request('delta', { method: 'POST', url: '/%61pi/Impressions', payload: [{ eventType: 'pageView', channel: 'web', dateTime: '2026-01-01T00:00:00Z', userAgent: 'x' }] });
    expect(res.statusCode).toBe(403);
    const limited = await createTestApp({ rateLimitMax: 2 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await limited.request('delta', { method: 'GET', url: '/%61pi/feature-flags' })).statusCode);
      expect(codes).toEqual([200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('rate limits', () => {
  it('answers 429 with a readable message past the limit', async () => {
    const limited = await createTestApp({ rateLimitMax: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await limited.request('delta', { method: 'GET', url: '/api/feature-flags' })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429, 429]);
      const res = await limited.request('delta', { method: 'GET', url: '/api/feature-flags' });
      expect(res.json<{ message: string }>().message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
      // Pages and assets are not counted against the API limit.
      expect((await limited.request('delta', { method: 'GET', url: '/', headers: { accept: 'text/html' } })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents every call from the zod schemas and serves a viewer', async () => {
    const res = await t.request('delta', { method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, { parameters?: Array<{ name: string }> }>> }>();
    for (const path of ['/api/CSRF', '/api/feature-flags', '/api/cms/pages/{contentName}/', '/api/DefaultUserLocation', '/api/v2/Merchants/Search', '/api/merchants/{merchantId}', '/api/Impressions', '/api/Member']) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    const params = doc.paths['/api/v2/Merchants/Search']!.get!.parameters!.map((p) => p.name);
    expect(params).toEqual(expect.arrayContaining(['location', 'latitude', 'longitude', 'restaurantOrCuisine', 'priceRange', 'sortBy', 'pageNo', 'pageSize', 'campaignCode']));
    const viewer = await t.request('delta', { method: 'GET', url: '/api/docs/' });
    expect(viewer.statusCode).toBe(200);
    expect(viewer.body).toMatch(/swagger/i);
  });
});
