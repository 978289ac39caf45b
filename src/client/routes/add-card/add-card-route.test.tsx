// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '#client/lib/router';
import { AddCardRoute, ADD_CARD_TITLE, NO_THANKS_TEXT } from './add-card-route';
import { CardAddedRoute, CARD_ADDED_TITLE } from './card-added-route';
import { joinStepLabel } from '../../features/enrollment/components/join-steps';
import { createRoutes } from '../../app/routes';
import { isEnrollmentPath } from '../../app/chrome/enrollment-page';
import { json, mockFetch, renderRoutes, Where } from '../../test/render-router';
import { makePartnerConfig } from '../../test/partner-fixture';
import { makeMember } from '../../test/member-fixture';
import { expectNoAxeViolations } from '../../test/axe';
import { setCsrfToken } from '../../lib/csrf';
import { NOT_FOUND_TITLE } from '../not-found/not-found-route';
import { isKnownRoute } from '#shared/routes';
import { easyChallenge, frameSendsCard } from '../../features/cards/test/cards-fixtures';
import type { Member } from '#shared/schemas/member';

const routes = [
  { path: '/add_card', element: <AddCardRoute /> },
  { path: '/card_added', element: <CardAddedRoute /> },
  { path: '*', element: <Where /> },
];

function setup(opts: { member: () => Member }) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', vi.fn(mockFetch(async (url, init) => {
    calls.push(`${init.method ?? 'GET'} ${url.pathname}`);
    if (url.pathname === '/api/Member/Cards' && init.method === 'POST') {
      return json({ cardRegistration: [{ memberCard: { id: 9, cardType: 'Visa', lastFour: '4242', description: 'Visa card' }, error: null }] });
    }
    if (url.pathname === '/api/Member/Cards') return json([]);
    if (url.pathname === '/api/captcha/challenge') return json(await easyChallenge());
    if (url.pathname === '/api/Member') return json(opts.member());
    return undefined;
  })));
  return { calls };
}

beforeEach(() => {
  localStorage.clear();
  setCsrfToken('test-csrf');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('enrolment steps 2 and 3', () => {
  it('are routes where the partner has enrolment; step 2 has the enrolment chrome', () => {
    const partner = makePartnerConfig();
    expect(isKnownRoute('/add_card', partner)).toBe(true);
    expect(isKnownRoute('/card_added', partner)).toBe(true);
    expect(isKnownRoute('/account/manage_cards', partner)).toBe(true);
    expect(isKnownRoute('/add_card', makePartnerConfig({ enrollmentType: 'none' }))).toBe(false);
    const children = (createRoutes(partner)[0]!.children![0]!.children ?? []) as RouteObject[];
    expect(children.find((r) => r.path === 'add_card')).toBeTruthy();
    expect(children.find((r) => r.path === 'card_added')).toBeTruthy();
    // Step 2 wears the enrolment chrome (the page chrome decides by path); step 3 does not.
    expect(isEnrollmentPath('/add_card')).toBe(true);
    expect(isEnrollmentPath('/card_added')).toBe(false);
  });

  it('shows not found where the partner has no enrolment', () => {
    setup({ member: () => makeMember() });
    renderRoutes(routes, { route: '/add_card', member: makeMember(), partner: makePartnerConfig({ enrollmentType: 'none' }) });
    expect(screen.getByRole('heading', { name: NOT_FOUND_TITLE })).toBeTruthy();
  });

  it('sends a visitor who is not signed in to sign in', async () => {
    setup({ member: () => makeMember() });
    renderRoutes(routes, { route: '/add_card', member: null });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'));
  });

  it('step 2 offers the card form with "No thanks"; a linked card leads to step 3 and makes a card member', async () => {
    let memberType: Member['memberType'] = 'NonCardMember';
    const { calls } = setup({ member: () => makeMember({ memberType }) });
    const { queryClient } = renderRoutes(routes, { route: '/add_card', member: makeMember({ memberType: 'NonCardMember' }) });
    expect(screen.getByRole('heading', { level: 1, name: ADD_CARD_TITLE })).toBeTruthy();
    // The same step label as steps 1 and 3 (issue 13).
    expect(screen.getByText(joinStepLabel(2))).toBeTruthy();
    expect((await screen.findByRole('link', { name: NO_THANKS_TEXT })).getAttribute('href')).toBe('/account');
    await expectNoAxeViolations();

    const user = userEvent.setup();
    frameSendsCard('4242');
    await user.click(screen.getByRole('checkbox', { name: /I allow my card network/ }));
    await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    memberType = 'EnrolledCardMember';
    await user.click(screen.getByRole('button', { name: 'Link card' }));

    expect(await screen.findByRole('heading', { level: 1, name: CARD_ADDED_TITLE })).toBeTruthy();
    expect(screen.getByText(/Your Visa card ending in 4242 is linked/)).toBeTruthy();
    expect(screen.getByText(joinStepLabel(3))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find restaurants' }).getAttribute('href')).toBe('/search');
    expect(screen.getByRole('link', { name: 'Go to your account' }).getAttribute('href')).toBe('/account');
    await waitFor(() => expect(calls).toContain('GET /api/Member'));
    await waitFor(() => expect((queryClient.getQueryData(['member']) as Member).memberType).toBe('EnrolledCardMember'));
    await expectNoAxeViolations();
  });
});
