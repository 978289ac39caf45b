// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { FIRST_SCREEN_IDS, queryKeys } from '#shared/first-screen';
import { rewardsQueryKeys } from '#shared/rewards-query-keys';
import { createQueryClient, seedFirstScreen } from './query-client';
import { FRESH_ON_OPEN } from './fresh-on-open';
import { createBrowserHistory } from './router';

function page(content: unknown, visit: unknown): Document {
  const doc = document.implementation.createHTMLDocument('t');
  for (const [id, value] of [[FIRST_SCREEN_IDS.content, content], [FIRST_SCREEN_IDS.visit, visit]] as const) {
    if (value === undefined) continue;
    const el = doc.createElement('script');
    el.id = id;
    el.type = 'application/json';
    el.textContent = typeof value === 'string' ? value : JSON.stringify(value);
    doc.head.appendChild(el);
  }
  return doc;
}

const cms = (name: string) => ({ data: [{ id: 1, slug: name, status: 'published', updatedAt: '2026-01-01T00:00:00.000Z', fields: {} }], meta: { contentName: name, preview: false, pagination: { page: 1, pageSize: 100, pageCount: 1, total: 1 } } });

describe('seedFirstScreen', () => {
  it("puts the page's content, member and first answers into the cache under the app's query keys", () => {
    const qc = createQueryClient();
    const search = { location: '10001', pageNo: 1, pageSize: 20 };
    const seeded = seedFirstScreen(qc, page(
      { preview: true, pages: { '*': cms('*'), home: cms('home') } },
      { member: null, queries: [{ key: queryKeys.merchantSearch(search), data: { merchants: [] } }, { key: queryKeys.merchantDetail(7), data: { id: 7 } }] },
    ));
    expect(seeded).toEqual({ content: 2, member: true, queries: 2, notFound: false });
    expect(qc.getQueryData(queryKeys.content('home', true))).toEqual(cms('home'));
    expect(qc.getQueryData(queryKeys.content('home', false))).toBeUndefined();
    // A visitor: the member is known to be nobody (no GET /api/Member).
    expect(qc.getQueryState(queryKeys.member)?.status).toBe('success');
    expect(qc.getQueryData(queryKeys.member)).toBeNull();
    // The key matches what the search screen builds, whatever the order of its fields.
    expect(qc.getQueryData(queryKeys.merchantSearch({ pageSize: 20, pageNo: 1, location: '10001' }))).toEqual({ merchants: [] });
    expect(qc.getQueryData(queryKeys.merchantDetail(7))).toEqual({ id: 7 });
  });

  it('seeds nothing it cannot read: no elements, broken JSON, a visit without a member', () => {
    const qc = createQueryClient();
    expect(seedFirstScreen(qc, page(undefined, undefined))).toEqual({ content: 0, member: false, queries: 0, notFound: false });
    expect(seedFirstScreen(qc, page('{not json', { queries: [] }))).toEqual({ content: 0, member: false, queries: 0, notFound: false });
    expect(qc.getQueryState(queryKeys.member)).toBeUndefined();
  });

  it("reads the server's 404 for the page's address (issue 25 item 7)", () => {
    expect(seedFirstScreen(createQueryClient(), page(undefined, { notFound: true, queries: [] })).notFound).toBe(true);
    expect(seedFirstScreen(createQueryClient(), page(undefined, { notFound: 'yes', queries: [] })).notFound).toBe(false);
  });
});

describe('FRESH_ON_OPEN (data shown as it stands when the page opens)', () => {
  const show = (qc: ReturnType<typeof createQueryClient>, queryFn: () => Promise<unknown>) => {
    const observer = new QueryObserver(qc, { queryKey: rewardsQueryKeys.dineSummary, queryFn, ...FRESH_ON_OPEN });
    return { observer, leave: observer.subscribe(() => undefined) };
  };

  it('does not fetch again the answer the page came with while the app is on that page; every opening after a navigation fetches', async () => {
    const qc = createQueryClient();
    seedFirstScreen(qc, page(undefined, { member: null, queries: [{ key: rewardsQueryKeys.dineSummary, data: { from: 'page' } }] }));
    const queryFn = vi.fn(async () => ({ from: 'fetch' }));
    // Two parts of the page show it (Reviews & History and its year total): neither fetches.
    const first = show(qc, queryFn);
    const second = show(qc, queryFn);
    expect(qc.isFetching()).toBe(0);
    expect(first.observer.getCurrentResult().data).toEqual({ from: 'page' });
    first.leave();
    second.leave();
    // Shown again before any navigation (a part of the page drawn later): still the page's answer.
    const later = show(qc, queryFn);
    expect(qc.isFetching()).toBe(0);
    // The member moves on (a part of the chrome keeps observing it meanwhile) and comes back: fetched, and the fetched answer is shown.
    const chrome = show(qc, queryFn);
    later.leave();
    const history = createBrowserHistory();
    history.push({ pathname: '/account/overview', search: '', hash: '' });
    history.push({ pathname: '/account/recent_activity', search: '', hash: '' });
    const again = show(qc, queryFn);
    expect(qc.isFetching()).toBe(1);
    await vi.waitFor(() => expect(again.observer.getCurrentResult().data).toEqual({ from: 'fetch' }));
    again.leave();
    // And on every opening after that.
    const third = show(qc, queryFn);
    expect(qc.isFetching()).toBe(1);
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(2));
    third.leave();
    chrome.leave();
  });

  it('fetches on opening an answer the page did not come with, however new', () => {
    const qc = createQueryClient();
    seedFirstScreen(qc, page(undefined, { member: null, queries: [] }));
    qc.setQueryData(rewardsQueryKeys.dineSummary, { from: 'a moment ago' });
    const shown = show(qc, vi.fn(async () => ({ from: 'fetch' })));
    expect(qc.isFetching()).toBe(1);
    shown.leave();
  });
});
