import { useMember } from '../session';

/**
 * Campaign codes a tier opens (§2 'Unlock access to earn': the member's tier lacks the merchant's
 * codes): the acclaimed campaigns of the catalogue, level 2 from Select (tier 2) and level 3 from
 * VIP (tier 3). Any other campaign (seasonal, new-member) is open to every tier.
 */
export const TIER_GATED_CAMPAIGNS: Readonly<Record<string, number>> = { ACCL2: 2, ACCL3: 3 };

/** The merchant's campaign codes the member's tier has (none for a visitor). */
export function memberCampaignCodes(tier: number | null, merchantCodes: readonly string[]): string[] {
  if (tier === null) return [];
  return merchantCodes.filter((code) => tier >= (TIER_GATED_CAMPAIGNS[code.toUpperCase()] ?? 0));
}

/** §2 the signed-in member's tier (0–3) for earn texts; null for a visitor ('Sign in to see offers'). */
export function useMemberTier(): number | null {
  const { member } = useMember();
  return member?.tierLevel ?? null;
}
