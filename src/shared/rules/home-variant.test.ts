import { describe, expect, it } from 'vitest';
import type { CmsItem } from '../schemas/cms';
import type { Member } from '../schemas/member';
import { PROGRESS_STATUSES } from '../constants/member';
const VIP = { hasVIP: true };
import { announcementStatesFor, chooseHomeItem, hasOpenNewMemberBonus, homeStatesFor, homeVariantOf, isNewMember, pickAnnouncementItem, pickHomeItem, progressLine, type HomeMember } from './home-variant';

type Bonus = Member['activeBonuses'][number];
const nmb = (over: Partial<Bonus> = {}): Bonus => ({
  code: 'NEWMBR', bonusStatus: 'Eligible', createDateUtc: '2026-11-01T00:00:00Z', isNewMemberBonus: true,
  description: 'Welcome bonus', memberIsEligibleForNMB: true, amount: 1000, minSpendCents: 2500, deadlineUtc: '2026-12-01T00:00:00Z', ...over,
});
const otherBonus = (over: Partial<Bonus> = {}): Bonus => nmb({ code: 'SPRING', isNewMemberBonus: false, memberIsEligibleForNMB: false, ...over });

const member = (over: Partial<HomeMember> & { status?: Member['diningProgress']['status'] } = {}): HomeMember => {
  const { status = 'Building', ...rest } = over;
  return {
    memberType: 'EnrolledCardMember',
    tierLevel: 2,
    emailOptIn: true,
    diningProgress: { status, dinesRequired: 11, remainingDines: 7, dollarsRequired: 0, remainingDollars: 0, ytdMilesOrDollars: 300, year: 2026 },
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
    expect(homeVariantOf(optedOut(), VIP)).toBe('opted_out');
  });

  it('tier 0 with e-mail opt-in on is not the opted-out variant (both are required)', () => {
    expect(homeVariantOf(member({ tierLevel: 0, emailOptIn: true }), VIP)).toBeNull();
    expect(homeVariantOf(member({ tierLevel: 2, emailOptIn: false }), VIP)).toBe('progress_building');
  });

  it('an open new-member bonus', () => {
    expect(homeVariantOf(member({ activeBonuses: [nmb()] }), VIP)).toBe('new_member_bonus');
    expect(homeVariantOf(member({ tierLevel: 1, activeBonuses: [nmb({ bonusStatus: 'Enrolled' })] }), VIP)).toBe('new_member_bonus');
    expect(homeVariantOf(member({ activeBonuses: [nmb({ bonusStatus: 'Qualified' })] }), VIP)).toBe('progress_building');
  });

  it('each dining-progress stage for opted-in members (tier 2 and 3)', () => {
    for (const tierLevel of [2, 3]) {
      expect(homeVariantOf(member({ tierLevel, status: 'Building' }), VIP)).toBe('progress_building');
      expect(homeVariantOf(member({ tierLevel, status: 'Renewing' }), VIP)).toBe('progress_renewing');
      expect(homeVariantOf(member({ tierLevel, status: 'Complete' }), VIP)).toBe('progress_complete');
      // VIP reached this year holds through next year, as Complete does.
      expect(homeVariantOf(member({ tierLevel, status: 'Qualified' }), VIP)).toBe('progress_complete');
      expect(homeVariantOf(member({ tierLevel, status: 'QualifiedAndBuilding' }), VIP)).toBe('progress_complete');
    }
  });

  it('a not-activated member (tier 1) has no progress variant', () => {
    for (const status of PROGRESS_STATUSES) expect(homeVariantOf(member({ tierLevel: 1, status }), VIP)).toBeNull();
  });

  it('precedence: opted out wins over the new-member bonus and every progress stage', () => {
    for (const status of PROGRESS_STATUSES) {
      expect(homeVariantOf(optedOut({ status }), VIP)).toBe('opted_out');
      expect(homeVariantOf(optedOut({ status, activeBonuses: [nmb()] }), VIP)).toBe('opted_out');
    }
  });

  it('precedence: the new-member bonus wins over every progress stage', () => {
    for (const status of PROGRESS_STATUSES) {
      for (const tierLevel of [2, 3]) expect(homeVariantOf(member({ tierLevel, status, activeBonuses: [nmb()] }), VIP)).toBe('new_member_bonus');
    }
  });

  it('members without a card (or with a closed account) have no variant', () => {
    for (const memberType of ['NonCardMember', 'ClosedAccountMember'] as const) {
      expect(homeVariantOf(member({ memberType }), VIP)).toBeNull();
      expect(homeVariantOf(optedOut({ memberType, activeBonuses: [nmb()] }), VIP)).toBeNull();
    }
  });
});

describe('homeStatesFor', () => {
  it('visitors: anonymous, or known visitor then anonymous', () => {
    expect(homeStatesFor(VIP, null)).toEqual(['anonymous']);
    expect(homeStatesFor(VIP, undefined, null)).toEqual(['anonymous']);
    expect(homeStatesFor(VIP, null, 'pub-1')).toEqual(['known_visitor', 'anonymous']);
  });

  it('members by member type; a card member variant first, then card_member', () => {
    expect(homeStatesFor(VIP, member({ memberType: 'NonCardMember' }), 'pub-1')).toEqual(['non_card_member']);
    expect(homeStatesFor(VIP, member({ memberType: 'ClosedAccountMember' }))).toEqual(['closed_account_member']);
    expect(homeStatesFor(VIP, member({ tierLevel: 1 }))).toEqual(['card_member']);
    expect(homeStatesFor(VIP, member({ status: 'Renewing' }))).toEqual(['progress_renewing', 'card_member']);
    expect(homeStatesFor(VIP, optedOut({ activeBonuses: [nmb()] }))).toEqual(['opted_out', 'card_member']);
    expect(homeStatesFor(VIP, member({ activeBonuses: [nmb()] }))).toEqual(['new_member_bonus', 'card_member']);
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
  type Status = HomeMember['diningProgress']['status'];
  const withProgress = (remainingDines: number, status: Status = 'Building', dinesRequired = 11, tierLevel = 2) => ({
    tierLevel, diningProgress: { status, dinesRequired, remainingDines, dollarsRequired: 0, remainingDollars: 0, ytdMilesOrDollars: 0, year: 2026 },
  });

  it('shows the VIP meter\'s figures and words: toward VIP (Building) or toward keeping it (Renewing)', () => {
    expect(progressLine(withProgress(7), 'progress_building', VIP)).toBe('4 of 11 qualifying dines in 2026. 7 more qualifying dines in 2026 make you VIP: every dine after that earns the VIP rate.');
    expect(progressLine(withProgress(1, 'Renewing', 11, 3), 'progress_renewing', VIP)).toBe('10 of 11 qualifying dines in 2026. You are VIP through 2026. One more qualifying dine in 2026 keeps you VIP through 2027.');
    expect(progressLine(withProgress(11), 'progress_building', VIP)).toBe('0 of 11 qualifying dines in 2026. 11 more qualifying dines in 2026 make you VIP: every dine after that earns the VIP rate.');
  });

  it('says nothing for Complete, other states, no VIP, Basic members, or no target', () => {
    expect(progressLine(withProgress(0, 'Complete', 11, 3), 'progress_complete', VIP)).toBeNull();
    expect(progressLine(withProgress(4), 'card_member', VIP)).toBeNull();
    expect(progressLine(withProgress(4), 'opted_out', VIP)).toBeNull();
    expect(progressLine(withProgress(4), undefined, VIP)).toBeNull();
    expect(progressLine(withProgress(4), 'progress_building', { hasVIP: false })).toBeNull();
    expect(progressLine(withProgress(4, 'Building', 11, 0), 'progress_building', VIP)).toBeNull();
    expect(progressLine(withProgress(3, 'Building', 0), 'progress_building', VIP)).toBeNull();
    expect(progressLine(withProgress(20), 'progress_building', VIP)).toBe('0 of 11 qualifying dines in 2026. 11 more qualifying dines in 2026 make you VIP: every dine after that earns the VIP rate.');
  });
});

describe('announcement banner audience (issue 25: "New here?" only where it is true)', () => {
  const newHere: CmsItem = { id: 1, status: 'published', updatedAt: '2026-01-01T00:00:00Z', slug: 'announcement', fields: { user_states: ['anonymous', 'known_visitor', 'new_member_bonus'], banner_copy: [{ copy: 'New here? Earn 1,000 miles' }] } };
  const everyone: CmsItem = { id: 2, status: 'published', updatedAt: '2026-01-01T00:00:00Z', slug: 'everyone', fields: { banner_copy: [{ copy: 'Book a table' }] } };
  const pick = (items: CmsItem[], m: HomeMember | null, known: string | null = null) => pickAnnouncementItem(items, announcementStatesFor(VIP, m, known))?.slug;

  it('visitors, known visitors and members who can still earn the new-member bonus are new here', () => {
    expect(pick([newHere], null)).toBe('announcement');
    expect(pick([newHere], null, 'PUB1')).toBe('announcement');
    expect(pick([newHere], member({ activeBonuses: [nmb()] }))).toBe('announcement');
    // Opted out or without a card, the bonus is still theirs to earn.
    expect(pick([newHere], member({ tierLevel: 0, emailOptIn: false, activeBonuses: [nmb()] }))).toBe('announcement');
    expect(pick([newHere], member({ memberType: 'NonCardMember', activeBonuses: [nmb({ bonusStatus: 'Enrolled' })] }))).toBe('announcement');
  });

  it('a long-time member is not told "New here?": the item for everyone, or nothing', () => {
    const longTime = member({ activeBonuses: [nmb({ bonusStatus: 'Qualified' })], status: 'Renewing' });
    expect(pick([newHere], longTime)).toBeUndefined();
    expect(pick([newHere], member({ memberType: 'NonCardMember' }))).toBeUndefined();
    expect(pick([newHere, everyone], longTime)).toBe('everyone');
    expect(pick([everyone], null)).toBe('everyone');
  });
});
