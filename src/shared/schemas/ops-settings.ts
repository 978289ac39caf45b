import { z } from 'zod';
import { EARN_BASES } from '../constants/rewards';
import { ADJUSTMENT_MAX } from '../rules/adjustments';
import { APPROVAL_TRAIL } from './ops-adjustments';
import { EARN_RATE_MAX, EARN_RATE_TIERS, PAYOUT_BREAKPOINT_MAX, PAYOUT_BREAKPOINT_MIN, phoneDigits, VIP_DINES_MAX, VIP_DINES_MIN, SETTING_FIELDS, SWITCH_KEYS, type SettingField, type SettingSwitch } from '../rules/partner-settings';

/** A partner's settings in the operator console (issue 27 item 6, rules/partner-settings.ts, docs/features/console.md). */

/**
 * Four rates, tier 0 to 3 (an array, not a tuple: the same item four times), each more than 0, at
 * most EARN_RATE_MAX with at most two decimals, none lower than the tier's below it.
 */
export const ZEarnRates = z.array(z.number({ message: 'Enter each earn rate as a number.' }), { message: 'Give the four earn rates.' })
  .length(EARN_RATE_TIERS.length, `Give the four earn rates (${EARN_RATE_TIERS.join(', ')}).`)
  .superRefine((rates, ctx) => {
    rates.forEach((r, i) => {
      const tier = EARN_RATE_TIERS[i]!;
      const problem = r <= 0 ? `The ${tier} rate must be more than 0.`
        : r > EARN_RATE_MAX ? `The ${tier} rate must be at most ${EARN_RATE_MAX}.`
          : Math.abs(r * 100 - Math.round(r * 100)) > 1e-9 ? `The ${tier} rate may have at most two decimals.`
            : i > 0 && r < rates[i - 1]! ? `The ${tier} rate must not be lower than the ${EARN_RATE_TIERS[i - 1]} rate.` : null;
      if (problem) ctx.addIssue({ code: 'custom', path: [i], message: problem });
    });
  });

const limit = (role: string) => z.number({ message: `Enter the ${role} limit as a number.` }).int(`The ${role} limit must be a whole amount (cents for cash back).`)
  .min(0, `The ${role} limit must be 0 or more.`).max(ADJUSTMENT_MAX, `The ${role} limit must be at most ${ADJUSTMENT_MAX.toLocaleString('en-US')}.`);

/** What each role posts without a second person; null: the currency's defaults (rules/adjustments.ts). */
export const ZAdjustmentLimits = z.object({ agent: limit('agent'), supervisor: limit('supervisor'), administrator: limit('administrator') }).strict()
  .refine((l) => l.agent <= l.supervisor, { message: "The agent's limit must not be higher than the supervisor's.", path: ['agent'] })
  .refine((l) => l.agent <= l.administrator, { message: "The agent's limit must not be higher than the administrator's.", path: ['agent'] });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const ZSupportContacts = z.object({
  phone: z.string({ message: 'Enter the phone number.' }).trim().max(40, 'The phone number must be 40 characters or fewer.')
    .regex(/^\+?[0-9][0-9 ().-]*$/, 'Write the phone number with digits, spaces, dashes, dots or brackets (a + first if you like).')
    .refine((p) => phoneDigits(p).length >= 7 && phoneDigits(p).length <= 15, 'A phone number has 7 to 15 digits.'),
  email: z.string({ message: 'Enter an e-mail address or a https contact page.' }).trim().max(200, 'The e-mail address or page must be 200 characters or fewer.')
    .refine((e) => EMAIL.test(e) || /^https:\/\/[a-z0-9.-]+\.[a-z]{2,}(\/\S*)?$/i.test(e), 'Enter an e-mail address (name@example.com) or a https contact page.'),
  emailText: z.string().trim().max(100, 'The words shown for it must be 100 characters or fewer.'),
}).strict();

const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
export const ZHosts = z.array(z.string().trim().toLowerCase().regex(HOST, 'A host name is letters, digits and dashes in dot-separated parts, like dining.example.com (no scheme, no port, no path).'))
  .max(10, 'At most 10 host names.')
  .refine((hosts) => new Set(hosts).size === hosts.length, 'A host name is listed twice.');

const switches = Object.fromEntries(SWITCH_KEYS.map((k) => [k, z.boolean({ message: 'A switch is on or off.' })])) as Record<SettingSwitch, z.ZodBoolean>;

/** Every setting, as the console reads and shows them. */
export const ZPartnerSettings = z.object({
  ...switches,
  earnRates: ZEarnRates,
  earnBasis: z.enum(EARN_BASES, { message: `The earn basis is one of ${EARN_BASES.join(', ')}.` }),
  /** Qualified dines in a calendar year that make an opted-in member VIP (with the VIP switch on). */
  vipQualifyingDines: z.number({ message: 'Enter the VIP threshold as a number of dines.' }).int('The VIP threshold is a whole number of dines.')
    .min(VIP_DINES_MIN, `The VIP threshold must be at least ${VIP_DINES_MIN} dine.`)
    .max(VIP_DINES_MAX, `The VIP threshold must be at most ${VIP_DINES_MAX} dines a year.`),
  /** Cents; cash-back partners only (others pay no statement credits). */
  payoutBreakpointCents: z.number({ message: 'Enter the payout breakpoint in cents.' }).int('Enter the payout breakpoint in whole cents.')
    .min(PAYOUT_BREAKPOINT_MIN, `The payout breakpoint must be at least $${PAYOUT_BREAKPOINT_MIN / 100}.`)
    .max(PAYOUT_BREAKPOINT_MAX, `The payout breakpoint must be at most $${PAYOUT_BREAKPOINT_MAX / 100}.`),
  adjustmentLimits: ZAdjustmentLimits.nullable(),
  customerSupport: ZSupportContacts,
  vipCustomerSupport: ZSupportContacts.nullable(),
  hosts: ZHosts,
});
export type PartnerSettings = z.infer<typeof ZPartnerSettings>;

/** A change: the settings that change (any others are left as they are) and why. */
export const ZSettingsChangeRequest = z.object({
  changes: ZPartnerSettings.partial().strict().refine((c) => Object.keys(c).length > 0, 'Change at least one setting.'),
  reason: z.string({ message: 'Say why the settings change (it is kept in the history).' }).trim()
    .min(3, 'Say why the settings change (it is kept in the history).').max(500, 'The reason must be 500 characters or fewer.'),
}).strict();
export type SettingsChangeRequest = z.infer<typeof ZSettingsChangeRequest>;

export const SETTINGS_CHANGE_STATUSES = ['Applied', 'PendingApproval', 'Rejected', 'Expired'] as const;
export type SettingsChangeStatus = (typeof SETTINGS_CHANGE_STATUSES)[number];

export const ZSettingsChange = z.object({
  id: z.number(),
  partnerCode: z.string(),
  fields: z.array(z.enum(SETTING_FIELDS as [SettingField, ...SettingField[]])),
  /** The fields' values before and after (as in ZPartnerSettings). */
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
  reason: z.string(),
  status: z.enum(SETTINGS_CHANGE_STATUSES),
  ...APPROVAL_TRAIL,
});
export type SettingsChange = z.infer<typeof ZSettingsChange>;

export const ZOpsSettingsParams = z.object({ partner: z.string().trim().min(1).max(40) });
export const ZOpsSettingsResponse = z.object({
  partner: z.object({ id: z.number(), code: z.string(), name: z.string(), currency: z.string() }),
  settings: ZPartnerSettings,
  /** Waiting for a second person, oldest first. */
  pending: z.array(ZSettingsChange),
  /** Every change, newest first (the last 200). */
  history: z.array(ZSettingsChange),
});
export type OpsSettingsResponse = z.infer<typeof ZOpsSettingsResponse>;

export const ZSettingsChangeResponse = z.object({
  /** The part applied at once (null: none). */
  applied: ZSettingsChange.nullable(),
  /** The part waiting for a second person's approval (null: none). */
  pending: ZSettingsChange.nullable(),
  settings: ZPartnerSettings,
});

const changeId = z.coerce.number({ message: 'The change id must be a number.' }).int('The change id must be a whole number.')
  .positive('The change id must be positive.').max(Number.MAX_SAFE_INTEGER, 'The change id is too large.');
export const ZOpsSettingsChangeParams = z.object({ changeId });
