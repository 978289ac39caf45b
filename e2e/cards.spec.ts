import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yIssues, freshVisa, joinHilton, partnerUrl, signIn, test } from './fixtures';
import { controlTime, passTime } from './page-time';

/** Types a number into the secure frame (another origin) the way a person does. */
async function enterCard(page: Page, number: string) {
  const frame = page.frameLocator('iframe[title="Secure card number entry"]');
  const input = frame.getByLabel(/Card number/);
  await input.fill(number);
  await input.blur();
}

async function acceptAndLink(page: Page, submit: RegExp = /^Link/) {
  await page.getByRole('checkbox', { name: /I allow my card network/ }).check();
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('button', { name: submit }).click();
}

test.describe('cards', () => {
  test('a new member links a card in the frame, adds another, deletes one, then the last, and is signed out', async ({ page, errors }) => {
    const { email } = await joinHilton(page, { emailPrefix: 'cards', numberLetter: 'K', firstName: 'Casey', lastName: 'Morgan' });
    await enterCard(page, '4111 1111 1111 1111');
    await expectNoSeriousA11yIssues(page);
    await acceptAndLink(page);
    await expect(page).toHaveURL(/\/card_added$/);
    // A first card makes a card member: the account menu replaces the join link.
    await expect(page.getByRole('button', { name: /Hi, Casey/ })).toBeVisible();

    await page.goto(partnerUrl('hilton', '/account/manage_cards'));
    const list = page.getByRole('list', { name: /linked cards/i });
    await expect(list.getByText('ending in 1111', { exact: true })).toBeVisible();
    await enterCard(page, '5555 5555 5555 4444');
    await acceptAndLink(page);
    await expect(list.getByText('ending in 4444', { exact: true })).toBeVisible();
    await expectNoSeriousA11yIssues(page);

    await list.getByRole('listitem').filter({ hasText: '4444' }).getByRole('button', { name: /Delete/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete card' }).click();
    await expect(page.getByText('Your card ending in 4444 has been deleted.')).toBeVisible();
    await expect(list.getByText('ending in 4444', { exact: true })).toHaveCount(0);

    const publicId = await page.evaluate(async () => ((await (await fetch('/api/Member')).json()) as { publicId: string }).publicId);
    await list.getByRole('button', { name: /Delete and close account/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete and close account' }).click();
    await expect(page).toHaveURL(/\/SignOut$/);
    expect(await page.evaluate(async () => (await fetch('/api/Member')).status)).toBe(401);

    // Closed like a seeded closed account: /activate sends both to sign in as inactive (rfr=4) …
    for (const id of [publicId, 'demo-hilton-select-closed']) {
      await page.goto(partnerUrl('hilton', `/activate?public_id=${id}`));
      await expect(page).toHaveURL(/\/login\?rfr=4$/);
    }
    // … and signing in again shows the re-enrolment page.
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill('Tasty-meal-42');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Reactivate your account' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a member who clicks Link while the frame is still fetching its key links the card (no "enter your number")', async ({ page, errors }) => {
    // A slow network: the frame's public key is held back until Link has been pressed, so the number
    // cannot be encrypted yet.
    await controlTime(page);
    let releaseKey = () => {};
    const keyHeld = new Promise<void>((resolve) => { releaseKey = resolve; });
    await page.route('**/card-frame/public-key', async (route) => {
      await keyHeld;
      await route.continue();
    });
    await joinHilton(page, { emailPrefix: 'slowkey', numberLetter: 'S', firstName: 'Sam', lastName: 'Lowe' });
    await enterCard(page, '4111 1111 1111 1111');
    await acceptAndLink(page);
    await expect(page.getByRole('status').filter({ hasText: 'Securing your card number' })).toBeVisible();
    // However long the key takes: no "enter your number".
    await passTime(page, 2_000, { ignore: (r) => r.url().endsWith('/card-frame/public-key') });
    await expect(page.getByText('Please enter your credit card number.')).toHaveCount(0);
    await expect(page).toHaveURL(/\/add_card$/);
    releaseKey();
    await expect(page).toHaveURL(/\/card_added$/, { timeout: 20_000 });
    expect(errors).toEqual([]);
  });

  test('a number typed before the frame\'s script arrived is taken when it does (CI once saw it lost)', async ({ page, errors }) => {
    // A slow network: the frame's field is on screen, its script held back until the number is in.
    let releaseScript = () => {};
    const scriptHeld = new Promise<void>((resolve) => { releaseScript = resolve; });
    await page.route('**/assets/cardFrame-*.js', async (route) => {
      await scriptHeld;
      await route.continue();
    });
    await joinHilton(page, { emailPrefix: 'slowframe', numberLetter: 'F', firstName: 'Fran', lastName: 'Lowe' });
    await enterCard(page, freshVisa());
    releaseScript();
    await acceptAndLink(page);
    await expect(page).toHaveURL(/\/card_added$/, { timeout: 20_000 });
    expect(errors).toEqual([]);
  });

  test('a member links a card the partner already knows', async ({ page }) => {
    await signIn(page, 'tmobile', 'select.noncard@tmobile.example.com');
    await page.goto(partnerUrl('tmobile', '/account/manage_cards'));
    const partnerCard = page.getByRole('checkbox', { name: /ending in \d{4}/ }).first();
    await expect(partnerCard).toBeVisible();
    const label = await partnerCard.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '');
    const lastFour = /ending in (\d{4})/.exec(label)![1]!;
    await partnerCard.check();
    await acceptAndLink(page);
    // The partner's card is now a linked card of the member, and stays so after a reload.
    const linked = page.getByRole('list', { name: /linked cards/i }).getByText(`ending in ${lastFour}`, { exact: true });
    await expect(linked).toBeVisible({ timeout: 20_000 });
    await page.reload();
    await expect(linked).toBeVisible();
  });

  test('a closed-account member re-enrols with a new card', async ({ page }) => {
    await signIn(page, 'wynd', 'select.closed@wynd.example.com');
    await expect(page.getByRole('heading', { name: 'Reactivate your account' })).toBeVisible();
    await enterCard(page, '3782 822463 10005');
    await acceptAndLink(page, /Reactivate account/);
    await expect(page.getByText('Your card ending in 0005 has been linked.')).toBeVisible();
    await expect(page).toHaveURL(/\/account/);
  });

  test('the frame refuses a brand the partner does not accept', async ({ page }) => {
    await signIn(page, 'southwest', 'select.noncard@southwest.example.com');
    await page.goto(partnerUrl('southwest', '/account/manage_cards'));
    await enterCard(page, '3782 822463 10005');
    const frame = page.frameLocator('iframe[title="Secure card number entry"]');
    await expect(frame.getByText(/Card must be .*®/)).toBeVisible();
  });
});
