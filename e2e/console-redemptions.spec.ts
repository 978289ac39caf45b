import type { Redemption, RedemptionOptionsResponse, RedemptionsPage } from '../src/shared/schemas/redemptions';
import { HOLD_REASONS } from '../src/shared/constants/redemptions';
import { apiCall, expect, expectNoSeriousA11yIssues, partnerUrl, rewardingRestaurant, test } from './fixtures';
import { consoleSignIn } from './console-helpers';

/**
 * Redemptions end to end in Chromium (issue 28, "Done when"): a nosh member turns the automatic
 * credit off and redeems $25.00 as a Visa card by e-mail on the Redeem page; their first
 * redemption waits for the team; an agent's queue holds only its own partners' (nosh is not one of
 * them) and an auditor reads it without buttons; a supervisor releases it with a note and it leaves
 * the queue; the member follows it to completed. Then a forced failure ($25.91: the gift-card
 * simulator declines it) returns the money and says so. axe on each screen.
 */
const MEMBER = { publicId: 'demo-nosh-basic-card', email: 'basic.card@nosh.example.com' };

test.describe('operator console: redemptions on hold', () => {
  test("a nosh member's first $25 Visa card waits; an auditor reads it without buttons, a supervisor releases it and the member follows it to completed; a declined one returns the money", async ({ page, browser, errors }) => {
    test.setTimeout(300_000);
    const restaurant = await rewardingRestaurant(browser, 'basic.card@hilton.example.com');

    // The member (a cash-back card member of nosh, tier 0: 3 % cash back), signed in with the staging tools' sign-in-as.
    await page.goto(partnerUrl('nosh', '/stgtools'));
    expect((await apiCall(page, '/api/stgtools/sign-in-as', { publicId: MEMBER.publicId })).status).toBe(200);
    // Never redeemed before, so this redemption is their first: it waits for the team.
    expect((await apiCall<RedemptionsPage>(page, '/api/Member/Redemptions')).json.totalResultSize).toBe(0);
    // No automatic statement credit at the $20 breakpoint: the balance stays for the gift cards (the member's own switch).
    await page.goto(partnerUrl('nosh', '/account/redeem'));
    const toggle = page.getByRole('switch', { name: 'Pay my balance to my card automatically at $20.00' });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(page.getByText('Automatic statement credit is off.')).toBeVisible();
    // A real dine through signed card-network events: $1,800.00 earns $54.00 at 3 %, enough for two $25 Visa cards whatever the demo history left.
    expect((await apiCall(page, '/api/stgtools/dines', { merchantId: restaurant.id, amountCents: 180_000, clear: true })).status).toBe(200);
    await expect.poll(async () => (await apiCall<RedemptionOptionsResponse>(page, '/api/Member/RedemptionOptions')).json.balanceCents, { timeout: 20_000 }).toBeGreaterThanOrEqual(5_091);
    const startBalance = (await apiCall<RedemptionOptionsResponse>(page, '/api/Member/RedemptionOptions')).json.balanceCents;

    // $25.00 as a Visa prepaid card by e-mail, on the Redeem page.
    await page.reload();
    const redeemVisa = async (dollars: string) => {
      await page.getByRole('radiogroup', { name: 'How would you like your money?' }).getByRole('radio', { name: /^Visa prepaid card/ }).check();
      await page.getByRole('textbox', { name: /^Amount in dollars/ }).fill(dollars);
      await page.getByRole('button', { name: 'Continue' }).click();
      const summary = page.getByRole('region', { name: 'Check and confirm' });
      await expect(summary).toContainText(`$${dollars}`);
      await expect(summary).toContainText(MEMBER.email);
      await page.getByRole('button', { name: `Redeem $${dollars}` }).click();
      await expect(page).toHaveURL(/\/account\/redeem\/rd_[0-9a-f]{32}$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Your redemption' })).toBeFocused();
      return new URL(page.url()).pathname.split('/').at(-1)!;
    };
    const redemptionId = await redeemVisa('25.00');
    // Their first: it waits for the team, and the page says so.
    await expect(page.getByText(HOLD_REASONS.firstRedemption)).toBeVisible();
    await expectNoSeriousA11yIssues(page);
    expect((await apiCall<Redemption>(page, `/api/Member/Redemptions/${redemptionId}`)).json.hold?.reason).toBe('firstRedemption');

    // An agent has the screen, for its own partners (delta and hilton): the nosh redemption is not there, and nothing to decide with.
    const agent = await (await browser.newContext()).newPage();
    await consoleSignIn(agent, 'agent');
    await agent.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Redemptions on hold' }).click();
    await expect(agent.getByRole('heading', { level: 1, name: 'Redemptions on hold' })).toBeVisible();
    await expect(agent.getByRole('heading', { level: 2, name: /on hold$/ })).toBeVisible();
    await expect(agent.getByRole('row').filter({ hasText: MEMBER.email })).toHaveCount(0);
    await expect(agent.getByRole('button', { name: /^Release|^Reject/ })).toHaveCount(0);
    await expectNoSeriousA11yIssues(agent);
    await agent.context().close();

    // An auditor (every partner) reads the row, with the member and why it waits, and has no Release or Reject.
    const auditor = await (await browser.newContext()).newPage();
    await consoleSignIn(auditor, 'auditor');
    await auditor.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Redemptions on hold' }).click();
    await auditor.getByLabel('Partner', { exact: true }).selectOption('nosh');
    await expect(auditor).toHaveURL(/\/redemption-holds\?partner=nosh$/);
    const seen = auditor.getByRole('row').filter({ hasText: MEMBER.email });
    await expect(seen).toContainText('Visa prepaid card');
    await expect(seen).toContainText('$25.00');
    await expect(seen).toContainText('Their first redemption');
    await expect(auditor.getByRole('button', { name: /^Release|^Reject/ })).toHaveCount(0);
    await expectNoSeriousA11yIssues(auditor);
    await auditor.context().close();

    // A supervisor releases it with a note, from the keyboard.
    const supervisor = await (await browser.newContext()).newPage();
    await consoleSignIn(supervisor, 'supervisor');
    await supervisor.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Redemptions on hold' }).click();
    await expect(supervisor.getByRole('heading', { level: 1, name: 'Redemptions on hold' })).toBeVisible();
    const row = supervisor.getByRole('row').filter({ hasText: MEMBER.email });
    await expect(row).toContainText('$25.00');
    await expect(row.getByRole('link', { name: 'Bea Cardwell' })).toHaveAttribute('href', /\/members\/\d+$/);
    await expectNoSeriousA11yIssues(supervisor);
    const release = row.getByRole('button', { name: 'Release $25.00 for Bea Cardwell' });
    await release.focus();
    await supervisor.keyboard.press('Enter');
    const dialog = supervisor.getByRole('dialog', { name: 'Release $25.00 for Bea Cardwell (Visa prepaid card)' });
    const note = dialog.getByLabel(/^Note for the record/);
    await expect(note).toBeFocused();
    await supervisor.keyboard.press('Enter');
    await expect(dialog.getByRole('alert')).toContainText('Add a note for the record');
    await expectNoSeriousA11yIssues(supervisor);
    await note.fill('Checked the dines behind the balance: all at one restaurant, paid with the linked card.');
    await supervisor.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    const said = supervisor.getByRole('status').filter({ hasText: 'Released: $25.00 for Bea Cardwell (Visa prepaid card) is being sent.' });
    await expect(said).toBeVisible();
    await expect(said).toBeFocused();
    await expect(supervisor.getByRole('row').filter({ hasText: MEMBER.email })).toHaveCount(0);
    await expectNoSeriousA11yIssues(supervisor);
    await supervisor.context().close();

    // The member's page (asking every few seconds) follows it to completed: ordered from the gift-card provider, its claim link e-mailed.
    const steps = page.getByRole('list', { name: 'Where it is' });
    await expect(steps.getByRole('listitem')).toHaveText([/Requested\s*Done/, /Accepted by the gift-card provider\s*Done/, /Sent to your e-mail\s*Done/], { timeout: 60_000 });
    await expect(page.getByText('$25.00 has been paid.')).toBeVisible();
    await expectNoSeriousA11yIssues(page);

    // A forced failure: $25.91 is declined by the provider (the simulator's forced outcome). Not a first redemption: it goes at once.
    await page.goto(partnerUrl('nosh', '/account/redeem'));
    const failedId = await redeemVisa('25.91');
    expect(failedId).not.toBe(redemptionId);
    await expect(page.getByText('$25.91 was returned to your balance.')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('The gift-card provider declined the order.')).toBeVisible();
    await expectNoSeriousA11yIssues(page);
    // The money is back: only the completed $25.00 left the balance.
    expect((await apiCall<RedemptionOptionsResponse>(page, '/api/Member/RedemptionOptions')).json.balanceCents).toBe(startBalance - 2_500);
    expect(errors).toEqual([]);
  });
});
