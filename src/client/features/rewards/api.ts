import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '#shared/api-paths';
import { call } from '#client/lib/api';

/**
 * Rewards calls (§7; docs/rewards-engine.md). Keys start with 'member' so signing out drops them
 * with the rest of the member's data (features/session signOut); REWARDS_QUERY_KEY is their
 * common prefix, for whoever adds a dine (the staging tools) to refresh them all.
 */
export const REWARDS_QUERY_KEY = ['member', 'rewards'] as const;

/** §9: activity page size 10, pages from 1. */
export const ACTIVITY_PAGE_SIZE = 10;

/**
 * A member's history changes behind the page's back (a clearing arrives, a payout runs): it is
 * fetched again whenever Reviews & History is opened, unlike the app's "fetched once" data.
 */
const FRESH_ON_OPEN = { staleTime: 0, refetchOnMount: 'always' } as const;

/** GET /api/Member/Transactions?pageNo&resultsPerPage. */
export function transactionsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...REWARDS_QUERY_KEY, 'transactions', page] as const,
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
    queryKey: [...REWARDS_QUERY_KEY, 'dineSummary'] as const,
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
    queryKey: [...REWARDS_QUERY_KEY, 'creditBalance'] as const,
    queryFn: ({ signal }) => call(API_PATHS.creditBalance, { signal }),
    enabled,
    ...FRESH_ON_OPEN,
  });
}

export function useCreditBalance(enabled = true) {
  return useQuery(creditBalanceQueryOptions(enabled));
}
