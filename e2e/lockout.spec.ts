import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectNoSeriousA11yIssues, partnerUrl, test } from './fixtures';

/**
 * Issue 25 item 2: a stranger typing wrong passwords for a member's e-mail locks password sign-in
 * against guessing, but does not keep the owner out: the owner is e-mailed, and the lock notice
 * sends a one-time sign-in link that works while the lock holds.
 */
const PARTNER = 'jetblue';
const EMAIL = 'select.card@jetblue.example.com';

async function trySignIn(page: Page, password: string) {
  await page.goto(partnerUrl(PARTNER, '/login'));
  await page.getByLabel(/^Email/).fill(EMAIL);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test("a stranger's wrong passwords do not keep the owner out: the owner signs in with the e-mailed link", async ({ browser, page, errors }) => {
  // The stranger, in a browser of their own.
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  for (let i = 1; i <= 5; i++) {
    await trySignIn(stranger, `Guess-${i}-password`);
    await expect(stranger.getByRole('alert').filter({ hasText: 'Invalid user name or password.' })).toBeVisible();
  }
  await trySignIn(stranger, 'Guess-6-password');
  await expect(stranger.getByRole('alert').filter({ hasText: /locked for 30 minutes/ })).toBeVisible();

  // The owner, on another device, with the right password: locked too, but offered a way in.
  await trySignIn(page, DEMO_PASSWORD);
  const notice = page.getByRole('alert').filter({ hasText: /locked for 30 minutes/ });
  await expect(notice).toContainText('one-time sign-in link');
  await expectNoSeriousA11yIssues(page);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toBeFocused();

  // The mailbox (the staging tools show the dev mailer's outbox): the lock notice and the link.
  await page.goto(partnerUrl(PARTNER, '/stgtools'));
  const mails = page.getByRole('listitem').filter({ hasText: `To ${EMAIL}` });
  await expect(mails.filter({ hasText: 'Password sign-in to your JetBlue Dining account is locked' })).toHaveCount(1);
  const mail = mails.filter({ hasText: 'Your JetBlue Dining sign-in link' }).first();
  await mail.getByText('Text body').click();
  const link = mail.getByRole('link', { name: /login\/link\?token=/ });
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href'))!;

  await page.goto(href);
  await expect(page.getByRole('heading', { name: 'Sign in with your link' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  const me = await page.evaluate(async () => (await fetch('/api/Member')).json() as Promise<{ email: string }>);
  expect(me.email).toBe(EMAIL);

  // The link works once; and the stranger is still locked out.
  const again = await browser.newContext();
  const other = await again.newPage();
  await other.goto(href);
  await other.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(other.getByRole('heading', { name: 'This link can no longer be used' })).toBeVisible();
  await trySignIn(stranger, DEMO_PASSWORD);
  await expect(stranger.getByRole('alert').filter({ hasText: /locked for 30 minutes/ })).toBeVisible();
  await again.close();
  await strangerContext.close();
  expect(errors).toEqual([]);
});
