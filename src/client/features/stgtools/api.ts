import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberStateRequest } from '#shared/schemas/stgtools';
import { API_PATHS } from '#shared/api-paths';
import { call } from '../../lib/api';
import { applySignedIn, MEMBER_QUERY_KEY } from '../session';
import { REWARDS_QUERY_KEY } from '../rewards';

/** Staging tools calls (docs/api-members.md; absent in production). */

export function demoMembersQueryOptions() {
  return queryOptions({
    queryKey: ['stgtools', 'members'] as const,
    queryFn: ({ signal }) => call(API_PATHS.demoMembers, { signal }),
    retry: false,
  });
}

/** GET /api/stgtools/partner-numbers: valid, unused partner numbers to join with (drawn afresh on each fetch). */
export function partnerNumbersQueryOptions() {
  return queryOptions({
    queryKey: ['stgtools', 'partner-numbers'] as const,
    queryFn: ({ signal }) => call(API_PATHS.demoPartnerNumbers, { signal }),
    retry: false,
    staleTime: 0,
  });
}

export function outboxQueryOptions() {
  return queryOptions({
    queryKey: ['stgtools', 'outbox'] as const,
    queryFn: ({ signal }) => call(API_PATHS.outbox, { signal }),
    retry: false,
    // Mails arrive while the tester works elsewhere: fetch again whenever the page is opened.
    staleTime: 0,
  });
}

/** POST /api/stgtools/sign-in-as: the demo member's session, applied like a sign-in. */
export function useSignInAs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publicId: string) => call(API_PATHS.signInAs, { body: { publicId } }),
    onSuccess: (answer) => applySignedIn(queryClient, answer),
  });
}

/** PUT /api/stgtools/member-state: the signed-in member's tier and type; the member query takes the answer. */
export function useSetMemberState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberStateRequest) => call(API_PATHS.setMemberState, { body }),
    onSuccess: (member) => queryClient.setQueryData(MEMBER_QUERY_KEY, member),
  });
}

/** POST /api/stgtools/dines: a dine of the signed-in member, sent through the card-network webhook. */
export type DineNowRequest = {
  merchantId: number;
  amountCents: number;
  /** The member's first card when left out. */
  cardId?: number;
  /** true (the default): authorise and clear at once; false: authorise only (the dine stays Pending). */
  clear?: boolean;
  /** Clear this earlier authorisation (its transaction id) with amountCents instead of a new purchase. */
  clearTransactionId?: string;
};

/**
 * "Dine now": the engine applies the events within a few seconds, so the member's rewards and
 * progress are marked stale for Reviews & History and the overview to fetch again.
 */
export function useDineNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DineNowRequest) => call(API_PATHS.dineNow, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: REWARDS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: MEMBER_QUERY_KEY, exact: true });
    },
  });
}
