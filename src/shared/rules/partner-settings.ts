import type { EarningSettings } from './rewards/policy';

/**
 * A partner's settings as the operator console changes them (issue 27 item 6): the feature
 * switches, what members earn (earn rates, earn basis, the VIP switch…), the adjustment limits,
 * the support contacts and the host names. Read by the server (it decides what applies at once
 * and what waits for a second person) and by the console (it says so before a change is sent).
 * Every field is a column of the partner row of the same name; the earning policy
 * (rules/rewards/policy.ts) and the switches (rules/partner-features.ts) read the row, never a copy.
 */

/** The feature switches staff may turn on and off, in the order the console shows them, with their words. */
export const SETTING_SWITCHES = {
  hasVIP: 'VIP tier (members reach VIP by dining and earn its rate)',
  acclaimed2Enabled: 'Acclaimed v2 (acclaimed restaurants open only from a tier)',
  hasReservationBonus: 'Reservation bonus (a bonus for dines booked through the site)',
  hasFlexOffers: 'Flex offers (extra offers per member)',
  acclaimedEnabled: 'Acclaimed restaurants filter',
  openTableReservationsEnabled: 'Table reservations',
  hasMerchantFavourites: 'Favourite restaurants',
  hasDiscoverPage: 'Discover page',
  hasAutoEnroll: 'Automatic enrolment',
  hasPartnerLoadedCards: 'Cards loaded by the partner',
  hasSmsOptIn: 'SMS opt-in (first version)',
  hasSmsOptInV2: 'SMS opt-in (second version, explicit consent)',
  emailOptInHidden: 'Hide the e-mail opt-in (the terms include the e-mails)',
  fullAddressRequired: 'Ask for a full postal address',
  hasPWAInstallBanner: 'Install-the-app banner',
  showEarnRate: 'Show the earn rate on restaurants',
  showNetworkLogo: 'Show the card network logo',
  cmsPreview: 'Content preview for staff (drafts on the site)',
  maintenanceMode: "Maintenance notice ('We're Working On It')",
} as const;
export type SettingSwitch = keyof typeof SETTING_SWITCHES;
export const SWITCH_KEYS = Object.keys(SETTING_SWITCHES) as [SettingSwitch, ...SettingSwitch[]];

/** The other settings, with their words. */
export const SETTING_VALUES = {
  earnRates: 'Earn rates by tier',
  earnBasis: 'Earn basis',
  vipQualifyingDines: 'VIP threshold (qualifying dines a year)',
  payoutBreakpointCents: 'Payout breakpoint (cash back)',
  adjustmentLimits: 'Adjustment limits per role',
  customerSupport: 'Support contacts',
  vipCustomerSupport: 'VIP support contacts',
  hosts: 'Host names',
} as const;
export type SettingValue = keyof typeof SETTING_VALUES;
export type SettingField = SettingSwitch | SettingValue;
export const SETTING_FIELDS = [...SWITCH_KEYS, ...(Object.keys(SETTING_VALUES) as SettingValue[])] as readonly SettingField[];

export function settingLabel(field: SettingField): string {
  return field in SETTING_SWITCHES ? SETTING_SWITCHES[field as SettingSwitch] : SETTING_VALUES[field as SettingValue];
}

/**
 * Every setting the earning policy reads (EarningSettings, rules/rewards/policy.ts): the compiler
 * refuses this list when the policy gains a setting it does not name, so a new earning setting
 * can never be changed without approval.
 */
const POLICY_FIELDS = ['earnRates', 'earnBasis', 'hasVIP', 'acclaimed2Enabled', 'vipQualifyingDines'] as const satisfies readonly (keyof EarningSettings & SettingField)[];
type MissingPolicyField = Exclude<keyof EarningSettings, (typeof POLICY_FIELDS)[number]>;
const policyCovered: [MissingPolicyField] extends [never] ? true : false = true;
void policyCovered;

/**
 * What changes what members earn, and so waits for a second person's approval: the policy's
 * settings, the bonuses and offers a switch opens (reservation bonus, flex offers), the payout
 * breakpoint (when cash back is paid), and the adjustment limits (what staff credit members
 * without a second person).
 */
export const EARNING_FIELDS: ReadonlySet<SettingField> = new Set<SettingField>([...POLICY_FIELDS, 'hasReservationBonus', 'hasFlexOffers', 'payoutBreakpointCents', 'adjustmentLimits']);

export function needsApproval(field: SettingField): boolean {
  return EARNING_FIELDS.has(field);
}

/** Tiers of the earn rates, in order (rules/rewards/policy.ts: 0 opted out … 3 VIP). */
export const EARN_RATE_TIERS = ['Basic (opted out of e-mail)', 'Not activated', 'Select (opted in)', 'VIP'] as const;
/** The highest earn rate (per $1 for miles and points, per cent of the basis for cash back). */
export const EARN_RATE_MAX = 100;

/** The VIP threshold's bounds, in qualified dines a calendar year. */
export const VIP_DINES_MIN = 1;
export const VIP_DINES_MAX = 100;

/** The payout breakpoint's bounds, in cents ($5 to $500). */
export const PAYOUT_BREAKPOINT_MIN = 500;
export const PAYOUT_BREAKPOINT_MAX = 50_000;

/** Support contacts as staff type them: the phone as shown, an e-mail address or a https contact page, and the words shown for it. */
export type SupportContacts = { phone: string; email: string; emailText: string };

/** The digits a phone number is dialled with. */
export const phoneDigits = (phone: string): string => phone.replace(/\D/g, '');

/** A host name the console never lets a partner have: the console's own, and the partner codes' own addresses. */
export function reservedHostProblem(host: string, opts: { opsHost: string | null; otherCodes: readonly string[] }): string | null {
  if (opts.opsHost && host === opts.opsHost) return `${host} is the operator console's address.`;
  const first = host.split('.')[0] ?? '';
  if (first === 'ops') return `${host} starts with 'ops', which is kept for the operator console.`;
  if (opts.otherCodes.includes(first)) return `${host} starts with another partner's code (${first}): that address serves that partner.`;
  return null;
}

/** Settings values as JSON with their keys in order, so that equal values read the same. */
const canonical = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, x]) => [k, canonical(x)]));
  return v;
};

/** Two settings values are the same (settings are plain JSON; key order does not count). */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
