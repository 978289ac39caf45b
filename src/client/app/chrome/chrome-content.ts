import type { NavLinkConfig, PartnerConfig } from '#shared/schemas/partner';
import type { UserState } from '#shared/constants/member';
import { paths } from '#shared/routes';
import { canSignInWithPassword, hasMembers } from '#shared/rules/partner-features';
import { useContentItem } from '../../features/content';
import { usePartner } from '../../lib/partner';

type EnrollmentType = PartnerConfig['enrollmentType'];

export type AuthLink = { key: 'signIn' | 'join' | 'account'; text: string; to: string };

export const ACCOUNT_LINK_TEXT = 'My Account';
export const ENROLLMENT_SIGN_IN_TEXT = 'Already a member? Sign in';

const signInLink: AuthLink = { key: 'signIn', text: 'Sign in', to: paths.login() };
const joinLink: AuthLink = { key: 'join', text: 'Join', to: paths.join() };
const accountLink: AuthLink = { key: 'account', text: ACCOUNT_LINK_TEXT, to: paths.account.overview() };

/**
 * §2 member area for an anonymous visitor (or a known visitor, who is not signed in): direct
 * partners offer Sign in and Join, single sign-on partners only the join link, partners without
 * enrolment nothing.
 */
export function anonymousAuthLinks(enrollmentType: EnrollmentType): AuthLink[] {
  if (canSignInWithPassword({ enrollmentType })) return [signInLink, joinLink];
  return hasMembers({ enrollmentType }) ? [joinLink] : [];
}

const signedIn = (state: UserState) => state === 'card_member' || state === 'non_card_member' || state === 'closed_account_member';

/**
 * What the top bar's member area shows (§2 page chrome, §6):
 * - 'account': the card member's account dropdown;
 * - 'links': auth links, plus Sign out for a signed-in member who is not a card member;
 * - 'enrollment': on enrolment pages, 'Already a member? Sign in' (direct) or Sign out (a member).
 *
 * A non-card member is signed in, so direct partners offer them Join and Sign out rather than
 * Sign in; a closed-account member only Sign out (the re-enrolment page is their body).
 */
export type MemberArea =
  | { kind: 'none' }
  | { kind: 'account' }
  | { kind: 'links'; links: AuthLink[]; signOut: boolean };

export function memberArea(opts: { enrollmentType: EnrollmentType; userState: UserState; enrollmentPage: boolean }): MemberArea {
  const { enrollmentType, userState, enrollmentPage } = opts;
  if (!hasMembers({ enrollmentType })) return { kind: 'none' };
  if (enrollmentPage) {
    if (signedIn(userState)) return { kind: 'links', links: [], signOut: true };
    return canSignInWithPassword({ enrollmentType }) ? { kind: 'links', links: [{ ...signInLink, text: ENROLLMENT_SIGN_IN_TEXT }], signOut: false } : { kind: 'none' };
  }
  switch (userState) {
    case 'card_member':
      return { kind: 'account' };
    case 'non_card_member':
      return { kind: 'links', links: [joinLink], signOut: true };
    case 'closed_account_member':
      return { kind: 'links', links: [], signOut: true };
    default:
      return { kind: 'links', links: anonymousAuthLinks(enrollmentType), signOut: false };
  }
}

/**
 * §2 main menu section (1): join/sign-in links, the account centre for a card member, the join
 * link for a non-card member. Section (5), sign out, is there for every signed-in member.
 */
export function menuAuthLinks(enrollmentType: EnrollmentType, userState: UserState): { links: AuthLink[]; signOut: boolean } {
  if (!hasMembers({ enrollmentType })) return { links: [], signOut: false };
  switch (userState) {
    case 'card_member':
      return { links: [accountLink], signOut: true };
    case 'non_card_member':
      return { links: [joinLink], signOut: true };
    case 'closed_account_member':
      return { links: [], signOut: true };
    default:
      return { links: anonymousAuthLinks(enrollmentType), signOut: false };
  }
}

/**
 * §2 footer: primary links end with the auth link: the account centre for a card member, the
 * join link for a non-card member, the partner's anonymous (join) link for everyone else who is
 * not signed in. A closed-account member has neither.
 */
export function footerAuthLink(enrollmentType: EnrollmentType, userState: UserState = 'anonymous'): AuthLink | null {
  if (!hasMembers({ enrollmentType })) return null;
  switch (userState) {
    case 'card_member':
      return accountLink;
    case 'closed_account_member':
      return null;
    default:
      return joinLink;
  }
}

function parseNavLinks(value: unknown): NavLinkConfig[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v) => {
    if (!v || typeof v !== 'object') return [];
    const o = v as Record<string, unknown>;
    const url = typeof o.url === 'string' ? o.url.trim() : '';
    const text_desktop = typeof o.text_desktop === 'string' ? o.text_desktop : '';
    const text_mobile = typeof o.text_mobile === 'string' ? o.text_mobile : '';
    return url && (text_desktop.trim() || text_mobile.trim()) ? [{ url, text_desktop, text_mobile }] : [];
  });
}

/** §2 configured nav links: the partner's own, then the content '*' navbar links (no duplicate URLs). */
export function useNavLinks(): NavLinkConfig[] {
  const partner = usePartner();
  const fields = useContentItem('*', 'navbar') ?? {};
  const seen = new Set<string>();
  return [...parseNavLinks(partner.navLinks), ...parseNavLinks(fields.links)].filter((l) => {
    if (seen.has(l.url)) return false;
    seen.add(l.url);
    return true;
  });
}
