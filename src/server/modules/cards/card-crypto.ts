import { constants, createHmac, createPrivateKey, createPublicKey, generateKeyPair, privateDecrypt, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { appSecrets } from '../../db/schema';
import { getOrCreateSecret } from '../../lib/secrets';

/**
 * Card-number cryptography (docs/architecture.md "Card data"). The card frame encrypts the digits with
 * the public key (RSA-OAEP, SHA-256, WebCrypto); only this process can decrypt them, in memory, to
 * re-validate the number and compute its keyed fingerprint. The number itself is never stored,
 * logged or put in a message.
 */

/** app_secrets name of the development key pair (outside production only). */
export const DEV_PRIVATE_KEY_SECRET = 'card-rsa-private-key';
/** app_secrets name of the fingerprint HMAC key when CARD_FINGERPRINT_KEY is unset. */
export const FINGERPRINT_SECRET = 'card-fingerprint';
const MIN_MODULUS_BITS = 2048;

export type CardKeys = {
  privateKey: KeyObject;
  /** SPKI, DER, base64: what the frame imports with crypto.subtle.importKey('spki', …). */
  publicKeySpki: string;
};

export const CARD_PRIVATE_KEY_REQUIRED = 'CARD_PRIVATE_KEY is required in production: a PEM RSA private key of 2048 bits or more (the card frame encrypts card numbers with its public key).';

function checkRsa(key: KeyObject, source: string): KeyObject {
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== 'rsa' || bits < MIN_MODULUS_BITS) {
    throw new Error(`${source} must be an RSA private key of ${MIN_MODULUS_BITS} bits or more.`);
  }
  return key;
}

function toCardKeys(privateKey: KeyObject): CardKeys {
  const publicKeySpki = createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).toString('base64');
  return { privateKey, publicKeySpki };
}

/** A fresh RSA-OAEP key pair as PKCS#8 PEM (development key, tests). */
export async function generateCardPrivateKeyPem(): Promise<string> {
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: MIN_MODULUS_BITS, publicExponent: 0x10001 });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/**
 * The key pair: CARD_PRIVATE_KEY when configured (required in production); otherwise a development
 * pair generated on first start and kept in app_secrets, so every instance and every restart agree.
 */
export async function loadCardKeys({ config, db }: { config: AppConfig; db: Db }): Promise<CardKeys> {
  if (config.cardPrivateKey) {
    let key: KeyObject;
    try {
      key = createPrivateKey(config.cardPrivateKey);
    } catch {
      throw new Error('CARD_PRIVATE_KEY is not a readable PEM private key.');
    }
    return toCardKeys(checkRsa(key, 'CARD_PRIVATE_KEY'));
  }
  if (config.env === 'production') throw new Error(CARD_PRIVATE_KEY_REQUIRED);
  const read = async () => (await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, DEV_PRIVATE_KEY_SECRET)))[0]?.value;
  let pem = await read();
  if (!pem) {
    // Two instances starting together: the first insert wins and both read it back.
    await db.insert(appSecrets).values({ name: DEV_PRIVATE_KEY_SECRET, value: await generateCardPrivateKeyPem() }).onConflictDoNothing();
    pem = await read();
    if (!pem) throw new Error('The development card key could not be stored.');
  }
  return toCardKeys(checkRsa(createPrivateKey(pem), 'The development card key'));
}

export const CARD_FINGERPRINT_KEY_REQUIRED = 'CARD_FINGERPRINT_KEY is required in production: 32 or more random characters, kept out of the database (with the key beside the fingerprints, a copy of the database gives the card numbers back).';

/**
 * The fingerprint HMAC key: CARD_FINGERPRINT_KEY (required in production, never written to the
 * database). Outside production, when unset, a development key generated once in app_secrets.
 */
export async function loadFingerprintKey({ config, db }: { config: Pick<AppConfig, 'cardFingerprintKey' | 'env'>; db: Db }): Promise<Buffer> {
  if (config.cardFingerprintKey) return Buffer.from(config.cardFingerprintKey, 'utf8');
  if (config.env === 'production') throw new Error(CARD_FINGERPRINT_KEY_REQUIRED);
  return getOrCreateSecret(db, FINGERPRINT_SECRET);
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The digits of a card number encrypted by the frame, or null when the ciphertext is not ours
 * (tampered, another key, not base64, not digits). The plaintext exists only in this call's memory
 * and in the returned string; the decrypted buffer is wiped.
 */
export function decryptCardNumber(privateKey: KeyObject, encryptedBase64: string): string | null {
  const compact = encryptedBase64.replace(/\s/g, '');
  if (!BASE64.test(compact) || compact.length % 4 !== 0) return null;
  const ciphertext = Buffer.from(compact, 'base64');
  let plain: Buffer;
  try {
    plain = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, ciphertext);
  } catch {
    return null;
  }
  const text = plain.toString('latin1').replace(/[\s-]/g, '');
  plain.fill(0);
  return /^\d{12,19}$/.test(text) ? text : null;
}

/** The current fingerprint key and the earlier ones still recognised during a rotation. */
export type FingerprintKeys = { current: Buffer; previous: Buffer[] };

/** CARD_FINGERPRINT_KEY (see loadFingerprintKey) and CARD_FINGERPRINT_PREVIOUS_KEYS. */
export async function loadFingerprintKeys({ config, db }: { config: Pick<AppConfig, 'cardFingerprintKey' | 'cardFingerprintPreviousKeys' | 'env'>; db: Db }): Promise<FingerprintKeys> {
  return { current: await loadFingerprintKey({ config, db }), previous: config.cardFingerprintPreviousKeys.map((k) => Buffer.from(k, 'utf8')) };
}

/** A short public name of a key (not the key): stored beside each fingerprint, so a rotation can see what is left. */
export function fingerprintKeyId(key: Buffer): string {
  return createHmac('sha256', key).update('fingerprint-key-id').digest('hex').slice(0, 12);
}

/** A card number's fingerprint under the current key, and every fingerprint it may be stored under. */
export function cardFingerprints(keys: FingerprintKeys, digits: string): { current: string; keyId: string; all: string[] } {
  const current = cardFingerprint(keys.current, digits);
  return { current, keyId: fingerprintKeyId(keys.current), all: [current, ...keys.previous.map((k) => cardFingerprint(k, digits))] };
}

/** Keyed fingerprint of a card number (HMAC-SHA-256, hex): finds the same card again without revealing it. */
export function cardFingerprint(key: Buffer, digits: string): string {
  return createHmac('sha256', key).update(digits.replace(/[\s-]/g, ''), 'utf8').digest('hex');
}
