import { describe, expect, it } from 'vitest';
import type { CmsItem } from '../schemas/cms';
import type { Member } from '../schemas/member';
import { PROGRESS_STATUSES } from '../constants/member';
import { chooseHomeItem, hasOpenNewMemberBonus, homeStatesFor, homeVariantOf, isNewMember, pickHomeItem, progressLine, type HomeMember } from './home-variant';

type Bonus = Member['activeBonuses'][number];
const nmb = (over: Partial<Bonus> = {}): Bonus => ({
  code: 'NEWMBR', bonusStatus: 'Eligible', createDateUtc: '2026-11-01T00:00:00Z', isNewMemberBonus: true,
  description: 'Welcome bonus', memberIsEligibleForNMB: true, ...over,
});
const otherBonus = (over: Partial<Bonus> = {}): Bonus => nmb({ code: 'SPRING', isNewMemberBonus: false, memberIsEligibleForNMB: false, ...over });

const member = (over: Partial<HomeMember> & { status?: Member['diningProgress']['status'] } = {}): HomeMember => {
  const { status = 'Building', ...rest } = over;
  return {
    memberType: 'EnrolledCardMember',
    tierLevel: 2,
    emailOptIn: true,
    diningProgress: { status, dinesRequired: 12, remainingDines: 8, dollarsRequired: 0, remainingDollars: 0, ytdMilesOrDollars: 300 },
    activeBonuses: [],
    ...rest,
  };
};
const optedOut = (over: Partial<HomeMember> & { status?: Member['diningProgress']['status'] } = {}) => member({ tierLevel: 0, emailOptIn: false, ...over });

describe('hasOpenNewMemberBonus / isNewMember', () => {
  it('is true for an eligible new-member bonus still to earn (Eligible or Enrolled)', () => {
    expect(hasOpenNewMemberBonus({ activeBonuses: [nmb()] })).toBe(true);
    expect(hasOpenNewMemberBonus({ activeBonuses: [nmb({ bonusStatus: 'Enrolled' })] })).toBe(true);
    expect(isNewMember({ activeBonuses: [otherBonus(), nmb()] })).toBe(true);
  });

  it('is false once earned, when not eligible, for other bonuses, and with no member', () => {
    expect(hasOpenNewMemberBonus({ activeBonuses: [] })).toBe(false);
    expect(hasOpenNewMemberBonus({ activeBonuses: [nmb({ bonusStatus: 'Qualified' })] })).toBe(false);
    expect(hasOpenNewMemberBonus({ activeBonuses: [nmb({ memberIsEligibleForNMB: false })] })).toBe(false);
    expect(hasOpenNewMemberBonus({ activeBonuses: [nmb({ isNewMemberBonus: false })] })).toBe(false);
    expect(hasOpenNewMemberBonus({ activeBonuses: [otherBonus({ bonusStatus: 'Eligible' })] })).toBe(false);
    expect(isNewMember(null)).toBe(false);
    expect(isNewMember(undefined)).toBe(false);
  });
});

describe('homeVariantOf (§4 home copy variants)', () => {
  it('opted out of e-mail at tier 0', () => {
    expect(homeVariantOf(optedOut())).toBe('opted_out');
  });

  it('tier 0 with e-mail opt-in on is not the opted-out variant (both are required)', () => {
    expect(homeVariantOf(member({ tierLevel: 0, emailOptIn: true }))).toBeNull();
    expect(homeVariantOf(member({ tierLevel: 2, emailOptIn: false }))).toBe('progress_building');
  });

  it('an open new-member bonus', () => {
    expect(homeVariantOf(member({ activeBonuses: [nmb()] }))).toBe('new_member_bonus');
    expect(homeVariantOf(member({ tierLevel: 1, activeBonuses: [nmb({ bonusStatus: 'Enrolled' })] }))).toBe('new_member_bonus');
    expect(homeVariantOf(member({ activeBonuses: [nmb({ bonusStatus: 'Qualified' })] }))).toBe('progress_building');
  });

  it('each dining-progress stage for opted-in members (tier 2 and 3)', () => {
    for (const tierLevel of [2, 3]) {
      expect(homeVariantOf(member({ tierLevel, status: 'Building' }))).toBe('progress_building');
      expect(homeVariantOf(member({ tierLevel, status: 'Renewing' }))).toBe('progress_renewing');
      expect(homeVariantOf(member({ tierLevel, status: 'Complete' }))).toBe('progress_complete');
      // VIP reached this year holds through next year, as Complete does.
      expect(homeVariantOf(member({ tierLevel, status: 'Qualified' }))).toBe('progress_complete');
      expect(homeVariantOf(member({ tierLevel, status: 'QualifiedAndBuilding' }))).toBe('progress_complete');
    }
  });

  it('a not-activated member (tier 1) has no progress variant', () => {
    for (const status of PROGRESS_STATUSES) expect(homeVariantOf(member({ tierLevel: 1, status }))).toBeNull();
  });

  it('precedence: opted out wins over the new-member bonus and every progress stage', () => {
    for (const status of PROGRESS_STATUSES) {
      expect(homeVariantOf(optedOut({ status }))).toBe('opted_out');
      expect(homeVariantOf(optedOut({ status, activeBonuses: [nmb()] }))).toBe('opted_out');
    }
  });

  it('precedence: the new-member bonus wins over every progress stage', () => {
    for (const status of PROGRESS_STATUSES) {
      for (const tierLevel of [2, 3]) expect(homeVariantOf(member({ tierLevel, status, activeBonuses: [nmb()] }))).toBe('new_member_bonus');
    }
  });

  it('members without a card (or with a closed account) have no variant', () => {
    for (const memberType of ['NonCardMember', 'ClosedAccountMember'] as const) {
      expect(homeVariantOf(member({ memberType }))).toBeNull();
      expect(homeVariantOf(optedOut({ memberType, activeBonuses: [nmb()] }))).toBeNull();
    }
  });
});

describe('homeStatesFor', () => {
  it('visitors: anonymous, or known visitor then anonymous', () => {
    expect(homeStatesFor(null)).toEqual(['anonymous']);
    expect(homeStatesFor(undefined, null)).toEqual(['anonymous']);
    expect(homeStatesFor(null, 'pub-1')).toEqual(['known_visitor', 'anonymous']);
  });

  it('members by member type; a card member variant first, then card_member', () => {
    expect(homeStatesFor(member({ memberType: 'NonCardMember' }), 'pub-1')).toEqual(['non_card_member']);
    expect(homeStatesFor(member({ memberType: 'ClosedAccountMember' }))).toEqual(['closed_account_member']);
    expect(homeStatesFor(member({ tierLevel: 1 }))).toEqual(['card_member']);
    expect(homeStatesFor(member({ status: 'Renewing' }))).toEqual(['progress_renewing', 'card_member']);
    expect(homeStatesFor(optedOut({ activeBonuses: [nmb()] }))).toEqual(['opted_out', 'card_member']);
    expect(homeStatesFor(member({ activeBonuses: [nmb()] }))).toEqual(['new_member_bonus', 'card_member']);
  });
});

describe('pickHomeItem', () => {
  const item = (slug: string, user_states: unknown): CmsItem => ({ id: slug.length, slug, status: 'published', updatedAt: '', fields: { user_states } });
  const airline = [
    item('anonymous', ['anonymous', 'known_visitor']),
    item('non_card_member', ['non_card_member']),
    item('card_member', ['card_member']),
    item('opted_out', ['opted_out']),
    item('new_member_bonus', ['new_member_bonus']),
    item('progress_building', ['progress_building']),
    item('progress_renewing', ['progress_renewing']),
    item('progress_complete', ['progress_complete']),
  ];

  it('takes the item of the most specific state', () => {
    expect(pickHomeItem(airline, ['progress_renewing', 'card_member'])?.slug).toBe('progress_renewing');
    expect(pickHomeItem(airline, ['opted_out', 'card_member'])?.slug).toBe('opted_out');
    expect(pickHomeItem(airline, ['card_member'])?.slug).toBe('card_member');
    expect(pickHomeItem(airline, ['known_visitor', 'anonymous'])?.slug).toBe('anonymous');
    expect(pickHomeItem(airline, ['non_card_member'])?.slug).toBe('non_card_member');
  });

  it('falls back to the next state when the partner has no item for the variant', () => {
    const plain = airline.slice(0, 3);
    expect(pickHomeItem(plain, ['progress_complete', 'card_member'])?.slug).toBe('card_member');
    expect(pickHomeItem(plain, ['new_member_bonus', 'card_member'])?.slug).toBe('card_member');
  });

  it('order of states decides, not order of items', () => {
    const reversed = [...airline].reverse();
    expect(pickHomeItem(reversed, ['new_member_bonus', 'card_member'])?.slug).toBe('new_member_bonus');
    expect(pickHomeItem(reversed, ['card_member'])?.slug).toBe('card_member');
  });

  it('with no item for any state: the anonymous item, then the first; nothing when there are no items', () => {
    expect(pickHomeItem(airline.slice(0, 2), ['progress_building', 'card_member'])?.slug).toBe('anonymous');
    expect(pickHomeItem([item('x', ['card_member']), item('y', ['non_card_member'])], ['closed_account_member'])?.slug).toBe('x');
    expect(pickHomeItem([], ['anonymous'])).toBeUndefined();
  });

  it('tells the state the item was chosen for (none for a fallback)', () => {
    expect(chooseHomeItem(airline, ['progress_building', 'card_member'])).toMatchObject({ state: 'progress_building', item: { slug: 'progress_building' } });
    expect(chooseHomeItem(airline.slice(0, 3), ['progress_building', 'card_member'])).toMatchObject({ state: 'card_member', item: { slug: 'card_member' } });
    expect(chooseHomeItem(airline.slice(0, 2), ['progress_building', 'card_member'])).toMatchObject({ state: undefined, item: { slug: 'anonymous' } });
  });

  it('ignores items whose user_states is not a list', () => {
    expect(pickHomeItem([item('bad', 'card_member'), item('good', ['card_member'])], ['card_member'])?.slug).toBe('good');
  });
});

describe('progressLine', () => {
  const withProgress = (remainingDines: number, dinesRequired = 12) => ({ diningProgress: { status: 'Building' as const, dinesRequired, remainingDines, dollarsRequired: 0, remainingDollars: 0, ytdMilesOrDollars: 0 } });

  it('counts this year\'s dines toward VIP (Building) or toward keeping it (Renewing)', () => {
    expect(progressLine(withProgress(8), 'progress_building')).toBe('4 of 12 qualifying dines this year: 8 more qualifying dines to reach VIP.');
    expect(progressLine(withProgress(1), 'progress_renewing')).toBe('11 of 12 qualifying dines this year: 1 more qualifying dine to keep VIP next year.');
    expect(progressLine(withProgress(12), 'progress_building')).toBe('0 of 12 qualifying dines this year: 12 more qualifying dines to reach VIP.');
  });

  it('says nothing for Complete, other states, nothing left, or figures that make no sense', () => {
    expect(progressLine(withProgress(0), 'progress_complete')).toBeNull();
    expect(progressLine(withProgress(4), 'progress_complete')).toBeNull();
    expect(progressLine(withProgress(4), 'card_member')).toBeNull();
    expect(progressLine(withProgress(4), 'opted_out')).toBeNull();
    expect(progressLine(withProgress(4), undefined)).toBeNull();
    expect(progressLine(withProgress(0), 'progress_renewing')).toBeNull();
    expect(progressLine(withProgress(3, 0), 'progress_building')).toBeNull();
    expect(progressLine(withProgress(20), 'progress_building')).toBe('0 of 12 qualifying dines this year: 12 more qualifying dines to reach VIP.');
  });
});
