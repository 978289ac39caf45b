import type { Db } from '../../db/client';
import type { MemberRow, PartnerRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUsZip } from '../../lib/geo';
import { ZProfileUpdateBody, type ProfileUpdateBody } from '#shared/schemas/member';
import { emailOptInOffered, fullAddressRequired, hasMembers, programName, smsOptInOffered } from '#shared/rules/partner-features';
import { smsOptInFor } from '#shared/rules/sms-opt-in';
import {
  SMS_CONSENT_OUTDATED_MESSAGE, SMS_CONSENT_REQUIRED_MESSAGE, SMS_CONSENT_VERSION, smsConsentText, type SmsConsentSource,
} from '#shared/rules/sms-consent';
import { ZIP_NOT_US_MESSAGE } from '#shared/rules/zip';
import { activateMember, findMemberByPublicId, findProgress, findStandingFacts, progressYears, updateMember, type MemberPatch, type ProgressRow, type StandingFacts } from './members.repo';
import { activeProgrammes, autoEnrolNewMember, bonusesOf, type KeptProgrammes } from '../bonuses';
import { standingOf, tierAfterEmailOptIn, type MemberStanding, type ProgressFigures } from './standing';
import { progressYear } from '#shared/rules/rewards/local-time';

const REQUIRED = 'This field is required.';
export const MEMBER_NOT_FOUND = 'We could not find that member.';
/** Joining, fix credentials and an e-mail change say the same about an address another member uses. */
export const EMAIL_IN_USE_MESSAGE = 'This email is already in use with the program.';
export const NOT_ACTIVATABLE = 'This membership is already activated or cannot be activated. Please sign in or join instead.';
export const ACTIVATION_UNAVAILABLE = 'Activation is not available on this site.';

/** §5 profile rules that depend on the partner and the member, as a superRefine of the shared schema. */
export function profileSchemaFor(ctx: { partner: PartnerRow; member: MemberRow }) {
  const sso = ctx.member.interfaceType === 'sso';
  const addressRequired = fullAddressRequired(ctx.partner);
  return ZProfileUpdateBody.superRefine((v, issues) => {
    const required = (field: keyof ProfileUpdateBody) => issues.addIssue({ code: 'custom', path: [field], message: REQUIRED });
    if (!sso) {
      if (!v.firstName) required('firstName');
      if (!v.lastName) required('lastName');
    }
    if (addressRequired) {
      if (!v.address1) required('address1');
      if (!v.city) required('city');
      if (!v.state) required('state');
    }
    if (typeof v.zipCode === 'string' && /^\d{5}$/.test(v.zipCode) && !isUsZip(v.zipCode)) {
      issues.addIssue({ code: 'custom', path: ['zipCode'], message: ZIP_NOT_US_MESSAGE });
    }
  });
}

type ContactValues = Pick<ProfileUpdateBody, 'address1' | 'address2' | 'city' | 'state' | 'zipCode' | 'phoneNumber' | 'smsOptIn' | 'smsOptInV2' | 'smsConsent' | 'emailOptIn'>;
type SmsConsentRecord = Pick<MemberRow, 'smsConsentAt' | 'smsConsentVersion' | 'smsConsentText' | 'smsConsentSource'>;

/**
 * The address, phone and consents a member stores, alike when joining and in the profile (§5):
 * SMS opt-in only where the partner offers it, with a valid phone, when asked (rules/sms-opt-in.ts)
 * and consented to (issue 25): turning it on needs the consent of the modal, for the current
 * wording, and records when, which wording (with the number) and on which screen. A member whose
 * opt-in is already on for the same number keeps it without consenting again.
 */
export function contactOf(partner: PartnerRow, v: ContactValues, opts: { source: SmsConsentSource; current?: MemberRow; now?: Date }) {
  const smsOptIn = smsOptInOffered(partner) && smsOptInFor({ phone: v.phoneNumber, smsOptIn: v.smsOptIn, smsOptInV2: v.smsOptInV2 });
  const alreadyOn = Boolean(opts.current?.smsOptIn && opts.current.phoneNumber === v.phoneNumber);
  let record: Partial<SmsConsentRecord> = {};
  if (smsOptIn && !alreadyOn) {
    const field = v.smsOptInV2 !== undefined ? 'smsOptInV2' : 'smsOptIn';
    if (!v.smsConsent) throw AppError.badRequest(SMS_CONSENT_REQUIRED_MESSAGE, [{ field, message: SMS_CONSENT_REQUIRED_MESSAGE }]);
    if (v.smsConsent.version !== SMS_CONSENT_VERSION) throw AppError.badRequest(SMS_CONSENT_OUTDATED_MESSAGE, [{ field, message: SMS_CONSENT_OUTDATED_MESSAGE }]);
    record = {
      smsConsentAt: opts.now ?? new Date(),
      smsConsentVersion: SMS_CONSENT_VERSION,
      smsConsentText: smsConsentText({ program: programName(partner), phone: v.phoneNumber, shortCode: partner.shortCode }),
      smsConsentSource: opts.source,
    };
  }
  return {
    address1: v.address1,
    address2: v.address2,
    city: v.city,
    state: v.state,
    zipCode: v.zipCode,
    phoneNumber: v.phoneNumber,
    smsOptIn,
    emailOptIn: v.emailOptIn,
    ...record,
  };
}

const PROFILE_FIELDS = ['firstName', 'lastName', 'address1', 'address2', 'city', 'state', 'zipCode', 'phoneNumber', 'smsOptIn', 'emailOptIn'] as const;
const SMS_CONSENT_FIELDS = ['smsConsentAt', 'smsConsentVersion', 'smsConsentText', 'smsConsentSource'] as const;

/**
 * PUT /api/Member: validates against the partner's rules, keeps an sso member's names, allows SMS
 * opt-in only where the partner offers it (rules/sms-opt-in.ts, as joining), and saves only when
 * something differs (changed:false → 'No changes were made.').
 */
export async function updateProfile(db: Db, opts: { partner: PartnerRow; member: MemberRow; body: unknown }): Promise<{ member: MemberRow; changed: boolean }> {
  const { partner, member } = opts;
  const parsed = await profileSchemaFor({ partner, member }).safeParseAsync(opts.body);
  if (!parsed.success) throw AppError.fromIssues(parsed.error.issues);
  const v = parsed.data;
  const sso = member.interfaceType === 'sso';
  const next: Required<Pick<MemberPatch, (typeof PROFILE_FIELDS)[number]>> & Partial<SmsConsentRecord> = {
    firstName: sso ? member.firstName : v.firstName ?? '',
    lastName: sso ? member.lastName : v.lastName ?? '',
    ...contactOf(partner, v, { source: 'profile', current: member }),
    // Not offered on this partner's form: the stored choice stays whatever the request says.
    ...(emailOptInOffered(partner) ? {} : { emailOptIn: member.emailOptIn }),
  };
  const patch: MemberPatch = {};
  for (const field of PROFILE_FIELDS) {
    if (next[field] !== member[field]) Object.assign(patch, { [field]: next[field] });
  }
  if (Object.keys(patch).length === 0) return { member, changed: false };
  // A new consent comes with turning the opt-in on (or on for a new number), so with a change.
  for (const field of SMS_CONSENT_FIELDS) if (next[field] !== undefined) Object.assign(patch, { [field]: next[field] });
  // The tier follows the e-mail choice (0 ↔ 2); VIP held by dining comes back with opting in (standing.ts).
  if (patch.emailOptIn !== undefined) {
    const tier = tierAfterEmailOptIn(member.tierLevel, patch.emailOptIn);
    if (tier !== member.tierLevel) patch.tierLevel = tier;
  }
  const updated = await updateMember(db, partner.id, member.id, patch);
  if (!updated) throw AppError.unauthorized('Please sign in to continue.');
  return { member: updated, changed: true };
}

/** This year's and last year's qualified dines and this year's rewards, from member_progress. */
export async function progressFigures(db: Db, member: Pick<MemberRow, 'id' | 'partnerId'>, year: number): Promise<ProgressFigures> {
  return progressFiguresOf(await findProgress(db, member, progressYears(year)), year);
}

/** The figures of a year from the progress rows of it and the year before (a year without a row has none of either). */
export const progressFiguresOf = (rows: readonly ProgressRow[], year: number): ProgressFigures => {
  const of = (y: number) => rows.find((r) => r.year === y);
  return { dinesThisYear: of(year)?.qualifiedDines ?? 0, dinesLastYear: of(year - 1)?.qualifiedDines ?? 0, rewardsThisYear: of(year)?.rewards ?? 0 };
};

/**
 * The member's tier and dining progress now (§3), from the engine's progress rows, and their
 * bonuses (bonus tables): the member's rows in one statement, the partner's programmes from
 * `programmes` where the caller keeps them (the same for every member of the partner), else read.
 * `facts`: the member's rows of last year and this (`progressYear(now)`), where a statement that
 * read them with a page's other facts has them already (Reviews & History's first screen).
 */
export async function memberStanding(db: Db, partner: Pick<PartnerRow, 'hasVIP' | 'vipQualifyingDines'>, member: MemberRow, now: Date = new Date(), programmes?: KeptProgrammes, facts?: StandingFacts): Promise<MemberStanding> {
  const year = progressYear(now, member.state);
  const [standingFacts, partnerProgrammes] = await Promise.all([
    facts ?? findStandingFacts(db, member, progressYears(year)),
    programmes ? programmes.get(member.partnerId) : activeProgrammes(db, { partnerId: member.partnerId }),
  ]);
  return { ...standingOf(partner, member.tierLevel, progressFiguresOf(standingFacts.progress, year), year), activeBonuses: bonusesOf(member, partnerProgrammes, standingFacts.enrolments, now) };
}

/** GET /api/Member/{publicId}: a known visitor of this partner only. */
export async function findKnownVisitor(db: Db, partner: PartnerRow, publicId: string): Promise<MemberRow> {
  const row = await findMemberByPublicId(db, partner.id, publicId);
  if (!row) throw AppError.notFound(MEMBER_NOT_FOUND);
  return row;
}

/**
 * POST /api/Member/Activate (§4 activation): NonActivated (1) → OptedIn (2), with a web profile;
 * on an auto-enrol partner registered for the new-member bonus in the same transaction, while it
 * is still open to them (its window counts from their join date).
 */
export async function activate(db: Db, partner: PartnerRow, publicId: string): Promise<MemberRow> {
  if (!hasMembers(partner)) throw AppError.notFound(ACTIVATION_UNAVAILABLE);
  const activated = await db.transaction(async (tx) => {
    const row = await activateMember(tx, partner.id, publicId);
    if (row) await autoEnrolNewMember(tx, { partner, member: row });
    return row;
  });
  if (activated) return activated;
  const existing = await findMemberByPublicId(db, partner.id, publicId);
  if (!existing) throw AppError.notFound(MEMBER_NOT_FOUND);
  // Past tier 1 (or activated by a parallel request a moment ago).
  throw new AppError(409, NOT_ACTIVATABLE, { code: 'notActivatable' });
}
