import { constants, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';
import { solveChallenge } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import type { TestApp } from './app';
import { members } from '../db/schema';
import { TestBrowser } from './browser';
import { buildCardFrameServer } from '../modules/cards/card-frame-server';

/** Test helpers of the card calls (imported by *.test.ts only). */

/** Encrypts digits the way the card frame does (RSA-OAEP, SHA-256) with an SPKI base64 public key. */
export function encryptCardNumber(spkiBase64: string, digits: string): string {
  const key = createPublicKey({ key: Buffer.from(spkiBase64, 'base64'), format: 'der', type: 'spki' });
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(digits, 'utf8')).toString('base64');
}

/** The public key as the frame page gets it: from the card-frame server. */
export async function framePublicKey(t: TestApp): Promise<string> {
  const frame = await buildCardFrameServer({ config: { ...t.config, logLevel: 'silent' }, db: t.database.db });
  try {
    const res = await frame.inject({ method: 'GET', url: '/card-frame/public-key' });
    return res.json<{ key: string }>().key;
  } finally {
    await frame.close();
  }
}

/** Fetches a challenge on the partner's host and solves it with altcha-lib, as the form does. */
export async function solvedCaptcha(t: TestApp, partner: string): Promise<string> {
  const res = await t.request(partner, { method: 'GET', url: '/api/captcha/challenge' });
  const c = res.json<Challenge>();
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: solution.number, salt: c.salt, signature: c.signature })).toString('base64');
}

/** Completes a Luhn-valid number from its first digits (one digit short of the length). */
export function withLuhnDigit(prefix: string): string {
  for (let d = 0; d <= 9; d++) {
    const n = `${prefix}${d}`;
    let sum = 0;
    for (let i = 0; i < n.length; i++) {
      let v = n.charCodeAt(n.length - 1 - i) - 48;
      if (i % 2 === 1) {
        v *= 2;
        if (v > 9) v -= 9;
      }
      sum += v;
    }
    if (sum % 10 === 0) return n;
  }
  throw new Error('unreachable');
}

let serial = 0;
/** A fresh member of the partner (no cards), signed in by a new browser on its host. */
export async function newSignedInMember(t: TestApp, partner: string, memberType: 'NonCardMember' | 'ClosedAccountMember' | 'EnrolledCardMember' = 'NonCardMember') {
  const row = t.app.partners.get().byCode.get(partner);
  if (!row) throw new Error(`no partner ${partner}`);
  // The staging tools sign in demo accounts only; test members are named like them.
  const publicId = `demo-test-cards-${partner}-${++serial}-${randomBytes(4).toString("hex")}`;
  const [member] = await t.database.db.insert(members).values({
    partnerId: row.id, publicId, email: `${publicId}@example.com`, firstName: 'Tess', lastName: 'Card', memberType,
    active: memberType !== 'ClosedAccountMember',
  }).returning();
  const browser = new TestBrowser(t, partner);
  const res = await browser.signInAs(publicId);
  if (res.statusCode !== 200) throw new Error(`sign-in-as failed: ${res.statusCode} ${res.body}`);
  return { browser, member: member! };
}
