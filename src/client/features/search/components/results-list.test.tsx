// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { merchantFixture } from '#client/test/merchant-fixture';
import { renderWithAirline as renderWithProviders } from '#client/test/render';
import { ResultsList } from './results-list';

afterEach(cleanup);

describe('ResultsList', () => {
  it('loads the first result\u2019s picture at once (the largest paint on a phone) and the others lazily', () => {
    const merchants = [1, 2, 3].map((id) => merchantFixture({ id, name: `Place ${id}`, images: { imageBaseUrl: '/img/merchants', imagePath: `diner-${id}.svg` } }));
    renderWithProviders(<ResultsList merchants={merchants} />);
    const list = screen.getByRole('list', { name: 'Restaurants' });
    const pictures = within(list).getAllByRole('img', { name: /^Photo of / });
    expect(pictures.map((img) => img.getAttribute('src'))).toEqual(['/img/merchants/tile/diner-1.svg', '/img/merchants/tile/diner-2.svg', '/img/merchants/tile/diner-3.svg']);
    expect(pictures.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([[null, 'high'], ['lazy', null], ['lazy', null]]);
  });
});
