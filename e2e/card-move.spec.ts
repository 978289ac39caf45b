import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yIssues, partnerUrl, signIn, test } from './fixtures';

/** A test number the seed keeps free (docs/api-cards.md): no demo member holds it until this spec links it. */
const NUMBER = '4012 8888 8888 1881';

async function typeCardAndLink(page: Page) {
  const frame = page.frameLocator('iframe[title="Secure card number entry"]');
  const input = frame.getByLabel(/Card number/);
  await input.fill(NUMBER);
  await input.blur();
  await page.getByRole('checkbox', { name: /I allow my card network/ }).check();
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('button', { name: /^Link/ }).click();
}

test.describe('a card moved between programmes', () => {
  test('linking a card another programme\'s member holds: the notice names that programme, "Move it here" links it, and that member is e-mailed', async ({ page, browser, errors }) => {
    // A Free Spirit demo member links the card first.
    const holderContext = await browser.newContext();
    const holder = await holderContext.newPage();
    await signIn(holder, 'freespirit', 'vip.noncard@freespirit.example.com');
    await holder.goto(partnerUrl('freespirit', '/add_card'));
    await typeCardAndLink(holder);
    await expect(holder).toHaveURL(/\/card_added$/);

    // A member of another programme links the same card: asked first, nothing linked yet.
    await signIn(page, 'american', 'vip.noncard@american.example.com');
    await page.goto(partnerUrl('american', '/add_card'));
    await typeCardAndLink(page);
    const notice = page.getByRole('status').filter({ hasText: 'This card is in another dining programme' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('This card earns with Free Flight Dining today; linking it here moves it.');
    await expect(notice).toBeFocused();
    await expect(page).toHaveURL(/\/add_card$/);
    await expectNoSeriousA11yIssues(page);

    await notice.getByRole('button', { name: 'Move it here' }).click();
    await expect(page).toHaveURL(/\/card_added$/);
    await page.goto(partnerUrl('american', '/account/manage_cards'));
    await expect(page.getByRole('list', { name: /linked cards/i }).getByText('ending in 1881', { exact: true })).toBeVisible();

    // The Free Spirit member has no card there any more and finds the mail in the staging tools' outbox.
    await holder.goto(partnerUrl('freespirit', '/stgtools'));
    const outbox = holder.getByRole('region', { name: 'Outbox' });
    const mail = outbox.getByRole('listitem').filter({ hasText: 'Your card ending in 1881 now earns elsewhere' });
    await expect(mail).toBeVisible();
    await expect(mail).toContainText('vip.noncard@freespirit.example.com');
    await mail.getByText('Text body').click();
    await expect(mail).toContainText('so it no longer earns with Free Flight Dining');
    await expect(mail.getByRole('link', { name: /\/add_card$/ })).toBeVisible();
    const cards = await holder.evaluate(async () => (await (await fetch('/api/Member/Cards')).json()) as unknown[]);
    expect(cards).toEqual([]);
    await holderContext.close();
    expect(errors).toEqual([]);
  });
});
