import { isValidUsPhone, phoneDigits } from './phone';
import { SMS_CONSENT_VERSION } from './sms-consent';

/**
 * §5 SMS opt-in as asked, one rule for joining and the profile, on v1 and v2 partners alike
 * (whether the partner offers SMS at all, and whether the consent was given, are the caller's
 * questions):
 * - never on without a valid U.S. phone number;
 * - the explicit V2 flag (smsOptInV2), when given, decides;
 * - otherwise what was ticked (smsOptIn). Nothing said is off: the §5 default (on with a phone)
 *   is not kept, since text messages need a consent given in the consent modal (issue 25).
 */
export function smsOptInFor(opts: { phone: string; smsOptIn?: boolean; smsOptInV2?: boolean }): boolean {
  if (!isValidUsPhone(opts.phone)) return false;
  if (opts.smsOptInV2 !== undefined) return opts.smsOptInV2;
  return opts.smsOptIn ?? false;
}

/**
 * The opt-in of the join and profile forms while the phone changes. previousPhone is the number
 * last committed (left with blur, or the saved one): typing a number never turns the opt-in on
 * (only the consent modal does); an invalid or cleared number turns it off, and so does another
 * number (the consent named the number it was given for).
 */
export function smsOptInAfterPhoneChange(opts: { previousPhone: string; phone: string; optIn: boolean; v2: boolean }): boolean {
  if (!isValidUsPhone(opts.phone)) return false;
  if (!isValidUsPhone(opts.previousPhone)) return opts.optIn;
  if (phoneDigits(opts.previousPhone) !== phoneDigits(opts.phone)) return false;
  return opts.optIn;
}

/** The opt-in box can be ticked only with a valid phone number. */
export function smsOptInEnabled(phone: string): boolean {
  return isValidUsPhone(phone);
}

/**
 * §4: ticking the box opens the consent; confirming with its own box ticked turns the opt-in on,
 * anything else (confirm without the box, cancel, close) cancels and turns it off.
 */
export function smsOptInAfterConsent(opts: { confirmed: boolean; agreed: boolean }): boolean {
  return opts.confirmed && opts.agreed;
}

/**
 * What the join and profile forms send: the box as shown (never on without a valid phone), on v2
 * partners the same choice as the explicit V2 flag, so the server's smsOptInFor gives it back, and
 * with an opt-in the consent of the modal when it was confirmed in this form (`consented`): the
 * server turns the opt-in on only with it (an opt-in already on for the number needs none).
 */
export function smsOptInPayload(opts: { phone: string; checked: boolean; v2: boolean; consented?: boolean }): {
  smsOptIn: boolean; smsOptInV2?: boolean; smsConsent?: { version: string; agreed: true };
} {
  const on = opts.checked && isValidUsPhone(opts.phone);
  const consent = on && opts.consented ? { smsConsent: { version: SMS_CONSENT_VERSION, agreed: true as const } } : {};
  return opts.v2 ? { smsOptIn: on, smsOptInV2: on, ...consent } : { smsOptIn: on, ...consent };
}
