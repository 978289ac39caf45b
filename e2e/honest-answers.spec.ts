import { expect, expectNoSeriousA11yIssues, partnerUrl, signIn, test } from './fixtures';

/**
 * Issue 25 item 7: addresses with nothing behind them answer 404 from the server and show the
 * not-found page, never a 200 with an empty page or a success message: an unknown restaurant, an
 * earn page the partner has no content for, and a flow's success page opened directly (or
 * reloaded: the server cannot know the flow, and says so).
 */
const NOT_FOUND = "That page isn't on our radar.";

const DIRECT = [
  { partner: 'hilton', path: '/merchants/2147483000', shouldNotSay: 'When you earn here' },
  { partner: 'hilton', path: '/merchants/not-a-number', shouldNotSay: 'When you earn here' },
  { partner: 'hilton', path: '/merchants/2147483000/Order', shouldNotSay: 'When you earn here' },
  { partner: 'hilton', path: '/earn/topgolf-bonus', shouldNotSay: 'Your earning at a glance' },
  { partner: 'hilton', path: '/earn/no-such-offer', shouldNotSay: 'Your earning at a glance' },
  { partner: 'hilton', path: '/activate/activated', shouldNotSay: 'All set' },
  { partner: 'hilton', path: '/recover/success', shouldNotSay: 'Your password has been changed' },
  { partner: 'hilton', path: '/surveys/success', shouldNotSay: 'Thank you for your feedback!' },
] as const;

test.describe('honest not-found answers (issue 25 item 7)', () => {
  for (const d of DIRECT) {
    test(`${d.path} opened directly: 404 and the not-found page`, async ({ page, errors }) => {
      const res = await page.goto(partnerUrl(d.partner, d.path));
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND })).toBeVisible();
      await expect(page.getByText(d.shouldNotSay)).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('link', { name: 'Go to the home page' })).toBeVisible();
      expect(errors).toEqual([]);
    });
  }

  test('the not-found page of an unknown restaurant is accessible, and leads on to the app', async ({ page, errors }) => {
    await page.goto(partnerUrl('hilton', '/merchants/2147483000'));
    await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND })).toBeVisible();
    await expectNoSeriousA11yIssues(page);
    await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(partnerUrl('hilton', '/'));
    await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('a known restaurant and an earn page the partner has still answer 200', async ({ page }) => {
    expect((await page.goto(partnerUrl('hilton', '/earn/vip-upgrade')))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(NOT_FOUND);
    const id = await page.evaluate(async () => ((await (await fetch('/api/v2/Merchants/Search?location=10001')).json()) as { merchants: Array<{ id: number }> }).merchants[0]!.id);
    expect((await page.goto(partnerUrl('hilton', `/merchants/${id}`)))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(NOT_FOUND);
  });

  test('a survey answered lands on its thank-you page; reloading it is the not-found page the server answers', async ({ page, errors }) => {
    await signIn(page, 'hilton', 'select.card@hilton.example.com');
    await page.goto(partnerUrl('hilton', '/surveys?id=hilton-dining-experience-2026'));
    const form = page.getByRole('form').first();
    await form.getByRole('radiogroup', { name: /Overall, how would you rate/ }).getByRole('radio', { name: '4' }).check();
    await form.getByRole('radio', { name: 'A few times a month' }).check();
    await form.getByRole('textbox', { name: /What would make dining with us better\?/ }).fill('Answer from the honest-answers e2e');
    await form.getByRole('button', { name: 'Submit survey' }).click();
    await expect(page).toHaveURL(/\/surveys\/success$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your feedback!' })).toBeVisible();
    const reload = await page.reload();
    expect(reload?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('the reference code reaches us (issue 25 item 8)', () => {
  test('an error the server never saw is sent with the code the page shows, and the server keeps it', async ({ page }) => {
    // The restaurant's detail arrives unreadable and the page fails in the browser: only the browser
    // knows. (A failed connection is no error of ours: it shows the offline page, e2e/interruptions.)
    await page.route(/\/api\/merchants\/\d+$/, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '"unreadable"' }));
    await page.goto(partnerUrl('hilton', '/search?location=10001'));
    const report = page.waitForResponse((r) => r.url().endsWith('/api/client-errors') && r.request().method() === 'POST', { timeout: 30_000 });
    const tile = page.locator('main a[href^="/merchants/"]').first();
    const href = (await tile.getAttribute('href'))!;
    await tile.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Looks like this page is still simmering' })).toBeVisible({ timeout: 25_000 });
    const code = (await page.getByTestId('reference-code').textContent())!;
    expect(code).toMatch(/^[A-Z2-9]{10}$/);
    const res = await report;
    expect(res.status()).toBe(202);
    expect(res.request().postDataJSON()).toMatchObject({ reference: code, route: href, name: 'TypeError' });
    expect(await res.json()).toEqual({ reference: code });
    expect(res.headers()['x-request-id']).toMatch(/^[A-Z2-9]{10}$/);
    await expectNoSeriousA11yIssues(page);
  });
});
