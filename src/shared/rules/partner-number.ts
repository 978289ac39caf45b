/** §5 partner number: exactly 7 letters or digits, case-insensitive, with a check character. */
export const PARTNER_NUMBER_LENGTH = 7;
export const PARTNER_NUMBER_FORMAT_MESSAGE = 'Invalid format for the partner number.';

/** §5 character codes: A–I 193–201, J–R 209–217, S–Z 226–233, 0–9 240–249. */
export function characterCode(ch: string): number | undefined {
  const c = ch.toUpperCase();
  if (c >= '0' && c <= '9') return 240 + (c.charCodeAt(0) - 48);
  if (c >= 'A' && c <= 'I') return 193 + (c.charCodeAt(0) - 65);
  if (c >= 'J' && c <= 'R') return 209 + (c.charCodeAt(0) - 74);
  if (c >= 'S' && c <= 'Z') return 226 + (c.charCodeAt(0) - 83);
  return undefined;
}

/** The check value of the first six characters (character 2 is not used). */
export function checkValue(first6: string): number {
  const c = [...first6].map((ch) => characterCode(ch) ?? 0);
  const total = 2 * (c[0]! + c[2]!) + 2 * (c[2]! + c[4]!) + 2 * (c[3]! + c[5]!);
  return total % 10;
}

export function normalisePartnerNumber(value: string): string {
  return value.trim().toUpperCase();
}

/** Whether a value is a valid partner number; validator 'none' checks the shape only. */
// Stryker disable next-line StringLiteral: equivalent — only 'none' is compared, so any other default checks the character the same way
export function isValidPartnerNumber(value: string, validator: 'checkCharacter' | 'none' = 'checkCharacter'): boolean {
  const v = normalisePartnerNumber(value);
  if (!/^[A-Z0-9]{7}$/.test(v)) return false;
  if (validator === 'none') return true;
  // Stryker disable next-line MethodExpression: equivalent — checkValue reads characters 1–6 only, so passing all seven gives the same value
  return checkValue(v.slice(0, 6)) === parseInt(v[6]!, 36);
}

/** Completes six characters with their check character (demo data, tests). */
export function withCheckCharacter(first6: string): string {
  const v = normalisePartnerNumber(first6);
  return `${v}${checkValue(v)}`;
}
