import { usePartner } from '../../lib/partner';
import { NotFoundScreen } from '../error-screens';
import { DiscoverScreen } from './discover-screen';

/** §2 /discover: only for partners with a discover page; others see the not-found screen. */
export function DiscoverRoute() {
  const partner = usePartner();
  if (!partner.hasDiscoverPage) return <NotFoundScreen />;
  return <DiscoverScreen />;
}
