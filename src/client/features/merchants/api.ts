import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '#shared/first-screen';
import type { MerchantDetail } from '#shared/schemas/merchant';
import { API_PATHS } from '#shared/api-paths';
import { call } from '../../lib/api';

/** GET /api/merchants/{id}: the merchant detail (404 JSON when unknown). */
export function fetchMerchantDetail(merchantId: number, signal?: AbortSignal): Promise<MerchantDetail> {
  return call(API_PATHS.merchant, { params: { merchantId }, signal });
}

export function merchantDetailQueryOptions(merchantId: number) {
  return queryOptions({
    queryKey: queryKeys.merchantDetail(merchantId),
    queryFn: ({ signal }) => fetchMerchantDetail(merchantId, signal),
  });
}

export function useMerchantDetail(merchantId: number) {
  return useQuery(merchantDetailQueryOptions(merchantId));
}

export { parseMerchantId } from '#shared/rules/merchant-id';

/** GET /api/Member/merchants/{id}/visits: the signed-in member's rewarded visits here this month. */
export function useMerchantVisits(merchantId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['member', 'merchantVisits', merchantId],
    queryFn: ({ signal }) => call(API_PATHS.merchantVisits, { params: { merchantId }, signal }),
    enabled,
  });
}
