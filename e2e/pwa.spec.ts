import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yIssues, offerInstall, partnerUrl, signIn, test } from './fixtures';

/** Installable app and native-app shell (docs/pwa.md). Service workers are blocked elsewhere; here they run. */
test.use({ serviceWorkers: 'allow' });

const SHOTS = '.tmp/pwa-shots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const ANDROID_APP = (version: string) => `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36 RNDiningApp/${version}`;
const IOS_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** Registers the worker and reloads once, so the page is controlled and its content went through the worker. */
async function controlled(page: Page, url: string) {
  await page.goto(url);
  const scriptURL = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(scriptURL).toMatch(/\/worker\.js$/);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/worker\.js$/);
}

/** Every URL the page's caches hold (the precache, pages, content, images). */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((r) => r.url));
    }
    return urls;
  });
}


async function newContext(browser: Browser, opts: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ serviceWorkers: 'allow', ...opts });
  return { context, page: await context.newPage() };
}

test.describe('installable app', () => {
  test('the manifest is the partner’s, and the service worker registers at /worker.js', async ({ page, errors }) => {
    await page.goto(partnerUrl('nosh', '/'));
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = await page.evaluate(async (h) => (await fetch(h)).json() as Promise<{ name: string; display: string; icons: { src: string }[] }>, href!);
    expect(manifest.display).toBe('standalone');
    expect(await page.evaluate(async (src) => (await fetch(src)).headers.get('content-type'), manifest.icons[0]!.src)).toBe('image/png');
    await controlled(page, partnerUrl('nosh', '/'));
    const worker = await page.evaluate(async () => {
      const r = await fetch('/worker.js', { cache: 'no-store' });
      return { cacheControl: r.headers.get('cache-control'), allowed: r.headers.get('service-worker-allowed') };
    });
    expect(worker).toEqual({ cacheControl: 'no-cache', allowed: '/' });
    expect(errors).toEqual([]);
  });

  test('the app shell loads offline; with nothing kept, the offline page', async ({ page, context }) => {
    await controlled(page, partnerUrl('nosh', '/how-it-works'));
    await expect(page.locator('main h1').first()).toBeVisible();
    await context.setOffline(true);
    await page.goto(partnerUrl('nosh', '/search'));
    // The app itself, started from the kept shell and the precached code, with the partner's chrome.
    await expect(page.locator('#partner-config')).toHaveCount(1);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();

    await page.evaluate(() => caches.delete('rn-pages-v1'));
    await page.goto(partnerUrl('nosh', '/how-it-works'));
    await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
    await context.setOffline(false);
  });

  test('member data is never kept, and none is shown offline after sign-out', async ({ page, context }) => {
    await controlled(page, partnerUrl('nosh', '/'));
    await signIn(page, 'nosh', 'select.card@nosh.example.com');
    await page.goto(partnerUrl('nosh', '/account/overview'));
    await expect(page.getByText(/^Hi, /).first()).toBeVisible();
    expect((await cachedUrls(page)).filter((u) => /\/api\/(Member|SignIn|CSRF)/i.test(u))).toEqual([]);
    expect((await cachedUrls(page)).some((u) => u.includes('__app-shell'))).toBe(true);

    await page.goto(partnerUrl('nosh', '/SignOut'));
    await expect(page.getByRole('heading', { name: 'You have been signed out' })).toBeVisible();
    // Signing out dropped the page kept while signed in (public content and images may come back at once).
    expect((await cachedUrls(page)).filter((u) => /__app-shell|\/api\/(Member|SignIn)/i.test(u))).toEqual([]);
    await page.goto(partnerUrl('nosh', '/'));
    await context.setOffline(true);
    await page.goto(partnerUrl('nosh', '/account/overview'));
    await expect(page.locator('#partner-config')).toHaveCount(1);
    expect(await page.evaluate(() => fetch('/api/Member').then((r) => r.status, () => 'no network'))).toBe('no network');
    await expect(page.getByText(/^Hi, /)).toHaveCount(0);
    expect((await cachedUrls(page)).filter((u) => /\/api\/(Member|SignIn)/i.test(u))).toEqual([]);
    await context.setOffline(false);
  });

  test('install banner: Install and Maybe later (30 days) where the browser offers it, phone and desktop', async ({ browser }) => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { context, page } = await newContext(browser, { viewport });
      // Southwest: the install banner switch on, no app announcement modal over the page.
      await page.goto(partnerUrl('southwest', '/'));
      await expect(page.getByRole('banner')).toBeVisible();
      const banner = page.getByRole('region', { name: 'Get the app' });
      await expect(banner).toHaveCount(0);
      expect(await offerInstall(page)).toBe(true);
      await expect(banner).toBeVisible();
      await expect(banner.getByRole('button', { name: 'Install' })).toBeVisible();
      await expectNoSeriousA11yIssues(page);
      await page.screenshot({ path: `${SHOTS}/install-banner-${viewport.width}.png` });
      await banner.getByRole('button', { name: 'Maybe later' }).click();
      await expect(banner).toHaveCount(0);
      const until = await page.evaluate(() => localStorage.getItem('RN_PWA_INSTALL_LATER'));
      const days = (Date.parse(until!) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      await page.reload();
      await expect(page.getByRole('banner')).toBeVisible();
      await offerInstall(page);
      await expect(banner).toHaveCount(0);
      await context.close();
    }
  });

  test('install banner: share → Add to Home Screen on iOS Safari; none without the partner switch', async ({ browser }) => {
    const ios = await newContext(browser, { viewport: PHONE, userAgent: IOS_SAFARI, isMobile: true, hasTouch: true });
    await ios.page.goto(partnerUrl('southwest', '/'));
    const banner = ios.page.getByRole('region', { name: 'Get the app' });
    await expect(banner).toContainText("then ‘Add to Home Screen’");
    await expect(banner.getByRole('button', { name: 'Install' })).toHaveCount(0);
    await ios.page.screenshot({ path: `${SHOTS}/install-banner-ios.png` });
    await ios.context.close();

    const { context, page } = await newContext(browser);
    await page.goto(partnerUrl('hilton', '/'));
    await expect(page.getByRole('banner')).toBeVisible();
    const config = JSON.parse((await page.locator('#partner-config').textContent())!) as { hasPWAInstallBanner: boolean };
    expect(config.hasPWAInstallBanner).toBe(false);
    await offerInstall(page);
    await expect(page.getByRole('region', { name: 'Get the app' })).toHaveCount(0);
    await context.close();
  });
});

test.describe('native app', () => {
  test('an app older than the partner’s minimum sees the update screen with its store link', async ({ browser }) => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { context, page } = await newContext(browser, { viewport, userAgent: ANDROID_APP('3.0.9') });
      await page.goto(partnerUrl('delta', '/search'));
      const config = JSON.parse((await page.locator('#partner-config').textContent())!) as { minimumAppVersion: string };
      expect(config.minimumAppVersion).toBe('3.1.0');
      await expect(page).toHaveURL(/\/update_app$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Time to update the app' })).toBeVisible();
      await expect(page.getByRole('link', { name: /Update on Google Play/ })).toHaveAttribute('href', /play\./);
      await expect(page.getByRole('link', { name: /App Store/ })).toHaveCount(0);
      // Store badges of the footer are hidden inside the app.
      await expect(page.getByRole('list', { name: 'Get the app' })).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Get the app' })).toHaveCount(0);
      await expectNoSeriousA11yIssues(page);
      await page.screenshot({ path: `${SHOTS}/update-app-${viewport.width}.png`, fullPage: true });
      // Anywhere else in the app leads back to it.
      await page.goto(partnerUrl('delta', '/how-it-works'));
      await expect(page).toHaveURL(/\/update_app$/);
      await context.close();
    }
  });

  test('a current app uses the site, told who uses it through the bridge', async ({ browser }) => {
    const { context, page } = await newContext(browser, { userAgent: ANDROID_APP('3.1.0') });
    await context.addInitScript(() => {
      const sent: string[] = [];
      (window as unknown as { __sent: string[] }).__sent = sent;
      (window as unknown as { ReactNativeWebView: { postMessage: (m: string) => void } }).ReactNativeWebView = { postMessage: (m) => sent.push(m) };
    });
    await signIn(page, 'nosh', 'select.card@nosh.example.com');
    await page.goto(partnerUrl('nosh', '/search'));
    await expect(page).toHaveURL(/\/search/);
    await expect(page.getByRole('list', { name: 'Get the app' })).toHaveCount(0);
    const member = await page.evaluate(async () => (await fetch('/api/Member')).json() as Promise<{ publicId: string }>);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __sent: string[] }).__sent)).toContain(JSON.stringify({ type: 'externalUserId', externalUserId: member.publicId }));
    await context.close();

    // A browser on the same partner sees the store badges.
    const plain = await newContext(browser, { viewport: DESKTOP });
    await plain.page.goto(partnerUrl('nosh', '/search'));
    await expect(plain.page.getByRole('list', { name: 'Get the app' })).toBeVisible();
    await plain.context.close();
  });
});
