import type { ActiveBonus, Member } from '#shared/schemas/member';

/** A complete signed-in member for component tests: a card member of a direct partner at tier 2. */
export function makeMember(overrides: Partial<Member> = {}): Member {
  return {
    publicId: 'pub-ann-1',
    firstName: 'Ann',
    lastName: 'Card',
    email: 'ann@example.com',
    emailOptIn: true,
    address: { address1: '1 Main St', address2: '', city: 'Chicago', state: 'IL', zipCode: '60601' },
    phoneNumber: '3125550100',
    smsOptIn: false,
    familyId: null,
    joinDate: '2024-03-04',
    enrollmentSource: 'web',
    memberType: 'EnrolledCardMember',
    tierLevel: 2,
    diningProgress: { status: 'Building', dinesRequired: 11, remainingDines: 7, dollarsRequired: 0, remainingDollars: 0, ytdMilesOrDollars: 300, year: 2026 },
    activeBonuses: [],
    interfaceType: 'direct',
    partnerNumber: null,
    session: { expiresAt: '2099-01-01T00:00:00.000Z', staySignedIn: false },
    ...overrides,
  };
}

/** One of the member's bonuses: the new-member bonus, Eligible, $25 minimum, 1,000 (miles) last full day November 30, 2026 in any time zone from UTC-11 to UTC+11. */
export function makeBonus(overrides: Partial<ActiveBonus> = {}): ActiveBonus {
  return {
    code: 'NEWMBR', bonusStatus: 'Eligible', createDateUtc: '2026-11-01T00:00:00Z', isNewMemberBonus: true, description: 'New member bonus',
    memberIsEligibleForNMB: true, amount: 1000, minSpendCents: 2500, deadlineUtc: '2026-12-01T12:00:00.000Z',
    ...overrides,
  };
}
