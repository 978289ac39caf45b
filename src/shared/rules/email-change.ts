import { EMAIL_CONFIRM_HOURS } from '../constants/redemptions';
import { emailProblem, normaliseEmail } from './email';

/**
 * A member's change of e-mail address (issue 28 item 5; docs/features/sign-in-and-accounts.md):
 * the new address is checked with the §5 e-mail rule, becomes the member's only when the link
 * e-mailed to it is opened (within EMAIL_CONFIRM_HOURS), and until then the old one stays in use
 * (gift cards go only to a confirmed address). The profile form and the server say the same.
 */

export const EMAIL_SAME_MESSAGE = 'That is already your e-mail address.';
export const EMAIL_CHANGE_PASSWORD_MESSAGE = 'Enter your current password to change your e-mail address.';
export const EMAIL_CHANGE_WRONG_PASSWORD_MESSAGE = 'That is not your current password.';
export const EMAIL_CONFIRM_INVALID_MESSAGE = 'This confirmation link has expired or was already used. Ask for a new one on your profile page.';

/** What is wrong with the new address: the e-mail rule's message, or that it is the current one; null when it may be asked for. */
export function emailChangeProblem(current: string, next: string): string | null {
  return emailProblem(next) ?? (normaliseEmail(next) === normaliseEmail(current) ? EMAIL_SAME_MESSAGE : null);
}

/** When a confirmation link sent at `sentAt` stops working. */
export function emailConfirmExpiresAt(sentAt: Date): Date {
  return new Date(sentAt.getTime() + EMAIL_CONFIRM_HOURS * 3_600_000);
}

/** What the member reads once the link is on its way. */
export function emailChangeSentText(address: string): string {
  return `We sent a link to ${address}. Your address changes when you open it.`;
}
