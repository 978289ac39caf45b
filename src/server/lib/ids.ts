import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A public member id: 20 characters from an unambiguous alphabet (≈ 116 bits). */
export function newPublicId(): string {
  const bytes = randomBytes(20);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}
