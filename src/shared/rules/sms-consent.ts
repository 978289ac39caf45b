import { formatPhone } from './phone';

/**
 * The SMS consent of §4 (issue 25 item 3), one wording for the consent modal and the record kept
 * on the member (TCPA-style: when, which wording, where). A change of wording is a new version:
 * the server refuses a consent given to another version, so a record always quotes what the
 * member saw.
 */
export const SMS_CONSENT_VERSION = 'sms-consent-2026-11';
export const SMS_CONSENT_CHECKBOX = 'I agree to receive text messages.';
export const SMS_CONSENT_REQUIRED_MESSAGE = 'Please confirm the text message consent to turn on text messages.';
export const SMS_CONSENT_OUTDATED_MESSAGE = 'The text message consent has changed. Please tick the box again and confirm the new wording.';

/** Where the consent was given. */
export type SmsConsentSource = 'join' | 'profile';

/** The consent's wording, with the programme, the number (as xxx-xxx-xxxx) and the short code. */
export function smsConsentText(opts: { program: string; phone: string; shortCode: string }): string {
  const at = opts.phone ? ` at ${formatPhone(opts.phone)}` : '';
  return `By agreeing, you consent to receive recurring automated text messages from ${opts.program} about your account and offers${at}. `
    + 'Consent is not a condition of membership. Message frequency varies. Message and data rates may apply. '
    + `Text HELP to ${opts.shortCode} for help, or STOP to ${opts.shortCode} to stop at any time.`;
}
