import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { appSecrets } from '../../db/schema';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/db';
import {
  CARD_FINGERPRINT_KEY_REQUIRED, CARD_PRIVATE_KEY_REQUIRED, cardFingerprint, FINGERPRINT_SECRET, decryptCardNumber, generateCardPrivateKeyPem, loadCardKeys, loadFingerprintKey,
} from './card-crypto';
import { encryptCardNumber } from '../../test/cards';
import { productionEnv } from '../../test/production-env';

let database: Database;
let pem: string;
beforeAll(async () => {
  database = await createTestDatabase({ seeded: false });
  pem = await generateCardPrivateKeyPem();
});
afterAll(async () => { await database.close(); });

const config = (over: Parameters<typeof loadConfig>[1] = {}) => loadConfig({ NODE_ENV: 'test' }, over);

describe('card-number encryption', () => {
  it('round-trips digits encrypted with the public key (RSA-OAEP, SHA-256)', async () => {
    const keys = await loadCardKeys({ config: config({ cardPrivateKey: pem }), db: database.db });
    for (const n of ['4111111111111111', '378282246310005', '6011111111111117', '4222222222222']) {
      expect(decryptCardNumber(keys.privateKey, encryptCardNumber(keys.publicKeySpki, n))).toBe(n);
    }
    // Spaces the frame might leave between groups do not matter.
    expect(decryptCardNumber(keys.privateKey, encryptCardNumber(keys.publicKeySpki, '4111 1111 1111 1111'))).toBe('4111111111111111');
  });

  it('refuses tampered ciphertext, another key, non-digits and junk', async () => {
    const keys = await loadCardKeys({ config: config({ cardPrivateKey: pem }), db: database.db });
    const good = encryptCardNumber(keys.publicKeySpki, '4111111111111111');
    for (const i of [0, 100, 255]) {
      const bytes = Buffer.from(good, 'base64');
      bytes[i] = bytes[i]! ^ 0x01;
      expect(decryptCardNumber(keys.privateKey, bytes.toString('base64'))).toBeNull();
    }
    expect(decryptCardNumber(keys.privateKey, good.slice(0, -8))).toBeNull();
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    expect(decryptCardNumber(keys.privateKey, encryptCardNumber(other, '4111111111111111'))).toBeNull();
    expect(decryptCardNumber(keys.privateKey, encryptCardNumber(keys.publicKeySpki, 'hello world 1234'))).toBeNull();
    expect(decryptCardNumber(keys.privateKey, encryptCardNumber(keys.publicKeySpki, '12345'))).toBeNull();
    expect(decryptCardNumber(keys.privateKey, '%%%not-base64%%%')).toBeNull();
    expect(decryptCardNumber(keys.privateKey, '')).toBeNull();
  });
});

describe('keys', () => {
  it('keeps one development key pair in app_secrets (every instance and restart agree)', async () => {
    const a = await loadCardKeys({ config: config(), db: database.db });
    const b = await loadCardKeys({ config: config(), db: database.db });
    expect(a.publicKeySpki).toBe(b.publicKeySpki);
    expect(a.privateKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
  });

  it('requires CARD_PRIVATE_KEY in production and checks it', async () => {
    await expect(loadCardKeys({ config: config({ env: 'production' }), db: database.db })).rejects.toThrow(CARD_PRIVATE_KEY_REQUIRED);
    await expect(loadCardKeys({ config: config({ env: 'production', cardPrivateKey: 'not a key' }), db: database.db })).rejects.toThrow(/not a readable PEM/);
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await expect(loadCardKeys({ config: config({ env: 'production', cardPrivateKey: small }), db: database.db })).rejects.toThrow(/2048 bits/);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await expect(loadCardKeys({ config: config({ env: 'production', cardPrivateKey: ec }), db: database.db })).rejects.toThrow(/RSA/);
    const keys = await loadCardKeys({ config: config({ env: 'production', cardPrivateKey: pem }), db: database.db });
    expect(keys.privateKey.export({ type: 'pkcs8', format: 'pem' })).toBe(createPrivateKey(pem).export({ type: 'pkcs8', format: 'pem' }));
  });

  it('reads a one-line PEM with literal \\n from the environment', () => {
    const c = loadConfig({ ...productionEnv(), CARD_PRIVATE_KEY: pem.replace(/\n/g, '\\n') });
    expect(c.cardPrivateKey).toBe(pem);
  });
});

describe('fingerprints', () => {
  it('are keyed, stable and never contain the number', async () => {
    const key = await loadFingerprintKey({ config: config(), db: database.db });
    expect(await loadFingerprintKey({ config: config(), db: database.db })).toEqual(key);
    const f = cardFingerprint(key, '4111111111111111');
    expect(f).toMatch(/^[0-9a-f]{64}$/);
    expect(cardFingerprint(key, '4111 1111 1111 1111')).toBe(f);
    expect(cardFingerprint(key, '4111111111111112')).not.toBe(f);
    expect(cardFingerprint(Buffer.from('another key of at least 32 characters!!'), '4111111111111111')).not.toBe(f);
    expect(f).not.toContain('4111111111111111');
    const configured = await loadFingerprintKey({ config: { cardFingerprintKey: 'k'.repeat(32), env: 'test' }, db: database.db });
    expect(configured.toString()).toBe('k'.repeat(32));
  });
});

describe('the fingerprint key in production (issue 7, item 3)', () => {
  it('is required from the environment and never written to the database', async () => {
    const fresh = await createTestDatabase({ seeded: false });
    try {
      await expect(loadFingerprintKey({ config: config({ env: 'production', cardFingerprintKey: undefined }), db: fresh.db })).rejects.toThrow(CARD_FINGERPRINT_KEY_REQUIRED);
      const key = await loadFingerprintKey({ config: config({ env: 'production', cardFingerprintKey: 'p'.repeat(40) }), db: fresh.db });
      expect(key.toString()).toBe('p'.repeat(40));
      const stored = await fresh.db.select().from(appSecrets).where(eq(appSecrets.name, FINGERPRINT_SECRET));
      expect(stored).toHaveLength(0);
    } finally {
      await fresh.close();
    }
  });
});
