import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '#shared/api-paths';
import { call } from '#client/lib/api';
import { FRESH_ON_OPEN } from '#client/lib/fresh-on-open';
import { rewardsQueryKeys } from '#shared/rewards-query-keys';
import { ACTIVITY_PAGE_SIZE } from '#shared/rules/activity-page';

/**
 * Rewards calls (§7; docs/rewards-engine.md). Keys (#shared/first-screen queryKeys, which the page
 * inlines Reviews & History's answers under) start with 'member' so signing out drops them with
 * the rest of the member's data (features/session signOut); REWARDS_QUERY_KEY is their common
 * prefix, for whoever adds a dine (the staging tools) to refresh them all.
 */
export const REWARDS_QUERY_KEY = rewardsQueryKeys.all;

/** GET /api/Member/Transactions?pageNo&resultsPerPage. */
export function transactionsQueryOptions(page: number) {
  return queryOptions({
    queryKey: rewardsQueryKeys.transactions(page),
    queryFn: ({ signal }) => call(API_PATHS.transactions, { signal, query: { pageNo: page, resultsPerPage: ACTIVITY_PAGE_SIZE } }),
    ...FRESH_ON_OPEN,
  });
}

/** The page's transactions; the previous page stays on screen while the next one loads. */
export function useTransactions(page: number) {
  return useQuery({ ...transactionsQueryOptions(page), placeholderData: keepPreviousData });
}

/** GET /api/Member/DineSummary: this year's rewards and dines. */
export function dineSummaryQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: rewardsQueryKeys.dineSummary,
    queryFn: ({ signal }) => call(API_PATHS.dineSummary, { signal }),
    enabled,
    ...FRESH_ON_OPEN,
  });
}

export function useDineSummary(enabled = true) {
  return useQuery(dineSummaryQueryOptions(enabled));
}

/** GET /api/Member/StatementCreditBalance (cash partners): the balance and the payout breakpoint, in dollars. */
export function creditBalanceQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: rewardsQueryKeys.creditBalance,
    queryFn: ({ signal }) => call(API_PATHS.creditBalance, { signal }),
    enabled,
    ...FRESH_ON_OPEN,
  });
}

export function useCreditBalance(enabled = true) {
  return useQuery(creditBalanceQueryOptions(enabled));
}
