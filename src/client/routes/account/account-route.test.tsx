// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '#client/lib/router';
import { createRoutes } from '../../app/routes';
import { makeContentState, makePartnerConfig } from '../../test/partner-fixture';
import { makeMember } from '../../test/member-fixture';
import { json, mockFetch, renderRoutes, Where } from '../../test/render-router';
import { expectNoAxeViolations } from '../../test/axe';
import { browserLocation } from '../../lib/browser-location';
import { readLoginRedirect } from '../../features/session/arrival';
import { signOut } from '../../features/session/api';
import type { Member } from '#shared/schemas/member';
import type { PartnerConfig } from '#shared/schemas/partner';
import type { ContentState } from '../../features/content/content-provider';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  browserLocation.leavingFor = null;
});

/** The app's own /account route (with its children), so redirects are tested as configured. */
function accountRoutes(partner: PartnerConfig): RouteObject[] {
  const pages = createRoutes(partner)[0]!.children![0]!.children!;
  const account = pages.find((r) => r.path === 'account')!;
  return [account, { path: '*', element: <Where /> }];
}

function renderAccount(route: string, opts: { member?: Member | null; partner?: Partial<PartnerConfig>; content?: (p: PartnerConfig) => ContentState } = {}) {
  const partner = makePartnerConfig(opts.partner);
  return renderRoutes(accountRoutes(partner), { partner, route, member: opts.member === undefined ? makeMember() : opts.member, content: opts.content?.(partner) });
}

describe('Account centre routes', () => {
  it('sends an unknown sub-path to the overview', async () => {
    const { router } = renderAccount('/account/nothing_here');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Overview' })).toBeTruthy();
    expect(router.location.pathname).toBe('/account/overview');
  });

  it('sends the favourites and reservations pages to the overview where the partner has neither (unknown sub-paths there)', async () => {
    for (const path of ['/account/favorites', '/account/reservations']) {
      const { router } = renderAccount(path, { partner: { hasMerchantFavourites: false, openTableReservationsEnabled: false } });
      // The first render of a lazily loaded screen: allow for a busy machine.
      expect(await screen.findByRole('heading', { level: 1, name: 'Account Overview' }, { timeout: 5000 })).toBeTruthy();
      expect(router.location.pathname, path).toBe('/account/overview');
      cleanup();
    }
    const { router } = renderAccount('/account/favorites', { partner: { hasMerchantFavourites: true } });
    expect(await screen.findByRole('heading', { level: 1, name: /favou?rite/i }, { timeout: 5000 })).toBeTruthy();
    expect(router.location.pathname).toBe('/account/favorites');
  });

  it("keeps a title the partner configured for the page's path (§2 route meta) instead of the page's own", async () => {
    document.title = 'set by the layout';
    renderAccount('/account/overview', { partner: { routeMeta: { '/account/overview': { title: 'My account at Hilton' } } } });
    await screen.findByRole('heading', { level: 1, name: 'Account Overview' });
    expect(document.title).toBe('set by the layout');
    cleanup();
    renderAccount('/account/overview');
    await screen.findByRole('heading', { level: 1, name: 'Account Overview' });
    await waitFor(() => expect(document.title).toMatch(/^Account Overview \| /));
  });

  it('shows the account centre content\'s link groups at the foot of the overview (issue 25: seeded, never shown)', async () => {
    const linkGroups = [
      { title: 'Earn more', links: [{ text: 'How it works', url: '/how-it-works' }, { text: 'Find restaurants', url: '/search' }] },
      { title: 'Need help?', links: [{ text: 'Contact customer support', url: 'https://hilton.example.com/dining/contact' }, { text: '', url: '/nowhere' }] },
      { title: '', links: [{ text: 'Untitled group', url: '/search' }] },
    ];
    const { container } = renderAccount('/account/overview', {
      content: (p) => makeContentState({ account_center: [{ slug: 'account_center', fields: { referral_link: { is_enabled: false }, link_groups: linkGroups } }] }, p),
    });
    const earn = await screen.findByRole('region', { name: 'Earn more' });
    expect(within(earn).getByRole('link', { name: 'How it works' }).getAttribute('href')).toBe('/how-it-works');
    expect(within(earn).getByRole('link', { name: 'Find restaurants' }).getAttribute('href')).toBe('/search');
    const help = screen.getByRole('region', { name: 'Need help?' });
    const contact = within(help).getByRole('link', { name: /Contact customer support/ });
    expect(contact.getAttribute('target')).toBe('_blank');
    // A link without text and a group without a title are left out.
    expect(within(help).getAllByRole('link')).toHaveLength(1);
    expect(screen.queryByText('Untitled group')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('sends /account itself to the overview', async () => {
    const { router } = renderAccount('/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Overview' })).toBeTruthy();
    expect(router.location.pathname).toBe('/account/overview');
  });

  it('sends a visitor who is not signed in to /login, saving the page to come back to', async () => {
    renderAccount('/account/user_profile?tab=1', { member: null });
    expect((await screen.findByTestId('where')).textContent).toBe('/login');
    expect(readLoginRedirect('/fallback')).toBe('/account/user_profile?tab=1');
  });

  it('sends a visitor of a single sign-on partner to the sign-on start with the page as returnTo', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    renderAccount('/account/overview', { member: null, partner: { enrollmentType: 'sso' } });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/auth/sso/start?returnTo=%2Faccount%2Foverview'));
  });

  it("signing a single sign-on member out on an account page goes to the provider's sign-out, not back to its sign-in (issue 25)", async () => {
    // Our session ends first; the page then has no member and would send the browser to the
    // provider's sign-in, which, its session still alive, would sign the member straight back in.
    const endSessionUrl = 'http://localhost:3000/oidc/session/end?id_token_hint=a.b.c';
    vi.stubGlobal('fetch', vi.fn(mockFetch((url) => (url.pathname === '/api/SignOut' ? json({ signedOut: true, csrfToken: 'anon', endSessionUrl }) : undefined))));
    const navigate = vi.spyOn(browserLocation, 'navigate').mockImplementation(() => undefined);
    const { queryClient } = renderAccount('/account/overview', { partner: { enrollmentType: 'sso' }, member: makeMember({ interfaceType: 'sso' }) });
    await screen.findByRole('heading', { level: 1, name: 'Account Overview' });
    await signOut(queryClient);
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: 'Account Overview' })).toBeNull());
    expect(navigate.mock.calls).toEqual([[endSessionUrl]]);
    expect(screen.getByText('Signing you out…')).toBeTruthy();
  });

  it('does not exist for partners without enrolment', async () => {
    renderAccount('/account/overview', { partner: { enrollmentType: 'none' } });
    expect(await screen.findByRole('heading', { level: 1, name: "That page isn't on our radar." })).toBeTruthy();
  });

  it('has the account navigation with the current page marked', async () => {
    renderAccount('/account/user_profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Member Profile' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Account centre' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Account Overview', 'Reviews & History', 'Linked Cards', 'Profile']);
    expect(links[3]!.getAttribute('aria-current')).toBe('page');
    expect(links[0]!.getAttribute('aria-current')).toBeNull();
  });

  it('keeps Reviews & History marked on the missing-reward claims page reached from it', async () => {
    renderAccount('/account/claims');
    expect(await screen.findByRole('heading', { level: 1, name: 'Missing rewards' })).toBeTruthy();
    const links = within(screen.getByRole('navigation', { name: 'Account centre' })).getAllByRole('link');
    const marked = links.filter((a) => a.hasAttribute('aria-current'));
    expect(marked.map((a) => [a.textContent, a.getAttribute('aria-current')])).toEqual([['Reviews & History', 'true']]);
    expect(marked[0]!.getAttribute('href')).toBe('/account/recent_activity');
  });
});

describe('Account overview: the VIP meter', () => {
  const year = 2026;
  const progress = (over: Partial<Member['diningProgress']>, tierLevel = 2) => makeMember({ tierLevel, diningProgress: { ...makeMember().diningProgress, year, ...over } });
  const meterOf = (region: HTMLElement) => within(region).getByRole('progressbar', { name: 'Qualifying dines' });

  it('Building: this year\'s qualifying dines out of the 11 that make a member VIP, with the dines still to go', async () => {
    renderAccount('/account/overview', { member: progress({ status: 'Building', dinesRequired: 11, remainingDines: 7 }) });
    const region = await screen.findByRole('region', { name: `VIP progress for ${year}` });
    const meter = meterOf(region);
    expect(meter.getAttribute('aria-valuemin')).toBe('0');
    expect(meter.getAttribute('aria-valuemax')).toBe('11');
    expect(meter.getAttribute('aria-valuenow')).toBe('4');
    expect(meter.getAttribute('aria-valuetext')).toBe(`4 of 11 qualifying dines in ${year}`);
    expect(region.textContent).toContain(`7 more qualifying dines in ${year} make you VIP`);
    await expectNoAxeViolations();
  });

  it('Building, one to go: the next qualifying dine makes the member VIP', async () => {
    renderAccount('/account/overview', { member: progress({ status: 'Building', remainingDines: 1 }) });
    const region = await screen.findByRole('region', { name: `VIP progress for ${year}` });
    expect(meterOf(region).getAttribute('aria-valuenow')).toBe('10');
    expect(region.textContent).toContain(`One more qualifying dine in ${year} makes you VIP`);
  });

  it('Qualified: what the member has, not a countdown', async () => {
    renderAccount('/account/overview', { member: progress({ status: 'Qualified', remainingDines: 0 }, 3) });
    const region = await screen.findByRole('region', { name: 'VIP status' });
    expect(region.textContent).toContain(`You are VIP through ${year + 1}.`);
    expect(within(region).queryByRole('progressbar')).toBeNull();
  });

  it('Renewing: the dines this year that keep VIP next year', async () => {
    renderAccount('/account/overview', { member: progress({ status: 'Renewing', remainingDines: 9 }, 3) });
    const region = await screen.findByRole('region', { name: `Keep VIP in ${year + 1}` });
    expect(meterOf(region).getAttribute('aria-valuenow')).toBe('2');
    expect(region.textContent).toContain(`You are VIP through ${year}. 9 more qualifying dines in ${year} keep you VIP through ${year + 1}.`);
  });

  it('Complete: VIP secured, no meter', async () => {
    renderAccount('/account/overview', { member: progress({ status: 'Complete', remainingDines: 0 }, 3) });
    const region = await screen.findByRole('region', { name: 'VIP status' });
    expect(region.textContent).toContain(`You are VIP through ${year + 1}.`);
    expect(within(region).queryByRole('progressbar')).toBeNull();
  });

  it('is not shown where the partner has no VIP, nor to Basic and not-activated members', async () => {
    renderAccount('/account/overview', { partner: { hasVIP: false } });
    await screen.findByRole('region', { name: 'Membership status' });
    expect(screen.queryByRole('region', { name: /VIP/ })).toBeNull();
  });

  it.each([0, 1])('is not shown to a tier-%i member, whom dining cannot make VIP', async (tierLevel) => {
    renderAccount('/account/overview', { member: progress({ status: 'Building', dinesRequired: 11, remainingDines: 7 }, tierLevel) });
    await screen.findByRole('region', { name: 'Membership status' });
    expect(screen.queryByRole('region', { name: /VIP/ })).toBeNull();
  });
});

describe('Account overview', () => {
  const referralContent = (enabled: boolean) => (partner: PartnerConfig) =>
    makeContentState(
      {
        account_center: [
          {
            slug: 'account_center',
            fields: { referral_link: { is_enabled: enabled, title: 'Share a table', description: '<p>Invite friends to <strong>{{programName1}}</strong>.</p>' } },
          },
        ],
      },
      partner,
    );

  it('shows the membership status with tier name, earn rate, join date and dining progress', async () => {
    renderAccount('/account/overview');
    const status = await screen.findByRole('region', { name: 'Membership status' });
    expect(status.textContent).toContain('Select');
    expect(status.textContent).toContain('3 Miles per $1');
    expect(status.textContent).toContain('March 4, 2024');
    expect(status.textContent).toContain('You earn 3 miles per $1');
    const progress = screen.getByRole('region', { name: /VIP progress/ });
    expect(progress.textContent).toContain('4 of 11 qualifying dines');
    expect(within(progress).getByRole('progressbar', { name: 'Qualifying dines' })).toBeTruthy();
  });

  it('names tier 0 Basic and tier 3 VIP', async () => {
    renderAccount('/account/overview', { member: makeMember({ tierLevel: 0 }) });
    expect((await screen.findByRole('region', { name: 'Membership status' })).textContent).toContain('Basic');
    cleanup();
    renderAccount('/account/overview', { member: makeMember({ tierLevel: 3 }) });
    expect((await screen.findByRole('region', { name: 'Membership status' })).textContent).toContain('VIP');
  });

  it('tells a tier-0 member where to opt in to e-mails, except where the partner keeps that choice off the profile', async () => {
    renderAccount('/account/overview', { member: makeMember({ tierLevel: 0 }) });
    const status = await screen.findByRole('region', { name: 'Membership status' });
    expect(status.textContent).toContain('emails. You can change that in your Profile');
    expect(within(status).getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/account/user_profile');
    cleanup();
    renderAccount('/account/overview', { member: makeMember({ tierLevel: 0 }), partner: { emailOptInHidden: true } });
    const hidden = await screen.findByRole('region', { name: 'Membership status' });
    expect(hidden.textContent).toMatch(/You have opted out of .+ emails\.$/);
    expect(within(hidden).queryByRole('link', { name: 'Profile' })).toBeNull();
  });

  it('shows the referral box when content switches it on, and copies the link on click', async () => {
    const user = userEvent.setup();
    renderAccount('/account/overview', { content: referralContent(true) });
    const box = await screen.findByRole('region', { name: 'Share a table' });
    expect(box.textContent).toContain('Invite friends to Test Dining Rewards.');
    const input = within(box).getByRole<HTMLInputElement>('textbox', { name: 'Your referral link' });
    const link = `${window.location.origin}/join?utm_source=accountcenter&utm_medium=website&referrer=pub-ann-1`;
    expect(input.value).toBe(link);
    expect(input.readOnly).toBe(true);
    await user.click(input);
    expect(await screen.findByText('Your referral link has been copied.')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(link);
    await expectNoAxeViolations();
  });

  it('has no referral box when content switches it off', async () => {
    renderAccount('/account/overview', { content: referralContent(false) });
    await screen.findByRole('region', { name: 'Membership status' });
    expect(screen.queryByRole('textbox', { name: 'Your referral link' })).toBeNull();
  });
});
