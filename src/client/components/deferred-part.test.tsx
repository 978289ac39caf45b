// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { DeferredPart } from './deferred-part';
import { lazyScreen } from './lazy-screen';
import { setCsrfToken } from '../lib/csrf';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('DeferredPart', () => {
  it('leaves the page standing when the part\u2019s code is lost to the connection, and draws it once back online', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let reachable = false;
    const load = vi.fn(async () => {
      if (!reachable) throw new TypeError('Failed to fetch dynamically imported module: /assets/footer.js');
      return { Footer: () => <footer>The footer</footer> };
    });
    const Footer = lazyScreen(load, 'Footer');
    setOnline(false);
    // On fake timers: a minute of them passes at once while offline.
    vi.useFakeTimers();
    try {
      render(
        <>
          <h1>The page</h1>
          <DeferredPart>
            <Footer />
          </DeferredPart>
        </>,
      );
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
      expect(screen.queryByText('The footer')).toBeNull();
      // Still offline: nothing is fetched again by itself.
      const tries = load.mock.calls.length;
      expect(tries).toBeGreaterThan(0);
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(load.mock.calls.length).toBe(tries);
    } finally {
      vi.useRealTimers();
    }

    reachable = true;
    act(() => setOnline(true));
    expect(await screen.findByText('The footer')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
  });

  it('hides a part that fails for another reason and reports it, the page standing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchMock = vi.fn(async () => new Response('{}', { status: 202, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    setOnline(true);
    setCsrfToken('token');
    const Broken = () => {
      throw new Error('A bug in the banner');
    };
    render(
      <>
        <h1>The page</h1>
        <DeferredPart>
          <Broken />
        </DeferredPart>
      </>,
    );
    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
    expect(error).toHaveBeenCalled();
    await waitFor(() => expect(fetchMock.mock.calls.map((call: unknown[]) => String(call[0]))).toContain('/api/client-errors'));
    vi.unstubAllGlobals();
  });
});
