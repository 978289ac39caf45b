import { isValidPartnerNumber } from '../src/shared/rules/partner-number';
import { expect, expectNoSeriousA11yIssues, partnerUrl, signIn, test } from './fixtures';

/**
 * Issue 13 §8, polish a new user sees: the joining steps named alike, the partner-number help and
 * the staging tools' numbers to join with, the header hiding on scroll on a phone, account tabs on
 * one line on a phone, the profile's first invalid field focused, a footer with the partner's own
 * logos only. Phone 390×844 and desktop 1280×800.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

test.describe('joining, as a newcomer without a membership', () => {
  for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    test(`finds out what the number is, takes a demo one from the staging tools and joins (${name})`, async ({ page, errors }) => {
      await page.setViewportSize(viewport);
      await page.goto(partnerUrl('upromise', '/join'));
      await expect(page.getByText('Step 1 of 3: Create your account')).toBeVisible();
      const field = page.getByRole('textbox', { name: /^College Saver number/ });
      await expect(field).toHaveAccessibleDescription(/on your College Saver account page and in the Upromise app.*check character/);
      await expectNoSeriousA11yIssues(page);

      // The help's link leads to valid, unused numbers in the staging tools.
      await page.getByRole('link', { name: 'Get a demo number to join with' }).click();
      await expect(page).toHaveURL(/\/stgtools#partner-numbers$/);
      const list = page.getByRole('list', { name: 'College Saver numbers to join with' });
      await expect(list.getByRole('listitem')).toHaveCount(5);
      const numbers = await list.getByRole('listitem').allTextContents();
      for (const n of numbers) expect(isValidPartnerNumber(n), n).toBe(true);
      await expectNoSeriousA11yIssues(page);

      await page.goto(partnerUrl('upromise', '/join'));
      const stamp = `${Date.now().toString(36)}${name}`;
      await page.getByLabel(/^Email/).fill(`newcomer.${stamp}@example.com`);
      await field.fill(numbers[0]!);
      await page.getByLabel(/^Password/).fill('Tasty-meal-42');
      await page.getByLabel(/^Confirm password/).fill('Tasty-meal-42');
      await page.getByLabel(/^First name/).fill('Nia');
      await page.getByLabel(/^Last name/).fill('Newcomer');
      await page.getByLabel(/^Address \(/).fill('1 Main St');
      await page.getByLabel(/^City/).fill('Boston');
      await page.getByLabel(/^State/).selectOption('MA');
      await page.getByLabel(/^ZIP code/).fill('02110');
      await page.getByRole('button', { name: 'Create account' }).click();

      // Step 2 names itself as step 1 did.
      await expect(page).toHaveURL(/\/add_card$/);
      await expect(page.getByText('Step 2 of 3: Link a card')).toBeVisible();
      // The number is taken now: the staging tools no longer offer it.
      const after = await page.evaluate(() => fetch('/api/stgtools/partner-numbers').then((r) => r.json() as Promise<{ numbers: string[] }>));
      expect(after.numbers).not.toContain(numbers[0]);
      // The frame is not clipped while it loads: it is at least as tall as its content once it runs.
      const frame = page.locator('iframe[title="Secure card number entry"]');
      const reserved = await frame.evaluate((f) => f.getBoundingClientRect().height);
      expect(reserved).toBeGreaterThanOrEqual(name === 'phone' ? 142 : 121);
      expect(errors).toEqual([]);
    });
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('the header hides on scrolling down and comes back on scrolling up (§2)', async ({ page }) => {
    await page.goto(partnerUrl('upromise', '/how-it-works'));
    const header = page.locator('header').first();
    await expect(header).toBeInViewport();
    for (let i = 0; i < 12; i++) await page.mouse.wheel(0, 50);
    await expect.poll(() => header.evaluate((h) => h.getBoundingClientRect().bottom)).toBeLessThanOrEqual(0);
    await page.mouse.wheel(0, -120);
    await expect.poll(() => header.evaluate((h) => h.getBoundingClientRect().top)).toBe(0);
    // Keyboard focus inside brings it back at once.
    for (let i = 0; i < 12; i++) await page.mouse.wheel(0, 50);
    await expect.poll(() => header.evaluate((h) => h.getBoundingClientRect().bottom)).toBeLessThanOrEqual(0);
    await page.getByRole('link', { name: /home$/ }).first().focus();
    await expect.poll(() => header.evaluate((h) => h.getBoundingClientRect().top)).toBe(0);
  });

  test('the account tabs stay on one line, the current one in view, focus visible', async ({ page }) => {
    await signIn(page, 'hilton', 'basic.card@hilton.example.com');
    await page.goto(partnerUrl('hilton', '/account/user_profile'));
    const nav = page.getByRole('navigation', { name: 'Account centre' });
    await expect(nav.getByRole('link', { name: 'Profile' })).toBeVisible();
    const tops = await nav.locator('li').evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    await expect(nav.getByRole('link', { name: 'Profile' })).toBeInViewport({ ratio: 1 });
    await nav.getByRole('link', { name: 'Account Overview' }).focus();
    const outline = await nav.getByRole('link', { name: 'Account Overview' }).evaluate((a) => getComputedStyle(a).outlineStyle);
    expect(outline).not.toBe('none');
    await expectNoSeriousA11yIssues(page);
  });
});

for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
  test(`profile errors focus the first invalid field in the form's order (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'hilton', 'basic.card@hilton.example.com');
    await page.goto(partnerUrl('hilton', '/account/user_profile'));
    await page.getByRole('textbox', { name: /^Mobile phone/ }).fill('123');
    await page.getByRole('textbox', { name: /^Last name/ }).fill('');
    // Leave the field first: its message appearing on blur would move the button under the click.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: /^Last name/ })).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('textbox', { name: /^Last name/ })).toBeFocused();
    await expect(page.getByRole('textbox', { name: /^Mobile phone/ })).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yIssues(page);
  });

  test(`a partner's footer shows its own logos only (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const code of ['upromise', 'caesars', 'tgbk']) {
      await page.goto(partnerUrl(code, '/how-it-works'));
      await expect(page.getByRole('contentinfo').locator('img[src^="/partner/logo"]').first()).toBeAttached();
      const sources = await page.getByRole('contentinfo').locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src') ?? ''));
      const partnerLogos = sources.filter((s) => s.startsWith('/partner/logo'));
      expect(partnerLogos.length, code).toBeGreaterThan(0);
      for (const src of partnerLogos) expect([`/partner/logos/${code}.svg`, '/partner/logo.svg'], `${code}: ${src}`).toContain(src);
    }
  });
}
