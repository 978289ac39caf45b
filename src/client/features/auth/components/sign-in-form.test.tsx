// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REQUIRED_MESSAGE } from '#client/components/text-field';
import { SignInForm, USERNAME_MESSAGE } from './sign-in-form';
import { json, mockFetch, renderRoutes, Where } from '../../../test/render-router';
import { makePartnerConfig } from '../../../test/partner-fixture';

/** The sign-in form on its own (the login route's tests cover the page around it). */
function renderForm(partner = makePartnerConfig({ hasPPN: true })) {
  const fetchMock = vi.fn(mockFetch((url) => (url.pathname === '/api/SignIn' ? json({}) : undefined)));
  vi.stubGlobal('fetch', fetchMock);
  renderRoutes([{ path: '/login', element: <SignInForm /> }, { path: '*', element: <Where /> }], { route: '/login', partner });
  return { fetchMock, partner };
}

const signInCalls = (fetchMock: ReturnType<typeof vi.fn>) => fetchMock.mock.calls.filter(([u]) => String(u).includes('/api/SignIn'));

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SignInForm', () => {
  it('labels its fields: the user name (e-mail or partner number), the password and stay signed in', () => {
    const { partner } = renderForm();
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByLabelText(new RegExp(`^Email or ${partner.copyStates.partnerNumberLabel}`))).toBeTruthy();
    expect(screen.getByLabelText(/^Password/)).toBeTruthy();
    expect(screen.getByRole('checkbox')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('puts the error on a field left wrong (on blur and on submit) and sends nothing', async () => {
    const { fetchMock } = renderForm();
    const user = userEvent.setup();
    const username = screen.getByLabelText(/^Email or/);
    await user.type(username, 'not an address');
    await user.tab();
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(USERNAME_MESSAGE)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByLabelText(/^Password/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(REQUIRED_MESSAGE).length).toBeGreaterThan(0);
    expect(signInCalls(fetchMock)).toHaveLength(0);
  });

  it('sends the trimmed user name, the password and stay signed in, then goes to the account', async () => {
    const { fetchMock } = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email or/), '  ann@example.com ');
    await user.type(screen.getByLabelText(/^Password/), 'secret123');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(signInCalls(fetchMock)).toHaveLength(1));
    const init = signInCalls(fetchMock)[0]![1] as RequestInit;
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ username: 'ann@example.com', password: 'secret123', staySignedIn: true });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toMatch(/^\/account/));
  });
});
