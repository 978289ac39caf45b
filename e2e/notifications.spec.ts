import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yIssues, partnerUrl, signIn, test } from './fixtures';

const PARTNER = 'caesars';
const EMAIL = 'select.card@caesars.example.com';

/** The outbox of the staging tools, refreshed until this member's mail with this subject shows (the job runs every 15 s). */
async function waitForMail(page: Page, subject: RegExp) {
  const outbox = page.getByRole('region', { name: 'Outbox' });
  // The outbox also lists the other demo accounts' mails (their demo history's last days).
  const mail = outbox.getByRole('listitem').filter({ hasText: subject }).filter({ hasText: `To ${EMAIL}` });
  await expect(async () => {
    await outbox.getByRole('button', { name: 'Refresh' }).click();
    await expect(mail.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 75_000, intervals: [3_000] });
  return mail.first();
}

test.describe('reward notifications', () => {
  test('"Dine now" produces its mails: seen with the amount before tip, then the result once cleared', async ({ page, errors }) => {
    test.setTimeout(180_000);
    await signIn(page, PARTNER, EMAIL);
    const search = await page.evaluate(async () => (await (await fetch('/api/v2/Merchants/Search?location=Chicago%2C%20IL&pageSize=5')).json()) as { merchants: Array<{ id: number; name: string }> });
    const restaurant = search.merchants[0]!;

    await page.goto(partnerUrl(PARTNER, '/stgtools'));
    const form = page.getByRole('form', { name: 'Dine now' });
    await form.getByRole('textbox', { name: /Restaurant id/ }).fill(String(restaurant.id));
    await form.getByRole('textbox', { name: /Amount in dollars/ }).fill('35.00');
    await form.getByRole('radio', { name: /Authorise only/ }).check();
    await form.getByRole('button', { name: 'Dine now' }).click();
    await expect(form.locator('code')).toHaveText(/^stg-/);

    const name = restaurant.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const seen = await waitForMail(page, new RegExp(`^We saw your visit to ${name}`));
    await expect(seen).toContainText(`To ${EMAIL}`);
    await seen.getByText('Text body').click();
    await expect(seen).toContainText('$35.00 before tip');
    await expect(seen).toContainText(/Expected to post by [A-Z][a-z]+ \d{1,2}, \d{4}\./);
    await expect(seen.getByRole('link', { name: /\/account\/recent_activity$/ })).toBeVisible();
    await expectNoSeriousA11yIssues(page);

    // Cleared with the tip: the result — earned, or not earned with the reason (restaurants differ in hours and blackout days).
    const clearing = page.getByRole('group', { name: 'Clear this dine' });
    await clearing.getByRole('textbox', { name: /Cleared amount/ }).fill('41.50');
    await clearing.getByRole('button', { name: 'Clear this dine' }).click();
    const result = await waitForMail(page, new RegExp(`^(You earned \\d[\\d,]* points? at ${name}|Your visit to ${name} did not earn points)`));
    await result.getByText('Text body').click();
    await expect(result).toContainText(/The final amount was \$41\.50, tip included\.|Why: /);
    expect(errors).toEqual([]);
  });
});
