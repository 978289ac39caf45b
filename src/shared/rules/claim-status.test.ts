import { describe, expect, it } from 'vitest';
import { NOT_EARNED_REASONS } from '../constants/rewards';
import type { ClaimFinding } from '../schemas/claims';
import { CLAIM_STATUS_LABELS, claimMessage, NOT_FOUND_ADVICE, statusOfFinding } from './claim-status';

const msg = (finding: ClaimFinding | null, extra: Partial<Parameters<typeof claimMessage>[0]> = {}) => claimMessage({ finding, reason: null, resolutionNote: null, ...extra });

describe('statusOfFinding', () => {
  it.each<[ClaimFinding, string]>([
    ['processing', 'Submitted'], ['earned', 'Matched'], ['pending', 'Matched'], ['notEarned', 'Matched'], ['notFound', 'NotFound'],
    ['borderline', 'InReview'], ['unknownLocation', 'InReview'], ['requalifies', 'InReview'], ['notSettled', 'InReview'], ['notApplied', 'InReview'],
    ['awarded', 'Resolved'], ['rejected', 'Resolved'],
  ])('%s → %s', (finding, status) => {
    expect(statusOfFinding(finding)).toBe(status);
  });
  it('labels statuses the way members read them', () => {
    expect(CLAIM_STATUS_LABELS).toEqual({ Submitted: 'Submitted', Matched: 'Matched', NotFound: 'Not found', InReview: 'In review', Resolved: 'Resolved' });
  });
});

describe('claimMessage', () => {
  it('says what was found and what happens next', () => {
    expect(msg('processing')).toBe("The card network's record of this dine has arrived and is being processed. This claim updates within minutes.");
    expect(msg('earned')).toBe('We found this dine: it earned its reward, which shows on Reviews & History.');
    expect(msg('pending')).toContain('the reward is confirmed when the restaurant settles it');
    expect(msg('borderline')).toBe('We found a purchase that may be this dine, but not closely enough to be sure. Our team will check it and e-mail you.');
    expect(msg('unknownLocation')).toContain('at a card terminal we do not know for this restaurant yet');
    expect(msg('notSettled')).toBe('We found this dine, but the card network never settled it. Our team will check it and e-mail you.');
    expect(msg('notApplied')).toContain('could not be applied to your account when it arrived');
    expect(msg(null)).toBe('We received your claim and are looking for the dine.');
  });
  it('gives the not-earned reason, and what to do when nothing was found', () => {
    expect(msg('notEarned', { reason: 'blackoutDay' })).toBe(`We found this dine, but it did not earn a reward: ${NOT_EARNED_REASONS.blackoutDay}`);
    expect(msg('notEarned')).toBe('We found this dine, but it did not earn a reward: it did not qualify.');
    expect(msg('requalifies', { reason: 'outsideBenefitHours' })).toBe(`We found this dine. It did not earn when it arrived (${NOT_EARNED_REASONS.outsideBenefitHours}), but the restaurant's terms now say it would. Our team will check it and e-mail you.`);
    expect(msg('requalifies')).toContain('(it did not qualify)');
    expect(msg('notFound')).toBe(`The card network has sent us no purchase with this card at this restaurant within a day of this date for about this amount. ${NOT_FOUND_ADVICE}`);
    expect(NOT_FOUND_ADVICE).toContain('contact customer support');
  });
  it("tells the operator's decision with the reward or the reason", () => {
    expect(msg('awarded', { reward: '150 miles' })).toBe('We added 150 miles to your account for this dine.');
    expect(msg('awarded', { reward: '$2.50', resolutionNote: 'Thanks for the receipt.' })).toBe('We added $2.50 to your account for this dine. Thanks for the receipt.');
    expect(msg('awarded')).toBe('We added the reward to your account for this dine.');
    expect(msg('rejected', { resolutionNote: 'The receipt shows another restaurant.' })).toBe('We could not add a reward for this dine: The receipt shows another restaurant.');
    expect(msg('rejected')).toBe('We could not add a reward for this dine: it did not qualify.');
  });
});
