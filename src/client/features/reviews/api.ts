import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_STATUS_IDS, REVIEWS_PAGE_SIZE } from '#shared/constants/reviews';
import { API_PATHS } from '#shared/api-paths';
import { call } from '#client/lib/api';

/**
 * Verified reviews' calls (docs/api-reviews.md). Member keys start with 'member' so signing out
 * drops them with the rest of the member's data; a restaurant's reviews are public.
 */
export const REVIEWS_MEMBER_KEY = ['member', 'reviews'] as const;
export const merchantReviewsKey = (merchantId: number) => ['merchants', 'reviews', merchantId] as const;

/** GET /api/reviews/status?txnId=…(repeated): after each page of activity loads (§7). */
export function reviewStatusQueryOptions(ids: readonly string[]) {
  const asked = [...new Set(ids)].slice(0, MAX_STATUS_IDS);
  return queryOptions({
    queryKey: [...REVIEWS_MEMBER_KEY, 'status', asked] as const,
    queryFn: ({ signal }) => call(API_PATHS.reviewStatus, { signal, query: { txnId: asked } }),
    enabled: asked.length > 0,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** Which of these rows are reviewed: a Set while known, undefined while loading (or when nothing is asked). */
export function useReviewedIds(ids: readonly string[]) {
  const query = useQuery(reviewStatusQueryOptions(ids));
  const data = query.data;
  return { reviewed: data ? new Set(data.filter((s) => s.completed).map((s) => s.id)) : undefined, query };
}

/** GET /api/reviews/dines/{txnId}: the visit the form is about. */
export function reviewableDineQueryOptions(txnId: string) {
  return queryOptions({
    queryKey: [...REVIEWS_MEMBER_KEY, 'dine', txnId] as const,
    queryFn: ({ signal }) => call(API_PATHS.reviewableDine, { params: { txnId }, signal }),
    staleTime: 0,
    refetchOnMount: 'always',
    retry: false,
  });
}

export function useReviewableDine(txnId: string) {
  return useQuery(reviewableDineQueryOptions(txnId));
}

/** GET /api/merchants/{merchantId}/reviews: public, newest first. */
export function merchantReviewsQueryOptions(merchantId: number, page: number) {
  return queryOptions({
    queryKey: [...merchantReviewsKey(merchantId), page] as const,
    queryFn: ({ signal }) => call(API_PATHS.merchantReviews, { params: { merchantId }, signal, query: { pageNo: page, resultsPerPage: REVIEWS_PAGE_SIZE } }),
  });
}

export function useMerchantReviews(merchantId: number, page: number) {
  return useQuery({ ...merchantReviewsQueryOptions(merchantId, page), placeholderData: keepPreviousData });
}
