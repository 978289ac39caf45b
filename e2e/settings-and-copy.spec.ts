import type { Page } from '@playwright/test';
import type { MerchantDetail, MerchantSearchResponse } from '../src/shared/schemas/merchant';
import { expect, expectNoSeriousA11yIssues, partnerUrl, signIn, test } from './fixtures';

/**
 * Issue 25 items 12 and 13, as a visitor and members meet them: a credit partner's panel names its
 * own currency, a site without enrolment never asks to link a card, and Order online leads to the
 * restaurant's own ordering page.
 */

async function getJson<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => (await (await fetch(p, { headers: { accept: 'application/json' } })).json()) as T, path);
}

for (const [partner, currency] of [['fuelrewards', 'fuel credits'], ['tmobile', 'dining credits']] as const) {
  test(`${partner}: the rewards panel and its tooltip speak of ${currency}, never cash back`, async ({ page, errors }) => {
    await signIn(page, partner, `select.card@${partner}.example.com`);
    await page.goto(partnerUrl(partner, '/account/recent_activity'));
    const panel = page.getByRole('region', { name: `Your ${currency}` });
    await expect(panel.getByRole('progressbar', { name: 'Rewards balance' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your cash back' })).toHaveCount(0);
    await panel.getByRole('button', { name: 'About your rewards balance' }).focus();
    await expect(page.getByRole('tooltip')).toContainText(`What you have earned in ${currency}`);
    await expect(page.locator('main')).not.toContainText(/cash back/i);
    await expectNoSeriousA11yIssues(page);
    expect(errors).toEqual([]);
  });
}

test('daak (no enrolment): the home page speaks of the DAAK card, never of linking one or joining, in whole sentences', async ({ page, errors }) => {
  for (const size of [{ width: 390, height: 844 }, { width: 1280, height: 900 }]) {
    await page.setViewportSize(size);
    await page.goto(partnerUrl('daak', '/'));
    const main = page.locator('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main).toContainText('Pay with your DAAK card');
    const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
    expect(text).not.toMatch(/link (a|any|your) card|linked card/i);
    expect(text).not.toMatch(/[^.]\.\.(?!\.)/);
    await expect(page.locator('a[href="/join"], a[href="/add_card"]')).toHaveCount(0);
  }
  await expectNoSeriousA11yIssues(page);
  expect(errors).toEqual([]);
});

test('Order online: the restaurant\'s own ordering page opens from the dialog, with its name and menu', async ({ page, context, errors }) => {
  await page.goto(partnerUrl('hilton', '/'));
  const near = await getJson<MerchantSearchResponse>(page, '/api/v2/Merchants/Search?location=Nashville%2C%20TN&pageSize=60&features=onlineOrdering');
  let merchant: MerchantDetail | null = null;
  for (const m of near.merchants) {
    const detail = await getJson<MerchantDetail>(page, `/api/merchants/${m.id}`);
    if (detail.orderOnline) { merchant = detail; break; }
  }
  expect(merchant).not.toBeNull();
  const m = merchant!;
  const orderUrls = [m.orderOnline!.delivery, m.orderOnline!.takeout].filter((url): url is string => url !== null);
  expect(orderUrls.length).toBeGreaterThan(0);
  for (const url of orderUrls) expect(url).toMatch(new RegExp(`^/demo-restaurants/${m.id}/order\\?mode=(delivery|takeout)$`));

  await page.goto(partnerUrl('hilton', `/merchants/${m.id}`));
  await page.getByRole('link', { name: 'Order online' }).click();
  const dialog = page.getByRole('dialog', { name: `Order online from ${m.name}` });
  await expect(dialog).toBeVisible();
  const link = dialog.getByRole('link', { name: /Order (delivery|takeout)/ }).first();
  const mode = (await link.getAttribute('href'))!.endsWith('delivery') ? 'Delivery' : 'Takeout';
  const [ordering] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await ordering.waitForLoadState();
  expect(ordering.url()).toBe(partnerUrl('hilton', `/demo-restaurants/${m.id}/order?mode=${mode.toLowerCase()}`));
  await expect(ordering.getByRole('heading', { level: 1, name: m.name })).toBeVisible();
  await expect(ordering.getByRole('navigation', { name: 'How to order' }).getByRole('link', { name: mode })).toHaveAttribute('aria-current', 'page');
  await expect(ordering.getByRole('heading', { level: 2, name: 'Mains' })).toBeVisible();
  await expect(ordering.getByRole('note')).toContainText('no order is placed or charged here');
  await expectNoSeriousA11yIssues(ordering);
  // Back to the restaurant on the rewards site.
  await ordering.getByRole('link', { name: `Back to ${m.name} on the rewards site` }).click();
  await expect(ordering.getByRole('heading', { level: 1, name: m.name })).toBeVisible();
  expect(errors).toEqual([]);
});
