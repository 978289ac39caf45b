import type { Page } from '@playwright/test';
import { withCheckCharacter } from '../src/shared/rules/partner-number';
import { expect, expectNoSeriousA11yIssues, partnerUrl, test } from './fixtures';

const PASSWORD = 'Dining2026!';

async function signIn(page: Page, partner: string, username: string, password: string, stay = false) {
  await page.goto(partnerUrl(partner, '/login'));
  await page.getByLabel(/^Email/).fill(username);
  await page.getByLabel(/^Password/).fill(password);
  if (stay) await page.getByRole('checkbox', { name: /signed in/i }).check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test.describe('members', () => {
  test('a visitor joins a direct partner and reaches the account centre', async ({ page, errors }) => {
    const stamp = Date.now().toString(36).toUpperCase().slice(-4);
    const email = `new.${stamp.toLowerCase()}@example.com`;
    await page.goto(partnerUrl('hilton', `/join?email=${encodeURIComponent(email)}`));
    await expect(page.getByLabel(/^Email/)).toHaveValue(email);
    await page.getByLabel(/SkyRewards|number/i).first().fill(withCheckCharacter(`J${stamp}9`.slice(0, 6)));
    await page.getByLabel(/^Password/).fill('Tasty-meal-42');
    await page.getByLabel(/^Confirm password/).fill('Tasty-meal-42');
    await page.getByLabel(/^First name/).fill('Jamie');
    await page.getByLabel(/^Last name/).fill('Rivera');
    await page.getByLabel(/ZIP code/).fill('10001');
    await expectNoSeriousA11yIssues(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    // Step 2 offers to add a card; skip it and go to the account centre.
    await expect(page).toHaveURL(/\/add_card/);
    await page.getByRole('link', { name: 'No thanks' }).click();
    await page.goto(partnerUrl('hilton', '/account'));
    await expect(page).toHaveURL(/\/account\/overview$/);
    await expect(page.getByRole('heading', { name: /Account Overview/i }).first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: /account/i }).getByRole('link', { name: 'Profile' })).toBeVisible();
    await expectNoSeriousA11yIssues(page);
    expect(errors).toEqual([]);
  });

  test('a member signs out and in again with "stay signed in"', async ({ page, context }) => {
    await signIn(page, 'wynd', 'select.card@wynd.example.com', PASSWORD);
    // /account redirects to its overview; the menu closes on navigation, so open it once settled.
    await expect(page).toHaveURL(/\/account\/overview$/);
    const signOut = page.getByRole('menuitem', { name: 'Sign out' }).or(page.getByRole('button', { name: 'Sign out' })).or(page.getByRole('link', { name: 'Sign out' })).first();
    // Open the menu and click Sign out as one step, tried again if the menu closed in between
    // (a click would otherwise wait for a hidden item until the test's time runs out).
    await expect(async () => {
      if (!(await signOut.isVisible())) await page.getByRole('button', { name: /Hi, / }).click({ timeout: 2000 });
      await signOut.click({ timeout: 2000 });
    }).toPass({ timeout: 15_000 });
    // Signing out reloads the account page, which sends a signed-out visitor to sign in.
    await expect(page).toHaveURL(/\/login/);
    await page.waitForLoadState('load');
    await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
    expect(await page.evaluate(async () => (await fetch('/api/Member')).status)).toBe(401);

    await signIn(page, 'wynd', 'select.card@wynd.example.com', PASSWORD, true);
    // Back to the saved login-redirect page (the page visited before signing in).
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page.getByRole('button', { name: /Hi, / })).toBeVisible();
    const session = (await context.cookies()).find((c) => c.name === 'rn_session')!;
    // A persistent cookie of about 90 days, not a browser-session cookie.
    expect(session.expires * 1000 - Date.now()).toBeGreaterThan(80 * 24 * 3600 * 1000);
    expect(session.httpOnly).toBe(true);
  });

  test('a member locked out by wrong passwords recovers with the e-mailed link', async ({ page }) => {
    const email = 'select.noncard@ihg.example.com';
    for (let i = 0; i < 5; i++) {
      await signIn(page, 'ihg', email, 'Wrong-password-1');
      // Each wrong password, the fifth too, is answered as one; only the next attempt hears 'locked'.
      await expect(page.getByText('Invalid user name or password.')).toBeVisible();
    }
    await signIn(page, 'ihg', email, 'Wrong-password-1');
    await expect(page.getByText(/locked for 30 minutes/i)).toBeVisible();
    await page.getByRole('link', { name: 'Reset your password' }).first().click();
    await expect(page).toHaveURL(/\/recover/);
    await page.getByLabel(/^Email/).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

    // The staging tools show the outbox; follow the link as the member would from the e-mail.
    await page.goto(partnerUrl('ihg', '/stgtools'));
    const mail = page.getByRole('listitem').filter({ hasText: `To ${email}` }).first();
    await mail.getByText('Text body').click();
    const link = mail.getByRole('link', { name: /recover\/update/ });
    await expect(link).toBeVisible();
    await page.goto((await link.getAttribute('href'))!);
    await expect(page).toHaveURL(/\/recover\/update\?token=/);
    await page.getByLabel(/^New password/).fill('Fresh-start-2026');
    await page.getByLabel(/^Confirm new password/).fill('Fresh-start-2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible();

    await signIn(page, 'ihg', email, 'Fresh-start-2026');
    // Back to the page visited before signing in (the saved login-redirect value).
    await expect(page).toHaveURL(/\/stgtools$/);
    expect(await page.evaluate(async () => (await fetch('/api/Member')).status)).toBe(200);
  });

  test('a member of a single sign-on partner signs in through the identity provider', async ({ page, errors }) => {
    await page.goto(partnerUrl('delta', '/login'));
    await page.getByRole('link', { name: /^Sign in with/ }).click();
    await expect(page.getByLabel('E-mail address')).toBeVisible();
    await page.getByLabel('E-mail address').fill('select.noncard@sso.example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/delta\.localhost.*\/account/);
    const member = await page.evaluate(async () => (await fetch('/api/Member')).json());
    expect(member.interfaceType).toBe('sso');
    expect(errors).toEqual([]);
  });

  test('a known visitor activates', async ({ page }) => {
    await page.goto(partnerUrl('hilton', '/activate?public_id=demo-hilton-visitor-new'));
    const button = page.getByRole('button', { name: /activate/i });
    await expect(button).toBeVisible();
    await expectNoSeriousA11yIssues(page);
    await button.click();
    await expect(page).toHaveURL(/\/activate\/activated$/);
    await page.goto(partnerUrl('hilton', '/activate?public_id=demo-hilton-visitor-select'));
    await expect(page).toHaveURL(/\/join\?rfr=2/);
  });

  test('a member edits the profile with bad and then good values', async ({ page }) => {
    await signIn(page, 'jetblue', 'vip.card@jetblue.example.com', PASSWORD);
    await expect(page).toHaveURL(/\/account/);
    await page.goto(partnerUrl('jetblue', '/account/user_profile'));
    await expect(page.getByRole('heading', { name: 'Member Profile' })).toBeVisible();
    const zip = page.getByLabel(/ZIP code/);
    await zip.fill('H0H0H');
    await zip.blur();
    await page.getByLabel(/phone/i).fill('123');
    await page.getByRole('button', { name: /save/i }).click();
    await expect(page.getByText(/ZIP code must be exactly 5 digits|not located in the U\.S\./).first()).toBeVisible();
    await expect(page.getByText('Invalid phone number, please check the number and try again.').first()).toBeVisible();

    await zip.fill('94103');
    await page.getByLabel(/phone/i).fill('4155550123');
    await page.getByLabel(/phone/i).blur();
    await expect(page.getByLabel(/phone/i)).toHaveValue('415-555-0123');
    await page.getByLabel(/^First name/).fill('Avery');
    await page.getByRole('button', { name: /save/i }).click();
    await expect(page.getByText('All changes were saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(/^First name/)).toHaveValue('Avery');
    await expectNoSeriousA11yIssues(page);
  });
});
