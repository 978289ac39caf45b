import { BRAND_CODES, type CardBrand } from '../shared/constants/card';
import { cardDigits, checkCardNumber, detectBrand } from '../shared/rules/card';
import type { CardFrameMessage } from '../shared/schemas/card';

export type { CardFrameMessage };

/**
 * The secure card-entry frame's logic, without the DOM (docs/api-cards.md "The secure card-entry
 * frame"). The number lives only in the input and in local variables while it is checked and
 * encrypted; nothing here stores it or sends it anywhere but through RSA-OAEP.
 */

export type AcceptedCode = (typeof BRAND_CODES)[CardBrand];
export const ALL_CODES: readonly AcceptedCode[] = ['VISA', 'MAST', 'AMEX', 'DISC'];

export const REQUIRED_MESSAGE = 'Please enter your credit card number.';
export const KEY_FAILED_MESSAGE = 'Card entry is not available right now. Please try again later.';
export const NO_PARENT_MESSAGE = 'This page only works inside the card form.';

export type FrameParams = {
  parentOrigin: string | null;
  accepted: AcceptedCode[];
  /** optional=1: the parent has other cards to choose from, so an empty field is no error. */
  optional: boolean;
  /** font: the partner's font family (a CSS font-family list), or null for the frame's own. */
  font: string | null;
};

/**
 * `parent` must be an exact http(s) origin (no path, query or trailing slash): it becomes the
 * postMessage target origin, so anything looser is refused rather than repaired. `accepted` keeps
 * the known brand codes; none at all means every brand (the server checks the partner's list again).
 */
export function parseFrameParams(search: string): FrameParams {
  const params = new URLSearchParams(search);
  return {
    parentOrigin: exactOrigin(params.get('parent')),
    accepted: parseAccepted(params.get('accepted')),
    optional: params.get('optional') === '1',
    font: parseFontFamily(params.get('font')),
  };
}

/**
 * A CSS font-family list from the address ('"Helvetica Neue", Arial, sans-serif'), or null. Only
 * names, quotes, commas, spaces and hyphens: no parentheses (no url() or other function), no
 * semicolons, braces, slashes or escapes, so the value can only ever name fonts. The frame sets it
 * through the CSSOM (a custom property), which its strict CSP (style-src 'self') allows, and loads
 * no font file: the partner's system font stack is used as the app's page uses it.
 */
export function parseFontFamily(value: string | null): string | null {
  if (!value) return null;
  const font = value.trim();
  return /^[A-Za-z0-9 ,'"-]{1,200}$/.test(font) ? font : null;
}

export function exactOrigin(value: string | null): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return url.origin === value ? value : null;
}

export function parseAccepted(value: string | null): AcceptedCode[] {
  const wanted = (value ?? '').split(',').map((s) => s.trim().toUpperCase());
  const codes = ALL_CODES.filter((c) => wanted.includes(c));
  return codes.length > 0 ? codes : [...ALL_CODES];
}

/** Display groups: Amex 4-6-5, every other brand groups of four. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  if (detectBrand(digits) === 'Amex') {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Where the caret goes after reformatting: just after the same count of digits as before. */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!)) seen++;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}

/** Whether the typed digits could still become a valid number (used to hold errors back while typing). */
export function isStillTyping(value: string): boolean {
  const d = cardDigits(value);
  const brand = detectBrand(d);
  const max = brand === 'Amex' ? 15 : 19;
  return d.length < max && !(brand && checkCardNumber(d, ALL_CODES).ok);
}

export type Evaluation =
  | { state: 'empty'; brand: null }
  | { state: 'valid'; brand: CardBrand; lastFour: string; digits: string }
  /** A problem that shows at once (brand not accepted, letters). */
  | { state: 'refused'; brand: CardBrand | null; message: string }
  /** Not complete yet: the message shows on blur. */
  | { state: 'incomplete'; brand: CardBrand | null; message: string };

/** What the frame makes of the field's value (§5 brand, check digit, accepted brands). */
export function evaluateCardNumber(value: string, accepted: readonly AcceptedCode[]): Evaluation {
  const digits = cardDigits(value);
  if (!digits) return { state: 'empty', brand: null };
  const brand = detectBrand(digits);
  const check = checkCardNumber(digits, accepted);
  if (check.ok) return { state: 'valid', brand: check.brand, lastFour: check.lastFour, digits };
  if (!/^\d+$/.test(digits)) return { state: 'refused', brand: null, message: 'Please enter digits only.' };
  if (brand && !accepted.includes(BRAND_CODES[brand])) return { state: 'refused', brand, message: check.message };
  return { state: 'incomplete', brand, message: check.message };
}

/** The brands a partner accepts, in the order of §5's message. */
export function acceptedBrandNames(accepted: readonly AcceptedCode[]): CardBrand[] {
  return (Object.keys(BRAND_CODES) as CardBrand[]).filter((b) => accepted.includes(BRAND_CODES[b]));
}

function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64.replace(/\s+/g, ''));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export function bytesToBase64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let bin = '';
  for (let i = 0; i < view.length; i++) bin += String.fromCharCode(view[i]!);
  return btoa(bin);
}

/** The server's RSA public key: SPKI, base64 DER (GET /card-frame/public-key → { key }). */
export function importPublicKey(spkiBase64: string, subtle: SubtleCrypto = crypto.subtle): Promise<CryptoKey> {
  return subtle.importKey('spki', base64ToBytes(spkiBase64), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
}

/** RSA-OAEP (SHA-256) of the digits, base64. Only the server's private key can read it. */
export async function encryptDigits(key: CryptoKey, digits: string, subtle: SubtleCrypto = crypto.subtle): Promise<string> {
  const cipher = await subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(digits));
  return bytesToBase64(cipher);
}

/** The card message for the parent: ciphertext, last four and brand, never the number. */
export async function cardMessage(key: CryptoKey, evaluation: Extract<Evaluation, { state: 'valid' }>, subtle?: SubtleCrypto): Promise<CardFrameMessage> {
  return {
    type: 'card-frame:card',
    encryptedCardNumber: await encryptDigits(key, evaluation.digits, subtle),
    lastFour: evaluation.lastFour,
    cardType: evaluation.brand,
  };
}
