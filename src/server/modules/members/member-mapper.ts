import type { MemberRow, SessionRow } from '../../db/schema';
import type { Member } from '#shared/schemas/member';
import type { MemberStanding } from './standing';

/**
 * The member as the browser sees it (§3); never the password hash or internal ids. Tier, dining
 * progress and bonuses come from the engine's and the bonus tables (members.service
 * memberStanding), which every answer carrying a member passes: sign-in, joining and recovery
 * answer the same member as GET /api/Member (the row's seeded diningProgress and old
 * active_bonuses column are not read).
 */
export function toMember(row: MemberRow, session: SessionRow, standing: MemberStanding): Member {
  const { tierLevel, diningProgress, activeBonuses = [] } = standing;
  return {
    publicId: row.publicId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    emailOptIn: row.emailOptIn,
    address: { address1: row.address1, address2: row.address2, city: row.city, state: row.state, zipCode: row.zipCode },
    phoneNumber: row.phoneNumber,
    smsOptIn: row.smsOptIn,
    familyId: row.familyId,
    joinDate: row.joinDate.toISOString(),
    enrollmentSource: row.enrollmentSource,
    memberType: row.memberType,
    tierLevel,
    diningProgress,
    activeBonuses,
    interfaceType: row.interfaceType,
    partnerNumber: row.partnerNumber,
    session: {
      expiresAt: session.expiresAt.toISOString(), staySignedIn: session.staySignedIn, signedInAt: session.createdAt.toISOString(),
      ...(session.emulationId && session.emulationEndsAt ? { emulation: { id: session.emulationId, by: session.emulatedBy ?? 'Our team', endsAt: session.emulationEndsAt.toISOString() } } : {}),
    },
  };
}

export function toKnownVisitor(row: MemberRow) {
  return { publicId: row.publicId, tierLevel: row.tierLevel, hasWebProfile: row.hasWebProfile, active: row.active };
}
