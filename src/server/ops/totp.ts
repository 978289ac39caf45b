import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * The console's second factor: TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, as every
 * authenticator app reads it) with the otpauth library. A code is accepted one step either side
 * of now (clock drift) and only once: the step it matched must be later than the last one used.
 */
const ISSUER = 'Dining Rewards Console';
const make = (secret: string, label = 'staff') => new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

/** A new random secret (160 bits, base32). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The time step a good code matched (to be stored as the last used), or null: wrong, or used already. */
export function checkTotp(secret: string, code: string, lastStep: number | null, now = Date.now()): number | null {
  const delta = make(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now / 30_000) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The current code of a secret (demo tooling and tests). */
export const totpCode = (secret: string, now = Date.now()): string => make(secret).generate({ timestamp: now });

/** The otpauth:// URI an authenticator app scans, and it as an SVG QR code. */
export async function totpEnrolment(secret: string, email: string): Promise<{ otpauthUri: string; qrSvg: string }> {
  const otpauthUri = make(secret, email).toString();
  return { otpauthUri, qrSvg: await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }) };
}
