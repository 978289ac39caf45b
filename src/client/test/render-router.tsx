import { Suspense } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, Router, useLocation, useRoutes, type RouteObject } from '#client/lib/router';
import type { Member } from '#shared/schemas/member';
import type { PartnerConfig } from '#shared/schemas/partner';
import { PartnerProvider } from '../lib/partner';
import { ContentProvider, type ContentState } from '../features/content/content-provider';
import { MEMBER_QUERY_KEY } from '../features/session/api';
import { ToastProvider } from '../components/toast';
import { InterruptionQueue } from '../features/interruptions';
import { makeContentState, makePartnerConfig } from './partner-fixture';
import { testQueryClient } from './render';

type Options = {
  partner?: PartnerConfig;
  content?: ContentState;
  /** Initial URL (path and query), or a location with its history state (a flow's navigation). */
  route?: string | { pathname: string; state?: unknown };
  /** The signed-in member; null (default) for nobody. Set as the member query's data, so no fetch. */
  member?: Member | null;
  queryClient?: QueryClient;
};

/**
 * Renders routes in the app's router (a history in memory; lazy screens wait in a Suspense, as in
 * the app) inside the app's providers, a toast provider and the interruption queue, with the member
 * query already answered. `router` is the history: its `location` and `action` are where the
 * screen navigated to and how.
 */
export function renderRoutes(routes: RouteObject[], opts: Options = {}) {
  const partner = opts.partner ?? makePartnerConfig();
  const content = opts.content ?? makeContentState({}, partner);
  const queryClient = opts.queryClient ?? testQueryClient();
  queryClient.setQueryData(MEMBER_QUERY_KEY, opts.member ?? null);
  // The page layout's interruption queue around each top-level route, as the app has it.
  const queued = routes.map((r) => (r.element ? { ...r, element: <InterruptionQueue>{r.element}</InterruptionQueue> } : r));
  const router = createMemoryHistory({ initialEntries: [opts.route ?? '/'] });
  const result = render(
    <PartnerProvider partner={partner}>
      <QueryClientProvider client={queryClient}>
        <ContentProvider value={content}>
          <ToastProvider>
            <Router history={router}>
              <Suspense fallback={null}><TestRoutes routes={queued} /></Suspense>
            </Router>
          </ToastProvider>
        </ContentProvider>
      </QueryClientProvider>
    </PartnerProvider>,
  );
  return { ...result, partner, content, queryClient, router };
}

function TestRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** Shows where the router is (path and query), for redirect tests. */
export function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

type FetchRoute = (url: URL, init: RequestInit) => Response | undefined | Promise<Response | undefined>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * A fetch stand-in: the handler answers by URL (undefined → 404); /api/CSRF always has a token.
 * Returns the mock so tests can read the calls.
 */
export function mockFetch(handler: FetchRoute) {
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://test.localhost');
    if (url.pathname === '/api/CSRF') return json({ csrfToken: 'test-csrf' });
    return (await handler(url, init)) ?? json({ statusCode: 404, error: 'Not Found', message: 'Not found' }, 404);
  };
  return fn;
}
