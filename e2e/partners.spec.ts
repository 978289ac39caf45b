import { expect, expectNoSeriousA11yIssues, partnerConfig, partnerUrl, rgb, test } from './fixtures';

const currencyWord: Record<string, string> = { Mile: 'mile', Point: 'point', Dollar: '', Credit: '' };

test.describe('partner sites', () => {
  for (const code of ['hilton', 'american']) {
    test(`${code} home shows its own name, currency and colours`, async ({ page, errors }) => {
      await page.goto(partnerUrl(code));
      const config = await partnerConfig(page);
      expect(config.code).toBe(code);
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: new RegExp(config.name, 'i') }).first()).toBeVisible();
      const body = await page.locator('body').innerText();
      expect(body).toContain(config.copyStates.currencyPlural);
      // Both partners here earn a unit with a word of its own (points, miles).
      const word = currencyWord[config.currencyType];
      expect(word, config.currencyType).toBeTruthy();
      expect(body.toLowerCase()).toContain(word);
      expect(body).not.toMatch(/\{\{\s*[A-Za-z0-9]+\s*\}\}/);
      const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());
      expect(primary.toLowerCase()).toBe(config.theme.primary.toLowerCase());
      // A primary-coloured element is painted in the partner's colour.
      const painted = await page.evaluate((want) => [...document.querySelectorAll('body *')].some((el) => getComputedStyle(el).backgroundColor === want), rgb(config.theme.primary));
      expect(painted).toBe(true);
      await expectNoSeriousA11yIssues(page);
      expect(errors).toEqual([]);
    });
  }

  test('two partners differ in name and colour', async ({ page }) => {
    await page.goto(partnerUrl('hilton'));
    const a = await partnerConfig(page);
    await page.goto(partnerUrl('american'));
    const b = await partnerConfig(page);
    expect(a.name).not.toBe(b.name);
    expect(a.theme.primary).not.toBe(b.theme.primary);
    await expect(page).toHaveTitle(b.routeMeta['/']?.title ?? b.name);
  });

  test('an unknown path shows the not-found page', async ({ page, errors }) => {
    const res = await page.goto(partnerUrl('hilton', '/no/such/place'));
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: "That page isn't on our radar." })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /home/i }).first()).toBeVisible();
    await expectNoSeriousA11yIssues(page);
    expect(errors).toEqual([]);
  });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.goto(partnerUrl('hilton'));
    await expect(page.getByRole('main')).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: /skip to main content/i });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
  });
});
