// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from '#client/lib/router';
import { DiscoverRoute } from './discover-route';
import { makeContentState, makePartnerConfig } from '../../test/partner-fixture';
import { renderWithProviders } from '../../test/render';

vi.mock('../../features/search/components/lazy-merchant-carousel', () => ({
  MerchantCarousel: ({ title }: { title: string }) => <section aria-label={title}>carousel</section>,
}));

afterEach(cleanup);

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function renderDiscover(hasDiscoverPage = true) {
  const partner = makePartnerConfig({ hasDiscoverPage });
  const content = makeContentState({ discover: [{ slug: 'discover', fields: { greeting: 'Earn {{currentEarning2}}', main_column: [{ type: 'merchant_carousel', title: 'Near you', query: { location: 'Current Location' } }] } }] }, partner);
  return renderWithProviders(
    <Routes>
      <Route path="/discover" element={<DiscoverRoute />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { partner, content, route: '/discover' },
  );
}

describe('DiscoverRoute', () => {
  it('is not found when the partner has no discover page', async () => {
    renderDiscover(false);
    // The not-found screen is loaded when shown (routes/error-screens.ts).
    expect(await screen.findByRole('heading', { level: 1, name: "That page isn't on our radar." })).toBeTruthy();
  });

  it('greets with the earn rate and searches by location and cuisine', async () => {
    const user = userEvent.setup();
    renderDiscover();
    expect(screen.getByRole('heading', { level: 1, name: 'Earn 3 miles per $1' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Near you' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Enter city, state or ZIP code.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /Location/ }), 'Chicago, IL');
    await user.type(screen.getByRole('textbox', { name: 'Restaurant or cuisine' }), 'sushi');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('where').textContent).toBe('/search?location=Chicago%2C+IL&restaurantOrCuisine=sushi');
  });
});
