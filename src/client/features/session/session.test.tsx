// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Outlet } from '#client/lib/router';
import { json, mockFetch, renderRoutes, Where } from '../../test/render-router';
import { makeMember } from '../../test/member-fixture';
import { testQueryClient } from '../../test/render';
import { api } from '../../lib/api';
import { CSRF_PLACEHOLDER, CSRF_PLACEHOLDER_EVENT, setCsrfToken } from '../../lib/csrf';
import { fetchMember, MEMBER_QUERY_KEY, signOut, useRefetchMemberOnNavigation } from './api';
import { useArrival } from './arrival';
import { isLoginRedirectTarget, isSafeRedirect, readKnownPublicId, readLoginRedirect, readReferral, saveLoginRedirect } from './arrival-storage';
import { SESSION_WARNING_MESSAGE, useSessionTimers } from './session-timers';
import { csrfPlaceholderMessage, useCsrfPlaceholderToast } from './csrf-toast';
import { userStateOf } from './user-state';
import { useQueryClient } from '@tanstack/react-query';
import { withFakeTime } from '#client/test/fake-time';

function Shell() {
  const qc = useQueryClient();
  useRefetchMemberOnNavigation(qc);
  useArrival();
  useSessionTimers();
  useCsrfPlaceholderToast();
  return (
    <>
      <Where />
      <Link to="/search?q=1">to search</Link>
      <Outlet />
    </>
  );
}

const routes = [{ element: <Shell />, children: [{ path: '*', element: <p>page</p> }] }];

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'RN_PUBLIC_ID=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('userStateOf', () => {
  it('maps member types and known visitors to the §4 states', () => {
    expect(userStateOf(null)).toBe('anonymous');
    expect(userStateOf(null, 'pub-1')).toBe('known_visitor');
    expect(userStateOf(makeMember({ memberType: 'EnrolledCardMember' }), 'pub-1')).toBe('card_member');
    expect(userStateOf(makeMember({ memberType: 'NonCardMember' }))).toBe('non_card_member');
    expect(userStateOf(makeMember({ memberType: 'ClosedAccountMember' }))).toBe('closed_account_member');
  });
});

describe('member calls', () => {
  it('GET /api/Member: 401 is no member, not an error', async () => {
    vi.stubGlobal('fetch', vi.fn(mockFetch((url) => (url.pathname === '/api/Member' ? json({ statusCode: 401, error: 'Unauthorized', message: 'Sign in' }, 401) : undefined))));
    await expect(fetchMember()).resolves.toBeNull();
  });

  it('signOut uses the token the answer carries for the next calls and forgets the member', async () => {
    const seen: string[] = [];
    vi.stubGlobal('fetch', vi.fn(mockFetch((url, init) => {
      if (url.pathname === '/api/SignOut') return json({ signedOut: true, csrfToken: 'after-sign-out' });
      if (url.pathname === '/api/Thing') {
        seen.push((init.headers as Record<string, string>)['x-xsrf-token']!);
        return json({ ok: true });
      }
      return undefined;
    })));
    const qc = testQueryClient();
    qc.setQueryData(MEMBER_QUERY_KEY, makeMember());
    qc.setQueryData([...MEMBER_QUERY_KEY, 'cards'], [1]);
    await signOut(qc);
    await api('/api/Thing', { method: 'POST', body: {} });
    expect(seen).toEqual(['after-sign-out']);
    expect(qc.getQueryData(MEMBER_QUERY_KEY)).toBeNull();
    expect(qc.getQueryData([...MEMBER_QUERY_KEY, 'cards'])).toBeUndefined();
  });
});

describe('useArrival (§4 query handling)', () => {
  it("saves referral values, strips 'source' and saves the login-redirect value", async () => {
    vi.stubGlobal('fetch', vi.fn(mockFetch(() => undefined)));
    renderRoutes(routes, { route: '/search?utm_source=news&source=email&q=pizza' });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/search?utm_source=news&q=pizza'));
    expect(readReferral()).toEqual({ utm_source: 'news', source: 'email' });
    expect(readLoginRedirect()).toBe('/search?utm_source=news&q=pizza');
  });

  it('clears older referral values when new ones arrive', async () => {
    vi.stubGlobal('fetch', vi.fn(mockFetch(() => undefined)));
    renderRoutes(routes, { route: '/?utm_source=news' });
    cleanup();
    renderRoutes(routes, { route: '/?utm_campaign=spring&referrer=pub-9' });
    await waitFor(() => expect(readReferral()).toEqual({ utm_campaign: 'spring', referrer: 'pub-9' }));
  });

  it('does not save enrolment, sign-in, recovery or server-error pages as the login redirect', async () => {
    vi.stubGlobal('fetch', vi.fn(mockFetch(() => undefined)));
    saveLoginRedirect('/account');
    renderRoutes(routes, { route: '/join?email=a%40b.co' });
    await screen.findByText('page');
    expect(readLoginRedirect()).toBe('/account');
    for (const path of ['/login', '/Login', '/recover/update', '/error', '/join', '/SignOut']) expect(isLoginRedirectTarget(path)).toBe(false);
    for (const path of ['/', '/search', '/account/user_profile', '/merchants/4']) expect(isLoginRedirectTarget(path)).toBe(true);
  });

  it('only gives back same-site paths', () => {
    expect(isSafeRedirect('/search?q=1')).toBe(true);
    expect(isSafeRedirect('//evil.example')).toBe(false);
    expect(isSafeRedirect('/\\evil.example')).toBe(false);
    expect(isSafeRedirect('https://evil.example')).toBe(false);
    localStorage.setItem('RN_LOGIN_REDIRECT', JSON.stringify({ value: '//evil.example', expiresAt: Date.now() + 60_000 }));
    expect(readLoginRedirect('/account')).toBe('/account');
  });

  it('expires the login-redirect value after 60 minutes', () => {
    const now = Date.now();
    saveLoginRedirect('/search', now);
    expect(readLoginRedirect('/account', now + 59 * 60_000)).toBe('/search');
    expect(readLoginRedirect('/account', now + 61 * 60_000)).toBe('/account');
  });

  it('saves the public id from the query or the cookie when nobody is signed in', async () => {
    vi.stubGlobal('fetch', vi.fn(mockFetch(() => undefined)));
    renderRoutes(routes, { route: '/?public_id=pub-q' });
    await waitFor(() => expect(readKnownPublicId()).toBe('pub-q'));
    cleanup();
    localStorage.clear();
    document.cookie = 'RN_PUBLIC_ID=pub-cookie; path=/';
    renderRoutes(routes, { route: '/' });
    await waitFor(() => expect(readKnownPublicId()).toBe('pub-cookie'));
  });

  it('does not save a public id for a signed-in member', async () => {
    vi.stubGlobal('fetch', vi.fn(mockFetch(() => undefined)));
    renderRoutes(routes, { route: '/?public_id=pub-q', member: makeMember() });
    await screen.findByText('page');
    expect(readKnownPublicId()).toBeNull();
  });
});

describe('useRefetchMemberOnNavigation', () => {
  it('refetches the member on each navigation, not on the first render', async () => {
    const fetchMock = vi.fn(mockFetch((url) => (url.pathname === '/api/Member' ? json(makeMember()) : undefined)));
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, { route: '/', member: makeMember() });
    await screen.findByText('page');
    const memberCalls = () => fetchMock.mock.calls.filter(([u]) => String(u) === '/api/Member').length;
    expect(memberCalls()).toBe(0);
    await userEvent.setup().click(screen.getByRole('link', { name: 'to search' }));
    await waitFor(() => expect(memberCalls()).toBe(1));
  });

  it('does not refetch when the address is replaced in place (a screen filling in its defaults)', async () => {
    const fetchMock = vi.fn(mockFetch((url) => (url.pathname === '/api/Member' ? json(makeMember()) : undefined)));
    vi.stubGlobal('fetch', fetchMock);
    // On fake timers, a second of them passed at once: time for a refetch to start, if one would.
    await withFakeTime(() => renderRoutes(routes, { route: '/?source=mail', member: makeMember() }));
    // useArrival takes 'source' out of the address with a replace.
    expect(screen.getByTestId('where').textContent).toBe('/');
    expect(fetchMock.mock.calls.filter(([u]) => String(u) === '/api/Member')).toHaveLength(0);
  });
});

describe('useSessionTimers (§4)', () => {
  it('warns in the last minute; clicking the warning refetches the member', async () => {
    const fetchMock = vi.fn(mockFetch((url) => (url.pathname === '/api/Member' ? json(makeMember({ session: { expiresAt: new Date(Date.now() + 900_000).toISOString(), staySignedIn: false } })) : undefined)));
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, { route: '/', member: makeMember({ session: { expiresAt: new Date(Date.now() + 50_000).toISOString(), staySignedIn: false } }) });
    const warning = await screen.findByRole('button', { name: SESSION_WARNING_MESSAGE });
    await userEvent.setup().click(warning);
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/Member')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: SESSION_WARNING_MESSAGE })).toBeNull());
  });

  it('sends the browser to /SignOut at expiry', async () => {
    vi.stubGlobal('fetch', vi.fn(mockFetch(() => undefined)));
    renderRoutes(routes, { route: '/search', member: makeMember({ session: { expiresAt: new Date(Date.now() + 300).toISOString(), staySignedIn: false } }) });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/SignOut'), { timeout: 3000 });
  });

  it('sets no timers beyond 24 hours or without a public id', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      vi.stubGlobal('fetch', vi.fn(mockFetch(() => undefined)));
      renderRoutes(routes, { route: '/', member: makeMember({ session: { expiresAt: new Date(Date.now() + 25 * 3600_000).toISOString(), staySignedIn: true } }) });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(25 * 3600_000);
      });
      expect(screen.queryByRole('button', { name: SESSION_WARNING_MESSAGE })).toBeNull();
      expect(screen.getByTestId('where').textContent).toBe('/');
      cleanup();
      renderRoutes(routes, { route: '/', member: makeMember({ publicId: '', session: { expiresAt: new Date(Date.now() + 1000).toISOString(), staySignedIn: false } }) });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(5000);
      });
      expect(screen.getByTestId('where').textContent).toBe('/');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('anti-forgery placeholder (§8)', () => {
  it('shows the refresh toast when a call goes out with the placeholder', async () => {
    vi.stubGlobal('fetch', vi.fn(mockFetch(() => json({}, 403))));
    renderRoutes(routes, { route: '/' });
    await screen.findByText('page');
    setCsrfToken(CSRF_PLACEHOLDER);
    await api('/api/Thing', { method: 'POST', body: {} }).catch(() => undefined);
    expect(await screen.findByText(csrfPlaceholderMessage(CSRF_PLACEHOLDER))).toBeTruthy();
    expect(csrfPlaceholderMessage('abc')).toBe('Something went wrong. Please refresh the page and try again. Error Code: abc.');
    expect(CSRF_PLACEHOLDER_EVENT).toBeTruthy();
  });
});
