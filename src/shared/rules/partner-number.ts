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

const NUMBER_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * A valid partner number made of six random characters and their check character; `randomIndex(n)`
 * gives an integer in [0, n) (crypto.randomInt on the server). The staging tools hand these out so a
 * newcomer can join without a real membership; 'DM' starts the seeded demo members' numbers, so no
 * drawn number starts with it.
 */
export function randomPartnerNumber(randomIndex: (n: number) => number): string {
  for (;;) {
    const first6 = Array.from({ length: PARTNER_NUMBER_LENGTH - 1 }, () => NUMBER_CHARACTERS[randomIndex(NUMBER_CHARACTERS.length)]!).join('');
    if (!first6.startsWith('DM')) return withCheckCharacter(first6);
  }
}

/** What the number is and where a member finds it, shown next to the joining form's field. */
export function partnerNumberHint(copy: { partnerNumberLabel: string; programName2: string; partnerNumberHelp?: string | undefined }): string {
  const where = copy.partnerNumberHelp ?? `Your ${copy.partnerNumberLabel} is on your ${copy.programName2} card and in your ${copy.programName2} account.`;
  return `${where} It has ${PARTNER_NUMBER_LENGTH} letters or numbers; the last one is a check character, so a mistyped number is caught.`;
}
