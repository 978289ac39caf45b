// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginRoute } from './login-route';
import { CHECK_FORM, INVALID_CREDENTIALS, LINK_SENT, SEND_LINK } from '../../features/auth/components/sign-in-form';
import { json, mockFetch, renderRoutes, Where } from '../../test/render-router';
import { makePartnerConfig } from '../../test/partner-fixture';
import { makeMember } from '../../test/member-fixture';
import { expectNoAxeViolations } from '../../test/axe';
import { MEMBER_QUERY_KEY } from '../../features/session/api';
import { saveLoginRedirect } from '../../features/session/arrival-storage';

function renderLogin(opts: { route?: string; partner?: ReturnType<typeof makePartnerConfig> } = {}) {
  return renderRoutes(
    [
      { path: '/login', element: <LoginRoute /> },
      { path: '/Login', element: <LoginRoute /> },
      { path: '*', element: <Where /> },
    ],
    { route: opts.route ?? '/login', partner: opts.partner },
  );
}

function stubSignIn(status: number, body: unknown) {
  const fetchMock = vi.fn(mockFetch((url) => (url.pathname === '/api/SignIn' ? json(body, status) : undefined)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The form's ERROR banner (the toast region is an alert too). */
async function findBanner(text: string) {
  const el = await screen.findByText((_, node) => node?.getAttribute('role') === 'alert' && Boolean(node.textContent?.includes(text)));
  return el;
}

async function fillAndSubmit(username = 'ann@example.com', password = 'secret123') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Email or/), username);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LoginRoute', () => {
  it('shows the §8 message in the ERROR banner for bad credentials, and focuses it', async () => {
    const fetchMock = stubSignIn(401, { statusCode: 401, error: 'Unauthorized', message: INVALID_CREDENTIALS });
    renderLogin();
    await fillAndSubmit();
    const banner = await findBanner(INVALID_CREDENTIALS);
    expect(banner.textContent).toContain('ERROR');
    await waitFor(() => expect(document.activeElement).toBe(banner));
    const call = fetchMock.mock.calls.find(([u]) => String(u).includes('/api/SignIn'))!;
    const init = call[1] as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual({ username: 'ann@example.com', password: 'secret123', staySignedIn: false });
    expect((init.headers as Record<string, string>)['x-xsrf-token']).toBe('test-csrf');
  });

  it('shows the lockout message with a link to recover and a button that e-mails a one-time sign-in link', async () => {
    const fetchMock = vi.fn(mockFetch((url) => {
      if (url.pathname === '/api/SignIn') return json({ statusCode: 423, error: 'Locked', code: 'locked', message: 'Too many attempts: your account is locked for 30 minutes.' }, 423);
      if (url.pathname === '/api/SignInLink') return json({ ok: true, message: 'sent' }, 202);
      return undefined;
    }));
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    const user = await fillAndSubmit();
    await findBanner('locked for 30 minutes');
    const link = screen.getByRole('link', { name: 'Reset your password' });
    expect(link.getAttribute('href')).toBe('/recover?email=ann%40example.com');
    await user.click(screen.getByRole('button', { name: SEND_LINK }));
    const sent = await screen.findByText((_, node) => node?.getAttribute('role') === 'status' && Boolean(node.textContent?.includes(LINK_SENT)));
    await waitFor(() => expect(document.activeElement).toBe(sent));
    const call = fetchMock.mock.calls.find(([u]) => String(u).includes('/api/SignInLink'))!;
    expect(JSON.parse(String((call[1] as RequestInit).body))).toEqual({ username: 'ann@example.com' });
    expect(screen.queryByRole('button', { name: SEND_LINK })).toBeNull();
  });

  it('validates on submit with the §8 form message and field errors', async () => {
    const fetchMock = stubSignIn(200, {});
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await findBanner(CHECK_FORM)).textContent).toContain('ERROR');
    const username = screen.getByLabelText(/^Email or/);
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(username);
    const described = username.getAttribute('aria-describedby')!;
    expect(document.getElementById(described)!.textContent).toContain('This field is required.');
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/SignIn'))).toBe(false);
  });

  it('validates on blur and revalidates on change after submit', async () => {
    stubSignIn(200, {});
    renderLogin();
    const user = userEvent.setup();
    const username = screen.getByLabelText(/^Email or/);
    await user.type(username, 'not-an-email');
    expect(screen.queryByText('Please enter a valid email address or partner number.')).toBeNull();
    await user.tab();
    expect(await screen.findByText('Please enter a valid email address or partner number.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.clear(username);
    await user.type(username, 'ABCDEF8');
    // After a submit each change revalidates: a partner number is a valid user name.
    await waitFor(() => expect(screen.queryByText('Please enter a valid email address or partner number.')).toBeNull());
  });

  it('warns while Caps Lock is on, tied to the password field', async () => {
    stubSignIn(200, {});
    renderLogin();
    const password = screen.getByLabelText(/^Password/);
    fireEvent.keyDown(password, { key: 'A', modifierCapsLock: true });
    expect(screen.getByText('Caps Lock is on.')).toBeTruthy();
    const lockId = screen.getByText('Caps Lock is on.').id;
    expect(password.getAttribute('aria-describedby')).toContain(lockId);
    fireEvent.keyUp(password, { key: 'CapsLock', modifierCapsLock: false });
    expect(screen.queryByText('Caps Lock is on.')).toBeNull();
  });

  it('shows and hides the password with a toggle button', async () => {
    stubSignIn(200, {});
    renderLogin();
    const password = screen.getByLabelText(/^Password/);
    expect(password.getAttribute('type')).toBe('password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    await userEvent.setup().click(toggle);
    expect(password.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });

  it('signs in and goes to the saved login-redirect value', async () => {
    const member = makeMember();
    stubSignIn(200, { member, csrfToken: 'new-token' });
    saveLoginRedirect('/search?location=Chicago');
    const { queryClient } = renderLogin({ route: '/login?email=ann%40example.com' });
    expect((screen.getByLabelText(/^Email or/) as HTMLInputElement).value).toBe('ann@example.com');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Password/), 'secret123');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/search?location=Chicago');
    expect(queryClient.getQueryData(MEMBER_QUERY_KEY)).toEqual(member);
  });

  it('goes to /fix_credentials when the e-mail is on several accounts', async () => {
    stubSignIn(409, { statusCode: 409, error: 'Conflict', code: 'fixCredentials', message: 'Shared e-mail.' });
    renderLogin();
    await fillAndSubmit();
    expect((await screen.findByTestId('where')).textContent).toBe('/fix_credentials');
  });

  it('labels the stay-signed-in box from the partner copy', () => {
    stubSignIn(200, {});
    renderLogin({ partner: makePartnerConfig({ copyStates: { ...makePartnerConfig().copyStates, staySignedInLabel: 'Remember me on this device' } }) });
    expect(screen.getByRole('checkbox', { name: 'Remember me on this device' })).toBeTruthy();
  });

  it('offers the single sign-on button to sso partners', () => {
    stubSignIn(200, {});
    saveLoginRedirect('/account/overview');
    renderLogin({ partner: makePartnerConfig({ enrollmentType: 'sso' }) });
    const link = screen.getByRole('link', { name: /^Sign in with / });
    expect(link.getAttribute('href')).toBe('/auth/sso/start?returnTo=%2Faccount%2Foverview');
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
  });

  it('explains a failed single sign-on (sso_error=1)', () => {
    stubSignIn(200, {});
    renderLogin({ route: '/login?sso_error=1', partner: makePartnerConfig({ enrollmentType: 'sso' }) });
    expect(screen.getByText(/We could not sign you in with your partner account/)).toBeTruthy();
  });

  it('is not found where the partner has no enrolment', () => {
    stubSignIn(200, {});
    renderLogin({ route: '/Login', partner: makePartnerConfig({ enrollmentType: 'none' }) });
    expect(screen.getByRole('heading', { level: 1, name: "That page isn't on our radar." })).toBeTruthy();
  });

  it('has no axe violations with errors shown', async () => {
    stubSignIn(401, { statusCode: 401, error: 'Unauthorized', message: INVALID_CREDENTIALS });
    renderLogin();
    await fillAndSubmit();
    await findBanner(INVALID_CREDENTIALS);
    await expectNoAxeViolations();
  });
});
