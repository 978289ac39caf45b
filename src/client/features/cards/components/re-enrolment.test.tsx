// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemberBody } from '#client/app/member-body';
import { json, mockFetch, renderRoutes, Where } from '#client/test/render-router';
import { makeMember } from '#client/test/member-fixture';
import { expectNoAxeViolations } from '#client/test/axe';
import { setCsrfToken } from '#client/lib/csrf';
import { RE_ENROLMENT_SUBMIT } from '../../account/components/re-enrolment-page';
import { easyChallenge, frameSendsCard } from '../test/cards-fixtures';
import type { Member } from '#shared/schemas/member';

beforeEach(() => setCsrfToken('test-csrf'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('re-enrolment of a closed-account member (§2, §4)', () => {
  it('offers the card form; a linked card says so, refreshes the member and opens the account centre', async () => {
    let memberType: Member['memberType'] = 'ClosedAccountMember';
    const calls: string[] = [];
    vi.stubGlobal('fetch', vi.fn(mockFetch(async (url, init) => {
      calls.push(`${init.method ?? 'GET'} ${url.pathname}`);
      if (url.pathname === '/api/Member/Cards' && init.method === 'POST') {
        memberType = 'EnrolledCardMember';
        return json({ cardRegistration: [{ memberCard: { id: 3, cardType: 'Mastercard', lastFour: '4444', description: 'Mastercard' }, error: null }] });
      }
      if (url.pathname === '/api/Member/Cards') return json([]);
      if (url.pathname === '/api/captcha/challenge') return json(await easyChallenge());
      if (url.pathname === '/api/Member') return json(makeMember({ memberType }));
      return undefined;
    })));
    renderRoutes(
      [{ element: <MemberBody />, children: [{ path: '*', element: <Where /> }] }],
      { route: '/search', member: makeMember({ memberType: 'ClosedAccountMember' }) },
    );
    // The re-enrolment page loads on demand (first-load JavaScript budget).
    expect(await screen.findByRole('heading', { level: 1, name: 'Reactivate your account' })).toBeTruthy();
    expect(screen.getByText(/was deleted, so your account was closed/)).toBeTruthy();
    expect(screen.getByText(/Link a card to reactivate your account/)).toBeTruthy();
    const submit = await screen.findByRole('button', { name: RE_ENROLMENT_SUBMIT });
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    await expectNoAxeViolations();

    const user = userEvent.setup();
    frameSendsCard('4444', 'Mastercard');
    await user.click(screen.getByRole('checkbox', { name: /I allow my card network/ }));
    await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    await user.click(submit);

    expect(await screen.findByText('Your card ending in 4444 has been linked.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/account'));
    expect(calls).toContain('GET /api/Member');
    expect(screen.queryByRole('heading', { name: 'Reactivate your account' })).toBeNull();
  });
});
