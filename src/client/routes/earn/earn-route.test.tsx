// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { EarnRoute } from './earn-route';
import { makeContentState, makePartnerConfig } from '../../test/partner-fixture';
import { mockViewport } from '../../test/render';
import { renderRoutes } from '../../test/render-router';
import { makeMember } from '../../test/member-fixture';
import { createRoutes } from '../../app/routes';
import { EARN_PAGE_PATHS } from './earn-route.fixtures';
import type { Member } from '#shared/schemas/member';
import type { PartnerConfig } from '#shared/schemas/partner';

vi.mock('../../features/search/components/lazy-merchant-carousel', () => ({
  MerchantCarousel: ({ title }: { title: string }) => <section aria-label={title}>carousel</section>,
}));

beforeEach(() => {
  mockViewport(1200);
  // The layout scrolls to the top on each route change (jsdom has no scrolling).
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const page = (url: string, bannerText: string) => ({
  slug: `earn-${url}`,
  fields: {
    url,
    browser_title: `${bannerText} | {{partnerName2}}`,
    banner_text: bannerText,
    banner: { enable_banner: true, image: '/img/merchants/hero/a.svg', image_mobile: '/img/merchants/tile/a.svg', alt_text: 'A meal', image_x_position: 30, image_y_position: 70, include_welcome_message: true, include_prospect_email: true },
    main_column: [{ type: 'title', text_desktop: 'Reserve through us' }, { type: 'merchant_carousel', title: 'Book a table tonight', query: { location: 'Atlanta, GA' } }],
    side_column: [{ type: 'title', text_desktop: 'Your earning at a glance' }],
    disclaimer: 'Terms apply to {{programName1}}.',
  },
});

function renderEarn(path: string, opts: { items?: ReturnType<typeof page>[]; partner?: Partial<PartnerConfig>; member?: Member | null } = {}) {
  const partner = makePartnerConfig({ enrollmentType: 'direct', ...opts.partner });
  return renderRoutes([{ path: '*', element: <EarnRoute /> }], {
    partner, route: path, member: opts.member ?? null, content: makeContentState({ earn_details: opts.items ?? [] }, partner),
  });
}

describe('earn pages (§2)', () => {
  it('shows the earn_details item of the path in the content-page template', async () => {
    const { container } = renderEarn('/earn/reservations', { items: [page('/earn/new-member-bonus', 'Welcome bonus'), page('/earn/reservations', 'Book a table, earn {{currencyPlural}}')] });
    expect(screen.getByRole('heading', { level: 1, name: 'Book a table, earn miles' })).toBeTruthy();
    expect((screen.getByRole('img', { name: 'A meal' }) as HTMLImageElement).style.objectPosition).toBe('30% 70%');
    expect(container.querySelector('source')?.getAttribute('srcset')).toBe('/img/merchants/hero/a.svg');
    expect(screen.getByRole('region', { name: 'Book a table tonight' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Your earning at a glance' })).toBeTruthy();
    expect(screen.getByText('Terms apply to Test Dining Rewards.')).toBeTruthy();
    expect(screen.getByText('Welcome!')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Email address/ })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Book a table, earn miles | Test Airlines'));
  });

  it('greets a member by first name, without the prospect form', () => {
    renderEarn('/earn/reservations', { items: [page('/earn/reservations', 'Book a table')], member: makeMember({ firstName: 'Ann' }) });
    expect(screen.getByText('Welcome, Ann!')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Email address/ })).toBeNull();
  });

  it('no prospect form on a single sign-on partner', () => {
    renderEarn('/earn/reservations', { items: [page('/earn/reservations', 'Book a table')], partner: { enrollmentType: 'sso' } });
    expect(screen.queryByRole('textbox', { name: /Email address/ })).toBeNull();
  });

  it('matches with a trailing slash, and /earn itself', () => {
    renderEarn('/earn/reservations/', { items: [page('/earn/reservations', 'Book a table')] });
    expect(screen.getByRole('heading', { level: 1, name: 'Book a table' })).toBeTruthy();
    cleanup();
    renderEarn('/earn', { items: [page('/earn/reservations', 'Book a table'), page('/earn', 'More ways to earn')] });
    expect(screen.getByRole('heading', { level: 1, name: 'More ways to earn' })).toBeTruthy();
  });

  it('is not found where the partner has no item for the path', async () => {
    renderEarn('/earn/vip-upgrade', { items: [page('/earn/reservations', 'Book a table')] });
    // The not-found screen is loaded when shown (routes/error-screens.ts).
    expect(await screen.findByRole('heading', { level: 1, name: "That page isn't on our radar." })).toBeTruthy();
  });
});

describe('router: the earn pages and the extra paths of the global setting', () => {
  function renderApp(path: string, partner: Partial<PartnerConfig>, items: ReturnType<typeof page>[]) {
    const p = makePartnerConfig({ enrollmentType: 'direct', ...partner });
    return renderRoutes(createRoutes(p), { partner: p, route: path, content: makeContentState({ earn_details: items }, p) });
  }

  it.each(EARN_PAGE_PATHS)('%s shows its item', async (path) => {
    renderApp(path, {}, [page(path, `Page ${path}`)]);
    expect(await screen.findByRole('heading', { level: 1, name: `Page ${path}` })).toBeTruthy();
  });

  it('an extra path shows the item of that url; without the setting it is not found', async () => {
    renderApp('/summer-dining', { extraPagePaths: ['/summer-dining'] }, [page('/summer-dining', 'Summer of dining')]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer of dining' })).toBeTruthy();
    cleanup();
    renderApp('/summer-dining', {}, [page('/summer-dining', 'Summer of dining')]);
    expect(await screen.findByRole('heading', { level: 1, name: "That page isn't on our radar." })).toBeTruthy();
  });

  it('an extra path that is a route of the table stays that route', async () => {
    renderApp('/not_found', { extraPagePaths: ['/not_found'] }, [page('/not_found', 'Not the not-found page')]);
    expect(await screen.findByRole('heading', { level: 1, name: "That page isn't on our radar." })).toBeTruthy();
  });
});
