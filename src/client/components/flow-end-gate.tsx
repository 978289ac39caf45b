import type { ReactNode } from 'react';
import { useLocation } from '#client/lib/router';
import type { RouteEntry } from '#shared/routes';
import { NotFoundPage } from './not-found-page';

/** Navigation state a flow gives the navigation to its success page (a route with `flowEnd` in the route table). */
export const FLOW_DONE = { flowDone: true } as const;

/** Whether this navigation came from the flow (FLOW_DONE in its state). */
export function reachedInFlow(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { flowDone?: unknown }).flowDone === true;
}

/**
 * A flow's success page (issue 25 item 7): shown only when its flow navigated here; opened
 * directly (typed, bookmarked, a link) it is the not-found page, as the server's 404 for a page
 * load of it says. Routes without `flowEnd` in the table pass through.
 */
export function FlowEndGate({ route, children }: { route: RouteEntry; children: ReactNode }) {
  const { state } = useLocation();
  return <>{!route.flowEnd || reachedInFlow(state) ? children : <NotFoundPage />}</>;
}
