// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TopBar } from './top-bar';
import { makeContentState, makePartnerConfig } from '../../test/partner-fixture';
import { makeMember } from '../../test/member-fixture';
import { mockViewport } from '../../test/render';
import { MEMBER_QUERY_KEY } from '../../features/session/api';
import { json, mockFetch, renderRoutes } from '../../test/render-router';
import { expectNoAxeViolations } from '../../test/axe';
import { browserLocation } from '../../lib/browser-location';
import { setCsrfToken } from '../../lib/csrf';
import type { Member } from '#shared/schemas/member';
import type { PartnerConfig } from '#shared/schemas/partner';
// The lazily loaded account menu, loaded up front so the busy test machine does not race its import.
import './account-menu';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  browserLocation.leavingFor = null;
});

const content = (partner: PartnerConfig) =>
  makeContentState(
    {
      '*': [
        { slug: 'navbar', fields: { links: [{ text_desktop: 'Find restaurants', text_mobile: 'Search restaurants', url: '/search' }] } },
        {
          slug: 'footer',
          fields: {
            primary_links: [{ text: 'FAQ', url: 'https://test.example/faq', new_tab: true }, { text: 'Find restaurants', url: '/search' }],
            secondary_links: [{ text: 'Privacy policy', url: 'https://test.example/privacy', new_tab: true }],
          },
        },
      ],
      announcement_banner: [
        { slug: 'announcement', fields: { banner_copy: [{ copy: 'Earn {{bonusCurrencyPlural}} this week.' }, { copy: 'See the details', url: '/earn/new-member-bonus' }] } },
      ],
    },
    partner,
  );

function renderTopBar(route: string, overrides: Partial<PartnerConfig> = {}, member: Member | null = null) {
  const partner = makePartnerConfig({ navLinks: [{ text_desktop: 'How it works', text_mobile: 'How it works works', url: '/how-it-works' }], ...overrides });
  // Enrolment steps carry the route handle the top bar reads.
  const routes = [
    { path: '/join', element: <TopBar /> },
    { path: '*', element: <TopBar /> },
  ];
  return renderRoutes(routes, { partner, content: content(partner), route, member });
}

const nonCardMember = () => makeMember({ memberType: 'NonCardMember' });
const closedMember = () => makeMember({ memberType: 'ClosedAccountMember' });

describe('TopBar on desktop', () => {
  beforeEach(() => mockViewport(1200));

  it('offers Sign in and Join to anonymous visitors of direct partners', () => {
    renderTopBar('/', { enrollmentType: 'direct' });
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Join' }).getAttribute('href')).toBe('/join');
  });

  it('offers no Sign in or Join while the member is loading (no flash before the account menu)', async () => {
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(mockFetch((url) => (url.pathname === '/api/Member' ? new Promise<Response>((resolve) => { answer = resolve; }) : undefined))));
    const { queryClient } = renderTopBar('/', { enrollmentType: 'direct' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
    // The member query back to its first state: fetching, nothing known yet (the fetch is held above).
    act(() => void queryClient.resetQueries({ queryKey: MEMBER_QUERY_KEY, exact: true }));
    await waitFor(() => expect(queryClient.getQueryState(MEMBER_QUERY_KEY)?.fetchStatus).toBe('fetching'));
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Join' })).toBeNull();
    answer(json(makeMember({ firstName: 'Ann' })));
    expect(await screen.findByRole('button', { name: /Ann/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('offers only the join link on single sign-on partners', () => {
    renderTopBar('/', { enrollmentType: 'sso' });
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Join' }).getAttribute('href')).toBe('/join');
  });

  it('offers no auth links when the partner has no enrolment', () => {
    renderTopBar('/', { enrollmentType: 'none' });
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Join' })).toBeNull();
  });

  it('shows partner and content nav links inline with their desktop text', () => {
    renderTopBar('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'How it works' }).getAttribute('href')).toBe('/how-it-works');
    expect(within(nav).getByRole('link', { name: 'Find restaurants' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Main menu' })).toBeNull();
  });

  it('links the logo home', () => {
    renderTopBar('/search');
    expect(screen.getByRole('link', { name: 'Test Dining home' }).getAttribute('href')).toBe('/');
  });

  it('links the search icon to /search on other pages', () => {
    renderTopBar('/');
    const search = screen.getByRole('link', { name: 'Search restaurants' });
    expect(search.getAttribute('href')).toBe('/search');
    expect(search.getAttribute('aria-current')).toBeNull();
  });

  it('shows the search icon as the current page, not a link target, on /search', () => {
    renderTopBar('/search');
    const search = screen.getByRole('link', { name: 'Search restaurants' });
    expect(search.getAttribute('aria-current')).toBe('page');
    expect(search.getAttribute('aria-disabled')).toBe('true');
    expect(search.hasAttribute('href')).toBe(false);
    expect(search.tagName).not.toBe('A');
  });

  it('hides the search icon and the announcement on /discover', () => {
    renderTopBar('/discover');
    expect(screen.queryByRole('link', { name: 'Search restaurants' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull();
  });

  it('shows the announcement banner with its text and links elsewhere', () => {
    renderTopBar('/');
    const banner = screen.getByRole('region', { name: 'Announcement' });
    expect(banner.textContent).toContain('Earn bonus miles this week.');
    expect(within(banner).getByRole('link', { name: 'See the details' }).getAttribute('href')).toBe('/earn/new-member-bonus');
  });

  it('shows a Back link only under /merchants/ and /account/', () => {
    renderTopBar('/merchants/12');
    expect(screen.getByRole('link', { name: 'Back' })).toBeTruthy();
    cleanup();
    renderTopBar('/account/overview');
    expect(screen.getByRole('link', { name: 'Back' })).toBeTruthy();
    cleanup();
    renderTopBar('/search');
    expect(screen.queryByRole('link', { name: 'Back' })).toBeNull();
  });
});

describe('TopBar on mobile', () => {
  beforeEach(() => mockViewport(375));

  it('has a main-menu button that opens the sections: auth, nav (mobile text), footer primary, footer secondary, without repeats', async () => {
    const user = userEvent.setup();
    renderTopBar('/');
    const button = screen.getByRole('button', { name: 'Main menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    const lists = within(menu).getAllByRole('list');
    expect(lists.map((l) => within(l).getAllByRole('link').map((a) => a.textContent))).toEqual([
      ['Sign in', 'Join'],
      ['How it works works', 'Search restaurants'],
      ['FAQ (opens in a new tab)'],
      ['Privacy policy (opens in a new tab)'],
    ]);
  });

  it('has no auth section for partners without enrolment', async () => {
    const user = userEvent.setup();
    renderTopBar('/', { enrollmentType: 'none' });
    await user.click(screen.getByRole('button', { name: 'Main menu' }));
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'Join' })).toBeNull();
  });

  it('closes the menu on Escape and puts focus back on the button', async () => {
    const user = userEvent.setup();
    renderTopBar('/');
    const button = screen.getByRole('button', { name: 'Main menu' });
    await user.click(button);
    await user.tab();
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('closes the menu after following a link', async () => {
    const user = userEvent.setup();
    renderTopBar('/');
    await user.click(screen.getByRole('button', { name: 'Main menu' }));
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    await user.click(within(menu).getByRole('link', { name: 'Search restaurants' }));
    expect(screen.getByRole('button', { name: 'Main menu' }).getAttribute('aria-expanded')).toBe('false');
  });
});

describe('TopBar member area on desktop', () => {
  beforeEach(() => mockViewport(1200));

  const memberList = () => screen.getByRole('list', { name: 'Member' });

  it('offers a non-card member of a direct partner Join and Sign out, not Sign in', () => {
    renderTopBar('/', { enrollmentType: 'direct' }, nonCardMember());
    expect(within(memberList()).getByRole('link', { name: 'Join' }).getAttribute('href')).toBe('/join');
    expect(within(memberList()).getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('offers a non-card member of a single sign-on partner the join link and Sign out', () => {
    renderTopBar('/', { enrollmentType: 'sso' }, nonCardMember());
    const links = within(memberList()).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Join']);
    expect(within(memberList()).getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('offers a closed-account member only Sign out', () => {
    renderTopBar('/', { enrollmentType: 'direct' }, closedMember());
    expect(within(memberList()).queryAllByRole('link')).toHaveLength(0);
    expect(within(memberList()).getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('gives a card member the account dropdown: greeting, name, e-mail, account pages, sign out', async () => {
    const user = userEvent.setup();
    renderTopBar('/', { enrollmentType: 'direct' }, makeMember());
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Join' })).toBeNull();
    const button = await screen.findByRole('button', { name: 'Hi, Ann' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull();
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(panel.textContent).toContain('Ann Card');
    expect(panel.textContent).toContain('ann@example.com');
    const nav = within(panel).getByRole('navigation', { name: 'Account' });
    expect(within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Account Overview', '/account/overview'],
      ['Reviews & History', '/account/recent_activity'],
      ['Linked Cards', '/account/manage_cards'],
      ['Profile', '/account/user_profile'],
    ]);
    expect(within(panel).getByRole('button', { name: 'Sign out' })).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('closes the account dropdown on Escape and puts focus back on its button', async () => {
    const user = userEvent.setup();
    renderTopBar('/', {}, makeMember());
    const button = await screen.findByRole('button', { name: 'Hi, Ann' });
    await user.click(button);
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Account Overview');
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('closes the account dropdown when focus leaves it and after following a link', async () => {
    const user = userEvent.setup();
    renderTopBar('/', {}, makeMember());
    const button = await screen.findByRole('button', { name: 'Hi, Ann' });
    await user.click(button);
    await user.click(screen.getByRole('link', { name: 'Profile' }));
    expect(screen.getByRole('button', { name: 'Hi, Ann' }).getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    await user.click(document.body);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('signs out through GET /api/SignOut, then reloads the page', async () => {
    const user = userEvent.setup();
    setCsrfToken('test-csrf');
    const calls: string[] = [];
    vi.stubGlobal('fetch', mockFetch((url) => {
      calls.push(url.pathname);
      if (url.pathname === '/api/SignOut') return json({ signedOut: true, csrfToken: 'anonymous-token' });
      return undefined;
    }));
    const reload = vi.spyOn(browserLocation, 'reload').mockImplementation(() => undefined);
    const { queryClient } = renderTopBar('/', {}, makeMember());
    await user.click(await screen.findByRole('button', { name: 'Hi, Ann' }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(calls).toContain('/api/SignOut');
    expect(queryClient.getQueryData(['member'])).toBeNull();
  });

  it('a single sign-on member goes on to the provider\'s sign-out address instead of reloading', async () => {
    const user = userEvent.setup();
    setCsrfToken('test-csrf');
    const endSessionUrl = 'http://localhost:3000/oidc/session/end?id_token_hint=a.b.c&post_logout_redirect_uri=http%3A%2F%2Fdelta.localhost%2FSignOut';
    vi.stubGlobal('fetch', mockFetch((url) => (url.pathname === '/api/SignOut' ? json({ signedOut: true, csrfToken: 'anon', endSessionUrl }) : undefined)));
    const reload = vi.spyOn(browserLocation, 'reload').mockImplementation(() => undefined);
    const navigate = vi.spyOn(browserLocation, 'navigate').mockImplementation(() => undefined);
    renderTopBar('/', { enrollmentType: 'sso' }, makeMember({ interfaceType: 'sso' }));
    await user.click(await screen.findByRole('button', { name: 'Hi, Ann' }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(endSessionUrl));
    expect(reload).not.toHaveBeenCalled();
  });

  it('has no member area when the partner has no enrolment, even for a member', () => {
    renderTopBar('/', { enrollmentType: 'none' }, makeMember());
    expect(screen.queryByRole('button', { name: 'Hi, Ann' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Member' })).toBeNull();
  });
});

describe('TopBar on enrolment pages', () => {
  it('hides the main menu and offers "Already a member? Sign in" on direct partners', () => {
    mockViewport(375);
    renderTopBar('/join', { enrollmentType: 'direct' });
    expect(screen.queryByRole('button', { name: 'Main menu' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Already a member? Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('link', { name: 'Join' })).toBeNull();
  });

  it('hides the desktop navigation too', () => {
    mockViewport(1200);
    renderTopBar('/join', { enrollmentType: 'direct' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Already a member? Sign in' })).toBeTruthy();
  });

  it('offers Sign out to a member on a single sign-on partner', () => {
    mockViewport(375);
    renderTopBar('/join', { enrollmentType: 'sso' }, nonCardMember());
    expect(screen.queryByRole('button', { name: 'Main menu' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Sign in/ })).toBeNull();
  });
});

describe('TopBar main menu per member state', () => {
  beforeEach(() => mockViewport(375));

  const menuSections = async (member: Member | null, overrides: Partial<PartnerConfig> = {}) => {
    const user = userEvent.setup();
    renderTopBar('/', overrides, member);
    await user.click(screen.getByRole('button', { name: 'Main menu' }));
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    return within(menu).getAllByRole('list').map((l) => Array.from(l.querySelectorAll('a, button')).map((el) => el.textContent));
  };

  it('starts with the account centre and ends with sign out for a card member', async () => {
    const sections = await menuSections(makeMember());
    expect(sections[0]).toEqual(['My Account']);
    expect(sections.at(-1)).toEqual(['Sign out']);
    await expectNoAxeViolations();
  });

  it('starts with the join link and ends with sign out for a non-card member', async () => {
    const sections = await menuSections(nonCardMember(), { enrollmentType: 'sso' });
    expect(sections[0]).toEqual(['Join']);
    expect(sections.at(-1)).toEqual(['Sign out']);
  });

  it('has no sign out for anonymous visitors', async () => {
    const sections = await menuSections(null);
    expect(sections[0]).toEqual(['Sign in', 'Join']);
    expect(sections.flat()).not.toContain('Sign out');
  });
});
