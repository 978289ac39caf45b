import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yIssues, partnerUrl, PORT, test } from './fixtures';

/**
 * The map without the internet (issue 13 item 5): the base layer comes from our server only,
 * dense areas cluster, and on a phone the chosen restaurant's card shows on screen.
 */

// hilton: no sign-in notice over the page (delta's single sign-on has one).
const SEARCH = partnerUrl('hilton', '/search?location=10001');
const SHOTS = process.env.MAP_SCREENSHOTS_DIR ?? 'test-results/map';

/** Every host but ours is blocked; the blocked addresses are returned for the test to check. */
async function offline(page: Page): Promise<string[]> {
  const blocked: string[] = [];
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if ((url.hostname === 'localhost' || url.hostname.endsWith('.localhost')) && url.port === String(PORT)) return route.continue();
    blocked.push(url.href);
    return route.abort('internetdisconnected');
  });
  return blocked;
}

/** Distinct colours on the base layer's canvas: water, land and the lines drawn on it. */
async function baseCanvasColours(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('.leaflet-mapBase-pane canvas');
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return 0;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4 * 97) if (data[i + 3]! > 0) colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    return colours.size;
  });
}

const placeLabels = (page: Page) => page.locator('.leaflet-mapLabels-pane .leaflet-marker-icon span');

/**
 * On a phone: the search, switched to the map, a restaurant marker chosen with the keyboard
 * (clusters have no aria-pressed: zoomed in until they split). Answers the map and the card.
 */
async function chooseRestaurantOnPhoneMap(page: Page) {
  await page.goto(SEARCH);
  await page.getByRole('button', { name: 'Show map' }).click();
  const map = page.getByRole('region', { name: /Map of results/ });
  await expect(map).toHaveAttribute('data-base-layer', 'ready');
  const marker = map.locator('.leaflet-marker-pane [role="button"][aria-pressed]').first();
  await expect(map.locator('.leaflet-marker-pane [role="button"]').first()).toBeVisible();
  // Zoomed in until a cluster splits into markers: after each step, the marker within a bound (the zoom's animation), or the next step.
  const markerShown = () => marker.waitFor({ state: 'visible', timeout: 1_500 }).then(() => true, () => false);
  for (let i = 0; i < 4 && !(await markerShown()); i += 1) {
    await page.getByRole('button', { name: 'Zoom in', exact: true }).click();
  }
  await expect(marker).toBeVisible();
  await marker.focus();
  await page.keyboard.press('Enter');
  const card = page.getByRole('region', { name: 'Selected restaurant' });
  await expect(card).toBeVisible();
  return { map, card };
}

test.describe('the search map, offline', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('draws states, water and place names from our server, and clusters that zoom in', async ({ page, errors }) => {
    const blocked = await offline(page);
    const layers: string[] = [];
    page.on('response', (res) => { if (res.url().includes('/map/base/')) layers.push(`${res.status()} ${new URL(res.url()).pathname}`); });
    await page.goto(SEARCH);
    const map = page.getByRole('region', { name: /Map of results/ });
    await expect(map).toHaveAttribute('data-base-layer', 'ready');
    await expect(map.locator('.leaflet-marker-icon[role="button"]').first()).toBeVisible();
    expect(await baseCanvasColours(page)).toBeGreaterThan(2);
    await page.screenshot({ path: `${SHOTS}/desktop-search-close.png` });
    // A little further out, the places of the state (and its neighbour) are named.
    const zoomOut = page.getByRole('button', { name: 'Zoom out', exact: true });
    for (let i = 0; i < 2; i += 1) await zoomOut.click();
    await expect(placeLabels(page).first()).toBeVisible();
    expect(layers).toEqual(expect.arrayContaining(['200 /map/base/states.json', '200 /map/base/places-36.json', '200 /map/base/counties-36.json']));

    // Zoomed out, the results near one ZIP become one cluster, a button with its count.
    for (let i = 0; i < 4; i += 1) await zoomOut.click();
    const cluster = page.getByRole('button', { name: /restaurants here\. Zoom in to see them\./ }).first();
    await expect(cluster).toBeVisible();
    await expect(cluster).toHaveText(/^\d+$/);
    const countBefore = Number(await cluster.textContent());
    expect(countBefore).toBeGreaterThan(1);
    // At this zoom the big cities of the region are named (and counties are not drawn yet).
    await expect(placeLabels(page).filter({ hasText: /^(New York City|Philadelphia|Brooklyn|Newark)$/ }).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/desktop-search-clusters.png` });
    await expectNoSeriousA11yIssues(page);

    // Activating a cluster (keyboard) zooms in until it splits.
    const zoomBefore = await page.evaluate(() => document.querySelector('.leaflet-proxy')?.getAttribute('style') ?? '');
    await cluster.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.querySelector('.leaflet-proxy')?.getAttribute('style') ?? '')).not.toBe(zoomBefore);
    await expect.poll(async () => map.locator('.leaflet-marker-icon[role="button"]').count()).toBeGreaterThan(1);

    expect(blocked).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test.describe('the search map on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("shows the chosen restaurant's card on screen, over the map; Escape closes it", async ({ page, errors }) => {
    const blocked = await offline(page);
    const { map, card } = await chooseRestaurantOnPhoneMap(page);
    await expect(card).toBeFocused();
    await expect(card.getByRole('heading').first()).toBeVisible();
    const box = await card.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
    await page.screenshot({ path: `${SHOTS}/phone-selected-card.png` });
    await expectNoSeriousA11yIssues(page);

    await page.keyboard.press('Escape');
    await expect(card).toBeHidden();
    await expect(map.locator('.leaflet-marker-pane [aria-pressed="true"], .leaflet-marker-pane [aria-pressed="false"]').first()).toBeVisible();
    expect(blocked).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('Back from the chosen restaurant returns to the map with the same restaurant chosen', async ({ page, errors }) => {
    const blocked = await offline(page);
    const { card } = await chooseRestaurantOnPhoneMap(page);
    const name = (await card.getByRole('heading').first().textContent())!.trim();
    await card.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(/\/merchants\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    await page.goBack();
    await expect(page.getByRole('button', { name: 'Show list' })).toBeVisible();
    await expect(page.getByRole('region', { name: /Map of results/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Selected restaurant' }).getByRole('heading', { name })).toBeVisible();
    // The switch works as before after the return.
    await page.getByRole('button', { name: 'Show list' }).click();
    await expect(page.getByRole('button', { name: 'Show map' })).toBeVisible();
    expect(blocked).toEqual([]);
    expect(errors).toEqual([]);
  });
});
