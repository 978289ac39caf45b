import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM sealing of a short secret (a staff member's TOTP secret) under a key: 'v1.' + base64url
 * of nonce (12 bytes), tag (16) and ciphertext. Opening a sealed value with another key, or a
 * changed one, throws.
 */
export type SealingKey = Buffer;

/** A 32-byte key from any key material (an environment key of 32+ characters, or a stored random secret). */
export const sealingKey = (material: string | Buffer): SealingKey => createHash('sha256').update(material).digest();

export function seal(key: SealingKey, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export function unseal(key: SealingKey, sealed: string): string {
  if (!sealed.startsWith('v1.')) throw new Error('Not a sealed value.');
  const raw = Buffer.from(sealed.slice(3), 'base64url');
  if (raw.length < 29) throw new Error('Not a sealed value.');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
