import { NOT_EARNED_REASONS, REVIEW_WINDOW_DAYS, type NotEarnedReason, type RedemptionStatus, type RewardStatus } from '../../constants/rewards';
import type { CurrencyType } from '../../constants/partner';
import { localToday, reviewDaysSince } from './local-time';
import { calendarDay } from '../us-format';

/** A calendar date (YYYY-MM-DD) as 'Dec 4, 2026' (us-format.ts), as the rows write their dates. */
export { calendarDay };

/**
 * §4 transaction statuses as Reviews & History words them: a label (the spec's wording wherever
 * it is true) and a line saying what happened. One table for every status, reason and kind of
 * currency (airline miles, hotel points, cash back), read by the rows, the mails and the tests:
 *
 * | status (API) | when | label | line |
 * |---|---|---|---|
 * | Awarded | cash back, in no statement credit | — | In your rewards balance. (an adjustment: Taken from your rewards balance.) |
 * | Awarded | cash back, its statement credit pending / pending_received | Payout pending | Statement credit to Visa ending in 1111: sent to / accepted by the card issuer … |
 * | Awarded | miles, points | — | — |
 * | Paid | | Paid <date> | cash back: Statement credit to <card>. (an adjustment: Deducted from the statement credit to <card>.); miles, points: an adjustment: Deducted from your programme account. |
 * | Forfeit | never settled, not activated in time (or no reason) | Expired (airline: Not earned) | the reason |
 * | Forfeit | any other reason (refunded, blackout day, hours, monthly limit, card linked late, not participating, level, account closed) | Not earned | the reason |
 * | Deferred | member not activated, before the last day | Awaiting activation | Pays when you activate your account; activate by <date>. |
 * | Deferred | member not activated, last day gone | as Forfeit 'notActivated' (the sweep makes it so within minutes) | |
 * | Deferred | member activated since (the sweep awards it within minutes) | Confirming | Your account is activated: … |
 * | Pending | | Pending Review / Review expired after 35 days (airline: Processing) | Estimated until the card network settles this purchase. |
 *
 * 'Expired' says the reward ran out of time; a dine refunded or at a blackout day did not expire,
 * it was never earned, so it reads 'Not earned' on every partner. A Deferred reward is earned and
 * pays on activation: it never reads 'Not earned'. 'Paid' only once the money has gone: a cash-back
 * reward whose statement credit is not completed is Awarded in the API and reads 'Payout pending'
 * (rewards.service.ts). Pending reads 'Review expired' once the review window is over, counted as
 * the review link counts it (reviewDaysSince in local-time.ts: calendar days at the restaurant, day 35 still in).
 */

export type CurrencyKind = 'airline' | 'points' | 'cashBack';

/** §4: airline partners (Mile) have their own wording; Dollar and Credit partners pay statement credits. */
export function currencyKind(currencyType: CurrencyType): CurrencyKind {
  if (currencyType === 'Mile') return 'airline';
  return currencyType === 'Dollar' || currencyType === 'Credit' ? 'cashBack' : 'points';
}

/** Reasons that mean the reward ran out of time (§4 'Expired'); every other reason reads 'Not earned'. */
export const EXPIRY_REASONS: readonly NotEarnedReason[] = ['notSettled', 'notActivated'];

export const STATUS_LABELS = {
  expired: 'Expired',
  notEarned: 'Not earned',
  awaitingActivation: 'Awaiting activation',
  confirming: 'Confirming',
  payoutPending: 'Payout pending',
  paid: 'Paid',
  pendingReview: 'Pending Review',
  reviewExpired: 'Review expired',
  processing: 'Processing',
} as const;

export const STATUS_LINES = {
  inBalance: 'In your rewards balance.',
  takenFromBalance: 'Taken from your rewards balance.',
  deductedFromAccount: 'Deducted from your programme account.',
  estimated: 'Estimated until the card network settles this purchase.',
  activated: 'Your account is activated: this reward is confirmed within minutes.',
  activateSoon: 'Pays when you activate your account within two weeks of the purchase.',
} as const;

export type StatementCreditState = { status: RedemptionStatus; targetLabel: string };
export type DeferralState = { activateBy: string; activated: boolean };

export type RowStatusInput = {
  status: RewardStatus;
  reasonCode: NotEarnedReason | null;
  currencyType: CurrencyType;
  /** ISO 8601 with offset (§3 transactionCreatedAt): the review window of Pending rows. */
  transactionCreatedAt: string;
  /** Cash back: the statement credit that pays the reward (null while it is in the balance). */
  statementCredit?: StatementCreditState | null;
  /** Deferred: the last day to activate (YYYY-MM-DD on the member's calendar), and whether the member has. */
  deferral?: DeferralState | null;
  /** Paid: the day it was paid, as the screen writes dates (its own clock). */
  paidOn?: string | null;
  /** The row's amount: an adjustment that takes back (negative) is worded as such. */
  amount?: number;
  now?: Date;
  /** Today on the member's calendar (YYYY-MM-DD); by default `now` on this runtime's clock. */
  today?: string;
};

export type RowStatus = { label: string | null; line: string | null; dimmed: boolean };


function notEarned(reason: NotEarnedReason | null, kind: CurrencyKind): RowStatus {
  const expired = reason === null || EXPIRY_REASONS.includes(reason);
  const label = expired && kind !== 'airline' ? STATUS_LABELS.expired : STATUS_LABELS.notEarned;
  return { label, line: reason ? NOT_EARNED_REASONS[reason] : null, dimmed: true };
}

function payoutLine(credit: StatementCreditState, takesBack: boolean): string {
  if (takesBack) return `Deducted from the statement credit to ${credit.targetLabel}.`;
  if (credit.status === 'pending_received') return `Statement credit to ${credit.targetLabel}: accepted by the card issuer, not on your statement yet.`;
  return `Statement credit to ${credit.targetLabel}: sent to the card issuer.`;
}

/** The label and line of one Reviews & History row (the table above). */
export function rowStatus(input: RowStatusInput): RowStatus {
  const kind = currencyKind(input.currencyType);
  const now = input.now ?? new Date();
  const credit = input.statementCredit ?? null;
  const takesBack = (input.amount ?? 0) < 0;
  switch (input.status) {
    case 'Awarded':
      if (kind !== 'cashBack') return { label: null, line: null, dimmed: false };
      if (credit && (credit.status === 'pending' || credit.status === 'pending_received')) {
        return { label: STATUS_LABELS.payoutPending, line: payoutLine(credit, takesBack), dimmed: false };
      }
      return { label: null, line: takesBack ? STATUS_LINES.takenFromBalance : STATUS_LINES.inBalance, dimmed: false };
    case 'Paid': {
      const label = input.paidOn ? `${STATUS_LABELS.paid} ${input.paidOn}` : STATUS_LABELS.paid;
      if (kind === 'cashBack' && credit) return { label, line: takesBack ? payoutLine(credit, true) : `Statement credit to ${credit.targetLabel}.`, dimmed: false };
      return { label, line: takesBack && kind !== 'cashBack' ? STATUS_LINES.deductedFromAccount : null, dimmed: false };
    }
    case 'Forfeit':
      return notEarned(input.reasonCode, kind);
    case 'Deferred': {
      const deferral = input.deferral ?? null;
      if (deferral?.activated) return { label: STATUS_LABELS.confirming, line: STATUS_LINES.activated, dimmed: true };
      if (!deferral) return { label: STATUS_LABELS.awaitingActivation, line: STATUS_LINES.activateSoon, dimmed: true };
      if ((input.today ?? localToday(now)) > deferral.activateBy) return notEarned('notActivated', kind);
      return { label: STATUS_LABELS.awaitingActivation, line: `Pays when you activate your account; activate by ${calendarDay(deferral.activateBy)}.`, dimmed: true };
    }
    case 'Pending': {
      if (kind === 'airline') return { label: STATUS_LABELS.processing, line: STATUS_LINES.estimated, dimmed: true };
      const expired = (reviewDaysSince(input.transactionCreatedAt, now) ?? 0) > REVIEW_WINDOW_DAYS;
      return { label: expired ? STATUS_LABELS.reviewExpired : STATUS_LABELS.pendingReview, line: STATUS_LINES.estimated, dimmed: true };
    }
  }
}

/** The row's label alone (mails name the label a member will find on Reviews & History). */
export function statusLabel(input: RowStatusInput): string | null {
  return rowStatus(input).label;
}

/** §4: Forfeit, Pending and Deferred rows are dimmed. */
export function isDimmed(status: RewardStatus): boolean {
  return status === 'Forfeit' || status === 'Pending' || status === 'Deferred';
}
