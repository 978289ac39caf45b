import type { Browser, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, offerInstall, partnerUrl, signIn, test } from './fixtures';
import { controlTime, passTime } from './page-time';

/**
 * Issue 25 items 4-6, done as the person did: a first phone visit meets one interruption at a time
 * (delta, ftch); saving the profile works on the first click; offline pages say so.
 */
const PHONE = { width: 390, height: 844 };
const SURVEY_DELAY_MS = 3000;
const SHOTS = '.tmp/interruption-shots';

/** Nothing pre-dismissed: the promotional modals are left to the queue. */
test.use({ promotions: 'shown' });

/**
 * Watches the page for interruptions: every 50 ms it counts what is open (dialogs, the install
 * banner, the survey prompt, the activation reminder, the update prompt) and keeps, per page
 * (path), the most seen at once and every kind seen.
 */
async function watchInterruptions(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __interruptions: Record<string, { max: number; kinds: string[] }> };
    w.__interruptions = {};
    setInterval(() => {
      const open: string[] = [];
      document.querySelectorAll('[role="dialog"]').forEach((d) => open.push(`dialog:${document.getElementById(d.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''}`));
      if (document.getElementById('install-banner-title')) open.push('install');
      document.querySelectorAll('button[aria-label^="Close survey:"]').forEach(() => open.push('survey'));
      if (document.querySelector('section[aria-label="Activate your account"]')) open.push('activation');
      if (document.body?.textContent?.includes('A new version is available.')) open.push('update');
      const entry = (w.__interruptions[location.pathname] ??= { max: 0, kinds: [] });
      entry.max = Math.max(entry.max, open.length);
      for (const k of open) if (!entry.kinds.includes(k)) entry.kinds.push(k);
    }, 50);
  });
}

type Seen = Record<string, { max: number; kinds: string[] }>;
const seen = (page: Page) => page.evaluate(() => (window as unknown as { __interruptions: Seen }).__interruptions);


/** A click on an in-app link, as a person moves to another page (one page view, same visit). */
async function goInApp(page: Page, path: string) {
  await page.evaluate((p) => {
    history.pushState({}, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
}

async function phonePage(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await controlTime(page);
  await watchInterruptions(page);
  return { context, page };
}

test.describe('one interruption at a time (issue 25 item 4)', () => {
  test('a first phone visit to delta: the sign-on modal alone, then one thing per page, never on join, add-card or sign-in', async ({ browser }) => {
    const { context, page } = await phonePage(browser);
    await page.goto(partnerUrl('delta', '/'));
    await expect(page.getByRole('banner')).toBeVisible();
    expect(await offerInstall(page)).toBe(true);
    // The sign-on modal (how to sign in changed) comes first, and alone: not the app announcement,
    // the install banner nor the survey, however long one waits.
    await expect(page.getByRole('dialog', { name: 'Signing in just got simpler' })).toBeVisible();
    await passTime(page, SURVEY_DELAY_MS + 1000);
    await page.screenshot({ path: `${SHOTS}/delta-first-visit.png` });
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Answered: the rest of this page view stays quiet.
    await passTime(page, SURVEY_DELAY_MS + 500);
    expect((await seen(page))['/']).toEqual({ max: 1, kinds: ['dialog:Signing in just got simpler'] });

    // The next page: one thing (the install banner), not the app announcement too (one modal per visit).
    await goInApp(page, '/how-it-works');
    await expect(page.getByRole('region', { name: 'Get the app' })).toBeVisible();
    await passTime(page, SURVEY_DELAY_MS + 500);
    await page.getByRole('region', { name: 'Get the app' }).getByRole('button', { name: 'Maybe later' }).click();
    await passTime(page, 1000);
    expect((await seen(page))['/how-it-works']).toEqual({ max: 1, kinds: ['install'] });

    // The next: the survey, now that nothing else is in the way.
    await goInApp(page, '/');
    await expect(page.getByRole('region', { name: /Tell us how we are doing/ })).toBeVisible({ timeout: SURVEY_DELAY_MS + 5000 });
    expect((await seen(page))['/']?.max).toBe(1);
    for (const [path, s] of Object.entries(await seen(page))) expect(s.max, path).toBeLessThanOrEqual(1);
    await context.close();
  });

  test('delta: nothing on the first page after signing in nor on adding a card; the next page may interrupt', async ({ browser }) => {
    const { context, page } = await phonePage(browser);
    await page.goto(partnerUrl('delta', '/login'));
    await page.getByRole('link', { name: /^Sign in with/ }).click();
    await page.getByLabel('E-mail address').fill('select.noncard@sso.example.com');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/delta\.localhost.*\/account/);
    await offerInstall(page);
    // Right after signing in (and the redirect to the account overview): the app announcement is due, but this page is the member's.
    await passTime(page, SURVEY_DELAY_MS + 1500);
    for (const [p, s] of Object.entries(await seen(page))) expect(s, p).toEqual({ max: 0, kinds: [] });
    // Linking a card: never covered.
    await goInApp(page, '/add_card');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await passTime(page, 2000);
    expect((await seen(page))['/add_card']).toEqual({ max: 0, kinds: [] });
    // Elsewhere, one at a time: the app announcement (a member gets no sign-on notice).
    await goInApp(page, '/how-it-works');
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await passTime(page, 1500);
    expect((await seen(page))['/how-it-works']?.max).toBe(1);
    await context.close();
  });

  for (const path of ['/join', '/login']) {
    test(`a first phone visit to delta that starts on ${path} is not interrupted`, async ({ browser }) => {
      const { context, page } = await phonePage(browser);
      await page.goto(partnerUrl('delta', path));
      await expect(page.getByRole('banner')).toBeVisible();
      await offerInstall(page);
      await passTime(page, SURVEY_DELAY_MS + 1500);
      expect(new URL(page.url()).pathname).toBe(path);
      for (const [p, s] of Object.entries(await seen(page))) expect(s, p).toEqual({ max: 0, kinds: [] });
      await context.close();
    });
  }

  test('ftch: the promo popup and the survey never open together', async ({ browser }) => {
    const { context, page } = await phonePage(browser);
    await page.goto(partnerUrl('ftch', '/'));
    await expect(page.getByRole('dialog', { name: 'Cha-ching! Cash back is here.' })).toBeVisible();
    // Past the survey's delay: the popup is still the only one.
    await passTime(page, SURVEY_DELAY_MS + 1500);
    await page.screenshot({ path: `${SHOTS}/ftch-first-visit.png` });
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await passTime(page, SURVEY_DELAY_MS);
    expect((await seen(page))['/']).toEqual({ max: 1, kinds: ['dialog:Cha-ching! Cash back is here.'] });
    // Another page: the survey may come now, alone.
    await goInApp(page, '/how-it-works');
    await expect(page.getByRole('region', { name: /Tell us how we are doing/ })).toBeVisible({ timeout: SURVEY_DELAY_MS + 5000 });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect((await seen(page))['/how-it-works']).toEqual({ max: 1, kinds: ['survey'] });
    await context.close();
  });

  test('"New here?" is for visitors, not for a long-time member', async ({ page }) => {
    await page.goto(partnerUrl('ftch', '/how-it-works'));
    await expect(page.getByRole('region', { name: 'Announcement' })).toContainText('New here?');
    await signIn(page, 'ftch', 'vip.card@ftch.example.com');
    await page.goto(partnerUrl('ftch', '/how-it-works'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('New here?')).toHaveCount(0);
  });
});

test.describe('no layout shift under the pointer (issue 25 item 5)', () => {
  test.use({ promotions: 'dismissed' });
  test('profile: a field fixed and Save clicked straight away saves on the first click; the button stays put on blur', async ({ page }) => {
    await signIn(page, 'hilton', 'select.card@hilton.example.com');
    await page.goto(partnerUrl('hilton', '/account/user_profile'));
    const zip = page.getByLabel(/^ZIP code/i);
    const save = page.getByRole('button', { name: 'Save changes' });
    await expect(zip).toBeVisible();
    const original = await zip.inputValue();

    // A wrong ZIP, left: its error shows under it.
    await zip.fill('123');
    const before = await save.boundingBox();
    await zip.blur();
    await expect(page.locator('p[id$="-error"]').filter({ hasText: /ZIP code/ })).toBeVisible();
    const withError = await save.boundingBox();
    expect(withError!.y, 'the button does not move when the error comes').toBe(before!.y);

    // Fixed and saved with one click: the blur that clears the error happens under the pointer.
    await zip.fill(original === '60601' ? '60602' : '60601');
    await save.click();
    await expect(page.getByText('All changes were saved.')).toBeVisible();
    // Put back as it was.
    await zip.fill(original);
    await save.click();
    await expect(page.getByText(/All changes were saved|No changes were made/).first()).toBeVisible();
  });
});

test.describe('offline (issue 25 item 6)', () => {
  test.use({ promotions: 'dismissed' });
  test('a page opened offline says "You\'re offline" and what still works, not a server error; back online it loads', async ({ page, context }) => {
    await page.goto(partnerUrl('hilton', '/search?location=Chicago%2C%20IL'));
    const tile = page.locator('a[href^="/merchants/"]').first();
    await expect(tile).toBeVisible({ timeout: 20_000 });
    const href = await tile.getAttribute('href');
    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: 'You’re offline' })).toBeVisible();
    await tile.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByText('You’re offline').first()).toBeVisible();
    await expect(page.getByText(/still show what they loaded/).first()).toBeVisible();
    await expect(page.getByText('Looks like this page is still simmering')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/offline-restaurant.png` });
    // Back online: the restaurant loads by itself and the bar goes.
    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/offline/i, { timeout: 20_000 });
    await expect(page.getByText('You’re offline')).toHaveCount(0);
    await expect(page.getByText('Looks like this page is still simmering')).toHaveCount(0);
  });

  test('the connection lost before the page\'s chrome arrived: the page stays up, the footer and prompts come once back online', async ({ page, context }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // The chrome drawn after the first paint (the footer, the banners and prompts) never arrives.
    const lost = '**/assets/{footer,deferred-chrome}-*.js';
    await page.route(lost, (route) => route.abort('internetdisconnected'));
    const chromeFailed = page.waitForEvent('requestfailed', (r) => /deferred-chrome-.*\.js$/.test(r.url()));
    await page.goto(partnerUrl('hilton', '/search?location=Chicago%2C%20IL'));
    await chromeFailed;
    await context.setOffline(true);
    // The page the visitor is reading stays, with its tiles; no error page replaces it.
    await expect(page.locator('a[href^="/merchants/"]').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByText('Looks like this page is still simmering')).toHaveCount(0);
    // Back online: the missing parts are fetched again and drawn.
    await page.unroute(lost);
    await context.setOffline(false);
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.locator('a[href^="/merchants/"]').first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the connection lost while the search page\'s map, filters and hearts load: the results stay, the map says it will come, and all come back online', async ({ page, context }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const lost = '**/assets/{map-view,filter-panel,favorite-button}-*.js';
    await page.route(lost, (route) => route.abort('internetdisconnected'));
    const mapFailed = page.waitForEvent('requestfailed', (r) => /map-view-.*\.js$/.test(r.url()));
    await page.goto(partnerUrl('hilton', '/search?location=Chicago%2C%20IL'));
    await mapFailed;
    await context.setOffline(true);
    const map = page.getByRole('region', { name: 'Map' });
    await expect(map.getByText('The map couldn’t load. It will load by itself when you’re back online.')).toBeVisible();
    await expect(page.getByText('The filters couldn’t load.', { exact: false })).toBeVisible();
    // The results the visitor is reading stay, and a restaurant can still be opened from them.
    const tile = page.locator('a[href^="/merchants/"]').first();
    await expect(tile).toBeVisible();
    await expect(page.getByRole('heading', { name: 'You’re offline' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Favorite/ })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/offline-search-map.png` });
    // Back online: the map, the filters and the hearts are fetched again and drawn.
    await page.unroute(lost);
    await context.setOffline(false);
    await expect(map.locator('.leaflet-container')).toBeVisible();
    await expect(page.getByText('The filters couldn’t load.', { exact: false })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Favorite/ }).first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a change saved offline says so, and works once back online', async ({ page, context }) => {
    await signIn(page, 'hilton', 'select.card@hilton.example.com');
    await page.goto(partnerUrl('hilton', '/account/user_profile'));
    const city = page.getByLabel(/^City/i);
    await expect(city).toBeVisible();
    const original = await city.inputValue();
    await context.setOffline(true);
    await city.fill(original === 'Chicago' ? 'Evanston' : 'Chicago');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('You’re offline. Check your connection and try again.')).toBeVisible();
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('All changes were saved.')).toBeVisible();
    await city.fill(original);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(/All changes were saved|No changes were made/).first()).toBeVisible();
  });
});
