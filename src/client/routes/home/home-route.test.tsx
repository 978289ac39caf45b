// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { HomeRoute } from './home-route';
import { makeContentState, makePartnerConfig } from '../../test/partner-fixture';
import { renderWithProviders } from '../../test/render';
import type { PartnerConfig } from '#shared/schemas/partner';

vi.mock('../../features/search/components/merchant-carousel', () => ({
  MerchantCarousel: ({ title }: { title: string }) => <section aria-label={title}>carousel</section>,
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** §2: the e-mail check answers `isValid`; a failed check (status 500) sends the person to sign in. */
function stubProspectCalls(check: { isValid: boolean } | 'fail') {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://test.localhost');
    const reply = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/CSRF') return reply({ csrfToken: 't' });
    if (url.pathname === '/api/Members/Validate/Email') return check === 'fail' ? reply({ message: 'boom' }, 500) : reply(check);
    if (url.pathname === '/api/Members/Prospects/Email') return reply({ ok: true }, 202);
    return reply({}, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function renderHome(overrides: Partial<PartnerConfig> = {}) {
  const partner = makePartnerConfig(overrides);
  const content = makeContentState(
    {
      home: [
        {
          slug: 'anonymous',
          fields: {
            user_states: ['anonymous'],
            title: 'Earn {{currencyPlural}} every time you dine out',
            subtitle: 'Link a card.',
            steps: [
              { title: 'Search restaurants', text: 'Find places.' },
              { title: 'Dine and pay with a linked card', text: 'Pay.' },
              { title: 'Earn {{currencyPlural}}', text: 'Automatically.' },
            ],
            browse_title: 'Popular in Chicago',
            main_column: [{ type: 'merchant_carousel', title: 'Top rated', query: { location: 'Chicago, IL' } }],
            banner: { enable_banner: true, image: '/img/merchants/hero/a.svg', alt_text: 'A table', include_prospect_email: true },
            prospect_title: 'Start earning',
          },
        },
        { slug: 'card_member', fields: { user_states: ['card_member'], title: 'Welcome back' } },
      ],
      discover: [{ slug: 'discover', fields: { greeting: 'Hungry? Earn {{currentEarning2}} near you.' } }],
    },
    partner,
  );
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<HomeRoute />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { partner, content },
  );
}

describe('HomeRoute', () => {
  it('renders the anonymous home: title, three steps, browse carousels', () => {
    renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'Earn miles every time you dine out' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Search restaurants', 'Dine and pay with a linked card', 'Earn miles']);
    expect(screen.getByRole('heading', { level: 2, name: 'Popular in Chicago' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Top rated' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'A table' })).toBeTruthy();
  });

  it('validates the prospect e-mail and goes to enrolment with it', async () => {
    const fetchMock = stubProspectCalls({ isValid: true });
    const user = userEvent.setup();
    renderHome();
    const email = screen.getByRole('textbox', { name: /Email address/ });
    expect(email.getAttribute('maxlength')).toBe('50');
    await user.click(screen.getByRole('button', { name: 'Get started' }));
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    await user.type(email, 'not-an-email');
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    await user.clear(email);
    await user.type(email, '  diner@example.com ');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Get started' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/join?email=diner%40example.com');
    const calls = fetchMock.mock.calls.map(([u]) => String(u));
    expect(calls).toContain('/api/Members/Validate/Email?email=diner%40example.com');
    const prospect = fetchMock.mock.calls.find(([u]) => String(u) === '/api/Members/Prospects/Email')!;
    expect(JSON.parse(String((prospect[1] as RequestInit).body))).toEqual({ email: 'diner@example.com', referral: {} });
  });

  it.each([[{ isValid: false }], ['fail' as const]])('sends an existing member (or a failed check: %o) to sign in with the e-mail', async (check) => {
    const fetchMock = stubProspectCalls(check);
    const user = userEvent.setup();
    renderHome();
    await user.type(screen.getByRole('textbox', { name: /Email address/ }), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Get started' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/login?email=ann%40example.com');
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/Prospects/Email'))).toBe(false);
  });

  it('has no prospect form for single sign-on partners', () => {
    renderHome({ enrollmentType: 'sso' });
    expect(screen.queryByRole('textbox', { name: /Email address/ })).toBeNull();
  });

  it('shows the discover screen when the partner home page is discover', () => {
    renderHome({ homePage: 'discover' });
    expect(screen.getByRole('heading', { level: 1, name: 'Hungry? Earn 3 miles per $1 near you.' })).toBeTruthy();
    expect(screen.getByRole('search', { name: 'Search restaurants' })).toBeTruthy();
  });
});
