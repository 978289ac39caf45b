import { TIER_LEVELS } from '#shared/constants/member';
import type { MemberBonus } from '../../db/schema';
import type { TierLevel } from '#shared/rules/earn-text';
import { diningProgress, holdsVip, type DiningProgress } from '#shared/rules/rewards/progress';
import { merchantLocalDateTime } from '../rewards/card-events';

/**
 * A member's tier and dining progress as the engine's tables say (member_progress), not as the
 * member row was seeded. The stored tier is the e-mail tier (0 opted out, 2 opted in), 1 until
 * activation, or 3 where VIP was granted outright (staging tools, a partner's status match); VIP
 * earned by dining is added here while the member holds it (12 qualified dines this year or last),
 * so it lapses by itself when a year passes without renewal.
 */
export type MemberStanding = {
  tierLevel: TierLevel;
  diningProgress: DiningProgress;
  /** §3 activeBonuses, from the bonus tables (modules/bonuses); absent: none. */
  activeBonuses?: MemberBonus[];
};

/** Qualified dines and rewards of this year and the last (member_progress rows; absent = 0). */
export type ProgressFigures = { dinesThisYear: number; dinesLastYear: number; rewardsThisYear: number };

export const NO_PROGRESS: ProgressFigures = { dinesThisYear: 0, dinesLastYear: 0, rewardsThisYear: 0 };

/**
 * The tier a member has now: opted out (0) and not activated (1) stay as they are (dining does
 * not make them VIP, as at the dine: rules/rewards/earning.ts tierForDine); an opted-in member (2)
 * is VIP (3) while holding VIP; a granted VIP (3) stays VIP.
 */
export function currentTier(storedTier: number, figures: Pick<ProgressFigures, 'dinesThisYear' | 'dinesLastYear'>): TierLevel {
  const stored = Math.min(3, Math.max(0, Math.trunc(storedTier))) as TierLevel;
  if (stored === TIER_LEVELS.OptedIn && holdsVip(figures)) return TIER_LEVELS.VIP;
  return stored;
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

export function standingOf(storedTier: number, figures: ProgressFigures, year: number): MemberStanding {
  return {
    tierLevel: currentTier(storedTier, figures),
    diningProgress: diningProgress({ year, ...figures }),
  };
}

/**
 * The calendar year of progress and dine summaries: the year on the member's own clock (the time
 * zone of their profile's state; New York's when they gave none). The engine files each dine under
 * its restaurant's local year, so a member who dines near home sees the year turn at their own
 * midnight: counted in UTC, the evening of 31 December in the US already showed the new year's
 * empty figures.
 */
export function progressYear(now: Date = new Date(), homeState = ''): number {
  return Number(merchantLocalDateTime(now, homeState).slice(0, 4));
}
