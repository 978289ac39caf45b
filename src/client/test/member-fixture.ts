import type { Member } from '#shared/schemas/member';

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
    diningProgress: { status: 'Building', dinesRequired: 12, remainingDines: 8, dollarsRequired: 0, remainingDollars: 0, ytdMilesOrDollars: 300 },
    activeBonuses: [],
    interfaceType: 'direct',
    partnerNumber: null,
    session: { expiresAt: '2099-01-01T00:00:00.000Z', staySignedIn: false },
    ...overrides,
  };
}
