import { useEffect } from 'react';
import { useSearchParams } from '#client/lib/router';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '#shared/routes';
import { activityPageFromQuery } from '#shared/rules/activity-page';
import { ApiError } from '#client/lib/api';
import { usePageHeadingFocus } from '#client/components/use-page-heading-focus';
import { MEMBER_QUERY_KEY } from '../../session';
import { useTransactions } from '../api';

export function activityHref(page: number): string {
  return page <= 1 ? paths.account.recentActivity() : paths.account.recentActivity({ page });
}

/**
 * §4 unauthorised → sign in: a 401 means the session ended behind the page, so the member is
 * forgotten and the account centre sends the visitor to sign in (saving this page to come back to).
 */
export function useSignInOnUnauthorised(...errors: unknown[]) {
  const queryClient = useQueryClient();
  const unauthorised = errors.some((e) => e instanceof ApiError && e.status === 401);
  useEffect(() => {
    if (unauthorised) queryClient.setQueryData(MEMBER_QUERY_KEY, null);
  }, [unauthorised, queryClient]);
  return unauthorised;
}

/**
 * Reviews & History's activity: the page of the URL (so back and forward work), its transactions
 * with the previous page kept on screen while the next loads, and focus moved to the list's
 * heading once the page a person chose has arrived.
 */
export function useActivityPage() {
  const [params] = useSearchParams();
  const page = activityPageFromQuery(params.get('page'));
  const query = useTransactions(page);
  const { headingRef, onNavigate } = usePageHeadingFocus(page, query.isSuccess && !query.isPlaceholderData);

  const data = query.data;
  return {
    page,
    query,
    rows: data?.data ?? [],
    totalPages: data?.totalPages ?? 0,
    /** First load: nothing to show yet. */
    loading: query.isPending,
    /** Another page is on its way; the previous one is still shown. */
    loadingMore: query.isPlaceholderData && query.isFetching,
    headingRef,
    onNavigate,
    hrefFor: activityHref,
  };
}
