// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MerchantReview, MerchantReviewsPage } from '#shared/schemas/reviews';
import { renderWithProviders } from '../../../test/render';
import { json, mockFetch } from '../../../test/render-router';
import { expectNoAxeViolations } from '../../../test/axe';
import { MerchantReviews } from './merchant-reviews';

const review = (id: number, over: Partial<MerchantReview> = {}): MerchantReview => ({
  id, authorName: `Diner ${id}`, verified: true, food: 5, service: 4, ambience: 3, value: 4, overall: 4, comment: `Comment ${id}`, dinedIn: '2026-11', createdAt: '2026-11-21T10:00:00.000Z', ...over,
});

function setup(pages: Record<number, MerchantReviewsPage>) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', vi.fn(mockFetch((url) => {
    if (url.pathname !== '/api/merchants/42/reviews') return undefined;
    asked.push(url.search);
    return json(pages[Number(url.searchParams.get('pageNo'))] ?? { verified: null, data: [], totalResultSize: 0, totalPages: 0 });
  })));
  return asked;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MerchantReviews', () => {
  it('shows the verified averages and the reviews newest first, each marked Verified diner, a page at a time', async () => {
    const verified = { count: 7, overall: 4.2, food: 4.6, service: 4, ambience: 3.9, value: 4.3 };
    const asked = setup({
      1: { verified, data: [1, 2, 3, 4, 5].map((i) => review(i)), totalResultSize: 7, totalPages: 2 },
      2: { verified, data: [review(6), review(7, { authorName: '', comment: '' })], totalResultSize: 7, totalPages: 2 },
    });
    const user = userEvent.setup();
    renderWithProviders(<MerchantReviews merchantId={42} />, { route: '/merchants/42' });
    const region = await screen.findByRole('region', { name: 'From verified diners' });
    const list = await within(region).findByRole('list', { name: 'Verified reviews, page 1 of 2' });
    expect(within(list).getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['Diner 1', 'Diner 2', 'Diner 3', 'Diner 4', 'Diner 5']);
    expect(within(list).getAllByText('Verified diner')).toHaveLength(5);
    expect(region.textContent).toContain('4.2');
    expect(region.textContent).toContain('7 verified reviews');
    expect(within(list).getAllByText('5 out of 5')).toHaveLength(5);
    expect(within(list).getAllByText('Visited November 2026')).toHaveLength(5);
    expect(asked).toEqual(['?pageNo=1&resultsPerPage=5']);
    await expectNoAxeViolations();

    await user.click(within(region).getByRole('link', { name: 'Page 2' }));
    const page2 = await within(region).findByRole('list', { name: 'Verified reviews, page 2 of 2' });
    expect(within(page2).getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['Diner 6', 'A diner']);
    expect(asked).toEqual(['?pageNo=1&resultsPerPage=5', '?pageNo=2&resultsPerPage=5']);
  });

  it('says when there is no verified review yet', async () => {
    setup({});
    renderWithProviders(<MerchantReviews merchantId={42} />, { route: '/merchants/42' });
    expect(await screen.findByText(/No reviews from verified diners yet/)).toBeTruthy();
  });
});
