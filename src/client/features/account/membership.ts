import type { CopyTokens, PartnerConfig } from '#shared/schemas/partner';
import type { Member } from '#shared/schemas/member';
import { normaliseTier } from '#shared/rules/earn-text';
import { VISIT_METER_MAX, type ProgressStatus } from '#shared/constants/rewards';

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

export type ProgressPart = { done: number; max: number; remaining: number };

export type DiningProgressView =
  | { kind: 'none' }
  /** §4 Complete: next year's VIP is secured; the progress itself is hidden. */
  | { kind: 'complete'; year: number }
  | {
      kind: 'meter';
      status: Exclude<ProgressStatus, 'Complete'>;
      /** The year the progress counts towards: next year while Renewing (§4 next-year label). */
      year: number;
      /** The visit meter: qualified dines this year out of the dines before VIP (§9 max 11). */
      dines: ProgressPart | null;
      dollars: ProgressPart | null;
    };

/**
 * §3/§4 dining progress towards VIP, for partners with VIP when the member has a target. The
 * meter counts the dines before VIP (dinesRequired 12 → max 11, §9 visit meter): the next dine
 * after a full meter makes the member VIP. Renewing and Complete speak of next year; Complete
 * hides the progress.
 */
export function diningProgressView(progress: Member['diningProgress'] | null | undefined, partner: Pick<PartnerConfig, 'hasVIP'>, now = new Date()): DiningProgressView {
  if (!progress || !partner.hasVIP) return { kind: 'none' };
  const thisYear = now.getFullYear();
  if (progress.status === 'Complete') return { kind: 'complete', year: thisYear + 1 };
  const year = thisYear + (progress.status === 'Renewing' ? 1 : 0);
  const qualified = progress.status === 'Qualified';
  const dines = visitMeter(progress.dinesRequired, progress.remainingDines, qualified);
  const dollars = part(progress.dollarsRequired, progress.remainingDollars, progress.dollarsRequired, qualified);
  if (!dines && !dollars) return { kind: 'none' };
  return { kind: 'meter', status: progress.status, year, dines, dollars };
}

function part(required: number, remaining: number, max: number, full: boolean): ProgressPart | null {
  if (!(required > 0) || !(max > 0)) return null;
  const left = full ? 0 : Math.min(required, Math.max(0, Math.round(remaining)));
  return { done: Math.min(max, required - left), max, remaining: left };
}

/** The visit meter: its maximum is the dines before VIP (dinesRequired − 1; §9 default 11). */
function visitMeter(required: number, remaining: number, full: boolean): ProgressPart | null {
  if (!(required > 0)) return null;
  return part(required, remaining, required > 1 ? required - 1 : VISIT_METER_MAX, full);
}

/** §2 referral link: /join with the account-centre campaign and the member as referrer, on this site. */
export function referralLink(origin: string, publicId: string): string {
  return `${origin}/join?utm_source=accountcenter&utm_medium=website&referrer=${encodeURIComponent(publicId)}`;
}
