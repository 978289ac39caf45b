import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '#shared/first-screen';
import type { MerchantSearchRequest } from '#shared/schemas/merchant';
import { API_PATHS } from '#shared/api-paths';
import { call, type CallOptions } from '#client/lib/api';

/** GET /api/v2/Merchants/Search (§7). */
export function fetchMerchantSearch(request: MerchantSearchRequest, signal?: AbortSignal) {
  // MerchantSearchRequest is the schema's input, whose coerced numbers are typed unknown (they are numbers).
  return call(API_PATHS.merchantSearch, { query: request as CallOptions<typeof API_PATHS.merchantSearch>['query'], signal });
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
    queryFn: ({ signal }) => call(API_PATHS.defaultUserLocation, { signal }),
    staleTime: Infinity,
    retry: false,
  });
}

export function useDefaultUserLocation(enabled: boolean) {
  return useQuery({ ...defaultUserLocationQueryOptions(), enabled });
}
