import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from '#client/lib/router';
import { PartnerProvider, readInjectedPartner } from './lib/partner';
import { createQueryClient, seedFirstScreen } from './lib/query-client';
import { getCsrfToken } from './lib/csrf';
import { setServedNotFound } from './lib/served-not-found';
import { setApiBase } from './lib/api-base';
import { ContentGate } from './features/content/content-provider';
import { AppRoutes, preloadScreens } from './app/routes';
import './styles/global.css';

/**
 * The start, in three tasks: evaluating this chunk (React DOM most of it) is one long task of the
 * main thread after the skeleton's first paint; reading the page's inlined answers into the cache
 * and creating the root came on top of it in the same task (issue 30, bench:client-profile: about
 * 300 ms at 4x CPU). Between them the browser paints and handles input. `scheduler.yield()`
 * (Chromium) continues before other waiting tasks; elsewhere the next task. Not a top-level await:
 * it would make this an async module, which the build splits into a runtime and a renamed chunk.
 */
const nextTask = (): Promise<void> => {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return s?.yield ? s.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

const partner = readInjectedPartner();
setApiBase(partner.apiBase);

void nextTask().then(() => {
  const queryClient = createQueryClient();
  // Content, member and the page's first answer came with the page: no request before the first render.
  const { notFound } = seedFirstScreen(queryClient);
  setServedNotFound(notFound);
  // A nested page's screens (an account page and the account centre) fetched side by side, not one
  // after the other. In a task of its own: asking for a screen's code puts a link in the head for each
  // of its files (Vite's preload helper: 70 ms at 4x CPU for Reviews & History's 25 files), which
  // made this script's long first task longer still (issue 30, bench:client-profile). The
  // anti-forgery token, fetched ahead of the first change, after it.
  if (!notFound) setTimeout(() => preloadScreens(location.pathname, partner), 0);
  setTimeout(() => void getCsrfToken(), 0);
  return nextTask().then(() => render(queryClient));
});

function render(queryClient: QueryClient): void {
  const root = createRoot(document.getElementById('root')!);
  // The first render as a transition: React renders the tree in slices of a few milliseconds,
  // yielding to the browser between them, instead of one long task that blocks input (TBT) while
  // the skeleton is on screen; nothing is shown half-done, the commit is still one.
  startTransition(() => root.render(
    <StrictMode>
      <PartnerProvider partner={partner}>
        <QueryClientProvider client={queryClient}>
          <ContentGate>
            <BrowserRouter>
              <AppRoutes partner={partner} />
            </BrowserRouter>
          </ContentGate>
        </QueryClientProvider>
      </PartnerProvider>
    </StrictMode>,
  ));
}
