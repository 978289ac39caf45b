import { TIER_LEVELS } from '#shared/constants/member';
import type { ActiveBonus } from '#shared/schemas/member';
import type { TierLevel } from '#shared/rules/earn-text';
import { diningProgressOf, effectiveTier, vipStanding, type VipSettings } from '#shared/rules/rewards/policy';

/**
 * A member's tier and dining progress as the engine's tables say (member_progress), not as the
 * member row was seeded, decided by the earning policy (rules/rewards/policy.ts) with the
 * partner's settings. The stored tier is the e-mail tier (0 opted out, 2 opted in), 1 until
 * activation, or 3 where VIP was granted outright (staging tools, a partner's status match); VIP
 * earned by dining is added while the member holds it, so it lapses by itself when a year passes
 * without renewal; on a partner without VIP nobody is VIP.
 */
export type MemberStanding = {
  tierLevel: TierLevel;
  diningProgress: ReturnType<typeof diningProgressOf> & { year: number };
  /** §3 activeBonuses, from the bonus tables (modules/bonuses); absent: none. */
  activeBonuses?: ActiveBonus[];
};

/** Qualified dines and rewards of this year and the last (member_progress rows; absent = 0). */
export type ProgressFigures = { dinesThisYear: number; dinesLastYear: number; rewardsThisYear: number };

export const NO_PROGRESS: ProgressFigures = { dinesThisYear: 0, dinesLastYear: 0, rewardsThisYear: 0 };

/** The tier a member has now (the policy's effectiveTier). */
export function currentTier(settings: VipSettings, storedTier: number, figures: Pick<ProgressFigures, 'dinesThisYear' | 'dinesLastYear'>): TierLevel {
  return effectiveTier(settings, { tier: storedTier, ...figures });
}

/**
 * The stored tier after the member changes the e-mail opt-in (§2 'Unlock access': opting in is
 * how a Basic member reaches Select): out → 0, in → 2 (3 again at once while VIP is held, by
 * currentTier). A member not yet activated stays 1 until activation.
 */
export function tierAfterEmailOptIn(storedTier: number, emailOptIn: boolean): number {
  if (storedTier === TIER_LEVELS.NonActivated) return storedTier;
  if (!emailOptIn) return TIER_LEVELS.OptedOut;
  return storedTier === TIER_LEVELS.VIP ? TIER_LEVELS.VIP : TIER_LEVELS.OptedIn;
}

export function standingOf(settings: VipSettings, storedTier: number, figures: ProgressFigures, year: number): MemberStanding {
  const member = { tier: storedTier, dinesThisYear: figures.dinesThisYear, dinesLastYear: figures.dinesLastYear };
  return {
    tierLevel: currentTier(settings, storedTier, figures),
    diningProgress: { ...diningProgressOf(vipStanding(settings, member, year), figures.rewardsThisYear), year },
  };
}
