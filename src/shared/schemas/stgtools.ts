import { z } from 'zod';
import { INTERFACE_TYPES, MEMBER_TYPES } from '../constants/member';
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
export type MaintenanceSwitchRequest = z.infer<typeof ZMaintenanceSwitchRequest>;
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
