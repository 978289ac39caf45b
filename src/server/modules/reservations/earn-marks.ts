import { bookingOutlook, plannedLocal, type EarningMember } from '#shared/rules/rewards/policy';
import type { EarnMark } from '#shared/schemas/reservations';
import type { Db } from '../../db/client';
import type { MemberRow, PartnerRow } from '../../db/schema';
import { activeProgrammes } from '../bonuses';
import { progressFigures } from '../members';
import { earningSettingsOf } from '../partners';
import { memberVisitsInMonth, type RestaurantRow } from './reservations.repo';

/**
 * What a dine at each time of a day would earn (issue 24), for the booking widget's times and
 * slots and for the answers of holding and confirming. The earning policy decides
 * (bookingOutlook); this gathers what it reads, once per answer, as the engine would see it for a
 * dine that day: the partner's settings, the member's stored tier and qualified dines of that
 * local year and the year before, their rewarded visits at the restaurant in that local month,
 * and the partner's reservation bonus (the §1 switch and its active `reservation` programme —
 * the last one, as card-network/engine.ts takes it). A visitor gets the restaurant's outcome only.
 */
export type EarnMarker = (minutes: number) => EarnMark;

export async function earnMarker(db: Db, opts: { partner: PartnerRow; member: MemberRow | null; restaurant: RestaurantRow; date: string }): Promise<EarnMarker> {
  const { partner, member, restaurant, date } = opts;
  const settings = earningSettingsOf(partner);
  let earning: EarningMember | null = null;
  let visitsThisMonth = 0;
  if (member) {
    const progress = await progressFigures(db, member, Number(date.slice(0, 4)));
    earning = { tier: member.tierLevel, dinesThisYear: progress.dinesThisYear, dinesLastYear: progress.dinesLastYear };
    // The engine reads the member's visits only where the restaurant limits them.
    if (restaurant.terms.monthlyVisitLimit !== null) {
      visitsThisMonth = await memberVisitsInMonth(db, { memberId: member.id, merchantId: restaurant.id, month: date.slice(0, 7) });
    }
  }
  const programme = partner.hasReservationBonus ? (await activeProgrammes(db, { partnerId: partner.id, kinds: ['reservation'] })).at(-1) : undefined;
  const bonus = { hasReservationBonus: partner.hasReservationBonus, programmeAmount: programme?.amount ?? null };
  return (minutes) => bookingOutlook({ settings, member: earning, restaurant: restaurant.terms, local: plannedLocal(date, minutes), visitsThisMonth, bonus });
}
