import { usePartner } from '../../lib/partner';
import { NotFoundRoute } from '../not-found/not-found-route';
import { DiscoverScreen } from './discover-screen';

/** §2 /discover: only for partners with a discover page; others see the not-found screen. */
export function DiscoverRoute() {
  const partner = usePartner();
  if (!partner.hasDiscoverPage) return <NotFoundRoute />;
  return <DiscoverScreen />;
}
