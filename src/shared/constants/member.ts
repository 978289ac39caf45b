export const MEMBER_TYPES = ['ClosedAccountMember', 'EnrolledCardMember', 'NonCardMember'] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];
export const INTERFACE_TYPES = ['known', 'sso', 'direct'] as const;
export type InterfaceType = (typeof INTERFACE_TYPES)[number];
/** §3 tier levels. */
export const TIER_LEVELS = { OptedOut: 0, NonActivated: 1, OptedIn: 2, VIP: 3 } as const;
export const TIER_NAMES = ['OptedOut', 'NonActivated', 'OptedIn', 'VIP'] as const;
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

/** US states and territories (§2 profile state list). */
export const US_STATE_OPTIONS: ReadonlyArray<{ code: string; name: string }> = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AS', 'American Samoa'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'],
  ['CO', 'Colorado'], ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'], ['FL', 'Florida'], ['GA', 'Georgia'],
  ['GU', 'Guam'], ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'],
  ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'], ['MD', 'Maryland'], ['MA', 'Massachusetts'], ['MI', 'Michigan'],
  ['MN', 'Minnesota'], ['MS', 'Mississippi'], ['MO', 'Missouri'], ['MT', 'Montana'], ['NE', 'Nebraska'], ['NV', 'Nevada'],
  ['NH', 'New Hampshire'], ['NJ', 'New Jersey'], ['NM', 'New Mexico'], ['NY', 'New York'], ['NC', 'North Carolina'],
  ['ND', 'North Dakota'], ['MP', 'Northern Mariana Islands'], ['OH', 'Ohio'], ['OK', 'Oklahoma'], ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'], ['PR', 'Puerto Rico'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'], ['SD', 'South Dakota'],
  ['TN', 'Tennessee'], ['TX', 'Texas'], ['VI', 'U.S. Virgin Islands'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VA', 'Virginia'],
  ['WA', 'Washington'], ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
].map(([code, name]) => ({ code: code!, name: name! }));
export const US_STATE_CODES = US_STATE_OPTIONS.map((s) => s.code);
