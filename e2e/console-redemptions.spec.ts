import type { Page } from '@playwright/test';
import type { Redemption, RedemptionOptionsResponse, RedemptionsPage } from '../src/shared/schemas/redemptions';
import { apiCall, expect, expectNoSeriousA11yIssues, partnerUrl, rewardingRestaurant, test } from './fixtures';
import { consoleSignIn } from './console-helpers';

/**
 * The console's queue of held redemptions (issue 28 item 5) in Chromium: a cash-back member's
 * first redemption waits for the team; an agent's queue holds only its own partners' (nosh is not
 * one of them) and an auditor reads it without buttons; a supervisor releases it with a note and
 * it leaves the queue; the member's redemption is no longer held. axe on the screen.
 */
const MEMBER = { publicId: 'demo-nosh-basic-card', email: 'basic.card@nosh.example.com' };

/** A call to the member API from the member's page (same origin), with the anti-forgery token and any extra headers. */
async function memberCall<T>(page: Page, method: 'PUT' | 'POST', path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: T }> {
  return page.evaluate(async ({ method, path, body, headers }) => {
    const { csrfToken } = (await (await fetch('/api/CSRF')).json()) as { csrfToken: string };
    const res = await fetch(path, { method, headers: { accept: 'application/json', 'content-type': 'application/json', 'x-xsrf-token': csrfToken, ...headers }, body: JSON.stringify(body) });
    return { status: res.status, json: (await res.json()) as T };
  }, { method, path, body, headers }) as Promise<{ status: number; json: T }>;
}

test.describe('operator console: redemptions on hold', () => {
  test("a member's first redemption waits; an auditor reads it without buttons, a supervisor releases it with a note and it leaves the queue", async ({ page, browser }) => {
    test.setTimeout(240_000);
    const restaurant = await rewardingRestaurant(browser, 'basic.card@hilton.example.com');

    // The member (a cash-back card member of nosh, tier 0: 3 % cash back), signed in with the staging tools' sign-in-as.
    await page.goto(partnerUrl('nosh', '/stgtools'));
    expect((await apiCall(page, '/api/stgtools/sign-in-as', { publicId: MEMBER.publicId })).status).toBe(200);
    // Never redeemed before, so this redemption is their first: it waits for the team.
    expect((await apiCall<RedemptionsPage>(page, '/api/Member/Redemptions')).json.totalResultSize).toBe(0);
    // No automatic statement credit at the $20 breakpoint: the balance stays for the gift card.
    expect((await memberCall(page, 'PUT', '/api/Member/RedemptionSettings', { autoStatementCredit: false })).status).toBe(200);
    // A real dine through signed card-network events: $900.00 earns $27.00, enough for a $25.00 Visa card whatever the demo history left.
    expect((await apiCall(page, '/api/stgtools/dines', { merchantId: restaurant.id, amountCents: 90_000, clear: true })).status).toBe(200);
    await expect.poll(async () => (await apiCall<RedemptionOptionsResponse>(page, '/api/Member/RedemptionOptions')).json.balanceCents, { timeout: 20_000 }).toBeGreaterThanOrEqual(2_500);
    const made = await memberCall<Redemption>(page, 'POST', '/api/Member/Redemptions', { option: 'visa', amountCents: 2_500, delivery: 'Email' }, { 'idempotency-key': `e2e-hold-${Date.now()}` });
    expect(made.status).toBe(201);
    expect(made.json.hold?.reason).toBe('firstRedemption');
    const { redemptionId } = made.json;

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

    // The member's redemption is on its way: no longer held.
    const after = await apiCall<Redemption>(page, `/api/Member/Redemptions/${redemptionId}`);
    expect(after.json.hold).toBeNull();
    expect(after.json.status).not.toBe('rejected');
  });
});
