import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { loginFailures, outbox, partners, recoveryTokens, sessions } from '../../db/schema';
import { hashToken } from '../../plugins/session';
import { DEMO_PASSWORD, demoMembersFor, type DemoMember } from '../../demo/members';
import type { Member } from '#shared/schemas/member';
import { REMEMBER_ME_MS, SESSION_MS } from '#shared/rules/session-timers';
import { TestBrowser } from '../../test/browser';
import { SIGN_IN_LINK_MINUTES } from '#shared/constants/member';
import { LINK_INVALID_MESSAGE } from '../recovery/recovery.service';
import { DEVICE_RULE, LOCKOUT_MESSAGE } from '../lockout/lockout';
import { SIGN_IN_LINK_MESSAGE } from './sign-in-link';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const hilton = demoMembersFor({ code: 'hilton', enrollmentType: 'direct' });
const demo = (slug: string, list: DemoMember[] = hilton) => list.find((m) => m.publicId.endsWith(`-${slug}`))!;
const INVALID = { statusCode: 401, error: 'Unauthorized', message: 'Invalid user name or password.' };
const LOCKED = { statusCode: 423, error: 'Locked', message: LOCKOUT_MESSAGE, code: 'locked' };

async function partnerId(code: string) {
  const [row] = await t.database.db.select().from(partners).where(eq(partners.code, code));
  return row!.id;
}
async function sessionRow(token: string | undefined) {
  const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, hashToken(token ?? '')));
  return row;
}

describe('POST /api/SignIn', () => {
  it('signs in with an e-mail in any case and answers the member and a new token', async () => {
    const b = new TestBrowser(t, 'hilton');
    const res = await b.signIn('  Select.Card@HILTON.example.com ', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<{ member: Member; csrfToken: string }>();
    expect(body.member.publicId).toBe(demo('select-card').publicId);
    expect(body.member.tierLevel).toBe(2);
    expect(body.member.memberType).toBe('EnrolledCardMember');
    expect(body.member).not.toHaveProperty('passwordHash');
    expect(body.csrfToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const cookie = res.cookies.find((c) => c.name === 'rn_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    // Without 'stay signed in' the cookie ends with the browser session, and the server session after 15 minutes.
    expect(cookie.maxAge).toBeUndefined();
    expect(cookie.expires).toBeUndefined();
    const row = await sessionRow(cookie.value);
    expect(row!.staySignedIn).toBe(false);
    expect(Math.abs(row!.expiresAt.getTime() - Date.now() - SESSION_MS)).toBeLessThan(10_000);
    expect(body.member.session.staySignedIn).toBe(false);
    expect(new Date(body.member.session.expiresAt).getTime()).toBe(row!.expiresAt.getTime());
    const me = await b.send({ method: 'GET', url: '/api/Member' });
    expect(me.statusCode).toBe(200);
    expect(me.json<Member>().email).toBe('select.card@hilton.example.com');
  });

  it('answers the same member as GET /api/Member: tier, dining progress and bonuses from their tables', async () => {
    for (const email of ['new.noncard@hilton.example.com', 'vip.card@hilton.example.com']) {
      const b = new TestBrowser(t, 'hilton');
      const res = await b.signIn(email, DEMO_PASSWORD);
      expect(res.statusCode, email).toBe(200);
      const signedIn = res.json<{ member: Member }>().member;
      const read = (await b.send({ method: 'GET', url: '/api/Member' })).json<Member>();
      // The session's expiry slides with every call; the rest is the same member.
      expect({ ...signedIn, session: null }, email).toEqual({ ...read, session: null });
    }
    // The new member's bonus is there at once (the home page picks its variant from this answer).
    const b = new TestBrowser(t, 'hilton');
    const member = (await b.signIn('new.noncard@hilton.example.com', DEMO_PASSWORD)).json<{ member: Member }>().member;
    expect(member.activeBonuses).toContainEqual(expect.objectContaining({ isNewMemberBonus: true, bonusStatus: 'Eligible' }));
  });

  it('signs in with a partner number typed in lower case', async () => {
    const b = new TestBrowser(t, 'hilton');
    const m = demo('vip-noncard');
    const res = await b.signIn(m.partnerNumber!.toLowerCase(), DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ member: Member }>().member.publicId).toBe(m.publicId);
    expect(res.json<{ member: Member }>().member.partnerNumber).toBe(m.partnerNumber);
  });

  it("gives 'stay signed in' a 90-day session and a persistent cookie", async () => {
    const b = new TestBrowser(t, 'hilton');
    const res = await b.signIn('select.noncard@hilton.example.com', DEMO_PASSWORD, true);
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'rn_session')!;
    expect(cookie.maxAge).toBe(REMEMBER_ME_MS / 1000);
    const row = await sessionRow(cookie.value);
    expect(row!.staySignedIn).toBe(true);
    expect(Math.abs(row!.expiresAt.getTime() - Date.now() - REMEMBER_ME_MS)).toBeLessThan(10_000);
    expect(res.json<{ member: Member }>().member.session.staySignedIn).toBe(true);
  });

  it('rotates the session: the cookie held before signing in no longer works', async () => {
    const b = new TestBrowser(t, 'hilton');
    expect((await b.signIn('basic.card@hilton.example.com', DEMO_PASSWORD)).statusCode).toBe(200);
    const first = b.sessionCookie()!;
    expect((await b.signIn('vip.card@hilton.example.com', DEMO_PASSWORD)).statusCode).toBe(200);
    const second = b.sessionCookie()!;
    expect(second).not.toBe(first);
    expect(await sessionRow(first)).toBeUndefined();
    const old = await t.request('hilton', { method: 'GET', url: '/api/Member', headers: { cookie: `rn_session=${first}` } });
    expect(old.statusCode).toBe(401);
    const now = await b.send({ method: 'GET', url: '/api/Member' });
    expect(now.json<Member>().email).toBe('vip.card@hilton.example.com');
  });

  it('binds the anti-forgery token to the session: the answer carries the token to use next', async () => {
    const b = new TestBrowser(t, 'hilton');
    const before = await b.fetchToken();
    expect((await b.signIn('select.card@hilton.example.com', DEMO_PASSWORD)).statusCode).toBe(200);
    expect(b.token).not.toBe(before);
    const stale = await b.send({ method: 'PUT', url: '/api/stgtools/member-state', payload: {}, headers: { 'x-xsrf-token': before } });
    expect(stale.statusCode).toBe(403);
    const fresh = await b.send({ method: 'PUT', url: '/api/stgtools/member-state', payload: {} });
    expect(fresh.statusCode).toBe(200);
  });

  it('lets closed-account and inactive members sign in (the client shows re-enrolment)', async () => {
    const b = new TestBrowser(t, 'hilton');
    const res = await b.signIn('select.closed@hilton.example.com', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ member: Member }>().member.memberType).toBe('ClosedAccountMember');
  });

  it('answers the same 401 for a wrong password, an unknown e-mail, an unknown partner number and a known visitor without a password', async () => {
    const b = new TestBrowser(t, 'hilton');
    for (const [username, password] of [
      ['select.card@hilton.example.com', 'Wrong-password-1'],
      ['nobody@hilton.example.com', DEMO_PASSWORD],
      ['ZZ99999', DEMO_PASSWORD],
      ['visitor.new@hilton.example.com', DEMO_PASSWORD],
    ] as const) {
      const res = await b.signIn(username, password);
      expect(res.statusCode, username).toBe(401);
      expect(res.json(), username).toEqual(INVALID);
      expect(res.cookies.find((c) => c.name === 'rn_session'), username).toBeUndefined();
    }
  });

  it("does not know one partner's members on another partner's host", async () => {
    const b = new TestBrowser(t, 'caesars');
    const res = await b.signIn('select.card@hilton.example.com', DEMO_PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID);
  });

  it('sends an e-mail shared by several accounts to fix credentials (409), but only with a right password', async () => {
    const b = new TestBrowser(t, 'hilton');
    const res = await b.signIn('shared@hilton.example.com', DEMO_PASSWORD);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      statusCode: 409, error: 'Conflict', code: 'fixCredentials',
      message: 'This email is used by more than one account. Please choose a new email to continue.',
    });
    expect(b.sessionCookie()).toBeUndefined();
    const wrong = await b.signIn('shared@hilton.example.com', 'Wrong-password-1');
    expect(wrong.json()).toEqual(INVALID);
    // Each account still signs in with its own partner number.
    expect((await b.signIn(demo('shared-2').partnerNumber!, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('is not available on single sign-on partners or partners without enrolment', async () => {
    for (const code of ['delta', 'daak']) {
      const b = new TestBrowser(t, code);
      const res = await b.signIn('select.card@sso.example.com', DEMO_PASSWORD);
      expect(res.statusCode, code).toBe(404);
      expect(res.json<{ message: string }>().message).toBe('Sign-in with a password is not available on this site.');
    }
  });

  it.each([
    ['a user name that is neither an e-mail nor a partner number', { username: 'abc', password: DEMO_PASSWORD }, 'username', 'Please enter a valid email address or partner number.'],
    ['an empty user name', { username: '  ', password: DEMO_PASSWORD }, 'username', 'Please enter a valid email address or partner number.'],
    ['no password', { username: 'select.card@hilton.example.com' }, 'password', 'This field is required.'],
    ['an empty password', { username: 'select.card@hilton.example.com', password: '' }, 'password', 'This field is required.'],
    ['staySignedIn that is not a boolean', { username: 'select.card@hilton.example.com', password: DEMO_PASSWORD, staySignedIn: 'yes' }, 'staySignedIn', undefined],
  ])('rejects %s with 400 and a field error', async (_name, payload, field, message) => {
    const b = new TestBrowser(t, 'hilton');
    const res = await b.send({ method: 'POST', url: '/api/SignIn', payload });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ fieldErrors: Array<{ field: string; message: string }> }>();
    expect(body.fieldErrors.map((f) => f.field)).toContain(field);
    const error = body.fieldErrors.find((f) => f.field === field)!;
    if (message) expect(error.message).toBe(message);
    else expect(error.message.length).toBeGreaterThan(0);
  });

  it('requires the anti-forgery token', async () => {
    const b = new TestBrowser(t, 'hilton');
    await b.fetchToken();
    const payload = { username: 'select.card@hilton.example.com', password: DEMO_PASSWORD };
    const none = await t.request('hilton', { method: 'POST', url: '/api/SignIn', headers: { cookie: b.cookieHeader() }, payload });
    expect(none.statusCode).toBe(403);
    const wrong = await b.send({ method: 'POST', url: '/api/SignIn', headers: { 'x-xsrf-token': `${b.token}x` }, payload });
    expect(wrong.statusCode).toBe(403);
    const otherHost = await b.send({ method: 'POST', url: '/api/SignIn', host: 'caesars', payload });
    expect(otherHost.statusCode).toBe(403);
  });
});

describe('lockout', () => {
  const failures = async (code: string, identifier: string) => {
    const [row] = await t.database.db.select().from(loginFailures)
      .where(and(eq(loginFailures.partnerId, await partnerId(code)), eq(loginFailures.identifier, identifier), eq(loginFailures.client, '')));
    return row;
  };

  it('answers the fifth wrong password honestly, then locks the account for 30 minutes, even with the right password, and not another member', async () => {
    const b = new TestBrowser(t, 'wynd');
    for (let i = 1; i <= 4; i++) expect((await b.signIn('select.card@wynd.example.com', `Wrong-${i}-password`)).json()).toEqual(INVALID);
    const fifth = await b.signIn('Select.Card@wynd.example.com', 'Wrong-5-password');
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json()).toEqual(INVALID);
    const right = await b.signIn('select.card@wynd.example.com', DEMO_PASSWORD);
    expect(right.statusCode).toBe(423);
    expect(right.json()).toEqual(LOCKED);
    const row = await failures('wynd', 'select.card@wynd.example.com');
    expect(row!.failures).toBe(5);
    expect(Math.abs(row!.lockedUntil!.getTime() - Date.now() - 30 * 60_000)).toBeLessThan(10_000);
    // Another member of the same partner and a member of another partner are not affected.
    expect((await new TestBrowser(t, 'wynd').signIn('select.noncard@wynd.example.com', DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await new TestBrowser(t, 'hilton').signIn('select.card@hilton.example.com', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('counts failures per account from any client: five browsers guessing once each lock it too', async () => {
    for (let i = 1; i <= 5; i++) expect((await new TestBrowser(t, 'wynd').signIn('basic.card@wynd.example.com', `Wrong-${i}-password`)).statusCode).toBe(401);
    expect((await new TestBrowser(t, 'wynd').signIn('basic.card@wynd.example.com', DEMO_PASSWORD)).json()).toEqual(LOCKED);
  });

  it("keeps one partner's lock off the same partner number on another partner", async () => {
    const number = demo('basic-noncard').partnerNumber!;
    const b = new TestBrowser(t, 'southwest');
    for (let i = 1; i <= 5; i++) await b.signIn(number, `Wrong-${i}-password`);
    expect((await b.signIn(number, DEMO_PASSWORD)).json()).toEqual(LOCKED);
    expect((await new TestBrowser(t, 'hilton').signIn(number, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('ends after 30 minutes: the right password then signs in and clears the count', async () => {
    const b = new TestBrowser(t, 'ihg');
    for (let i = 1; i <= 5; i++) await b.signIn('vip.card@ihg.example.com', `Wrong-${i}-password`);
    expect((await b.signIn('vip.card@ihg.example.com', DEMO_PASSWORD)).statusCode).toBe(423);
    await t.database.db.update(loginFailures).set({ lockedUntil: new Date(Date.now() - 1000), firstFailureAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(loginFailures.identifier, 'vip.card@ihg.example.com'));
    const res = await b.signIn('vip.card@ihg.example.com', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(await failures('ihg', 'vip.card@ihg.example.com')).toBeUndefined();
  });

  it('starts a new count after a lock has ended', async () => {
    const b = new TestBrowser(t, 'ihg');
    for (let i = 1; i <= 5; i++) await b.signIn('select.noncard@ihg.example.com', `Wrong-${i}-password`);
    await t.database.db.update(loginFailures).set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(loginFailures.identifier, 'select.noncard@ihg.example.com'));
    expect((await b.signIn('select.noncard@ihg.example.com', 'Wrong-6-password')).json()).toEqual(INVALID);
    expect((await failures('ihg', 'select.noncard@ihg.example.com'))!.failures).toBe(1);
  });

  it('locks an unknown e-mail exactly the same way', async () => {
    const b = new TestBrowser(t, 'jetblue');
    const answers = [];
    for (let i = 1; i <= 7; i++) {
      const res = await b.signIn('Nobody.Here@jetblue.example.com', DEMO_PASSWORD);
      answers.push([res.statusCode, res.json()]);
    }
    expect(answers).toEqual([...Array(5).fill([401, INVALID]), [423, LOCKED], [423, LOCKED]]);
    expect((await failures('jetblue', 'nobody.here@jetblue.example.com'))!.lockedUntil).not.toBeNull();
  });

  it('counts only failures within 30 minutes, and a success clears them', async () => {
    const fresh = () => new TestBrowser(t, 'nosh');
    for (let i = 1; i <= 4; i++) await fresh().signIn('basic.noncard@nosh.example.com', `Wrong-${i}-password`);
    await t.database.db.update(loginFailures).set({ firstFailureAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(loginFailures.identifier, 'basic.noncard@nosh.example.com'));
    expect((await fresh().signIn('basic.noncard@nosh.example.com', 'Wrong-5-password')).json()).toEqual(INVALID);
    for (let i = 1; i <= 3; i++) await fresh().signIn('basic.noncard@nosh.example.com', `Wrong-${i}-password`);
    expect((await fresh().signIn('basic.noncard@nosh.example.com', DEMO_PASSWORD)).statusCode).toBe(200);
    expect(await failures('nosh', 'basic.noncard@nosh.example.com')).toBeUndefined();
    for (let i = 1; i <= 5; i++) expect((await fresh().signIn('basic.noncard@nosh.example.com', `Wrong-${i}-password`)).statusCode).toBe(401);
  });

  it('slows, then stops, one browser spraying passwords across accounts, and not the other browsers', async () => {
    const guesser = new TestBrowser(t, 'upromise');
    const accounts = Array.from({ length: 20 }, (_, i) => `sprayed.${i}@upromise.example.com`);
    for (let i = 0; i < DEVICE_RULE.freeFailures; i++) expect((await guesser.signIn(accounts[i]!, 'Summer2026!')).statusCode).toBe(401);
    expect((await guesser.signIn(accounts[5]!, 'Summer2026!')).statusCode).toBe(401);
    // The sixth failure makes the next attempt wait, whichever account it is for.
    const slowed = await guesser.signIn(accounts[6]!, 'Summer2026!');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('1');
    expect(slowed.json<{ message: string }>().message).toBe('Too many unsuccessful sign-in attempts from this device. Please wait 1 second and try again.');
    // Each wait served (moved into the past here), the next failure waits longer, until the client is stopped.
    const device = () => t.database.db.select().from(loginFailures).where(and(eq(loginFailures.identifier, ''), like(loginFailures.client, 'device:%')));
    const serveWait = async () => {
      for (const row of await device()) await t.database.db.update(loginFailures).set({ lockedUntil: new Date(Date.now() - 1) }).where(and(eq(loginFailures.identifier, ''), eq(loginFailures.client, row.client)));
    };
    let last = slowed;
    for (let i = 6; i < DEVICE_RULE.maxFailures; i++) {
      await serveWait();
      last = await guesser.signIn(accounts[i]!, 'Summer2026!');
      expect(last.statusCode).toBe(401);
    }
    const stopped = await guesser.signIn(accounts[19]!, 'Summer2026!');
    expect(stopped.statusCode).toBe(429);
    expect(stopped.headers['retry-after']).toBe(String(30 * 60));
    expect(stopped.json<{ message: string }>().message).toContain('Please wait 30 minutes');
    // Even the right password of a real account waits: the client is stopped, not the account.
    expect((await guesser.signIn('select.card@upromise.example.com', DEMO_PASSWORD)).statusCode).toBe(429);
    expect((await new TestBrowser(t, 'upromise').signIn('select.card@upromise.example.com', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('the owner of a locked account', () => {
  const outboxTo = (code: string, to: string) => partnerId(code).then((id) => t.database.db.select().from(outbox)
    .where(and(eq(outbox.partnerId, id), eq(outbox.toAddress, to))).orderBy(outbox.id));
  const waitForMails = (code: string, to: string, count: number) => vi.waitFor(async () => {
    const rows = await outboxTo(code, to);
    expect(rows).toHaveLength(count);
    return rows;
  }, { timeout: 5000, interval: 50 });
  const linkToken = (text: string) => /\/login\/link\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
  const askLink = (b: TestBrowser, username: string, opts: { csrf?: boolean } = {}) =>
    opts.csrf === false
      ? t.request(b.partner, { method: 'POST', url: '/api/SignInLink', payload: { username } })
      : b.send({ method: 'POST', url: '/api/SignInLink', payload: { username } });
  const useLink = async (b: TestBrowser, token: string) => {
    const res = await b.send({ method: 'POST', url: '/api/SignInLink/Use', payload: { token } });
    // Signing in rotates the anti-forgery token, as POST /api/SignIn does.
    if (res.statusCode === 200) b.token = res.json<{ csrfToken: string }>().csrfToken;
    return res;
  };
  async function linkFor(b: TestBrowser, email: string): Promise<string> {
    const before = (await outboxTo(b.partner, email)).length;
    expect((await askLink(b, email)).statusCode).toBe(202);
    const rows = await waitForMails(b.partner, email, before + 1);
    return linkToken(rows.at(-1)!.textBody);
  }

  it("is e-mailed when a stranger's failures lock the account, and signs in with a one-time link while it is locked", async () => {
    const email = 'select.card@freespirit.example.com';
    const stranger = new TestBrowser(t, 'freespirit');
    for (let i = 1; i <= 5; i++) await stranger.signIn(email, `Wrong-${i}-password`);
    const [notice] = await waitForMails('freespirit', email, 1);
    expect(notice!.subject).toBe('Password sign-in to your Free Spirit Dining account is locked');
    expect(notice!.textBody).toContain('5 times');
    expect(notice!.textBody).toContain(`/login?email=${encodeURIComponent(email)}`);
    // Once: the sixth attempt (refused as locked) sends nothing more.
    expect((await stranger.signIn(email, 'Wrong-6-password')).json()).toEqual(LOCKED);

    const owner = new TestBrowser(t, 'freespirit');
    expect((await owner.signIn(email, DEMO_PASSWORD)).json()).toEqual(LOCKED);
    const token = await linkFor(owner, email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // At rest only the token's SHA-256.
    const [row] = await t.database.db.select().from(recoveryTokens).where(eq(recoveryTokens.id, hashToken(token)));
    expect(row).toMatchObject({ purpose: 'signIn', usedAt: null });
    expect(Math.abs(row!.expiresAt.getTime() - Date.now() - SIGN_IN_LINK_MINUTES * 60_000)).toBeLessThan(10_000);
    expect(await t.database.db.select().from(recoveryTokens).where(eq(recoveryTokens.id, token))).toHaveLength(0);

    const res = await useLink(owner, token);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ member: Member }>().member.email).toBe(email);
    expect((await owner.send({ method: 'GET', url: '/api/Member' })).json<Member>().email).toBe(email);
    // The lock still holds the guesser back.
    expect((await stranger.signIn(email, DEMO_PASSWORD)).json()).toEqual(LOCKED);
    expect(await outboxTo('freespirit', email)).toHaveLength(2);
  });

  it('answers the same for an unknown e-mail or partner number and sends nothing', async () => {
    const b = new TestBrowser(t, 'hilton');
    const known = await askLink(b, demo('basic-card').partnerNumber!.toLowerCase());
    const unknown = await askLink(b, 'nobody.at.all@hilton.example.com');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    expect(unknown.json<{ message: string }>().message).toBe(SIGN_IN_LINK_MESSAGE);
    await waitForMails('hilton', demo('basic-card').email, 1);
    expect(await outboxTo('hilton', 'nobody.at.all@hilton.example.com')).toHaveLength(0);
  });

  it('refuses bad input and calls without the anti-forgery token', async () => {
    const b = new TestBrowser(t, 'hilton');
    expect((await askLink(b, 'not an e-mail')).statusCode).toBe(400);
    expect((await b.send({ method: 'POST', url: '/api/SignInLink', payload: {} })).statusCode).toBe(400);
    expect((await useLink(b, 'short')).statusCode).toBe(400);
    expect((await useLink(b, 'x'.repeat(30) + '<script>')).statusCode).toBe(400);
    const token = await linkFor(b, demo('vip-card').email);
    expect((await askLink(b, demo('vip-card').email, { csrf: false })).statusCode).toBe(403);
    const noToken = await t.request('hilton', { method: 'POST', url: '/api/SignInLink/Use', headers: { cookie: b.cookieHeader() }, payload: { token } });
    expect(noToken.statusCode).toBe(403);
    // A refused call did not use the link up.
    expect((await useLink(b, token)).statusCode).toBe(200);
  });

  it('works once, not after it expired, not as a password link, and not on another partner', async () => {
    const b = new TestBrowser(t, 'hilton');
    const email = demo('select-noncard').email;
    const once = await linkFor(b, email);
    expect((await useLink(b, once)).statusCode).toBe(200);
    const reused = await useLink(new TestBrowser(t, 'hilton'), once);
    expect(reused.statusCode).toBe(400);
    expect(reused.json<{ message: string }>().message).toBe(LINK_INVALID_MESSAGE);

    const expired = await linkFor(b, email);
    await t.database.db.update(recoveryTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(recoveryTokens.id, hashToken(expired)));
    expect((await useLink(new TestBrowser(t, 'hilton'), expired)).json<{ message: string }>().message).toBe(LINK_INVALID_MESSAGE);

    // A link of one partner does not sign in on another's host (nor on its own after that).
    const other = await linkFor(b, email);
    const ihg = new TestBrowser(t, 'ihg');
    expect((await useLink(ihg, other)).statusCode).toBe(400);
    expect((await ihg.send({ method: 'GET', url: '/api/Member' })).statusCode).toBe(401);
    // Nor is a sign-in link a password link, or the other way round.
    expect((await b.send({ method: 'GET', url: `/api/Recover/Token?token=${other}` })).statusCode).toBe(400);
    await b.send({ method: 'POST', url: '/api/Recover', payload: { email } });
    const [reset] = (await waitForMails('hilton', email, 4)).slice(-1);
    const resetToken = /\/recover\/update\?token=([A-Za-z0-9_-]+)/.exec(reset!.textBody)![1]!;
    expect((await useLink(new TestBrowser(t, 'hilton'), resetToken)).statusCode).toBe(400);
    expect((await useLink(new TestBrowser(t, 'hilton'), other)).statusCode).toBe(200);
  });

  it('is not offered where there is no password sign-in', async () => {
    const delta = new TestBrowser(t, 'delta');
    expect((await askLink(delta, 'select.card@sso.example.com')).statusCode).toBe(404);
  });
});

describe('GET /api/SignOut', () => {
  it('ends the session on the server, clears the cookie and answers a fresh token', async () => {
    const b = new TestBrowser(t, 'hilton');
    await b.signIn('select.card@hilton.example.com', DEMO_PASSWORD);
    const cookie = b.sessionCookie()!;
    const signedInToken = b.token;
    // Without the token (a link or image on another site) the member stays signed in.
    const forged = await b.send({ method: 'GET', url: '/api/SignOut', csrf: false });
    expect(forged.statusCode).toBe(403);
    expect(await sessionRow(cookie)).toBeDefined();
    const res = await b.send({ method: 'GET', url: '/api/SignOut', csrf: true });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<{ signedOut: boolean; csrfToken: string }>();
    expect(body.signedOut).toBe(true);
    expect(body.csrfToken).not.toBe(signedInToken);
    expect(res.cookies.find((c) => c.name === 'rn_session')!.value).toBe('');
    expect(await sessionRow(cookie)).toBeUndefined();
    const old = await t.request('hilton', { method: 'GET', url: '/api/Member', headers: { cookie: `rn_session=${cookie}` } });
    expect(old.statusCode).toBe(401);
    // The fresh token works for the anonymous visitor's next call.
    b.token = body.csrfToken;
    const next = await b.send({ method: 'POST', url: '/api/Member/Activate', payload: { publicId: 'no-such-member' } });
    expect(next.statusCode).toBe(404);
  });

  it('always answers 200, also without a session or with an unknown cookie', async () => {
    const anonymous = await t.request('hilton', { method: 'GET', url: '/api/SignOut' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json<{ signedOut: boolean }>().signedOut).toBe(true);
    const unknown = await t.request('hilton', { method: 'GET', url: '/api/SignOut', headers: { cookie: 'rn_session=not-a-session' } });
    expect(unknown.statusCode).toBe(200);
  });
});
