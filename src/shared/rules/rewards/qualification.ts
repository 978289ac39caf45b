import type { NotEarnedReason } from '../../constants/rewards';
import type { LocalParts } from './local-time';

/** A window of a weekday in which a restaurant offers rewards: [start, end) minutes after local midnight. */
export type BenefitWindow = { start: number; end: number };

/** What a restaurant's participation says about a dine (qualification data on the merchant). */
export type MerchantTerms = {
  /** Taking part at all (`activeMerchant`). */
  active: boolean;
  /** First and last local day of participation (YYYY-MM-DD), when known. */
  participationStart: string | null;
  participationEnd: string | null;
  /** Windows per weekday, index 0 Sunday … 6 Saturday; an empty list: no rewards that day. */
  benefitHours: readonly (readonly BenefitWindow[])[];
  /** Local dates without rewards (YYYY-MM-DD). */
  blackoutDates: readonly string[];
  /** Rewarded visits per member per calendar month; null: no limit. */
  monthlyVisitLimit: number | null;
};

export type DineFacts = {
  local: LocalParts;
  /** When the card was linked. */
  cardLinkedAt: Date;
  /** When the member's account was closed, if it is. */
  accountClosedAt: Date | null;
  /** The member's rewarded visits at this restaurant earlier in the same local month. */
  visitsThisMonth: number;
};

export type Qualification = { qualified: true } | { qualified: false; reason: NotEarnedReason };

/** Every weekday all day: the terms of a restaurant that says nothing narrower. */
export const ALL_DAY: readonly (readonly BenefitWindow[])[] = Array.from({ length: 7 }, () => [{ start: 0, end: 1440 }]);

/**
 * A qualified dine (§1 of docs/rewards-engine.md): a purchase with a card linked before it, on an
 * open account, at a participating restaurant on a day and time when it offers rewards, within its
 * monthly visit limit. The first reason that applies is the one a member reads.
 */
export function qualify(terms: MerchantTerms, dine: DineFacts): Qualification {
  const { local } = dine;
  if (dine.accountClosedAt && dine.accountClosedAt.getTime() <= local.instant.getTime()) return { qualified: false, reason: 'accountClosed' };
  if (dine.cardLinkedAt.getTime() > local.instant.getTime()) return { qualified: false, reason: 'cardLinkedAfterDine' };
  if (!terms.active
    || (terms.participationStart !== null && local.date < terms.participationStart)
    || (terms.participationEnd !== null && local.date > terms.participationEnd)) return { qualified: false, reason: 'notParticipating' };
  if (terms.blackoutDates.includes(local.date)) return { qualified: false, reason: 'blackoutDay' };
  const windows = terms.benefitHours[local.weekday] ?? [];
  if (!windows.some((w) => local.minutes >= w.start && local.minutes < w.end)) return { qualified: false, reason: 'outsideBenefitHours' };
  if (terms.monthlyVisitLimit !== null && dine.visitsThisMonth >= terms.monthlyVisitLimit) return { qualified: false, reason: 'monthlyVisitLimit' };
  return { qualified: true };
}
