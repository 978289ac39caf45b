import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { auditLog, members, outbox, partners, recoveryTokens, type PartnerRow } from '../../db/schema';
import { hashToken } from '../../lib/token-hash';
import { partnerOrigin } from '../../plugins/partner';
import { EMAIL_CHANGE_PER_ACCOUNT } from '../../plugins/rate-limits';
import { demoPublicId } from '../../demo/members';
import { EMAIL_CONFIRM_HOURS } from '#shared/constants/redemptions';
import {
  EMAIL_CHANGE_PASSWORD_MESSAGE, EMAIL_CHANGE_WRONG_PASSWORD_MESSAGE, EMAIL_CONFIRM_INVALID_MESSAGE, EMAIL_SAME_MESSAGE,
} from '#shared/rules/email-change';
import { EMAIL_MESSAGE } from '#shared/rules/email';
import { withCheckCharacter } from '#shared/rules/partner-number';
import type { ErrorResponse } from '#shared/schemas/common';
import type { Member, MemberEmail } from '#shared/schemas/member';
import { pendingEmailChange } from '.';

let t: TestApp;
const partnerRows = new Map<string, PartnerRow>();
beforeAll(async () => {
  t = await createTestApp();
  for (const p of await t.database.db.select().from(partners)) partnerRows.set(p.code, p);
});
afterAll(async () => { await t.close(); });

const partnerId = (code: string) => partnerRows.get(code)!.id;
const PASSWORD = 'Original1pass';

let seq = 0;
/** A new member of a direct partner, joined through the API and signed in in its own browser. */
async function joined(code = 'hilton') {
  seq++;
  const b = new TestBrowser(t, code);
  const email = `change${seq}@example.com`;
  const res = await b.send({
    method: 'POST', url: '/api/Members/Prospects',
    payload: {
      email, password: PASSWORD, passwordConfirm: PASSWORD, firstName: 'Eve', lastName: 'Mailer', zipCode: '10001',
      partnerNumber: withCheckCharacter(`EC${String(seq).padStart(4, '0')}`), emailOptIn: true,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  b.token = res.json<{ csrfToken: string }>().csrfToken;
  return { b, email, publicId: res.json<{ member: Member }>().member.publicId };
}

async function memberRow(publicId: string) {
  const [row] = await t.database.db.select().from(members).where(eq(members.publicId, publicId));
  return row!;
}
const outboxTo = (code: string, to: string) =>
  t.database.db.select().from(outbox).where(and(eq(outbox.partnerId, partnerId(code)), eq(outbox.toAddress, to))).orderBy(outbox.id);

const change = (b: TestBrowser, payload: Record<string, unknown>, opts: { csrf?: false; host?: string } = {}) =>
  b.send({ method: 'POST', url: '/api/Member/Email', payload, ...(opts.host ? { host: opts.host } : {}), ...(opts.csrf === false ? { csrf: false } : {}) });

/** Confirms from a browser of its own (the link opened on another device: no session). */
async function confirm(code: string, token: string, b: TestBrowser = new TestBrowser(t, code)): Promise<LightMyRequestResponse> {
  return b.send({ method: 'POST', url: '/api/Member/Email/Confirm', payload: { token } });
}

/** The token of the newest confirmation link e-mailed to this address. */
async function linkTokenTo(code: string, to: string): Promise<string> {
  const mails = await outboxTo(code, to);
  const body = mails.at(-1)!.textBody;
  const match = /\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(body);
  expect(match, body).not.toBeNull();
  return match![1]!;
}

/** Asks for a password link for the address and answers its token (the mail is sent after the answer). */
async function recoveryToken(email: string): Promise<string> {
  const before = (await outboxTo('hilton', email)).length;
  expect((await new TestBrowser(t, 'hilton').send({ method: 'POST', url: '/api/Recover', payload: { email } })).statusCode).toBe(202);
  const mail = await vi.waitFor(async () => {
    const rows = await outboxTo('hilton', email);
    expect(rows.length).toBe(before + 1);
    return rows.at(-1)!;
  }, { timeout: 5000, interval: 50 });
  return /\/recover\/update\?token=([A-Za-z0-9_-]+)/.exec(mail.textBody)![1]!;
}

describe('GET /api/Member/Email', () => {
  it('answers the address, no pending change and that the password is needed; 401 when anonymous', async () => {
    const m = await joined();
    const res = await m.b.send({ method: 'GET', url: '/api/Member/Email' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ address: m.email, pendingChange: null, passwordRequired: true });
    expect((await t.request('hilton', { method: 'GET', url: '/api/Member/Email' })).statusCode).toBe(401);
  });

  it('needs no password from a single sign-on member', async () => {
    const b = new TestBrowser(t, 'delta');
    expect((await b.signInAs(demoPublicId('delta', 'sso-select-noncard'))).statusCode).toBe(200);
    expect((await b.send({ method: 'GET', url: '/api/Member/Email' })).json<MemberEmail>()).toMatchObject({ address: 'select.noncard@sso.example.com', passwordRequired: false });
  });
});

describe('POST /api/Member/Email', () => {
  it('keeps the change pending, mails a link to the new address and a notice to the old one, and answers 202', async () => {
    const m = await joined();
    const res = await change(m.b, { email: '  New.Address1@Example.COM ', password: PASSWORD });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ address: m.email, pendingChange: 'new.address1@example.com', passwordRequired: true });

    // Nothing changes yet: the address is the old one until the link is opened.
    const row = await memberRow(m.publicId);
    expect(row.email).toBe(m.email);
    expect(row.emailChangedAt).toBeNull();
    expect((await m.b.send({ method: 'GET', url: '/api/Member/Email' })).json<MemberEmail>().pendingChange).toBe('new.address1@example.com');
    expect(await pendingEmailChange(t.database.db, row.id)).toBe('new.address1@example.com');

    // The link, in the partner's name, to the new address; only the token's hash is stored.
    const origin = partnerOrigin(partnerRows.get('hilton')!, t.config);
    const [link] = await outboxTo('hilton', 'new.address1@example.com');
    expect(link).toMatchObject({ memberId: row.id, subject: 'Confirm your new Hilton Dining e-mail address' });
    expect(link!.textBody).toContain(`${origin}/confirm-email?token=`);
    expect(link!.textBody).toContain(`expires in ${EMAIL_CONFIRM_HOURS} hours`);
    expect(link!.htmlBody).toContain('Confirm my new e-mail address');
    const token = await linkTokenTo('hilton', 'new.address1@example.com');
    const [stored] = await t.database.db.select().from(recoveryTokens).where(eq(recoveryTokens.id, hashToken(token)));
    expect(stored).toMatchObject({ purpose: 'emailChange', memberId: row.id, partnerId: partnerId('hilton'), newEmail: 'new.address1@example.com', usedAt: null });
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(EMAIL_CONFIRM_HOURS * 3_600_000);
    expect(await t.database.db.select().from(recoveryTokens).where(eq(recoveryTokens.id, token))).toHaveLength(0);

    // The notice to the old address names the new one and what to do if it was not the member.
    const [notice] = await outboxTo('hilton', m.email);
    expect(notice!.subject).toBe('Your Hilton Dining e-mail address is about to change');
    expect(notice!.textBody).toContain('asked to change its e-mail address to new.address1@example.com');
    expect(notice!.textBody).toContain('If it was not you, reset your password now');
    expect(notice!.textBody).toContain(`${origin}/recover`);
    expect(notice!.textBody).not.toContain(token);
    for (const mail of [link!, notice!]) expect(`${mail.textBody}${mail.htmlBody}`).not.toContain(PASSWORD);
  });

  it('replaces an earlier pending change: only the newest link works', async () => {
    const m = await joined();
    expect((await change(m.b, { email: 'first.choice@example.com', password: PASSWORD })).statusCode).toBe(202);
    const first = await linkTokenTo('hilton', 'first.choice@example.com');
    expect((await change(m.b, { email: 'second.choice@example.com', password: PASSWORD })).statusCode).toBe(202);
    const second = await linkTokenTo('hilton', 'second.choice@example.com');
    expect(await pendingEmailChange(t.database.db, (await memberRow(m.publicId)).id)).toBe('second.choice@example.com');
    const stale = await confirm('hilton', first);
    expect(stale.statusCode).toBe(400);
    expect(stale.json<ErrorResponse>().message).toBe(EMAIL_CONFIRM_INVALID_MESSAGE);
    expect((await confirm('hilton', second)).json()).toEqual({ confirmed: true, email: 'second.choice@example.com' });
  });

  it.each([
    ['an invalid address', { email: 'not-an-address' }, 'email', EMAIL_MESSAGE],
    ['no address', {}, 'email', 'This field is required.'],
    ['an address over 50 characters', { email: `${'a'.repeat(45)}@example.com` }, 'email', 'Email must be 50 characters or fewer.'],
  ])('answers 400 for %s, and mails nothing', async (_name, over, field, message) => {
    const m = await joined();
    const res = await change(m.b, { password: PASSWORD, ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>().fieldErrors).toContainEqual({ field, message });
    expect(await outboxTo('hilton', m.email)).toHaveLength(0);
  });

  it('answers 409 for the current address, in any case', async () => {
    const m = await joined();
    const res = await change(m.b, { email: m.email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorResponse>()).toMatchObject({ message: EMAIL_SAME_MESSAGE, fieldErrors: [{ field: 'email', message: EMAIL_SAME_MESSAGE }] });
  });

  it("answers 409 for another member's address with joining's message, and mails nothing", async () => {
    const m = await joined();
    const other = await joined();
    const res = await change(m.b, { email: other.email, password: PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorResponse>().message).toBe('This email is already in use with the program.');
    expect(await outboxTo('hilton', other.email)).toHaveLength(0);
    expect(await outboxTo('hilton', m.email)).toHaveLength(0);
  });

  it('checks the password before telling whether the address is in use', async () => {
    const m = await joined();
    const other = await joined();
    const res = await change(m.b, { email: other.email, password: 'Wrong1password' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>().fieldErrors).toEqual([{ field: 'password', message: EMAIL_CHANGE_WRONG_PASSWORD_MESSAGE }]);
  });

  it('answers 400 on the password field for a missing or wrong password, and mails nothing', async () => {
    const m = await joined();
    const missing = await change(m.b, { email: 'nopass@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorResponse>()).toMatchObject({ message: EMAIL_CHANGE_PASSWORD_MESSAGE, fieldErrors: [{ field: 'password', message: EMAIL_CHANGE_PASSWORD_MESSAGE }] });
    const wrong = await change(m.b, { email: 'nopass@example.com', password: 'Wrong1password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ErrorResponse>().message).toBe(EMAIL_CHANGE_WRONG_PASSWORD_MESSAGE);
    expect(await outboxTo('hilton', 'nopass@example.com')).toHaveLength(0);
    expect(await pendingEmailChange(t.database.db, (await memberRow(m.publicId)).id)).toBeNull();
  });

  it('lets a single sign-on member change without a password; the notice points to support', async () => {
    const b = new TestBrowser(t, 'delta');
    expect((await b.signInAs(demoPublicId('delta', 'sso-vip-card'))).statusCode).toBe(200);
    const res = await change(b, { email: 'vip.elsewhere@example.com' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json<MemberEmail>()).toMatchObject({ pendingChange: 'vip.elsewhere@example.com', passwordRequired: false });
    const [notice] = await outboxTo('delta', 'vip.card@sso.example.com');
    expect(notice!.textBody).toContain('If it was not you, contact us at');
    expect(notice!.textBody).not.toContain('/recover');
  });

  it('refuses a call without the anti-forgery token (403) or without a session (401)', async () => {
    const m = await joined();
    const forged = await change(m.b, { email: 'forged@example.com', password: PASSWORD }, { csrf: false });
    expect(forged.statusCode).toBe(403);
    const anonymous = new TestBrowser(t, 'hilton');
    expect((await change(anonymous, { email: 'anon@example.com', password: PASSWORD })).statusCode).toBe(401);
    expect(await outboxTo('hilton', 'forged@example.com')).toHaveLength(0);
  });

  it("is anonymous on another partner's host with this partner's session", async () => {
    const m = await joined();
    // Hilton's anti-forgery token is no good there (403); with caesars' own, the session is unknown (401).
    expect((await change(m.b, { email: 'elsewhere@example.com', password: PASSWORD }, { host: 'caesars' })).statusCode).toBe(403);
    const token = (await m.b.send({ method: 'GET', url: '/api/CSRF', host: 'caesars' })).json<{ csrfToken: string }>().csrfToken;
    const res = await m.b.send({ method: 'POST', url: '/api/Member/Email', host: 'caesars', headers: { 'x-xsrf-token': token }, payload: { email: 'elsewhere@example.com', password: PASSWORD } });
    expect(res.statusCode, res.body).toBe(401);
    expect(await pendingEmailChange(t.database.db, (await memberRow(m.publicId)).id)).toBeNull();
  });

  it(`allows ${EMAIL_CHANGE_PER_ACCOUNT.max} requests a member an hour, wrong passwords included, then 429 with Retry-After`, async () => {
    const m = await joined();
    for (let i = 0; i < EMAIL_CHANGE_PER_ACCOUNT.max; i++) {
      const res = await change(m.b, { email: `limit${i}@example.com`, password: i === 0 ? 'Wrong1password' : PASSWORD });
      expect(res.statusCode, `request ${i}`).toBe(i === 0 ? 400 : 202);
    }
    const over = await change(m.b, { email: 'limit-over@example.com', password: PASSWORD });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await outboxTo('hilton', 'limit-over@example.com')).toHaveLength(0);
    // Another member is not held back.
    const other = await joined();
    expect((await change(other.b, { email: 'not-limited@example.com', password: PASSWORD })).statusCode).toBe(202);
  });
});

describe('POST /api/Member/Email/Confirm', () => {
  it('changes the address once, on another device, keeps the sessions and leaves an audit entry', async () => {
    const m = await joined();
    const before = await memberRow(m.publicId);
    expect((await change(m.b, { email: 'Confirmed.New@example.com', password: PASSWORD })).statusCode).toBe(202);
    const token = await linkTokenTo('hilton', 'confirmed.new@example.com');

    const started = Date.now();
    const res = await confirm('hilton', token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ confirmed: true, email: 'confirmed.new@example.com' });
    const row = await memberRow(m.publicId);
    expect(row.email).toBe('confirmed.new@example.com');
    expect(row.emailChangedAt!.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(row.emailChangedAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(row.passwordHash).toBe(before.passwordHash);
    expect(await pendingEmailChange(t.database.db, row.id)).toBeNull();

    // The member's own session goes on, now with the new address.
    const member = await m.b.send({ method: 'GET', url: '/api/Member' });
    expect(member.statusCode).toBe(200);
    expect(member.json<Member>().email).toBe('confirmed.new@example.com');
    expect((await m.b.send({ method: 'GET', url: '/api/Member/Email' })).json()).toEqual({ address: 'confirmed.new@example.com', pendingChange: null, passwordRequired: true });
    // The new address signs in; the old one no longer does.
    expect((await new TestBrowser(t, 'hilton').signIn('confirmed.new@example.com', PASSWORD)).statusCode).toBe(200);
    expect((await new TestBrowser(t, 'hilton').signIn(m.email, PASSWORD)).statusCode).toBe(401);

    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.memberId, row.id)).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      action: 'member.email.changed', staffId: null, partnerId: partnerId('hilton'), target: `member:${m.publicId}`,
      before: { email: m.email }, after: { email: 'confirmed.new@example.com' },
    });

    // Single use.
    const again = await confirm('hilton', token);
    expect(again.statusCode).toBe(400);
    expect(again.json<ErrorResponse>().message).toBe(EMAIL_CONFIRM_INVALID_MESSAGE);
  });

  it('works in the signed-in browser too', async () => {
    const m = await joined();
    expect((await change(m.b, { email: 'same.browser@example.com', password: PASSWORD })).statusCode).toBe(202);
    const res = await confirm('hilton', await linkTokenTo('hilton', 'same.browser@example.com'), m.b);
    expect(res.json()).toEqual({ confirmed: true, email: 'same.browser@example.com' });
  });

  it('answers 400 for an expired link and changes nothing', async () => {
    const m = await joined();
    expect((await change(m.b, { email: 'too.late@example.com', password: PASSWORD })).statusCode).toBe(202);
    const token = await linkTokenTo('hilton', 'too.late@example.com');
    await t.database.db.update(recoveryTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(recoveryTokens.id, hashToken(token)));
    expect(await pendingEmailChange(t.database.db, (await memberRow(m.publicId)).id)).toBeNull();
    const res = await confirm('hilton', token);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>().message).toBe(EMAIL_CONFIRM_INVALID_MESSAGE);
    expect((await memberRow(m.publicId)).email).toBe(m.email);
  });

  it("answers 400 for another partner's link, an unknown token or a password link", async () => {
    const m = await joined();
    expect((await change(m.b, { email: 'cross.host@example.com', password: PASSWORD })).statusCode).toBe(202);
    const token = await linkTokenTo('hilton', 'cross.host@example.com');
    expect((await confirm('jetblue', token)).statusCode).toBe(400);
    expect((await memberRow(m.publicId)).email).toBe(m.email);
    expect((await confirm('hilton', 'A'.repeat(43))).statusCode).toBe(400);
    // A password link of the same member is no confirmation link.
    const passwordLink = await recoveryToken(m.email);
    expect((await confirm('hilton', passwordLink)).statusCode).toBe(400);
    // The hilton link still works after all that.
    expect((await confirm('hilton', token)).json()).toEqual({ confirmed: true, email: 'cross.host@example.com' });
  });

  it('answers 400 for a malformed token and 403 without the anti-forgery token', async () => {
    const b = new TestBrowser(t, 'hilton');
    const short = await b.send({ method: 'POST', url: '/api/Member/Email/Confirm', payload: { token: 'abc' } });
    expect(short.statusCode).toBe(400);
    expect(short.json<ErrorResponse>().message).toBe('The confirmation link is incomplete.');
    expect((await b.send({ method: 'POST', url: '/api/Member/Email/Confirm', payload: { token: 'A'.repeat(43) }, csrf: false })).statusCode).toBe(403);
  });

  it('answers 409 when another member took the address meanwhile, and changes nothing', async () => {
    const m = await joined();
    expect((await change(m.b, { email: 'contested@example.com', password: PASSWORD })).statusCode).toBe(202);
    const token = await linkTokenTo('hilton', 'contested@example.com');
    const other = await joined();
    expect((await change(other.b, { email: 'contested@example.com', password: PASSWORD })).statusCode).toBe(202);
    expect((await confirm('hilton', await linkTokenTo('hilton', 'contested@example.com'))).statusCode).toBe(200);
    const late = await confirm('hilton', token);
    expect(late.statusCode).toBe(409);
    expect(late.json<ErrorResponse>().message).toBe('This email is already in use with the program.');
    expect((await memberRow(m.publicId)).email).toBe(m.email);
  });

  it('is cancelled by a password reset (the notice tells a member who did not ask to reset)', async () => {
    const m = await joined();
    expect((await change(m.b, { email: 'cancelled@example.com', password: PASSWORD })).statusCode).toBe(202);
    const token = await linkTokenTo('hilton', 'cancelled@example.com');
    const reset = await new TestBrowser(t, 'hilton').send({
      method: 'POST', url: '/api/Recover/Update', payload: { token: await recoveryToken(m.email), password: 'Brandnew42', passwordConfirm: 'Brandnew42' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await pendingEmailChange(t.database.db, (await memberRow(m.publicId)).id)).toBeNull();
    expect((await confirm('hilton', token)).statusCode).toBe(400);
    expect((await memberRow(m.publicId)).email).toBe(m.email);
  });
});

describe('logs of an e-mail change', () => {
  it('never hold the password or the link', async () => {
    const logged: string[] = [];
    const own = await createTestApp({ config: { logLevel: 'trace' }, logged });
    try {
      const b = new TestBrowser(own, 'hilton');
      const joinedRes = await b.send({
        method: 'POST', url: '/api/Members/Prospects',
        payload: { email: 'logged.change@example.com', password: PASSWORD, passwordConfirm: PASSWORD, firstName: 'Lo', lastName: 'Gged', zipCode: '10001', partnerNumber: withCheckCharacter('LC0001') },
      });
      expect(joinedRes.statusCode, joinedRes.body).toBe(201);
      b.token = joinedRes.json<{ csrfToken: string }>().csrfToken;
      expect((await b.send({ method: 'POST', url: '/api/Member/Email', payload: { email: 'logged.new@example.com', password: PASSWORD } })).statusCode).toBe(202);
      const [mail] = await own.database.db.select().from(outbox).where(eq(outbox.toAddress, 'logged.new@example.com'));
      const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.textBody)![1]!;
      // The page of the link, then the call.
      await b.send({ method: 'GET', url: `/confirm-email?token=${token}` });
      expect((await b.send({ method: 'POST', url: '/api/Member/Email/Confirm', payload: { token } })).statusCode).toBe(200);
      const all = logged.join('');
      expect(all).toContain('"url":"/api/Member/Email/Confirm"');
      expect(all).toContain('/confirm-email?token=[redacted]');
      for (const secret of [PASSWORD, token]) expect(all, secret).not.toContain(secret);
    } finally {
      await own.close();
    }
  });
});
