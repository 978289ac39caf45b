// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecoverRoute } from './recover-route';
import { RecoverConfirmRoute } from './recover-confirm-route';
import { RecoverUpdateRoute } from './recover-update-route';
import { LINK_EXPIRED } from '../../features/auth/components/recover-update';
import { RecoverSuccessRoute } from './recover-success-route';
import { json, mockFetch, renderRoutes, Where } from '../../test/render-router';
import { makePartnerConfig } from '../../test/partner-fixture';
import { expectNoAxeViolations } from '../../test/axe';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz';

const routes = [
  { path: '/recover', element: <RecoverRoute /> },
  { path: '/recover/confirm', element: <RecoverConfirmRoute /> },
  { path: '/recover/update', element: <RecoverUpdateRoute /> },
  { path: '/recover/success', element: <RecoverSuccessRoute /> },
  { path: '*', element: <Where /> },
];

function setup(handler: Parameters<typeof mockFetch>[0]) {
  const fetchMock = vi.fn(mockFetch(handler));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('recovery', () => {
  it('asks for a link and says to check the inbox, whatever the e-mail', async () => {
    const fetchMock = setup((url) => (url.pathname === '/api/Recover' ? json({ ok: true, message: 'If an account exists…' }, 202) : undefined));
    renderRoutes(routes, { route: '/recover?email=ann%40example.com' });
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('ann@example.com');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send reset link' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const post = fetchMock.mock.calls.find(([u]) => String(u) === '/api/Recover')!;
    expect(JSON.parse(String((post[1] as RequestInit).body))).toEqual({ email: 'ann@example.com' });
  });

  it('checks the link before the form, and says when it has expired', async () => {
    setup((url) => (url.pathname === '/api/Recover/Token' ? json({ statusCode: 400, error: 'Bad Request', message: LINK_EXPIRED }, 400) : undefined));
    renderRoutes(routes, { route: `/recover/update?token=${TOKEN}` });
    expect(await screen.findByText(LINK_EXPIRED)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/recover');
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });

  it('treats a missing token as an expired link', () => {
    setup(() => undefined);
    renderRoutes(routes, { route: '/recover/update' });
    expect(screen.getByText(LINK_EXPIRED)).toBeTruthy();
  });

  it('sets a new password with the same rules, then shows success', async () => {
    const fetchMock = setup((url) => {
      if (url.pathname === '/api/Recover/Token') return json({ ok: true });
      if (url.pathname === '/api/Recover/Update') return json({ ok: true });
      return undefined;
    });
    renderRoutes(routes, { route: `/recover/update?token=${TOKEN}` });
    const user = userEvent.setup();
    const password = await screen.findByLabelText(/^New password/);
    await user.type(password, 'short');
    await user.tab();
    expect(await screen.findByText('Password must be at least 8 characters.')).toBeTruthy();
    await user.clear(password);
    await user.type(password, 'dinner123');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'dinner124');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match.')).toBeTruthy();
    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^Confirm new password/), 'dinner123');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your password has been changed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    const post = fetchMock.mock.calls.find(([u]) => String(u) === '/api/Recover/Update')!;
    expect(JSON.parse(String((post[1] as RequestInit).body))).toEqual({ token: TOKEN, password: 'dinner123', passwordConfirm: 'dinner123' });
    await expectNoAxeViolations();
  });

  it('/recover/success opened directly is not found: no password was changed (issue 25 item 7)', () => {
    setup(() => undefined);
    renderRoutes(routes, { route: '/recover/success' });
    expect(screen.getByRole('heading', { level: 1, name: "That page isn't on our radar." })).toBeTruthy();
    expect(screen.queryByText('Your password has been changed')).toBeNull();
  });

  it('exists only for direct partners', () => {
    setup(() => undefined);
    renderRoutes(routes, { route: '/recover', partner: makePartnerConfig({ enrollmentType: 'sso' }) });
    expect(screen.getByRole('heading', { level: 1, name: "That page isn't on our radar." })).toBeTruthy();
  });
});
