// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMPRESSION_BATCH_MAX, IMPRESSION_FLUSH_DELAY_MS, IMPRESSION_NEXT_BATCH_DELAY_MS } from '#shared/constants/impressions';
import { ZImpressionsRequest } from '#shared/schemas/impressions';
import { EMULATING_WINDOW_KEY } from '#shared/rules/emulation';
import { flushImpressions, resetImpressionsForTest, track } from './impressions';

const apiMock = vi.hoisted(() => vi.fn());
// The call through the API table, seen as the address and options it sends.
vi.mock('./api', () => ({
  call: (entry: { method: string; path: string }, opts: Record<string, unknown>) => apiMock(entry.path, { method: entry.method, ...opts }),
}));

type Call = [string, { method: string; body: unknown[]; keepalive: boolean }];
const calls = () => apiMock.mock.calls as Call[];

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
  apiMock.mockReset();
  apiMock.mockResolvedValue({ accepted: 1 });
  delete window.dataLayer;
  resetImpressionsForTest();
});

afterEach(() => {
  resetImpressionsForTest();
  vi.useRealTimers();
});

describe('track', () => {
  it('records nothing in a window of the console\'s "View as member" (staff activity is not the member\'s)', () => {
    window.sessionStorage.setItem(EMULATING_WINDOW_KEY, 'emulation-1');
    try {
      track({ eventType: 'pageView', path: '/account/overview' });
      vi.advanceTimersByTime(IMPRESSION_FLUSH_DELAY_MS);
      expect(apiMock).not.toHaveBeenCalled();
      expect(window.dataLayer ?? []).toEqual([]);
    } finally {
      window.sessionStorage.removeItem(EMULATING_WINDOW_KEY);
    }
    track({ eventType: 'pageView', path: '/account/overview' });
    vi.advanceTimersByTime(IMPRESSION_FLUSH_DELAY_MS);
    expect(calls()).toHaveLength(1);
  });

  it('gathers impressions for a moment and sends them in one POST /api/Impressions', () => {
    track({ eventType: 'pageView', path: '/' });
    track({ eventType: 'search', path: '/search' });
    vi.advanceTimersByTime(IMPRESSION_FLUSH_DELAY_MS - 1);
    expect(apiMock).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(calls()).toHaveLength(1);
    const [path, opts] = calls()[0]!;
    expect(path).toBe('/api/Impressions');
    expect(opts).toMatchObject({ method: 'POST', keepalive: true });
    expect(opts.body.map((i) => (i as { eventType: string }).eventType)).toEqual(['pageView', 'search']);
  });

  it('sends what the server accepts: channel web, ISO time, the user agent, the path and restaurant', () => {
    track({ eventType: 'merchantView', path: '/merchants/7', merchantId: 7 });
    vi.advanceTimersByTime(IMPRESSION_FLUSH_DELAY_MS);
    const body = calls()[0]![1].body;
    expect(ZImpressionsRequest.safeParse(body).success).toBe(true);
    expect(body[0]).toEqual({
      eventType: 'merchantView', channel: 'web', dateTime: '2026-11-23T12:00:00.000Z', userAgent: navigator.userAgent,
      path: '/merchants/7', merchantId: 7,
    });
  });

  it('cuts a path longer than the server takes', () => {
    track({ eventType: 'pageView', path: `/${'a'.repeat(400)}` });
    vi.advanceTimersByTime(IMPRESSION_FLUSH_DELAY_MS);
    expect(ZImpressionsRequest.safeParse(calls()[0]![1].body).success).toBe(true);
  });

  it('never sends more than a batch in one call: a full batch goes at once, the rest after a pause', () => {
    for (let i = 0; i < IMPRESSION_BATCH_MAX + 3; i++) track({ eventType: 'carousel', path: '/' });
    expect(calls()).toHaveLength(1);
    expect(calls()[0]![1].body).toHaveLength(IMPRESSION_BATCH_MAX);
    vi.advanceTimersByTime(IMPRESSION_FLUSH_DELAY_MS);
    expect(calls()).toHaveLength(2);
    expect(calls()[1]![1].body).toHaveLength(3);
    vi.advanceTimersByTime(IMPRESSION_NEXT_BATCH_DELAY_MS * 5);
    expect(calls()).toHaveLength(2);
  });

  it('sends a backlog in batches one after the other', () => {
    track({ eventType: 'pageView', path: '/' });
    // A burst bigger than a batch queued before the first flush (flushImpressions sends one batch).
    for (let i = 0; i < IMPRESSION_BATCH_MAX * 2; i++) track({ eventType: 'carousel', path: '/' });
    const sizes = () => calls().map((c) => c[1].body.length);
    expect(sizes()).toEqual([IMPRESSION_BATCH_MAX, IMPRESSION_BATCH_MAX]);
    vi.advanceTimersByTime(IMPRESSION_FLUSH_DELAY_MS);
    expect(sizes()).toEqual([IMPRESSION_BATCH_MAX, IMPRESSION_BATCH_MAX, 1]);
  });

  it('mirrors every impression to window.dataLayer at once, before it is sent', () => {
    window.dataLayer = [{ event: 'gtm.js' }];
    track({ eventType: 'pageView', path: '/earn' });
    track({ eventType: 'merchantView', path: '/merchants/3', merchantId: 3 });
    expect(window.dataLayer).toEqual([
      { event: 'gtm.js' },
      { event: 'pageView', channel: 'web', dateTime: '2026-11-23T12:00:00.000Z', path: '/earn' },
      { event: 'merchantView', channel: 'web', dateTime: '2026-11-23T12:00:00.000Z', path: '/merchants/3', merchantId: 3 },
    ]);
    expect(apiMock).not.toHaveBeenCalled();
  });

  it('creates window.dataLayer when the page has none', () => {
    track({ eventType: 'search', path: '/search' });
    expect(window.dataLayer).toHaveLength(1);
  });

  it('ignores a failed call: the rejection is handled and later impressions still go', async () => {
    const failed = Promise.reject(new Error('Network down'));
    const handled = vi.spyOn(failed, 'catch');
    apiMock.mockReturnValueOnce(failed);
    track({ eventType: 'pageView', path: '/' });
    vi.advanceTimersByTime(IMPRESSION_FLUSH_DELAY_MS);
    expect(handled).toHaveBeenCalledTimes(1);
    await expect(handled.mock.results[0]!.value).resolves.toBeUndefined();
    track({ eventType: 'pageView', path: '/search' });
    vi.advanceTimersByTime(IMPRESSION_FLUSH_DELAY_MS);
    expect(calls()).toHaveLength(2);
  });

  it('ignores an api() that throws at once', () => {
    apiMock.mockImplementationOnce(() => { throw new Error('boom'); });
    track({ eventType: 'pageView', path: '/' });
    expect(() => vi.advanceTimersByTime(IMPRESSION_FLUSH_DELAY_MS)).not.toThrow();
  });

  it('survives a dataLayer a page script broke', () => {
    Object.defineProperty(window, 'dataLayer', { value: Object.freeze([]), configurable: true, writable: true });
    expect(() => track({ eventType: 'pageView', path: '/' })).not.toThrow();
    vi.advanceTimersByTime(IMPRESSION_FLUSH_DELAY_MS);
    expect(calls()).toHaveLength(1);
  });

  it('sends everything queued when the page is hidden', () => {
    track({ eventType: 'pageView', path: '/' });
    window.dispatchEvent(new Event('pagehide'));
    expect(calls()).toHaveLength(1);
    flushImpressions();
    expect(calls()).toHaveLength(1);
  });
});
