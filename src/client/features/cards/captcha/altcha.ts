/**
 * ALTCHA proof of work, solved in the browser (docs/api-cards.md "Captcha"): find the number n in
 * 0..maxnumber for which hash(salt + n) equals the challenge, then hand the server a base64 JSON
 * payload it can verify against its HMAC signature. No network, no third party.
 */

export type AltchaChallenge = {
  algorithm: string;
  challenge: string;
  salt: string;
  signature: string;
  /** altcha-lib spells it 'maxnumber'; 'maxNumber' is accepted too. */
  maxnumber?: number;
  maxNumber?: number;
};

export type AltchaSolution = { number: number; took: number };

export const DEFAULT_MAX_NUMBER = 1_000_000;
const ALGORITHMS = new Set(['SHA-1', 'SHA-256', 'SHA-512']);

export function isAltchaChallenge(value: unknown): value is AltchaChallenge {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.algorithm === 'string' && ALGORITHMS.has(v.algorithm.toUpperCase()) && typeof v.challenge === 'string'
    && typeof v.salt === 'string' && typeof v.signature === 'string';
}

function hex(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += bytes[i]!.toString(16).padStart(2, '0');
  return out;
}

export async function altchaHash(algorithm: string, text: string, subtle: SubtleCrypto = crypto.subtle): Promise<string> {
  return hex(await subtle.digest(algorithm.toUpperCase(), new TextEncoder().encode(text)));
}

/** Tries numbers from 0 up to maxnumber; null when none matches (or when stopped). */
export async function solveChallenge(challenge: AltchaChallenge, opts: { subtle?: SubtleCrypto; shouldStop?: () => boolean } = {}): Promise<AltchaSolution | null> {
  const started = Date.now();
  const max = Math.max(0, Math.floor(challenge.maxnumber ?? challenge.maxNumber ?? DEFAULT_MAX_NUMBER));
  const target = challenge.challenge.toLowerCase();
  for (let n = 0; n <= max; n++) {
    if (n % 1000 === 0 && opts.shouldStop?.()) return null;
    if ((await altchaHash(challenge.algorithm, challenge.salt + n, opts.subtle)) === target) return { number: n, took: Date.now() - started };
  }
  return null;
}

/** The payload altcha's verifySolution reads: base64 of { algorithm, challenge, number, salt, signature, took }. */
export function altchaPayload(challenge: AltchaChallenge, solution: AltchaSolution): string {
  const json = JSON.stringify({
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
    took: solution.took,
  });
  // JSON of ASCII fields; encode as UTF-8 first so a non-ASCII salt cannot break btoa.
  const bytes = new TextEncoder().encode(json);
  let bin = '';
  for (let i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]!);
  return btoa(bin);
}
