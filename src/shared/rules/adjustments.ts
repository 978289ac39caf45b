import type { CurrencyType } from '../constants/partner';
import type { StaffRole } from './ops-permissions';

/**
 * Reward adjustments made in the operator console (issue 27 item 3): what may be posted, by whom
 * at once, and what waits for a second person. Read by the server (it decides) and the console
 * (it says beforehand whether a request will need an approval).
 */

/** §3 source codes an adjustment may carry (S and B come only from the engine and the bonuses). */
export const ADJUSTMENT_CODES = ['M', 'A', 'J', '+'] as const;
export type AdjustmentCode = (typeof ADJUSTMENT_CODES)[number];

export const ADJUSTMENT_CODE_LABELS: Record<AdjustmentCode, string> = {
  M: 'M: manual reward (a dine the engine missed)',
  A: 'A: adjustment',
  J: 'J: bonus adjustment',
  '+': '+: corporate award',
};

/** Why an adjustment is made: the reason codes staff pick from, and the words the member reads. */
export const ADJUSTMENT_REASONS = {
  missedDine: { label: 'A dine was not credited', member: 'A dine we missed' },
  missedBonus: { label: 'A bonus was not credited', member: 'A bonus we missed' },
  serviceRecovery: { label: 'Service recovery (something went wrong)', member: 'Our apology for a problem' },
  goodwill: { label: 'Goodwill gesture', member: 'A thank-you from us' },
  corporate: { label: 'Corporate or campaign award', member: 'A programme award' },
  duplicate: { label: 'Duplicate reward (take back)', member: 'Correction of a duplicate reward' },
  abuse: { label: 'Fraud or abuse (take back)', member: 'Correction of your balance' },
  correction: { label: 'Correction of an earlier adjustment', member: 'Correction of an earlier adjustment' },
} as const;
export type AdjustmentReason = keyof typeof ADJUSTMENT_REASONS;
export const ADJUSTMENT_REASON_CODES = Object.keys(ADJUSTMENT_REASONS) as [AdjustmentReason, ...AdjustmentReason[]];

/** A request above the requester's limit waits this long for a second person, then expires. */
export const APPROVAL_HOURS = 72;

/** The largest adjustment anyone may request, in the partner's unit (cents for cash back). */
export const ADJUSTMENT_MAX = 10_000_000;

/** Roles whose requests post at once up to a limit (absolute amount, in the partner's unit: cents for cash back). */
export type AdjustmentLimits = { agent: number; supervisor: number; administrator: number };

/** The defaults per currency; a partner may set its own (partners.adjustment_limits). */
export const DEFAULT_ADJUSTMENT_LIMITS: Record<CurrencyType, AdjustmentLimits> = {
  Mile: { agent: 1_000, supervisor: 10_000, administrator: 10_000 },
  Point: { agent: 2_000, supervisor: 20_000, administrator: 20_000 },
  Dollar: { agent: 2_500, supervisor: 25_000, administrator: 25_000 },
  Credit: { agent: 2_500, supervisor: 25_000, administrator: 25_000 },
};

type PartnerLimits = { currencyType: CurrencyType; adjustmentLimits: Partial<AdjustmentLimits> | null };

/** The most a role posts without a second person, on this partner (0: every request waits). */
export function adjustmentLimit(role: StaffRole, partner: PartnerLimits): number {
  if (role !== 'agent' && role !== 'supervisor' && role !== 'administrator') return 0;
  return partner.adjustmentLimits?.[role] ?? DEFAULT_ADJUSTMENT_LIMITS[partner.currencyType][role];
}

/** Whether a request of this amount (either sign) waits for a second person's approval. */
export function needsApproval(role: StaffRole, partner: PartnerLimits, amount: number): boolean {
  return Math.abs(amount) > adjustmentLimit(role, partner);
}

/** When a request made at `requestedAt` stops waiting. */
export function approvalExpiry(requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + APPROVAL_HOURS * 3_600_000);
}

/** What the member's history says about an adjustment (never the staff note). */
export function memberDescription(reason: AdjustmentReason): string {
  return ADJUSTMENT_REASONS[reason].member;
}

/** Amounts as staff type them: whole miles or points; dollars and cents for cash back (stored in cents). */
export function isCash(currency: CurrencyType): boolean {
  return currency === 'Dollar' || currency === 'Credit';
}
