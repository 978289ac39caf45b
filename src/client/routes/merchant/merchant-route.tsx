import { useEffect, useRef, type RefObject } from 'react';
import type { MerchantDetail } from '#shared/schemas/merchant';
import { Outlet, useParams } from '#client/lib/router';
import { paths } from '#shared/routes';
import { ApiError } from '../../lib/api';
import { track } from '../../lib/impressions';
import { usePartner } from '../../lib/partner';
import { useDocumentTitle } from '../../components/use-document-title';
import { MerchantDetailSkeleton, MerchantDetailView, parseMerchantId, useMerchantDetail } from '../../features/merchants';
import { MerchantReviews } from '../../features/reviews';
import { ReservationWidget, offersReservationWidget } from '../../features/reservations';
import { NotFoundScreen, ServerErrorScreen } from '../error-screens';
import { OfflinePage } from '../../components/offline-page';
import { isNetworkFailure } from '../../lib/network';

/** What the page gives its nested routes (the order-online dialog). */
export type MerchantOutletContext = { merchant: MerchantDetail; orderLinkRef: RefObject<HTMLAnchorElement | null> };

/** §2 /merchants/{merchantId}: merchant detail; unknown merchants show not-found, other failures server-error. */
export function MerchantRoute() {
  const { merchantId } = useParams();
  const id = parseMerchantId(merchantId);
  if (id === null) return <NotFoundScreen />;
  return <MerchantScreen key={id} merchantId={id} />;
}

function MerchantScreen({ merchantId }: { merchantId: number }) {
  const partner = usePartner();
  const query = useMerchantDetail(merchantId);
  const merchant = query.data;
  useDocumentTitle(merchant ? `${merchant.name} | ${partner.name}` : null);
  const tracked = useRef<number | null>(null);
  const orderLinkRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (!merchant || tracked.current === merchant.id) return;
    tracked.current = merchant.id;
    track({ eventType: 'merchantView', merchantId: merchant.id, path: paths.merchant(merchant.id) });
  }, [merchant]);

  if (query.isPending) return <MerchantDetailSkeleton />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundScreen />;
    // No connection is no server error (issue 25): the offline page, which loads the restaurant again once back online.
    if (isNetworkFailure(query.error)) return <OfflinePage onRetry={() => void query.refetch()} />;
    return <ServerErrorScreen error={query.error} />;
  }
  const context: MerchantOutletContext = { merchant: query.data, orderLinkRef };
  return (
    <>
      <MerchantDetailView
        merchant={query.data}
        reviews={<MerchantReviews merchantId={query.data.id} />}
        reservation={offersReservationWidget(partner, query.data) ? <ReservationWidget merchant={query.data} /> : undefined}
        orderLinkRef={orderLinkRef}
      />
      {/* /merchants/{id}/Order: the order-online dialog over the page. */}
      <Outlet context={context} />
    </>
  );
}
