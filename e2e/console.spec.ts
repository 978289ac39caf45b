import { merchantLocalDateTime } from '../src/shared/rules/rewards/local-time';
import { totpCode } from '../src/server/ops/totp';
import { expect, expectNoSeriousA11yIssues, partnerUrl, signIn, test } from './fixtures';
import { fileClaim, getJson, networkDine, type MerchantDetail, type Sample } from './claim-helpers';
import { CONSOLE, consoleSignIn, staff } from './console-helpers';

/**
 * The operator console (issue 27) in Chromium, on its own origin: an agent takes a "my reward is
 * missing" call from look-up to the claim's award, and the member sees it resolved; an auditor
 * finds all of it in the audit log and is offered nothing to change. axe on every console page.
 */
const DAY = 86_400_000;
const PARTNER_CODE = 'hilton';

test.describe('operator console', () => {
  test('an agent takes a missing-reward call: finds the member, reads the claim, awards it; the member sees it resolved; the auditor finds it all', async ({ page, request, browser }) => {
    test.setTimeout(150_000);
    // The member: a dine at a card terminal no restaurant has yet, claimed; it waits in review.
    await signIn(page, 'hilton', 'select.card@hilton.example.com');
    const sample = await getJson<Sample>(page, '/api/stgtools/network-sample');
    const card = sample.cards.find((c) => c.publicId === 'demo-hilton-select-card')!;
    const location = sample.locations[13]!;
    const merchant = await getJson<MerchantDetail>(page, `/api/merchants/${location.merchantId}`);
    const local = merchantLocalDateTime(new Date(Date.now() - 13 * DAY), location.state);
    const date = local.slice(0, 10);
    const cents = 3000 + Math.floor(Math.random() * 3000);
    const amount = (cents / 100).toFixed(2);
    await networkDine(request, { cardToken: card.cardToken, locationId: `console-mid-${cents}-${Date.now()}`, localDateTime: `${date}T13:00:00${local.slice(19)}`, authCents: cents, clearCents: cents });
    await page.goto(partnerUrl('hilton', '/account/claims'));
    await fileClaim(page, { cardLabel: new RegExp(`ending in ${card.lastFour}$`), near: merchant.location.address.zipCode, merchant, date, amount });
    await expect(page.getByRole('status').filter({ hasText: /submitted: In review\./ })).toBeVisible();

    // The agent, in a browser of its own (the console's origin; no member cookie means anything there).
    const agentContext = await browser.newContext();
    const agent = await agentContext.newPage();
    await consoleSignIn(agent, 'agent');
    await expectNoSeriousA11yIssues(agent);
    await expect(agent.getByRole('heading', { level: 1, name: 'Find a member' })).toBeVisible();
    await agent.getByLabel('Partner', { exact: true }).selectOption(PARTNER_CODE);
    await agent.getByLabel(/E-mail, partner number/).fill('select.card@hilton.example.com');
    await agent.getByRole('button', { name: 'Search' }).click();
    const results = agent.getByRole('table');
    await expect(results).toContainText('select.card@hilton.example.com');
    await expectNoSeriousA11yIssues(agent);
    await results.getByRole('link').first().click();
    await expect(agent.getByRole('heading', { level: 1 })).toBeVisible();
    const claims = agent.getByRole('region', { name: 'Missing-reward claims' });
    await expect(claims).toContainText(`$${amount}`);
    await expect(claims).toContainText('InReview');
    await expect(agent.getByRole('region', { name: 'Cards' })).toContainText(`ending ${card.lastFour}`);
    await expectNoSeriousA11yIssues(agent);

    // View as member: the member's site in a window of its own, signed in as the member, read only.
    await agent.getByRole('button', { name: 'View as member' }).click();
    const why = agent.getByRole('dialog', { name: /View .* account as the member sees it/ });
    await why.getByLabel(/Reason/).fill('Checking what the member sees of the claim');
    const popupOpened = agentContext.waitForEvent('page');
    await why.getByRole('button', { name: 'View as member' }).click();
    const view = await popupOpened;
    await expect(view).toHaveURL(/hilton\.localhost:\d+\/account\/overview$/);
    const bar = view.getByRole('region', { name: 'Viewing as the member' });
    await expect(bar).toContainText('account as Customer service');
    await expect(bar).toContainText('Read only');
    await expectNoSeriousA11yIssues(view);
    // A change is refused by the server, and said plainly.
    const refused = await view.evaluate(async () => {
      const token = (await (await fetch('/api/CSRF')).json() as { csrfToken: string }).csrfToken;
      const res = await fetch('/api/Member', { method: 'PUT', headers: { 'content-type': 'application/json', 'x-xsrf-token': token }, body: JSON.stringify({ firstName: 'Changed' }) });
      return { status: res.status, message: (await res.json() as { message: string }).message };
    });
    expect(refused).toEqual({ status: 403, message: expect.stringContaining('nothing can be changed') });
    // Exit from the console: the view's window signs out.
    await expect(agent.getByRole('region', { name: 'View as member' })).toContainText('read only');
    await agent.getByRole('button', { name: 'Exit the view' }).click();
    await expect(view).toHaveURL(/\/SignOut$/);
    await expect(agent.getByRole('button', { name: 'View as member' })).toBeVisible();
    await view.close();

    // The queue: the claim, its evidence, and the award with a note.
    await agent.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Claims queue' }).click();
    const row = agent.getByRole('row').filter({ hasText: `$${amount}` });
    await expect(row).toContainText('select.card@hilton.example.com');
    await expectNoSeriousA11yIssues(agent);
    // The claim beside its card's events: the purchase at the unknown terminal, authorised and cleared, one matched.
    await row.getByRole('link', { name: /^Compare claim #/ }).click();
    const beside = agent.getByRole('region', { name: /^Claim #\d+ beside its card's events$/ });
    await expect(beside.getByRole('heading', { level: 2, name: /^Claim #\d+ beside its card's events$/ })).toBeFocused();
    const weighed = beside.getByRole('region', { name: 'Events the matcher weighed' });
    await expect(weighed.getByRole('row').filter({ hasText: `$${amount}` })).toHaveCount(2);
    await expect(weighed.getByRole('row').filter({ hasText: 'matched' })).toContainText('A location no restaurant has');
    await expectNoSeriousA11yIssues(agent);
    await row.getByRole('button', { name: /^Award / }).click();
    const dialog = agent.getByRole('dialog', { name: /^Award claim #/ });
    await dialog.getByRole('button', { name: /^Award / }).click();
    await expect(dialog.getByRole('alert')).toContainText('Say why');
    await dialog.getByLabel(/Reason/).fill('Receipt checked: the restaurant changed its card terminal.');
    await dialog.getByRole('button', { name: /^Award / }).click();
    await expect(dialog).toBeHidden();
    await expect(agent.getByRole('row').filter({ hasText: `$${amount}` })).toHaveCount(0);
    // An agent has no audit log.
    await expect(agent.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' })).toHaveCount(0);
    await agentContext.close();

    // The member sees the claim resolved and the reward added.
    await page.goto(partnerUrl('hilton', '/account/claims'));
    const mine = page.getByRole('region', { name: 'Your claims' }).getByRole('listitem').filter({ hasText: `$${amount}` });
    await expect(mine).toContainText('Resolved');
    await expect(mine).toContainText('We added');
    // …and, on the overview, that our team viewed the account.
    await page.goto(partnerUrl('hilton', '/account/overview'));
    await expect(page.getByRole('region', { name: 'Account access by our team' })).toContainText('Customer service viewed your account as you see it (read only).');

    // The auditor: every step in the log, and nothing to change.
    const auditorContext = await browser.newContext();
    const auditor = await auditorContext.newPage();
    await consoleSignIn(auditor, 'auditor');
    await auditor.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
    await auditor.getByLabel(/Action, staff e-mail/).fill(staff('agent').email);
    await auditor.getByRole('button', { name: 'Search' }).click();
    const entries = auditor.getByRole('region', { name: 'Entries' });
    await expect(entries).toContainText('claim.award');
    await expect(entries).toContainText('member.view');
    await expect(entries).toContainText('Receipt checked: the restaurant changed its card terminal.');
    await expectNoSeriousA11yIssues(auditor);
    await auditor.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Claims queue' }).click();
    await expect(auditor.getByRole('heading', { level: 1, name: 'Claims queue' })).toBeVisible();
    await expect(auditor.getByRole('button', { name: /^Award |^Reject$/ })).toHaveCount(0);
    await auditorContext.close();
  });

  test('an agent asks for an adjustment above its limit; it cannot approve it, a supervisor does, and the member sees it', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const points = 2_001 + Math.floor(Math.random() * 900);
    const shown = points.toLocaleString('en-US');
    const agentContext = await browser.newContext();
    const agent = await agentContext.newPage();
    await consoleSignIn(agent, 'agent');
    await agent.getByLabel('Partner', { exact: true }).selectOption(PARTNER_CODE);
    await agent.getByLabel(/E-mail, partner number/).fill('basic.card@hilton.example.com');
    await agent.getByRole('button', { name: 'Search' }).click();
    await agent.getByRole('table').getByRole('link').first().click();
    await agent.getByRole('button', { name: 'Adjust rewards' }).click();
    const dialog = agent.getByRole('dialog', { name: /^Adjust the rewards of / });
    await dialog.getByLabel('Kind').selectOption('A');
    await dialog.getByLabel(/^Amount in points/).fill(String(points));
    await expect(dialog.getByText(/Above your limit of 2,000 points: it will wait for a second person's approval/)).toBeVisible();
    await dialog.getByLabel(/^Reason/).selectOption('serviceRecovery');
    await dialog.getByLabel(/^Note for the record/).fill('Table booked through us was given away; apology agreed with the member.');
    await expectNoSeriousA11yIssues(agent);
    await dialog.getByRole('button', { name: 'Ask for approval' }).click();
    await expect(dialog).toBeHidden();
    await expect(agent.getByRole('status').filter({ hasText: `Adjustment of ${shown} points is waiting for a second person's approval` })).toBeVisible();
    await expect(agent.getByRole('region', { name: 'Adjustments' })).toContainText('Waiting for approval');
    // The agent sees the request in the approvals queue, and nothing to decide it with.
    await agent.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Approvals' }).click();
    const waitingRow = agent.getByRole('row').filter({ hasText: `${shown} points` });
    await expect(waitingRow).toBeVisible();
    await expect(waitingRow.getByRole('button')).toHaveCount(0);
    await agentContext.close();

    // The supervisor approves it.
    const supervisorContext = await browser.newContext();
    const supervisor = await supervisorContext.newPage();
    await consoleSignIn(supervisor, 'supervisor');
    await supervisor.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Approvals' }).click();
    await expect(supervisor.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
    await expectNoSeriousA11yIssues(supervisor);
    const row = supervisor.getByRole('row').filter({ hasText: `${shown} points` });
    await row.getByRole('button', { name: `Approve ${shown} points` }).click();
    await expect(supervisor.getByRole('status').filter({ hasText: `Approved and posted: ${shown} points` })).toBeVisible();
    await expect(supervisor.getByRole('row').filter({ hasText: `${shown} points` })).toHaveCount(0);
    await supervisorContext.close();

    // The member finds it in Reviews & History.
    await signIn(page, 'hilton', 'basic.card@hilton.example.com');
    await page.goto(partnerUrl('hilton', '/account/recent_activity'));
    await expect(page.getByRole('main')).toContainText('Adjustment');
    await expect(page.getByRole('main')).toContainText(shown);

    // The auditor finds the request and the approval, with the note, and can decide nothing.
    const auditor = await (await browser.newContext()).newPage();
    await consoleSignIn(auditor, 'auditor');
    await auditor.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
    await auditor.getByLabel(/Action, staff e-mail/).fill('adjustment.');
    await auditor.getByRole('button', { name: 'Search' }).click();
    const entries = auditor.getByRole('region', { name: 'Entries' });
    await expect(entries.getByRole('row').filter({ hasText: 'adjustment.request' }).filter({ hasText: 'Table booked through us was given away' }).first()).toBeVisible();
    await expect(entries.getByRole('row').filter({ hasText: 'adjustment.approve' }).filter({ hasText: staff('supervisor').email }).first()).toBeVisible();
    await auditor.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Approvals' }).click();
    await expect(auditor.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
    await expect(auditor.getByRole('button', { name: /^Approve |^Reject$/ })).toHaveCount(0);
    await auditor.context().close();
  });

  test('an auditor reads a partner\'s report, downloads its CSV and looks up an error code; neither page has a serious axe issue', async ({ page }) => {
    await consoleSignIn(page, 'auditor');
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Reports' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await page.getByLabel('Partner', { exact: true }).selectOption(PARTNER_CODE);
    const table = page.getByRole('table');
    await expect(table).toBeVisible();
    await expect(table.getByRole('columnheader').first()).toBeVisible();
    await expect(page.getByRole('img', { name: /Dines per day/ })).toBeVisible();
    await expectNoSeriousA11yIssues(page);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^report-hilton-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8');
    expect(csv.split(/\r?\n/)[0]).toMatch(/^date,joins,cards_linked,dines,qualified_dines,/);
    expect(csv).toMatch(/\r?\ntotal,/);

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Error look-up' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Error look-up' })).toBeVisible();
    await page.getByLabel(/^Reference code/).fill('k7mp-q2xw-9a');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByRole('alert')).toContainText('No error with this reference code');
    await expectNoSeriousA11yIssues(page);
    await page.getByLabel(/^Reference code/).fill('not a code');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByText(/A reference code is 10 letters and digits/).first()).toBeVisible();
  });

  test('an administrator adds an account (no role yet); the person sets it up from the link: password and second factor', async ({ page, browser }) => {
    await consoleSignIn(page, 'administrator');
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Staff' }).click();
    await page.getByText('Add a console account').click();
    const email = `new.person.${Date.now()}@ops.example.com`;
    await page.getByLabel(/^E-mail/).fill(email);
    await page.getByLabel(/^Name/).fill('Noor Newcomer');
    await page.getByLabel(/^Role \(required\)/).selectOption('none');
    await page.getByRole('button', { name: 'Create the account' }).click();
    const link = (await page.locator('.console-secret').first().textContent())!.trim();
    expect(link).toMatch(new RegExp(`^${CONSOLE}/setup`));
    await expectNoSeriousA11yIssues(page);

    const newcomerContext = await browser.newContext();
    const newcomer = await newcomerContext.newPage();
    await newcomer.goto(link);
    await expect(newcomer.getByRole('heading', { level: 1, name: 'Set up your console account' })).toBeVisible();
    await expectNoSeriousA11yIssues(newcomer);
    const secret = (await newcomer.locator('.console-secret').textContent())!.replace(/\s/g, '');
    await newcomer.getByLabel(/^Password/).first().fill('A long passphrase 2026');
    await newcomer.getByLabel(/Code from your authenticator app/).fill(totpCode(secret));
    await newcomer.getByRole('button', { name: 'Finish setting up' }).click();
    await expect(newcomer.getByRole('heading', { level: 1, name: 'Your console account is ready' })).toBeVisible();
    await expectNoSeriousA11yIssues(newcomer);
    await newcomerContext.close();

    // The administrator's other pages: the card events queue and a partner's settings, no serious axe issue.
    const nav = page.getByRole('navigation', { name: 'Console' });
    await nav.getByRole('link', { name: 'Card events' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Card events' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /waiting$/ })).toBeVisible();
    await expectNoSeriousA11yIssues(page);
    await nav.getByRole('link', { name: 'Partner settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Partner settings' })).toBeVisible();
    await page.getByLabel('Partner', { exact: true }).selectOption(PARTNER_CODE);
    await expect(page.getByRole('button').filter({ hasText: /save|request/i }).first()).toBeVisible();
    await expectNoSeriousA11yIssues(page);
  });

  test('an editor drafts a new home title, previews it on the site (the public does not see it), publishes it, then rolls it back', async ({ page, browser, context }) => {
    test.setTimeout(120_000);
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    const homeTitle = async () => {
      await visitor.goto(partnerUrl('delta', '/'));
      return (await visitor.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
    };
    const original = await homeTitle();
    const fresh = `Dine, fly, repeat ${Date.now() % 100_000}`;

    await consoleSignIn(page, 'contentEditor');
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Content' }).click();
    await page.getByLabel('Partner', { exact: true }).selectOption('delta');
    await page.getByLabel('Page', { exact: true }).selectOption('home');
    await page.getByLabel('Item', { exact: true }).selectOption('anonymous');
    const title = page.getByLabel('Title', { exact: true });
    await expect(title).toBeVisible();
    await expectNoSeriousA11yIssues(page);
    await title.fill(fresh);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('button', { name: 'Publish' })).toBeEnabled();
    // A draft is nobody's but the preview session's.
    expect(await homeTitle()).toBe(original);
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Preview on the site' }).click();
    const preview = await opened;
    await expect(preview).toHaveURL(/delta\.localhost.*preview=1/, { timeout: 20_000 });
    await expect(preview.getByRole('heading', { level: 1 })).toHaveText(fresh);
    await preview.close();

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Published as a new version: members see it now.')).toBeVisible();
    await expect.poll(homeTitle, { timeout: 20_000 }).toBe(fresh);

    const versions = page.getByRole('button', { name: /^Roll back to version / });
    await versions.last().click();
    await expect(page.getByText(/published again as a new version/)).toBeVisible();
    await expect.poll(homeTitle, { timeout: 20_000 }).toBe(original);
    await visitorContext.close();

    // The auditor finds the draft, the preview, the publication and the rollback, and has nothing to edit with.
    const auditor = await (await browser.newContext()).newPage();
    await consoleSignIn(auditor, 'auditor');
    await auditor.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
    await auditor.getByLabel(/Action, staff e-mail/).fill(staff('contentEditor').email);
    await auditor.getByRole('button', { name: 'Search' }).click();
    const entries = auditor.getByRole('region', { name: 'Entries' });
    for (const action of ['content.draft.save', 'content.preview', 'content.publish', 'content.rollback']) await expect(entries, action).toContainText(action);
    await expect(entries).toContainText(fresh);
    await auditor.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Content' }).click();
    await auditor.getByLabel('Partner', { exact: true }).selectOption('delta');
    await auditor.getByLabel('Page', { exact: true }).selectOption('home');
    await auditor.getByLabel('Item', { exact: true }).selectOption('anonymous');
    await expect(auditor.getByLabel('Title', { exact: true })).toBeDisabled();
    await expect(auditor.getByRole('button', { name: /^Save draft$|^Publish$|^Roll back to version / })).toHaveCount(0);
    await auditor.context().close();
  });

  test("a partner manager raises the VIP threshold; it waits, an administrator approves, and the member's meter counts to it", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const meter = async () => {
      await page.goto(partnerUrl('hilton', '/account/overview'));
      return page.getByText(/ of \d+ qualifying dines in \d{4}/).first();
    };
    await signIn(page, 'hilton', 'select.card@hilton.example.com');
    await expect(await meter()).toContainText('of 11 qualifying dines');

    /** One staff member asks for a threshold; another approves it. */
    const setThreshold = async (dines: number, asker: string, approver: string) => {
      const askerPage = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
      await consoleSignIn(askerPage, asker);
      await askerPage.goto(`${CONSOLE}/settings?partner=${PARTNER_CODE}`);
      const field = askerPage.getByLabel(/^VIP threshold, in qualifying dines a year/);
      await field.fill(String(dines));
      await expect(askerPage.getByRole('status').filter({ hasText: "Waits for a second person's approval: VIP threshold (qualifying dines a year)." })).toBeVisible();
      await askerPage.getByLabel(/^Reason/).fill(`VIP at ${dines} dines, agreed with the partner`);
      await expectNoSeriousA11yIssues(askerPage);
      await askerPage.getByRole('button', { name: 'Ask for approval' }).click();
      await expect(askerPage.getByText("Waiting for a second person's approval: VIP threshold (qualifying dines a year).")).toBeVisible();
      await askerPage.context().close();
      const approverPage = await (await browser.newContext()).newPage();
      await consoleSignIn(approverPage, approver);
      await approverPage.goto(`${CONSOLE}/settings?partner=${PARTNER_CODE}`);
      const waiting = approverPage.getByRole('row').filter({ hasText: `→ ${dines}` });
      await waiting.getByRole('button', { name: 'Approve' }).click();
      await expect(approverPage.getByText('Approved and applied: VIP threshold (qualifying dines a year).')).toBeVisible();
      await approverPage.context().close();
    };

    await setThreshold(20, 'partnerManager', 'administrator');
    await expect.poll(async () => (await meter()).textContent(), { timeout: 20_000 }).toContain('of 20 qualifying dines');
    // Back to the programme's 11 for the other journeys (the other way round: the administrator asks).
    await setThreshold(11, 'administrator', 'partnerManager');
    await expect.poll(async () => (await meter()).textContent(), { timeout: 20_000 }).toContain('of 11 qualifying dines');
  });

  test('the console refuses a wrong code and says nothing about which part was wrong', async ({ page }) => {
    await page.goto(`${CONSOLE}/sign-in`);
    await page.getByLabel('E-mail').fill(staff('supervisor').email);
    await page.getByLabel('Password', { exact: false }).first().fill('Dining2026!');
    await page.getByLabel(/Code from your authenticator app/).fill('000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('The e-mail, password or code is not right.');
    await expectNoSeriousA11yIssues(page);
    const cookies = await page.context().cookies(CONSOLE);
    expect(cookies.find((c) => c.name === 'ops_session')).toBeUndefined();
  });
});
