import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, partnerUrl, PORT, test } from './fixtures';

/**
 * Issue 25, item 1: signing out of a single sign-on partner (delta, development identity provider)
 * ends our session and the provider's, from every page, and lands on delta's signed-out page; the
 * next sign-in asks for the password again instead of signing the member silently back in.
 */

const PROVIDER = `http://localhost:${PORT}/oidc`;
const SIGNED_OUT = new RegExp(`^http://delta\\.localhost:${PORT}/SignOut$`);

/** Messages Chromium prints when the Content-Security-Policy blocks something (a form, a redirect). */
function watchCsp(page: Page): string[] {
  const blocked: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
  });
  return blocked;
}

/**
 * From delta's sign-in page to the provider, which must ask for the password (its session is not
 * alive: otherwise it would send the browser straight back, signed in), and back signed in.
 */
async function signInAskingPassword(page: Page, email: string) {
  await page.goto(partnerUrl('delta', '/login'));
  await page.getByRole('link', { name: /^Sign in with/ }).click();
  await expect(page).toHaveURL(new RegExp(`^${PROVIDER}/interaction/`));
  await expect(page.getByLabel('Password')).toBeVisible();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Back on delta (the account centre, or the page saved as the login redirect), signed in.
  await expect(page).toHaveURL(/^http:\/\/delta\.localhost:\d+\//);
  await expect(page.getByRole('button', { name: /^Hi, |^Main menu$/ }).first()).toBeVisible();
  expect(await page.evaluate(async () => (await fetch('/api/Member')).status)).toBe(200);
}

/** Both sessions ended: delta's signed-out page says so, and delta knows no member any more. */
async function expectSignedOutPage(page: Page) {
  // Generous: on a busy machine the search page's own work can hold the sign-out call for seconds.
  await expect(page).toHaveURL(SIGNED_OUT, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'You have been signed out' })).toBeVisible();
  expect(await page.evaluate(async () => (await fetch('/api/Member')).status)).toBe(401);
}

test.describe('single sign-on sign-out', () => {
  test('from home, search and an account page: both sessions end, the signed-out page shows, the next sign-in asks for the password', async ({ page, errors }) => {
    const blocked = watchCsp(page);
    // The provider's pages visited on the way out: its "Signing out" page must not stop the browser.
    const providerPages: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame() && f.url().startsWith(PROVIDER)) providerPages.push(new URL(f.url()).pathname);
    });

    await signInAskingPassword(page, 'select.card@sso.example.com');

    for (const from of ['/', '/search', '/account/overview']) {
      await test.step(`sign out from ${from}`, async () => {
        await page.goto(partnerUrl('delta', from));
        const menu = page.getByRole('button', { name: 'Hi, Sam' });
        await expect(menu).toBeVisible();
        providerPages.length = 0;
        await menu.click();
        await page.getByRole('button', { name: 'Sign out' }).click();
        await expectSignedOutPage(page);
        // Out through the provider's end_session endpoint (RP-initiated logout), not around it.
        expect(providerPages).toContain('/oidc/session/end');
        expect(blocked).toEqual([]);
      });
      await test.step(`the next sign-in after signing out from ${from} asks for the password`, async () => {
        await signInAskingPassword(page, 'select.card@sso.example.com');
      });
    }
    expect(errors).toEqual([]);
  });

  test('on a phone, from the main menu of an account page', async ({ page, errors }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const blocked = watchCsp(page);
    // A non-card member: no account dropdown, Sign out sits in the main menu.
    await signInAskingPassword(page, 'select.noncard@sso.example.com');
    await page.goto(partnerUrl('delta', '/account/user_profile'));
    await expect(page.getByRole('heading', { level: 1, name: 'Member Profile' })).toBeVisible();
    await page.getByRole('button', { name: 'Main menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Sign out' }).click();
    await expectSignedOutPage(page);
    expect(blocked).toEqual([]);
    await signInAskingPassword(page, 'select.noncard@sso.example.com');
    expect(errors).toEqual([]);
  });
});
