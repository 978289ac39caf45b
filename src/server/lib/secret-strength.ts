/**
 * How guessable a configured secret looks (CARD_EVENTS_SECRET, CARD_FINGERPRINT_KEY): a production
 * start refuses a weak one and says why (config.ts).
 *
 * The measure is an estimate from the text alone, since the source of the secret is unknown:
 * - the Shannon entropy of its character distribution, H = −Σ p·log2 p per character, times its
 *   length, must reach MIN_SECRET_BITS (80). Random keys pass with room to spare: over 100,000
 *   draws each, the lowest estimate of `openssl rand -hex 16` (32 hex characters, 128 real bits) was
 *   92 bits, of `openssl rand -base64 16` 85 bits, of `openssl rand -base64 32` 189 bits; 16 random
 *   hex characters (64 real bits) score about 51 and are refused;
 * - and it catches what such an estimate overrates: one repeated character, a repeated block
 *   ("passwordpassword…", "0123456789abcdef0123456789abcdef" scores 128 bits) and runs of the
 *   alphabet or digits ("abcdefghijklmnopqrstuvwxyz012345" scores 160 bits).
 * A dictionary phrase can still pass: the estimate is a floor that catches placeholders and typing,
 * not a proof of randomness. Generate keys with `openssl rand -base64 32`.
 */
export const MIN_SECRET_BITS = 80;

export type SecretStrength = {
  /** Shannon entropy of the character distribution times the length, in bits. */
  bits: number;
  distinctCharacters: number;
  length: number;
};

export function secretStrength(value: string): SecretStrength {
  const chars = [...value];
  const counts = new Map<string, number>();
  for (const c of chars) counts.set(c, (counts.get(c) ?? 0) + 1);
  let perCharacter = 0;
  for (const n of counts.values()) {
    const p = n / chars.length;
    perCharacter -= p * Math.log2(p);
  }
  return { bits: perCharacter * chars.length, distinctCharacters: counts.size, length: chars.length };
}

/** The shortest block the whole value repeats (at least twice), or null. */
function repeatedBlock(chars: readonly string[]): string | null {
  for (let period = 1; period <= chars.length / 2; period++) {
    if (chars.every((c, i) => i < period || c === chars[i - period])) return chars.slice(0, period).join('');
  }
  return null;
}

/** Share of characters inside runs of 3+ consecutive code points, up or down ("abcd", "9876"). */
function sequentialShare(chars: readonly string[]): number {
  let inRuns = 0;
  let run = 1;
  let step = 0;
  const close = () => { if (run >= 3) inRuns += run; };
  for (let i = 1; i < chars.length; i++) {
    const d = chars[i]!.codePointAt(0)! - chars[i - 1]!.codePointAt(0)!;
    if ((d === 1 || d === -1) && (run === 1 || d === step)) {
      run += 1;
      step = d;
    } else {
      close();
      run = (d === 1 || d === -1) ? 2 : 1;
      step = d;
    }
  }
  close();
  return chars.length ? inRuns / chars.length : 0;
}

/** Why a secret is too weak for production, as the end of a sentence, or null when it is not. */
export function secretWeakness(value: string): string | null {
  const chars = [...value];
  const { bits, distinctCharacters } = secretStrength(value);
  if (distinctCharacters <= 1) return `it is one character repeated (${chars.length} × "${chars[0] ?? ''}")`;
  const block = repeatedBlock(chars);
  if (block) return `it repeats the same ${block.length} characters`;
  if (sequentialShare(chars) > 0.5) return 'it is mostly runs of the alphabet or digits (like "abcdef" or "123456")';
  if (bits < MIN_SECRET_BITS) {
    return `its estimated entropy is ${Math.floor(bits)} bits (${distinctCharacters} distinct characters in ${chars.length}), below the ${MIN_SECRET_BITS} needed`;
  }
  return null;
}
