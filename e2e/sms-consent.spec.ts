import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yIssues, partnerUrl, signIn, test } from './fixtures';

/**
 * Issue 25 item 3: typing a phone never turns SMS on; only the consent modal of §4, confirmed
 * with its box ticked, does (on join and in the profile, partners with SMS opt-in: american v1,
 * tmobile v2), and the server keeps that consent with the member.
 */
const smsBox = (page: Page) => page.getByRole('checkbox', { name: /text messages about my account/ });

async function consent(page: Page, opts: { tick: boolean }) {
  const dialog = page.getByRole('dialog', { name: 'Text message consent' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Consent is not a condition of membership');
  if (opts.tick) await dialog.getByRole('checkbox', { name: 'I agree to receive text messages.' }).check();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
}

test('joining: a phone alone ticks nothing; the opt-in is on only after the consent is confirmed with its box', async ({ page, errors }) => {
  const stamp = Date.now().toString(36).toUpperCase().slice(-4);
  const email = `sms.${stamp.toLowerCase()}@example.com`;
  await page.goto(partnerUrl('tmobile', '/join'));
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/number/i).first().fill(`T${stamp}XY`.slice(0, 7));
  await page.getByLabel(/^Password/).fill('Tasty-meal-42');
  await page.getByLabel(/^Confirm password/).fill('Tasty-meal-42');
  await page.getByLabel(/^First name/).fill('Sam');
  await page.getByLabel(/^Last name/).fill('Texter');
  await page.getByLabel(/ZIP code/).fill('98101');
  await page.getByLabel(/^Mobile phone/).fill('2065550123');
  await page.getByLabel(/^Mobile phone/).blur();
  await expect(smsBox(page)).toBeEnabled();
  await expect(smsBox(page)).not.toBeChecked();

  // Confirming without the consent's own box cancels; with it, the opt-in is on.
  await smsBox(page).click();
  await consent(page, { tick: false });
  await expect(smsBox(page)).not.toBeChecked();
  await smsBox(page).click();
  await expectNoSeriousA11yIssues(page);
  await consent(page, { tick: true });
  await expect(smsBox(page)).toBeChecked();

  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/add_card/);
  const member = await page.evaluate(async () => (await fetch('/api/Member')).json() as Promise<{ smsOptIn: boolean; phoneNumber: string }>);
  expect(member).toMatchObject({ smsOptIn: true, phoneNumber: '2065550123' });
  expect(errors).toEqual([]);
});

test('profile: a new number ticks nothing; saving after the consent turns SMS on', async ({ page, errors }) => {
  // A Basic demo member of a v1 partner: not opted in to texts.
  await signIn(page, 'american', 'basic.card@american.example.com');
  await page.goto(partnerUrl('american', '/account/user_profile'));
  const phone = page.getByLabel(/^Mobile phone number/);
  await expect(smsBox(page)).not.toBeChecked();
  await phone.fill('');
  await phone.fill('4695550142');
  await phone.blur();
  await expect(smsBox(page)).toBeEnabled();
  await expect(smsBox(page)).not.toBeChecked();

  await smsBox(page).click();
  await consent(page, { tick: true });
  await expect(smsBox(page)).toBeChecked();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('All changes were saved.')).toBeVisible();
  const member = await page.evaluate(async () => (await fetch('/api/Member')).json() as Promise<{ smsOptIn: boolean; phoneNumber: string }>);
  expect(member).toMatchObject({ smsOptIn: true, phoneNumber: '4695550142' });

  // After a reload the opt-in stays on; unticking needs no consent and saves off.
  await page.reload();
  await expect(smsBox(page)).toBeChecked();
  await smsBox(page).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('All changes were saved.')).toBeVisible();
  expect((await page.evaluate(async () => (await fetch('/api/Member')).json() as Promise<{ smsOptIn: boolean }>)).smsOptIn).toBe(false);
  expect(errors).toEqual([]);
});
