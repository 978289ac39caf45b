import type { CopyTokens } from '#shared/schemas/partner';
import { normaliseTier } from '#shared/rules/earn-text';

/** §6 tier names (Basic, Select, VIP); tier 1 members have not activated yet. */
export const TIER_NAMES = ['Basic', 'Not activated', 'Select', 'VIP'] as const;

export function tierName(tier: number): string {
  return TIER_NAMES[normaliseTier(tier) ?? 0];
}

/** The partner's earning copy for a tier: currentEarningN ("3 miles per $1") and properEarningN ("3 Miles per $1"). */
export function tierEarning(tier: number, copy: Pick<CopyTokens, `currentEarning${0 | 1 | 2 | 3}` | `properEarning${0 | 1 | 2 | 3}`>) {
  const t = normaliseTier(tier) ?? 0;
  return { current: copy[`currentEarning${t}`], proper: copy[`properEarning${t}`] };
}

/** A date-only or ISO timestamp as 'March 4, 2024' (UTC, so a join date never shifts a day). */
export function formatJoinDate(value: string): string | null {
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(d.getTime())) return null;
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** §2 referral link: /join with the account-centre campaign and the member as referrer, on this site. */
export function referralLink(origin: string, publicId: string): string {
  return `${origin}/join?utm_source=accountcenter&utm_medium=website&referrer=${encodeURIComponent(publicId)}`;
}
