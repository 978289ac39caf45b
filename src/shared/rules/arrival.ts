import { TIER_LEVELS } from '../constants/member';
import { hasMembers } from './partner-features';

/**
 * §4 query handling and §6 'unactivated users asked to activate': who is looked up on arrival and
 * who is asked to activate. Pure; the session feature (client/features/session/arrival.ts) runs it.
 */

/** A known-visitor lookup's state on arrival: none (no public id, or a member is signed in), loading, known, or in error. */
export type KnownVisitorStatus = 'none' | 'loading' | 'known' | 'error';

/**
 * The public id to look up on this page: none while a member is signed in (or still loading),
 * else the URL's, else the RN_PUBLIC_ID cookie's, else the one captured on an earlier page.
 */
export function arrivalPublicId(input: {
  memberLoading: boolean;
  signedIn: boolean;
  fromQuery: string | null;
  fromCookie: string | null;
  stored: string | null;
}): string | null {
  if (input.memberLoading || input.signedIn) return null;
  return input.fromQuery ?? input.fromCookie ?? input.stored ?? null;
}

export function knownVisitorStatus(input: { publicId: string | null; loading: boolean; error: boolean }): KnownVisitorStatus {
  if (!input.publicId) return 'none';
  if (input.error) return 'error';
  return input.loading ? 'loading' : 'known';
}

type Person = { publicId: string; tierLevel: number };
type SignedInMember = Person & { memberType: 'ClosedAccountMember' | 'EnrolledCardMember' | 'NonCardMember' };

/**
 * Pages where the prompt would be in the way or repeat itself: the activation flow itself, signing
 * in and out, joining, recovery and the error page.
 */
const NO_PROMPT_PATHS = [/^\/activate(\/|$)/, /^\/login(\/|$)/i, /^\/SignOut(\/|$)/i, /^\/join(\/|$)/, /^\/recover(\/|$)/,
  /^\/fix_credentials(\/|$)/, /^\/error(\/|$)/, /^\/auth\//];

/**
 * §6: a tier-1 (NonActivated) member or known visitor is asked to activate, where the partner has
 * an activation flow (§2 /activate: enrollmentType not none). A closed account is not (its only
 * page is re-enrolment), nor a visitor whose lookup failed. Answers whose public id to activate.
 */
export function activationPromptFor(input: {
  partner: { enrollmentType: 'direct' | 'sso' | 'none' };
  pathname: string;
  member: SignedInMember | null | undefined;
  visitor: Person | null | undefined;
  visitorStatus: KnownVisitorStatus;
}): { publicId: string } | null {
  if (!hasMembers(input.partner)) return null;
  if (NO_PROMPT_PATHS.some((re) => re.test(input.pathname))) return null;
  const { member } = input;
  if (member) {
    if (member.memberType === 'ClosedAccountMember') return null;
    return member.tierLevel === TIER_LEVELS.NonActivated ? { publicId: member.publicId } : null;
  }
  if (input.visitorStatus !== 'known' || !input.visitor) return null;
  return input.visitor.tierLevel === TIER_LEVELS.NonActivated ? { publicId: input.visitor.publicId } : null;
}

/** The activation flow for a public id (§2 /activate, query public id). */
export function activationHref(publicId: string): string {
  return `/activate?public_id=${encodeURIComponent(publicId)}`;
}
