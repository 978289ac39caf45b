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
/** What a person is told when what they typed is not a reference code. */
export const REFERENCE_FORMAT_MESSAGE = `A reference code is ${REFERENCE_LENGTH} letters and digits, like K7MPQ2XW9A (there is no 0, O, 1, I or L in one).`;

/** A code as a person typed or read it: case, spaces and dashes do not count ("k7mp-q2xw 9a"). */
// Stryker disable next-line Regex: with the g flag, removing runs of spaces and dashes or each one alone leaves the same string.
export const normalizeReference = (typed: string) => typed.replace(/[\s-]+/g, '').toUpperCase();

/**
 * Where an error with a reference code was seen (issue 27 item 8): 'browser', reported by the
 * partner site's server-error page (POST /api/client-errors); 'server', a 5xx answer of the
 * server, whose code is the request's id.
 */
export const ERROR_SOURCES = ['browser', 'server'] as const;
export type ErrorSource = (typeof ERROR_SOURCES)[number];

/** The message of the server's 5xx answer: the member reads the code in it, or on the error page it leads to. */
export const serverErrorMessage = (reference: string) => `Something went wrong on our side. Reference ${reference}.`;

/** What the member saw, in the words support reads to them, for an error found by its code. */
export function whatTheMemberSaw(error: { source: ErrorSource; reference: string; status: number | null }): string {
  if (error.source === 'server') {
    return `An error answer (${error.status ?? 500}) saying “${serverErrorMessage(error.reference)}”, on the error page or in place of the part of the page that failed.`;
  }
  return error.status === null
    ? 'The error page (“Something went wrong on our side”) with this code, after an error in the browser: the page or its code failed to load or to show.'
    : `The error page (“Something went wrong on our side”) with this code, after an answer of ${error.status} that carried no reference of our server (a proxy's or the network's).`;
}

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
