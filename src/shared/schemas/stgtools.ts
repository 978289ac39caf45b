import { z } from 'zod';
import { INTERFACE_TYPES, MEMBER_TYPES } from '../constants/member';
import { EARN_BASES } from '../constants/rewards';
import { ZPublicIdParams } from './member';

/** Staging tools (/stgtools; absent in production). */

export const ZDemoMember = z.object({
  publicId: z.string(),
  label: z.string(),
  email: z.string(),
  partnerNumber: z.string().nullable(),
  /** Null: no password sign-in (known visitor, single sign-on member). */
  password: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  /** As seeded; the member-state tool may have changed it since. */
  tierLevel: z.number().int(),
  memberType: z.enum(MEMBER_TYPES),
  hasWebProfile: z.boolean(),
  active: z.boolean(),
  interfaceType: z.enum(INTERFACE_TYPES),
  ssoSubject: z.string().nullable(),
});
export type DemoMember = z.infer<typeof ZDemoMember>;

export const ZSsoDemoAccount = z.object({
  subject: z.string(),
  email: z.string(),
  password: z.string(),
  label: z.string(),
  /** Public id of this partner's member linked to the account; null until the first sign-in creates it. */
  publicId: z.string().nullable(),
});

export const ZDemoMembersResponse = z.object({
  partner: z.string(),
  enrollmentType: z.enum(['direct', 'sso', 'none']),
  members: z.array(ZDemoMember),
  /** Accounts of the development identity provider (single sign-on partners only). */
  ssoAccounts: z.array(ZSsoDemoAccount),
});
export type DemoMembersResponse = z.infer<typeof ZDemoMembersResponse>;

export const ZOutboxMessage = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  textBody: z.string(),
  htmlBody: z.string().nullable(),
  createdAt: z.string(),
});
export const ZOutboxResponse = z.object({ messages: z.array(ZOutboxMessage) });
export type OutboxResponse = z.infer<typeof ZOutboxResponse>;

export const ZSignInAsRequest = z.object({ publicId: ZPublicIdParams.shape.publicId });

export const ZMemberStateRequest = z.object({
  tierLevel: z.number().int().min(0, 'Tier level is 0 to 3.').max(3, 'Tier level is 0 to 3.').optional(),
  memberType: z.enum(MEMBER_TYPES, { message: `Member type is one of ${MEMBER_TYPES.join(', ')}.` }).optional(),
  active: z.boolean().optional(),
  hasWebProfile: z.boolean().optional(),
}).strict();
export type MemberStateRequest = z.infer<typeof ZMemberStateRequest>;

/** Staging tools: this partner's own maintenance switch (§2 maintenance notice; partners.maintenance_mode). */
export const ZMaintenanceSwitchRequest = z.object({ enabled: z.boolean({ message: 'enabled is true or false.' }) }).strict();
export const ZMaintenanceSwitchResponse = z.object({
  /** The partner's own switch. */
  partnerSwitch: z.boolean(),
  /** What the site shows: the partner's switch or the global MAINTENANCE_MODE. */
  maintenanceMode: z.boolean(),
});
export type MaintenanceSwitchResponse = z.infer<typeof ZMaintenanceSwitchResponse>;

/** GET /api/stgtools/partner-numbers: partner numbers a newcomer can join with (valid, in use by nobody on this partner). */
export const ZDemoPartnerNumbersResponse = z.object({
  partner: z.string(),
  /** The partner's name for the number, e.g. 'SkyRewards number'. */
  label: z.string(),
  /** False where joining asks for no partner number (the list is then empty). */
  asked: z.boolean(),
  numbers: z.array(z.string()),
});
export type DemoPartnerNumbersResponse = z.infer<typeof ZDemoPartnerNumbersResponse>;

/** POST /api/stgtools/dines: a purchase by the signed-in member, sent as signed card-network events. */
export const ZDineNowRequest = z.object({
  merchantId: z.number({ message: 'merchantId must be a number.' }).int('merchantId must be a whole number.').positive('merchantId must be positive.'),
  amountCents: z.number({ message: 'amountCents must be a number.' }).int('amountCents must be a whole number of cents.')
    .min(1, 'amountCents must be at least 1 cent.').max(1_000_000, 'amountCents must be $10,000 or less.'),
  cardId: z.number().int().positive().optional().describe("One of the member's linked cards; the first linked card when absent."),
  clear: z.boolean().default(true).describe('Send the clearing right after the authorisation (default); false sends the authorisation only (the dine stays Pending).'),
  clearTransactionId: z.string().trim().min(1, 'clearTransactionId must not be empty.').max(64, 'clearTransactionId is at most 64 characters.').optional()
    .describe("Clear an earlier authorisation of the member's at this restaurant (its transaction id, as Dine now answered it) with amountCents, tip included, instead of a new purchase: only the clearing is sent."),
}).strict();
export type DineNowRequest = z.output<typeof ZDineNowRequest>;
export const ZDineNowResponse = z.object({ transactionId: z.string() });

/** GET /api/stgtools/network-sample: demo cards and restaurant locations for the card-network simulator. */
export const ZNetworkSample = z.object({
  cards: z.array(z.object({ publicId: z.string(), cardToken: z.string(), lastFour: z.string() })),
  locations: z.array(z.object({ merchantId: z.number(), locationId: z.string(), state: z.string() })),
});
export type NetworkSample = z.infer<typeof ZNetworkSample>;

/** GET /api/stgtools/network-run (server/modules/stgtools/network-run.ts). */
export const ZNetworkRunQuery = z.object({
  prefix: z.string({ message: 'prefix is required.' }).regex(/^[A-Za-z0-9_-]{8,40}$/, 'prefix must be 8 to 40 letters, digits, - or _ (the run\'s own id prefix).'),
}).strict();

const ZRunDine = z.object({
  transactionId: z.string(),
  aliasTransactionId: z.string().nullable(),
  authCents: z.number().nullable(),
  clearedCents: z.number().nullable(),
  tipCents: z.number().nullable(),
  onlineOrder: z.boolean(),
  subtotalCents: z.number().nullable(),
  refundedCents: z.number(),
  status: z.string(),
  reason: z.string().nullable(),
  qualified: z.boolean(),
  rate: z.number().nullable(),
  /** What the member keeps of it: its S reward (Awarded, Deferred or Paid) plus its A adjustments. */
  earned: z.number(),
  /** The network refunds applied to it. */
  refunds: z.array(z.object({ transactionId: z.string(), amountCents: z.number() })),
});
export type RunDine = z.infer<typeof ZRunDine>;

export const ZNetworkRun = z.object({
  earnBasis: z.enum(EARN_BASES),
  /** The run's events on this partner's demo cards not applied yet (wait while above 0). */
  unapplied: z.number(),
  /** The run's refunds still waiting for their purchase. */
  waiting: z.number(),
  members: z.array(z.object({ publicId: z.string(), dines: z.array(ZRunDine) })),
});
export type NetworkRun = z.infer<typeof ZNetworkRun>;
