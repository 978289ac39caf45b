import { TIER_LEVELS } from '../../constants/member';
import type { EarnBasis, ProgressStatus } from '../../constants/rewards';
import type { CurrencyType } from '../../constants/partner';
import { normaliseTier, type TierLevel } from '../earn-text';

/**
 * The part of the earning policy (policy.ts, which re-exports all of it) that every page needs
 * from its first render: the tier a member holds now, the rate in words (the reader's copy tokens,
 * features/content/content-provider.tsx) and the VIP meter (the announcement banner's and home's
 * variants, rules/home-variant.ts). Kept apart so the first load carries these few rules and not
 * the whole policy (the engine's decisions, the earn line, the booking marks), which the screens
 * that use it load with them.
 */

export type EarnRates = readonly [number, number, number, number];

/** The partner settings the policy reads (the partner row: earn_rates, has_vip, earn_basis, acclaimed2_enabled). */
export type EarningSettings = {
  /** Miles or points per $1 (Mile/Point partners), or per cent (Dollar/Credit), of tiers 0–3. */
  earnRates: EarnRates;
  /** §1 VIP switch: without it nobody is VIP, by dining or otherwise. */
  hasVIP: boolean;
  earnBasis: EarnBasis;
  /** §1 acclaimed v2: restaurants' acclaimed campaigns are open only from a tier (TIER_GATED_CAMPAIGNS). */
  acclaimed2Enabled: boolean;
  /** The VIP threshold: qualified dines in a calendar year that make a member VIP (§9 default VIP_QUALIFYING_DINES). */
  vipQualifyingDines: number;
};

/** The settings VIP by dining reads: the switch and the threshold. */
export type VipSettings = Pick<EarningSettings, 'hasVIP' | 'vipQualifyingDines'>;

/** A member as the policy sees them: the stored tier and the year's qualified dines. */
export type EarningMember = {
  /** Stored tier: 0 opted out of e-mail, 1 not activated, 2 opted in, 3 VIP granted outright. */
  tier: number;
  /** Qualified dines of the year in question so far (before the dine being decided). */
  dinesThisYear: number;
  /** Qualified dines of the year before. */
  dinesLastYear: number;
};

// ---------------------------------------------------------------------------------------------
// Tiers and VIP

/** The top tier of a partner: VIP where the partner has it, Select (opted in) otherwise. */
export function topTier(settings: Pick<EarningSettings, 'hasVIP'>): TierLevel {
  return settings.hasVIP ? TIER_LEVELS.VIP : TIER_LEVELS.OptedIn;
}

/** A stored tier as a tier level (an unknown one reads as Basic). */
export const storedTier = (tier: number): TierLevel => normaliseTier(tier) ?? TIER_LEVELS.OptedOut;

/** Whether dining can make this member VIP: the partner has VIP and the member is opted in (Basic and not activated members cannot). */
export function vipReachableByDining(settings: Pick<EarningSettings, 'hasVIP'>, tier: number): boolean {
  return settings.hasVIP && storedTier(tier) >= TIER_LEVELS.OptedIn;
}

/** VIP is held in a year with the partner's threshold of qualified dines in it or in the year before. */
export function vipByDines(settings: Pick<EarningSettings, 'vipQualifyingDines'>, dinesThisYear: number, dinesLastYear: number): boolean {
  return dinesThisYear >= settings.vipQualifyingDines || dinesLastYear >= settings.vipQualifyingDines;
}

/**
 * The tier a member holds now: Basic (0) and not activated (1) as stored; an opted-in member (2) is
 * VIP (3) while holding VIP by dining; a granted VIP (3) stays VIP. Without the partner's VIP
 * switch nobody is above Select.
 */
export function effectiveTier(settings: VipSettings, member: EarningMember): TierLevel {
  const stored = storedTier(member.tier);
  if (!settings.hasVIP) return Math.min(stored, TIER_LEVELS.OptedIn) as TierLevel;
  if (stored === TIER_LEVELS.OptedIn && vipByDines(settings, member.dinesThisYear, member.dinesLastYear)) return TIER_LEVELS.VIP;
  return stored;
}

// ---------------------------------------------------------------------------------------------
// Words: rates

export type Currency = { type: CurrencyType; singular: string; plural: string };

const SMALL_WORDS = new Set(['per', 'in', 'of', 'on', 'a', 'and']);
const titleCase = (text: string) => text.split(' ').map((w, i) => (i > 0 && SMALL_WORDS.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1))).join(' ');

/** A rate in words: "1 mile per $1", "5% cash back", "10% back in dining credits" (proper: title case). */
export function rateText(rate: number, currency: Currency, proper = false): string {
  let text: string;
  if (currency.type === 'Mile' || currency.type === 'Point') text = `${rate} ${rate === 1 ? currency.singular : currency.plural} per $1`;
  else if (currency.plural === 'cash back') text = `${rate}% cash back`;
  else text = `${rate}% back in ${currency.plural}`;
  return proper ? titleCase(text) : text;
}

// ---------------------------------------------------------------------------------------------
// The reader's own rate and the VIP meter, as every screen shows it

/**
 * The tier a visitor earns at once they join with e-mails on (modules/enrollment: opted in → 2; a
 * partner that offers no opt-in joins members at 2 too): the rate the copy promises a visitor.
 */
export const JOINING_TIER: TierLevel = TIER_LEVELS.OptedIn;

/** The copy tokens resolved for the reader where the copy is rendered (never stored, never the partner's). */
export const MEMBER_COPY_TOKENS = ['memberEarning', 'memberProperEarning'] as const;
export type MemberCopyTokens = Record<(typeof MEMBER_COPY_TOKENS)[number], string>;

/**
 * The reader's own rate (§3 issue 24 review): {{memberEarning}} ("1 mile per $1") and
 * {{memberProperEarning}} ("1 Mile per $1") are the rate of the tier the signed-in member holds now
 * (effectiveTier: VIP while held); a visitor (null) reads the rate they would earn on joining
 * (JOINING_TIER). Without the restaurant's multiplier: a '2X' restaurant says its own on its tile.
 */
export function memberEarningTokens(settings: Pick<EarningSettings, 'earnRates'> & VipSettings, currency: Currency, member: EarningMember | null): MemberCopyTokens {
  const tier = member ? effectiveTier(settings, member) : Math.min(JOINING_TIER, topTier(settings)) as TierLevel;
  const rate = settings.earnRates[tier] ?? 0;
  return { memberEarning: rateText(rate, currency), memberProperEarning: rateText(rate, currency, true) };
}

/** GET /api/Member's fields the meter reads (made by vipStanding and diningProgressOf). */
export type MeterMember = {
  tierLevel: number;
  diningProgress: { status: ProgressStatus; dinesRequired: number; remainingDines: number; year: number };
};

export type VipMeterView =
  | { kind: 'none' }
  /** Counting: `done` of `max` qualified dines in `countYear`; `remaining` more make (Building) or keep (Renewing) VIP. */
  | { kind: 'counting'; renewing: boolean; done: number; max: number; remaining: number; countYear: number; vipThrough: number | null }
  /** At the top: VIP through `through` (null: granted VIP, no end date). */
  | { kind: 'vip'; through: number | null };

/**
 * The VIP meter of home, the overview and discover: the same figures everywhere, read from the
 * member's standing. Nothing where the partner has no VIP or dining cannot lead to it (Basic, not
 * activated); a countdown only while one is at stake.
 */
export function vipMeterView(settings: Pick<EarningSettings, 'hasVIP'>, member: MeterMember): VipMeterView {
  if (!settings.hasVIP) return { kind: 'none' };
  const p = member.diningProgress;
  const year = p.year;
  if (!(p.dinesRequired > 0) || !vipReachableByDining(settings, member.tierLevel)) return member.tierLevel === TIER_LEVELS.VIP ? { kind: 'vip', through: null } : { kind: 'none' };
  const remaining = Math.min(p.dinesRequired, Math.max(0, Math.round(p.remainingDines)));
  const counting = (renewing: boolean) => ({ kind: 'counting' as const, renewing, done: p.dinesRequired - remaining, max: p.dinesRequired, remaining, countYear: year, vipThrough: renewing ? year : null });
  switch (p.status) {
    case 'Building': return counting(false);
    case 'Renewing': return counting(true);
    // VIP by dining lasts through next year; a granted VIP (still short of the count) has no such date.
    case 'Qualified':
    case 'QualifiedAndBuilding':
    case 'Complete': return { kind: 'vip', through: remaining > 0 ? null : year + 1 };
  }
}

const dinesWord = (n: number) => `${n} qualifying ${n === 1 ? 'dine' : 'dines'}`;

/** The meter's figures in words: "4 of 11 qualifying dines in 2026". */
export function vipMeterFigures(view: Extract<VipMeterView, { kind: 'counting' }>): string {
  return `${view.done} of ${dinesWord(view.max)} in ${view.countYear}`;
}

/** The meter's sentence, the same on every screen. */
export function vipMeterText(view: VipMeterView): string | null {
  switch (view.kind) {
    case 'none': return null;
    case 'vip': return view.through === null ? 'You are VIP.' : `You are VIP through ${view.through}.`;
    case 'counting': {
      if (view.renewing) {
        const lead = `You are VIP through ${view.vipThrough}.`;
        if (view.remaining === 0) return `${lead} You keep VIP through ${view.countYear + 1}.`;
        return `${lead} ${view.remaining === 1 ? 'One more qualifying dine' : `${view.remaining} more qualifying dines`} in ${view.countYear} keep${view.remaining === 1 ? 's' : ''} you VIP through ${view.countYear + 1}.`;
      }
      if (view.remaining === 1) return `One more qualifying dine in ${view.countYear} makes you VIP: every dine after it earns the VIP rate.`;
      return `${view.remaining} more qualifying dines in ${view.countYear} make you VIP: every dine after that earns the VIP rate.`;
    }
  }
}

/**
 * The member as the policy sees them, from GET /api/Member's answer (a screen has no stored tier):
 * the tier held now (3 while VIP) and this year's qualified dines as the meter counts them.
 */
export function memberFromStanding(member: MeterMember): EarningMember {
  // An answer without its progress (never from our server) still has a tier to earn at.
  const p = member.diningProgress as MeterMember['diningProgress'] | undefined;
  return { tier: member.tierLevel, dinesThisYear: p && p.dinesRequired > 0 ? Math.max(0, p.dinesRequired - p.remainingDines) : 0, dinesLastYear: 0 };
}
