/**
 * §5 e-mail rule: the one rule of every page and every call that takes an e-mail address (the
 * shared zod schemas are built from it). §5 names a simple shape (text, @, domain, dot, 2+ letters)
 * and a stricter pattern; an address is valid when it has the stricter shape (which implies the
 * simple one), no '..' and at most EMAIL_LONGEST characters.
 */
export const EMAIL_MAX = 50;
/** The longest address any check accepts (RFC 5321), for addresses that come from elsewhere (single sign-on). */
export const EMAIL_LONGEST = 254;
export const EMAIL_REQUIRED_MESSAGE = 'This field is required.';
export const EMAIL_MESSAGE = 'Please enter a valid email address.';
export const EMAIL_TOO_LONG_MESSAGE = `Email must be ${EMAIL_MAX} characters or fewer.`;
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;
export const STRICT_EMAIL = /^[A-Za-z0-9](?:[A-Za-z0-9._%+-]{0,62}[A-Za-z0-9_%+-])?@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** The simple shape only: whether a configured contact looks like an e-mail address (§2 footer: then a mailto link). */
export function looksLikeEmail(value: string): boolean {
  return SIMPLE_EMAIL.test(value.trim());
}

/** Whether the (trimmed) value is a valid e-mail address, whatever its length up to EMAIL_LONGEST. */
export function isValidEmail(value: string): boolean {
  const v = value.trim();
  return v.length <= EMAIL_LONGEST && STRICT_EMAIL.test(v) && !v.includes('..');
}

/**
 * What is wrong with an e-mail typed into a form or sent to the API (joining, the home-page
 * prospect form, recovery, fix credentials): null when it is fine. The server's schemas give the
 * same messages for the same values.
 */
export function emailProblem(value: string): string | null {
  const v = value.trim();
  if (v === '') return EMAIL_REQUIRED_MESSAGE;
  if (v.length > EMAIL_MAX) return EMAIL_TOO_LONG_MESSAGE;
  return isValidEmail(v) ? null : EMAIL_MESSAGE;
}
