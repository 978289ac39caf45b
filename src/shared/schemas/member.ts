import { z } from 'zod';
import { ADDRESS_MAX, CITY_MAX, INTERFACE_TYPES, MEMBER_TYPES, NAME_MAX, PROGRESS_STATUSES } from '../constants/member';
import { US_STATE_CODES } from '../constants/us-states';
import { EMAIL_MAX, EMAIL_MESSAGE, EMAIL_REQUIRED_MESSAGE, EMAIL_TOO_LONG_MESSAGE, isValidEmail, normaliseEmail } from '../rules/email';
import { cutPassword, PASSWORD_MAX, passwordProblem } from '../rules/password';
import { ENROLLMENT_PHONE_MESSAGE, isValidUsPhone, PHONE_MESSAGE, phoneDigits } from '../rules/phone';
import { isZipShape, ZIP_FORMAT_MESSAGE } from '../rules/zip';
import { PARTNER_NUMBER_FORMAT_MESSAGE } from '../rules/partner-number';
import { noControl } from '../rules/text';

export * from '../constants/member';

const REQUIRED = 'This field is required.';
const trimmed = (max: number, label: string) => z.string({ message: REQUIRED }).trim().max(max, `${label} must be ${max} characters or fewer.`)
  .refine(noControl, "Please remove special characters such as line breaks from this field.");
/** The §5 e-mail rule of rules/email.ts (emailProblem): same checks, same messages, on the page and here. */
const zEmail = z.string({ message: EMAIL_REQUIRED_MESSAGE }).trim().min(1, EMAIL_REQUIRED_MESSAGE).max(EMAIL_MAX, EMAIL_TOO_LONG_MESSAGE)
  .refine(isValidEmail, EMAIL_MESSAGE).transform(normaliseEmail)
  .meta({ format: 'email', description: `E-mail address, at most ${EMAIL_MAX} characters, shaped name@domain.tld: the name starts with a letter or digit and may hold . _ % + -; the domain is letters, digits and hyphens; the last part is 2 or more letters; no spaces, no "..". Case does not matter.` });
/** Cut to 56 characters (§5) before any other check. */
const zPassword = z.string({ message: REQUIRED }).transform(cutPassword).pipe(z.string().min(1, REQUIRED).max(PASSWORD_MAX))
  .describe(`Only the first ${PASSWORD_MAX} characters count: longer passwords are cut before any check. A new password (joining, reset) needs at least 8 characters with a letter and a digit, and must not contain the partner number.`);
const zZip = z.string({ message: REQUIRED }).trim().min(1, REQUIRED).refine(isZipShape, ZIP_FORMAT_MESSAGE)
  .meta({ pattern: '^\\s*[0-9]{5}\\s*$', description: 'U.S. ZIP code: exactly 5 digits (surrounding spaces are ignored), and a ZIP code that exists in the U.S.' });
const PHONE_RULE = 'U.S. phone number, or empty: 10 digits (a leading 1 is allowed; characters other than digits are ignored); the area code and the exchange start with 2-9.';
const STATE_MESSAGE = 'Choose a U.S. state or territory.';
const zState = z.union([z.literal(''), z.enum(US_STATE_CODES as [string, ...string[]], { message: STATE_MESSAGE })], { message: STATE_MESSAGE });

export const ZAddress = z.object({ address1: z.string(), address2: z.string(), city: z.string(), state: z.string(), zipCode: z.string() });

/**
 * §3 one of the member's bonuses, with its terms from the bonus programme (beyond §3: amount,
 * minSpendCents, deadlineUtc) so every screen words them alike (rules/bonus-terms.ts).
 */
export const ZActiveBonus = z.object({
  code: z.string(), bonusStatus: z.enum(['Eligible', 'Enrolled', 'Qualified']), createDateUtc: z.string(),
  isNewMemberBonus: z.boolean(), description: z.string(), memberIsEligibleForNMB: z.boolean(),
  /** What the bonus pays, in the partner's unit: miles or points; cents on Dollar and Credit partners. */
  amount: z.number().int(),
  /** The qualifying dine's reward basis must reach this (cents); 0: any qualifying dine. */
  minSpendCents: z.number().int(),
  /** When the window closes: joining + the programme's window (ISO date-time); a dine up to this instant counts. */
  deadlineUtc: z.string(),
});
export type ActiveBonus = z.infer<typeof ZActiveBonus>;

export const ZMember = z.object({
  publicId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  emailOptIn: z.boolean(),
  address: ZAddress,
  phoneNumber: z.string(),
  smsOptIn: z.boolean(),
  familyId: z.string().nullable(),
  joinDate: z.string(),
  enrollmentSource: z.string(),
  memberType: z.enum(MEMBER_TYPES),
  tierLevel: z.number().int().min(0).max(3),
  diningProgress: z.object({
    status: z.enum(PROGRESS_STATUSES),
    dinesRequired: z.number(),
    remainingDines: z.number(),
    dollarsRequired: z.number(),
    remainingDollars: z.number(),
    ytdMilesOrDollars: z.number(),
    /** The calendar year counted (the member's own clock); the meter counts towards the next one while Renewing. */
    year: z.number(),
  }),
  activeBonuses: z.array(ZActiveBonus),
  interfaceType: z.enum(INTERFACE_TYPES),
  /** The loyalty number the member joined with, if any. */
  partnerNumber: z.string().nullable(),
  /**
   * When this session ends unless renewed (§4 session timers), and when it began (the sign-in):
   * the page right after a sign-in is kept free of interruptions (rules/interruptions.ts).
   */
  session: z.object({
    expiresAt: z.string(), staySignedIn: z.boolean(), signedInAt: z.string().optional(),
    /** A member of our team viewing the account from the operator console (§6): read only until it ends. */
    emulation: z.object({ id: z.string(), by: z.string(), endsAt: z.string() }).optional(),
  }),
});
export type Member = z.infer<typeof ZMember>;

export const ZKnownVisitor = z.object({ publicId: z.string(), tierLevel: z.number(), hasWebProfile: z.boolean(), active: z.boolean() });
export const ZPublicIdParams = z.object({ publicId: z.string().trim().min(1, REQUIRED).max(64, 'Public id is too long.').regex(/^[A-Za-z0-9_-]+$/, 'Public id may contain letters, digits, - and _ only.') });

export const ZSignInRequest = z.object({
  username: z.string({ message: REQUIRED }).trim().min(1, 'Please enter a valid email address or partner number.').max(254, 'Please enter a valid email address or partner number.'),
  password: zPassword,
  staySignedIn: z.boolean().default(false),
});
export const ZSignInResponse = z.object({ member: ZMember, csrfToken: z.string() });
export const ZSignOutResponse = z.object({
  signedOut: z.literal(true),
  csrfToken: z.string(),
  endSessionUrl: z.string().optional().describe("Single sign-on: open this address to end the session at the partner's identity provider too; it returns to /SignOut."),
});
/** The owner's way in while password sign-in is locked: a one-time link to the account's e-mail (issue 25). */
export const ZSignInLinkRequest = ZSignInRequest.pick({ username: true });
const zLinkToken = z.string().min(20).max(100).regex(/^[A-Za-z0-9_-]+$/, 'This link is not valid.');
export const ZSignInLinkUseRequest = z.object({ token: zLinkToken, staySignedIn: z.boolean().default(false) });

/** Referral values captured on arrival (§3 referral data). */
export const ZReferral = z.object({
  utm_term: z.string().max(200).optional(), utm_medium: z.string().max(200).optional(), utm_campaign: z.string().max(200).optional(),
  utm_source: z.string().max(200).optional(), utm_content: z.string().max(200).optional(), referrer: z.string().max(200).optional(),
}).partial();

const profileFields = {
  firstName: trimmed(NAME_MAX, 'First name'),
  lastName: trimmed(NAME_MAX, 'Last name'),
  address1: trimmed(ADDRESS_MAX, 'Address').default(''),
  address2: trimmed(ADDRESS_MAX, 'Address line 2').default(''),
  city: trimmed(CITY_MAX, 'City').default(''),
  state: zState.default(''),
  zipCode: zZip,
  phoneNumber: z.string().trim().default('').refine((v) => v === '' || isValidUsPhone(v), PHONE_MESSAGE).transform(phoneDigits).describe(PHONE_RULE),
  /** Left out: off. On needs a valid phone and, unless already on for this number, smsConsent (rules/sms-opt-in.ts). */
  smsOptIn: z.boolean().optional(),
  /** The explicit v2 consent; when sent it decides (§5). */
  smsOptInV2: z.boolean().optional(),
  /** The consent modal of §4 was confirmed with its box ticked, for this version of its wording (rules/sms-consent.ts). */
  smsConsent: z.object({
    version: z.string().max(60),
    agreed: z.literal(true, { message: 'The consent box must be ticked.' }),
  }).optional(),
  emailOptIn: z.boolean().default(true),
};

/** POST /api/Members/Prospects: joining (§3 prospect sign-up payload). */
export const ZProspectSignUpRequest = z.object({
  email: zEmail,
  password: zPassword,
  passwordConfirm: zPassword,
  ...profileFields,
  phoneNumber: z.string().trim().default('').refine((v) => v === '' || isValidUsPhone(v), ENROLLMENT_PHONE_MESSAGE).transform(phoneDigits).describe(PHONE_RULE),
  partnerNumber: z.string().trim().toUpperCase().refine((v) => v === '' || /^[A-Z0-9]{7}$/.test(v), PARTNER_NUMBER_FORMAT_MESSAGE).default('')
    .describe('The loyalty number of the partner programme: 7 letters or digits (case does not matter), or empty.'),
  referral: ZReferral.default({}),
  publicId: z.string().max(64).regex(/^[A-Za-z0-9_-]*$/).optional(),
}).superRefine((v, ctx) => {
  if (v.password !== v.passwordConfirm) ctx.addIssue({ code: 'custom', path: ['passwordConfirm'], message: 'Passwords do not match.' });
  const problem = passwordProblem(v.password, v.partnerNumber || null);
  if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
  if (!v.firstName) ctx.addIssue({ code: 'custom', path: ['firstName'], message: REQUIRED });
  if (!v.lastName) ctx.addIssue({ code: 'custom', path: ['lastName'], message: REQUIRED });
});
export type ProspectSignUpRequest = z.input<typeof ZProspectSignUpRequest>;

/** The home-page prospect form: just an e-mail address. */
export const ZProspectEmailRequest = z.object({ email: zEmail, referral: ZReferral.default({}) });

export const ZValidateEmailQuery = z.object({
  email: z.string().max(254).describe('The e-mail address to check (same rule as joining), or with usePpn=true a partner number (7 letters or digits).'),
  usePpn: z.enum(['true', 'false']).optional(),
  publicId: z.string().max(64).regex(/^[A-Za-z0-9_-]+$/, 'Public id may contain letters, digits, - and _ only.').optional()
    .describe('The known visitor joining (the public id the partner sent them with): while they have no web profile, their own e-mail address and partner number count as free, as joining treats them.'),
});
export const ZValidateZipQuery = z.object({ zip: z.string().max(20).describe('The ZIP code to check: valid when it is exactly 5 digits and exists in the U.S.') });
export const ZValidationResponse = z.object({ isValid: z.boolean(), message: z.string().optional() });

/** PUT /api/Member: the profile (§5 profile rules; e-mail and password are not edited here). */
export const ZProfileUpdateRequest = z.object(profileFields);
export type ProfileUpdateRequest = z.input<typeof ZProfileUpdateRequest>;
/**
 * The profile as the server accepts it: the shared request schema, with names optional because
 * single sign-on members' names are read-only (the client may leave them out). The checks that
 * need the partner and the member are added per request by
 * profileSchemaFor (server/modules/members/members.service.ts).
 */
export const ZProfileUpdateBody = ZProfileUpdateRequest.partial({ firstName: true, lastName: true });
export type ProfileUpdateBody = z.output<typeof ZProfileUpdateBody>;
export const ZProfileUpdateResponse = z.object({ member: ZMember, changed: z.boolean() });

export const ZActivateRequest = z.object({ publicId: ZPublicIdParams.shape.publicId });

export const ZRecoverRequest = z.object({ email: zEmail });
export const ZRecoverTokenQuery = z.object({ token: z.string().min(20).max(100).regex(/^[A-Za-z0-9_-]+$/, 'This link is not valid.') });
export const ZRecoverUpdateRequest = z.object({
  token: z.string().min(20).max(100).regex(/^[A-Za-z0-9_-]+$/, 'This link is not valid.'),
  password: zPassword,
  passwordConfirm: zPassword,
}).refine((v) => v.password === v.passwordConfirm, { path: ['passwordConfirm'], message: 'Passwords do not match.' });

/** /fix_credentials: the member proves who they are and gives an e-mail of their own. */
export const ZFixCredentialsRequest = z.object({
  partnerNumber: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{7}$/, PARTNER_NUMBER_FORMAT_MESSAGE),
  password: zPassword,
  newEmail: zEmail,
});

/**
 * GET and POST /api/Member/Email: the member's address, a change waiting for its confirmation link
 * (POST /api/Member/Email/Confirm, schemas/redemptions.ts) and whether asking for one needs the
 * current password (members who sign in with one).
 */
export const ZMemberEmail = z.object({
  address: z.string(),
  pendingChange: z.string().nullable().describe('The new address a confirmation link was sent to, until the link is opened or expires; null when none.'),
  passwordRequired: z.boolean(),
});
export type MemberEmail = z.infer<typeof ZMemberEmail>;
/** POST /api/Member/Email: the new address, and the current password where the member has one. */
export const ZEmailChangeRequest = z.object({
  email: zEmail,
  password: zPassword.optional().describe('The current password; required for members who sign in with one (not for single sign-on members).'),
});
export type EmailChangeRequest = z.input<typeof ZEmailChangeRequest>;

export const ZOkResponse = z.object({ ok: z.literal(true), message: z.string().optional() });

/** POST /api/Emulation: the one-time grant of the operator console's "View as member". */
export const ZStartEmulationRequest = z.object({ token: z.string({ message: 'This view link is not complete.' }).regex(/^[A-Za-z0-9_-]{20,100}$/, 'This view link is not complete.') }).strict();
/** GET /api/Member/AccountAccess: when our team looked at the account, newest first. */
export const ZAccountAccess = z.object({
  access: z.array(z.object({ at: z.string(), team: z.string(), kind: z.enum(['viewed', 'viewedAsYou']) })),
});
