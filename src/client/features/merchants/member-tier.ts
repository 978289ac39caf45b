import { useArrivalVisitor } from '../session';

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

/**
 * §2 the tier (0–3) earn texts follow: the signed-in member's, else a known visitor's (§3/§4: the
 * partner sent them with their public id, GET /api/Member/{publicId}; the NonActivated tier's
 * text is theirs, since they cannot sign in before activating), while their account is active;
 * null for anyone else ('Sign in to see offers' where members can sign in).
 */
export function useMemberTier(): number | null {
  const { member, visitor } = useArrivalVisitor();
  if (member) return member.tierLevel;
  return visitor?.active ? visitor.tierLevel : null;
}
