import { isValidUsPhone, phoneDigits } from './phone';

/**
 * §5 SMS opt-in: defaults to on when a phone number is given, unless the partner uses the v2
 * consent (then it is only what the member ticked). It is off without a valid phone, and on v1 a
 * changed or cleared phone turns it off until ticked again.
 */
export function defaultSmsOptIn(opts: { phone: string; v2: boolean; explicit?: boolean }): boolean {
  if (!isValidUsPhone(opts.phone)) return false;
  if (opts.v2) return opts.explicit ?? false;
  return opts.explicit ?? true;
}

export function smsOptInAfterPhoneChange(opts: { previousPhone: string; phone: string; optIn: boolean; v2: boolean }): boolean {
  if (!isValidUsPhone(opts.phone)) return false;
  if (!opts.v2 && phoneDigits(opts.previousPhone) !== phoneDigits(opts.phone)) return false;
  return opts.optIn;
}

/** The opt-in box can be ticked only with a valid phone number. */
export function smsOptInEnabled(phone: string): boolean {
  return isValidUsPhone(phone);
}
