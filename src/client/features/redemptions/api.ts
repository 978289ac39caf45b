import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Redemption, RedemptionOptionsResponse, RedemptionRequest } from '#shared/schemas/redemptions';
import { isFinal } from '#shared/rules/redemptions';
import { API_PATHS } from '#shared/api-paths';
import { call } from '#client/lib/api';
import { FRESH_ON_OPEN } from '#client/lib/fresh-on-open';

/**
 * Redemption calls (issue 28, docs/features/redemptions.md). Keys start with 'member' so signing
 * out drops them with the rest of the member's data. The balance and the redemptions move behind
 * the page's back (a provider answers, the team releases a hold), so they are asked again each
 * time the page opens, like Reviews & History.
 */
export const REDEMPTIONS_QUERY_KEY = ['member', 'redemptions'] as const;

export type { Redemption, RedemptionOptionsResponse, RedemptionRequest };

/** Redemptions a page of the Redeem page's history holds; Reviews & History shows the newest few. */
export const REDEMPTIONS_PAGE_SIZE = 10;
export const RECENT_REDEMPTIONS = 3;

/** How often a redemption on its way is asked for again while its page is open. */
export const REDEMPTION_POLL_MS = 5_000;

/** GET /api/Member/RedemptionOptions: the balance, what is set aside, the options, the cards, the e-mail and the automatic statement credit. */
export function redemptionOptionsQueryOptions() {
  return queryOptions({
    queryKey: [...REDEMPTIONS_QUERY_KEY, 'options'] as const,
    queryFn: ({ signal }) => call(API_PATHS.redemptionOptions, { signal }),
    ...FRESH_ON_OPEN,
  });
}

export function useRedemptionOptions() {
  return useQuery(redemptionOptionsQueryOptions());
}

/** GET /api/Member/Redemptions?pageNo&resultsPerPage: newest first. */
export function redemptionsQueryOptions(page: number, size = REDEMPTIONS_PAGE_SIZE) {
  return queryOptions({
    queryKey: [...REDEMPTIONS_QUERY_KEY, 'list', page, size] as const,
    queryFn: ({ signal }) => call(API_PATHS.redemptions, { signal, query: { pageNo: page, resultsPerPage: size } }),
    ...FRESH_ON_OPEN,
  });
}

/** A page of the member's redemptions; the previous page stays on screen while the next one loads. */
export function useRedemptions(page: number, size = REDEMPTIONS_PAGE_SIZE) {
  return useQuery({ ...redemptionsQueryOptions(page, size), placeholderData: keepPreviousData });
}

export const redemptionKey = (redemptionId: string) => [...REDEMPTIONS_QUERY_KEY, 'one', redemptionId] as const;

/** GET /api/Member/Redemptions/:redemptionId, asked again every few seconds until it is final (completed, rejected or failed). */
export function redemptionQueryOptions(redemptionId: string) {
  return queryOptions({
    queryKey: redemptionKey(redemptionId),
    queryFn: ({ signal }) => call(API_PATHS.redemption, { signal, params: { redemptionId } }),
    ...FRESH_ON_OPEN,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      // Nothing more will change once final; a failed load is not asked again on a timer either.
      return status === undefined || isFinal(status) ? false : REDEMPTION_POLL_MS;
    },
  });
}

export function useRedemption(redemptionId: string) {
  return useQuery(redemptionQueryOptions(redemptionId));
}
