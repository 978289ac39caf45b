import { expect, expectNoSeriousA11yIssues, joinHilton, linkFreshCard, partnerUrl, test } from './fixtures';

/**
 * Issue 24 item 4: the welcome bonus is offered where it is promised, with its terms and deadline.
 * On hilton (members register themselves) a new member registers on the joining success page and
 * then sees it registered on the account overview and the home page; on tmobile (hasAutoEnroll) a
 * new member is registered from joining. A registered bonus never asks to register again.
 */

const REGISTERED = 'You\u2019re registered: your first qualifying dine that meets these terms earns it.';
// The deadline is the member's own (joining + 30 days, in the browser's time zone): any month and day.
const DEADLINE = String.raw`by [A-Z][a-z]+ \d{1,2}(, \d{4})?`;

test.describe('the welcome bonus where it is promised', () => {
  test('hilton: offered with its terms on /card_added and registered there; the overview and the home page then show it registered', async ({ page, errors }) => {
    test.setTimeout(120_000);
    await joinHilton(page, { emailPrefix: 'welcome', numberLetter: 'W', firstName: 'Wendy', lastName: 'Welcome' });
    await linkFreshCard(page);

    // Joining success: the bonus with its terms, and Register.
    const terms = new RegExp(`^Spend \\$25 or more in one qualifying dine ${DEADLINE} to earn 2,500 bonus points\\.$`);
    await expect(page.getByText(terms)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /^Welcome bonus: 2,500 bonus points/ })).toBeVisible();
    await expectNoSeriousA11yIssues(page);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Registered for bonus')).toBeVisible();
    await expect(page.getByText(REGISTERED)).toBeVisible();
    await expect(page.getByText(terms)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Register' })).toHaveCount(0);

    // Without this browser's 35-minute marker: what the server says.
    await page.evaluate(() => localStorage.clear());

    // The account overview: on top, under Activated bonuses, registered; nothing asks to register.
    await page.goto(partnerUrl('hilton', '/account/overview'));
    const activated = page.getByRole('region', { name: 'Activated bonuses' });
    await expect(activated).toContainText('Enrolled');
    await expect(activated.getByText(REGISTERED)).toBeVisible();
    await expect(activated.getByText(terms)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Available bonuses' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Register/ })).toHaveCount(0);
    await expect(page.getByText(/Register below/)).toHaveCount(0);

    // The home page: the new-member aside shows it registered.
    await page.goto(partnerUrl('hilton', '/'));
    const aside = page.getByRole('complementary', { name: 'New member bonus' });
    await expect(aside.getByText(REGISTERED)).toBeVisible();
    await expect(aside.getByText(terms)).toBeVisible();
    await expect(page.getByRole('button', { name: /Register/ })).toHaveCount(0);
    await expectNoSeriousA11yIssues(page);
    expect(errors).toEqual([]);
  });

  test('tmobile (auto-enrol): a new member is registered from joining, on the joining success page and the overview', async ({ page, errors }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36).slice(-5);
    await page.goto(partnerUrl('tmobile', '/join'));
    await page.getByLabel(/^Email/).fill(`auto.${stamp}@example.com`);
    await page.getByLabel(/number/i).first().fill(`T${stamp.toUpperCase()}9`.slice(0, 7));
    await page.getByLabel(/^Password/).fill('Tasty-meal-42');
    await page.getByLabel(/^Confirm password/).fill('Tasty-meal-42');
    await page.getByLabel(/^First name/).fill('Auto');
    await page.getByLabel(/^Last name/).fill('Enrolled');
    await page.getByLabel(/ZIP code/).fill('98101');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/add_card$/);
    await linkFreshCard(page);

    const terms = new RegExp(`^Spend \\$25 or more in one qualifying dine ${DEADLINE} to earn \\$10 in bonus dining credits\\.$`);
    await expect(page.getByText(REGISTERED)).toBeVisible();
    await expect(page.getByText(terms)).toBeVisible();
    await expect(page.getByRole('button', { name: /Register/ })).toHaveCount(0);
    await expectNoSeriousA11yIssues(page);

    await page.goto(partnerUrl('tmobile', '/account/overview'));
    const activated = page.getByRole('region', { name: 'Activated bonuses' });
    await expect(activated).toContainText('Enrolled');
    await expect(activated.getByText(REGISTERED)).toBeVisible();
    await expect(page.getByRole('button', { name: /Register/ })).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
