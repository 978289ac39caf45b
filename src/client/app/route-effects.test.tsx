// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup } from '@testing-library/react';
import { useNavigate } from '#client/lib/router';
import { PAGE_VIEW_DELAY_MS } from '#shared/constants/impressions';
import { renderWithProviders } from '#client/test/render';
import { useRouteEffects } from './route-effects';

const trackMock = vi.hoisted(() => vi.fn());
vi.mock('../lib/impressions', () => ({ track: trackMock }));

let go: (to: string) => void = () => undefined;
function Probe() {
  useRouteEffects();
  const navigate = useNavigate();
  go = (to) => { void navigate(to); };
  return null;
}

beforeEach(() => {
  vi.useFakeTimers();
  trackMock.mockReset();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('page views (§4 tracking, §9 500 ms)', () => {
  it('tracks a page view 500 ms after arriving, with the path', () => {
    renderWithProviders(<Probe />, { route: '/search?location=Chicago' });
    act(() => { vi.advanceTimersByTime(PAGE_VIEW_DELAY_MS - 1); });
    expect(trackMock).not.toHaveBeenCalled();
    act(() => { vi.advanceTimersByTime(1); });
    expect(trackMock).toHaveBeenCalledExactlyOnceWith({ eventType: 'pageView', path: '/search' });
  });

  it('tracks one page view per route change, and none for a page left within 500 ms', () => {
    renderWithProviders(<Probe />, { route: '/' });
    act(() => { vi.advanceTimersByTime(PAGE_VIEW_DELAY_MS); });
    act(() => { go('/login'); });
    act(() => { vi.advanceTimersByTime(PAGE_VIEW_DELAY_MS - 100); });
    act(() => { go('/join'); });
    act(() => { vi.advanceTimersByTime(PAGE_VIEW_DELAY_MS); });
    expect(trackMock.mock.calls.map((c) => (c[0] as { path: string }).path)).toEqual(['/', '/join']);
  });

  it('does not count a change of query alone as a new page view', () => {
    renderWithProviders(<Probe />, { route: '/search?location=A' });
    act(() => { vi.advanceTimersByTime(PAGE_VIEW_DELAY_MS); });
    act(() => { go('/search?location=B'); });
    act(() => { vi.advanceTimersByTime(PAGE_VIEW_DELAY_MS * 2); });
    expect(trackMock).toHaveBeenCalledTimes(1);
  });
});

describe('scroll to the top (§2)', () => {
  it('scrolls to the top on each change of page, not on the first render nor on a change of query alone', () => {
    renderWithProviders(<Probe />, { route: '/search?location=A' });
    expect(window.scrollTo).not.toHaveBeenCalled();
    act(() => { go('/search?location=B'); });
    expect(window.scrollTo).not.toHaveBeenCalled();
    act(() => { go('/login'); });
    expect(window.scrollTo).toHaveBeenCalledExactlyOnceWith(0, 0);
    act(() => { go('/join'); });
    expect(window.scrollTo).toHaveBeenCalledTimes(2);
  });
});
