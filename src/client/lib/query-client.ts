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

/** The answers the page came with, by query, and when they were put in (what a later fetch replaces). */
const inlined = new WeakMap<object, number>();
/** A query as far as whether it holds an inlined answer goes (any data type). */
type QueryState = { state: { dataUpdatedAt: number } };
/** The address changes counted when they were put in: the page that came with them shows until the next. */
let inlinedAtNavigation = 0;

/**
 * Whether the query still holds the answer the server inlined into this page and the app is still
 * on that page: from seedFirstScreen until the first change of address (a link followed, another
 * page of a list, back or forward).
 */
export const isInlinedAnswer = (query: QueryState): boolean => inlined.get(query) === query.state.dataUpdatedAt && navigationsSinceLoad() === inlinedAtNavigation;

/**
 * Data a page shows as it stands when opened (a member's history and balance: a clearing arrives,
 * a payout runs behind the page's back): fetched again on every opening, but not on the opening
 * whose answer came inlined in the page, which is as fresh as a fetch would be (docs/decisions/0005).
 */
export const FRESH_ON_OPEN = { staleTime: 0, refetchOnMount: (query: QueryState) => (isInlinedAnswer(query) ? false : 'always' as const) } as const;

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
    if (query) inlined.set(query, query.state.dataUpdatedAt);
    seeded.queries += 1;
  }
  inlinedAtNavigation = navigationsSinceLoad();
  return seeded;
}
