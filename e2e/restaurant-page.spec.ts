import type { Page } from '@playwright/test';
import type { FavoriteList } from '../src/shared/schemas/favorites';
import type { MerchantDetail, MerchantSearchResponse } from '../src/shared/schemas/merchant';
import { benefitWords } from '../src/shared/rules/merchant-benefits';
import { localNow } from '../src/shared/rules/local-now';
import { expect, expectNoSeriousA11yIssues, partnerUrl, test } from './fixtures';

/**
 * The restaurant page (issue 11): the order-online dialog and its /Order address, the benefit days
 * in words, and a favourite added from a search tile by a visitor who signs in on the way, listed
 * in the account centre and removed there.
 */

const PARTNER = 'hilton';
const EMAIL = 'select.card@hilton.example.com';
const PASSWORD = 'Dining2026!';
const NEAR = '/api/v2/Merchants/Search?location=Nashville%2C%20TN&pageSize=60';

async function getJson<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => (await (await fetch(p, { headers: { accept: 'application/json' } })).json()) as T, path);
}

/** The first restaurant near the hub whose detail passes `pick`. */
async function findMerchant(page: Page, pick: (m: MerchantDetail) => boolean): Promise<MerchantDetail> {
  await page.goto(partnerUrl(PARTNER, '/'));
  const near = await getJson<MerchantSearchResponse>(page, NEAR);
  for (const m of near.merchants) {
    const detail = await getJson<MerchantDetail>(page, `/api/merchants/${m.id}`);
    if (pick(detail)) return detail;
  }
  throw new Error('no restaurant near the hub fits');
}

test('order online: the dialog opens at /Order with the ways to order and the subtotal note, and closes with Escape', async ({ page, errors }) => {
  const merchant = await findMerchant(page, (m) => m.orderOnline !== null);
  await page.goto(partnerUrl(PARTNER, `/merchants/${merchant.id}`));
  await expect(page.getByRole('heading', { level: 1, name: merchant.name })).toBeVisible();
  const order = page.getByRole('link', { name: 'Order online' });
  await order.click();
  await expect(page).toHaveURL(new RegExp(`/merchants/${merchant.id}/Order$`));
  const dialog = page.getByRole('dialog', { name: `Order online from ${merchant.name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Online orders earn on the subtotal');
  if (merchant.orderOnline!.delivery) {
    await expect(dialog.getByRole('link', { name: /Order delivery/ })).toHaveAttribute('href', merchant.orderOnline!.delivery);
  } else {
    await expect(dialog.getByRole('link', { name: /Order delivery/ })).toHaveCount(0);
  }
  if (merchant.orderOnline!.takeout) {
    await expect(dialog.getByRole('link', { name: /Order takeout/ })).toHaveAttribute('href', merchant.orderOnline!.takeout);
  } else {
    await expect(dialog.getByRole('link', { name: /Order takeout/ })).toHaveCount(0);
  }
  await expect(dialog.getByRole('link', { name: /Order (delivery|takeout)/ }).first()).toHaveAttribute('target', '_blank');
  await expectNoSeriousA11yIssues(page);

  // Tab stays inside the dialog.
  for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/merchants/${merchant.id}$`));
  await expect(order).toBeFocused();

  // The address itself opens the page with the dialog; its close button leaves it for the page.
  await page.goto(partnerUrl(PARTNER, `/merchants/${merchant.id}/Order`));
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/merchants/${merchant.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: merchant.name })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the benefit days and hours and the next blackout dates read in words, in the restaurant\'s time', async ({ page, errors }) => {
  const merchant = await findMerchant(page, (m) => m.benefits.participating && m.benefits.benefitHours !== null && m.benefits.participationStart === null && m.benefits.blackoutDates.length === 0);
  await page.goto(partnerUrl(PARTNER, `/merchants/${merchant.id}`));
  const section = page.getByRole('region', { name: 'When you earn here' });
  await expect(section).toBeVisible();
  const words = benefitWords(merchant.benefits, localNow(new Date(), merchant.benefits.timeZone));
  expect(words.days.length).toBeGreaterThan(0);
  expect(words.blackouts).toBeNull();
  await expect(section).toContainText(words.today);
  for (const line of words.days) await expect(section.getByRole('listitem').filter({ hasText: line })).toBeVisible();
  // Blackout dates are the next restaurant's: this one's section names none.
  await expect(section).not.toContainText(/No rewards on (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}/);
  await expectNoSeriousA11yIssues(page);

  const blackout = await findMerchant(page, (m) => m.benefits.participating && m.benefits.blackoutDates.length > 0 && m.benefits.participationStart === null);
  await page.goto(partnerUrl(PARTNER, `/merchants/${blackout.id}`));
  await expect(page.getByRole('region', { name: 'When you earn here' })).toContainText(/No rewards on (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}/);
  expect(errors).toEqual([]);
});

test('a visitor hearts a search tile, signs in, comes back with it saved, finds it under Favorites and removes it', async ({ page, errors }) => {
  test.setTimeout(120_000);
  await page.goto(partnerUrl(PARTNER, '/search?location=Nashville%2C%20TN'));
  const results = page.getByRole('list', { name: 'Restaurants' });
  const tile = results.getByRole('listitem').first();
  await expect(tile).toBeVisible();
  const name = (await tile.getByRole('heading').textContent())!.trim();
  const heart = tile.getByRole('button', { name: `Favorite ${name}` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  const ask = page.getByRole('dialog', { name: 'Sign in to save favorites' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel(/^Email/).fill(EMAIL);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/search/);
  const back = page.getByRole('list', { name: 'Restaurants' }).getByRole('button', { name: `Favorite ${name}` });
  await expect(back).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await getJson<FavoriteList>(page, '/api/Member/Favorites')).favorites.map((f) => f.merchant.name)).toContain(name);

  // The account centre lists it (navigation 'Favorites').
  await page.goto(partnerUrl(PARTNER, '/account/overview'));
  await page.getByRole('navigation', { name: 'Account centre' }).getByRole('link', { name: 'Favorites' }).click();
  await expect(page).toHaveURL(/\/account\/favorites$/);
  const list = page.getByRole('list', { name: 'Your favorite restaurants' });
  await expect(list.getByRole('heading', { name })).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // Removed from the list with its heart: gone at once, and on the server.
  await list.getByRole('button', { name: `Favorite ${name}` }).click();
  await expect(list.getByRole('heading', { name })).toHaveCount(0);
  await expect.poll(async () => (await getJson<FavoriteList>(page, '/api/Member/Favorites')).favorites.map((f) => f.merchant.name)).not.toContain(name);

  // The restaurant page has the heart too, next to the name; it stays after a reload.
  const near = await getJson<MerchantSearchResponse>(page, NEAR);
  const merchant = near.merchants.find((m) => m.name === name) ?? near.merchants[0]!;
  await page.goto(partnerUrl(PARTNER, `/merchants/${merchant.id}`));
  const pageHeart = page.getByRole('button', { name: `Favorite ${merchant.name}` });
  await expect(pageHeart).toHaveAttribute('aria-pressed', 'false');
  await pageHeart.click();
  await expect(pageHeart).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(pageHeart).toHaveAttribute('aria-pressed', 'true');
  await pageHeart.click();
  await expect(pageHeart).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(async () => (await getJson<FavoriteList>(page, '/api/Member/Favorites')).favorites).toEqual([]);
  expect(errors).toEqual([]);
});

test('on a phone the map below the fold loads when the reader scrolls to it, and shows the restaurant there', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const maps: string[] = [];
  page.on('request', (r) => { if (/\/assets\/map-view-[^/]+\.js$/.test(r.url())) maps.push(r.url()); });
  const merchant = await findMerchant(page, () => true);
  await page.goto(partnerUrl(PARTNER, `/merchants/${merchant.id}`));
  await expect(page.getByRole('heading', { level: 1, name: merchant.name })).toBeVisible();
  const location = page.getByRole('region', { name: 'Location and contact' });
  await expect(location.locator('.leaflet-container')).toHaveCount(0);
  expect(maps).toEqual([]);
  await location.scrollIntoViewIfNeeded();
  await expect(location.locator('.leaflet-container')).toBeVisible();
  await expect(location.locator('.leaflet-marker-icon').first()).toBeVisible();
  expect(maps.length).toBe(1);
  await context.close();
});
