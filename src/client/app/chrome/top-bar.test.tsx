// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TopBar } from './top-bar';
import { makeContentState, makePartnerConfig } from '../../test/partner-fixture';
import { mockViewport, renderWithProviders } from '../../test/render';
import type { PartnerConfig } from '../../../shared/schemas/partner';

afterEach(cleanup);

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

function renderTopBar(route: string, overrides: Partial<PartnerConfig> = {}) {
  const partner = makePartnerConfig({ navLinks: [{ text_desktop: 'How it works', text_mobile: 'How it works works', url: '/how-it-works' }], ...overrides });
  return renderWithProviders(<TopBar />, { partner, content: content(partner), route });
}

describe('TopBar on desktop', () => {
  beforeEach(() => mockViewport(1200));

  it('offers Sign in and Join to anonymous visitors of direct partners', () => {
    renderTopBar('/', { enrollmentType: 'direct' });
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Join' }).getAttribute('href')).toBe('/join');
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
