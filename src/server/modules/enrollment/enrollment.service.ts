import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { MemberRow, NewMemberRow, PartnerRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { isUsZip } from '../../lib/geo';
import { newPublicId } from '../../lib/ids';
import { hashPassword } from '../../lib/passwords';
import { ZProspectSignUpRequest, type ZReferral } from '#shared/schemas/member';
import { EMAIL_MESSAGE, isValidEmail, normaliseEmail } from '#shared/rules/email';
import { isValidPartnerNumber, normalisePartnerNumber, PARTNER_NUMBER_FORMAT_MESSAGE } from '#shared/rules/partner-number';
import { canJoinHere, canRecoverPassword, emailOptInOffered, fullAddressRequired, usesSingleSignOn } from '#shared/rules/partner-features';
import { isZipShape, ZIP_FORMAT_MESSAGE, ZIP_NOT_US_MESSAGE } from '#shared/rules/zip';
import { autoEnrolNewMember } from '../bonuses';
import { EMAIL_IN_USE_MESSAGE, emailInUse, findMemberByPublicId, contactOf, lockEmail } from '../members';
import { insertMember, insertProspect, partnerNumberInUse, upgradeKnownVisitor } from './enrollment.repo';

export const REQUIRED_MESSAGE = 'This field is required.';
export const PARTNER_NUMBER_IN_USE_MESSAGE = 'This partner number is already in use.';
export const CONTROL_CHARACTER_MESSAGE = 'Please remove special characters such as line breaks from this field.';
// Control characters (NUL above all) cannot be stored in PostgreSQL text and have no place in a name or address.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;
const hasControlCharacters = (value: string) => value.search(CONTROL_CHARACTERS) !== -1;

export const ALREADY_MEMBER_MESSAGE = 'You already have an account with the program. Sign in, or recover your password if you have forgotten it.';

type ProspectValues = z.output<typeof ZProspectSignUpRequest>;

/** What a partner may not offer on its site: joining (canJoinHere), password recovery (canRecoverPassword). */
const OFFERS = {
  joining: { offered: canJoinHere, what: 'Joining online' },
  recovery: { offered: canRecoverPassword, what: 'Password recovery' },
} as const;

/**
 * 404 where this site does not offer joining or recovery (partner-features.ts): they exist only
 * where the partner runs its own accounts; sso partners' members join through the partner's sign-in.
 */
export function requireOffered(partner: Pick<PartnerRow, 'name' | 'enrollmentType'>, offer: keyof typeof OFFERS): void {
  const { offered, what } = OFFERS[offer];
  if (offered(partner)) return;
  if (usesSingleSignOn(partner)) {
    throw AppError.notFound(`${what} is not available on this site: ${partner.name} members sign in with their ${partner.name} account. For help, contact customer service.`);
  }
  throw AppError.notFound(`${what} is not available on this site. For help, contact customer service.`);
}

export function validatorOf(partner: Pick<PartnerRow, 'partnerNumberValidator'>): 'checkCharacter' | 'none' {
  return partner.partnerNumberValidator === 'none' ? 'none' : 'checkCharacter';
}

/**
 * The shared sign-up schema plus the checks that need the partner and the database (§5). The
 * known visitor being upgraded (exceptId) does not count as another user of its own e-mail or
 * partner number.
 */
export function serverProspectSchema(deps: { db: Db; partner: PartnerRow; exceptId?: number }) {
  const { db, partner, exceptId } = deps;
  return ZProspectSignUpRequest.superRefine(async (v, ctx) => {
    const issue = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
    for (const field of ['firstName', 'lastName', 'address1', 'address2', 'city'] as const) {
      if (hasControlCharacters(v[field])) issue(field, CONTROL_CHARACTER_MESSAGE);
    }
    if (await emailInUse(db, { partnerId: partner.id, email: v.email, exceptId })) issue('email', EMAIL_IN_USE_MESSAGE);
    if (partner.hasPPN) {
      if (!v.partnerNumber) issue('partnerNumber', REQUIRED_MESSAGE);
      else if (!isValidPartnerNumber(v.partnerNumber, validatorOf(partner))) issue('partnerNumber', PARTNER_NUMBER_FORMAT_MESSAGE);
      else if (await partnerNumberInUse(db, { partnerId: partner.id, partnerNumber: v.partnerNumber, exceptId })) issue('partnerNumber', PARTNER_NUMBER_IN_USE_MESSAGE);
    }
    if (isZipShape(v.zipCode) && !isUsZip(v.zipCode.trim())) issue('zipCode', ZIP_NOT_US_MESSAGE);
    if (fullAddressRequired(partner)) {
      for (const field of ['address1', 'city', 'state'] as const) if (!v[field]) issue(field, REQUIRED_MESSAGE);
    }
  });
}

export function alreadyMember(): AppError {
  return new AppError(409, ALREADY_MEMBER_MESSAGE, { code: 'alreadyMember' });
}

function cleanReferral(referral: z.output<typeof ZReferral>): Record<string, string> {
  return Object.fromEntries(Object.entries(referral)
    .map(([k, v]) => [k, typeof v === 'string' ? v.replace(CONTROL_CHARACTERS, '').trim() : ''] as const)
    .filter(([, v]) => v !== ''));
}

/**
 * POST /api/Members/Prospects: creates the member (or gives a known visitor of this partner its
 * web profile) after every §5 check; on an auto-enrol partner registered for the new-member bonus.
 */
export async function joinProgramme(db: Db, opts: { partner: PartnerRow; body: ProspectValues }): Promise<MemberRow> {
  const { partner } = opts;
  const candidate = opts.body.publicId ? await findMemberByPublicId(db, partner.id, opts.body.publicId) : undefined;
  // A public id alone does not hand over a record: the visitor's own e-mail must be the one joining.
  const sameEmail = (c: MemberRow) => !c.email || c.email.toLowerCase() === String(opts.body.email ?? '').trim().toLowerCase();
  // §4: a known visitor without a web profile is sent here (/join?rfr=2 past tier 1, or from
  // activation): joining gives their own record its web profile, whatever their tier.
  const visitor = candidate && !candidate.hasWebProfile && sameEmail(candidate) ? candidate : undefined;

  const parsed = await serverProspectSchema({ db, partner, exceptId: visitor?.id }).safeParseAsync(opts.body);
  if (!parsed.success) throw AppError.fromIssues(parsed.error.issues);
  const v = parsed.data;
  const referral = cleanReferral(v.referral);
  const now = new Date();
  const profile = {
    email: v.email,
    passwordHash: await hashPassword(v.password),
    firstName: v.firstName,
    lastName: v.lastName,
    ...contactOf(partner, v, { source: 'join', now }),
    // Where the form does not offer the opt-in, joining the programme includes its e-mails.
    ...(emailOptInOffered(partner) ? {} : { emailOptIn: true }),
    // A visitor who was VIP (granted by the partner) stays VIP while opted in, as the profile's opt-in keeps it.
    tierLevel: v.emailOptIn || !emailOptInOffered(partner) ? (visitor?.tierLevel === 3 ? 3 : 2) : 0,
    interfaceType: 'direct',
    hasWebProfile: true,
    active: true,
    joinDate: now,
    enrollmentSource: referral.utm_source ?? 'web',
    ...(partner.hasPPN ? { partnerNumber: normalisePartnerNumber(v.partnerNumber) } : {}),
  } satisfies Partial<NewMemberRow>;

  try {
    return await db.transaction(async (tx) => {
      await lockEmail(tx, { partnerId: partner.id, email: v.email });
      // Checked again under the lock: another join with this e-mail may have finished meanwhile.
      if (await emailInUse(tx, { partnerId: partner.id, email: v.email, exceptId: visitor?.id })) throw alreadyMember();
      const joined = visitor
        ? await upgradeKnownVisitor(tx, { id: visitor.id, partnerId: partner.id, values: { ...profile, referral: { ...visitor.referral, ...referral } } })
        : await insertMember(tx, { ...profile, partnerId: partner.id, publicId: newPublicId(), memberType: 'NonCardMember', referral });
      if (!joined) throw alreadyMember();
      // Auto-enrol partners register the new member for the new-member bonus with the join itself.
      await autoEnrolNewMember(tx, { partner, member: joined, now });
      return joined;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyMember();
    throw err;
  }
}

/** POST /api/Members/Prospects/Email: the home-page form leaves an e-mail address. */
export async function recordProspect(db: Db, opts: { partnerId: number; email: string; referral: z.output<typeof ZReferral> }): Promise<void> {
  await insertProspect(db, { partnerId: opts.partnerId, email: normaliseEmail(opts.email), referral: cleanReferral(opts.referral) });
}

/**
 * GET /api/Members/Validate/Email: whether the value is free for joining (false: it belongs to a
 * member). With usePpn a 7-character value is a partner number and is checked as one. A value
 * that is no e-mail address (by the one rule of the pages, rules/email.ts) or no partner number is
 * refused with 400, so a page never takes it for a member's.
 */
export async function isEmailAvailable(db: Db, opts: { partner: PartnerRow; value: string; usePpn: boolean; publicId?: string }): Promise<boolean> {
  const value = opts.value.trim();
  // The known visitor joining: their own record does not count against them (joinProgramme takes it over).
  const visitor = opts.publicId ? await findMemberByPublicId(db, opts.partner.id, opts.publicId) : undefined;
  const exceptId = visitor && !visitor.hasWebProfile ? visitor.id : undefined;
  if (opts.usePpn && /^[A-Za-z0-9]{7}$/.test(value)) {
    const number = normalisePartnerNumber(value);
    if (!isValidPartnerNumber(number, validatorOf(opts.partner))) {
      throw AppError.badRequest(PARTNER_NUMBER_FORMAT_MESSAGE, [{ field: 'email', message: PARTNER_NUMBER_FORMAT_MESSAGE }]);
    }
    return !(await partnerNumberInUse(db, { partnerId: opts.partner.id, partnerNumber: number, exceptId }));
  }
  if (!isValidEmail(value)) throw AppError.badRequest(EMAIL_MESSAGE, [{ field: 'email', message: EMAIL_MESSAGE }]);
  return !(await emailInUse(db, { partnerId: opts.partner.id, email: normaliseEmail(value), exceptId }));
}

/** GET /api/Members/Validate/Zip. */
export function validateZip(zip: string): { isValid: boolean; message?: string } {
  const z5 = zip.trim();
  if (!isZipShape(z5)) return { isValid: false, message: ZIP_FORMAT_MESSAGE };
  if (!isUsZip(z5)) return { isValid: false, message: ZIP_NOT_US_MESSAGE };
  return { isValid: true };
}
