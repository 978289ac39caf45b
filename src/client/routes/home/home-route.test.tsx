// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from '#client/lib/router';
import { HomeRoute } from './home-route';
import { makeContentState, makePartnerConfig } from '../../test/partner-fixture';
import { makeBonus, makeMember } from '../../test/member-fixture';
import { renderWithProviders, testQueryClient } from '../../test/render';
import { MEMBER_QUERY_KEY } from '../../features/session/api';
import { clearKnownPublicId, saveKnownPublicId } from '../../features/session/arrival-storage';
import type { PartnerConfig } from '#shared/schemas/partner';
import type { Member } from '#shared/schemas/member';
// The lazily loaded parts, loaded up front so the busy test machine does not race their import.
import '../../features/content-page/prospect-email-form';
import '../discover/discover-screen';
import '../../features/bonuses/components/welcome-bonus';
import { ToastProvider } from '../../components/toast';
import { setCsrfToken } from '../../lib/csrf';
import { BONUS_REGISTERED_MESSAGE } from '../../features/bonuses';

vi.mock('../../features/search/components/lazy-merchant-carousel', () => ({
  MerchantCarousel: ({ title }: { title: string }) => <section aria-label={title}>carousel</section>,
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearKnownPublicId();
  // The bonus registration marker of a test that registered.
  localStorage.clear();
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

const homeItem = (slug: string, title: string, extra: Record<string, unknown> = {}) => ({
  slug,
  fields: {
    user_states: [slug],
    title,
    banner: { enable_banner: false, include_welcome_message: true, include_prospect_email: false },
    main_column: [{ type: 'body_text', text_desktop: `Body of ${slug}` }],
    ...extra,
  },
});

/** The airline partner's home items: the member states and the §4 variants. */
const variantItems = [
  homeItem('non_card_member', 'Link a card to earn {{currencyPlural}}'),
  homeItem('opted_out', 'Earn more: opt in to emails'),
  homeItem('new_member_bonus', 'Your welcome bonus is waiting'),
  homeItem('progress_building', 'Dine your way to VIP'),
  homeItem('progress_renewing', 'Keep your VIP status'),
  homeItem('progress_complete', 'You are VIP through next year'),
];

function renderHome(overrides: Partial<PartnerConfig> = {}, member: Member | null = null, extraItems: Array<{ slug: string; fields: Record<string, unknown> }> = []) {
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
        {
          slug: 'card_member',
          fields: {
            user_states: ['card_member'],
            title: 'Welcome back',
            banner: { enable_banner: false, include_welcome_message: true, include_prospect_email: false },
            prospect_title: 'Start earning',
            new_member_promo: [{ type: 'title', text_desktop: 'Your welcome bonus' }, { type: 'body_text', text_desktop: 'Earn 1,000 bonus {{currencyPlural}} on your first dine.' }],
          },
        },
        ...extraItems,
      ],
      discover: [{ slug: 'discover', fields: { greeting: 'Hungry? Earn {{currentEarning2}} near you.' } }],
    },
    partner,
  );
  return renderWithProviders(
    <ToastProvider>
      <Routes>
        <Route path="/" element={<HomeRoute />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </ToastProvider>,
    { partner, content, member },
  );
}

type Bonus = Member['activeBonuses'][number];
const nmb = (bonusStatus: Bonus['bonusStatus'] = 'Eligible'): Bonus => makeBonus({ bonusStatus, description: 'Welcome bonus' });
const progress = (status: Member['diningProgress']['status'], remainingDines: number): Member['diningProgress'] => ({
  status, dinesRequired: 11, remainingDines, dollarsRequired: 0, remainingDollars: 0, ytdMilesOrDollars: 900, year: 2026,
});
const h1 = () => screen.getByRole('heading', { level: 1 }).textContent;
const TERMS = 'Spend $25 or more in one qualifying dine by November 30 to earn 1,000 bonus miles.';
const prospectForm = () => screen.queryByRole('textbox', { name: /Email address/ });

describe('HomeRoute', () => {
  it('renders the anonymous home: title, three steps, browse carousels, and the banner\'s form with them', async () => {
    renderHome();
    expect(await screen.findByRole('heading', { level: 1, name: 'Earn miles every time you dine out' })).toBeTruthy();
    // The page waits for the form's code: it never shows without the form and grows when it comes.
    expect(prospectForm()).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Search restaurants', 'Dine and pay with a linked card', 'Earn miles']);
    expect(screen.getByRole('heading', { level: 2, name: 'Popular in Chicago' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Top rated' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'A table' })).toBeTruthy();
  });

  it('validates the prospect e-mail and goes to enrolment with it', async () => {
    const fetchMock = stubProspectCalls({ isValid: true });
    const user = userEvent.setup();
    renderHome();
    const email = await screen.findByRole('textbox', { name: /Email address/ });
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
    await user.type(await screen.findByRole('textbox', { name: /Email address/ }), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Get started' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/login?email=ann%40example.com');
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/Prospects/Email'))).toBe(false);
  });

  it('has no prospect form for single sign-on partners', () => {
    renderHome({ enrollmentType: 'sso' });
    expect(screen.queryByRole('textbox', { name: /Email address/ })).toBeNull();
  });

  it('shows the discover screen when the partner home page is discover', async () => {
    renderHome({ homePage: 'discover' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hungry? Earn 3 miles per $1 near you.' })).toBeTruthy();
    expect(screen.getByRole('search', { name: 'Search restaurants' })).toBeTruthy();
  });

  describe('by member state (§4)', () => {
    it('a visitor gets the anonymous copy and the prospect form, with a plain welcome', () => {
      renderHome({}, null, variantItems);
      expect(h1()).toBe('Earn miles every time you dine out');
      expect(prospectForm()).toBeTruthy();
      expect(screen.queryByText(/Welcome back/)).toBeNull();
      expect(screen.queryByRole('complementary', { name: 'New member bonus' })).toBeNull();
    });

    it('a known visitor (public id, not signed in) gets the anonymous copy and the prospect form', () => {
      saveKnownPublicId('demo-test-visitor-new');
      renderHome({}, null, variantItems);
      expect(h1()).toBe('Earn miles every time you dine out');
      expect(prospectForm()).toBeTruthy();
    });

    it('a non-card member gets the non-card copy, greeted by first name, no prospect form', () => {
      renderHome({}, makeMember({ memberType: 'NonCardMember', firstName: 'Nora' }), variantItems);
      expect(h1()).toBe('Link a card to earn miles');
      expect(screen.getByText('Welcome, Nora!')).toBeTruthy();
      expect(prospectForm()).toBeNull();
    });

    it('a card member of a partner without variants gets the card-member copy, greeted by first name, no prospect form', () => {
      const { container } = renderHome({}, makeMember({ firstName: 'Ann', diningProgress: progress('Renewing', 3) }));
      expect(h1()).toBe('Welcome back');
      // The progress count belongs to the progress copy, not to the plain card-member copy.
      expect(screen.queryByText(/qualifying dines this year/)).toBeNull();
      expect(screen.getByText('Welcome, Ann!')).toBeTruthy();
      expect(prospectForm()).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Start earning' })).toBeNull();
      expect(container.querySelector('[class*="prospect"]')).toBeNull();
    });

    it('a tier-1 card member (no variant applies) gets the card-member copy', () => {
      renderHome({}, makeMember({ tierLevel: 1, diningProgress: progress('Building', 12) }), variantItems);
      expect(h1()).toBe('Welcome back');
      expect(screen.queryByText(/qualifying dines this year/)).toBeNull();
    });

    it('opted out of e-mail at tier 0, even when Renewing with a new-member bonus', () => {
      renderHome({}, makeMember({ tierLevel: 0, emailOptIn: false, diningProgress: progress('Renewing', 4), activeBonuses: [nmb()] }), variantItems);
      expect(h1()).toBe('Earn more: opt in to emails');
      expect(screen.getByText('Body of opted_out')).toBeTruthy();
      expect(screen.queryByText(/qualifying dines this year/)).toBeNull();
    });

    it('an open new-member bonus (Eligible or Enrolled) wins over progress', () => {
      renderHome({}, makeMember({ diningProgress: progress('Building', 11), activeBonuses: [nmb('Enrolled')] }), variantItems);
      expect(h1()).toBe('Your welcome bonus is waiting');
    });

    it('the new-member variant offers the bonus: terms, deadline and Register while Eligible; registering shows it registered', async () => {
      setCsrfToken('test-csrf');
      let registered = false;
      const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://test.localhost');
        const reply = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
        if (url.pathname === '/api/Member/Bonus/NEWMBR' && init?.method === 'POST') { registered = true; return reply(true); }
        if (url.pathname === '/api/Member') return reply(makeMember({ activeBonuses: [nmb(registered ? 'Enrolled' : 'Eligible')] }));
        return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
      });
      vi.stubGlobal('fetch', fetchMock);
      const user = userEvent.setup();
      renderHome({}, makeMember({ activeBonuses: [nmb()] }), variantItems);
      expect(h1()).toBe('Your welcome bonus is waiting');
      const offer = screen.getByRole('complementary', { name: 'New member bonus' });
      // No promo blocks in this item: the bonus's own heading leads the aside.
      expect(await within(offer).findByRole('heading', { level: 2, name: 'Welcome bonus' })).toBeTruthy();
      expect(within(offer).getByText(TERMS)).toBeTruthy();
      await user.click(within(offer).getByRole('button', { name: 'Register' }));
      expect(await screen.findByText(BONUS_REGISTERED_MESSAGE)).toBeTruthy();
      expect(await within(offer).findByText(/You\u2019re registered/)).toBeTruthy();
      expect(within(offer).queryByRole('button', { name: 'Register' })).toBeNull();
      expect(fetchMock.mock.calls.some(([u, i]) => String(u) === '/api/Member/Bonus/NEWMBR' && new Headers(i?.headers).get('x-xsrf-token') === 'test-csrf')).toBe(true);
    });

    it('an Enrolled new member\'s home says registered, with the terms, and never asks to register', async () => {
      renderHome({}, makeMember({ activeBonuses: [nmb('Enrolled')] }), variantItems);
      const offer = screen.getByRole('complementary', { name: 'New member bonus' });
      expect(await within(offer).findByText('You\u2019re registered: your first qualifying dine that meets these terms earns it.')).toBeTruthy();
      expect(within(offer).getByText(TERMS)).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Register/ })).toBeNull();
      expect(document.body.textContent).not.toMatch(/Register/);
    });

    it('progress Building, with the member\'s own count', () => {
      renderHome({}, makeMember({ diningProgress: progress('Building', 7) }), variantItems);
      expect(h1()).toBe('Dine your way to VIP');
      // The overview's meter says the same (rules/rewards/policy.ts vipMeterView).
      expect(screen.getByText('4 of 11 qualifying dines in 2026. 7 more qualifying dines in 2026 make you VIP: every dine after that earns the VIP rate.')).toBeTruthy();
    });

    it('progress Renewing, with the dines still needed to keep VIP', () => {
      renderHome({}, makeMember({ tierLevel: 3, diningProgress: progress('Renewing', 5) }), variantItems);
      expect(h1()).toBe('Keep your VIP status');
      expect(screen.getByText('6 of 11 qualifying dines in 2026. You are VIP through 2026. 5 more qualifying dines in 2026 keep you VIP through 2027.')).toBeTruthy();
    });

    it('progress Complete (and Qualified) hides the progress count', () => {
      renderHome({}, makeMember({ tierLevel: 3, diningProgress: progress('Complete', 0) }), variantItems);
      expect(h1()).toBe('You are VIP through next year');
      expect(screen.queryByText(/qualifying dines this year/)).toBeNull();
      cleanup();
      renderHome({}, makeMember({ tierLevel: 3, diningProgress: progress('Qualified', 0) }), variantItems);
      expect(h1()).toBe('You are VIP through next year');
    });

    it('the new-member promo shows to a new member only', async () => {
      renderHome({}, makeMember({ activeBonuses: [nmb()] }));
      const promo = screen.getByRole('complementary', { name: 'New member bonus' });
      expect(promo.textContent).toContain('Earn 1,000 bonus miles on your first dine.');
      // Under it the bonus itself: its terms and deadline, and Register while it is Eligible.
      expect(await within(promo).findByText(TERMS)).toBeTruthy();
      expect(within(promo).getByRole('heading', { level: 3, name: 'Welcome bonus' })).toBeTruthy();
      expect(within(promo).getByRole('button', { name: 'Register' })).toBeTruthy();
      cleanup();
      renderHome({}, makeMember({ activeBonuses: [nmb('Qualified')] }));
      expect(h1()).toBe('Welcome back');
      expect(screen.queryByRole('complementary', { name: 'New member bonus' })).toBeNull();
    });

    it('while the member loads: a skeleton announced as loading, no copy, no form; then the member\'s copy', async () => {
      let answer: (r: Response) => void = () => undefined;
      vi.stubGlobal('fetch', vi.fn((input: RequestInfo | URL) => {
        if (String(input).startsWith('/api/Member')) return new Promise<Response>((resolve) => { answer = resolve; });
        return Promise.resolve(new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }));
      }));
      const partner = makePartnerConfig();
      const content = makeContentState({
        home: [
          { slug: 'anonymous', fields: { user_states: ['anonymous'], title: 'Anonymous copy', banner: { include_prospect_email: true } } },
          { slug: 'card_member', fields: { user_states: ['card_member'], title: 'Welcome back' } },
        ],
      }, partner);
      renderWithProviders(<HomeRoute />, { partner, content, queryClient: testQueryClient() });
      expect(screen.getByTestId('home-skeleton').getAttribute('aria-busy')).toBe('true');
      expect(screen.getByRole('status').textContent).toBe('Loading');
      expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
      expect(screen.queryByText('Anonymous copy')).toBeNull();
      expect(prospectForm()).toBeNull();
      answer(new Response(JSON.stringify(makeMember()), { status: 200, headers: { 'content-type': 'application/json' } }));
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Welcome back');
      expect(screen.queryByTestId('home-skeleton')).toBeNull();
      expect(screen.queryByText('Anonymous copy')).toBeNull();
    });

    it('after the member signs out the visitor copy comes back', async () => {
      const queryClient = testQueryClient();
      const partner = makePartnerConfig();
      queryClient.setQueryData(MEMBER_QUERY_KEY, makeMember());
      const content = makeContentState({
        home: [
          { slug: 'anonymous', fields: { user_states: ['anonymous'], title: 'Anonymous copy', banner: { include_prospect_email: true } } },
          { slug: 'card_member', fields: { user_states: ['card_member'], title: 'Welcome back' } },
        ],
      }, partner);
      renderWithProviders(<HomeRoute />, { partner, content, queryClient });
      expect(h1()).toBe('Welcome back');
      act(() => queryClient.setQueryData(MEMBER_QUERY_KEY, null));
      expect((await screen.findByRole('heading', { level: 1, name: 'Anonymous copy' })).textContent).toBe('Anonymous copy');
      expect(prospectForm()).toBeTruthy();
    });
  });
});
