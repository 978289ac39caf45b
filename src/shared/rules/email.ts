/** §5: a simple shape (text, @, domain, dot, 2+ letters) and a stricter one. */
export const EMAIL_MAX = 50;
export const EMAIL_MESSAGE = 'Please enter a valid email address.';
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;
export const STRICT_EMAIL = /^[A-Za-z0-9](?:[A-Za-z0-9._%+-]{0,62}[A-Za-z0-9_%+-])?@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function isValidEmail(value: string): boolean {
  const v = value.trim();
  return v.length <= 254 && SIMPLE_EMAIL.test(v) && STRICT_EMAIL.test(v) && !v.includes('..');
}
