import type { CmsItem } from '../schemas/cms';
import { TIER_LEVELS, type UserState } from '../constants/member';
import type { Member } from '../schemas/member';
import type { EarningSettings } from './rewards/policy';
import { vipMeterFigures, vipMeterText, vipMeterView, type MeterMember } from './rewards/standing';

/**
 * §4 home copy variants (airline partner) beyond the member states: a card member opted out of
 * e-mail at tier 0, one with an open new-member bonus, and the three dining-progress stages. Each
 * is a value of a home item's `user_states`, as the member states are (docs/content-model.md).
 */
export const HOME_VARIANTS = ['opted_out', 'new_member_bonus', 'progress_building', 'progress_renewing', 'progress_complete'] as const;
export type HomeVariant = (typeof HOME_VARIANTS)[number];
/** What a home item's user_states may name: a member state or a variant. */
export type HomeState = UserState | HomeVariant;

/** The member fields the home page depends on (GET /api/Member). */
export type HomeMember = Pick<Member, 'memberType' | 'tierLevel' | 'emailOptIn' | 'diningProgress' | 'activeBonuses'>;

/**
 * A new-member bonus the member can still earn: a bonus marked isNewMemberBonus, the member
 * eligible for it (memberIsEligibleForNMB), and not yet earned (Eligible: not registered yet;
 * Enrolled: registered, the qualifying dine still to come). Qualified is done.
 */
export function hasOpenNewMemberBonus(member: Pick<Member, 'activeBonuses'>): boolean {
  return member.activeBonuses.some((b) => b.isNewMemberBonus && b.memberIsEligibleForNMB && (b.bonusStatus === 'Eligible' || b.bonusStatus === 'Enrolled'));
}

/**
 * "New member" for the new-member promo: a member who can still earn the new-member bonus. The
 * bonus rules (window after joining, minimum spend) live with the bonus; this follows them through
 * activeBonuses rather than keeping a second clock on joinDate.
 */
export function isNewMember(member: Pick<Member, 'activeBonuses'> | null | undefined): boolean {
  return member ? hasOpenNewMemberBonus(member) : false;
}

const PROGRESS_VARIANT: Record<Member['diningProgress']['status'], HomeVariant> = {
  Building: 'progress_building',
  Renewing: 'progress_renewing',
  // VIP reached this year (Qualified) or reached again (Complete): VIP holds through next year either way.
  Qualified: 'progress_complete',
  QualifiedAndBuilding: 'progress_complete',
  Complete: 'progress_complete',
};

/**
 * The §4 variant of a card member's home, or null (other members, and card members none fits).
 * Precedence, first that applies:
 * 1. opted_out: tier 0 (OptedOut) with e-mail opt-in off. It wins over everything: such a member
 *    earns the lowest rate on every dine (the bonus dine included), is not VIP whatever the dining
 *    progress says (a tier-0 member is never made VIP), and opting in is the one step that changes it.
 * 2. new_member_bonus: an open new-member bonus (hasOpenNewMemberBonus). It runs out, so it goes
 *    before progress, which a new member is only starting on.
 * 3. progress_*: the dining-progress stage, where the VIP meter shows (the partner has VIP and the
 *    member is opted in: the only tiers that reach or hold VIP); a tier-1 (not activated) member
 *    gets the plain card-member copy.
 */
export function homeVariantOf(member: HomeMember, settings: Pick<EarningSettings, 'hasVIP'>): HomeVariant | null {
  if (member.memberType !== 'EnrolledCardMember') return null;
  if (member.tierLevel === TIER_LEVELS.OptedOut && !member.emailOptIn) return 'opted_out';
  if (hasOpenNewMemberBonus(member)) return 'new_member_bonus';
  // The progress stages speak of VIP: only where the partner has it and dining leads there.
  if (vipMeterView(settings, member).kind !== 'none') return PROGRESS_VARIANT[member.diningProgress.status] ?? null;
  return null;
}

/**
 * The home states of whoever is looking, most specific first: a card member's variant (if any)
 * then 'card_member'; a non-card member 'non_card_member' (their one next step is linking a card,
 * so no variant); a closed account 'closed_account_member'; with no member a known visitor
 * ('known_visitor', then 'anonymous') or 'anonymous'.
 */
export function homeStatesFor(settings: Pick<EarningSettings, 'hasVIP'>, member: HomeMember | null | undefined, knownPublicId?: string | null): HomeState[] {
  if (member) {
    switch (member.memberType) {
      case 'EnrolledCardMember': {
        const variant = homeVariantOf(member, settings);
        return variant ? [variant, 'card_member'] : ['card_member'];
      }
      case 'NonCardMember': return ['non_card_member'];
      case 'ClosedAccountMember': return ['closed_account_member'];
    }
  }
  return knownPublicId ? ['known_visitor', 'anonymous'] : ['anonymous'];
}

const statesOf = (item: CmsItem): unknown[] => (Array.isArray(item.fields.user_states) ? item.fields.user_states : []);

/**
 * The home item for the states (homeStatesFor) and the state it was chosen for: the item naming the
 * first state that any item names, so a partner without a variant's item shows its card-member item
 * (state 'card_member'). With none of them, the anonymous item, then the first item (as
 * content-filters homeItemFor does), with no state: the page never goes without copy. What is only
 * for visitors (the prospect e-mail form) is shown by membership, not by item.
 */
export function chooseHomeItem(items: readonly CmsItem[], states: readonly HomeState[]): { item: CmsItem | undefined; state: HomeState | undefined } {
  for (const state of states) {
    const found = items.find((i) => statesOf(i).includes(state));
    if (found) return { item: found, state };
  }
  return { item: items.find((i) => statesOf(i).includes('anonymous')) ?? items[0], state: undefined };
}

/** chooseHomeItem's item. */
export function pickHomeItem(items: readonly CmsItem[], states: readonly HomeState[]): CmsItem | undefined {
  return chooseHomeItem(items, states).item;
}

/**
 * The member's own figures under the progress copy (content copy has no member tokens): the VIP
 * meter's figures and sentence, as the overview shows them (rules/rewards/policy.ts vipMeterView).
 * Nothing for other variants, nor where the partner has no VIP.
 */
export function progressLine(member: MeterMember, state: HomeState | undefined, settings: Pick<EarningSettings, 'hasVIP'>): string | null {
  if (state !== 'progress_building' && state !== 'progress_renewing') return null;
  const view = vipMeterView(settings, member);
  if (view.kind !== 'counting') return null;
  return `${vipMeterFigures(view)}. ${vipMeterText(view)}`;
}

/**
 * Who an announcement-banner item is for (issue 25: "New here?" only where it is true): the home
 * states of whoever is looking (homeStatesFor), plus 'new_member_bonus' for anyone who can still
 * earn the new-member bonus (an opted-out or card-less member included).
 */
export function announcementStatesFor(settings: Pick<EarningSettings, 'hasVIP'>, member: HomeMember | null | undefined, knownPublicId?: string | null): HomeState[] {
  const states = homeStatesFor(settings, member, knownPublicId);
  return member && hasOpenNewMemberBonus(member) && !states.includes('new_member_bonus') ? ['new_member_bonus', ...states] : states;
}

/**
 * The announcement-banner item for these states: the first item whose `user_states` names one of
 * them, else the first item without `user_states` (an item for everyone); none when every item is
 * for someone else: a long-time member is not told "New here?".
 */
export function pickAnnouncementItem(items: readonly CmsItem[], states: readonly HomeState[]): CmsItem | undefined {
  return items.find((i) => statesOf(i).some((s) => states.includes(s as HomeState))) ?? items.find((i) => statesOf(i).length === 0);
}
