import type { Db } from '../../db/client';
import type { MemberRow } from '../../db/schema';
import { newPublicId } from '../../lib/ids';
import { NAME_MAX, TIER_LEVELS } from '#shared/constants/member';
import { isValidEmail, normaliseEmail } from '#shared/rules/email';
import { autoEnrolNewMember } from '../bonuses';
import { findBySubject, findLinkableByEmail, insertMember, linkMember, updateNames } from './sso.repo';

/** What the identity provider says about the person (ID token, completed by userinfo). */
export type SsoIdentity = {
  subject: string;
  email?: string;
  emailVerified?: boolean;
  firstName?: string;
  lastName?: string;
};

export class SsoIdentityError extends Error {}

const name = (value: string | undefined) => (value ?? '').trim().slice(0, NAME_MAX);

/**
 * The member this provider account signs in as, in this order:
 * 1. the member already tied to the account (partner, subject); names follow the provider, which
 *    owns them (sso members cannot edit names);
 * 2. a known visitor or unlinked sso member of this partner with the same e-mail, when the
 *    provider vouches for the e-mail (email_verified) — otherwise anyone able to register that
 *    address at the provider could take the account over;
 * 3. a new non-card member.
 *
 * The partner's auto-enrol switch (§1 hasAutoEnroll) decides where a newcomer starts: enrolled in the
 * dining programme at once (tier 2, OptedIn) where the partner enrols its members automatically;
 * otherwise NonActivated (tier 1), so the activation prompt (§6) asks them to join the programme
 * first. A known visitor linked on an auto-enrol partner is enrolled the same way. The same switch
 * registers the newcomer (and the linked visitor, while the bonus is still open to them) for the
 * new-member bonus in the same transaction (bonuses.service autoEnrolNewMember).
 */
export async function resolveSsoMember(db: Db, partner: { id: number; hasAutoEnroll: boolean }, identity: SsoIdentity): Promise<MemberRow> {
  const partnerId = partner.id;
  const existing = await findBySubject(db, partnerId, identity.subject);
  if (existing) {
    const names = { firstName: name(identity.firstName), lastName: name(identity.lastName) };
    if ((names.firstName || names.lastName) && (names.firstName !== existing.firstName || names.lastName !== existing.lastName)) {
      await updateNames(db, existing.id, names);
      return { ...existing, ...names };
    }
    return existing;
  }

  const email = identity.email ? normaliseEmail(identity.email) : '';
  if (!email || !isValidEmail(email)) throw new SsoIdentityError('The identity provider did not give a usable e-mail address.');

  if (identity.emailVerified === true) {
    const linkable = await findLinkableByEmail(db, partnerId, email);
    if (linkable) {
      const linked = await db.transaction(async (tx) => {
        const row = await linkMember(tx, linkable.id, identity.subject, { enrol: partner.hasAutoEnroll });
        if (row) await autoEnrolNewMember(tx, { partner, member: row });
        return row;
      });
      if (linked) return linked;
    }
  }

  const created = await db.transaction(async (tx) => {
    const row = await insertMember(tx, {
      partnerId,
      publicId: newPublicId(),
      email,
      firstName: name(identity.firstName),
      lastName: name(identity.lastName),
      zipCode: '',
      interfaceType: 'sso',
      // Joined through single sign-on (a partner's bonus may be for exactly these members).
      enrollmentSource: 'sso',
      memberType: 'NonCardMember',
      tierLevel: partner.hasAutoEnroll ? TIER_LEVELS.OptedIn : TIER_LEVELS.NonActivated,
      hasWebProfile: true,
      active: true,
      ssoSubject: identity.subject,
    });
    if (row) await autoEnrolNewMember(tx, { partner, member: row });
    return row;
  });
  if (created) return created;
  // A second tab finished the same first sign-in a moment earlier.
  const raced = await findBySubject(db, partnerId, identity.subject);
  if (!raced) throw new SsoIdentityError('The member could not be created.');
  return raced;
}
