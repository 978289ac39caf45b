import { expect, expectNoSeriousA11yIssues, partnerUrl, test } from './fixtures';

test.describe('searching restaurants', () => {
  test('a visitor searches a ZIP, switches to the map, filters by price and opens a restaurant', async ({ page, errors }) => {
    await page.setViewportSize({ width: 414, height: 860 });
    // A Wednesday at 2 pm in New York: what a visit would earn follows the restaurant's own days and
    // hours (many earn nothing on Mondays and Tuesdays), so the page's clock is set, not the day the
    // test happens to run on. Time flows on from there.
    await page.clock.install({ time: new Date('2026-12-02T19:00:00Z') });
    await page.goto(partnerUrl('hilton', '/search'));
    const form = page.getByRole('search', { name: 'Restaurants' });
    if (!(await form.isVisible())) await page.getByRole('button', { name: 'Change search' }).click();
    await page.getByLabel('City, state or ZIP').fill('10001');
    await page.getByRole('button', { name: 'Search', exact: true }).click();

    const results = page.getByRole('list', { name: 'Restaurants' });
    await expect(results.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 }).filter({ hasText: /restaurants? near New York, NY 10001/i })).toBeVisible();
    await expect(page).toHaveURL(/location=10001/);
    await expectNoSeriousA11yIssues(page);

    // Map mode on a small screen: markers for the results, and back to the list.
    await page.getByRole('button', { name: 'Show map' }).click();
    const map = page.getByRole('region', { name: 'Map', exact: true });
    await expect(map).toBeVisible();
    // Restaurant markers and clusters are buttons (place names on the base layer are not).
    const markers = map.locator('.leaflet-marker-pane .leaflet-marker-icon[role="button"]');
    await expect(markers.first()).toBeVisible();
    // Near one ZIP the results may sit in one cluster: the map stands for more than one restaurant.
    const shown = await markers.evaluateAll((els) => els.reduce((n, el) => n + (/^\d+$/.test(el.textContent ?? '') ? Number(el.textContent) : 1), 0));
    expect(shown).toBeGreaterThan(1);
    await page.getByRole('button', { name: 'Show list' }).click();
    await expect(results).toBeVisible();

    // Filter by price: only $ and $$ remain.
    await page.getByRole('button', { name: /^Filters/ }).click();
    // The filters live in the address (back button works), so a box shows ticked once the URL changed.
    const cheap = page.getByRole('checkbox', { name: /\$ Inexpensive/ });
    await cheap.click();
    await expect(cheap).toBeChecked();
    const moderate = page.getByRole('checkbox', { name: /\$\$ Moderate/ });
    await moderate.click();
    await expect(moderate).toBeChecked();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page).toHaveURL(/priceRange=1/);
    await expect(page).toHaveURL(/priceRange=2/);
    await expect(results.getByRole('listitem').first()).toBeVisible();
    const prices = await results.locator('[data-price]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-price'))));
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((p) => p === 1 || p === 2)).toBe(true);

    // Open the first restaurant.
    const first = results.getByRole('listitem').first().getByRole('link').first();
    const name = (await results.getByRole('listitem').first().getByRole('heading').first().innerText()).trim();
    await first.click();
    await expect(page).toHaveURL(/\/merchants\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Sign in to see offers').first()).toBeVisible();
    await expect(page.getByRole('link', { name: /back/i })).toBeVisible();
    // The map loads when the reader scrolls to it (below the fold on a phone).
    await page.getByRole('region', { name: 'Location and contact' }).scrollIntoViewIfNeeded();
    await expect(page.locator('.leaflet-marker-pane .leaflet-marker-icon')).toHaveCount(1);
    await expect(page.getByRole('table').or(page.getByRole('heading', { name: /opening hours/i })).first()).toBeVisible();
    await expectNoSeriousA11yIssues(page);
    expect(errors).toEqual([]);
  });

  test('wide screens show the list and the map side by side; an unknown place is explained', async ({ page, errors }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(partnerUrl('american', '/search?location=Chicago%2C%20IL'));
    await expect(page.getByRole('list', { name: 'Restaurants' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Map', exact: true })).toBeVisible();
    await expectNoSeriousA11yIssues(page);

    await page.getByLabel('City, state or ZIP').fill('Xyzzyville');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText(/We couldn't find "Xyzzyville"/).first()).toBeVisible();
    await expect(page.getByLabel('City, state or ZIP')).toBeFocused();
    expect(errors).toEqual([]);
  });
});
