// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '#client/lib/router';
import type { PartnerConfig } from '#shared/schemas/partner';
import type { Redemption, RedemptionOptionsResponse, RedemptionsPage } from '#shared/schemas/redemptions';
import { HOLD_REASONS, MASKED_CARD_PLACEHOLDER, REDEMPTION_TERMS } from '#shared/constants/redemptions';
import { amountProblem, balanceShortText, moneyText } from '#shared/rules/redemptions';
import { createRoutes } from '../../app/routes';
import { json, mockFetch, renderRoutes, Where } from '../../test/render-router';
import { makeContentState, makePartnerConfig } from '../../test/partner-fixture';
import { makeMember } from '../../test/member-fixture';
import { mockViewport } from '../../test/render';
import { expectNoAxeViolations } from '../../test/axe';
import { setCsrfToken } from '../../lib/csrf';
import { makeOptions, makeRedemption, makeRedemptionsPage, makeStatementCredit } from '../../features/redemptions/test/redemptions-fixtures';
import {
  AMOUNT_LABEL, CARD_LABEL, CHANGE, CHOOSE_OPTION_MESSAGE, CHOOSE_TITLE, CONFIRM_TITLE, CONTINUE, OPTIONS_LEGEND, RETRY_MESSAGE, redeemButtonText,
} from '../../features/redemptions/components/redeem-form';
import { BALANCE_TITLE, inFlightText, pendingEmailText } from '../../features/redemptions/components/redeem';
import { autoLabel } from '../../features/redemptions/components/auto-statement-credit';
import { HISTORY_TITLE, NO_REDEMPTIONS } from '../../features/redemptions/components/redemption-history';
import { DETAIL_TITLE, NOT_FOUND_TEXT, RECEIVED_TEXT, STEPS_TITLE } from '../../features/redemptions/components/redemption-detail';
import { REDEMPTION_POLL_MS, redemptionQueryOptions } from '../../features/redemptions/api';
import { NOT_FOUND_TITLE } from '../../components/not-found-page';
import { REDEEM_TITLE } from './redeem-route';

type Call = { method: string; path: string; headers: Record<string, string>; body: unknown };
type Reply = Response | 'network';

type Answers = {
  options?: RedemptionOptionsResponse;
  list?: (page: number) => RedemptionsPage;
  redeem?: (call: Call, n: number) => Reply | Promise<Reply>;
  redemptions?: Redemption[];
};

function setup(answers: Answers = {}) {
  const calls: Call[] = [];
  let options = answers.options ?? makeOptions();
  let redeems = 0;
  vi.stubGlobal('fetch', vi.fn(mockFetch(async (url, init) => {
    const call: Call = { method: init.method ?? 'GET', path: url.pathname + url.search, headers: (init.headers ?? {}) as Record<string, string>, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    if (url.pathname === '/api/Member/RedemptionOptions') return json(options);
    if (url.pathname === '/api/Member/RedemptionSettings' && call.method === 'PUT') {
      options = { ...options, autoStatementCredit: { ...options.autoStatementCredit, enabled: (call.body as { autoStatementCredit: boolean }).autoStatementCredit } };
      return json(options);
    }
    if (url.pathname === '/api/Member/Redemptions' && call.method === 'POST') {
      const reply = await (answers.redeem ?? (() => json(makeRedemption({ status: 'pending', steps: [{ status: 'pending', at: '2026-11-29T15:00:00.000Z' }] }), 201)))(call, ++redeems);
      if (reply === 'network') throw new TypeError('Failed to fetch');
      return reply;
    }
    if (url.pathname === '/api/Member/Redemptions') return json((answers.list ?? (() => makeRedemptionsPage([])))(Number(url.searchParams.get('pageNo'))));
    const one = /^\/api\/Member\/Redemptions\/([^/]+)$/.exec(url.pathname);
    if (one) {
      const found = (answers.redemptions ?? []).find((r) => r.redemptionId === one[1]);
      return found ? json(found) : json({ statusCode: 404, error: 'Not Found', message: 'No such redemption.' }, 404);
    }
    return undefined;
  })));
  return { calls, posts: () => calls.filter((c) => c.method === 'POST' && c.path === '/api/Member/Redemptions') };
}

/** The app's own /account route (with its children), so the shell, the nav and the partner condition are as configured. */
function accountRoutes(partner: PartnerConfig): RouteObject[] {
  const pages = createRoutes(partner)[0]!.children![0]!.children!;
  return [pages.find((r) => r.path === 'account')!, { path: '*', element: <Where /> }];
}

const CASH = { currencyType: 'Dollar', copyStates: { ...makePartnerConfig().copyStates, currencySingular: 'cash back', currencyPlural: 'cash back' } } as const;

function renderPage(opts: { route?: string; partner?: Partial<PartnerConfig> } = {}) {
  const partner = makePartnerConfig({ ...CASH, ...opts.partner });
  return renderRoutes(accountRoutes(partner), {
    partner,
    route: opts.route ?? '/account/redeem',
    member: makeMember(),
    content: makeContentState({}, partner),
  });
}

const radio = (label: string) => screen.getByRole('radio', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) });
/** The alert holding this text (the toast region is an alert too, and empty). */
async function alertWith(text: string) {
  const alert = (await screen.findByText(text)).closest('[role="alert"]');
  expect(alert).not.toBeNull();
  return alert as HTMLElement;
}
/** Text as read: without what is hidden from assistive technology (decorative markers). */
const readText = (el: Element) => {
  const copy = el.cloneNode(true) as Element;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((n) => n.remove());
  return copy.textContent ?? '';
};
const describedText = (el: Element) => (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean).map((id) => document.getElementById(id)?.textContent ?? '').join(' ');

beforeEach(() => {
  setCsrfToken('test-csrf');
  mockViewport(1024);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/account/redeem (cash-back partners)', () => {
  it('is in the account navigation after Reviews & History, marked current; a miles partner has neither the tab nor the page', async () => {
    setup();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: REDEEM_TITLE })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Account centre' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Account Overview', 'Reviews & History', 'Redeem', 'Linked Cards', 'Profile']);
    expect(links[2]!.getAttribute('href')).toBe('/account/redeem');
    expect(links[2]!.getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(document.title).toBe('Redeem | Test Dining'));
    cleanup();

    const { calls } = setup();
    renderPage({ partner: { currencyType: 'Mile' } });
    expect(await screen.findByRole('heading', { level: 1, name: NOT_FOUND_TITLE })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Account centre' })).queryByRole('link', { name: 'Redeem' })).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/api/Member/Redemption'))).toBe(false);
  });

  it('shows the balance, what is set aside, and each option with its terms or why it is not open, as a labelled radio group', async () => {
    // $20.00: above the statement credit's and Tremendous's minimums, below the prepaid cards'.
    setup({ options: makeOptions({ balanceCents: 2_000 }) });
    renderPage();
    const balance = await screen.findByRole('region', { name: BALANCE_TITLE });
    expect(balance.textContent).toContain('$20.00');
    expect(balance.textContent).toContain(inFlightText(2_500));

    const group = screen.getByRole('radiogroup', { name: OPTIONS_LEGEND });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(4);
    const credit = radio(REDEMPTION_TERMS.statementCredit.label);
    expect((credit as HTMLInputElement).disabled).toBe(false);
    expect(describedText(credit)).toBe('Minimum $10.00 · No fee · On your card statement within 1 to 2 billing cycles');
    const visa = radio(REDEMPTION_TERMS.visa.label);
    expect((visa as HTMLInputElement).disabled).toBe(true);
    // Why, in the server's words, shown and read with the radio.
    const why = "Your balance is below this option's minimum of $25.00.";
    expect(describedText(visa)).toContain(why);
    expect(within(group).getAllByText(why)).toHaveLength(2);
    expect((radio(REDEMPTION_TERMS.tremendous.label) as HTMLInputElement).disabled).toBe(false);
    await expectNoAxeViolations();
  });

  it('says why statement credits are closed without a linked card, and that gift cards go to the confirmed address while a change waits', async () => {
    const options = makeOptions({ cards: [], email: { address: 'ann@example.com', pendingChange: 'ann.new@example.com' } });
    setup({ options });
    renderPage();
    const credit = await screen.findByRole('radio', { name: /^Statement credit/ });
    expect((credit as HTMLInputElement).disabled).toBe(true);
    expect(describedText(credit)).toContain('Link a card first: statement credits go to a linked card.');
    expect(screen.getByText(pendingEmailText(options.email))).toBeTruthy();
    expect(pendingEmailText(options.email)).toBe('Gift cards go to ann@example.com until you confirm your new address, ann.new@example.com, with the link we sent to it.');
    expect(screen.getByRole('link', { name: 'link a card' }).getAttribute('href')).toBe('/account/manage_cards');
  });

  it('checks the amount with the shared rule on blur, ties the message to the field, and fills the whole balance on request', async () => {
    setup();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: /^Visa prepaid card/ }));
    const amount = screen.getByRole('textbox', { name: new RegExp(AMOUNT_LABEL) });
    await user.type(amount, '10');
    await user.tab();
    const below = amountProblem('visa', 1_000)!;
    expect(below).toBe('The smallest Visa prepaid card is $25.00.');
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(amount)).toContain(below);
    // The balance ($60.00) is checked too, with the server's wording.
    await user.clear(amount);
    await user.type(amount, '75');
    await user.tab();
    await waitFor(() => expect(describedText(amount)).toContain(balanceShortText(6_000, 7_500)));
    // Another option with another minimum ($5.00): the amount is checked again, and passes.
    expect(amountProblem('tremendous', 700)).toBeNull();
    await user.clear(amount);
    await user.type(amount, '7');
    await user.click(screen.getByRole('radio', { name: /^Gift card of your choice/ }));
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Whole balance ($60.00)' }));
    expect((amount as HTMLInputElement).value).toBe('60');
    expect(amount.getAttribute('aria-invalid')).toBeNull();
  });

  it('asks for an option first, with focus on the group and the message tied to it', async () => {
    setup();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: CONTINUE }));
    const group = screen.getByRole('radiogroup', { name: OPTIONS_LEGEND });
    await waitFor(() => expect(describedText(group)).toContain(CHOOSE_OPTION_MESSAGE));
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(radio(REDEMPTION_TERMS.statementCredit.label));
  });

  it('confirms amount, option, card and arrival, then sends the redemption with an Idempotency-Key and opens its page', async () => {
    const made = makeStatementCredit({ status: 'pending', amountCents: 2_000, destination: 'Amex ending in 0005', steps: [{ status: 'pending', at: '2026-11-29T15:00:00.000Z' }] });
    const { posts } = setup({
      options: makeOptions({ cards: [{ cardId: 1, label: 'Visa ending in 1111' }, { cardId: 2, label: 'Amex ending in 0005' }] }),
      redeem: () => json(made, 201),
      redemptions: [made],
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: /^Statement credit/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: new RegExp(CARD_LABEL) }), '2');
    await user.type(screen.getByRole('textbox', { name: new RegExp(AMOUNT_LABEL) }), '20');
    await user.click(screen.getByRole('button', { name: CONTINUE }));

    const heading = await screen.findByRole('heading', { level: 2, name: CONFIRM_TITLE });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const summary = heading.closest('section')!;
    expect(summary.textContent).toContain('$20.00');
    expect(summary.textContent).toContain(REDEMPTION_TERMS.statementCredit.label);
    expect(summary.textContent).toContain('Amex ending in 0005');
    expect(summary.textContent).toContain(REDEMPTION_TERMS.statementCredit.arrives);
    expect(summary.textContent).toContain('No fee');
    expect(posts()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: redeemButtonText(2_000) }));
    const detailHeading = await screen.findByRole('heading', { level: 1, name: DETAIL_TITLE });
    await waitFor(() => expect(document.activeElement).toBe(detailHeading));
    expect(screen.getByText(RECEIVED_TEXT)).toBeTruthy();
    const [post] = posts();
    expect(post!.body).toEqual({ option: 'statementCredit', amountCents: 2_000, delivery: 'Card', cardId: 2 });
    expect(post!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(post!.headers['x-xsrf-token']).toBe('test-csrf');
  });

  it('goes back to change the choice with the values kept, and confirms a gift card to the e-mail address', async () => {
    const { posts } = setup();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: /^Visa prepaid card/ }));
    await user.type(screen.getByRole('textbox', { name: new RegExp(AMOUNT_LABEL) }), '30');
    await user.click(screen.getByRole('button', { name: CONTINUE }));
    await screen.findByRole('heading', { level: 2, name: CONFIRM_TITLE });
    await user.click(screen.getByRole('button', { name: CHANGE }));
    const choose = await screen.findByRole('heading', { level: 2, name: CHOOSE_TITLE });
    await waitFor(() => expect(document.activeElement).toBe(choose));
    expect((radio(REDEMPTION_TERMS.visa.label) as HTMLInputElement).checked).toBe(true);
    const amount = screen.getByRole('textbox', { name: new RegExp(AMOUNT_LABEL) }) as HTMLInputElement;
    expect(amount.value).toBe('30');
    await user.clear(amount);
    await user.type(amount, '25.50');
    await user.click(screen.getByRole('button', { name: CONTINUE }));
    const summary = (await screen.findByRole('heading', { level: 2, name: CONFIRM_TITLE })).closest('section')!;
    expect(summary.textContent).toContain('$25.50');
    expect(summary.textContent).toContain('ann@example.com');
    expect(summary.textContent).toContain(REDEMPTION_TERMS.visa.arrives);
    await user.click(screen.getByRole('button', { name: redeemButtonText(2_550) }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toEqual({ option: 'visa', amountCents: 2_550, delivery: 'Email' });
  });

  it("shows the server's 409 in an alert that takes focus; another try is a new attempt with a new key", async () => {
    const refusal = 'You can make up to 3 redemptions a day. Try again tomorrow.';
    const { posts } = setup({ redeem: () => json({ statusCode: 409, error: 'Conflict', message: refusal }, 409) });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: /^Gift card of your choice/ }));
    await user.type(screen.getByRole('textbox', { name: new RegExp(AMOUNT_LABEL) }), '10');
    await user.click(screen.getByRole('button', { name: CONTINUE }));
    await user.click(await screen.findByRole('button', { name: redeemButtonText(1_000) }));
    const alert = await alertWith(refusal);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    await user.click(screen.getByRole('button', { name: redeemButtonText(1_000) }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[0]!.headers['idempotency-key']).not.toBe(posts()[1]!.headers['idempotency-key']);
    await expectNoAxeViolations();
  });

  it("lists a 400's field errors in the alert", async () => {
    setup({
      redeem: () => json({ statusCode: 400, error: 'Bad Request', message: 'Check the redemption.', fieldErrors: [{ field: 'cardId', message: 'Choose the linked card the statement credit goes to.' }] }, 400),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: /^Statement credit/ }));
    await user.type(screen.getByRole('textbox', { name: new RegExp(AMOUNT_LABEL) }), '15');
    await user.click(screen.getByRole('button', { name: CONTINUE }));
    await user.click(await screen.findByRole('button', { name: redeemButtonText(1_500) }));
    const alert = await alertWith('Check the redemption.');
    expect(within(alert).getByRole('listitem').textContent).toBe('Choose the linked card the statement credit goes to.');
  });

  it('retries an attempt that got no answer with the same key, so it counts once', async () => {
    const made = makeRedemption({ status: 'pending', steps: [{ status: 'pending', at: '2026-11-29T15:00:00.000Z' }] });
    const { posts } = setup({ redeem: (_, n) => (n === 1 ? 'network' : json(made, 200)), redemptions: [made] });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: /^Visa prepaid card/ }));
    await user.type(screen.getByRole('textbox', { name: new RegExp(AMOUNT_LABEL) }), '25');
    await user.click(screen.getByRole('button', { name: CONTINUE }));
    await user.click(await screen.findByRole('button', { name: redeemButtonText(2_500) }));
    expect(await alertWith(RETRY_MESSAGE)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: DETAIL_TITLE })).toBeTruthy();
    expect(posts()).toHaveLength(2);
    expect(posts()[0]!.headers['idempotency-key']).toBe(posts()[1]!.headers['idempotency-key']);
  });

  it('turns the automatic statement credit off with its switch', async () => {
    const { calls } = setup();
    const user = userEvent.setup();
    renderPage();
    const toggle = await screen.findByRole('switch', { name: autoLabel(2_000) });
    expect(autoLabel(2_000)).toBe('Pay my balance to my card automatically at $20.00');
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await user.click(toggle);
    expect(await screen.findByText('Automatic statement credit is off.')).toBeTruthy();
    expect((toggle as HTMLInputElement).checked).toBe(false);
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/Member/RedemptionSettings');
    expect(put.body).toEqual({ autoStatementCredit: false });
  });

  it('lists the redemptions with label, amount, status and date; a gift card shows only the masked placeholder, never a code or a link of its own', async () => {
    const gift = makeRedemption();
    const credit = makeStatementCredit({ automatic: true });
    const { calls } = setup({ list: (page) => makeRedemptionsPage(page === 1 ? [gift, credit] : [makeRedemption({ redemptionId: 'rd_ffffffffffffffffffffffffffffffff' })], { totalPages: 2, totalResultSize: 11 }) });
    const user = userEvent.setup();
    renderPage();
    const section = await screen.findByRole('region', { name: HISTORY_TITLE });
    const list = await within(section).findByRole('list', { name: HISTORY_TITLE });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain(REDEMPTION_TERMS.visa.label);
    expect(rows[0]!.textContent).toContain('$25.00');
    expect(rows[0]!.textContent).toContain('Status: On its way');
    expect(rows[0]!.textContent).toContain('Nov 29, 2026');
    expect(rows[0]!.textContent).toContain(MASKED_CARD_PLACEHOLDER);
    // The only link of a row is its own page here; nothing that could be a claim link or a code.
    const links = within(rows[0]!).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([`/account/redeem/${gift.redemptionId}`]);
    expect(rows[0]!.innerHTML).not.toMatch(/https?:|claim/i);
    expect(rows[1]!.textContent).toContain('(automatic)');
    expect(rows[1]!.textContent).toContain('to Visa ending in 1111');
    expect(rows[1]!.textContent).toContain('Status: Completed');
    expect(rows[1]!.textContent).not.toContain(MASKED_CARD_PLACEHOLDER);
    await user.click(within(section).getByRole('link', { name: 'Page 2' }));
    await waitFor(() => expect(within(within(section).getByRole('list', { name: HISTORY_TITLE })).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.filter((c) => c.path.startsWith('/api/Member/Redemptions?')).map((c) => new URLSearchParams(c.path.split('?')[1]).get('pageNo'))).toEqual(['1', '2']);
    await expectNoAxeViolations();
  });

  it('says when there are no redemptions yet', async () => {
    setup();
    renderPage();
    const section = await screen.findByRole('region', { name: HISTORY_TITLE });
    expect(await within(section).findByText(NO_REDEMPTIONS)).toBeTruthy();
  });
});

describe('/account/redeem/:redemptionId', () => {
  it('shows a failed redemption: its steps as an ordered list in words, why, and the money returned to the balance', async () => {
    const failed = makeRedemption({
      status: 'error',
      reason: 'The gift card could not be delivered: the e-mail address does not exist or has a typo.',
      money: moneyText('error', 2_500),
      steps: [{ status: 'pending', at: '2026-11-29T15:00:00.000Z' }, { status: 'pending_received', at: '2026-11-29T15:00:05.000Z' }, { status: 'error', at: '2026-11-29T15:01:00.000Z' }],
    });
    setup({ redemptions: [failed] });
    renderPage({ route: `/account/redeem/${failed.redemptionId}` });
    expect(await screen.findByRole('heading', { level: 1, name: DETAIL_TITLE })).toBeTruthy();
    const steps = await screen.findByRole('list', { name: STEPS_TITLE });
    expect(steps.tagName).toBe('OL');
    const items = within(steps).getAllByRole('listitem');
    expect(items.map((li) => readText(li).split(' · ')[0])).toEqual(['RequestedDone', 'Accepted by the gift-card providerDone', 'Could not be completedStopped']);
    expect(items[2]!.getAttribute('aria-current')).toBe('step');
    expect(screen.getByText(failed.reason!)).toBeTruthy();
    expect(screen.getByText('$25.00 was returned to your balance.')).toBeTruthy();
    // The status in words, in a live region: read out when the page's polling changes it.
    expect(screen.getByText('Failed', { selector: '[role="status"]' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Redeem/ }).getAttribute('href')).toBe('/account/redeem');
    await expectNoAxeViolations();
  });

  it('shows a held one with why it waits, and the steps still to come', async () => {
    const held = makeRedemption({ status: 'pending', hold: { reason: 'firstRedemption', text: HOLD_REASONS.firstRedemption }, steps: [{ status: 'pending', at: '2026-11-29T15:00:00.000Z' }] });
    setup({ redemptions: [held] });
    renderPage({ route: `/account/redeem/${held.redemptionId}` });
    expect(await screen.findByText(HOLD_REASONS.firstRedemption)).toBeTruthy();
    const items = within(screen.getByRole('list', { name: STEPS_TITLE })).getAllByRole('listitem');
    expect(items.map((li) => readText(li).split(' · ')[0])).toEqual(['RequestedDone', 'Accepted by the gift-card providerNot yet', 'Sent to your e-mailNot yet']);
    expect(screen.getByText('Being checked', { selector: '[role="status"]' })).toBeTruthy();
    expect(screen.getByText(moneyText('pending', 2_500))).toBeTruthy();
    expect(screen.getByText(REDEMPTION_TERMS.visa.arrives)).toBeTruthy();
  });

  it('is asked again every few seconds until it is final', () => {
    const every = redemptionQueryOptions('rd_x').refetchInterval as (q: { state: { data?: Redemption } }) => number | false;
    expect(every({ state: { data: makeRedemption({ status: 'pending' }) } })).toBe(REDEMPTION_POLL_MS);
    expect(every({ state: { data: makeRedemption({ status: 'pending_received' }) } })).toBe(REDEMPTION_POLL_MS);
    for (const status of ['completed', 'rejected', 'error'] as const) expect(every({ state: { data: makeRedemption({ status }) } }), status).toBe(false);
    expect(every({ state: {} })).toBe(false);
  });

  it('says so when there is no such redemption', async () => {
    setup();
    renderPage({ route: '/account/redeem/rd_00000000000000000000000000000000' });
    expect((await alertWith(NOT_FOUND_TEXT)).textContent).toBe(NOT_FOUND_TEXT);
  });
});
