import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '#shared/first-screen';
import type { MerchantSearchRequest, MerchantSearchResponse } from '#shared/schemas/merchant';
import type { DefaultUserLocationResponse } from '#shared/schemas/partner';
import { api, type QueryValue } from '#client/lib/api';

export const MERCHANT_SEARCH_PATH = '/api/v2/Merchants/Search';
export const DEFAULT_USER_LOCATION_PATH = '/api/DefaultUserLocation';

export function fetchMerchantSearch(request: MerchantSearchRequest, signal?: AbortSignal) {
  return api<MerchantSearchResponse>(MERCHANT_SEARCH_PATH, { query: request as Record<string, QueryValue>, signal });
}

/** GET /api/v2/Merchants/Search (§7). The key is the request itself, so equal searches share data. */
export function merchantSearchQueryOptions(request: MerchantSearchRequest | null) {
  return queryOptions({
    queryKey: queryKeys.merchantSearch(request),
    queryFn: ({ signal }) => fetchMerchantSearch(request!, signal),
    enabled: request !== null,
    // Results may change as merchants join and leave; a repeated search after 5 minutes refetches.
    staleTime: 5 * 60 * 1000,
  });
}

/** A search that keeps showing the previous page while the next one loads (paging, new filters). */
export function useMerchantSearch(request: MerchantSearchRequest | null, opts: { keepPrevious?: boolean } = {}) {
  return useQuery({
    ...merchantSearchQueryOptions(request),
    placeholderData: opts.keepPrevious === false ? undefined : keepPreviousData,
  });
}

/** GET /api/DefaultUserLocation: the server's guess of the visitor's area (§4 fallback). */
export function defaultUserLocationQueryOptions() {
  return queryOptions({
    queryKey: ['defaultUserLocation'] as const,
    queryFn: ({ signal }) => api<DefaultUserLocationResponse>(DEFAULT_USER_LOCATION_PATH, { signal }),
    staleTime: Infinity,
    retry: false,
  });
}

export function useDefaultUserLocation(enabled: boolean) {
  return useQuery({ ...defaultUserLocationQueryOptions(), enabled });
}
