export const MEMBER_TYPES = ['ClosedAccountMember', 'EnrolledCardMember', 'NonCardMember'] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];
export const INTERFACE_TYPES = ['known', 'sso', 'direct'] as const;
export type InterfaceType = (typeof INTERFACE_TYPES)[number];
/** §3 tier levels. */
export const TIER_LEVELS = { OptedOut: 0, NonActivated: 1, OptedIn: 2, VIP: 3 } as const;
export const PROGRESS_STATUSES = ['Building', 'QualifiedAndBuilding', 'Qualified', 'Renewing', 'Complete'] as const;
export const NAME_MAX = 20;
export const ADDRESS_MAX = 30;
export const CITY_MAX = 20;
/** Member states of §4 as content user_states name them. */
export type UserState = 'anonymous' | 'known_visitor' | 'non_card_member' | 'card_member' | 'closed_account_member';
/** Login-redirect value (§4 query handling: 60, unit not shown — minutes). */
export const LOGIN_REDIRECT_MINUTES = 60;
export const LOCKOUT_MINUTES = 30;
export const LOCKOUT_ATTEMPTS = 5;
export const RECOVERY_LINK_MINUTES = 60;
/** The one-time sign-in link (issue 25): the owner's way in while password sign-in is locked. */
export const SIGN_IN_LINK_MINUTES = 15;
