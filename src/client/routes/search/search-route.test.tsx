// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from '#client/lib/router';
import type { MerchantSearchResponse } from '#shared/schemas/merchant';
import { merchantFixture } from '../../test/merchant-fixture';
import { renderWithAirline as renderWithProviders } from '../../test/render';
import { makeMember } from '../../test/member-fixture';
import type { Member } from '#shared/schemas/member';
import { LAST_SEARCH_KEY, readSearchView, writeSearchView } from '../../features/search/search-storage';
import { useSearchPage, type SearchPage } from '../../features/search/hooks/use-search-page';
import { SearchRoute } from './search-route';

type Handler = (url: URL) => { status: number; body: unknown };
let handler: Handler;
let searches: URL[];

function respond(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, statusText: status === 200 ? 'OK' : status === 400 ? 'Bad Request' : 'Internal Server Error', headers: { 'content-type': 'application/json' } });
}

function results(count: number, overrides: Partial<MerchantSearchResponse> = {}): MerchantSearchResponse {
  return {
    merchants: Array.from({ length: count }, (_, i) => merchantFixture({ id: i + 1, name: `Place ${i + 1}` })),
    totalCount: count === 0 ? 0 : 45,
    pageNo: 1,
    pageSize: 20,
    totalPages: count === 0 ? 0 : 3,
    location: { latitude: 41.88, longitude: -87.63, label: 'Chicago, IL', radius: 25 },
    ...overrides,
  };
}

function mockGeolocation(outcome: 'granted' | 'denied') {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail?: PositionErrorCallback | null, _opts?: PositionOptions) => {
    if (outcome === 'granted') ok({ coords: { latitude: 42.361145, longitude: -71.057083 } } as GeolocationPosition);
    else fail?.({ code: 1, message: 'denied', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
  });
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

let currentUrl = '';
function UrlSpy() {
  const l = useLocation();
  currentUrl = l.pathname + l.search;
  return null;
}

function renderRoute(route: string, member: Member | null = null) {
  return renderWithProviders(
    <Routes>
      <Route path="/search" element={<><SearchRoute /><UrlSpy /></>} />
    </Routes>,
    { route, member },
  );
}

beforeEach(() => {
  searches = [];
  localStorage.clear();
  // Like the server, the label echoes Current Location and Map area.
  handler = (url) => {
    const loc = url.searchParams.get('location');
    const label = loc === 'Current Location' || loc === 'Map area' ? loc : 'Chicago, IL';
    return { status: 200, body: results(20, { location: { latitude: 41.88, longitude: -87.63, label, radius: 25 } }) };
  };
  vi.stubGlobal('fetch', vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/v2/Merchants/Search') {
      searches.push(url);
      const r = handler(url);
      return respond(r.status, r.body);
    }
    if (url.pathname === '/api/DefaultUserLocation') return respond(200, { latitude: 34.0522, longitude: -118.2437 });
    if (url.pathname === '/api/CSRF') return respond(200, { csrfToken: 't' });
    return respond(200, {});
  }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Probe({ onPage }: { onPage?: (page: SearchPage) => void }) {
  const page = useSearchPage();
  onPage?.(page);
  return <p data-testid="probe">{`${page.view}:${String(page.selectedId)}:${page.data ? 'results' : 'none'}`}</p>;
}

describe('the list/map choice and the chosen restaurant come back with their history entry (Back from a restaurant)', () => {
  const entry = { pathname: '/search', search: '?location=Chicago', key: 'entry-1' };
  beforeEach(() => { sessionStorage.clear(); });

  it('restores the map and the chosen restaurant once the results are there', async () => {
    writeSearchView('entry-1', { view: 'map', selectedId: 3 });
    renderWithProviders(<Probe />, { route: entry });
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('map:3:results'));
  });

  it('drops a chosen restaurant that is not among the results', async () => {
    writeSearchView('entry-1', { view: 'map', selectedId: 99 });
    renderWithProviders(<Probe />, { route: entry });
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('map:null:results'));
  });

  it('records the choice for the entry it was made on; another entry starts with the list', async () => {
    let page: SearchPage | undefined;
    renderWithProviders(<Probe onPage={(p) => { page = p; }} />, { route: entry });
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('list:null:results'));
    act(() => { page!.toggleView(); page!.setSelectedId(2); });
    await waitFor(() => expect(readSearchView('entry-1')).toEqual({ view: 'map', selectedId: 2 }));
    cleanup();
    renderWithProviders(<Probe />, { route: { ...entry, key: 'entry-2' } });
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('list:null:results'));
  });
});

describe('SearchRoute', () => {
  it("gives the result tiles the signed-in member's earn text (§2)", async () => {
    renderRoute('/search?location=Chicago%2C%20IL', makeMember({ tierLevel: 2 }));
    const list = await screen.findByRole('list', { name: 'Restaurants' });
    expect(within(list).getAllByText('3 miles per $1')).toHaveLength(20);
    expect(within(list).queryByText('Sign in to see offers')).toBeNull();
  });

  it('searches the location in the URL and lists the results with pagination', async () => {
    renderRoute('/search?location=Chicago%2C%20IL&restaurantOrCuisine=Thai&priceRange=1&priceRange=2&sortBy=rating');
    expect(await screen.findByRole('heading', { level: 2, name: '45 restaurants near Chicago, IL' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Find restaurants' })).toBeTruthy();
    const q = searches[0]!.searchParams;
    expect(q.get('location')).toBe('Chicago, IL');
    expect(q.get('restaurantOrCuisine')).toBe('Thai');
    expect(q.getAll('priceRange')).toEqual(['1', '2']);
    expect(q.get('sortBy')).toBe('rating');
    expect(within(screen.getByRole('list', { name: 'Restaurants' })).getAllByRole('article')).toHaveLength(20);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByText('Page 1 of 3')).toBeTruthy();
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('Page 1');
    expect(screen.getByRole('status').textContent).toContain('45 restaurants near Chicago, IL');
    await waitFor(() => expect(localStorage.getItem(LAST_SEARCH_KEY)).toContain('location=Chicago'));
  });

  it('moves to another page through the URL', async () => {
    const user = userEvent.setup();
    handler = (url) => ({ status: 200, body: results(20, { pageNo: Number(url.searchParams.get('pageNo')) }) });
    renderRoute('/search?location=Chicago%2C%20IL');
    await screen.findByText('Page 1 of 3');
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(currentUrl).toBe('/search?location=Chicago%2C+IL&pageNo=2');
    expect(searches.at(-1)!.searchParams.get('pageNo')).toBe('2');
  });

  it('falls back to the last search when the URL has no location', async () => {
    localStorage.setItem(LAST_SEARCH_KEY, 'location=Austin%2C+TX&isNew=true');
    renderRoute('/search?sortBy=name');
    await screen.findByRole('heading', { level: 2, name: /restaurants near/ });
    expect(currentUrl).toBe('/search?location=Austin%2C+TX&isNew=true&sortBy=name');
    expect(searches[0]!.searchParams.get('location')).toBe('Austin, TX');
  });

  it('uses the current location, rounded, when nothing else is known', async () => {
    const geo = mockGeolocation('granted');
    renderRoute('/search');
    await screen.findByRole('heading', { level: 2, name: /near your location/ });
    expect(geo.mock.calls[0]![2]).toMatchObject({ enableHighAccuracy: true, timeout: 7000 });
    const q = searches[0]!.searchParams;
    expect([q.get('latitude'), q.get('longitude'), q.get('location')]).toEqual(['42.36', '-71.06', 'Current Location']);
  });

  it('falls back silently to the server default location when refused by default', async () => {
    mockGeolocation('denied');
    renderRoute('/search');
    await screen.findByRole('heading', { level: 2, name: /near your location/ });
    const q = searches[0]!.searchParams;
    expect([q.get('latitude'), q.get('longitude')]).toEqual(['34.05', '-118.24']);
  });

  it("says We can't see you. when the user asked for their location and refused", async () => {
    mockGeolocation('denied');
    renderRoute('/search?location=Current%20Location');
    expect(await screen.findByRole('heading', { name: "We can't see you." })).toBeTruthy();
    expect(searches).toHaveLength(0);
  });

  it("says Let's try again. with no results", async () => {
    handler = () => ({ status: 200, body: results(0) });
    renderRoute('/search?location=Chicago&isNew=true');
    expect(await screen.findByRole('heading', { name: "Let's try again." })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear all filters' })).toBeTruthy();
  });

  it('says Hang in there. on a server error and retries', async () => {
    const user = userEvent.setup();
    handler = () => ({ status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } });
    renderRoute('/search?location=Chicago');
    expect(await screen.findByRole('heading', { name: 'Hang in there.' }, { timeout: 10_000 })).toBeTruthy();
    handler = () => ({ status: 200, body: results(3, { totalCount: 3, totalPages: 1 }) });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: '3 restaurants near Chicago, IL' })).toBeTruthy();
  });

  it('shows a server field error on the location field', async () => {
    handler = () => ({ status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'Invalid', fieldErrors: [{ field: 'location', message: 'We couldn\'t find "Atlantis". Enter city, state or ZIP code.' }] } });
    renderRoute('/search?location=Atlantis');
    const field = await screen.findByLabelText('City, state or ZIP');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toContain('Atlantis');
  });

  it('applies filters through the URL and clears them', async () => {
    const user = userEvent.setup();
    renderRoute('/search?location=Chicago');
    await screen.findByText('Page 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    // The panel's code loads when it is first opened (search-page-parts.tsx).
    await user.click(await screen.findByRole('checkbox', { name: 'Takeout' }));
    expect(currentUrl).toBe('/search?location=Chicago&features=takeout');
    await user.click(screen.getByRole('checkbox', { name: 'Miles available' }));
    await user.click(screen.getByRole('radio', { name: 'Rating' }));
    expect(currentUrl).toBe('/search?location=Chicago&benefitsFor=true&features=takeout&sortBy=rating');
    await waitFor(() => expect(searches.at(-1)!.searchParams.get('sortBy')).toBe('rating'));
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(currentUrl).toBe('/search?location=Chicago');
  });

  it('searches a new place from the form', async () => {
    const user = userEvent.setup();
    renderRoute('/search?location=Chicago&pageNo=2');
    await screen.findByText('Page 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Change search' }));
    const field = screen.getByLabelText('City, state or ZIP');
    await user.clear(field);
    await user.type(field, 'Denver, CO{Enter}');
    expect(currentUrl).toBe('/search?location=Denver%2C+CO');
  });
});
