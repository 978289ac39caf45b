// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FixCredentialsRoute } from './fix-credentials-route';
import { json, mockFetch, renderRoutes, Where } from '../../test/render-router';
import { makeMember } from '../../test/member-fixture';
import { makePartnerConfig } from '../../test/partner-fixture';
import { MEMBER_QUERY_KEY } from '../../features/session/api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FixCredentialsRoute', () => {
  it('explains the shared e-mail, takes partner number, password and a new e-mail, and signs in', async () => {
    const member = makeMember({ email: 'own@example.com' });
    const fetchMock = vi.fn(mockFetch((url) => (url.pathname === '/api/FixCredentials' ? json({ member, csrfToken: 'n' }) : undefined)));
    vi.stubGlobal('fetch', fetchMock);
    const partner = makePartnerConfig();
    const { queryClient } = renderRoutes([{ path: '/fix_credentials', element: <FixCredentialsRoute /> }, { path: '*', element: <Where /> }], { route: '/fix_credentials', partner });
    expect(screen.getByText(/is used by more than one account/)).toBeTruthy();
    const user = userEvent.setup();
    const pn = screen.getByLabelText(new RegExp(`^${partner.copyStates.partnerNumberLabel}`));
    await user.type(pn, 'abcdef7');
    await user.tab();
    expect(await screen.findByText('Invalid format for the partner number.')).toBeTruthy();
    await user.clear(pn);
    await user.type(pn, 'abcdef8');
    await user.type(screen.getByLabelText(/^Password/), 'secret123');
    await user.type(screen.getByLabelText(/^New email address/), 'own@example.com');
    await user.click(screen.getByRole('button', { name: 'Update and sign in' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/account');
    expect(queryClient.getQueryData(MEMBER_QUERY_KEY)).toEqual(member);
    const post = fetchMock.mock.calls.find(([u]) => String(u) === '/api/FixCredentials')!;
    expect(JSON.parse(String((post[1] as RequestInit).body))).toEqual({ partnerNumber: 'ABCDEF8', password: 'secret123', newEmail: 'own@example.com' });
  });
});
