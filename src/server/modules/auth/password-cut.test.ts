import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../test/app';
import { members, partners } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';
import { withCheckCharacter } from '#shared/rules/partner-number';
import type { Member } from '#shared/schemas/member';
import { TestBrowser } from '../../test/browser';

/**
 * §5 "Passwords cut to first 56 characters on sign-up and member update": a 60-character password
 * joins, and only its first 56 characters count when signing in. Each request comes from its own
 * address: joining and signing in have tight per-address limits.
 */
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const FIRST_56 = `Dining${'x'.repeat(49)}7`;
const LONG = `${FIRST_56}Tail`;
const OTHER_TAIL = `${FIRST_56}9zZ!`;
const INVALID = { statusCode: 401, message: 'Invalid user name or password.' };

let address = 0;
const nextAddress = () => { address++; return `10.56.${address >> 8}.${address & 255}`; };

/** A browser from its own address (the limits count per address). */
function browser(code = 'hilton') {
  const b = new TestBrowser(t, code);
  const send = b.send.bind(b);
  b.send = (opts) => send({ remoteAddress: nextAddress(), ...opts });
  return b;
}

let seq = 0;
async function join(b: TestBrowser, over: Record<string, unknown> = {}): Promise<{ res: LightMyRequestResponse; email: string }> {
  seq++;
  const email = `long.password${seq}@example.com`;
  const res = await b.send({
    method: 'POST', url: '/api/Members/Prospects',
    payload: { email, password: LONG, passwordConfirm: LONG, firstName: 'Ada', lastName: 'Lovelace', zipCode: '10001', emailOptIn: true,
      partnerNumber: withCheckCharacter(`LP${String(seq).padStart(4, '0')}`), ...over },
  });
  return { res, email };
}

async function hashOf(code: string, email: string) {
  const [partner] = await t.database.db.select().from(partners).where(eq(partners.code, code));
  const [row] = await t.database.db.select().from(members).where(and(eq(members.partnerId, partner!.id), eq(members.email, email)));
  return row!.passwordHash;
}

describe('a 60-character password', () => {
  it('is the test data it claims to be', () => {
    expect(LONG).toHaveLength(60);
    expect(OTHER_TAIL).toHaveLength(60);
    expect(LONG.slice(0, 56)).toBe(FIRST_56);
    expect(OTHER_TAIL).not.toBe(LONG);
  });

  it('joins, and the stored hash is of its first 56 characters', async () => {
    const { res, email } = await join(browser());
    expect(res.statusCode, res.body).toBe(201);
    const hash = await hashOf('hilton', email);
    expect(await verifyPassword(hash, FIRST_56)).toBe(true);
    expect(await verifyPassword(hash, FIRST_56.slice(0, 55))).toBe(false);
  });

  it('joins when the confirmation differs only after character 56', async () => {
    const { res } = await join(browser(), { passwordConfirm: OTHER_TAIL });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('signs in with its first 56 characters, with another tail, and as typed at sign-up', async () => {
    const { res, email } = await join(browser());
    expect(res.statusCode, res.body).toBe(201);
    for (const password of [FIRST_56, OTHER_TAIL, LONG, `${FIRST_56}${'q'.repeat(200)}`]) {
      const signIn = await browser().signIn(email, password);
      expect(signIn.statusCode, `${password.length} characters: ${signIn.body}`).toBe(200);
      expect(signIn.json<{ member: Member }>().member.email).toBe(email);
    }
  });

  it('does not sign in when any of the first 56 characters differs', async () => {
    const { res, email } = await join(browser());
    expect(res.statusCode, res.body).toBe(201);
    for (const password of [FIRST_56.slice(0, 55), `${FIRST_56.slice(0, 55)}8Tail`, `x${LONG.slice(0, 59)}`]) {
      const signIn = await browser().signIn(email, password);
      expect(signIn.statusCode).toBe(401);
      expect(signIn.json()).toMatchObject(INVALID);
    }
  });

  it('cannot be changed in the profile: PUT /api/Member ignores password fields (§5)', async () => {
    const b = browser();
    const { res, email } = await join(b);
    expect(res.statusCode, res.body).toBe(201);
    b.token = res.json<{ csrfToken: string }>().csrfToken;
    const NEW = `Changed${'y'.repeat(49)}Tail`;
    const update = await b.send({
      method: 'PUT', url: '/api/Member',
      payload: { firstName: 'Ada', lastName: 'Byron', zipCode: '10001', password: NEW, passwordConfirm: NEW },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json<{ member: Member }>().member.lastName).toBe('Byron');
    expect((await browser().signIn(email, NEW)).statusCode).toBe(401);
    expect((await browser().signIn(email, OTHER_TAIL)).statusCode).toBe(200);
  });
});
