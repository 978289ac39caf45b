import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KnownVisitor } from '#shared/rules/activation';
import { api } from '../../lib/api';

/** GET /api/Member/{publicId} (with the anti-forgery header, §7); 404 for an unknown id. */
export function knownVisitorQueryOptions(publicId: string | null) {
  return queryOptions({
    queryKey: ['known-visitor', publicId] as const,
    queryFn: ({ signal }) => api<KnownVisitor>(`/api/Member/${encodeURIComponent(publicId ?? '')}`, { csrf: true, signal }),
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

/**
 * POST /api/Member/Activate (§4 tier-1 activation). `onActivated` runs first (the page moves on);
 * only then is the lookup updated, since on /activate a tier-2 visitor is sent to sign in.
 */
export function useActivateKnownVisitor(publicId: string, handlers: { onActivated: (visitor: KnownVisitor) => Promise<void> | void; onError: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<KnownVisitor>('/api/Member/Activate', { method: 'POST', body: { publicId } }),
    onSuccess: async (visitor) => {
      await handlers.onActivated(visitor);
      queryClient.setQueryData(knownVisitorQueryOptions(publicId).queryKey, visitor);
    },
    onError: handlers.onError,
  });
}
