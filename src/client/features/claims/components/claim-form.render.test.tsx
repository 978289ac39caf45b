// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ClaimForm } from './claim-form';
import { json, mockFetch, renderRoutes } from '../../../test/render-router';
import { makeMember } from '../../../test/member-fixture';

const card = (id: number, lastFour: string) => ({ id, partnerCardId: null, cardType: 'Visa' as const, lastFour, description: 'Visa card' });

function renderForm(cards: ReturnType<typeof card>[]) {
  const fetchMock = vi.fn(mockFetch((url) => (url.pathname === '/api/Member/Cards' ? json(cards) : undefined)));
  vi.stubGlobal('fetch', fetchMock);
  renderRoutes([{ path: '*', element: <ClaimForm /> }], { route: '/account/claims', member: makeMember({ memberType: 'EnrolledCardMember' }) });
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ClaimForm', () => {
  it('checks every field on submit, puts each error on its field, focuses the first and sends nothing', async () => {
    const fetchMock = renderForm([card(1, '1111'), card(2, '2222')]);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Claim a missing reward' });
    await screen.findByRole('option', { name: 'Visa ending in 2222' });
    await user.click(screen.getByRole('button', { name: 'Submit claim' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Card you paid with/)));
    expect(form.textContent).toContain('Choose the card you paid with.');
    expect(form.textContent).toContain('Search for the restaurant and choose it from the list.');
    expect(form.textContent).toContain('Enter the date of the dine.');
    expect(form.textContent).toContain('Enter the amount charged in dollars, like 42.50.');
    expect(screen.getByLabelText(/Date of the dine/).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.some(([u, init]) => String(u).includes('/api/Member/Claims') && (init as RequestInit | undefined)?.method === 'POST')).toBe(false);
  });

  it('takes the one linked card as the card paid with', async () => {
    renderForm([card(7, '7777')]);
    await screen.findByRole('option', { name: 'Visa ending in 7777' });
    await waitFor(() => expect((screen.getByLabelText(/Card you paid with/) as HTMLSelectElement).value).toBe('7'));
  });
});
