import { NOT_EARNED_REASONS, type NotEarnedReason } from '../constants/rewards';
import type { ClaimFinding, ClaimStatus } from '../schemas/claims';

/** A claim status as a member reads it. */
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  Submitted: 'Submitted',
  Matched: 'Matched',
  NotFound: 'Not found',
  InReview: 'In review',
  Resolved: 'Resolved',
};

/** What to do when nothing was found: the page adds the support contact link after it. */
export const NOT_FOUND_ADVICE = 'Check that the card, the date and the amount (tip included) are the ones on your receipt or card statement, and file the claim again with the right ones. If they are right, contact customer support with your receipt.';

/**
 * The status of a claim in a sentence or two (docs/api-claims.md "Statuses"): what was found and
 * what happens next. `reward` is the reward already written in the partner's unit ("150 miles",
 * "$2.50"), when there is one.
 */
export function claimMessage(c: { finding: ClaimFinding | null; reason: NotEarnedReason | null; resolutionNote: string | null; reward?: string | null }): string {
  const why = c.reason ? NOT_EARNED_REASONS[c.reason] : null;
  switch (c.finding) {
    case 'processing':
      return "The card network's record of this dine has arrived and is being processed. This claim updates within minutes.";
    case 'earned':
      return 'We found this dine: it earned its reward, which shows on Reviews & History.';
    case 'pending':
      return 'We found this dine: the card network has authorised it and the reward is confirmed when the restaurant settles it, usually within a few days. It shows on Reviews & History.';
    case 'notEarned':
      return `We found this dine, but it did not earn a reward: ${why ?? 'it did not qualify.'}`;
    case 'notFound':
      return `The card network has sent us no purchase with this card at this restaurant within a day of this date for about this amount. ${NOT_FOUND_ADVICE}`;
    case 'borderline':
      return 'We found a purchase that may be this dine, but not closely enough to be sure. Our team will check it and e-mail you.';
    case 'unknownLocation':
      return "We found a purchase with this card on that day for this amount, at a card terminal we do not know for this restaurant yet (restaurants sometimes change their card processor). Our team will check it and e-mail you.";
    case 'requalifies':
      return `We found this dine. It did not earn when it arrived (${why ?? 'it did not qualify'}), but the restaurant's terms now say it would. Our team will check it and e-mail you.`;
    case 'notSettled':
      return 'We found this dine, but the card network never settled it. Our team will check it and e-mail you.';
    case 'notApplied':
      return "We found the card network's record of this dine, but it could not be applied to your account when it arrived. Our team will check it and e-mail you.";
    case 'awarded':
      return `We added ${c.reward ?? 'the reward'} to your account for this dine.${c.resolutionNote ? ` ${c.resolutionNote}` : ''}`;
    case 'rejected':
      return `We could not add a reward for this dine: ${c.resolutionNote ?? 'it did not qualify.'}`;
    default:
      return 'We received your claim and are looking for the dine.';
  }
}

/** Which status a finding puts a claim in. */
export function statusOfFinding(finding: ClaimFinding): ClaimStatus {
  switch (finding) {
    case 'processing': return 'Submitted';
    case 'earned':
    case 'pending':
    case 'notEarned': return 'Matched';
    case 'notFound': return 'NotFound';
    case 'awarded':
    case 'rejected': return 'Resolved';
    default: return 'InReview';
  }
}
