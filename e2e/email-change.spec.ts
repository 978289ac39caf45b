import { expect, expectNoSeriousA11yIssues, joinHilton, partnerUrl, test } from './fixtures';

/**
 * Issue 28 item 5: a member changes the e-mail address on the profile page; it changes only when
 * the link sent to the new address is opened, on any device.
 */
test('a member changes the e-mail address, confirmed by the link opened on another device', async ({ browser, page, errors }) => {
  const { email } = await joinHilton(page, { emailPrefix: 'mailchange', numberLetter: 'E', firstName: 'Emma', lastName: 'Mover' });
  const newEmail = email.replace('mailchange.', 'moved.');
  await page.goto(partnerUrl('hilton', '/account/user_profile'));
  const section = page.getByRole('region', { name: 'E-mail address' });
  await expect(section.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await section.getByRole('button', { name: 'Change e-mail' }).click();
  const form = page.getByRole('form', { name: 'Change e-mail' });
  await expect(form.getByRole('textbox', { name: /^New e-mail address/ })).toBeFocused();
  await form.getByRole('textbox', { name: /^New e-mail address/ }).fill(newEmail);
  await form.getByLabel(/^Current password/).fill('Tasty-meal-42');
  await expectNoSeriousA11yIssues(page);
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  const sent = section.getByRole('status').filter({ hasText: `We sent a link to ${newEmail}. Your address changes when you open it.` });
  await expect(sent).toBeFocused();
  await expect(section.getByRole('textbox', { name: 'Email' })).toHaveValue(email);

  // The new mailbox (the staging tools show the member's own mail).
  await page.goto(partnerUrl('hilton', '/stgtools'));
  const mail = page.getByRole('listitem').filter({ hasText: `To ${newEmail}` }).filter({ hasText: 'Confirm your new Hilton Dining e-mail address' });
  await mail.getByText('Text body').click();
  const href = (await mail.getByRole('link', { name: /confirm-email\?token=/ }).getAttribute('href'))!;
  await expect(page.getByRole('listitem').filter({ hasText: `To ${email}` }).filter({ hasText: 'is about to change' })).toHaveCount(1);

  // Another device, signed out: one click confirms.
  const other = await browser.newContext();
  const phone = await other.newPage();
  await phone.goto(href);
  await expect(phone.getByRole('heading', { name: 'Confirm your new e-mail address' })).toBeVisible();
  await phone.getByRole('button', { name: 'Confirm my new address' }).click();
  await expect(phone.getByRole('heading', { name: 'Your e-mail address is confirmed' })).toBeFocused();
  await expect(phone.getByText(`now uses ${newEmail}`)).toBeVisible();
  await expectNoSeriousA11yIssues(phone);
  await phone.goto(href);
  await phone.getByRole('button', { name: 'Confirm my new address' }).click();
  await expect(phone.getByRole('heading', { name: 'This link can no longer be used' })).toBeVisible();
  await other.close();

  // The first device is still signed in, now with the new address.
  await page.goto(partnerUrl('hilton', '/account/user_profile'));
  await expect(page.getByRole('region', { name: 'E-mail address' }).getByRole('textbox', { name: 'Email' })).toHaveValue(newEmail);
  await expect(page.getByText(/We sent a link to/)).toHaveCount(0);
  expect(errors).toEqual([]);
});
