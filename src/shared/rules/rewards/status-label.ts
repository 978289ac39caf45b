import { REVIEW_WINDOW_DAYS, type RewardStatus } from '../../constants/rewards';
import { reviewDaysSince } from '../review-link';

/**
 * §4 transaction status labels on Reviews & History. Airline partners have their own wording.
 * Awarded shows no label; Paid shows its date (formatted by the page). A Pending row reads
 * 'Review expired' once the review window is over, counted as the review link counts it
 * (review-link.ts: calendar days at the restaurant, day 35 still in), so a row never reads
 * expired beside a link the server would still accept.
 */
export function statusLabel(opts: { status: RewardStatus; airline: boolean; transactionCreatedAt: string; now?: Date }): string | null {
  const now = opts.now ?? new Date();
  switch (opts.status) {
    case 'Awarded':
      return null;
    case 'Paid':
      return 'Paid';
    case 'Forfeit':
      return opts.airline ? 'Not earned' : 'Expired';
    case 'Deferred':
      return opts.airline ? 'Not earned' : 'Deferred';
    case 'Pending':
      if (opts.airline) return 'Processing';
      return (reviewDaysSince(opts.transactionCreatedAt, now) ?? 0) > REVIEW_WINDOW_DAYS ? 'Review expired' : 'Pending Review';
  }
}

/** §4: Forfeit, Pending and Deferred rows are dimmed. */
export function isDimmed(status: RewardStatus): boolean {
  return status === 'Forfeit' || status === 'Pending' || status === 'Deferred';
}
