import { z } from 'zod';
import { OPS_PERMISSIONS, STAFF_ROLES } from '../rules/ops-permissions';
import { ZOpsAdjustment } from './ops-adjustments';
import { CLAIM_FINDINGS } from './claims';
import { CURRENCY_TYPES } from '../constants/partner';
import { ERROR_SOURCES, normalizeReference, REFERENCE_FORMAT_MESSAGE, REFERENCE_PATTERN } from '../rules/reference-code';

/**
 * The operator console's calls (issue 27, docs/features/console.md): staff sign-in with a second
 * factor, member look-up, the claims queue, staff accounts and the audit log. Served on the
 * console's own origin (ops.localhost by default) under /api/ops/.
 */

const email = z.string({ message: 'Enter an e-mail address.' }).trim().toLowerCase()
  .min(3, 'Enter an e-mail address.').max(254, 'The e-mail address is too long.')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter a valid e-mail address.');
const totpCode = z.string({ message: 'Enter the 6-digit code from your authenticator app.' }).trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.');
const reason = z.string({ message: 'Say why (it is kept in the audit log).' }).trim()
  .min(3, 'Say why (it is kept in the audit log).').max(300, 'The reason must be 300 characters or fewer.');
const id = (what: string) => z.coerce.number({ message: `The ${what} id must be a number.` }).int(`The ${what} id must be a whole number.`)
  .positive(`The ${what} id must be positive.`).max(2_147_483_647, `The ${what} id is too large.`);

export const ZStaffRole = z.enum(STAFF_ROLES, { message: `role must be one of ${STAFF_ROLES.join(', ')}.` });
export const ZStaffMe = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: ZStaffRole,
  allPartners: z.boolean(),
  partnerIds: z.array(z.number()),
  permissions: z.array(z.enum(OPS_PERMISSIONS)),
  /** When the session ends at the latest (8 hours after sign-in), ISO. */
  sessionEndsAt: z.string(),
});
export type StaffMe = z.infer<typeof ZStaffMe>;

export const ZOpsCsrfResponse = z.object({ csrfToken: z.string() });
export const ZOpsSignInRequest = z.object({
  email,
  password: z.string({ message: 'Enter your password.' }).min(1, 'Enter your password.').max(200, 'The password is too long.'),
  code: totpCode,
}).strict();
export const ZOpsSignInResponse = z.object({ staff: ZStaffMe, csrfToken: z.string() });
export const ZOpsMeResponse = z.object({ staff: ZStaffMe });
export const ZOpsOk = z.object({ ok: z.literal(true) });
export const ZOpsSignOutResponse = z.object({ ok: z.literal(true), csrfToken: z.string() });

export const ZOpsSetupQuery = z.object({ token: z.string({ message: 'The setup link is incomplete.' }).min(20, 'The setup link is incomplete.').max(100, 'The setup link is not valid.') });
export const ZOpsSetupInfo = z.object({
  email: z.string(),
  name: z.string(),
  /** The TOTP secret (base32) for typing into an authenticator app, and the same as an otpauth:// URI and its QR code (SVG). */
  secret: z.string(),
  otpauthUri: z.string(),
  qrSvg: z.string(),
});
export const ZOpsSetupRequest = z.object({
  token: ZOpsSetupQuery.shape.token,
  password: z.string({ message: 'Choose a password.' }).min(12, 'Choose a password of at least 12 characters.').max(128, 'The password must be 128 characters or fewer.'),
  code: totpCode,
}).strict();

export const ZOpsPartner = z.object({ id: z.number(), code: z.string(), name: z.string(), currency: z.string() });
export const ZOpsPartnersResponse = z.object({ partners: z.array(ZOpsPartner) });

export const ZOpsMemberSearchQuery = z.object({
  partner: z.string({ message: 'Choose a partner.' }).trim().min(1, 'Choose a partner.').max(40, 'There is no such partner.'),
  q: z.string({ message: 'Type what you know of the member.' }).trim().min(2, 'Type at least 2 characters.').max(120, 'Type at most 120 characters.'),
});
export const ZOpsMemberSummary = z.object({
  id: z.number(),
  publicId: z.string(),
  partnerCode: z.string(),
  name: z.string(),
  email: z.string(),
  partnerNumber: z.string().nullable(),
  phone: z.string().nullable(),
  tierLevel: z.number(),
  active: z.boolean(),
  /** What matched the search: email, partnerNumber, publicId, name, phone or card. */
  matched: z.string(),
});
export const ZOpsMemberSearchResponse = z.object({ members: z.array(ZOpsMemberSummary), more: z.boolean() });

export const ZOpsMemberParams = z.object({ memberId: id('member') });
export const ZOpsMemberEmailParams = z.object({ memberId: id('member'), emailId: id('e-mail') });
export const ZOpsMemberClosed = z.object({ ok: z.literal(true), cardsRemoved: z.number(), sessionsEnded: z.number() });
const at = z.string().nullable();
export const ZOpsMemberDetail = z.object({
  member: ZOpsMemberSummary.omit({ matched: true }).extend({
    joinDate: z.string().nullable(),
    zipCode: z.string().nullable(),
    emailOptIn: z.boolean(),
    smsOptIn: z.boolean(),
    smsConsentAt: at,
    enrollmentSource: z.string().nullable(),
    /** VIP standing: the dining status (Building, Qualified…) and the dines still needed. */
    diningStatus: z.string(),
    remainingDines: z.number(),
    currency: z.enum(CURRENCY_TYPES),
  }),
  cards: z.array(z.object({ id: z.number(), description: z.string(), lastFour: z.string(), linkedAt: z.string() })),
  dines: z.array(z.object({
    id: z.number(), transactionId: z.string(), merchant: z.string(), localDate: z.string(), amountCents: z.number(), cardLastFour: z.string(),
    status: z.string(), reason: z.string().nullable(), qualified: z.boolean(), reward: z.number(),
  })),
  rewards: z.array(z.object({ id: z.number(), sourceCode: z.string(), amount: z.number(), status: z.string(), reason: z.string().nullable(), description: z.string().nullable(), createdAt: z.string() })),
  balanceCents: z.number().nullable(),
  credits: z.array(z.object({ creditId: z.string(), amountCents: z.number(), status: z.string(), target: z.string(), createdAt: z.string() })),
  bonuses: z.array(z.object({ name: z.string(), status: z.string(), enrolledAt: at })),
  claims: z.array(z.object({ id: z.number(), merchant: z.string(), dineDate: z.string(), amountCents: z.number(), status: z.string(), finding: z.string().nullable(), createdAt: z.string() })),
  reservations: z.array(z.object({ id: z.number(), merchant: z.string(), localDate: z.string(), localTime: z.string(), partySize: z.number(), status: z.string(), confirmationNumber: z.string() })),
  reviews: z.array(z.object({ id: z.number(), merchant: z.string(), overall: z.number(), comment: z.string().nullable(), createdAt: z.string() })),
  emails: z.array(z.object({ id: z.number(), subject: z.string(), to: z.string(), sentAt: z.string() })),
  sessions: z.array(z.object({ startedAt: z.string(), lastSeenAt: z.string(), expiresAt: z.string(), device: z.string() })),
  locks: z.array(z.object({ identifier: z.string(), failures: z.number(), lockedUntil: at })),
  /** Reward adjustments made in the console, newest first. */
  adjustments: z.array(ZOpsAdjustment),
  /** What the signed-in staff member posts without a second person, on this member's partner (the partner's unit), and in its words. */
  adjustmentLimit: z.number(),
  adjustmentLimitText: z.string(),
});
export type OpsMemberDetail = z.infer<typeof ZOpsMemberDetail>;
export const ZOpsReasonRequest = z.object({ reason }).strict();

const score = (what: string) => z.coerce.number({ message: `The ${what} match score must be a number.` }).int(`The ${what} match score must be a whole number.`)
  .min(0, `The ${what} match score is from 0 to 100.`).max(100, `The ${what} match score is from 0 to 100.`);
/** The claims queue's filters: partner, why a claim is in review, its age, its match score. */
export const ZOpsClaimsQuery = z.object({
  partner: z.string().trim().max(40, 'There is no such partner.').optional(),
  finding: z.enum(CLAIM_FINDINGS, { message: 'Choose a reason for review from the list.' }).optional(),
  /** Only claims waiting at least this many hours. */
  olderThanHours: z.coerce.number({ message: 'The age must be a number of hours.' }).int('The age must be a whole number of hours.')
    .min(0, 'The age cannot be negative.').max(24 * 366, 'The age is at most a year.').optional(),
  minScore: score('lowest').optional(),
  maxScore: score('highest').optional(),
}).strict().refine((q) => q.minScore === undefined || q.maxScore === undefined || q.minScore <= q.maxScore, {
  message: 'The lowest match score is above the highest.', path: ['minScore'],
});
export const ZOpsClaimParams = z.object({ claimId: id('claim') });

export const ZOpsAuditQuery = z.object({
  q: z.string().trim().max(120, 'Type at most 120 characters.').optional(),
  partner: z.string().trim().max(40, 'There is no such partner.').optional(),
  limit: z.coerce.number({ message: 'limit must be a number.' }).int('limit must be a whole number.').min(1, 'limit must be at least 1.').max(1000, 'limit must be at most 1000.').default(100),
  before: z.coerce.number({ message: 'before must be an entry id.' }).int('before must be an entry id.').positive('before must be an entry id.').optional(),
});
export const ZAuditEntry = z.object({
  id: z.number(),
  at: z.string(),
  staffEmail: z.string().nullable(),
  role: z.string().nullable(),
  action: z.string(),
  partnerCode: z.string().nullable(),
  memberId: z.number().nullable(),
  target: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof ZAuditEntry>;
export const ZOpsAuditResponse = z.object({ entries: z.array(ZAuditEntry), more: z.boolean() });

/** A reference code as support types it: case, spaces and dashes do not count; anything else not of the format is a 400 saying what one looks like. */
export const ZReferenceCode = z.string({ message: 'Enter the reference code.' }).max(40, REFERENCE_FORMAT_MESSAGE).transform(normalizeReference)
  .pipe(z.string().min(1, 'Enter the reference code.').regex(REFERENCE_PATTERN, REFERENCE_FORMAT_MESSAGE));
export const ZOpsErrorParams = z.object({ reference: ZReferenceCode });
export const ZOpsErrorDetail = z.object({
  reference: z.string(),
  /** browser: reported by the partner site's error page; server: a 5xx answer of the server. */
  source: z.enum(ERROR_SOURCES),
  /** When, ISO. */
  at: z.string(),
  /** Where: the page's path (browser) or the API route's pattern (server), and the method of a server one. */
  route: z.string(),
  method: z.string().nullable(),
  status: z.number().nullable(),
  /** What the member saw, in words support can read to them. */
  seen: z.string(),
  name: z.string(),
  message: z.string(),
  /** The request id of the failed request (server) or of the browser's report (browser). */
  requestId: z.string(),
  partner: z.object({ code: z.string(), name: z.string() }).nullable(),
  /** The member signed in when it happened, if any (their page: /members/:memberId). */
  memberId: z.number().nullable(),
});
export type OpsErrorDetail = z.infer<typeof ZOpsErrorDetail>;

export const ZOpsStaffMember = z.object({
  id: z.number(), email: z.string(), name: z.string(), role: ZStaffRole, allPartners: z.boolean(), partnerIds: z.array(z.number()),
  status: z.enum(['pending', 'active', 'disabled']), locked: z.boolean(), createdAt: z.string(),
});
export const ZOpsStaffResponse = z.object({ staff: z.array(ZOpsStaffMember) });
export const ZOpsStaffCreateRequest = z.object({
  email,
  name: z.string({ message: 'Enter a name.' }).trim().min(1, 'Enter a name.').max(80, 'The name must be 80 characters or fewer.'),
  role: ZStaffRole,
  allPartners: z.boolean().default(false),
  partnerIds: z.array(id('partner')).max(200).default([]),
}).strict();
export const ZOpsStaffCreateResponse = z.object({ staff: ZOpsStaffMember, setupLink: z.string() });
export const ZOpsStaffParams = z.object({ staffId: id('staff') });
export const ZOpsStaffUpdateRequest = z.object({
  role: ZStaffRole.optional(),
  allPartners: z.boolean().optional(),
  partnerIds: z.array(id('partner')).max(200).optional(),
  status: z.enum(['active', 'disabled']).optional(),
  unlock: z.literal(true).optional(),
  reason,
}).strict();
export const ZOpsStaffUpdateResponse = z.object({ staff: ZOpsStaffMember });

export const ZOpsEmulationStart = z.object({
  /** Open in a new window: the partner site signs that window in as the member, read only (the grant is in the fragment, used once within 2 minutes). */
  url: z.string(),
  /** The partner site's origin, for the exit message (postMessage { type: 'exitEmulation' }). */
  origin: z.string(),
  emulationId: z.string(),
  endsAt: z.string(),
});
export const ZOpsEmulationParams = z.object({ emulationId: z.string().regex(/^[a-f0-9]{24}$/, 'There is no such emulation.') });
