/** §5: passwords are cut to their first 56 characters on sign-up and update. */
export const PASSWORD_MAX = 56;
export const PASSWORD_MIN = 8;
export const PASSWORD_CONTAINS_PARTNER_NUMBER = 'Password cannot contain your partner number.';

export function cutPassword(value: string): string {
  return [...value].slice(0, PASSWORD_MAX).join('');
}

/** The first rule the password breaks, as a message for the person, or null. */
export function passwordProblem(password: string, partnerNumber?: string | null): string | null {
  const p = cutPassword(password);
  if (p.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters.`;
  if (!/[A-Za-z]/.test(p) || !/\d/.test(p)) return 'Password must contain at least one letter and one number.';
  if (partnerNumber && p.toUpperCase().includes(partnerNumber.trim().toUpperCase())) return PASSWORD_CONTAINS_PARTNER_NUMBER;
  return null;
}
