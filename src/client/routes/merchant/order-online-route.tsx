import { useLocation, useNavigate, useOutletContext } from '#client/lib/router';
import { paths } from '#shared/routes';
import { OrderOnlineDialog } from '../../features/merchants';
import type { MerchantOutletContext } from './merchant-route';

/**
 * §2 /merchants/{merchantId}/Order: the restaurant page with its order-online dialog open. Closing
 * goes back to the page (back in history when the page opened it, else to the page's address),
 * and focus returns to 'Order online'.
 */
export function OrderOnlineRoute() {
  const { merchant, orderLinkRef } = useOutletContext<MerchantOutletContext>();
  const navigate = useNavigate();
  const location = useLocation();
  const fromPage = Boolean((location.state as { fromPage?: boolean } | null)?.fromPage);
  const close = () => {
    if (fromPage) navigate(-1);
    else navigate(paths.merchant(merchant.id), { replace: true });
  };
  return <OrderOnlineDialog merchant={merchant} onClose={close} returnFocusRef={orderLinkRef} />;
}
