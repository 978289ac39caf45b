// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { ContentBlocks } from './content-blocks';
import { mockViewport, renderWithProviders } from '../../test/render';

vi.mock('../search/components/lazy-merchant-carousel', () => ({
  MerchantCarousel: ({ title, query }: { title: string; query: Record<string, string> }) => <section aria-label={title}>{JSON.stringify(query)}</section>,
}));

afterEach(cleanup);

const blocks = [
  { type: 'title', text_desktop: 'Desktop title', text_mobile: 'Mobile title' },
  { type: 'body_text', text_mobile: '<p>Only mobile <strong>text</strong></p>' },
  { type: 'button', text_desktop: 'Find restaurants', text_mobile: 'Find', url: '/search' },
  { type: 'button', text_desktop: 'Partner site', url: 'https://partner.example', new_tab: true },
  { type: 'standalone_link', text_desktop: 'Terms', url: 'https://partner.example/terms', new_tab: true },
  { type: 'button', text_desktop: 'Bad', url: 'javascript:alert(1)' },
  { type: 'merchant_carousel', title: 'Top rated', query: { location: 'Chicago, IL' } },
  { type: 'nonsense' },
];

describe('ContentBlocks', () => {
  describe('on a wide screen', () => {
    beforeEach(() => mockViewport(1200));

    it('renders each block kind with the desktop text, falling back to mobile text', () => {
      renderWithProviders(<ContentBlocks blocks={blocks} />);
      expect(screen.getByRole('heading', { level: 2, name: 'Desktop title' })).toBeTruthy();
      expect(screen.getByText('text').tagName).toBe('STRONG');
      expect(screen.getByRole('link', { name: 'Find restaurants' }).getAttribute('href')).toBe('/search');
      const external = screen.getByRole('link', { name: 'Partner site (opens in a new tab)' });
      expect(external.getAttribute('target')).toBe('_blank');
      expect(external.getAttribute('rel')).toBe('noopener noreferrer');
      expect(screen.getByRole('link', { name: 'Terms (opens in a new tab)' })).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Bad' })).toBeNull();
      expect(screen.getByRole('region', { name: 'Top rated' }).textContent).toBe('{"location":"Chicago, IL"}');
    });
  });

  describe('on a small screen', () => {
    beforeEach(() => mockViewport(375));

    it('uses the mobile text', () => {
      renderWithProviders(<ContentBlocks blocks={blocks} />);
      expect(screen.getByRole('heading', { level: 2, name: 'Mobile title' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Find' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Partner site (opens in a new tab)' })).toBeTruthy();
    });
  });
});
