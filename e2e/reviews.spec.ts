import type { Page } from '@playwright/test';
import type { TransactionsPage } from '../src/shared/schemas/rewards';
import type { ReviewStatus } from '../src/shared/schemas/reviews';
import { expect, expectNoSeriousA11yIssues, partnerUrl, signIn, test } from './fixtures';

/**
 * Verified reviews (issue 10): a member dines with the staging tools' "Dine now", follows the
 * review link of Reviews & History, writes the review, no longer sees the link, and finds the
 * review on the restaurant page marked as from a verified diner.
 */

const PARTNER = 'choice';
const EMAIL = 'select.card@choice.example.com';

async function getJson<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => (await (await fetch(p, { headers: { accept: 'application/json' } })).json()) as T, path);
}

/** The staging tools' "Dine now", authorised and cleared at once; answers the transaction id shown. */
async function dineNow(page: Page, merchantId: number): Promise<string> {
  await page.goto(partnerUrl(PARTNER, '/stgtools'));
  const form = page.getByRole('form', { name: 'Dine now' });
  await form.getByRole('textbox', { name: /Restaurant id/ }).fill(String(merchantId));
  await form.getByRole('textbox', { name: /Amount in dollars/ }).fill('64.20');
  await form.getByRole('radio', { name: /Authorise and clear/ }).check();
  await form.getByRole('button', { name: 'Dine now' }).click();
  const code = form.locator('code');
  await expect(code).toHaveText(/^stg-/);
  return (await code.textContent())!;
}

test('a diner reviews a visit from Reviews & History and sees it on the restaurant page, verified', async ({ page, errors }) => {
  test.setTimeout(120_000);
  await signIn(page, PARTNER, EMAIL);
  const near = await getJson<{ merchants: Array<{ id: number; name: string }> }>(page, '/api/v2/Merchants/Search?location=Chicago%2C%20IL&pageSize=30');

  // Restaurants differ (benefit days, blackout dates): dine until a visit the §5 rule lets be reviewed (not Forfeit or Deferred).
  let visit: { txnId: string; merchant: { id: number; name: string } } | null = null;
  for (const merchant of near.merchants.slice(0, 10)) {
    const txnId = await dineNow(page, merchant.id);
    let status = 'Pending';
    await expect(async () => {
      const rows = (await getJson<TransactionsPage>(page, '/api/Member/Transactions?pageNo=1&resultsPerPage=50')).data;
      const row = rows.find((r) => r.sourceTransactionId === txnId);
      expect(row).toBeDefined();
      status = row!.transactionStatus;
      expect(status).not.toBe('Pending');
    }).toPass({ timeout: 20_000 });
    if (status === 'Awarded' || status === 'Paid') {
      visit = { txnId, merchant };
      break;
    }
  }
  expect(visit, 'a restaurant near Chicago that rewards a dine now').not.toBeNull();
  const { txnId, merchant } = visit!;

  // Reviews & History: the newest row (this dine) has the review link.
  await page.goto(partnerUrl(PARTNER, '/account/recent_activity'));
  const link = page.getByRole('link', { name: `Write a review of ${merchant.name}` }).first();
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', `/account/recent_activity/review/${encodeURIComponent(txnId)}`);
  await link.click();

  await expect(page.getByRole('heading', { level: 1, name: 'Write a review' })).toBeVisible();
  await expect(page.getByText(merchant.name, { exact: true })).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // Sending with a rating missing: the error is on its group and focus goes there.
  await page.getByRole('group', { name: /^Food/ }).getByRole('radio', { name: /^5 stars/ }).check();
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByRole('group', { name: /^Service/ })).toContainText('Rate the service from 1 to 5 stars.');
  await expect(page.getByRole('group', { name: /^Service/ }).getByRole('radio').first()).toBeFocused();
  await expectNoSeriousA11yIssues(page);

  // Keyboard: arrow keys move along a group's stars.
  await page.getByRole('group', { name: /^Service/ }).getByRole('radio', { name: /^3 stars/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('group', { name: /^Service/ }).getByRole('radio', { name: /^4 stars/ })).toBeChecked();
  await page.getByRole('group', { name: /^Ambience/ }).getByRole('radio', { name: /^4 stars/ }).check();
  await page.getByRole('group', { name: /^Value/ }).getByRole('radio', { name: /^3 stars/ }).check();
  const comment = `Crisp fries and a warm welcome (${txnId.slice(-6)}).`;
  await page.getByRole('textbox', { name: /Comment/ }).fill(`   ${comment}   `);
  await page.getByRole('button', { name: 'Submit review' }).click();

  await expect(page.getByRole('heading', { name: 'Thank you for your review' })).toBeFocused();
  await expect(page.getByText('Verified diner').first()).toBeVisible();

  // The link is gone from Reviews & History, and the status says completed.
  await page.getByRole('link', { name: 'Back to Reviews & History' }).click();
  await expect(page).toHaveURL(/\/account\/recent_activity$/);
  await expect(page.getByRole('list', { name: /Activity/ })).toBeVisible();
  await expect(page.getByRole('list', { name: /Activity/ }).getByRole('listitem').first()).toContainText(merchant.name);
  await expect(page.getByRole('list', { name: /Activity/ }).getByRole('listitem').first().getByRole('link', { name: /Write a review/ })).toHaveCount(0);
  expect(await getJson<ReviewStatus[]>(page, `/api/reviews/status?txnId=${encodeURIComponent(txnId)}`)).toEqual([{ id: txnId, completed: true }]);

  // Opening the form again shows the review written, not a second form.
  await page.goto(partnerUrl(PARTNER, `/account/recent_activity/review/${encodeURIComponent(txnId)}`));
  await expect(page.getByText('You have already reviewed this visit.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit review' })).toHaveCount(0);

  // The restaurant page: the review, newest first, from a verified diner, with its sub-ratings.
  await page.goto(partnerUrl(PARTNER, `/merchants/${merchant.id}`));
  const verified = page.getByRole('region', { name: 'From verified diners' });
  await expect(verified).toBeVisible();
  const review = verified.getByTestId('verified-review').first();
  await expect(review).toContainText(comment);
  await expect(review).toContainText('Verified diner');
  await expect(review).toContainText('Sam');
  await expect(review).toContainText('Food5/5');
  await expect(review).toContainText('Service4/5');
  await expectNoSeriousA11yIssues(page);
  expect(errors).toEqual([]);
});

test('a visitor following a review link is asked to sign in', async ({ page }) => {
  await page.goto(partnerUrl(PARTNER, '/account/recent_activity/review/stg-anything'));
  await expect(page).toHaveURL(/\/login/);
});
