// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '#client/lib/router';
import type { PartnerConfig } from '#shared/schemas/partner';
import type { CreditBalance, DineSummary, TransactionsPage } from '#shared/schemas/rewards';
import { NOT_EARNED_REASONS } from '#shared/constants/rewards';
import { createRoutes } from '../../app/routes';
import { json, mockFetch, renderRoutes, Where } from '../../test/render-router';
import { makeContentState, makePartnerConfig } from '../../test/partner-fixture';
import { makeMember } from '../../test/member-fixture';
import { mockViewport } from '../../test/render';
import { expectNoAxeViolations } from '../../test/axe';
import { readLoginRedirect } from '../../features/session/arrival';
import { daysAgo, makePage, makeSummary, makeTransaction } from '../../features/rewards/test/rewards-fixtures';
import { formatDay, formatLocalDay } from '../../features/rewards/format';
import { EMPTY_TEXT, EMPTY_TITLE, FIND_RESTAURANTS, LOAD_FAILED_TITLE } from '../../features/rewards/components/activity-empty';
import { LOADING_MORE_TEXT, LOADING_TEXT } from '../../features/rewards/components/recent-activity';
import { balanceTooltip, panelTitle, pendingPayoutText } from '../../features/rewards/components/rewards-panel';
import { YEAR_TOTAL_FAILED, YEAR_TOTAL_TITLE } from '../../features/rewards/components/year-total';
import { MISSING_REWARDS_TITLE } from '../../features/rewards/components/missing-rewards-banner';
import { REDEEM_LINK } from '../../features/rewards/components/rewards-panel';
import type { Redemption } from '#shared/schemas/redemptions';
import { MASKED_CARD_PLACEHOLDER } from '#shared/constants/redemptions';
import { makeRedemption, makeStatementCredit } from '../../features/redemptions/test/redemptions-fixtures';
import { ALL_REDEMPTIONS, NO_REDEMPTIONS, RECENT_TITLE } from '../../features/redemptions/components/redemption-history';
import { formatDay as day } from '../../features/rewards';

type Answers = {
  pages?: (page: number) => TransactionsPage | Response | Promise<TransactionsPage | Response>;
  balance?: CreditBalance | Response;
  summary?: DineSummary | Response;
  redemptions?: Redemption[];
};

function setup(answers: Answers = {}) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', vi.fn(mockFetch(async (url) => {
    calls.push(url.pathname + url.search);
    switch (url.pathname) {
      case '/api/Member/Transactions': {
        const answer = await (answers.pages ?? (() => makePage([])))(Number(url.searchParams.get('pageNo')));
        return answer instanceof Response ? answer : json(answer);
      }
      case '/api/Member/StatementCreditBalance':
        return answers.balance instanceof Response ? answers.balance : json(answers.balance ?? { memberBalance: 0, payoutBreakpoint: 20, pendingPayout: 0 });
      case '/api/Member/DineSummary':
        return answers.summary instanceof Response ? answers.summary : json(answers.summary ?? makeSummary());
      case '/api/Member/Redemptions': {
        const all = answers.redemptions ?? [];
        const size = Number(url.searchParams.get('resultsPerPage'));
        return json({ data: all.slice(0, size), totalPages: Math.ceil(all.length / size), totalResultSize: all.length });
      }
      default:
        return undefined;
    }
  })));
  return { calls };
}

/** The app's own /account route (with its children), so the shell and its redirects are as configured. */
function accountRoutes(partner: PartnerConfig): RouteObject[] {
  const pages = createRoutes(partner)[0]!.children![0]!.children!;
  return [pages.find((r) => r.path === 'account')!, { path: '*', element: <Where /> }];
}

function renderPage(opts: { route?: string; partner?: Partial<PartnerConfig>; content?: Parameters<typeof makeContentState>[0]; member?: ReturnType<typeof makeMember> } = {}) {
  const partner = makePartnerConfig({
    customerSupport: { phone: { href: 'tel:+18005550100', formatted: '1-800-555-0100' }, email: { href: 'mailto:help@example.com', display: 'help@example.com' } },
    ...opts.partner,
  });
  return renderRoutes(accountRoutes(partner), {
    partner,
    route: opts.route ?? '/account/recent_activity',
    member: opts.member ?? makeMember(),
    content: makeContentState(opts.content ?? {}, partner),
  });
}

/** A hotel partner (points): the standard wording of §4. */
const POINTS = { currencyType: 'Point', copyStates: { ...makePartnerConfig().copyStates, currencySingular: 'point', currencyPlural: 'points' } } as const;
const CASH = { currencyType: 'Dollar', copyStates: { ...makePartnerConfig().copyStates, currencySingular: 'cash back', currencyPlural: 'cash back' } } as const;
/** A credit partner (fuelrewards in the demo): its panel names its own credits, never cash back. */
const FUEL = { currencyType: 'Credit', copyStates: { ...makePartnerConfig().copyStates, currencySingular: 'fuel credit', currencyPlural: 'fuel credits' } } as const;
const PANEL_TITLE = 'Your cash back';

const rowOf = (name: string | RegExp) => screen.getByRole('heading', { level: 3, name }).closest('li')!;

beforeEach(() => mockViewport(1024));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('/account/recent_activity (Reviews & History)', () => {
  it('is in the account navigation as Reviews & History, marked current', async () => {
    setup();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Reviews & History' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Account centre' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Account Overview', 'Reviews & History', 'Linked Cards', 'Profile']);
    expect(links[1]!.getAttribute('href')).toBe('/account/recent_activity');
    expect(links[1]!.getAttribute('aria-current')).toBe('page');
    // useDocumentTitle sets it in a passive effect, which React may run after the heading is already in the DOM.
    await waitFor(() => expect(document.title).toBe('Reviews & History | Test Dining'));
  });

  it('says "Do not refresh..." while the first page loads', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    setup({ pages: async () => { await gate; return makePage([makeTransaction()]); } });
    renderPage();
    expect((await screen.findByText(LOADING_TEXT)).closest('[role="status"]')).toBeTruthy();
    release();
    expect(await screen.findByRole('link', { name: 'Blue Plate Diner' })).toBeTruthy();
    expect(screen.queryByText(LOADING_TEXT)).toBeNull();
  });

  it('shows the empty state with its button to /search', async () => {
    setup();
    renderPage();
    expect(await screen.findByRole('heading', { level: 3, name: EMPTY_TITLE })).toBeTruthy();
    expect(screen.getByText(EMPTY_TEXT)).toBeTruthy();
    expect(screen.getByRole('link', { name: FIND_RESTAURANTS }).getAttribute('href')).toBe('/search');
    expect(screen.queryByRole('navigation', { name: 'Activity pages' })).toBeNull();
    await expectNoAxeViolations();
  });

  it('shows the empty state with a retry when the activity cannot be loaded, and retries', async () => {
    let fail = true;
    setup({ pages: () => (fail ? json({ statusCode: 500, error: 'Internal Server Error', message: 'Boom' }, 500) : makePage([makeTransaction()])) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 3, name: LOAD_FAILED_TITLE })).toBeTruthy();
    expect(screen.getByRole('link', { name: FIND_RESTAURANTS }).getAttribute('href')).toBe('/search');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Blue Plate Diner' })).toBeTruthy();
  });

  it('sends the member to sign in when the session has ended (401), saving the page', async () => {
    setup({ pages: () => json({ statusCode: 401, error: 'Unauthorized', message: 'Sign in' }, 401) });
    renderPage({ route: '/account/recent_activity?page=2' });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'));
    expect(readLoginRedirect('/fallback')).toBe('/account/recent_activity?page=2');
  });

  it('has the missing-rewards banner with the way to claim and the customer support contact', async () => {
    setup();
    renderPage();
    const banner = await screen.findByRole('region', { name: MISSING_REWARDS_TITLE });
    expect(banner.textContent).toContain('10 days');
    expect(within(banner).getByRole('link', { name: 'claim the missing reward' }).getAttribute('href')).toBe('/account/claims');
    expect(within(banner).getByRole('link', { name: 'help@example.com' }).getAttribute('href')).toBe('mailto:help@example.com');
    expect(within(banner).getByRole('link', { name: '1-800-555-0100' }).getAttribute('href')).toBe('tel:+18005550100');
  });

  it('shows a row of each status in the standard wording with what happened, dimming Forfeit, Pending and Deferred', async () => {
    const paidAt = daysAgo(1);
    const activateBy = daysAgo(-10).slice(0, 10);
    setup({
      pages: () => makePage([
        makeTransaction({ sourceTransactionId: 'a', merchantName: 'Awarded Grill', merchantId: 1, benefitAmount: 150 }),
        makeTransaction({ sourceTransactionId: 'p', merchantName: 'Pending Bistro', merchantId: 2, transactionStatus: 'Pending', transactionCreatedAt: daysAgo(2), ticketAmount: null }),
        makeTransaction({ sourceTransactionId: 'x', merchantName: 'Old Pending Cafe', merchantId: 3, transactionStatus: 'Pending', transactionCreatedAt: daysAgo(40) }),
        makeTransaction({ sourceTransactionId: 'f', merchantName: 'Blackout Tavern', merchantId: 4, transactionStatus: 'Forfeit', benefitAmount: 0, reason: NOT_EARNED_REASONS.blackoutDay, reasonCode: 'blackoutDay' }),
        makeTransaction({ sourceTransactionId: 'd', merchantName: 'Deferred Deli', merchantId: 5, transactionStatus: 'Deferred', deferral: { activateBy, activated: false } }),
        makeTransaction({ sourceTransactionId: 'u', merchantName: 'Unsettled Steakhouse', merchantId: 8, transactionStatus: 'Forfeit', benefitAmount: 0, reason: NOT_EARNED_REASONS.notSettled, reasonCode: 'notSettled' }),
        makeTransaction({ sourceTransactionId: 'paid', merchantName: 'Paid Pizzeria', merchantId: 6, transactionStatus: 'Paid', paidAt, dineAmount: 80.5, benefitAmount: 241 }),
        makeTransaction({ sourceTransactionId: 'gone', merchantName: 'Closed Kitchen', merchantId: 7, activeMerchant: false, benefitAmount: 1 }),
        makeTransaction({ sourceTransactionId: 'b', merchantName: null, merchantId: null, transactionTypeCode: 'B', dineAmount: 0, cardLastFour: null, benefitAmount: 500 }),
      ]),
    });
    renderPage({ partner: POINTS });
    const list = await screen.findByRole('list', { name: 'Activity' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(9);

    const awarded = rowOf('Awarded Grill');
    expect(within(awarded).getByRole('link', { name: 'Awarded Grill' }).getAttribute('href')).toBe('/merchants/1');
    expect(awarded.textContent).toContain('Card ending in 1111');
    expect(awarded.textContent).toContain('$50.00');
    expect(awarded.textContent).toContain('150 points');
    expect(within(awarded).queryByText('Status')).toBeNull();
    expect(awarded.className).not.toMatch(/dimmed/);
    expect(within(awarded).getByText(formatLocalDay(makeTransaction().transactionCreatedAt)!).tagName).toBe('TIME');

    expect(rowOf('Pending Bistro').textContent).toContain('Pending Review');
    expect(rowOf('Pending Bistro').className).toMatch(/dimmed/);
    expect(rowOf('Old Pending Cafe').textContent).toContain('Review expired');

    // A blackout day did not expire: it was never earned, and the row says why.
    const forfeit = rowOf('Blackout Tavern');
    expect(forfeit.textContent).toContain('Not earned');
    expect(forfeit.textContent).not.toContain('Expired');
    expect(forfeit.textContent).toContain(NOT_EARNED_REASONS.blackoutDay);
    expect(forfeit.className).toMatch(/dimmed/);
    // A purchase the network never settled did expire.
    expect(rowOf('Unsettled Steakhouse').textContent).toContain('Expired');
    expect(rowOf('Unsettled Steakhouse').textContent).toContain(NOT_EARNED_REASONS.notSettled);

    const deferred = rowOf('Deferred Deli');
    expect(deferred.textContent).toContain('Awaiting activation');
    expect(deferred.textContent).toContain(`Pays when you activate your account; activate by ${formatLocalDay(`${activateBy}T12:00:00Z`)}.`);
    expect(deferred.className).toMatch(/dimmed/);

    const paid = rowOf('Paid Pizzeria');
    expect(paid.textContent).toContain(`Paid ${formatDay(paidAt)}`);
    expect(paid.textContent).toContain('$80.50');
    expect(paid.textContent).toContain('241 points');
    expect(paid.className).not.toMatch(/dimmed/);

    // A restaurant no longer in the programme is named, not linked; one point is singular.
    expect(within(rowOf('Closed Kitchen')).queryByRole('link')).toBeNull();
    expect(rowOf('Closed Kitchen').textContent).toContain('1 point');
    // A bonus has no restaurant, card or dine amount.
    const bonus = rowOf('Bonus');
    expect(bonus.textContent).toContain('500 points');
    expect(bonus.textContent).not.toContain('Dine amount');
    expect(bonus.textContent).not.toContain('Card ending');
    await expectNoAxeViolations();
  });

  it('uses the airline wording for a Mile partner', async () => {
    setup({
      pages: () => makePage([
        makeTransaction({ sourceTransactionId: 'p', merchantName: 'Pending Bistro', transactionStatus: 'Pending', transactionCreatedAt: daysAgo(40) }),
        makeTransaction({ sourceTransactionId: 'f', merchantName: 'Limit Lounge', transactionStatus: 'Forfeit', reason: NOT_EARNED_REASONS.monthlyVisitLimit, reasonCode: 'monthlyVisitLimit' }),
        makeTransaction({ sourceTransactionId: 'd', merchantName: 'Deferred Deli', transactionStatus: 'Deferred' }),
        makeTransaction({ sourceTransactionId: 'a', merchantName: 'Awarded Grill', benefitAmount: 250 }),
      ]),
    });
    renderPage({ partner: { currencyType: 'Mile' } });
    await screen.findByRole('list', { name: 'Activity' });
    expect(rowOf('Pending Bistro').textContent).toContain('Processing');
    expect(rowOf('Pending Bistro').textContent).not.toContain('Review');
    expect(rowOf('Limit Lounge').textContent).toContain('Not earned');
    expect(rowOf('Limit Lounge').textContent).toContain(NOT_EARNED_REASONS.monthlyVisitLimit);
    expect(rowOf('Limit Lounge').textContent).not.toContain('Expired');
    // Deferred pays on activation: never 'Not earned', on airline partners neither.
    expect(rowOf('Deferred Deli').textContent).toContain('Awaiting activation');
    expect(rowOf('Deferred Deli').textContent).not.toContain('Not earned');
    expect(rowOf('Awarded Grill').textContent).toContain('250 miles');
  });

  it('pages: "Page X of Y", previous/next, up to five numbers; another page keeps the list with "loading more"', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { calls } = setup({
      pages: async (page) => {
        if (page === 2) await gate;
        return makePage([makeTransaction({ sourceTransactionId: `p${page}`, merchantName: `Restaurant of page ${page}` })], { totalPages: 7, totalResultSize: 61 });
      },
    });
    renderPage();
    const nav = await screen.findByRole('navigation', { name: 'Activity pages' });
    expect(nav.textContent).toContain('Page 1 of 7');
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Page 2', 'Page 3', 'Page 4', 'Page 5', 'Next page ›']);
    expect(within(nav).getByText('1', { exact: false, selector: '[aria-current="page"]' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Activity, page 1 of 7' })).toBeTruthy();
    expect(calls).toContain('/api/Member/Transactions?pageNo=1&resultsPerPage=10');

    await userEvent.setup().click(within(nav).getByRole('link', { name: /Next/ }));
    expect(await screen.findByText(LOADING_MORE_TEXT)).toBeTruthy();
    // The previous page stays on screen meanwhile.
    expect(screen.getByRole('heading', { level: 3, name: 'Restaurant of page 1' })).toBeTruthy();
    release();
    expect(await screen.findByRole('heading', { level: 3, name: 'Restaurant of page 2' })).toBeTruthy();
    expect(screen.queryByText(LOADING_MORE_TEXT)).toBeNull();
    expect(calls).toContain('/api/Member/Transactions?pageNo=2&resultsPerPage=10');
    const after = screen.getByRole('navigation', { name: 'Activity pages' });
    expect(after.textContent).toContain('Page 2 of 7');
    expect(within(after).getByRole('link', { name: /Previous/ }).getAttribute('href')).toBe('/account/recent_activity');
    // Focus moves to the list's heading once the chosen page is there.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Your activity' })));
    await expectNoAxeViolations();
  });

  it('opens the page of the URL, and a page past the end shows the last one', async () => {
    const { calls } = setup({ pages: (page) => makePage(page <= 3 ? [makeTransaction({ merchantName: `Restaurant of page ${page}` })] : [], { totalPages: 3 }) });
    const { router } = renderPage({ route: '/account/recent_activity?page=9' });
    expect(await screen.findByRole('heading', { level: 3, name: 'Restaurant of page 3' })).toBeTruthy();
    expect(router.location.search).toBe('?page=3');
    expect(calls).toContain('/api/Member/Transactions?pageNo=9&resultsPerPage=10');
  });

  it("shows every partner this year's total in its own currency, with what is on the way", async () => {
    const { calls } = setup({
      pages: () => makePage([makeTransaction({ benefitAmount: 250 })]),
      summary: makeSummary({ currentYearBenefits: 12450, currentYearOnTheWay: 300, currentYearDines: 4, year: 2026 }),
    });
    renderPage({ partner: { currencyType: 'Mile' } });
    const year = await screen.findByRole('region', { name: YEAR_TOTAL_TITLE });
    await waitFor(() => expect(year.textContent).toContain('Earned in 202612,450 miles'));
    expect(within(year).getByText('On the way', { selector: 'dt' }).nextElementSibling!.textContent).toBe('300 miles');
    expect(year.textContent).toContain('On the way: purchases the card network has not settled yet');
    expect(year.textContent).toContain('Qualifying dines in 20264');
    expect(calls).toContain('/api/Member/DineSummary');
    // The total sits above the rows it adds up.
    expect(year.compareDocumentPosition(screen.getByRole('list', { name: 'Activity' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await expectNoAxeViolations();
    cleanup();

    setup({ summary: makeSummary({ currentYearBenefits: 1, year: 2026 }) });
    renderPage({ partner: POINTS });
    const points = await screen.findByRole('region', { name: YEAR_TOTAL_TITLE });
    await waitFor(() => expect(points.textContent).toContain('Earned in 20261 point'));
    // Nothing on the way: no line for it.
    expect(within(points).queryByText('On the way', { selector: 'dt' })).toBeNull();
    // Issue 24 review g: the note explains only the figures shown.
    expect(points.textContent).not.toContain('On the way:');
  });

  it("says so when this year's total cannot be loaded, and keeps the rows", async () => {
    setup({ pages: () => makePage([makeTransaction()]), summary: json({ statusCode: 500, error: 'Internal Server Error', message: 'Boom' }, 500) });
    renderPage({ partner: POINTS });
    const year = await screen.findByRole('region', { name: YEAR_TOTAL_TITLE });
    await waitFor(() => expect(year.textContent).toContain(YEAR_TOTAL_FAILED));
    expect(screen.getByRole('link', { name: 'Blue Plate Diner' })).toBeTruthy();
  });

  it('shows no rewards panel to a partner paying miles or points', async () => {
    const { calls } = setup({ pages: () => makePage([makeTransaction()]) });
    renderPage({ partner: POINTS });
    await screen.findByRole('list', { name: 'Activity' });
    expect(screen.queryByRole('region', { name: PANEL_TITLE })).toBeNull();
    expect(calls.some((c) => c.includes('StatementCredit'))).toBe(false);
  });

  it('cash partners: balance with a keyboard tooltip, a bar to the payout breakpoint, the payout pending, this year, and the statement credits in the one list of redemptions', async () => {
    const paidAt = '2026-12-02T10:00:00.000Z';
    const automatic = makeStatementCredit({ redemptionId: `cr_${'1'.repeat(32)}`, automatic: true });
    const payingOut = makeStatementCredit({
      redemptionId: `cr_${'2'.repeat(32)}`, automatic: true, status: 'pending', amountCents: 2150, destination: 'Amex ending in 0005',
      steps: [{ status: 'pending', at: '2026-12-03T10:00:00.000Z' }], createdAt: '2026-12-03T10:00:00.000Z',
    });
    const chosen = makeStatementCredit({
      status: 'rejected', amountCents: 3000, money: '$30.00 was returned to your balance.',
      steps: [{ status: 'pending', at: '2026-11-20T10:00:00.000Z' }, { status: 'rejected', at: paidAt }], createdAt: '2026-11-20T10:00:00.000Z',
    });
    const { calls } = setup({
      pages: () => makePage([
        makeTransaction({ benefitAmount: 2.5 }),
        makeTransaction({ sourceTransactionId: 'tx-2', merchantName: 'Paying Out Bistro', benefitAmount: 21.5, statementCredit: { creditId: 'cr-2', status: 'pending', targetLabel: 'Amex ending in 0005' } }),
      ]),
      balance: { memberBalance: 12.4, payoutBreakpoint: 20, pendingPayout: 21.5 },
      summary: makeSummary({ currentYearBenefits: 45, currentYearDines: 9, year: 2026 }),
      redemptions: [payingOut, automatic, chosen],
    });
    renderPage({ partner: CASH });
    const panel = await screen.findByRole('region', { name: PANEL_TITLE });
    await waitFor(() => expect(panel.textContent).toContain('$12.40'));
    const bar = within(panel).getByRole('progressbar', { name: 'Rewards balance' });
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('20');
    expect(bar.getAttribute('aria-valuenow')).toBe('12.4');
    expect(bar.getAttribute('aria-valuetext')).toBe('$12.40 of $20.00');
    expect(panel.textContent).toContain('$7.60 more to your next statement credit.');
    expect(panel.textContent).toContain(pendingPayoutText(21.5));
    // This year's total, as on every partner.
    const year = screen.getByRole('region', { name: YEAR_TOTAL_TITLE });
    await waitFor(() => expect(year.textContent).toContain('Earned in 2026$45.00'));
    expect(year.textContent).toContain('Qualifying dines in 20269');

    // The tooltip: reachable with the keyboard, read as the button's description, closed by Escape.
    const user = userEvent.setup();
    const info = within(panel).getByRole('button', { name: 'About your rewards balance' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    while (document.activeElement !== info) await user.tab();
    expect(screen.getByRole('tooltip').textContent).toBe(balanceTooltip(20, { plural: 'cash back' }));
    expect(balanceTooltip(20, { plural: 'cash back' })).toMatch(/^What you have earned in cash back and not been paid yet\./);
    expect(info.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();

    // One list of the statement credits on the page, the redemptions': amount, where it went, when
    // it was made, its status (with the day it was paid), an automatic one read as automatic.
    expect(screen.queryByRole('region', { name: /statement credits/i })).toBeNull();
    expect(calls.some((c) => c.startsWith('/api/Member/TransactionsStatementCredits'))).toBe(false);
    const section = screen.getByRole('region', { name: RECENT_TITLE });
    const items = within(await within(section).findByRole('list', { name: RECENT_TITLE })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]!.textContent).toContain('$21.50');
    expect(items[0]!.textContent).toContain('to Amex ending in 0005');
    expect(items[0]!.textContent).toContain('Requested');
    expect(within(items[0]!).getByRole('heading', { level: 3 }).textContent).toBe(`${payingOut.label} (automatic)`);
    expect(within(items[0]!).getByText(day(payingOut.createdAt)!).tagName).toBe('TIME');
    expect(items[1]!.textContent).toContain('$20.00');
    expect(items[1]!.textContent).toContain('to Visa ending in 1111');
    expect(items[1]!.textContent).toContain(`Completed ${day(paidAt)}`);
    expect(within(items[1]!).getByRole('heading', { level: 3 }).textContent).toBe(`${automatic.label} (automatic)`);
    expect(within(items[1]!).getByRole('link', { name: automatic.label }).getAttribute('href')).toBe(`/account/redeem/${automatic.redemptionId}`);
    // One the member chose reads as theirs; refused, it says the money is back in the balance.
    expect(within(items[2]!).getByRole('heading', { level: 3 }).textContent).toBe(chosen.label);
    expect(items[2]!.textContent).toContain(`Rejected ${day(paidAt)}`);
    expect(items[2]!.textContent).toContain('$30.00 was returned to your balance.');
    // Cash rewards are dollars: one in the balance, one paying out with the credit above; neither reads Paid.
    expect(rowOf('Blue Plate Diner').textContent).toContain('$2.50');
    expect(rowOf('Blue Plate Diner').textContent).toContain('In your rewards balance.');
    const paying = rowOf('Paying Out Bistro');
    expect(paying.textContent).toContain('Payout pending');
    expect(paying.textContent).toContain('Statement credit to Amex ending in 0005: sent to the card issuer.');
    expect(paying.textContent).not.toContain('Paid');
    await expectNoAxeViolations();
  });

  it('cash partners: a balance at the breakpoint, no credits yet, and a balance that failed to load', async () => {
    setup({ pages: () => makePage([]), balance: { memberBalance: 20, payoutBreakpoint: 20, pendingPayout: 0 } });
    renderPage({ partner: FUEL });
    const panel = await screen.findByRole('region', { name: 'Your fuel credits' });
    expect(panelTitle({ plural: 'fuel credits' })).toBe('Your fuel credits');
    await waitFor(() => expect(panel.textContent).toContain('a statement credit is on its way'));
    expect(panel.textContent).not.toMatch(/cash back/i);
    expect(screen.queryByRole('region', { name: PANEL_TITLE })).toBeNull();
    const none = await screen.findByRole('region', { name: RECENT_TITLE });
    expect(await within(none).findByText(NO_REDEMPTIONS)).toBeTruthy();
    cleanup();
    setup({ balance: json({ statusCode: 500, error: 'Error', message: 'No' }, 500) });
    renderPage({ partner: CASH });
    expect(await screen.findByText('We could not load your rewards balance just now.')).toBeTruthy();
  });

  it('cash partners: the newest redemptions, each to its own page, and the ways to the Redeem page', async () => {
    const gift = makeRedemption();
    const many = [gift, makeStatementCredit(), ...Array.from({ length: 4 }, (_, i) => makeRedemption({ redemptionId: `rd_${String(i).repeat(32)}` }))];
    setup({ redemptions: many });
    renderPage({ partner: CASH });
    const panel = await screen.findByRole('region', { name: PANEL_TITLE });
    expect(within(panel).getByRole('link', { name: REDEEM_LINK }).getAttribute('href')).toBe('/account/redeem');
    const section = await screen.findByRole('region', { name: RECENT_TITLE });
    const list = await within(section).findByRole('list', { name: RECENT_TITLE });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('link', { name: gift.label }).getAttribute('href')).toBe(`/account/redeem/${gift.redemptionId}`);
    expect(rows[0]!.textContent).toContain(MASKED_CARD_PLACEHOLDER);
    expect(rows[0]!.textContent).toContain('$25.00');
    expect(section.textContent).toContain('The newest 3 of 6.');
    expect(within(section).getByRole('link', { name: ALL_REDEMPTIONS }).getAttribute('href')).toBe('/account/redeem');
    await expectNoAxeViolations();
  });

  it('has no redemptions where the partner pays no cash back', async () => {
    const { calls } = setup({ redemptions: [makeRedemption()] });
    renderPage({ partner: POINTS });
    expect(await screen.findByRole('region', { name: YEAR_TOTAL_TITLE })).toBeTruthy();
    expect(screen.queryByRole('region', { name: RECENT_TITLE })).toBeNull();
    expect(screen.queryByRole('link', { name: REDEEM_LINK })).toBeNull();
    expect(calls.some((c) => c.startsWith('/api/Member/Redemptions'))).toBe(false);
  });

  it('shows the disclaimer from content when there is one', async () => {
    setup();
    renderPage({ content: { account_center: [{ slug: 'account_center', fields: { referral_link: { is_enabled: false }, recent_activity_disclaimer: '<p>Rewards post within <strong>10 days</strong>.</p>' } }] } });
    expect(await screen.findByText('10 days', { selector: 'strong' })).toBeTruthy();
  });
});
