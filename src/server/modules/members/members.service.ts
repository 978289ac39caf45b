import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { MemberRow, PartnerRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUsZip } from '../../lib/geo';
import { ZProfileUpdateRequest } from '#shared/schemas/member';
import { emailOptInOffered, fullAddressRequired, hasMembers, smsOptInOffered } from '#shared/rules/partner-features';
import { smsOptInFor } from '#shared/rules/sms-opt-in';
import { ZIP_NOT_US_MESSAGE } from '#shared/rules/zip';
import { activateMember, findMemberByPublicId, findProgress, updateMember, type MemberPatch } from './members.repo';
import { activeBonuses } from '../bonuses/bonuses.service';
import { progressYear, standingOf, tierAfterEmailOptIn, type MemberStanding, type ProgressFigures } from './standing';

const REQUIRED = 'This field is required.';
export const MEMBER_NOT_FOUND = 'We could not find that member.';
export const NOT_ACTIVATABLE = 'This membership is already activated or cannot be activated. Please sign in or join instead.';
export const ACTIVATION_UNAVAILABLE = 'Activation is not available on this site.';

/**
 * The profile as the server accepts it: the shared request schema, with names optional because
 * single sign-on members' names are read-only (the client may leave them out). The checks that
 * need the partner and the member are added per request by profileSchemaFor.
 */
export const ZProfileUpdateBody = ZProfileUpdateRequest.partial({ firstName: true, lastName: true });
export type ProfileUpdateBody = z.output<typeof ZProfileUpdateBody>;

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

type ContactValues = Pick<ProfileUpdateBody, 'address1' | 'address2' | 'city' | 'state' | 'zipCode' | 'phoneNumber' | 'smsOptIn' | 'smsOptInV2' | 'emailOptIn'>;

/**
 * The address, phone and consents a member stores, alike when joining and in the profile (§5):
 * SMS opt-in only where the partner offers it, on by default with a phone unless the v2 consent
 * (or the box) says otherwise (rules/sms-opt-in.ts).
 */
export function contactOf(partner: PartnerRow, v: ContactValues) {
  return {
    address1: v.address1,
    address2: v.address2,
    city: v.city,
    state: v.state,
    zipCode: v.zipCode,
    phoneNumber: v.phoneNumber,
    smsOptIn: smsOptInOffered(partner) && smsOptInFor({ phone: v.phoneNumber, smsOptIn: v.smsOptIn, smsOptInV2: v.smsOptInV2 }),
    emailOptIn: v.emailOptIn,
  };
}

const PROFILE_FIELDS = ['firstName', 'lastName', 'address1', 'address2', 'city', 'state', 'zipCode', 'phoneNumber', 'smsOptIn', 'emailOptIn'] as const;

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
  const next: Required<Pick<MemberPatch, (typeof PROFILE_FIELDS)[number]>> = {
    firstName: sso ? member.firstName : v.firstName ?? '',
    lastName: sso ? member.lastName : v.lastName ?? '',
    ...contactOf(partner, v),
    // Not offered on this partner's form: the stored choice stays whatever the request says.
    ...(emailOptInOffered(partner) ? {} : { emailOptIn: member.emailOptIn }),
  };
  const patch: MemberPatch = {};
  for (const field of PROFILE_FIELDS) {
    if (next[field] !== member[field]) Object.assign(patch, { [field]: next[field] });
  }
  if (Object.keys(patch).length === 0) return { member, changed: false };
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
  const rows = await findProgress(db, member.partnerId, member.id, [year - 1, year]);
  const of = (y: number) => rows.find((r) => r.year === y);
  return { dinesThisYear: of(year)?.qualifiedDines ?? 0, dinesLastYear: of(year - 1)?.qualifiedDines ?? 0, rewardsThisYear: of(year)?.rewards ?? 0 };
}

/** The member's tier and dining progress now (§3), from the engine's progress rows, and their bonuses (bonus tables). */
export async function memberStanding(db: Db, member: MemberRow, now: Date = new Date()): Promise<MemberStanding> {
  const year = progressYear(now, member.state);
  return { ...standingOf(member.tierLevel, await progressFigures(db, member, year), year), activeBonuses: await activeBonuses(db, member, now) };
}

/** GET /api/Member/{publicId}: a known visitor of this partner only. */
export async function findKnownVisitor(db: Db, partner: PartnerRow, publicId: string): Promise<MemberRow> {
  const row = await findMemberByPublicId(db, partner.id, publicId);
  if (!row) throw AppError.notFound(MEMBER_NOT_FOUND);
  return row;
}

/** POST /api/Member/Activate (§4 activation): NonActivated (1) → OptedIn (2), with a web profile. */
export async function activate(db: Db, partner: PartnerRow, publicId: string): Promise<MemberRow> {
  if (!hasMembers(partner)) throw AppError.notFound(ACTIVATION_UNAVAILABLE);
  const activated = await activateMember(db, partner.id, publicId);
  if (activated) return activated;
  const existing = await findMemberByPublicId(db, partner.id, publicId);
  if (!existing) throw AppError.notFound(MEMBER_NOT_FOUND);
  // Past tier 1 (or activated by a parallel request a moment ago).
  throw new AppError(409, NOT_ACTIVATABLE, { code: 'notActivatable' });
}
