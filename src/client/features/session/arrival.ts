import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from '#client/lib/router';
import { arrivalPublicId, knownVisitorStatus, type KnownVisitorStatus } from '#shared/rules/arrival';
import type { KnownVisitor } from '#shared/rules/activation';
import type { Member } from '#shared/schemas/member';
import { useMember } from './api';
import { useKnownVisitor } from './known-visitor';
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

export type ArrivalVisitor = {
  /** The public id looked up on this page (none while a member is signed in). */
  publicId: string | null;
  /** §4: a failed lookup marks the known visitor in error (the page carries on as for a visitor). */
  status: KnownVisitorStatus;
  visitor: KnownVisitor | null;
  member: Member | null;
  memberLoading: boolean;
};

/**
 * §4 known-visitor lookup on every page: when no member is signed in and a public id is in the
 * URL (?public_id=), the RN_PUBLIC_ID cookie or was captured earlier, GET /api/Member/{publicId}
 * (cached for the visit, shared with /activate).
 */
export function useArrivalVisitor(): ArrivalVisitor {
  const location = useLocation();
  const { member, isLoading } = useMember();
  const stored = useKnownPublicId();
  const publicId = arrivalPublicId({
    memberLoading: isLoading,
    signedIn: Boolean(member),
    fromQuery: publicIdFromQuery(new URLSearchParams(location.search)),
    fromCookie: readPublicIdCookie(),
    stored,
  });
  const lookup = useKnownVisitor(publicId);
  return {
    publicId,
    status: knownVisitorStatus({ publicId, loading: lookup.isLoading, error: lookup.isError }),
    visitor: lookup.visitor,
    member: member ?? null,
    memberLoading: isLoading,
  };
}
