import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Redemption, RedemptionOptionsResponse, RedemptionRequest } from '#shared/schemas/redemptions';
import { isFinal } from '#shared/rules/redemptions';
import { API_PATHS } from '#shared/api-paths';
import { ApiError, call } from '#client/lib/api';
import { newIdempotencyKey } from '#client/lib/idempotency-key';
import { FRESH_ON_OPEN } from '#client/lib/fresh-on-open';
import { REWARDS_QUERY_KEY } from '../rewards';

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

const redemptionKey = (redemptionId: string) => [...REDEMPTIONS_QUERY_KEY, 'one', redemptionId] as const;

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

/**
 * A redemption attempt: its body and its Idempotency-Key, new per attempt and the same on a retry
 * of it (the server answers the retry with the redemption the first one made: it counts once).
 */
export type RedeemAttempt = { key: string; body: RedemptionRequest };

export function newRedeemAttempt(body: RedemptionRequest): RedeemAttempt {
  return { key: newIdempotencyKey(), body };
}

/** POST /api/Member/Redemptions: 201 with a new redemption, 200 with the one this attempt's key made before. */
export function redeem(attempt: RedeemAttempt): Promise<Redemption> {
  return call(API_PATHS.redeem, { body: attempt.body, headers: { 'idempotency-key': attempt.key } });
}

/**
 * Redeems an attempt; the new redemption is kept for its page, and the balance (here and on
 * Reviews & History) and the lists are asked again.
 */
export function useRedeem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeem,
    onSuccess: (redemption) => {
      queryClient.setQueryData(redemptionKey(redemption.redemptionId), redemption);
      void queryClient.invalidateQueries({ queryKey: [...REDEMPTIONS_QUERY_KEY, 'options'] });
      void queryClient.invalidateQueries({ queryKey: [...REDEMPTIONS_QUERY_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: REWARDS_QUERY_KEY });
    },
    onError: (error) => {
      // Refused for the balance or a limit: the balance shown may be out of date.
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: [...REDEMPTIONS_QUERY_KEY, 'options'] });
    },
  });
}

/** PUT /api/Member/RedemptionSettings: the automatic statement credit on or off; the answer is the options as they now are. */
export function useRedemptionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (autoStatementCredit: boolean) => call(API_PATHS.redemptionSettings, { body: { autoStatementCredit } }),
    onSuccess: (options) => {
      queryClient.setQueryData(redemptionOptionsQueryOptions().queryKey, options);
    },
  });
}
