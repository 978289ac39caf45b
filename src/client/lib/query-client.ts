import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** §4: data is fetched once and never goes stale on its own; no refetch on focus or reconnect. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      },
    },
  });
}
