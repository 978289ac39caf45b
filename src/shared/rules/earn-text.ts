/** §3 tier levels: OptedOut 0, NonActivated 1, OptedIn 2, VIP 3. */
export const TIER_LEVELS = { OptedOut: 0, NonActivated: 1, OptedIn: 2, VIP: 3 } as const;
export type TierLevel = (typeof TIER_LEVELS)[keyof typeof TIER_LEVELS];

export const ANONYMOUS_EARN_TEXT = 'Sign in to see offers';

/** A tier from any number: clamps to 0–3; null/undefined/NaN means no tier (anonymous). */
export function normaliseTier(tier: number | null | undefined): TierLevel | null {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent — Number.isFinite is false for null and undefined too; the explicit checks narrow the type for TypeScript
  if (tier === null || tier === undefined || !Number.isFinite(tier)) return null;
  return Math.min(3, Math.max(0, Math.trunc(tier))) as TierLevel;
}

/** The next tier whose popup ('acclaimed_2' / 'acclaimed_3') 'Unlock access to earn' offers (rules/rewards/policy.ts earnLineOf). */
export type UnlockTier = '2' | '3';
