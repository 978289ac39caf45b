/**
 * Reference codes (issue 25 item 8): what the server-error page shows and support searches for.
 * The server gives every request one (its request id: the X-Request-Id header and `reqId` in every
 * log line); an error the browser alone saw gets one there, sent with the error to
 * POST /api/client-errors. No 0/O or 1/I/L, so a code read over the phone is unambiguous.
 */
export const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERENCE_LENGTH = 10;
/** A reference code as support types it (case-insensitive on their side; the codes are upper case). */
export const REFERENCE_PATTERN = new RegExp(`^[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`);
/** The response header that carries the request id. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** A fresh code: 31^10 ≈ 8·10^14 values, so codes do not repeat in practice. */
export function makeReferenceCode(): string {
  const bytes = new Uint8Array(REFERENCE_LENGTH);
  globalThis.crypto.getRandomValues(bytes);
  // 256 is not a multiple of 31: drop the few bytes that would favour the first letters.
  const max = 256 - (256 % REFERENCE_ALPHABET.length);
  let code = '';
  for (let i = 0; code.length < REFERENCE_LENGTH; i++) {
    if (i === bytes.length) {
      globalThis.crypto.getRandomValues(bytes);
      i = 0;
    }
    if (bytes[i]! < max) code += REFERENCE_ALPHABET[bytes[i]! % REFERENCE_ALPHABET.length];
  }
  return code;
}
