import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMember } from './api';
import {
  isLoginRedirectTarget, isPublicIdShape, readKnownPublicId, readPublicIdCookie, referralFromQuery, saveKnownPublicId,
  saveLoginRedirect, saveReferral, subscribeKnownPublicId,
} from './arrival-storage';

export { readKnownPublicId, readLoginRedirect, readReferral, clearLoginRedirect } from './arrival-storage';

/** The public id of a known visitor from the page's query (?public_id=, or ?publicId= on /activate). */
export function publicIdFromQuery(params: URLSearchParams): string | null {
  const v = params.get('public_id') ?? params.get('publicId');
  return isPublicIdShape(v) ? v : null;
}

/**
 * §4 query handling, run by the layout on every navigation: referral values saved on arrival
 * (clearing older ones), 'source' stripped from the address, the public id saved when no member
 * is signed in, and the current path and query saved as the login-redirect value.
 */
export function useArrival() {
  const location = useLocation();
  const navigate = useNavigate();
  const { member, isLoading } = useMember();
  /** The address this hook just cleaned: arriving there is not a new arrival. */
  const cleanedTo = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const here = location.pathname + location.search;
    const ownReplace = cleanedTo.current === here;
    cleanedTo.current = null;
    const referral = ownReplace ? null : referralFromQuery(params);
    if (referral) saveReferral(referral);
    if (params.has('source')) {
      params.delete('source');
      const search = params.toString() ? `?${params.toString()}` : '';
      cleanedTo.current = location.pathname + search;
      void navigate({ pathname: location.pathname, search, hash: location.hash }, { replace: true, state: location.state });
      // The next run (with the cleaned address) saves the login-redirect value.
      return;
    }
    if (isLoginRedirectTarget(location.pathname)) saveLoginRedirect(location.pathname + location.search);
  }, [location.pathname, location.search, location.hash, location.state, navigate]);

  useEffect(() => {
    if (isLoading || member) return;
    const id = publicIdFromQuery(new URLSearchParams(location.search)) ?? readPublicIdCookie();
    if (id) saveKnownPublicId(id);
  }, [location.search, member, isLoading]);
}

/** The known visitor's public id (§3), re-rendering when it is captured. */
export function useKnownPublicId(): string | null {
  return useSyncExternalStore(subscribeKnownPublicId, readKnownPublicId, () => null);
}
