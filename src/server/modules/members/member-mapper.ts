import type { MemberRow, SessionRow } from '../../db/schema';
import type { Member } from '#shared/schemas/member';

/** The member as the browser sees it (§3); never the password hash or internal ids. */
export function toMember(row: MemberRow, session: SessionRow): Member {
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
    tierLevel: row.tierLevel,
    diningProgress: row.diningProgress,
    activeBonuses: row.activeBonuses,
    interfaceType: row.interfaceType,
    partnerNumber: row.partnerNumber,
    session: { expiresAt: session.expiresAt.toISOString(), staySignedIn: session.staySignedIn },
  };
}

export function toKnownVisitor(row: MemberRow) {
  return { publicId: row.publicId, tierLevel: row.tierLevel, hasWebProfile: row.hasWebProfile, active: row.active };
}
