import { isValidUsPhone, phoneDigits } from './phone';

/**
 * §5 SMS opt-in, one rule for joining and the profile, on v1 and v2 partners alike (whether the
 * partner offers SMS at all is the caller's question):
 * - never on without a valid U.S. phone number;
 * - the explicit V2 flag (smsOptInV2), when given, decides;
 * - otherwise what was ticked (smsOptIn), and when nothing was said, on (the default with a phone).
 */
export function smsOptInFor(opts: { phone: string; smsOptIn?: boolean; smsOptInV2?: boolean }): boolean {
  if (!isValidUsPhone(opts.phone)) return false;
  if (opts.smsOptInV2 !== undefined) return opts.smsOptInV2;
  return opts.smsOptIn ?? true;
}

/**
 * The opt-in of the join and profile forms while the phone changes. previousPhone is the number
 * last committed (left with blur, or the saved one): from none to a valid number the default
 * applies (on); an invalid or cleared number turns it off; on v1 so does another number, on v2 the
 * choice stays.
 */
export function smsOptInAfterPhoneChange(opts: { previousPhone: string; phone: string; optIn: boolean; v2: boolean }): boolean {
  if (!isValidUsPhone(opts.phone)) return false;
  if (!isValidUsPhone(opts.previousPhone)) return smsOptInFor({ phone: opts.phone });
  if (!opts.v2 && phoneDigits(opts.previousPhone) !== phoneDigits(opts.phone)) return false;
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
 * What the join and profile forms send: the box as shown (never on without a valid phone), and on
 * v2 partners the same choice as the explicit V2 flag, so the server's smsOptInFor gives it back.
 */
export function smsOptInPayload(opts: { phone: string; checked: boolean; v2: boolean }): { smsOptIn: boolean; smsOptInV2?: boolean } {
  const on = opts.checked && isValidUsPhone(opts.phone);
  return opts.v2 ? { smsOptIn: on, smsOptInV2: on } : { smsOptIn: on };
}
