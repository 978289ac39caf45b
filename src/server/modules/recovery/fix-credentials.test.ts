import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../test/app';
import { members, partners, sessions, type PartnerRow } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { newPublicId } from '../../lib/ids';
import { withCheckCharacter } from '#shared/rules/partner-number';
import { LOCKOUT_ATTEMPTS } from '#shared/constants/member';
import type { ErrorResponse } from '#shared/schemas/common';
import type { Member } from '#shared/schemas/member';

let t: TestApp;
const partnerRows = new Map<string, PartnerRow>();
let passwordHash = '';
beforeAll(async () => {
  t = await createTestApp();
  for (const p of await t.database.db.select().from(partners)) partnerRows.set(p.code, p);
  passwordHash = await hashPassword('Shared1pass');
});
afterAll(async () => { await t.close(); });

type Csrf = { cookie: string; token: string };
let address = 0;
const nextAddress = () => { address++; return `10.3.${address >> 8}.${address & 255}`; };
async function fix(code: string, payload: Record<string, unknown>, csrf?: Csrf | null): Promise<LightMyRequestResponse> {
  const c = csrf === undefined ? await t.csrf(code) : csrf;
  const headers: Record<string, string> = c ? { cookie: c.cookie, 'x-xsrf-token': c.token } : {};
  return t.request(code, { method: 'POST', url: '/api/FixCredentials', headers, payload, remoteAddress: nextAddress() });
}

let seq = 0;
/** Two older accounts of one partner that share an e-mail; both have the password 'Shared1pass'. */
async function sharedPair(code = 'hilton') {
  seq++;
  const email = `shared${seq}@example.com`;
  const numbers = [withCheckCharacter(`FX${String(seq).padStart(3, '0')}A`), withCheckCharacter(`FX${String(seq).padStart(3, '0')}B`)];
  const rows = await t.database.db.insert(members).values(numbers.map((partnerNumber) => ({
    partnerId: partnerRows.get(code)!.id, publicId: newPublicId(), email, partnerNumber, passwordHash, firstName: 'Sam', lastName: 'Share',
  }))).returning();
  return { email, numbers, rows };
}

describe('POST /api/FixCredentials', () => {
  it('gives the account an e-mail of its own and signs it in', async () => {
    const { email, numbers, rows } = await sharedPair();
    // Sign-in by the shared e-mail sends the member here.
    const signIn = await t.request('hilton', { method: 'POST', url: '/api/SignIn', payload: { username: email, password: 'Shared1pass' }, headers: await csrfHeaders('hilton'), remoteAddress: nextAddress() });
    expect(signIn.json<ErrorResponse>().code).toBe('fixCredentials');

    const res = await fix('hilton', { partnerNumber: numbers[0]!.toLowerCase(), password: 'Shared1pass', newEmail: ' Own.Address@Example.com ' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ member: Member; csrfToken: string }>();
    expect(body.member).toMatchObject({ publicId: rows[0]!.publicId, email: 'own.address@example.com', partnerNumber: numbers[0] });
    expect(body.csrfToken.length).toBeGreaterThan(20);
    expect(res.cookies.find((c) => c.name === 'rn_session')?.httpOnly).toBe(true);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.memberId, rows[0]!.id))).toHaveLength(1);
    const [other] = await t.database.db.select().from(members).where(eq(members.id, rows[1]!.id));
    expect(other!.email).toBe(email);

    // Both can now sign in with their own e-mail.
    expect((await t.request('hilton', { method: 'POST', url: '/api/SignIn', payload: { username: 'own.address@example.com', password: 'Shared1pass' }, headers: await csrfHeaders('hilton'), remoteAddress: nextAddress() })).statusCode).toBe(200);
    expect((await t.request('hilton', { method: 'POST', url: '/api/SignIn', payload: { username: email, password: 'Shared1pass' }, headers: await csrfHeaders('hilton'), remoteAddress: nextAddress() })).statusCode).toBe(200);
  });

  it('answers 401 to a wrong password or an unknown partner number, with the sign-in wording', async () => {
    const { numbers } = await sharedPair();
    for (const payload of [
      { partnerNumber: numbers[0], password: 'Wrong1pass', newEmail: 'mine@example.com' },
      { partnerNumber: withCheckCharacter('NO0000'), password: 'Shared1pass', newEmail: 'mine@example.com' },
    ]) {
      const res = await fix('hilton', payload);
      expect(res.statusCode).toBe(401);
      expect(res.json<ErrorResponse>().message).toBe('Invalid user name or password.');
    }
  });

  it(`locks the partner number after ${LOCKOUT_ATTEMPTS} failures, shared with sign-in`, async () => {
    const { numbers } = await sharedPair();
    const statuses: number[] = [];
    for (let i = 0; i < LOCKOUT_ATTEMPTS; i++) statuses.push((await fix('hilton', { partnerNumber: numbers[0], password: 'Wrong1pass', newEmail: 'x@example.com' })).statusCode);
    // Honest: the failure that locks is still a wrong password; only later attempts hear 'locked'.
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 401)).toBe(true);
    const locked = await fix('hilton', { partnerNumber: numbers[0], password: 'Shared1pass', newEmail: 'x@example.com' });
    expect(locked.statusCode).toBe(423);
    expect(locked.json<ErrorResponse>().code).toBe('locked');
    const signIn = await t.request('hilton', { method: 'POST', url: '/api/SignIn', payload: { username: numbers[0], password: 'Shared1pass' }, headers: await csrfHeaders('hilton'), remoteAddress: nextAddress() });
    expect(signIn.statusCode).toBe(423);
    // The other account of the pair is not affected.
    expect((await fix('hilton', { partnerNumber: numbers[1], password: 'Shared1pass', newEmail: `free${seq}@example.com` })).statusCode).toBe(200);
  });

  it('refuses a new e-mail that another member of this partner uses, but not one used on another partner', async () => {
    const { email, numbers } = await sharedPair();
    const taken = await sharedPair();
    for (const newEmail of [email, taken.email]) {
      const res = await fix('hilton', { partnerNumber: numbers[0], password: 'Shared1pass', newEmail });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorResponse>().fieldErrors).toEqual([{ field: 'newEmail', message: 'This email is already in use with the program.' }]);
    }
    const elsewhere = await sharedPair('jetblue');
    expect((await fix('hilton', { partnerNumber: numbers[0], password: 'Shared1pass', newEmail: elsewhere.email })).statusCode).toBe(200);
  });

  it('answers 409 when the e-mail is not shared', async () => {
    const { numbers, rows } = await sharedPair();
    await t.database.db.update(members).set({ email: `alone${seq}@example.com` }).where(eq(members.id, rows[1]!.id));
    const res = await fix('hilton', { partnerNumber: numbers[0], password: 'Shared1pass', newEmail: 'mine@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorResponse>()).toMatchObject({ code: 'emailNotShared', message: expect.stringMatching(/not shared/) });
  });

  it('validates the input', async () => {
    const res = await fix('hilton', { partnerNumber: 'ABC', password: '', newEmail: 'nope' });
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries((res.json<ErrorResponse>().fieldErrors ?? []).map((f) => [f.field, f.message]));
    expect(fields).toMatchObject({ partnerNumber: 'Invalid format for the partner number.', password: 'This field is required.', newEmail: 'Please enter a valid email address.' });
  });

  it('does not know one partner\'s members on another partner\'s host', async () => {
    const { numbers } = await sharedPair();
    expect((await fix('jetblue', { partnerNumber: numbers[0], password: 'Shared1pass', newEmail: 'mine@example.com' })).statusCode).toBe(401);
  });

  it('refuses missing or wrong anti-forgery tokens and sso and none partners', async () => {
    const { numbers } = await sharedPair();
    const payload = { partnerNumber: numbers[0], password: 'Shared1pass', newEmail: 'mine@example.com' };
    expect((await fix('hilton', payload, null)).statusCode).toBe(403);
    expect((await fix('hilton', payload, await t.csrf('jetblue'))).statusCode).toBe(403);
    for (const code of ['delta', 'daak']) expect((await fix(code, payload)).statusCode, code).toBe(404);
    const [row] = await t.database.db.select().from(members).where(and(eq(members.partnerNumber, numbers[0]!), eq(members.partnerId, partnerRows.get('hilton')!.id)));
    expect(row!.email).not.toBe('mine@example.com');
  });
});

async function csrfHeaders(code: string) {
  const c = await t.csrf(code);
  return { cookie: c.cookie, 'x-xsrf-token': c.token };
}
