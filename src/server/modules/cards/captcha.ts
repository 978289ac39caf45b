import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { captchaSolutions } from '../../db/schema';
import { getOrCreateSecret } from '../../lib/secrets';

/** §8 / §5 wording of a missing, wrong, expired or replayed captcha. */
export const CAPTCHA_MESSAGE = 'You must complete the reCAPTCHA to continue.';
/** Challenges are valid this long. */
export const CAPTCHA_TTL_MS = 10 * 60_000;
/**
 * Work of one challenge: SHA-256 of salt + a number below this, one digest per try. Measured: about
 * 10 µs a try in Chromium (WebCrypto), so at most ~0.2 s in one thread (0.1 s on average); about
 * 60 µs in Node, which keeps the tests that solve challenges quick enough. A bot pays it on every
 * submission.
 */
export const CAPTCHA_MAX_NUMBER = 20_000;
const SWEEP_EVERY_MS = 60_000;

type PayloadV1 = { algorithm: 'SHA-256'; challenge: string; number: number; salt: string; signature: string };

/** The base64 JSON payload of the ALTCHA widget / altcha-lib solveChallenge, checked for shape only. */
export function parseCaptchaPayload(value: string): PayloadV1 | null {
  if (value.length > 10_000 || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return null;
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object') return null;
  const p = data as Record<string, unknown>;
  if (p.algorithm !== 'SHA-256') return null;
  if (typeof p.challenge !== 'string' || !/^[0-9a-f]{64}$/.test(p.challenge)) return null;
  if (typeof p.signature !== 'string' || !/^[0-9a-f]{64}$/.test(p.signature)) return null;
  if (typeof p.salt !== 'string' || p.salt.length > 300) return null;
  if (typeof p.number !== 'number' || !Number.isInteger(p.number) || p.number < 0 || p.number > CAPTCHA_MAX_NUMBER) return null;
  return { algorithm: 'SHA-256', challenge: p.challenge, number: p.number, salt: p.salt, signature: p.signature };
}

/**
 * ALTCHA proof of work (altcha-lib v1 format): challenges signed with an HMAC key kept in
 * app_secrets (every instance agrees), solutions accepted once (captcha_solutions).
 */
export class Captcha {
  private key: Promise<string> | undefined;
  private lastSweep = 0;

  constructor(private readonly db: Db) {}

  private hmacKey(): Promise<string> {
    this.key ??= getOrCreateSecret(this.db, 'captcha').then((b) => b.toString('base64'));
    return this.key;
  }

  async challenge(now = new Date()): Promise<Challenge> {
    return createChallenge({
      hmacKey: await this.hmacKey(),
      algorithm: 'SHA-256',
      maxNumber: CAPTCHA_MAX_NUMBER,
      expires: new Date(now.getTime() + CAPTCHA_TTL_MS),
    });
  }

  /** True once per solved, unexpired challenge of ours; false for anything else (also a replay). */
  async verify(value: string): Promise<boolean> {
    const payload = parseCaptchaPayload(value);
    if (!payload) return false;
    const expires = Number(extractParams(payload).expires);
    if (!Number.isInteger(expires) || expires * 1000 < Date.now()) return false;
    if (!(await verifySolution(payload, await this.hmacKey(), true))) return false;
    await this.sweep();
    // The challenge hash is unique per challenge (random salt): a second use conflicts.
    const inserted = await this.db.insert(captchaSolutions)
      .values({ id: payload.challenge, expiresAt: new Date(expires * 1000) })
      .onConflictDoNothing()
      .returning({ id: captchaSolutions.id });
    return inserted.length === 1;
  }

  /** Used solutions are kept until their challenge expires (a replay after that fails on expiry). */
  private async sweep(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await this.db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, sql`now()`));
  }
}
