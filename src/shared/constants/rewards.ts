/** §3 reward statuses. */
export const REWARD_STATUSES = ['Pending', 'Awarded', 'Deferred', 'Forfeit', 'Paid'] as const;
export type RewardStatus = (typeof REWARD_STATUSES)[number];
/**
 * Earned: the statuses whose amount counts as the member's (totals, reports, the visit that honours
 * a booking, the "you earned" notice, offers from past visits). The ledger's SQL (ledger_entry,
 * migration 0053) and its trigger's WHEN clause (0051) say the same in SQL.
 */
export const EARNED_STATUSES = ['Awarded', 'Paid'] as const satisfies readonly RewardStatus[];
/** On the way: not yet earned nor lost (Pending awaits settlement, Deferred awaits the card's activation). */
export const ON_THE_WAY_STATUSES = ['Pending', 'Deferred'] as const satisfies readonly RewardStatus[];
/** Whether a status counts as earned (EARNED_STATUSES). */
export const isEarnedStatus = (status: string): boolean => (EARNED_STATUSES as readonly string[]).includes(status);
/** §3 reward source codes: S settle (a dine), B bonus, A adjustment, M manual, J bonus adjustment, + corporate. */
export const REWARD_SOURCE_CODES = ['S', 'B', 'A', 'M', 'J', '+'] as const;
export type RewardSourceCode = (typeof REWARD_SOURCE_CODES)[number];
/** §3 redemption (statement credit) statuses. */
export const REDEMPTION_STATUSES = ['pending', 'pending_received', 'completed', 'rejected', 'error'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];
/** §3 dining-progress statuses (defined with the member). */
import { PROGRESS_STATUSES } from './member';
export { PROGRESS_STATUSES };
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number];

/**
 * VIP (§1, §9): a member opted in to e-mail who makes this many qualified dines in a calendar year
 * is VIP (the visit meter's maximum, §9 default 11); VIP earns from the next qualified dine on (the
 * 12th), for the rest of that year and all of the next. Read through rules/rewards/policy.ts.
 */
export const VIP_QUALIFYING_DINES = 11;
/** §9 payout breakpoint of cash-back partners, in cents: the default of partners.payout_breakpoint_cents (read through rules/partner-features.ts). */
export const PAYOUT_BREAKPOINT_CENTS = 2000;
/** An authorisation never cleared after this many days is forfeit ("not settled"). */
export const AUTH_FORFEIT_DAYS = 10;
/** A clearing matches an authorisation of the same card and place within this many days … */
export const MATCH_WINDOW_DAYS = 5;
/** … whose amount is at most this many times smaller (the tip is added at clearing). */
export const MATCH_MAX_RATIO = 1.5;
/** §9 deferred rewards are final within two weeks. */
export const DEFERRED_DAYS = 14;
/** §4 a Pending row reads 'Review expired' after this many days; §9 review window. */
export const REVIEW_WINDOW_DAYS = 35;
/**
 * Issue 24: a booking's promise is judged at the time the card is paid, not when the table is
 * seated. Where a restaurant's reward hours end within this many minutes after a booked time (a
 * typical meal, sitting down to paying), the slot's mark names the time to pay by.
 */
export const PAY_BY_NOTICE_MINUTES = 120;
/** §9 missing-rewards claims open this many days after the dine. */
export const CLAIM_AFTER_DAYS = 10;

/**
 * What a dine earns on (a partner setting, §1 partner config): the whole bill, tax and tip included
 * (Rewards Network programmes), or the bill before tip (the card network's authorised amount, or the
 * clearing less the tip it reports). Online orders through the site earn on their subtotal either way.
 */
export const EARN_BASES = ['wholeBill', 'preTip'] as const;
export type EarnBasis = (typeof EARN_BASES)[number];

/** Why a dine did not earn, in words a member reads next to it. */
export const NOT_EARNED_REASONS = {
  accountClosed: 'The account was closed on the day of this dine.',
  cardLinkedAfterDine: 'The card was linked after this dine.',
  notParticipating: 'The restaurant was not taking part in the programme on the day of this dine.',
  blackoutDay: 'The restaurant does not offer rewards on this date (blackout day).',
  outsideBenefitHours: 'The restaurant does not offer rewards on this day at this time.',
  monthlyVisitLimit: "The restaurant's limit of rewarded visits per month was reached.",
  tierLacksAccess: 'Rewards at this restaurant were not open to your membership level on the day of this dine.',
  refunded: 'The purchase was refunded.',
  notSettled: 'The card network never settled this purchase.',
  notActivated: 'The account was not activated within two weeks of this dine.',
} as const;
export type NotEarnedReason = keyof typeof NOT_EARNED_REASONS;
