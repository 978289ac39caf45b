// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import { merchantFixture } from '#client/test/merchant-fixture';
import { renderWithAirline as renderWithProviders } from '#client/test/render';
import { makeMember } from '#client/test/member-fixture';
import { MerchantCarousel } from './merchant-carousel';

const trackMock = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/impressions', () => ({ track: trackMock }));

let searches: URL[];
type Observed = { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; targets: Element[] };
let observers: Observed[];
/** The observer of the section's impression (80 % in view of the page), the latest one. */
const impression = () => observers.filter((o) => !o.options?.root).at(-1)!;
/** The observer of the list's end tiles (root: the list), the latest one. */
const edgeWatch = () => observers.filter((o) => o.options?.root).at(-1)!;

beforeEach(() => {
  searches = [];
  trackMock.mockReset();
  vi.stubGlobal('fetch', vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    searches.push(url);
    const body = {
      merchants: [merchantFixture({ id: 1, name: 'Alpha' }), merchantFixture({ id: 2, name: 'Beta' })],
      totalCount: 2, pageNo: 1, pageSize: 15, totalPages: 1,
      location: { latitude: 41.88, longitude: -87.63, label: 'Chicago, IL', radius: 25 },
    };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  }));
  observers = [];
  vi.stubGlobal('IntersectionObserver', class {
    private readonly observed: Observed;
    constructor(cb: IntersectionObserverCallback, opts?: IntersectionObserverInit) {
      this.observed = { callback: cb, options: opts, targets: [] };
      observers.push(this.observed);
    }
    observe(target: Element) { this.observed.targets.push(target); }
    disconnect() { this.observed.targets = []; }
    unobserve() {}
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('MerchantCarousel', () => {
  it("shows each tile's earn text for the signed-in member's tier, and asks a visitor to sign in (§2)", async () => {
    renderWithProviders(<MerchantCarousel title="Top rated" query={{ location: 'Chicago, IL' }} />, { member: makeMember({ tierLevel: 3 }) });
    const section = await screen.findByRole('region', { name: 'Top rated' });
    await within(section).findByRole('article', { name: 'Alpha' });
    expect(within(section).getAllByText('5 miles per $1')).toHaveLength(2);
    cleanup();
    renderWithProviders(<MerchantCarousel title="Top rated" query={{ location: 'Chicago, IL' }} />, { member: null });
    const again = await screen.findByRole('region', { name: 'Top rated' });
    await within(again).findByRole('article', { name: 'Alpha' });
    expect(within(again).getAllByText('Sign in to see offers')).toHaveLength(2);
  });

  it('searches 15 merchants, shows 200px tiles and links View all to the search', async () => {
    renderWithProviders(<MerchantCarousel title="Top rated in Chicago" query={{ location: 'Chicago, IL', sortBy: 'rating' }} />);
    const section = await screen.findByRole('region', { name: 'Top rated in Chicago' });
    await within(section).findByRole('article', { name: 'Alpha' });
    expect(searches[0]!.searchParams.get('pageSize')).toBe('15');
    expect(searches[0]!.searchParams.get('sortBy')).toBe('rating');
    expect(within(section).getAllByRole('article').map((a) => a.style.width)).toEqual(['200px', '200px']);
    expect(within(section).getByRole('link', { name: 'View all: Top rated in Chicago' }).getAttribute('href'))
      .toBe('/search?location=Chicago%2C+IL&sortBy=rating');
    expect(within(section).getByRole('button', { name: 'Previous restaurants: Top rated in Chicago' })).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Next restaurants: Top rated in Chicago' })).toBeTruthy();
  });

  it('points its arrows at the list while loading and once loaded (aria-controls stays valid)', async () => {
    renderWithProviders(<MerchantCarousel title="Top rated in Chicago" query={{ location: 'Chicago, IL' }} />);
    const section = screen.getByRole('region', { name: 'Top rated in Chicago' });
    const controlled = () => within(section).getAllByRole('button').map((b) => document.getElementById(b.getAttribute('aria-controls') ?? ''));
    expect(controlled().length).toBeGreaterThan(0);
    expect(controlled().every(Boolean)).toBe(true);
    await within(section).findByRole('article', { name: 'Alpha' });
    expect(controlled().length).toBeGreaterThan(0);
    expect(controlled().every((el) => el?.tagName === 'UL')).toBe(true);
  });

  it('disables the arrow at either end as the end tiles come into view and leave it', async () => {
    renderWithProviders(<MerchantCarousel title="Top rated" query={{ location: 'Chicago, IL' }} />);
    const section = await screen.findByRole('region', { name: 'Top rated' });
    await within(section).findByRole('article', { name: 'Alpha' });
    const previous = within(section).getByRole('button', { name: 'Previous restaurants: Top rated' }) as HTMLButtonElement;
    const next = within(section).getByRole('button', { name: 'Next restaurants: Top rated' }) as HTMLButtonElement;
    const list = within(section).getByRole('list', { name: 'Top rated' });
    const [first, last] = [list.firstElementChild!, list.lastElementChild!];
    expect(edgeWatch().options?.root).toBe(list);
    expect(edgeWatch().targets).toEqual([first, last]);
    const seen = (target: Element, ratio: number) => ({ target, isIntersecting: ratio > 0, intersectionRatio: ratio }) as IntersectionObserverEntry;
    // At first: the start is shown, the end is not known yet (the arrow to it stays usable).
    expect([previous.disabled, next.disabled]).toEqual([true, false]);
    // Both ends shown whole (a short list): both arrows disabled.
    act(() => edgeWatch().callback([seen(first, 1), seen(last, 1)], {} as IntersectionObserver));
    expect([previous.disabled, next.disabled]).toEqual([true, true]);
    // Scrolled: the first tile partly out, the last cut off.
    act(() => edgeWatch().callback([seen(first, 0.5), seen(last, 0.9)], {} as IntersectionObserver));
    expect([previous.disabled, next.disabled]).toEqual([false, false]);
    act(() => edgeWatch().callback([seen(last, 1)], {} as IntersectionObserver));
    expect([previous.disabled, next.disabled]).toEqual([false, true]);
  });

  it('does not search without a location', () => {
    const { container } = renderWithProviders(<MerchantCarousel title="Nearby" query={{ sortBy: 'rating' }} />);
    expect(container.textContent).toBe('');
    expect(searches).toHaveLength(0);
  });

  it('does not search when geolocation fails', async () => {
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail?: PositionErrorCallback | null, _opts?: PositionOptions) => fail?.({ code: 3 } as GeolocationPositionError));
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    const { container } = renderWithProviders(<MerchantCarousel title="Near you" query={{ location: 'Current Location' }} />);
    await act(async () => {});
    expect(getCurrentPosition.mock.calls[0]![2]).toMatchObject({ enableHighAccuracy: false, timeout: 5000, maximumAge: 3_600_000 });
    expect(container.textContent).toBe('');
    expect(searches).toHaveLength(0);
  });

  it('searches around the current location once known', async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback, _fail?: PositionErrorCallback | null, _opts?: PositionOptions) => ok({ coords: { latitude: 30.2672, longitude: -97.7431 } } as GeolocationPosition));
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    renderWithProviders(<MerchantCarousel title="Near you" query={{ location: 'Current Location' }} />);
    await screen.findByRole('article', { name: 'Alpha' });
    expect(searches[0]!.searchParams.get('latitude')).toBe('30.27');
    expect(searches[0]!.searchParams.get('longitude')).toBe('-97.74');
  });

  it('tracks a carousel impression 150 ms after coming into view', async () => {
    renderWithProviders(<MerchantCarousel title="Top rated" query={{ location: 'Chicago, IL' }} />);
    await screen.findByRole('article', { name: 'Alpha' });
    expect(impression().options?.threshold).toBe(0.8);
    vi.useFakeTimers();
    act(() => impression().callback([{ isIntersecting: true, intersectionRatio: 0.9 } as IntersectionObserverEntry], {} as IntersectionObserver));
    act(() => vi.advanceTimersByTime(149));
    expect(trackMock).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(trackMock).toHaveBeenCalledWith(expect.objectContaining({ eventType: 'carousel' }));
    expect(trackMock).toHaveBeenCalledTimes(1);
  });

  it('does not track when it leaves view too soon', async () => {
    renderWithProviders(<MerchantCarousel title="Top rated" query={{ location: 'Chicago, IL' }} />);
    await screen.findByRole('article', { name: 'Alpha' });
    vi.useFakeTimers();
    act(() => impression().callback([{ isIntersecting: true, intersectionRatio: 0.9 } as IntersectionObserverEntry], {} as IntersectionObserver));
    act(() => vi.advanceTimersByTime(100));
    act(() => impression().callback([{ isIntersecting: false, intersectionRatio: 0.2 } as IntersectionObserverEntry], {} as IntersectionObserver));
    act(() => vi.advanceTimersByTime(500));
    expect(trackMock).not.toHaveBeenCalled();
  });
});
