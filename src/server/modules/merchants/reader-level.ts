import type { Db } from '../../db/client';
import type { MemberRow, PartnerRow } from '../../db/schema';
import { openCampaignLevel } from '#shared/rules/rewards/policy';
import { earningSettingsOf } from '../partners';
import { progressFigures, currentTier } from '../members';
import { progressYear } from '#shared/rules/rewards/local-time';

/**
 * The campaign level a 'Miles/Points/Cash back available' search is answered for (issue 24 review
 * 6): the level the signed-in member's tier now opens on this partner (policy openCampaignLevel;
 * VIP held by dining counts), so a restaurant their tier lacks is not offered as one they earn at.
 * Undefined (every restaurant taking part) for a visitor and where the partner gates no campaign.
 */
export async function readerCampaignLevel(db: Db, partner: PartnerRow, member: MemberRow | null, now: Date = new Date()): Promise<number | undefined> {
  if (!member || !partner.acclaimed2Enabled) return undefined;
  const figures = await progressFigures(db, member, progressYear(now, member.state));
  return openCampaignLevel(earningSettingsOf(partner), currentTier(partner, member.tierLevel, figures));
}
