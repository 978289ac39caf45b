import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KnownVisitor } from '#shared/rules/activation';
import { API_PATHS } from '#shared/api-paths';
import { call } from '../../lib/api';
import { knownVisitorQueryOptions } from './known-visitor';

// Apart from the lookup (known-visitor.ts), which every page's first load runs: only the activation
// pages use this, and with it TanStack Query's mutation observer stays out of the first load.

/**
 * POST /api/Member/Activate (§4 tier-1 activation). `onActivated` runs first (the page moves on);
 * only then is the lookup updated, since on /activate a tier-2 visitor is sent to sign in.
 */
export function useActivateKnownVisitor(publicId: string, handlers: { onActivated: (visitor: KnownVisitor) => Promise<void> | void; onError: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(API_PATHS.activateKnownVisitor, { body: { publicId } }),
    onSuccess: async (visitor) => {
      await handlers.onActivated(visitor);
      queryClient.setQueryData(knownVisitorQueryOptions(publicId).queryKey, visitor);
    },
    onError: handlers.onError,
  });
}
