import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Claim, ClaimRequest, ClaimSubmitResponse } from '#shared/schemas/claims';
import { API_PATHS } from '#shared/api-paths';
import { call } from '#client/lib/api';
import { REWARDS_QUERY_KEY } from '../rewards';

/**
 * Missing-reward claim calls (docs/api-claims.md). Keys start with 'member' so signing out drops
 * them with the rest of the member's data.
 */
export const CLAIMS_QUERY_KEY = ['member', 'claims'] as const;

export type { Claim, ClaimRequest, ClaimSubmitResponse };

/** GET /api/Member/Claims: fetched whenever the page opens (a claim's status moves behind the page's back). */
export function claimsQueryOptions() {
  return queryOptions({
    queryKey: CLAIMS_QUERY_KEY,
    queryFn: ({ signal }) => call(API_PATHS.claims, { signal }),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useClaims() {
  return useQuery(claimsQueryOptions());
}

/** POST /api/Member/Claims; the list and the member's rewards are fetched again after it. */
export function useSubmitClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClaimRequest) => call(API_PATHS.submitClaim, { body }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CLAIMS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: REWARDS_QUERY_KEY }),
      ]);
    },
  });
}
