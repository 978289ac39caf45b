// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemberBody } from './member-body';
import { makeMember } from '../test/member-fixture';
import { json, mockFetch, renderRoutes } from '../test/render-router';
import { expectNoAxeViolations } from '../test/axe';
import { browserLocation } from '../lib/browser-location';
import { setCsrfToken } from '../lib/csrf';
import type { Member } from '#shared/schemas/member';
// The lazily loaded page, loaded up front so the busy test machine does not race its import.
import '../features/account/components/re-enrolment-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderBody(route: string, member: Member | null) {
  return renderRoutes(
    [{ element: <MemberBody />, children: [{ path: '*', element: <h1>The page</h1> }] }],
    { route, member },
  );
}

describe('Page body per member state', () => {
  it('shows the route to everyone but closed-account members', () => {
    renderBody('/search', makeMember());
    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
  });

  it('replaces the body with the re-enrolment page for a closed-account member', async () => {
    renderBody('/search', makeMember({ memberType: 'ClosedAccountMember' }));
    expect(screen.queryByRole('heading', { name: 'The page' })).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Reactivate your account' })).toBeTruthy();
    expect(screen.getByText(/was deleted, so your account was closed/)).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('leaves the staging tools reachable so a tester can switch back', () => {
    renderBody('/stgtools', makeMember({ memberType: 'ClosedAccountMember' }));
    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
  });

  it('signs out with Cancel', async () => {
    const user = userEvent.setup();
    setCsrfToken('test-csrf');
    vi.stubGlobal('fetch', mockFetch((url) => (url.pathname === '/api/SignOut' ? json({ signedOut: true, csrfToken: 'anon' }) : undefined)));
    const reload = vi.spyOn(browserLocation, 'reload').mockImplementation(() => undefined);
    renderBody('/', makeMember({ memberType: 'ClosedAccountMember' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
  });
});
