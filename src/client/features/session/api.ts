import { useEffect, useRef } from 'react';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { NavigationType, useLocation, useNavigationType } from '#client/lib/router';
import { queryKeys } from '#shared/first-screen';
import type { Member } from '#shared/schemas/member';
import { API_PATHS } from '#shared/api-paths';
import { ApiError, call } from '../../lib/api';
import { browserLocation } from '../../lib/browser-location';
import { setCsrfToken } from '../../lib/csrf';

export const MEMBER_QUERY_KEY = queryKeys.member;

/** GET /api/Member: the signed-in member, or null when there is none (401 is not an error). */
export async function fetchMember(signal?: AbortSignal): Promise<Member | null> {
  try {
    return await call(API_PATHS.member, { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/**
 * §4: fetched once, never stale on its own, not refetched on focus or reconnect; the layout
 * refetches it on each navigation (useRefetchMemberOnNavigation), which also renews the session.
 */
export function memberQueryOptions() {
  return queryOptions({
    queryKey: MEMBER_QUERY_KEY,
    queryFn: ({ signal }) => fetchMember(signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}

export function useMember(): { member: Member | null; isLoading: boolean } {
  const query = useQuery(memberQueryOptions());
  return { member: query.data ?? null, isLoading: query.isPending };
}

/**
 * §4: the member is refetched on each navigation (not on the first render: the page brought it or
 * the query fetches it). An address replaced in place (the search screen filling in its location,
 * 'source' taken out of the address) is the same page, not a navigation: no refetch (it used to
 * fire one right after the first, issue 13).
 */
export function useRefetchMemberOnNavigation(queryClient: QueryClient) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const first = useRef(true);
  const signingOut = /^\/SignOut\/?$/i.test(location.pathname);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (navigationType === NavigationType.Replace) return;
    // /SignOut ends the session itself; a refetch racing it could bring the member back.
    if (signingOut) return;
    void queryClient.refetchQueries({ queryKey: MEMBER_QUERY_KEY, exact: true });
    // Only a new location counts; the navigation type is read with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key, queryClient, signingOut]);
}

export type SessionAnswer = { member: Member; csrfToken: string };

/** After sign-in, joining or fix-credentials: the session (and so the token) is new. */
export function applySignedIn(queryClient: QueryClient, answer: SessionAnswer) {
  setCsrfToken(answer.csrfToken);
  queryClient.setQueryData(MEMBER_QUERY_KEY, answer.member);
}

/**
 * GET /api/SignOut (keepalive, so it completes even when the page goes away), then the token
 * the server hands back for the new anonymous session. The member query is set to null. For a
 * single sign-on member the answer carries the identity provider's sign-out address
 * (endSessionUrl): the browser leaves for it at once (a top-level GET, no form crossing sites), so
 * the provider's session ends too and it returns to /SignOut. It leaves before the member is
 * forgotten here: a page that needs a member would otherwise send the browser to the provider's
 * sign-in first, which would sign the member straight back in.
 */
export async function signOut(queryClient?: QueryClient): Promise<{ endSessionUrl?: string }> {
  const answer = await call(API_PATHS.signOut, { keepalive: true, csrf: true });
  if (answer?.csrfToken) setCsrfToken(answer.csrfToken);
  if (answer?.endSessionUrl) browserLocation.leave(answer.endSessionUrl);
  if (queryClient) {
    // A member fetch still under way belongs to the old session: drop its answer.
    await queryClient.cancelQueries({ queryKey: MEMBER_QUERY_KEY, exact: true });
    queryClient.setQueryData(MEMBER_QUERY_KEY, null);
    // Member-scoped data (keys starting with 'member': cards, transactions …) belongs to the old session.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] === MEMBER_QUERY_KEY[0] && q.queryKey.length > 1 });
  }
  return { endSessionUrl: answer?.endSessionUrl };
}
