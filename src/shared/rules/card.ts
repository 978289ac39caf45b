import { BRAND_CODES, type CardBrand } from '../constants/card';

/** Digits only; spaces and dashes typed between groups are ignored. */
export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** §5 brand detection by number pattern (IIN ranges) while typing. */
export function detectBrand(value: string): CardBrand | null {
  const d = cardDigits(value);
  if (!/^\d+$/.test(d)) return null;
  if (/^3[47]/.test(d)) return 'Amex';
  if (/^4/.test(d)) return 'Visa';
  // 2-series: 2221–2720 (2220 is not Mastercard, so the fourth digit decides for 222x).
  if (/^(5[1-5]|2(22[1-9]|2[3-9]|[3-6]\d|7[01]|720))/.test(d)) return 'Mastercard';
  if (/^(6011|65|64[4-9]|622(12[6-9]|1[3-9]\d|[2-8]\d\d|9[01]\d|92[0-5]))/.test(d)) return 'Discover';
  return null;
}

const LENGTHS: Record<CardBrand, number[]> = { Amex: [15], Visa: [13, 16, 19], Mastercard: [16], Discover: [16, 17, 18, 19] };

/** The Luhn check digit test. */
export function luhnValid(value: string): boolean {
  const d = cardDigits(value);
  if (!/^\d{12,19}$/.test(d)) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let n = d.charCodeAt(d.length - 1 - i) - 48;
    if (i % 2 === 1) {
      n *= 2;
      // Stryker disable next-line EqualityOperator: equivalent for '>= 9': a doubled digit is even, never 9
      if (n > 9) n -= 9;
    }
    // Stryker disable next-line AssignmentOperator: equivalent — a negative sum is a multiple of 10 exactly when the positive one is
    sum += n;
  }
  return sum % 10 === 0;
}

/** §5 message when the brand is not accepted: 'Card must be Visa®, Mastercard® or Amex®'-style. */
export function acceptedBrandsMessage(accepted: ReadonlyArray<'AMEX' | 'DISC' | 'MAST' | 'VISA'>): string {
  const names = (Object.keys(BRAND_CODES) as CardBrand[]).filter((b) => accepted.includes(BRAND_CODES[b])).map((b) => `${b}®`);
  // Stryker disable next-line StringLiteral: equivalent — joining one name or none uses no separator
  const list = names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
  return `Card must be ${list}`;
}

export type CardCheck = { ok: true; brand: CardBrand; lastFour: string } | { ok: false; message: string };

/** Everything the frame and the server check about a number, in one place. */
export function checkCardNumber(value: string, accepted: ReadonlyArray<'AMEX' | 'DISC' | 'MAST' | 'VISA'>): CardCheck {
  const d = cardDigits(value);
  if (!d) return { ok: false, message: 'Please enter your credit card number.' };
  const brand = detectBrand(d);
  if (!brand || !accepted.includes(BRAND_CODES[brand])) return { ok: false, message: acceptedBrandsMessage(accepted) };
  if (!LENGTHS[brand].includes(d.length) || !luhnValid(d)) return { ok: false, message: 'Please check the card number; it is not a valid card number.' };
  return { ok: true, brand, lastFour: d.slice(-4) };
}
