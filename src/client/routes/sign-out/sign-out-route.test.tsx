// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { browserLocation } from '../../lib/browser-location';
import { SignOutRoute, SIGNED_OUT_TITLE } from './sign-out-route';
import { json, mockFetch, renderRoutes } from '../../test/render-router';
import { makeMember } from '../../test/member-fixture';
import { makePartnerConfig } from '../../test/partner-fixture';
import { MEMBER_QUERY_KEY } from '../../features/session/api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  browserLocation.leavingFor = null;
});

describe('SignOutRoute', () => {
  it('ends the session once, forgets the member and offers sign-in (direct)', async () => {
    const fetchMock = vi.fn(mockFetch((url) => (url.pathname === '/api/SignOut' ? json({ signedOut: true, csrfToken: 'anon' }) : undefined)));
    vi.stubGlobal('fetch', fetchMock);
    const { queryClient } = renderRoutes([{ path: '/SignOut', element: <SignOutRoute /> }], { route: '/SignOut', member: makeMember() });
    expect(await screen.findByRole('heading', { level: 1, name: SIGNED_OUT_TITLE })).toBeTruthy();
    expect(queryClient.getQueryData(MEMBER_QUERY_KEY)).toBeNull();
    expect(fetchMock.mock.calls.filter(([u]) => String(u) === '/api/SignOut')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Sign in again' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('sends a single sign-on member on to the provider\'s sign-out address', async () => {
    const endSessionUrl = 'http://localhost:3000/oidc/session/end?id_token_hint=a.b.c';
    vi.stubGlobal('fetch', vi.fn(mockFetch((url) => (url.pathname === '/api/SignOut' ? json({ signedOut: true, csrfToken: 'anon', endSessionUrl }) : undefined))));
    const navigate = vi.spyOn(browserLocation, 'navigate').mockImplementation(() => undefined);
    renderRoutes([{ path: '/SignOut', element: <SignOutRoute /> }], { route: '/SignOut', partner: makePartnerConfig({ enrollmentType: 'sso' }), member: makeMember() });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(endSessionUrl));
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('heading', { level: 1, name: SIGNED_OUT_TITLE })).toBeNull();
    navigate.mockRestore();
  });

  it('offers only the home page to sso partners', async () => {
    vi.stubGlobal('fetch', vi.fn(mockFetch((url) => (url.pathname === '/api/SignOut' ? json({ signedOut: true, csrfToken: 'anon' }) : undefined))));
    renderRoutes([{ path: '/SignOut', element: <SignOutRoute /> }], { route: '/SignOut', partner: makePartnerConfig({ enrollmentType: 'sso' }) });
    await screen.findByRole('heading', { level: 1, name: SIGNED_OUT_TITLE });
    expect(screen.queryByRole('link', { name: 'Sign in again' })).toBeNull();
  });
});
