/** §5 US phone: 10 digits (optional leading 1), area code and exchange start with 2–9. */
export const PHONE_MESSAGE = 'Invalid phone number, please check the number and try again.';
export const ENROLLMENT_PHONE_MESSAGE = 'Invalid US based phone number.';

export function phoneDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

export function isValidUsPhone(value: string): boolean {
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(phoneDigits(value));
}

/** xxx-xxx-xxxx on blur; anything not a valid number is left as typed. */
export function formatPhone(value: string): string {
  if (!isValidUsPhone(value)) return value;
  const d = phoneDigits(value);
  return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
}
