import type { ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, type Location } from '#client/lib/router';
import type { ContentName } from '#shared/schemas/cms';
import type { PartnerConfig } from '#shared/schemas/partner';
import type { Member } from '#shared/schemas/member';
import { MEMBER_QUERY_KEY } from '../features/session/api';
import { PartnerProvider } from '../lib/partner';
import { ContentProvider, type ContentState } from '../features/content/content-provider';
import { makeContentState, makePartnerConfig, partnerFixture, type ItemInput } from './partner-fixture';

// findBy… and waitFor wait 5 s instead of the library's 1 s: a screen's part whose code is loaded
// when it is first shown (a lazy chunk) is transformed by Vite on its first import, which took more
// than a second on a loaded machine (the search route's filter panel, 15:24 on 2026-11-30). A part
// that never appears still fails the test.
configure({ asyncUtilTimeout: 5_000 });

type Options = {
  partner?: PartnerConfig;
  content?: ContentState;
  /** Content as pages of items (instead of `content`). */
  pages?: Partial<Record<ContentName, ItemInput[]>>;
  /** Initial URL (path and query), or the whole history entry (with its key). */
  route?: string | Partial<Location>;
  /** Route pattern the element is mounted at (for useParams); default '*'. */
  path?: string;
  queryClient?: QueryClient;
  /** The signed-in member (null: a visitor), set as the member query's data; left out, the query is left alone. */
  member?: Member | null;
};

export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } } });
}

/** Renders inside the app's providers: partner, content, query client and a memory router. */
export function renderWithProviders(ui: ReactElement, opts: Options = {}) {
  const partner = opts.partner ?? makePartnerConfig();
  const content = opts.content ?? makeContentState(opts.pages, partner);
  const queryClient = opts.queryClient ?? testQueryClient();
  if (opts.member !== undefined) queryClient.setQueryData(MEMBER_QUERY_KEY, opts.member);
  const result = render(
    <PartnerProvider partner={partner}>
      <QueryClientProvider client={queryClient}>
        <ContentProvider value={content}>
          <MemoryRouter initialEntries={[opts.route ?? '/']}>
            <Routes>
              <Route path={opts.path ?? '*'} element={ui} />
            </Routes>
          </MemoryRouter>
        </ContentProvider>
      </QueryClientProvider>
    </PartnerProvider>,
  );
  return { ...result, partner, content, queryClient };
}

/** renderWithProviders for the search and merchant tests: the airline partner (partnerFixture) unless told otherwise. */
export function renderWithAirline(ui: ReactElement, opts: Options = {}) {
  return renderWithProviders(ui, { ...opts, partner: opts.partner ?? partnerFixture() });
}

/**
 * jsdom has no matchMedia; this one answers min-width / max-width queries for a viewport width
 * and says no to everything else (reduced motion, colour scheme …).
 */
export function mockViewport(width: number) {
  const matches = (query: string) =>
    query.split(/\s+and\s+/).every((part) => {
      const min = /min-width:\s*(\d+)px/.exec(part);
      if (min) return width >= Number(min[1]);
      const max = /max-width:\s*(\d+)px/.exec(part);
      if (max) return width <= Number(max[1]);
      return false;
    });
  window.matchMedia = ((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}
