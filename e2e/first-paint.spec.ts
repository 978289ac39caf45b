import type { APIRequestContext, Browser, Page, Request } from '@playwright/test';
import type { MerchantSearchResponse } from '../src/shared/schemas/merchant';
import { expect, partnerConfig, partnerUrl, PORT, rgb, signIn, test } from './fixtures';

/**
 * First paint without waiting (issue 13): the page brings the content, the member (or "no
 * member") and the first answer of /search and of a restaurant page, so the first load asks the API
 * for none of them, and no address is requested twice; before any script runs the page shows a
 * skeleton of its chrome in the partner's colours.
 */

const PARTNER = 'delta';
const SEARCH = '/search?location=10001';

type Recorded = { method: string; url: string; path: string; fromCache: boolean };

/**
 * Every request the page makes from navigation until the network has been quiet and the page
 * settled (page.on('request')), each marked with whether Chromium answered it from its own cache
 * (DevTools protocol: memory or disk cache), i.e. without reaching the server.
 */
async function load(page: Page, url: string): Promise<Recorded[]> {
  const seen: Array<Recorded & { cdpUrl?: string }> = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const fromCache = new Map<string, number>();
  const mark = (u: string) => fromCache.set(u, (fromCache.get(u) ?? 0) + 1);
  const byId = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', (e) => byId.set(e.requestId, e.request.url));
  cdp.on('Network.requestServedFromCache', (e) => { const u = byId.get(e.requestId); if (u) mark(u); });
  cdp.on('Network.responseReceived', (e) => { if (e.response.fromDiskCache || e.response.fromPrefetchCache) mark(e.response.url); });
  const onRequest = (r: Request) => seen.push({ method: r.method(), url: r.url(), path: new URL(r.url()).pathname, fromCache: false });
  page.on('request', onRequest);
  // The §4 page-view impression goes 500 ms after the route renders: the last thing a load sends.
  const pageView = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/Impressions', { timeout: 15_000 });
  await page.goto(url);
  await expect(page.locator('#main')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await pageView;
  await page.waitForLoadState('networkidle');
  page.off('request', onRequest);
  await cdp.detach();
  // The last N requests of a URL that Chromium answered from its cache are marked as such.
  for (const r of [...seen].reverse()) {
    const n = fromCache.get(r.url) ?? 0;
    if (n > 0) {
      r.fromCache = true;
      fromCache.set(r.url, n - 1);
    }
  }
  return seen;
}

const api = (seen: Recorded[], test: (r: Recorded) => boolean) => seen.filter(test).map((r) => `${r.method} ${r.url}`);

/**
 * Addresses the server was asked for more than once. Left out: POST /api/Impressions (each call
 * carries different events: a page view, a search, tiles seen; two of them are two messages, not
 * one request fired twice) and a repeat Chromium answered from its own cache (the partner's logo
 * is in the skeleton, the top bar and the footer; the server sends it once with max-age).
 */
function repeated(seen: Recorded[]): string[] {
  const counts = new Map<string, number>();
  for (const r of seen) {
    if (r.method === 'POST' && r.path === '/api/Impressions') continue;
    if (r.fromCache) continue;
    const key = `${r.method} ${r.url}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].filter(([, n]) => n > 1).map(([k, n]) => `${k} ×${n}`);
}

function expectFirstLoadQuiet(seen: Recorded[]) {
  expect(api(seen, (r) => r.path.startsWith('/api/cms/'))).toEqual([]);
  expect(api(seen, (r) => r.path === '/api/Member')).toEqual([]);
  expect(repeated(seen)).toEqual([]);
}

/** The default partner (delta) answers on a bare host, which Node resolves (it does not resolve *.localhost). */
const bare = (path: string) => `http://localhost:${PORT}${path}`;

async function aRestaurantId(request: APIRequestContext): Promise<number> {
  const res = await request.get(bare('/api/v2/Merchants/Search?location=10001&pageSize=1'));
  const body = (await res.json()) as MerchantSearchResponse;
  return body.merchants[0]!.id;
}

test.describe('first load asks for nothing the page already carries', () => {
  test('home page: no content call, no member call (no 401 in the console), nothing twice', async ({ page, errors }) => {
    const consoleErrors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
    const seen = await load(page, partnerUrl(PARTNER, '/'));
    expectFirstLoadQuiet(seen);
    // The home page's carousels came with it (the current-location one waits for a location, not given here).
    expect(api(seen, (r) => r.path === '/api/v2/Merchants/Search')).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('search page: the results come with the page', async ({ page, errors }) => {
    const seen = await load(page, partnerUrl(PARTNER, SEARCH));
    expectFirstLoadQuiet(seen);
    expect(api(seen, (r) => r.path === '/api/v2/Merchants/Search')).toEqual([]);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Restaurants' }).getByRole('listitem').first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('restaurant page: the detail comes with the page', async ({ page, request, errors }) => {
    const id = await aRestaurantId(request);
    const seen = await load(page, partnerUrl(PARTNER, `/merchants/${id}`));
    expectFirstLoadQuiet(seen);
    expect(api(seen, (r) => r.path === `/api/merchants/${id}`)).toEqual([]);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('signed in: the member comes with the page too', async ({ page }) => {
    // Delta signs in through its own identity provider; hilton has e-mail and password.
    await page.goto(partnerUrl('hilton', '/login'));
    await page.getByLabel(/^Email/).fill('select.card@hilton.example.com');
    await page.getByLabel(/^Password/).fill('Dining2026!');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).not.toHaveURL(/\/login/);
    // The sign-in page's own calls (the member after signing in) are done before the next load.
    await page.waitForLoadState('networkidle');
    const seen = await load(page, partnerUrl('hilton', '/'));
    expectFirstLoadQuiet(seen);
    const visit = JSON.parse((await page.locator('#first-visit').textContent()) ?? '{}') as { member?: { email?: string } | null };
    expect(visit.member?.email).toBe('select.card@hilton.example.com');
    // The page knew the member: the top bar shows the signed-in member's menu, not 'Sign in'.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0);
  });

  test("Reviews & History: its activity and year come with the page; opened again in the app, they are asked afresh", async ({ page, errors }) => {
    await signIn(page, 'hilton', 'vip.card@hilton.example.com');
    await page.waitForLoadState('networkidle');
    const rewardsCalls = (r: Recorded) => r.path === '/api/Member/Transactions' || r.path === '/api/Member/DineSummary';
    const seen = await load(page, partnerUrl('hilton', '/account/recent_activity'));
    expectFirstLoadQuiet(seen);
    expect(api(seen, rewardsCalls)).toEqual([]);
    const rows = page.getByRole('list', { name: /^Activity/ }).getByRole('listitem');
    await expect(rows.first()).toBeVisible();
    // The history changes behind the page's back: leaving and opening it again in the app asks for it.
    // Asked while Reviews & History is the address again (the overview asks for the year too).
    const asked: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (rewardsCalls({ method: r.method(), url: r.url(), path, fromCache: false }) && new URL(page.url()).pathname === '/account/recent_activity') asked.push(path);
    });
    const nav = page.getByRole('navigation', { name: 'Account centre' });
    await nav.getByRole('link', { name: 'Account Overview' }).click();
    await expect(page).toHaveURL(/\/account\/overview$/);
    // As a person would: the overview has come (its own calls are done) before the member goes back.
    await page.waitForLoadState('networkidle');
    await nav.getByRole('link', { name: 'Reviews & History' }).click();
    await expect(page).toHaveURL(/\/account\/recent_activity$/);
    await expect.poll(() => [...asked].sort()).toEqual(['/api/Member/DineSummary', '/api/Member/Transactions']);
    await expect(rows.first()).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('what the app still fetches, it fetches once', () => {
  test.use({ geolocation: { latitude: 40.75, longitude: -73.99 }, permissions: ['geolocation'] });

  test('a search at the current location: asked once, not aborted and asked again', async ({ page, errors }) => {
    const aborted: string[] = [];
    page.on('requestfailed', (r) => { if (new URL(r.url()).pathname.startsWith('/api/')) aborted.push(`${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`); });
    // The server cannot know the browser's location: the search screen asks for this search itself.
    const search = await load(page, partnerUrl(PARTNER, '/search?location=Current%20Location'));
    expectFirstLoadQuiet(search);
    expect(api(search, (r) => r.path === '/api/v2/Merchants/Search')).toHaveLength(1);
    await expect(page.getByRole('list', { name: 'Restaurants' }).getByRole('listitem').first()).toBeVisible();
    expect(aborted).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test.describe('the skeleton', () => {
  test('is in the raw page, hidden from assistive technology', async ({ request }) => {
    for (const path of ['/', SEARCH]) {
      const res = await request.get(bare(path), { headers: { accept: 'text/html' } });
      expect(res.status()).toBe(200);
      const html = await res.text();
      expect(html).toContain('<div class="boot" aria-hidden="true">');
      expect(html).toContain('<div class="boot-bar">');
      expect(html).toContain('<div class="boot-foot">');
    }
  });

  async function noScriptPage(browser: Browser, path: string) {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(partnerUrl(PARTNER, path));
    return { page, close: () => context.close() };
  }

  test("shows the chrome in the partner's colours before any script runs, with the real top bar's height", async ({ browser, page }) => {
    const { page: still, close } = await noScriptPage(browser, '/how-it-works');
    const config = await partnerConfig(still);
    const skeleton = still.locator('.boot');
    await expect(skeleton).toBeVisible();
    await expect(still.locator('.boot-logo')).toBeVisible();
    const hero = await still.locator('.boot-hero').evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(hero).toContain(rgb(config.theme.primary));
    const footer = await still.locator('.boot-foot').evaluate((el) => getComputedStyle(el).borderTopColor);
    expect(footer).toBe(rgb(config.theme.primary));
    const barHeight = (await still.locator('.boot-bar').boundingBox())!.height;
    await close();

    // Where the page's largest picture is known (the home banner), the skeleton shows it already.
    const { page: home, close: closeHome } = await noScriptPage(browser, '/');
    const banner = home.locator('.boot-banner img');
    await expect(banner).toBeVisible();
    await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await closeHome();

    // With scripts, the app replaces it, and its top bar is as tall: nothing below it jumps.
    await page.goto(partnerUrl(PARTNER, '/how-it-works'));
    await expect(page.locator('#main')).toBeVisible();
    await expect(page.locator('.boot')).toBeHidden();
    const header = (await page.locator('header').first().boundingBox())!.height;
    expect(header).toBe(barHeight);
  });
});

test.describe("Reviews & History's largest text", () => {
  type Lcp = { inSkeleton: boolean; text: string; size: number };
  for (const viewport of [{ width: 412, height: 823 }, { width: 1280, height: 800 }]) {
    test(`is drawn by the skeleton, and the app's banner adds no later paint of it (${viewport.width}px)`, async ({ browser }) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await signIn(page, 'hilton', 'vip.card@hilton.example.com');
      await page.waitForLoadState('networkidle');
      // A phone's CPU (4x slower) and nothing kept: the skeleton paints while the app's code loads.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.addInitScript(() => {
        const seen: Lcp[] = [];
        (window as unknown as { lcp: Lcp[] }).lcp = seen;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as Array<PerformanceEntry & { element: Element | null; size: number }>) {
            seen.push({ inSkeleton: Boolean(e.element?.closest('.boot')), text: e.element?.textContent?.slice(0, 40) ?? '', size: e.size });
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(partnerUrl('hilton', '/account/recent_activity'));
      const banner = page.getByRole('region', { name: 'Missing rewards?' });
      await expect(banner).toContainText('Dines usually show here within a few days.');
      await expect(page.locator('.boot')).toBeHidden();
      // Two frames after the app's banner: a paint of it, larger than the skeleton's, would be an entry by now.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const entries = await page.evaluate(() => (window as unknown as { lcp: Lcp[] }).lcp);
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.at(-1)).toMatchObject({ inSkeleton: true, text: expect.stringMatching(/^Dines usually show here/) });
      await context.close();
    });
  }
});

test.describe('the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test("keeps its offline shell without the member or the page's first answers (the page is never kept with a member's data)", async ({ page }) => {
    await page.goto(partnerUrl('hilton', '/login'));
    await page.evaluate(async () => navigator.serviceWorker.ready);
    await page.getByLabel(/^Email/).fill('select.card@hilton.example.com');
    await page.getByLabel(/^Password/).fill('Dining2026!');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/worker\.js$/);
    // A page that went through the worker while signed in; the page itself carried the member.
    await page.goto(partnerUrl('hilton', '/search?location=10001'));
    await expect(page.getByRole('list', { name: 'Restaurants' }).getByRole('listitem').first()).toBeVisible();
    expect(await page.locator('#first-visit').textContent()).toContain('select.card@hilton.example.com');
    const readShell = () => page.evaluate(async () => {
      const cached = await caches.match('/__app-shell', { cacheName: 'rn-pages-v1' });
      return cached ? cached.text() : null;
    });
    // The shell kept is this signed-in /search page (its skeleton has the search box's placeholder).
    await expect.poll(async () => (await readShell())?.includes('boot-field') ?? false).toBe(true);
    const shell = (await readShell())!;
    expect(shell).toContain('id="partner-config"');
    expect(shell).toContain('id="first-content"');
    expect(shell).not.toContain('id="first-visit"');
    expect(shell).not.toContain('select.card@hilton.example.com');
  });
});
