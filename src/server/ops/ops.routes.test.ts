import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../test/app';
import { allowCodeReplay, createOpsApp, demoStaff, OpsBrowser, signedInAs } from '../test/ops';
import { auditLog, loginFailures, memberCards, members, outbox, partners, staff, staffSessions } from '../db/schema';
import { demoPublicId } from '../demo/members';
import { LOCKOUT_ATTEMPTS } from '#shared/constants/member';
import type { OpsMemberDetail } from '#shared/schemas/ops';
import type { StaffRole } from '#shared/rules/ops-permissions';
import { CSRF_MESSAGE } from '../plugins/csrf';
import { SIGN_IN_FAILED } from './staff';
import { TestBrowser } from '../test/browser';
import { EMULATION_READ_ONLY } from '../modules/emulation/emulation.routes';
import { sweepStaff } from './jobs';
import { totpCode } from './totp';
import { Secret, TOTP } from 'otpauth';

let t: TestApp;
let ops: FastifyInstance;
const demo = demoStaff;
const allowReplay = (email: string) => allowCodeReplay(t, email);

beforeAll(async () => {
  t = await createTestApp();
  ops = await createOpsApp(t);
});
afterAll(async () => {
  await ops.close();
  await t.close();
});

const signedIn = (role: StaffRole) => signedInAs(t, ops, role);

describe('console sign-in: password and a second factor', () => {
  it('signs in with e-mail, password and the current code; the session cookie is httpOnly and SameSite=Strict', async () => {
    await allowReplay(demo('agent').email);
    // One code for both sign-ins: a code made again for the second could fall in the next
    // 30-second step, which is a new code and rightly accepted.
    const code = totpCode(demo('agent').totpSecret);
    const b = new OpsBrowser(ops);
    const res = await b.signIn(demo('agent').email, { code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ staff: { email: demo('agent').email, role: 'agent', permissions: expect.arrayContaining(['members.read', 'claims.resolve']) } });
    const cookie = res.cookies.find((c) => c.name === 'ops_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect((await b.send({ method: 'GET', url: '/api/ops/me' })).statusCode).toBe(200);
    // The same code again (a replay within its 30 seconds) is refused.
    const again = await new OpsBrowser(ops).signIn(demo('agent').email, { code });
    expect(again.statusCode).toBe(401);
  });

  it('one answer for a wrong password, a wrong code or an unknown e-mail; each is audited', async () => {
    await allowReplay(demo('supervisor').email);
    for (const attempt of [{ email: demo('supervisor').email, password: 'wrong-password-1' }, { email: demo('supervisor').email, code: '000000' }, { email: 'nobody@ops.example.com' }]) {
      const res = await new OpsBrowser(ops).signIn(attempt.email, attempt);
      expect(res.statusCode).toBe(401);
      expect(res.json<{ message: string }>().message).toBe(SIGN_IN_FAILED);
    }
    const failed = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'staff.signInFailed'));
    expect(failed.map((f) => f.staffEmail)).toEqual(expect.arrayContaining([demo('supervisor').email, 'nobody@ops.example.com']));
    await t.database.db.execute(sql`delete from staff_login_failures`);
  });

  it(`locks the account after ${LOCKOUT_ATTEMPTS} failures (423, even with the right code), until an administrator unlocks it`, async () => {
    const email = demo('partnerManager').email;
    for (let i = 0; i < LOCKOUT_ATTEMPTS; i++) expect((await new OpsBrowser(ops).signIn(email, { password: 'wrong-password-1' })).statusCode).toBe(401);
    await allowReplay(email);
    const locked = await new OpsBrowser(ops).signIn(email);
    expect(locked.statusCode).toBe(423);
    const admin = await signedIn('administrator');
    const [row] = await t.database.db.select().from(staff).where(eq(staff.email, email));
    const listed = (await admin.send({ method: 'GET', url: '/api/ops/staff' })).json<{ staff: Array<{ email: string; locked: boolean }> }>().staff;
    expect(listed.find((s) => s.email === email)?.locked).toBe(true);
    const unlock = await admin.send({ method: 'PUT', url: `/api/ops/staff/${row!.id}`, payload: { unlock: true, reason: 'Called the help desk, identity checked' } });
    expect(unlock.statusCode).toBe(200);
    expect((await new OpsBrowser(ops).signIn(email)).statusCode).toBe(200);
    await t.database.db.execute(sql`delete from staff_login_failures`);
  });

  it('refuses a change without the anti-forgery token before anything else (even a body that is not valid)', async () => {
    const b = await signedIn('agent');
    const res = await b.send({ method: 'POST', url: '/api/ops/members/1/unlock', payload: { nonsense: true }, token: false });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toBe(CSRF_MESSAGE);
  });

  it('sign-out ends the session; the old cookie signs nobody in', async () => {
    const b = await signedIn('auditor');
    const cookies = new Map(b.cookies);
    expect((await b.send({ method: 'POST', url: '/api/ops/sign-out' })).statusCode).toBe(200);
    expect((await b.send({ method: 'GET', url: '/api/ops/me' })).statusCode).toBe(401);
    const stale = new OpsBrowser(ops);
    stale.cookies = cookies;
    expect((await stale.send({ method: 'GET', url: '/api/ops/me' })).statusCode).toBe(401);
  });
});

describe('staff accounts: a setup link sets the password and the second factor', () => {
  it('an administrator creates an account; the link shows the secret once set up is done it is used up; the new account has no access', async () => {
    const admin = await signedIn('administrator');
    const created = await admin.send({ method: 'POST', url: '/api/ops/staff', payload: { email: 'New.Person@ops.example.com', name: 'New Person', role: 'none' } });
    expect(created.statusCode).toBe(201);
    const { setupLink, staff: made } = created.json<{ setupLink: string; staff: { id: number; status: string } }>();
    expect(made.status).toBe('pending');
    expect(setupLink).toMatch(/^http:\/\/ops\.localhost(:\d+)?\/setup\?token=/);
    const token = new URL(setupLink).searchParams.get('token')!;
    const b = new OpsBrowser(ops);
    const info = await b.send({ method: 'GET', url: `/api/ops/setup?token=${token}` });
    expect(info.statusCode).toBe(200);
    const { secret, otpauthUri, qrSvg, email } = info.json<{ secret: string; otpauthUri: string; qrSvg: string; email: string }>();
    expect(email).toBe('new.person@ops.example.com');
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrSvg).toMatch(/^<svg/);
    await b.csrf();
    expect((await b.send({ method: 'POST', url: '/api/ops/setup', payload: { token, password: 'a long new password', code: '123456' } })).statusCode).toBe(400);
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    expect((await b.send({ method: 'POST', url: '/api/ops/setup', payload: { token, password: 'a long new password', code } })).statusCode).toBe(200);
    expect((await b.send({ method: 'GET', url: `/api/ops/setup?token=${token}` })).statusCode).toBe(404);
    // Signs in (next step's code: the first was used by the setup) and may do nothing yet.
    const signIn = await b.signIn('new.person@ops.example.com', { password: 'a long new password', code: totpCode(secret, Date.now() + 30_000) });
    expect(signIn.statusCode).toBe(200);
    expect((await b.send({ method: 'GET', url: '/api/ops/members?partner=hilton&q=select' })).statusCode).toBe(403);
    expect((await b.send({ method: 'GET', url: '/api/ops/partners' })).json()).toEqual({ partners: [] });
  });

  it('an administrator cannot change their own role', async () => {
    const admin = await signedIn('administrator');
    const [me] = await t.database.db.select().from(staff).where(eq(staff.email, demo('administrator').email));
    const res = await admin.send({ method: 'PUT', url: `/api/ops/staff/${me!.id}`, payload: { role: 'agent', reason: 'testing myself' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('members: look-up, the member page and actions, within the staff member\'s partners', () => {
  it('finds a member by e-mail, partner number, public id, name and card last four; never another partner\'s', async () => {
    const agent = await signedIn('agent');
    const [m] = await t.database.db.select().from(members).where(eq(members.publicId, demoPublicId('hilton', 'select-card')));
    const find = async (partner: string, q: string) => agent.send({ method: 'GET', url: `/api/ops/members?partner=${partner}&q=${encodeURIComponent(q)}` });
    const [card] = await t.database.db.select().from(memberCards).where(eq(memberCards.memberId, m!.id)).limit(1);
    const phone = m!.phoneNumber.replace(/\D/g, '');
    const cases: Array<[string, string]> = [
      [m!.email.toUpperCase(), 'email'], [m!.partnerNumber!.toLowerCase(), 'partnerNumber'], [m!.publicId, 'publicId'],
      [`${m!.firstName} ${m!.lastName}`, 'name'], [m!.lastName.slice(0, 4), 'name'], [m!.email.split('@')[0]!, 'email'],
      [card!.lastFour, 'card'], ...(phone.length >= 10 ? [[`+1 (${phone.slice(-10, -7)}) ${phone.slice(-7, -4)}-${phone.slice(-4)}`, 'phone'] as [string, string]] : []),
    ];
    for (const [q, matched] of cases) {
      const res = await find('hilton', q);
      expect(res.statusCode).toBe(200);
      const hit = res.json<{ members: Array<{ id: number; matched: string }> }>().members.find((x) => x.id === m!.id);
      expect(hit?.matched, q).toBe(matched);
    }
    expect(phone.length, 'the demo member has a phone number').toBeGreaterThanOrEqual(10);
    // The agent works for delta and hilton only: wynd is not among its partners.
    const other = await find('wynd', 'select');
    expect(other.statusCode).toBe(400);
    expect(other.json<{ message: string }>().message).toBe('There is no such partner among yours.');
    expect((await find('hilton', 'x')).statusCode).toBe(400);
  });

  it('opens the member page (viewing is audited) with cards as brand and last four only; another partner\'s member is 404', async () => {
    const agent = await signedIn('agent');
    const [m] = await t.database.db.select().from(members).where(eq(members.publicId, demoPublicId('hilton', 'select-card')));
    const res = await agent.send({ method: 'GET', url: `/api/ops/members/${m!.id}` });
    expect(res.statusCode).toBe(200);
    const detail = res.json<OpsMemberDetail>();
    expect(detail.member).toMatchObject({ id: m!.id, email: m!.email, partnerCode: 'hilton' });
    expect(detail.cards.length).toBeGreaterThan(0);
    for (const c of detail.cards) expect(c.lastFour).toMatch(/^\d{4}$/);
    expect(res.body).not.toMatch(/"(networkToken|fingerprint|passwordHash)"/);
    const viewed = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'member.view'), eq(auditLog.memberId, m!.id)));
    expect(viewed[0]).toMatchObject({ staffEmail: demo('agent').email, role: 'agent' });

    const [wyndPartner] = await t.database.db.select().from(partners).where(eq(partners.code, 'wynd'));
    const [wyndMember] = await t.database.db.select().from(members).where(eq(members.partnerId, wyndPartner!.id)).limit(1);
    expect((await agent.send({ method: 'GET', url: `/api/ops/members/${wyndMember!.id}` })).statusCode).toBe(404);
    expect((await agent.send({ method: 'GET', url: '/api/ops/members/abc' })).statusCode).toBe(400);
  });

  it('unlocks a locked member and e-mails a sign-in link, each with its reason in the audit log', async () => {
    const agent = await signedIn('agent');
    const [m] = await t.database.db.select().from(members).where(eq(members.publicId, demoPublicId('hilton', 'basic-card')));
    await t.database.db.insert(loginFailures).values({ partnerId: m!.partnerId, identifier: m!.email.toLowerCase(), client: '', failures: 5, lockedUntil: new Date(Date.now() + 1_800_000) });
    const page = (await agent.send({ method: 'GET', url: `/api/ops/members/${m!.id}` })).json<OpsMemberDetail>();
    expect(page.locks[0]).toMatchObject({ failures: 5 });
    expect((await agent.send({ method: 'POST', url: `/api/ops/members/${m!.id}/unlock`, payload: {} })).statusCode).toBe(400);
    expect((await agent.send({ method: 'POST', url: `/api/ops/members/${m!.id}/unlock`, payload: { reason: 'Member called, identity checked' } })).statusCode).toBe(200);
    expect(await t.database.db.select().from(loginFailures).where(eq(loginFailures.identifier, m!.email.toLowerCase()))).toEqual([]);
    const before = (await t.database.db.select().from(outbox).where(eq(outbox.memberId, m!.id))).length;
    expect((await agent.send({ method: 'POST', url: `/api/ops/members/${m!.id}/sign-in-link`, payload: { reason: 'Member asked for a link' } })).statusCode).toBe(202);
    await expect.poll(async () => (await t.database.db.select().from(outbox).where(eq(outbox.memberId, m!.id))).length).toBe(before + 1);
    const actions = await t.database.db.select().from(auditLog).where(eq(auditLog.memberId, m!.id));
    expect(actions.map((a) => [a.action, a.reason])).toEqual(expect.arrayContaining([['member.unlock', 'Member called, identity checked'], ['member.signInLink', 'Member asked for a link']]));
  });
});

describe('view as member (§6): read only on the partner site, ended from the console, shown to the member', () => {
  it('opens the member\'s site as the member once, refuses every change there, ends on exit, and the member sees who looked', async () => {
    const agent = await signedIn('agent');
    const [m] = await t.database.db.select().from(members).where(eq(members.publicId, demoPublicId('hilton', 'vip-card')));
    expect((await agent.send({ method: 'POST', url: `/api/ops/members/${m!.id}/emulation`, payload: {} })).statusCode).toBe(400);
    const started = await agent.send({ method: 'POST', url: `/api/ops/members/${m!.id}/emulation`, payload: { reason: 'Member says the points are missing' } });
    expect(started.statusCode).toBe(201);
    const { url, origin, emulationId } = started.json<{ url: string; origin: string; emulationId: string }>();
    expect(origin).toBe('http://hilton.localhost:3000');
    expect(url).toMatch(/^http:\/\/hilton\.localhost:3000\/emulate#[A-Za-z0-9_-]{40,}$/);
    const token = url.split('#')[1]!;

    // Not on another partner's site; then once on the member's.
    const elsewhere = new TestBrowser(t, 'delta');
    expect((await elsewhere.send({ method: 'POST', url: '/api/Emulation', payload: { token } })).statusCode).toBe(400);
    const view = new TestBrowser(t, 'hilton');
    const opened = await view.send({ method: 'POST', url: '/api/Emulation', payload: { token } });
    expect(opened.statusCode, opened.body).toBe(200);
    const answer = opened.json<{ member: { email: string; session: { expiresAt: string; emulation?: { id: string; by: string; endsAt: string } } }; csrfToken: string }>();
    view.token = answer.csrfToken;
    expect(answer.member.email).toBe(m!.email);
    expect(answer.member.session.emulation).toMatchObject({ id: emulationId, by: 'Customer service' });
    expect(new Date(answer.member.session.expiresAt).getTime()).toBeLessThanOrEqual(new Date(answer.member.session.emulation!.endsAt).getTime());
    expect((await new TestBrowser(t, 'hilton').send({ method: 'POST', url: '/api/Emulation', payload: { token } })).statusCode).toBe(400);

    // Reads work; every change is refused, after the anti-forgery check.
    expect((await view.send({ method: 'GET', url: '/api/Member' })).json<{ session: { emulation?: object } }>().session.emulation).toBeDefined();
    const change = await view.send({ method: 'PUT', url: '/api/Member', payload: { firstName: 'Changed' } });
    expect(change.statusCode).toBe(403);
    expect(change.json<{ message: string }>().message).toBe(EMULATION_READ_ONLY);
    expect((await view.send({ method: 'PUT', url: '/api/Member', payload: { firstName: 'Changed' }, headers: { 'x-xsrf-token': 'forged' } })).json<{ message: string }>().message).toBe(CSRF_MESSAGE);
    expect((await view.send({ method: 'DELETE', url: '/api/Member/Cards?cardId=1' })).statusCode).toBe(403);
    expect((await t.database.db.select().from(members).where(eq(members.id, m!.id)))[0]!.firstName).toBe(m!.firstName);

    // The member, signed in as themselves, sees when our team looked, and which team.
    const owner = new TestBrowser(t, 'hilton');
    expect((await owner.signInAs(m!.publicId)).statusCode).toBe(200);
    const access = (await owner.send({ method: 'GET', url: '/api/Member/AccountAccess' })).json<{ access: Array<{ team: string; kind: string }> }>().access;
    expect(access[0]).toMatchObject({ team: 'Customer service', kind: 'viewedAsYou' });
    expect((await owner.send({ method: 'PUT', url: '/api/Member', payload: { firstName: m!.firstName } })).statusCode).not.toBe(403);

    // Exit from the console ends the view's session; only the agent who started it can end it.
    const other = await signedIn('supervisor');
    expect((await other.send({ method: 'POST', url: `/api/ops/emulations/${emulationId}/end` })).statusCode).toBe(404);
    expect((await agent.send({ method: 'POST', url: `/api/ops/emulations/${emulationId}/end` })).statusCode).toBe(200);
    expect((await view.send({ method: 'GET', url: '/api/Member' })).statusCode).toBe(401);
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.target, `emulation:${emulationId}`));
    expect(trail.map((a) => a.action).sort()).toEqual(['member.emulate', 'member.emulate.end']);
  });
});

describe('opener policies that let the console reach the view\'s window, and nothing more', () => {
  it('the console may keep a handle to its popups; the partner site lets only /emulate stay one', async () => {
    expect((await ops.inject({ method: 'GET', url: '/members', headers: { host: 'ops.localhost' } })).headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect((await t.request('hilton', { method: 'GET', url: '/emulate' })).headers['cross-origin-opener-policy']).toBe('unsafe-none');
    // The same page in other letter case (page paths match in any case) is the same page, with the same policy.
    expect((await t.request('hilton', { method: 'GET', url: '/Emulate' })).headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect((await t.request('hilton', { method: 'GET', url: '/account/overview' })).headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});

describe('the staff sweep job', () => {
  it('deletes console sessions past their idle or absolute end and keeps the live ones', async () => {
    const b = await signedIn('supervisor');
    const [person] = await t.database.db.select().from(staff).where(eq(staff.email, demo('supervisor').email));
    const now = new Date();
    await t.database.db.insert(staffSessions).values([
      { id: 'idle-gone', staffId: person!.id, expiresAt: new Date(now.getTime() - 1000), endsAt: new Date(now.getTime() + 3_600_000) },
      { id: 'end-gone', staffId: person!.id, expiresAt: new Date(now.getTime() + 60_000), endsAt: new Date(now.getTime() - 1000) },
    ]);
    expect(await sweepStaff(t.database.db, now)).toMatch(/^2 console sessions ended, \d+ adjustment requests and \d+ settings changes expired$/);
    const left = await t.database.db.select({ id: staffSessions.id }).from(staffSessions).where(inArray(staffSessions.id, ['idle-gone', 'end-gone']));
    expect(left).toEqual([]);
    expect((await b.send({ method: 'GET', url: '/api/ops/me' })).statusCode).toBe(200);
  });
});

describe('the audit log', () => {
  it('is append-only in the database: UPDATE, DELETE and TRUNCATE are refused', async () => {
    const [entry] = await t.database.db.select().from(auditLog).limit(1);
    expect(entry).toBeDefined();
    const refused = async (statement: ReturnType<typeof sql>) => {
      const err = await t.database.db.execute(statement).then(() => null, (e: unknown) => e as { message: string; cause?: { message?: string } });
      return `${err?.message ?? 'accepted'} ${err?.cause?.message ?? ''}`;
    };
    expect(await refused(sql`update audit_log set reason = 'changed' where id = ${entry!.id}`)).toMatch(/append-only: UPDATE is refused/);
    expect(await refused(sql`delete from audit_log where id = ${entry!.id}`)).toMatch(/append-only: DELETE is refused/);
    expect(await refused(sql`truncate audit_log`)).toMatch(/append-only: TRUNCATE is refused/);
    expect((await t.database.db.select().from(auditLog).where(eq(auditLog.id, entry!.id)))[0]).toEqual(entry);
  });

  it('auditors search it; an agent may not read it', async () => {
    const auditor = await signedIn('auditor');
    const res = await auditor.send({ method: 'GET', url: '/api/ops/audit?q=member.unlock' });
    expect(res.statusCode).toBe(200);
    const { entries } = res.json<{ entries: Array<{ action: string; partnerCode: string | null; reason: string | null }> }>();
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.action === 'member.unlock')).toBe(true);
    expect(entries[0]).toMatchObject({ partnerCode: 'hilton', reason: 'Member called, identity checked' });
    const agent = await signedIn('agent');
    expect((await agent.send({ method: 'GET', url: '/api/ops/audit' })).statusCode).toBe(403);
  });
});
