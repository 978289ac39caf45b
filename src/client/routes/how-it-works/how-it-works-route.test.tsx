// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { HowItWorksRoute } from './how-it-works-route';
import { makeContentState, makePartnerConfig } from '../../test/partner-fixture';
import { mockViewport, renderWithProviders } from '../../test/render';

vi.mock('../../features/search/components/merchant-carousel', () => ({
  MerchantCarousel: ({ title }: { title: string }) => <section aria-label={title}>carousel</section>,
}));

beforeEach(() => mockViewport(1200));
afterEach(cleanup);

function renderPage(items: Array<{ slug: string; fields: Record<string, unknown> }>, enrollmentType: 'direct' | 'sso' = 'direct') {
  const partner = makePartnerConfig({ enrollmentType });
  return renderWithProviders(<HowItWorksRoute />, { partner, content: makeContentState({ earn_details: items }, partner), route: '/how-it-works' });
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

  it('is not found without a /how-it-works item', () => {
    renderPage([]);
    expect(screen.getByRole('heading', { level: 1, name: "That page isn't on our radar." })).toBeTruthy();
  });
});
