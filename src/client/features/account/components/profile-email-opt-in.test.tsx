// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { ProfileRoute } from '#client/routes/account/profile-route';
import { JoinRoute } from '#client/routes/join/join-route';
import { makePartnerConfig } from '#client/test/partner-fixture';
import { makeMember } from '#client/test/member-fixture';
import { renderRoutes, Where } from '#client/test/render-router';

afterEach(() => { cleanup(); });

const optIn = () => screen.queryByRole('checkbox', { name: /Send me emails/ });

describe('the e-mail opt-in (§2: hidden for one partner)', () => {
  it('is offered on the profile unless the partner hides it', () => {
    const routes = [{ path: '/account/user_profile', element: <ProfileRoute /> }, { path: '*', element: <Where /> }];
    renderRoutes(routes, { partner: makePartnerConfig(), route: '/account/user_profile', member: makeMember() });
    expect(optIn()).toBeTruthy();
    cleanup();
    renderRoutes(routes, { partner: makePartnerConfig({ emailOptInHidden: true }), route: '/account/user_profile', member: makeMember() });
    expect(screen.getByRole('heading', { level: 1, name: 'Member Profile' })).toBeTruthy();
    expect(optIn()).toBeNull();
  });

  it('is offered on the joining form unless the partner hides it', async () => {
    const routes = [{ path: '/join', element: <JoinRoute /> }, { path: '*', element: <Where /> }];
    renderRoutes(routes, { partner: makePartnerConfig(), route: '/join', member: null });
    expect(await screen.findByRole('checkbox', { name: /Send me emails/ })).toBeTruthy();
    cleanup();
    renderRoutes(routes, { partner: makePartnerConfig({ emailOptInHidden: true }), route: '/join', member: null });
    expect(await screen.findByRole('textbox', { name: /First name/ })).toBeTruthy();
    expect(optIn()).toBeNull();
  });
});
