import { VIP_DINES_REQUIRED } from '../../constants/rewards';
import { TIER_LEVELS } from '../../constants/member';
import type { TierLevel } from '../earn-text';

/** Dine-in earns on the whole bill (tax and tip included); an online order on its subtotal. */
export function rewardBasisCents(dine: { clearedCents: number; onlineOrder: boolean; subtotalCents?: number | null }): number {
  if (dine.onlineOrder && dine.subtotalCents !== null && dine.subtotalCents !== undefined) return Math.max(0, Math.min(dine.subtotalCents, dine.clearedCents));
  return Math.max(0, dine.clearedCents);
}

/**
 * The reward of a basis at a rate: miles or points per $1 (Mile and Point partners), or cents at
 * rate % (Dollar and Credit partners) — the same arithmetic, rounded down, so no fraction is ever
 * promised that a refund could not take back pro rata.
 */
export function rewardFor(basisCents: number, rate: number): number {
  if (basisCents <= 0 || rate <= 0) return 0;
  return Math.floor((basisCents * rate) / 100);
}

/**
 * The tier a dine earns at: VIP from the 12th qualified dine of the calendar year on (that dine
 * included), or when the member holds VIP already; otherwise the member's e-mail tier.
 */
export function tierForDine(opts: { memberTier: number; qualifiedDinesBefore: number; vipHeld: boolean }): TierLevel {
  const base = Math.min(3, Math.max(0, Math.trunc(opts.memberTier))) as TierLevel;
  // Not activated and opted out of e-mail do not become VIP by dining: the tier follows the e-mail choice first.
  if (base < TIER_LEVELS.OptedIn) return base;
  if (opts.vipHeld || opts.qualifiedDinesBefore + 1 >= VIP_DINES_REQUIRED) return TIER_LEVELS.VIP;
  return base;
}

/** The partner's rate of a tier (earnRates: one per tier 0–3). */
export function rateForTier(earnRates: readonly [number, number, number, number], tier: TierLevel): number {
  return earnRates[tier];
}
