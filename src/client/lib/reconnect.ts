import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { isNetworkFailure } from './network';

/**
 * Back online (issue 25 item 6): what failed for want of a connection is fetched again, so a page
 * that could not load fills in by itself. Queries that waited offline run again on their own
 * (React Query's online mode); this is for those that failed before the browser noticed.
 */
export function useRefetchAfterReconnect(queryClient: QueryClient) {
  useEffect(() => {
    const again = () => {
      void queryClient.refetchQueries({ predicate: (q) => q.state.status === 'error' && isNetworkFailure(q.state.error) });
    };
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [queryClient]);
}
