import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../test/app';
import { loginFailures, members, outbox, partners, recoveryTokens, sessions, type PartnerRow } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';
import { withCheckCharacter } from '#shared/rules/partner-number';
import type { ErrorResponse } from '#shared/schemas/common';
import type { Member } from '#shared/schemas/member';
import { RECOVER_ANSWER_MS } from './recovery.routes';
import { partnerOrigin } from '../../plugins/partner';
import { LINK_INVALID_MESSAGE, MAX_LINKS_PER_HOUR, RECOVER_MESSAGE } from './recovery.service';

let t: TestApp;
const partnerRows = new Map<string, PartnerRow>();
beforeAll(async () => {
  t = await createTestApp();
  for (const p of await t.database.db.select().from(partners)) partnerRows.set(p.code, p);
});
afterAll(async () => { await t.close(); });

const partnerId = (code: string) => partnerRows.get(code)!.id;
type Csrf = { cookie: string; token: string };
let address = 0;
const nextAddress = () => { address++; return `10.2.${address >> 8}.${address & 255}`; };

async function post(code: string, url: string, payload: unknown, opts: { csrf?: Csrf | null; cookie?: string } = {}): Promise<LightMyRequestResponse> {
  const c = opts.csrf === undefined ? await t.csrf(code) : opts.csrf;
  const headers: Record<string, string> = {};
  if (c) { headers.cookie = c.cookie; headers['x-xsrf-token'] = c.token; }
  if (opts.cookie) headers.cookie = [headers.cookie, opts.cookie].filter(Boolean).join('; ');
  return t.request(code, { method: 'POST', url, headers, payload: payload as Record<string, unknown>, remoteAddress: nextAddress() });
}
const get = (code: string, url: string) => t.request(code, { method: 'GET', url, remoteAddress: nextAddress() });

let seq = 0;
/** Joins through the API; answers the e-mail, password, partner number and the new session cookie. */
async function joinMember(code = 'hilton', over: Record<string, unknown> = {}) {
  seq++;
  const body = {
    email: `rec${seq}@example.com`, password: 'Original1pass', passwordConfirm: 'Original1pass', firstName: 'Rita', lastName: 'Cover',
    zipCode: '10001', partnerNumber: withCheckCharacter(`RC${String(seq).padStart(4, '0')}`), emailOptIn: true, ...over,
  };
  const res = await post(code, '/api/Members/Prospects', body);
  expect(res.statusCode, res.body).toBe(201);
  const session = res.cookies.find((c) => c.name === 'rn_session')!.value;
  return { ...body, member: res.json<{ member: Member }>().member, session };
}

async function outboxTo(code: string, to: string) {
  return t.database.db.select().from(outbox).where(and(eq(outbox.partnerId, partnerId(code)), eq(outbox.toAddress, to))).orderBy(outbox.id);
}
/** The recovery job may finish just after the answer: wait for its e-mail. */
async function waitForMails(code: string, to: string, count: number) {
  return vi.waitFor(async () => {
    const rows = await outboxTo(code, to);
    expect(rows).toHaveLength(count);
    return rows;
  }, { timeout: 5000, interval: 50 });
}
const tokenIn = (text: string) => /\/recover\/update\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
const recover = (code: string, email: string, opts: { csrf?: Csrf | null } = {}) => post(code, '/api/Recover', { email }, opts);
const update = (code: string, payload: Record<string, unknown>, opts: { csrf?: Csrf | null; cookie?: string } = {}) => post(code, '/api/Recover/Update', payload, opts);

async function linkFor(code: string, email: string): Promise<string> {
  const before = (await outboxTo(code, email)).length;
  expect((await recover(code, email)).statusCode).toBe(202);
  const rows = await waitForMails(code, email, before + 1);
  return tokenIn(rows.at(-1)!.textBody);
}

describe('POST /api/Recover', () => {
  it('answers the same, after the same time, for unknown and known e-mails; only a known one gets a link', async () => {
    const m = await joinMember();
    const startUnknown = Date.now();
    const unknown = await recover('hilton', 'nobody@example.com');
    const unknownMs = Date.now() - startUnknown;
    const startKnown = Date.now();
    const known = await recover('hilton', m.email.toUpperCase());
    const knownMs = Date.now() - startKnown;

    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(unknown.json()).toEqual({ ok: true, message: RECOVER_MESSAGE });
    expect(known.body).toBe(unknown.body);
    expect(unknownMs).toBeGreaterThanOrEqual(RECOVER_ANSWER_MS - 5);
    expect(knownMs).toBeGreaterThanOrEqual(RECOVER_ANSWER_MS - 5);
    expect(Math.abs(knownMs - unknownMs)).toBeLessThan(250);

    const [mail] = await waitForMails('hilton', m.email, 1);
    expect(await outboxTo('hilton', 'nobody@example.com')).toHaveLength(0);
    expect(mail!.subject).toBe('Reset your Hilton Dining password');
    expect(mail!.textBody).toMatch(/^Hello Rita,/);
    expect(mail!.textBody).toContain('http://hilton.localhost:3000/recover/update?token=');
    expect(mail!.textBody).toContain('expires in 60 minutes');
    expect(mail!.htmlBody).toContain('href="http://hilton.localhost:3000/recover/update?token=');
    for (const body of [mail!.textBody, mail!.htmlBody ?? '']) {
      expect(body).not.toContain(m.password);
      expect(body).not.toContain(m.partnerNumber);
    }
    // The table keeps the token's hash, never the token.
    const token = tokenIn(mail!.textBody);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.database.db.select().from(recoveryTokens).where(eq(recoveryTokens.memberId, (await memberRow(m.email)).id));
    expect(row!.id).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(60 * 60_000);
  });

  it('sends a link to every account of this partner that shares the e-mail', async () => {
    const a = await joinMember();
    const b = await joinMember('hilton', { email: `twin-${a.email}` });
    await t.database.db.update(members).set({ email: a.email }).where(eq(members.publicId, b.member.publicId));
    expect((await recover('hilton', a.email)).statusCode).toBe(202);
    const rows = await waitForMails('hilton', a.email, 2);
    expect(new Set(rows.map((r) => tokenIn(r.textBody))).size).toBe(2);
  });

  it(`sends at most ${MAX_LINKS_PER_HOUR} links an hour to one account`, async () => {
    const m = await joinMember();
    for (let i = 0; i < MAX_LINKS_PER_HOUR; i++) expect((await recover('hilton', m.email)).statusCode).toBe(202);
    await waitForMails('hilton', m.email, MAX_LINKS_PER_HOUR);
    // A second account with the same e-mail, joined now, is mailed after the first is checked (by
    // id): its mails are the sign that the two requests over the limit were worked through.
    const twin = await joinMember('hilton', { email: `twin-${m.email}` });
    await t.database.db.update(members).set({ email: m.email }).where(eq(members.publicId, twin.member.publicId));
    for (let i = 0; i < 2; i++) expect((await recover('hilton', m.email)).statusCode).toBe(202);
    const rows = await waitForMails('hilton', m.email, MAX_LINKS_PER_HOUR + 2);
    const twinId = (await t.database.db.select().from(members).where(eq(members.publicId, twin.member.publicId)))[0]!.id;
    expect(rows.filter((r) => r.memberId === twinId)).toHaveLength(2);
    expect(rows.filter((r) => r.memberId !== twinId)).toHaveLength(MAX_LINKS_PER_HOUR);
  });

  it('refuses bad e-mails and missing or wrong anti-forgery tokens', async () => {
    const bad = await recover('hilton', 'not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorResponse>().fieldErrors?.[0]).toEqual({ field: 'email', message: 'Please enter a valid email address.' });
    expect((await recover('hilton', 'a@example.com', { csrf: null })).statusCode).toBe(403);
    expect((await recover('hilton', 'a@example.com', { csrf: await t.csrf('jetblue') })).statusCode).toBe(403);
  });

  it('does not mail members of another partner', async () => {
    const m = await joinMember('jetblue');
    // A hilton account with the same e-mail, joined after (a higher id): its mail is the sign the
    // work is done, and a link for the jetblue account would have been sent before it.
    const own = await joinMember('hilton', { email: m.email });
    expect((await recover('hilton', m.email)).statusCode).toBe(202);
    const [mail] = await waitForMails('hilton', m.email, 1);
    expect(mail!.memberId).toBe((await memberRow(own.email, 'hilton')).id);
    expect(await outboxTo('jetblue', m.email)).toHaveLength(0);
    const jetblueMember = await memberRow(m.email, 'jetblue');
    expect(await t.database.db.select().from(recoveryTokens).where(eq(recoveryTokens.memberId, jetblueMember.id))).toHaveLength(0);
  });

  it('is not available on sso and none partners', async () => {
    for (const code of ['delta', 'daak']) {
      const res = await recover(code, 'a@example.com');
      expect(res.statusCode, code).toBe(404);
      expect(res.json<ErrorResponse>().message).toMatch(/Password recovery is not available on this site/);
      expect((await get(code, `/api/Recover/Token?token=${'a'.repeat(43)}`)).statusCode).toBe(404);
      expect((await update(code, { token: 'a'.repeat(43), password: 'Newpass123', passwordConfirm: 'Newpass123' })).statusCode).toBe(404);
    }
  });
});

async function memberRow(email: string, code = 'hilton') {
  const [row] = await t.database.db.select().from(members).where(and(eq(members.partnerId, partnerId(code)), eq(members.email, email)));
  return row!;
}

describe('GET /api/Recover/Token and POST /api/Recover/Update', () => {
  it('sets the new password once, ends the other sessions and lifts the lockout', async () => {
    const m = await joinMember();
    const row = await memberRow(m.email);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.memberId, row.id))).toHaveLength(1);
    const older = await linkFor('hilton', m.email);
    const token = await linkFor('hilton', m.email);
    const lockedUntil = new Date(Date.now() + 30 * 60_000);
    await t.database.db.insert(loginFailures).values([
      { partnerId: partnerId('hilton'), identifier: m.email, failures: 5, lockedUntil },
      { partnerId: partnerId('hilton'), identifier: m.partnerNumber, failures: 5, lockedUntil },
    ]);
    const signInBefore = await post('hilton', '/api/SignIn', { username: m.email, password: m.password, staySignedIn: false });
    expect(signInBefore.json<ErrorResponse>().code).toBe('locked');

    expect((await get('hilton', `/api/Recover/Token?token=${token}`)).json()).toEqual({ ok: true });
    expect((await get('hilton', `/api/Recover/Token?token=${older}`)).statusCode).toBe(200);

    const res = await update('hilton', { token, password: 'Brandnew42', passwordConfirm: 'Brandnew42' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    // Single use, and the member's other links stop working too.
    for (const used of [token, older]) {
      const check = await get('hilton', `/api/Recover/Token?token=${used}`);
      expect(check.statusCode).toBe(400);
      expect(check.json<ErrorResponse>().message).toBe(LINK_INVALID_MESSAGE);
    }
    const again = await update('hilton', { token, password: 'Another42x', passwordConfirm: 'Another42x' });
    expect(again.statusCode).toBe(400);
    expect(again.json<ErrorResponse>().message).toBe(LINK_INVALID_MESSAGE);

    const after = await memberRow(m.email);
    expect(await verifyPassword(after.passwordHash, 'Brandnew42')).toBe(true);
    expect(await verifyPassword(after.passwordHash, m.password)).toBe(false);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.memberId, row.id))).toHaveLength(0);
    expect(await t.database.db.select().from(loginFailures).where(eq(loginFailures.partnerId, partnerId('hilton')))).toHaveLength(0);

    // The old session cookie no longer signs anyone in; the old password fails, the new one works.
    expect((await t.request('hilton', { method: 'GET', url: '/api/Member', headers: { cookie: `rn_session=${m.session}` } })).statusCode).toBe(401);
    const oldPassword = await post('hilton', '/api/SignIn', { username: m.email, password: m.password, staySignedIn: false });
    expect(oldPassword.statusCode).toBe(401);
    expect(oldPassword.json<ErrorResponse>().message).toBe('Invalid user name or password.');
    const newPassword = await post('hilton', '/api/SignIn', { username: m.partnerNumber, password: 'Brandnew42', staySignedIn: false });
    expect(newPassword.statusCode).toBe(200);
    expect(newPassword.json<{ member: Member }>().member.publicId).toBe(m.member.publicId);
  });

  it('keeps the session that makes the change when it is the member\'s own', async () => {
    const m = await joinMember();
    const token = await linkFor('hilton', m.email);
    // Signed in as that member: the anti-forgery token is bound to the session cookie.
    const c = await t.request('hilton', { method: 'GET', url: '/api/CSRF', headers: { cookie: `rn_session=${m.session}` } });
    const csrfCookie = c.cookies.find((x) => x.name === 'rn_csrf')!.value;
    const ok = await update('hilton', { token, password: 'Keepme123', passwordConfirm: 'Keepme123' }, {
      csrf: { cookie: `rn_csrf=${csrfCookie}; rn_session=${m.session}`, token: c.json<{ csrfToken: string }>().csrfToken },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const row = await memberRow(m.email);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.memberId, row.id))).toHaveLength(1);
  });

  it('applies the password rules with the member\'s partner number', async () => {
    const m = await joinMember();
    const token = await linkFor('hilton', m.email);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ password: 'short1', passwordConfirm: 'short1' }, 'password', 'Password must be at least 8 characters.'],
      [{ password: 'lettersonly', passwordConfirm: 'lettersonly' }, 'password', 'Password must contain at least one letter and one number.'],
      [{ password: 'Goodpass1', passwordConfirm: 'Goodpass2' }, 'passwordConfirm', 'Passwords do not match.'],
      [{ password: `a${m.partnerNumber.toLowerCase()}1`, passwordConfirm: `a${m.partnerNumber.toLowerCase()}1` }, 'password', 'Password cannot contain your partner number.'],
      [{ password: '', passwordConfirm: '' }, 'password', 'This field is required.'],
    ];
    for (const [over, field, message] of cases) {
      const res = await update('hilton', { token, ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json<ErrorResponse>().fieldErrors?.find((f) => f.field === field)?.message, JSON.stringify(over)).toBe(message);
    }
    // None of those used the link up; 56 characters count, the rest is cut.
    const long = `Abc1${'x'.repeat(60)}`;
    expect((await update('hilton', { token, password: long, passwordConfirm: long })).statusCode).toBe(200);
    expect(await verifyPassword((await memberRow(m.email)).passwordHash, long.slice(0, 56))).toBe(true);
    const badShape = await get('hilton', '/api/Recover/Token?token=short');
    expect(badShape.statusCode).toBe(400);
    expect((await get('hilton', '/api/Recover/Token')).statusCode).toBe(400);
  });

  it('refuses an expired link', async () => {
    const m = await joinMember();
    const token = await linkFor('hilton', m.email);
    const hash = createHash('sha256').update(token).digest('hex');
    await t.database.db.update(recoveryTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(recoveryTokens.id, hash));
    const check = await get('hilton', `/api/Recover/Token?token=${token}`);
    expect(check.statusCode).toBe(400);
    expect(check.json<ErrorResponse>().message).toBe(LINK_INVALID_MESSAGE);
    const res = await update('hilton', { token, password: 'Toolate123', passwordConfirm: 'Toolate123' });
    expect(res.statusCode).toBe(400);
    expect(await verifyPassword((await memberRow(m.email)).passwordHash, m.password)).toBe(true);
  });

  it('does not accept one partner\'s link on another partner\'s host', async () => {
    const m = await joinMember();
    const token = await linkFor('hilton', m.email);
    expect((await get('jetblue', `/api/Recover/Token?token=${token}`)).statusCode).toBe(400);
    expect((await update('jetblue', { token, password: 'Crossed123', passwordConfirm: 'Crossed123' })).statusCode).toBe(400);
    expect((await get('hilton', `/api/Recover/Token?token=${token}`)).statusCode).toBe(200);
  });

  it('refuses a missing or wrong anti-forgery token', async () => {
    const m = await joinMember();
    const token = await linkFor('hilton', m.email);
    const body = { token, password: 'Forged1234', passwordConfirm: 'Forged1234' };
    expect((await update('hilton', body, { csrf: null })).statusCode).toBe(403);
    expect((await update('hilton', body, { csrf: await t.csrf('jetblue') })).statusCode).toBe(403);
    expect((await get('hilton', `/api/Recover/Token?token=${token}`)).statusCode).toBe(200);
  });
});

describe('the e-mailed link\'s origin (issue 7, item 4)', () => {
  const hilton = { code: 'hilton', hosts: ['dining.hilton.example'] };
  const base = { env: 'development' as const, partnerHosts: {}, siteOrigin: 'http://{partner}.localhost:3000' };

  it('is the partner\'s own host, then a PARTNER_HOSTS entry, then the SITE_ORIGIN template', () => {
    expect(partnerOrigin(hilton, { ...base, env: 'production' })).toBe('https://dining.hilton.example');
    expect(partnerOrigin({ code: 'hilton', hosts: [] }, { ...base, env: 'production', partnerHosts: { 'eat.example.org': 'hilton' } })).toBe('https://eat.example.org');
    expect(partnerOrigin({ code: 'Hilton', hosts: [] }, base)).toBe('http://hilton.localhost:3000');
    expect(partnerOrigin({ code: 'hilton', hosts: [] }, { ...base, env: 'production', siteOrigin: 'https://{partner}.dining.example.com' })).toBe('https://hilton.dining.example.com');
  });

  it('never comes from the request\'s Host header, in development too', async () => {
    const joined = await joinMember('hilton');
    const c = await t.csrf('hilton');
    const res = await t.request('hilton', {
      method: 'POST', url: '/api/Recover', payload: { email: joined.email }, remoteAddress: nextAddress(),
      headers: { cookie: c.cookie, 'x-xsrf-token': c.token, host: 'hilton.attacker.example:3000', 'x-forwarded-host': 'attacker.example' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const [mail] = await waitForMails('hilton', joined.email, 1);
    const link = /https?:\/\/\S+\/recover\/update\?token=[\w-]+/.exec(mail!.textBody)?.[0];
    expect(link).toBeTruthy();
    expect(new URL(link!).origin).toBe('http://hilton.localhost:3000');
    expect(mail!.textBody).not.toContain('attacker');
    expect(mail!.htmlBody ?? '').not.toContain('attacker');
  });
});
