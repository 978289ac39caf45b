// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { HowItWorksRoute } from './how-it-works-route';
import { makeContentState, makePartnerConfig } from '../../test/partner-fixture';
import { mockViewport, renderWithProviders, testQueryClient } from '../../test/render';
import { makeMember } from '../../test/member-fixture';
import type { Member } from '#shared/schemas/member';

vi.mock('../../features/search/components/lazy-merchant-carousel', () => ({
  MerchantCarousel: ({ title }: { title: string }) => <section aria-label={title}>carousel</section>,
}));

beforeEach(() => mockViewport(1200));
afterEach(cleanup);

function renderPage(items: Array<{ slug: string; fields: Record<string, unknown> }>, enrollmentType: 'direct' | 'sso' = 'direct', member: Member | null = null) {
  const partner = makePartnerConfig({ enrollmentType });
  return renderWithProviders(<HowItWorksRoute />, { partner, content: makeContentState({ earn_details: items }, partner), route: '/how-it-works', member });
}

const page = {
  slug: 'how-it-works',
  fields: {
    url: '/how-it-works',
    browser_title: 'How it works | {{partnerName2}}',
    banner_text: 'Earn {{currencyPlural}} every time you dine out',
    banner: { enable_banner: true, image: '/img/merchants/hero/a.svg', image_mobile: '/img/merchants/tile/a.svg', alt_text: 'A meal', image_x_position: 40, image_y_position: 60, include_prospect_email: true },
    main_column: [{ type: 'title', text_desktop: '1. Link a card' }, { type: 'body_text', text_desktop: '<p>Add a card.</p>' }],
    side_column: [{ type: 'title', text_desktop: 'Your earning at a glance' }],
    disclaimer: 'Terms apply to {{programName1}}.',
  },
};

describe('HowItWorksRoute', () => {
  it('renders the content-page template of the /how-it-works item', async () => {
    const { container } = renderPage([{ slug: 'other', fields: { url: '/earn/reservations', banner_text: 'Other' } }, page]);
    expect(screen.getByRole('heading', { level: 1, name: 'Earn miles every time you dine out' })).toBeTruthy();
    const img = screen.getByRole('img', { name: 'A meal' }) as HTMLImageElement;
    expect(img.style.objectPosition).toBe('40% 60%');
    expect(container.querySelector('source')?.getAttribute('srcset')).toBe('/img/merchants/hero/a.svg');
    expect(screen.getByRole('heading', { level: 2, name: '1. Link a card' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Your earning at a glance' })).toBeTruthy();
    expect(screen.getByText('Terms apply to Test Dining Rewards.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Email address/ })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('How it works | Test Airlines'));
  });

  it('leaves the prospect form out for single sign-on partners', () => {
    renderPage([page], 'sso');
    expect(screen.queryByRole('textbox', { name: /Email address/ })).toBeNull();
  });

  it('is not found without a /how-it-works item', async () => {
    renderPage([]);
    // The not-found screen is loaded when shown (routes/error-screens.ts).
    expect(await screen.findByRole('heading', { level: 1, name: "That page isn't on our radar." })).toBeTruthy();
  });

  describe('by member state (§2 content-page template)', () => {
    const welcomePage = { ...page, fields: { ...page.fields, banner: { ...page.fields.banner, include_welcome_message: true } } };

    it('greets a signed-in member by first name and shows no prospect form', () => {
      renderPage([welcomePage], 'direct', makeMember({ firstName: 'Ann' }));
      expect(screen.getByText('Welcome, Ann!')).toBeTruthy();
      expect(screen.queryByRole('textbox', { name: /Email address/ })).toBeNull();
    });

    it('a non-card member is a member too: greeted, no prospect form', () => {
      renderPage([welcomePage], 'direct', makeMember({ memberType: 'NonCardMember', firstName: 'Nora' }));
      expect(screen.getByText('Welcome, Nora!')).toBeTruthy();
      expect(screen.queryByRole('textbox', { name: /Email address/ })).toBeNull();
    });

    it('a visitor gets a plain welcome and the prospect form', () => {
      renderPage([welcomePage]);
      expect(screen.getByText('Welcome!')).toBeTruthy();
      expect(screen.getByRole('textbox', { name: /Email address/ })).toBeTruthy();
    });

    it('no welcome line without include_welcome_message', () => {
      renderPage([page], 'direct', makeMember({ firstName: 'Ann' }));
      expect(screen.queryByText(/Welcome/)).toBeNull();
    });

    it('while the member loads: neither a welcome nor the form, then the member\'s greeting', async () => {
      let answer: (r: Response) => void = () => undefined;
      vi.stubGlobal('fetch', vi.fn((input: RequestInfo | URL) => {
        if (String(input).startsWith('/api/Member')) return new Promise<Response>((resolve) => { answer = resolve; });
        return Promise.resolve(new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }));
      }));
      const partner = makePartnerConfig({ enrollmentType: 'direct' });
      renderWithProviders(<HowItWorksRoute />, { partner, content: makeContentState({ earn_details: [welcomePage] }, partner), route: '/how-it-works', queryClient: testQueryClient() });
      expect(screen.getByRole('heading', { level: 1, name: 'Earn miles every time you dine out' })).toBeTruthy();
      expect(screen.queryByText(/Welcome/)).toBeNull();
      expect(screen.queryByRole('textbox', { name: /Email address/ })).toBeNull();
      answer(new Response(JSON.stringify(makeMember({ firstName: 'Ann' })), { status: 200, headers: { 'content-type': 'application/json' } }));
      expect(await screen.findByText('Welcome, Ann!')).toBeTruthy();
      expect(screen.queryByRole('textbox', { name: /Email address/ })).toBeNull();
      vi.unstubAllGlobals();
    });
  });
});
