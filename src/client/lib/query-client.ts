import { QueryClient } from '@tanstack/react-query';
import { CONTENT_NAMES } from '#shared/constants/cms';
import { FIRST_SCREEN_IDS, queryKeys, type FirstContent, type FirstVisit } from '#shared/first-screen';
import { ApiError } from './api';
import { navigationsSinceLoad } from './router';

/**
 * §4: data is fetched once and never goes stale on its own; no refetch on focus or reconnect.
 * Offline, a query waits for the connection (React Query's online mode) and runs when it is back.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      },
      // A change sent while offline fails at once with the offline message (NetworkError), rather
      // than waiting silently for a connection behind a spinning Save button (issue 25).
      mutations: { networkMode: 'always' },
    },
  });
}

/**
 * The answers the page came with, by query, with when they were put in (what a later fetch
 * replaces), and the address changes counted then: read by fresh-on-open.ts, which the pages that
 * need it load (not this first chunk).
 */
export const inlinedAnswers = { byQuery: new WeakMap<object, number>(), atNavigation: 0 };

function readJson<T>(doc: Document, id: string): T | null {
  const text = doc.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export type SeededFirstScreen = { content: number; member: boolean; queries: number; /** The server answered the page's address 404. */ notFound: boolean };

/**
 * Puts the answers the server inlined into the page (issue 13; docs/decisions) into the query
 * cache before the first render, under the keys the app's queries use, so the first screen renders
 * without a request: the content pages, the member (null for a visitor: no GET /api/Member and no
 * 401) and the page's first answer. Anything missing or unreadable is simply fetched as before.
 */
export function seedFirstScreen(queryClient: QueryClient, doc: Document = document): SeededFirstScreen {
  const seeded: SeededFirstScreen = { content: 0, member: false, queries: 0, notFound: false };
  const content = readJson<FirstContent>(doc, FIRST_SCREEN_IDS.content);
  if (content && typeof content.preview === 'boolean' && content.pages) {
    for (const name of CONTENT_NAMES) {
      const page = content.pages[name];
      if (!page || !Array.isArray(page.data)) continue;
      queryClient.setQueryData(queryKeys.content(name, content.preview), page);
      seeded.content += 1;
    }
  }
  const visit = readJson<FirstVisit>(doc, FIRST_SCREEN_IDS.visit);
  seeded.notFound = visit?.notFound === true;
  if (visit && 'member' in visit && (visit.member === null || typeof visit.member === 'object')) {
    queryClient.setQueryData(queryKeys.member, visit.member);
    seeded.member = true;
  }
  const cache = queryClient.getQueryCache();
  for (const q of Array.isArray(visit?.queries) ? visit.queries : []) {
    if (!Array.isArray(q?.key) || q.data === undefined || q.data === null) continue;
    queryClient.setQueryData(q.key, q.data);
    const query = cache.find({ queryKey: q.key, exact: true });
    if (query) inlinedAnswers.byQuery.set(query, query.state.dataUpdatedAt);
    seeded.queries += 1;
  }
  inlinedAnswers.atNavigation = navigationsSinceLoad();
  return seeded;
}
