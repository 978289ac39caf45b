import { useMemo } from 'react';
import type { MerchantBenefits } from '#shared/schemas/merchant';
import { localNow } from '#shared/rules/local-now';
import { hasMembers } from '#shared/rules/partner-features';
import { earnLineOf, memberFromStanding, plannedLocal, restaurantTerms, type EarningMember, type EarnLine } from '#shared/rules/rewards/policy';
import { usePartner } from '#client/lib/partner';
import { useArrivalVisitor } from '../session';

/** What the earning policy needs of a restaurant (a tile's summary or the page's detail). */
export type EarningMerchant = { benefits: MerchantBenefits; benefitAvailability: { campaignCodes: string[] }; earnMultiplier: number };

/**
 * The member as the earning policy sees them on this page: the signed-in member's standing, else a
 * known visitor's tier (§3/§4: the partner sent them with their public id; the NonActivated
 * tier's text is theirs), while their account is active; null for anyone else.
 */
export function useEarningMember(): EarningMember | null {
  const { member, visitor } = useArrivalVisitor();
  if (member) return memberFromStanding(member);
  return visitor?.active ? { tier: visitor.tierLevel, dinesThisYear: 0, dinesLastYear: 0 } : null;
}

/**
 * §2 the earn line of a tile or the restaurant page: the earning policy's answer for a dine there
 * now (the restaurant's local time), the same decision the engine makes for that dine.
 * `visitsThisMonth`: the member's rewarded visits there this month, where the page knows them.
 */
export function useEarnLine(merchant: EarningMerchant, opts: { now?: Date; visitsThisMonth?: number | null } = {}): EarnLine | null {
  const partner = usePartner();
  const member = useEarningMember();
  const { benefits } = merchant;
  const local = useMemo(() => {
    const at = localNow(opts.now ?? new Date(), benefits.timeZone);
    return plannedLocal(at.date, at.minutes);
  }, [opts.now, benefits.timeZone]);
  return earnLineOf({
    settings: partner, showEarnRate: partner.showEarnRate, visitorsCanSignIn: hasMembers(partner),
    currency: { type: partner.currencyType, singular: partner.copyStates.currencySingular, plural: partner.copyStates.currencyPlural },
    member, restaurant: restaurantTerms(benefits, merchant.benefitAvailability.campaignCodes, merchant.earnMultiplier), local,
    visitsThisMonth: opts.visitsThisMonth,
  });
}
