import { expect, expectNoSeriousA11yIssues, joinHilton, linkFreshCard, partnerUrl, rewardingRestaurant, test } from './fixtures';

/**
 * Bonuses (issue 10): a new member registers for the new-member bonus from the account overview,
 * sees it Enrolled (after a reload too), dines with the staging tools' "Dine now" and finds the
 * bonus on Reviews & History.
 */

test.describe('bonuses', () => {
  test('a new member registers for the new-member bonus, sees it Enrolled (after a reload too), dines and finds the bonus on Reviews & History', async ({ page, browser, errors }) => {
    test.setTimeout(180_000);
    const restaurant = await rewardingRestaurant(browser, 'new.card@hilton.example.com');

    // Join hilton and link a card: a new member, within the bonus's 30 days.
    await joinHilton(page, { emailPrefix: 'bonus', numberLetter: 'B', firstName: 'Bonnie', lastName: 'Diner' });
    await linkFreshCard(page);

    // The overview offers the bonus under 'Available bonuses'.
    await page.goto(partnerUrl('hilton', '/account/overview'));
    const available = page.getByRole('region', { name: 'Available bonuses' });
    await expect(available).toBeVisible();
    await expect(available).toContainText('Welcome bonus');
    await expectNoSeriousA11yIssues(page);
    await available.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Registered for bonus')).toBeVisible();
    const activated = page.getByRole('region', { name: 'Activated bonuses' });
    await expect(activated).toContainText('Enrolled');
    await expect(page.getByRole('button', { name: 'Register' })).toHaveCount(0);
    await expect(available).toHaveCount(0);
    await expectNoSeriousA11yIssues(page);

    // After a reload (and without the local marker: the server says so) still Enrolled.
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await expect(page.getByRole('region', { name: 'Activated bonuses' })).toContainText('Enrolled');
    await expect(page.getByRole('button', { name: 'Register' })).toHaveCount(0);

    // Dine now: $40 at the restaurant, authorised and cleared.
    await page.goto(partnerUrl('hilton', '/stgtools'));
    const form = page.getByRole('form', { name: 'Dine now' });
    await form.getByRole('textbox', { name: /Restaurant id/ }).fill(String(restaurant.id));
    await form.getByRole('textbox', { name: /Amount in dollars/ }).fill('40.00');
    await form.getByRole('radio', { name: /Authorise and clear/ }).check();
    await form.getByRole('button', { name: 'Dine now' }).click();
    await expect(form.locator('code')).toHaveText(/^stg-/);

    // Reviews & History: the dine and, beside it, the bonus (2,500 points on hilton).
    const rows = page.getByRole('list', { name: /^Activity/ }).getByRole('listitem');
    await expect(async () => {
      await page.goto(partnerUrl('hilton', '/account/recent_activity'));
      await expect(page.getByRole('heading', { level: 1, name: 'Reviews & History' })).toBeVisible();
      await expect(rows.filter({ hasText: 'Bonus' }).first()).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000, intervals: [1_000, 2_000] });
    const bonus = rows.filter({ hasText: 'Bonus' }).first();
    await expect(bonus).toContainText('2,500 points');
    await expect(bonus).toContainText(restaurant.name);
    await expect(rows.filter({ hasText: '$40.00' }).first()).toContainText('240 points');
    await expectNoSeriousA11yIssues(page);

    // The overview now shows the bonus Qualified.
    await page.goto(partnerUrl('hilton', '/account/overview'));
    await expect(page.getByRole('region', { name: 'Activated bonuses' })).toContainText('Qualified');
    expect(errors).toEqual([]);
  });
});
