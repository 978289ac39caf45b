import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yIssues, partnerConfig, partnerUrl, test } from './fixtures';
import { animationsDone, controlTime, passTime } from './page-time';

/**
 * Issue 12, scope 1, 3 and 6: the §2 earn pages (content-page template from earn_details, not
 * found where the partner has no item), the §4 promotional modals (ftch's general popup once, the
 * app announcement of delta) and the §2 maintenance notice (switched on through the staging tools).
 */
test.use({ promotions: 'shown' });

const NOT_FOUND = "That page isn't on our radar.";

/** Each earn page: a partner whose demo content has it (and its h1), and one whose content has not. */
const EARN_PAGES = [
  { path: '/earn', with: 'hilton', h1: 'More ways to earn points', without: 'daak' },
  { path: '/earn/topgolf-bonus', with: 'american', h1: 'Tee it up: 50 bonus miles at Topgolf', without: 'hilton' },
  { path: '/earn/new-member-bonus', with: 'hilton', h1: 'Welcome! Earn 2,500 bonus points on your first dine', without: 'daak' },
  { path: '/earn/how-it-works', with: 'choice', h1: 'How your points add up', without: 'hilton' },
  { path: '/earn/reservations', with: 'hilton', h1: 'Book a table, earn 100 bonus points', without: 'choice' },
  { path: '/earn/vip-upgrade', with: 'hilton', h1: 'Go VIP and earn 10 points per $1', without: 'choice' },
  { path: '/earn/this-is-big', with: 'ftch', h1: 'Cha-ching! Cash back is here.', without: 'hilton' },
] as const;

test.describe('earn pages (§2)', () => {
  // The pages themselves: the promotional modals (tested below) are dismissed beforehand.
  test.use({ promotions: 'dismissed' });
  for (const p of EARN_PAGES) {
    test(`${p.path} renders on ${p.with} and is not found on ${p.without}`, async ({ page, errors }) => {
      await page.goto(partnerUrl(p.with, p.path));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.h1);
      // The template: banner picture, main column, side column and disclaimer.
      await expect(page.locator('main img').first()).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Your earning at a glance' })).toBeVisible();
      // The terms say what the engine earns on: the partner's earn basis, in the words its setting makes (ftch earns before tip).
      const basis = (await partnerConfig(page)).copyStates.earnBasis;
      expect(basis).toMatch(p.with === 'ftch' ? /before tip/ : /whole bill, tax and tip included/);
      await expect(page.locator('main').getByText(`You earn`, { exact: false }).filter({ hasText: basis }).first()).toBeVisible();
      expect(await page.title()).not.toBe('');
      await expectNoSeriousA11yIssues(page);

      await page.goto(partnerUrl(p.without, p.path));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND);
      expect(errors).toEqual([]);
    });
  }

  test('an earn page has merchant carousels, the 314 px side column on desktop and the prospect form for visitors', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(partnerUrl('hilton', '/earn/reservations'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book a table, earn 100 bonus points');
    await expect(page.getByRole('region', { name: 'Book a table tonight' })).toBeVisible();
    // The side column's box (the nearest ancestor of its heading that is 314 px wide; none fails).
    const sideWidth = await page.getByRole('heading', { level: 2, name: 'Your earning at a glance' }).evaluate((el) => {
      for (let n = el.parentElement; n && n !== document.body; n = n.parentElement) if (Math.round(n.getBoundingClientRect().width) === 314) return 314;
      return 0;
    });
    expect(sideWidth).toBe(314);
    await expect(page).toHaveTitle('Reservation bonus | Hilton Dining');
    // New-member page: a visitor on a direct partner gets the prospect e-mail form.
    await page.goto(partnerUrl('hilton', '/earn/new-member-bonus'));
    await expect(page.getByRole('textbox', { name: /Email address/ })).toBeVisible();
    await expect(page.getByText('Welcome!', { exact: true })).toBeVisible();
  });

  test("the announcement banner's /earn/reservations link leads to its page", async ({ page }) => {
    await page.goto(partnerUrl('hilton', '/search'));
    await page.getByRole('link', { name: 'Here\u2019s how' }).first().click();
    await expect(page).toHaveURL(/\/earn\/reservations$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book a table, earn 100 bonus points');
  });
});

test.describe('promotions (§4)', () => {
  test("ftch's general popup shows once: 'Cha-ching! Cash back is here.', LEARN MORE to /earn/this-is-big, not again after a reload", async ({ page }) => {
    await controlTime(page);
    await page.goto(partnerUrl('ftch', '/'));
    const popup = page.getByRole('dialog', { name: 'Cha-ching! Cash back is here.' });
    await expect(popup).toBeVisible();
    await expect(popup.getByRole('link', { name: 'LEARN MORE' })).toHaveAttribute('href', '/earn/this-is-big');
    await animationsDone(popup);
    await expectNoSeriousA11yIssues(page);
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('RN_GENERAL_POPUP_DISMISSED'))).toBe('cash_back_launch');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await passTime(page, 1_000);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('LEARN MORE opens the this-is-big page and closes the popup for good', async ({ page }) => {
    await controlTime(page);
    await page.goto(partnerUrl('ftch', '/search'));
    await page.getByRole('dialog').getByRole('link', { name: 'LEARN MORE' }).click();
    await expect(page).toHaveURL(/\/earn\/this-is-big$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.goto(partnerUrl('ftch', '/'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await passTime(page, 1_000);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test("the app announcement (nosh): not on /login, shown elsewhere, closed for 24 hours", async ({ page }) => {
    await controlTime(page);
    await page.goto(partnerUrl('nosh', '/login'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await passTime(page, 1_000);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.goto(partnerUrl('nosh', '/search'));
    const modal = page.getByRole('dialog', { name: 'Dine smarter with the Nosh app' });
    await expect(modal).toBeVisible();
    await animationsDone(modal);
    await expectNoSeriousA11yIssues(page);
    await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);
    const until = Number(await page.evaluate(() => localStorage.getItem('RN_APP_ANNOUNCEMENT_DISMISSED')));
    expect(until - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    await page.reload();
    await passTime(page, 1_000);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('maintenance notice (§2)', () => {
  /** This partner's switch, through the staging tools' API (not in production). */
  async function setMaintenance(page: Page, enabled: boolean) {
    const status = await page.evaluate(async (on) => {
      const { csrfToken } = (await (await fetch('/api/CSRF')).json()) as { csrfToken: string };
      const res = await fetch('/api/stgtools/maintenance', { method: 'PUT', headers: { 'content-type': 'application/json', 'x-xsrf-token': csrfToken }, body: JSON.stringify({ enabled: on }) });
      return res.status;
    }, enabled);
    expect(status).toBe(200);
  }

  test("a partner with the switch shows 'We're Working On It' with the message of each path; others are untouched", async ({ page, errors }) => {
    await page.goto(partnerUrl('wynd', '/stgtools'));
    await setMaintenance(page, true);
    try {
      await page.goto(partnerUrl('wynd', '/login'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText("We're Working On It");
      await expect(page.getByText("We're having trouble signing members in right now.")).toBeVisible();
      await expect(page.getByText('Our team is working to resolve the issue. Please check back later.')).toBeVisible();
      await expectNoSeriousA11yIssues(page);
      await page.goto(partnerUrl('wynd', '/join'));
      await expect(page.getByText("We're having trouble with new enrollments right now.")).toBeVisible();
      await page.goto(partnerUrl('wynd', '/search'));
      await expect(page.getByText("We're having trouble loading this page right now.")).toBeVisible();
      await page.getByRole('link', { name: 'Go to the home page' }).click();
      await expect(page).toHaveURL(partnerUrl('wynd', '/'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText("We're Working On It");
      await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveCount(0);
      // Another partner is not in maintenance.
      await page.goto(partnerUrl('ihg', '/login'));
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText("We're Working On It");
    } finally {
      await page.goto(partnerUrl('wynd', '/stgtools'));
      await setMaintenance(page, false);
    }
    await page.goto(partnerUrl('wynd', '/login'));
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText("We're Working On It");
    expect(errors).toEqual([]);
  });
});
