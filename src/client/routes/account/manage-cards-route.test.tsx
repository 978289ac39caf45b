// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ManageCardsRoute, MANAGE_CARDS_TITLE } from './manage-cards-route';
import { AccountRoute } from './account-route';
import { json, mockFetch, renderRoutes, Where } from '../../test/render-router';
import { makeContentState, makePartnerConfig } from '../../test/partner-fixture';
import { makeMember } from '../../test/member-fixture';
import { mockViewport } from '../../test/render';
import { expectNoAxeViolations } from '../../test/axe';
import { setCsrfToken } from '../../lib/csrf';
import { MAX_CARDS_PER_MEMBER } from '#shared/constants/card';
import { MEMBER_LIMIT_NOTICE } from '../../features/cards/card-selection';
import { DELETE_LAST_TITLE, DELETE_TITLE, SURVEY_LINK_TEXT, deleteFailedMessage, deletedMessage } from '../../features/cards/components/linked-cards';
import { makeCard } from '../../features/cards/test/cards-fixtures';
import type { Card } from '../../features/cards/api';

function setup(opts: { cards: Card[]; deleteStatus?: number; deleteGate?: Promise<void> }) {
  let cards = [...opts.cards];
  const deletes: string[] = [];
  const fetchMock = vi.fn(mockFetch(async (url, init) => {
    if (url.pathname === '/api/Member/Cards' && init.method === 'DELETE') {
      deletes.push(url.searchParams.get('id')!);
      await opts.deleteGate;
      if (opts.deleteStatus && opts.deleteStatus !== 200) return json({ statusCode: opts.deleteStatus, error: 'Error', message: 'No' }, opts.deleteStatus);
      cards = cards.filter((c) => String(c.id) !== url.searchParams.get('id'));
      return json(true);
    }
    if (url.pathname === '/api/Member/Cards') return json(cards);
    return undefined;
  }));
  vi.stubGlobal('fetch', fetchMock);
  return { deletes };
}

function renderPage(opts: { withShell?: boolean } = {}) {
  const partner = makePartnerConfig({ customerSupport: { phone: { href: 'tel:+18005550100', formatted: '1-800-555-0100' }, email: { href: 'mailto:help@example.com', display: 'help@example.com' } } });
  const content = makeContentState({ surveys: [{ slug: 'account-feedback', fields: { id: 's1', text: 'How was it?', url: 'https://surveys.example.com/test/account-feedback' } }] }, partner);
  const page = { path: 'manage_cards', element: <ManageCardsRoute /> };
  return renderRoutes(
    [
      opts.withShell ? { path: '/account', element: <AccountRoute />, children: [page] } : { path: '/account/manage_cards', element: <ManageCardsRoute /> },
      { path: '*', element: <Where /> },
    ],
    { route: '/account/manage_cards', partner, content, member: makeMember() },
  );
}

const two = [makeCard({ id: 1, lastFour: '1111', description: 'Visa Signature' }), makeCard({ id: 2, cardType: 'Amex', lastFour: '0005', description: 'Amex Gold' })];

beforeEach(() => {
  setCsrfToken('test-csrf');
  mockViewport(1024);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/account/manage_cards', () => {
  it('is in the account navigation as Linked Cards', async () => {
    setup({ cards: two });
    renderPage({ withShell: true });
    const nav = screen.getByRole('navigation', { name: 'Account centre' });
    const link = within(nav).getByRole('link', { name: 'Linked Cards' });
    expect(link.getAttribute('href')).toBe('/account/manage_cards');
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('heading', { level: 1, name: MANAGE_CARDS_TITLE })).toBeTruthy();
  });

  it('lists the cards with brand, description, last four and Delete; the add-card form below', async () => {
    setup({ cards: two });
    renderPage();
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('img', { name: 'Visa' })).toBeTruthy();
    expect(items[0]!.textContent).toContain('Visa Signature');
    expect(items[0]!.textContent).toContain('ending in 1111');
    expect(within(items[1]!).getByRole('button', { name: 'Delete Amex card ending in 0005' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Link another card' })).toBeTruthy();
    expect(await screen.findByRole('form', { name: 'Link another card' })).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('offers "Delete and close account" for the only card', async () => {
    setup({ cards: [two[0]!] });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Delete and close account Visa card ending in 1111' })).toBeTruthy();
  });

  it(`shows the limit notice instead of the form at ${MAX_CARDS_PER_MEMBER} cards`, async () => {
    setup({ cards: Array.from({ length: MAX_CARDS_PER_MEMBER }, (_, i) => makeCard({ id: i + 1, lastFour: String(2000 + i) })) });
    renderPage();
    expect(await screen.findByText(MEMBER_LIMIT_NOTICE)).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('asks before deleting; Cancel keeps the card and returns focus to its button', async () => {
    const { deletes } = setup({ cards: two });
    renderPage();
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Delete Visa card ending in 1111' });
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: DELETE_TITLE });
    expect(dialog.textContent).toContain('ending in 1111 will no longer earn');
    expect(within(dialog).queryByText(SURVEY_LINK_TEXT)).toBeNull();
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(deletes).toEqual([]);
  });

  it('deletes a card: "Deleting..." meanwhile, then the success toast and the list without it', async () => {
    let release!: () => void;
    const { deletes } = setup({ cards: two, deleteGate: new Promise<void>((r) => (release = r)) });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Visa card ending in 1111' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete card' }));
    expect(screen.getByText('Deleting...')).toBeTruthy();
    // The other card cannot be deleted at the same time.
    expect((screen.getByRole('button', { name: 'Delete Amex card ending in 0005' }) as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await screen.findByText(deletedMessage('1111'))).toBeTruthy();
    expect(deletes).toEqual(['1']);
    await waitFor(() => expect(screen.queryByText('ending in 1111')).toBeNull());
    expect(screen.getByText('ending in 0005')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
  });

  it('shows the failure toast when the card cannot be deleted, and keeps it', async () => {
    setup({ cards: two, deleteStatus: 500 });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Visa card ending in 1111' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete card' }));
    const toast = await screen.findByText(deleteFailedMessage('1111'));
    expect(toast.closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Visa card ending in 1111' })).toBeTruthy();
  });

  it('the last card: its own title, text, buttons, support contact and survey; deleting signs out', async () => {
    const { deletes } = setup({ cards: [two[1]!] });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Delete and close account/ }));
    const dialog = screen.getByRole('dialog', { name: DELETE_LAST_TITLE });
    expect(dialog.textContent).toContain('is the only card linked');
    expect(dialog.textContent).toContain('closes your account');
    expect(within(dialog).getByRole('link', { name: '1-800-555-0100' }).getAttribute('href')).toBe('tel:+18005550100');
    expect(within(dialog).getByRole('link', { name: 'help@example.com' }).getAttribute('href')).toBe('mailto:help@example.com');
    const survey = within(dialog).getByRole('link', { name: /Tell us why you are leaving/ });
    expect(survey.getAttribute('href')).toBe('https://surveys.example.com/test/account-feedback');
    expect(survey.getAttribute('target')).toBe('_blank');
    expect(within(dialog).getByRole('button', { name: 'Keep my card' })).toBeTruthy();
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Delete and close account' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/SignOut'));
    expect(deletes).toEqual(['2']);
  });

  it('sends an unauthorized member to sign in after a failed delete', async () => {
    setup({ cards: two, deleteStatus: 401 });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Visa card ending in 1111' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete card' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'));
  });
});
