import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '#shared/api-paths';
import { call } from '../../lib/api';

/** GET /api/Member/{publicId} (with the anti-forgery header, §7); 404 for an unknown id. */
export function knownVisitorQueryOptions(publicId: string | null) {
  return queryOptions({
    queryKey: ['known-visitor', publicId] as const,
    queryFn: ({ signal }) => call(API_PATHS.knownVisitor, { params: { publicId: publicId ?? '' }, csrf: true, signal }),
    enabled: Boolean(publicId),
    staleTime: Infinity,
    retry: false,
  });
}

/** §4: the lookup; an error marks the known visitor in error. */
export function useKnownVisitor(publicId: string | null) {
  const q = useQuery(knownVisitorQueryOptions(publicId));
  return { visitor: q.data ?? null, isLoading: Boolean(publicId) && q.isPending, isError: q.isError, refetch: q.refetch };
}
