import { merchantLocalDateTime } from '../src/shared/rules/rewards/local-time';
import { expect, expectNoSeriousA11yIssues, partnerUrl, signIn, test } from './fixtures';
import { fileClaim, getJson, networkDine, type MerchantDetail, type Sample } from './claim-helpers';

const DAY = 86_400_000;


test.describe('Missing-reward claims', () => {
  test('a member claims a dine the network sent (Matched) and one it did not (Not found), and sees both in the list', async ({ page, request, errors }) => {
    await signIn(page, 'hilton', 'select.card@hilton.example.com');
    // The member's card token and a restaurant's network location, as the simulator finds them.
    const sample = await getJson<Sample>(page, '/api/stgtools/network-sample');
    const card = sample.cards.find((c) => c.publicId === 'demo-hilton-select-card')!;
    const location = sample.locations[7]!;
    const merchant = await getJson<MerchantDetail>(page, `/api/merchants/${location.merchantId}`);
    // Fifteen days ago at 19:30 where the restaurant is: within the window for every card (Amex too).
    const dinedAt = new Date(Date.now() - 15 * DAY);
    const local = merchantLocalDateTime(dinedAt, location.state);
    const date = local.slice(0, 10);
    const localDateTime = `${date}T19:30:00${local.slice(19)}`;
    // Amounts of this run only, so a run on a server that has seen earlier runs finds its own dine.
    const clearCents = 4000 + Math.floor(Math.random() * 4000);
    const paid = (clearCents / 100).toFixed(2);
    const missing = ((clearCents + 1234) / 100).toFixed(2);
    await networkDine(request, { cardToken: card.cardToken, locationId: location.locationId, localDateTime, authCents: clearCents - 600, clearCents });

    // From the missing-rewards banner of Reviews & History.
    await page.goto(partnerUrl('hilton', '/account/recent_activity'));
    await page.getByRole('region', { name: 'Missing rewards?' }).getByRole('link', { name: 'claim the missing reward' }).click();
    await expect(page).toHaveURL(/\/account\/claims$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Missing rewards' })).toBeVisible();
    await expectNoSeriousA11yIssues(page);

    const cardLabel = new RegExp(`ending in ${card.lastFour}$`);
    const near = merchant.location.address.zipCode;

    // Too early: the form says from when the claim can be made, and sends nothing.
    const form = page.getByRole('form', { name: 'Claim a missing reward' });
    await fileClaim(page, { cardLabel, near, merchant, date: new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10), amount: '12.00' });
    await expect(form.getByText(/a claim for this dine can be made from/)).toBeVisible();
    await expect(form.getByLabel(/Date of the dine/)).toBeFocused();

    // The dine the network sent: matched at once.
    await fileClaim(page, { cardLabel, near, merchant, date, amount: paid });
    const matched = page.getByRole('status').filter({ hasText: /submitted: Matched\./ });
    await expect(matched).toBeVisible();
    await expect(matched).toContainText('We found this dine');

    // A dine the network never sent: not found, with what to do and the support contact.
    const otherDate = new Date(Date.now() - 20 * DAY).toISOString().slice(0, 10);
    await fileClaim(page, { cardLabel, near, merchant, date: otherDate, amount: missing });
    const notFound = page.getByRole('status').filter({ hasText: /submitted: Not found\./ });
    await expect(notFound).toBeVisible();
    await expect(notFound).toContainText('contact customer support');
    await expect(notFound.getByRole('link').first()).toHaveAttribute('href', /^(mailto:|tel:|https?:)/);

    // Both in the list, with their status.
    const list = page.getByRole('region', { name: 'Your claims' });
    const items = list.getByRole('listitem');
    await expect(items.filter({ hasText: `$${paid}` })).toHaveCount(1);
    await expect(items.filter({ hasText: `$${paid}` })).toContainText('Matched');
    await expect(items.filter({ hasText: `$${missing}` })).toContainText('Not found');
    await expect(items.filter({ hasText: `$${paid}` }).getByRole('link', { name: 'See it on Reviews & History' })).toBeVisible();

    // The same dine again: the first claim's status, nothing new.
    const before = await items.count();
    await fileClaim(page, { cardLabel, near, merchant, date, amount: ((clearCents - 600) / 100).toFixed(2) });
    await expect(page.getByRole('status').filter({ hasText: /You already claimed this dine on .*: Matched\./ })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Your claims' }).getByRole('listitem')).toHaveCount(before);
    await expectNoSeriousA11yIssues(page);
    expect(errors).toEqual([]);
  });

  test('visitors are sent to sign in', async ({ page }) => {
    await page.goto(partnerUrl('hilton', '/account/claims'));
    await expect(page).toHaveURL(/\/login/);
  });
});
