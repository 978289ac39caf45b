import type { CopyTokens } from '../schemas/partner';

/** §3 tier levels: OptedOut 0, NonActivated 1, OptedIn 2, VIP 3. */
export const TIER_LEVELS = { OptedOut: 0, NonActivated: 1, OptedIn: 2, VIP: 3 } as const;
export type TierLevel = (typeof TIER_LEVELS)[keyof typeof TIER_LEVELS];

export const ANONYMOUS_EARN_TEXT = 'Sign in to see offers';

const EARNING_KEYS = ['currentEarning0', 'currentEarning1', 'currentEarning2', 'currentEarning3'] as const;

/** A tier from any number: clamps to 0–3; null/undefined/NaN means no tier (anonymous). */
export function normaliseTier(tier: number | null | undefined): TierLevel | null {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent — Number.isFinite is false for null and undefined too; the explicit checks narrow the type for TypeScript
  if (tier === null || tier === undefined || !Number.isFinite(tier)) return null;
  return Math.min(3, Math.max(0, Math.trunc(tier))) as TierLevel;
}

/**
 * §2 merchant tile: the earning text of the member's tier (partner copy currentEarning0..3, already
 * token-replaced, e.g. "3 miles per $1"); without a tier the visitor is asked to sign in.
 */
export function earnText(tier: number | null | undefined, copyStates: Pick<CopyTokens, (typeof EARNING_KEYS)[number]>): string {
  const t = normaliseTier(tier);
  if (t === null) return ANONYMOUS_EARN_TEXT;
  return copyStates[EARNING_KEYS[t]!];
}

/**
 * The earn line a tile or restaurant page shows: the tier's text; for someone without a tier,
 * 'Sign in to see offers' where members can sign in, and nothing on a partner without members
 * (enrollmentType none), where that would ask for something the site does not offer.
 */
export function earnLine(tier: number | null | undefined, copyStates: Pick<CopyTokens, (typeof EARNING_KEYS)[number]>, visitorsCanSignIn: boolean): string | null {
  if (normaliseTier(tier) === null && !visitorsCanSignIn) return null;
  return earnText(tier, copyStates);
}

export type UnlockInput = {
  /** Partner switch acclaimed2Enabled. */
  acclaimed2Enabled: boolean;
  /** The merchant's acclaimed level (1–3) or null. */
  acclaimedLevel: number | null | undefined;
  /** The merchant's benefit campaign codes. */
  merchantCampaignCodes: readonly string[];
  /** Whether the tile shows its earn tags at all. */
  tagsShown: boolean;
  /** The member's tier, or null for an anonymous visitor. */
  tier: number | null | undefined;
  /** Campaign codes the member's tier gives access to. */
  memberCampaignCodes?: readonly string[];
};

/** The next tier whose popup ('acclaimed_2' / 'acclaimed_3') is offered. */
export type UnlockTier = '2' | '3';

/**
 * §2 'Unlock access to earn': shown when acclaimed v2 is on, the merchant is acclaimed, tags are
 * shown and the member's tier lacks the merchant's campaign codes. The popup is for the next tier:
 * '2' below OptedIn, '3' at OptedIn. VIP is the top tier (nothing to unlock) and an anonymous
 * visitor has no tier (the tile asks them to sign in instead).
 */
export function unlockAccessTier(input: UnlockInput): UnlockTier | null {
  const tier = normaliseTier(input.tier);
  if (!input.acclaimed2Enabled || !input.tagsShown || tier === null) return null;
  if (input.acclaimedLevel === null || input.acclaimedLevel === undefined || input.acclaimedLevel <= 0) return null;
  // Stryker disable next-line ConditionalExpression: equivalent — without codes nothing is lacking below, so the answer is null as well
  if (input.merchantCampaignCodes.length === 0) return null;
  // Stryker disable next-line ArrayDeclaration: equivalent — a placeholder code in an empty list matches no merchant code
  const have = new Set((input.memberCampaignCodes ?? []).map((c) => c.toUpperCase()));
  const lacks = input.merchantCampaignCodes.some((c) => !have.has(c.toUpperCase()));
  if (!lacks) return null;
  if (tier < TIER_LEVELS.OptedIn) return '2';
  if (tier === TIER_LEVELS.OptedIn) return '3';
  return null;
}
