import { REVIEW_WINDOW_DAYS, type RewardStatus } from '../../constants/rewards';

const DAY = 86_400_000;

/**
 * §4 transaction status labels on Reviews & History. Airline partners have their own wording.
 * Awarded shows no label; Paid shows its date (formatted by the page).
 */
export function statusLabel(opts: { status: RewardStatus; airline: boolean; createdAt: Date; now?: Date }): string | null {
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
      return now.getTime() - opts.createdAt.getTime() > REVIEW_WINDOW_DAYS * DAY ? 'Review expired' : 'Pending Review';
  }
}

/** §4: Forfeit, Pending and Deferred rows are dimmed. */
export function isDimmed(status: RewardStatus): boolean {
  return status === 'Forfeit' || status === 'Pending' || status === 'Deferred';
}
