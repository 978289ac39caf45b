import type { ReactNode } from 'react';
import { routeAllowed, type RouteEntry } from '#shared/routes';
import { usePartner } from '#client/lib/partner';
import { NotFoundPage } from '#client/components/not-found-page';

/**
 * The not-found page where the partner lacks the route (§2 condition of the route table), else
 * the screen. The router applies the same condition; screens rendered on their own keep it too.
 */
export function PartnerGate({ route, children }: { route: RouteEntry; children: ReactNode }) {
  const partner = usePartner();
  return <>{routeAllowed(route, partner) ? children : <NotFoundPage />}</>;
}
