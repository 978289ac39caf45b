import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yIssues, partnerUrl, rewardingRestaurant, signIn, test } from './fixtures';

const PASSWORD = 'Dining2026!';

/** The staging tools' "Dine now" form, as a tester uses it; answers the transaction id shown. */
async function dineNow(page: Page, partner: string, opts: { merchantId: number; dollars: string; clear: boolean }): Promise<string> {
  await page.goto(partnerUrl(partner, '/stgtools'));
  const form = page.getByRole('form', { name: 'Dine now' });
  await form.getByRole('textbox', { name: /Restaurant id/ }).fill(String(opts.merchantId));
  await form.getByRole('textbox', { name: /Amount in dollars/ }).fill(opts.dollars);
  await form.getByRole('radio', { name: opts.clear ? /Authorise and clear/ : /Authorise only/ }).check();
  await form.getByRole('button', { name: 'Dine now' }).click();
  const code = form.locator('code');
  await expect(code).toHaveText(/^stg-/);
  return (await code.textContent())!;
}

/** The overview's VIP meter: this year's qualified dines (aria-valuenow) and the words under it. */
async function vipMeter(page: Page, partner: string) {
  await page.goto(partnerUrl(partner, '/account/overview'));
  const region = page.getByRole('region', { name: /^(VIP progress for|VIP status$|Keep VIP in)/ });
  await expect(region).toBeVisible();
  const meter = region.getByRole('progressbar', { name: 'Qualifying dines' });
  const done = (await meter.count()) ? Number(await meter.getAttribute('aria-valuenow')) : null;
  return { done, text: (await region.textContent()) ?? '' };
}

/** Reviews & History, reloaded until `ready` holds (the engine applies events within seconds). */
async function activityUntil(page: Page, partner: string, ready: () => Promise<void>, timeout = 20_000) {
  await expect(async () => {
    await page.goto(partnerUrl(partner, '/account/recent_activity'));
    await expect(page.getByRole('heading', { level: 1, name: 'Reviews & History' })).toBeVisible();
    await ready();
  }).toPass({ timeout, intervals: [1_000, 2_000] });
}

/**
 * How many redemptions (statement credits among them) the member has, once Reviews & History's
 * Redemptions section has loaded (it shows while its spinner does): none, the rows shown, or, when
 * there are more than the newest few, the total its count line gives.
 */
async function redemptionTotal(redemptions: Locator, timeout = 10_000): Promise<number> {
  const list = redemptions.getByRole('list', { name: 'Redemptions', exact: true });
  const none = redemptions.getByText('No redemptions yet.', { exact: true });
  await expect(list.or(none)).toBeVisible({ timeout });
  if (await none.isVisible()) return 0;
  const more = redemptions.getByText(/^The newest \d+ of \d+\.$/);
  if (await more.count()) return Number(/of (\d+)/.exec((await more.textContent()) ?? '')?.[1]);
  return list.getByRole('listitem').count();
}

test.describe('rewards', () => {
  test('a card member dines with "Dine now": Pending while only authorised, the same dine Awarded with its points once cleared, and the VIP meter moves', async ({ page, browser, errors }) => {
    test.setTimeout(180_000);
    const restaurant = await rewardingRestaurant(browser, 'basic.card@hilton.example.com');
    await signIn(page, 'hilton', 'select.card@hilton.example.com');
    const before = await vipMeter(page, 'hilton');

    // Authorised only: the dine shows at the top, dimmed, "Pending Review" (hotel wording).
    const transactionId = await dineNow(page, 'hilton', { merchantId: restaurant.id, dollars: '35.00', clear: false });
    const history = await page.context().newPage();
    const rows = history.getByRole('list', { name: /^Activity/ }).getByRole('listitem');
    await activityUntil(history, 'hilton', async () => {
      await expect(rows.first()).toContainText(restaurant.name, { timeout: 1_000 });
      await expect(rows.first()).toContainText('$35.00', { timeout: 1_000 });
    });
    await expect(rows.first()).toContainText('Pending Review');
    await expect(rows.first().getByRole('link', { name: restaurant.name, exact: true })).toHaveAttribute('href', `/merchants/${restaurant.id}`);
    const count = await rows.count();
    await expectNoSeriousA11yIssues(history);

    // The network clears the same purchase with the tip: Awarded (no status label) with 6 points
    // per $1 at Select: $41.50 → 249 points, on the same row (no second dine).
    const clearing = page.getByRole('group', { name: 'Clear this dine' });
    await clearing.getByRole('textbox', { name: /Cleared amount/ }).fill('41.50');
    await clearing.getByRole('button', { name: 'Clear this dine' }).click();
    await expect(page.getByRole('form', { name: 'Dine now' })).toContainText(`authorised and cleared: transaction ${transactionId}`);
    await activityUntil(history, 'hilton', async () => {
      await expect(rows.first()).toContainText('$41.50', { timeout: 1_000 });
    });
    const awarded = rows.first();
    await expect(awarded).toContainText(restaurant.name);
    await expect(awarded).toContainText('249 points');
    await expect(awarded).not.toContainText(/Pending|Expired|Deferred|\$35\.00/);
    await expect(awarded.getByRole('heading', { level: 3 })).toHaveText(restaurant.name);
    expect(await rows.count()).toBe(count);

    // The meter counts the qualified dine (up to the 11 that make VIP), or its words change.
    const after = await vipMeter(page, 'hilton');
    if (before.done !== null && before.done < 11) expect(after.done).toBe(before.done + 1);
    else expect(after.text).not.toBe(before.text);
    await expectNoSeriousA11yIssues(page);
    expect(errors).toEqual([]);
  });

  test('a cash-back member sees the balance grow to the payout breakpoint and a statement credit paid', async ({ page, browser, errors }) => {
    test.setTimeout(240_000);
    const restaurant = await rewardingRestaurant(browser, 'basic.card@hilton.example.com');
    await signIn(page, 'nosh', 'select.card@nosh.example.com');
    await page.goto(partnerUrl('nosh', '/account/recent_activity'));
    const panel = page.getByRole('region', { name: 'Your cash back' });
    await expect(panel.getByRole('progressbar', { name: 'Rewards balance' })).toHaveAttribute('aria-valuemax', '20');
    // Statement credits are listed once, among the redemptions.
    const redemptions = page.getByRole('region', { name: 'Redemptions', exact: true });
    const redemptionsBefore = await redemptionTotal(redemptions);
    await expect(page.getByRole('region', { name: /statement credits/i })).toHaveCount(0);
    await expectNoSeriousA11yIssues(page);

    // The tooltip of the balance opens from the keyboard.
    const info = panel.getByRole('button', { name: 'About your rewards balance' });
    await info.focus();
    await expect(page.getByRole('tooltip')).toContainText('statement credit');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip')).toBeHidden();

    // 5 % cash back at Select: $450 earns $22.50, over the $20 breakpoint; the payout job (every minute) pays it.
    await dineNow(page, 'nosh', { merchantId: restaurant.id, dollars: '450.00', clear: true });
    await activityUntil(page, 'nosh', async () => {
      expect(await redemptionTotal(redemptions, 1_000)).toBe(redemptionsBefore + 1);
      // The balance paid out is below the breakpoint again (read on the same load as the credits).
      await expect(panel.getByRole('progressbar', { name: 'Rewards balance' })).toHaveAttribute('aria-valuenow', /^(1?\d(\.\d+)?)$/, { timeout: 1_000 });
    }, 150_000);
    // The newest redemption is the automatic statement credit: read as such, with its amount, the
    // card it went to, the day it was made and its status.
    const credit = redemptions.getByRole('listitem').first();
    await expect(credit.getByRole('heading', { level: 3 })).toHaveText('Statement credit to a linked card (automatic)');
    await expect(credit).toContainText(/\$\d+\.\d\d/);
    await expect(credit).toContainText(/to (Visa|Mastercard|Amex|Discover) ending in \d{4}/);
    await expect(credit.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expect(credit).toContainText(/Status: (Requested|On its way|Completed [A-Z][a-z]{2} \d{1,2}, \d{4})$/);
    const row = page.getByRole('list', { name: /^Activity/ }).getByRole('listitem').filter({ hasText: '$450.00' }).first();
    await expect(row).toContainText('$22.50');
    await expectNoSeriousA11yIssues(page);
    expect(errors).toEqual([]);
  });

  test('a visitor who opens Reviews & History is sent to sign in, and comes back after', async ({ page }) => {
    await page.goto(partnerUrl('hilton', '/account/recent_activity'));
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel(/^Email/).fill('select.card@hilton.example.com');
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/account\/recent_activity$/);
    await expect(page.getByRole('navigation', { name: 'Account centre' }).getByRole('link', { name: 'Reviews & History' })).toHaveAttribute('aria-current', 'page');
  });

  test('search tiles and the restaurant page show the signed-in member\'s earning', async ({ page }) => {
    // A tile says what a dine there now earns: restaurants outside their hours say so to everyone.
    await page.goto(partnerUrl('hilton', '/search?location=Chicago%2C%20IL'));
    const tiles = page.getByRole('list', { name: 'Restaurants' }).getByRole('article');
    await expect(tiles.filter({ hasText: 'Sign in to see offers' }).first()).toBeVisible();
    await signIn(page, 'hilton', 'select.card@hilton.example.com');
    await page.goto(partnerUrl('hilton', '/search?location=Chicago%2C%20IL'));
    const earning = tiles.filter({ hasText: '6 points per $1' }).first();
    await expect(earning).toBeVisible();
    await expect(page.getByText('Sign in to see offers')).toHaveCount(0);
    const name = (await earning.getByRole('heading').textContent())!;
    await earning.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/merchants\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Offers' })).toContainText('6 points per $1');
  });
});
