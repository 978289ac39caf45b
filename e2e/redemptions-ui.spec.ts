import type { Page } from '@playwright/test';
import type { RedemptionOptionsResponse } from '../src/shared/schemas/redemptions';
import { HOLD_REASONS, MASKED_CARD_PLACEHOLDER, REDEMPTION_TERMS } from '../src/shared/constants/redemptions';
import { amountProblem } from '../src/shared/rules/redemptions';
import { apiCall, expect, expectNoSeriousA11yIssues, partnerUrl, signIn, test } from './fixtures';

/**
 * The Redeem page's own behaviour in a real browser against the real server (issue 28 item 1):
 * where it exists, the options as a radio group with why one is closed, the amount checked with
 * the shared rule, focus on each step, and the redemption's own page with its steps. The whole
 * journey (holds released in the console, gift cards delivered, limits) is another spec's.
 */

/** A fuel-credits member (a Credit partner: cash back under another name) nobody else's spec redeems with. */
const MEMBER = 'basic.card@fuelrewards.example.com';
const GIFT_CARD = REDEMPTION_TERMS.tremendous.label;

async function options(page: Page): Promise<RedemptionOptionsResponse> {
  return (await apiCall<RedemptionOptionsResponse>(page, '/api/Member/RedemptionOptions')).json;
}

/** Dines with the staging tools until the balance covers `cents` (the automatic statement credit is off, so it stays). */
async function fund(page: Page, cents: number) {
  const search = await apiCall<{ merchants: Array<{ id: number }> }>(page, '/api/v2/Merchants/Search?location=Chicago%2C%20IL&pageSize=30');
  const restaurants = search.json.merchants.map((m) => m.id);
  await expect(async () => {
    const now = (await options(page)).balanceCents;
    if (now < cents) await apiCall(page, '/api/stgtools/dines', { merchantId: restaurants.shift()!, amountCents: 60_000, clear: true });
    expect((await options(page)).balanceCents).toBeGreaterThanOrEqual(cents);
  }).toPass({ timeout: 60_000 });
}

test('a miles partner has no Redeem page and no tab for it', async ({ page }) => {
  await signIn(page, 'hilton', 'select.card@hilton.example.com');
  await page.goto(partnerUrl('hilton', '/account/redeem'));
  await expect(page.getByRole('heading', { level: 1, name: "That page isn't on our radar." })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Account centre' }).getByRole('link', { name: 'Redeem' })).toHaveCount(0);
});

test('Redeem: options with why one is closed, the amount checked, a confirmation, then the redemption and its steps', async ({ page, errors }) => {
  await signIn(page, 'fuelrewards', MEMBER);
  await page.goto(partnerUrl('fuelrewards', '/account/recent_activity'));
  await page.getByRole('region', { name: /^Your fuel credits/ }).getByRole('link', { name: 'Redeem your balance' }).click();
  await expect(page).toHaveURL(/\/account\/redeem$/);
  await expect(page.getByRole('navigation', { name: 'Account centre' }).getByRole('link', { name: 'Redeem' })).toHaveAttribute('aria-current', 'page');

  // The automatic statement credit off, with its switch, so what the dines earn stays in the balance.
  const toggle = page.getByRole('switch', { name: 'Pay my balance to my card automatically at $20.00' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(page.getByText('Automatic statement credit is off.')).toBeVisible();
  await expect(toggle).not.toBeChecked();
  // The gift card of one's choice starts at $5.00 (the demo member has about $10 after a year of dines).
  await fund(page, 500);
  await page.reload();

  const balance = (await options(page)).balanceCents;
  const group = page.getByRole('radiogroup', { name: 'How would you like your money?' });
  await expect(group.getByRole('radio')).toHaveCount(4);
  // Prepaid cards start at $25.00: closed below that, saying why, and read with the radio.
  const closed = balance < REDEMPTION_TERMS.visa.minCents;
  const visa = group.getByRole('radio', { name: /^Visa prepaid card/ });
  await expect(visa).toBeEnabled({ enabled: !closed });
  await expect(visa).toHaveAccessibleDescription(closed ? /Your balance is below this option's minimum of \$25\.00\./ : /^Minimum \$25\.00/);
  await expect(page.getByRole('region', { name: 'Your balance' })).toContainText(`$${(balance / 100).toFixed(2)}`);
  await expectNoSeriousA11yIssues(page);

  await group.getByRole('radio', { name: new RegExp(`^${GIFT_CARD.replace(/[()]/g, '\\$&')}`) }).check();
  const amount = page.getByRole('textbox', { name: /^Amount in dollars/ });
  await amount.fill('3');
  await amount.blur();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription(new RegExp(amountProblem('tremendous', 300)!.replace(/[().$]/g, '\\$&')));
  await amount.fill('5');
  await page.getByRole('button', { name: 'Continue' }).click();

  const confirm = page.getByRole('heading', { level: 2, name: 'Check and confirm' });
  await expect(confirm).toBeFocused();
  const summary = page.getByRole('region', { name: 'Check and confirm' });
  await expect(summary).toContainText('$5.00');
  await expect(summary).toContainText(MEMBER);
  await expect(summary).toContainText(REDEMPTION_TERMS.tremendous.arrives);
  const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/Member/Redemptions');
  await page.getByRole('button', { name: 'Redeem $5.00' }).click();
  const request = await sent;
  expect(request.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(request.postDataJSON()).toEqual({ option: 'tremendous', amountCents: 500, delivery: 'Email' });

  // Its own page: the heading takes focus; a first redemption waits for the team, and says so.
  await expect(page).toHaveURL(/\/account\/redeem\/rd_[0-9a-f]{32}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your redemption' })).toBeFocused();
  await expect(page.getByText(HOLD_REASONS.firstRedemption)).toBeVisible();
  const steps = page.getByRole('list', { name: 'Where it is' });
  await expect(steps.getByRole('listitem')).toHaveText([/Requested\s*Done/, /Accepted by the gift-card provider\s*Not yet/, /Sent to your e-mail\s*Not yet/]);
  await expectNoSeriousA11yIssues(page);

  // In the list: the masked placeholder, and no link but its own page.
  const id = new URL(page.url()).pathname.split('/').at(-1)!;
  await page.getByRole('link', { name: 'Back to Redeem' }).click();
  const row = page.getByRole('list', { name: 'Your redemptions' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: GIFT_CARD }) }).first();
  await expect(row).toContainText(MASKED_CARD_PLACEHOLDER);
  await expect(row.getByRole('link')).toHaveAttribute('href', `/account/redeem/${id}`);
  expect(errors).toEqual([]);
});
