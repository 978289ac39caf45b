import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { members, outbox, partners } from '../../db/schema';
import { DEMO_PASSWORD, demoPublicId, SSO_DEMO_ACCOUNTS } from '../../demo/members';
import type { Member } from '#shared/schemas/member';
import type { DemoMembersResponse, DemoPartnerNumbersResponse, OutboxResponse } from '#shared/schemas/stgtools';
import { DEMO_PARTNER_NUMBERS } from './stgtools.routes';
import { TestBrowser } from '../../test/browser';
import { isValidPartnerNumber, withCheckCharacter } from '#shared/rules/partner-number';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

async function partnerId(code: string) {
  const [row] = await t.database.db.select().from(partners).where(eq(partners.code, code));
  return row!.id;
}

describe('GET /api/stgtools/members', () => {
  it('lists the demo members of a direct partner with their passwords, all of them in the database', async () => {
    const res = await t.request('hilton', { method: 'GET', url: '/api/stgtools/members' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<DemoMembersResponse>();
    expect(body.partner).toBe('hilton');
    expect(body.ssoAccounts).toEqual([]);
    const card = body.members.find((m) => m.email === 'select.card@hilton.example.com')!;
    expect(card).toMatchObject({ password: DEMO_PASSWORD, tierLevel: 2, memberType: 'EnrolledCardMember', interfaceType: 'direct' });
    expect(body.members.find((m) => m.publicId === demoPublicId('hilton', 'visitor-new'))!.password).toBeNull();
    const stored = await t.database.db.select().from(members).where(eq(members.partnerId, await partnerId('hilton')));
    expect(stored.map((r) => r.publicId).sort()).toEqual(body.members.map((m) => m.publicId).sort());
    for (const m of body.members) {
      const row = stored.find((r) => r.publicId === m.publicId)!;
      expect(row).toMatchObject({ email: m.email, partnerNumber: m.partnerNumber, tierLevel: m.tierLevel, memberType: m.memberType, hasWebProfile: m.hasWebProfile, active: m.active });
      expect(row.passwordHash === null).toBe(m.password === null);
    }
    // The listed credentials work.
    expect((await new TestBrowser(t, 'hilton').signIn(card.email, card.password!)).statusCode).toBe(200);
  });

  it("lists a single sign-on partner's known visitors and identity-provider accounts", async () => {
    const body = (await t.request('delta', { method: 'GET', url: '/api/stgtools/members' })).json<DemoMembersResponse>();
    expect(body.enrollmentType).toBe('sso');
    expect(body.ssoAccounts.map((a) => a.subject)).toEqual(SSO_DEMO_ACCOUNTS.map((a) => a.subject));
    expect(body.ssoAccounts.find((a) => a.subject === 'demo-select-card')!.publicId).toBe(demoPublicId('delta', 'sso-select-card'));
    expect(body.ssoAccounts.find((a) => a.subject === 'demo-newcomer')!.publicId).toBeNull();
    expect(body.members.some((m) => m.tierLevel === 1 && !m.hasWebProfile)).toBe(true);
    expect(body.members.length).toBeGreaterThan(0);
    expect(body.members.every((m) => m.password === null)).toBe(true);
  });

  it('lists nobody where the partner has no enrolment', async () => {
    const body = (await t.request('daak', { method: 'GET', url: '/api/stgtools/members' })).json<DemoMembersResponse>();
    expect(body.members).toEqual([]);
  });
});

describe('GET /api/stgtools/partner-numbers', () => {
  it('hands out valid partner numbers that no member of the partner uses, new ones on every call', async () => {
    const res = await t.request('hilton', { method: 'GET', url: '/api/stgtools/partner-numbers' });
    expect(res.statusCode).toBe(200);
    const body = res.json<DemoPartnerNumbersResponse>();
    expect(body).toMatchObject({ partner: 'hilton', label: 'Hospitality Circle number', asked: true });
    expect(body.numbers).toHaveLength(DEMO_PARTNER_NUMBERS);
    expect(new Set(body.numbers).size).toBe(DEMO_PARTNER_NUMBERS);
    for (const n of body.numbers) expect(isValidPartnerNumber(n), n).toBe(true);
    const used = (await t.database.db.select({ n: members.partnerNumber }).from(members).where(eq(members.partnerId, await partnerId('hilton')))).map((r) => r.n);
    expect(used.length).toBeGreaterThan(0);
    expect(body.numbers.filter((n) => used.includes(n))).toEqual([]);
    const again = (await t.request('hilton', { method: 'GET', url: '/api/stgtools/partner-numbers' })).json<DemoPartnerNumbersResponse>();
    expect(again.numbers).not.toEqual(body.numbers);
  });

  it('offers none where joining asks for no partner number', async () => {
    for (const code of ['daak', 'delta']) {
      const body = (await t.request(code, { method: 'GET', url: '/api/stgtools/partner-numbers' })).json<DemoPartnerNumbersResponse>();
      expect(body, code).toMatchObject({ asked: false, numbers: [] });
    }
  });
});

describe('GET /api/stgtools/outbox', () => {
  it("shows this partner's latest 50 e-mails, newest first", async () => {
    const hilton = await partnerId('hilton');
    const caesars = await partnerId('caesars');
    const demoOf = async (code: string) => (await t.database.db.select().from(members).where(eq(members.publicId, demoPublicId(code, 'select-card'))))[0]!.id;
    const hiltonDemo = await demoOf('hilton');
    const base = Date.now() - 3_600_000;
    await t.database.db.insert(outbox).values([
      ...Array.from({ length: 55 }, (_, i) => ({
        partnerId: hilton, memberId: hiltonDemo, toAddress: `m${i}@example.com`, subject: `Message ${i}`, textBody: `Body ${i}`, htmlBody: i % 2 ? `<p>${i}</p>` : null,
        createdAt: new Date(base + i * 1000),
      })),
      { partnerId: caesars, memberId: await demoOf('caesars'), toAddress: 'other@example.com', subject: 'Not for hilton', textBody: 'x' },
    ]);
    const res = await t.request('hilton', { method: 'GET', url: '/api/stgtools/outbox' });
    expect(res.statusCode).toBe(200);
    const { messages } = res.json<OutboxResponse>();
    expect(messages).toHaveLength(50);
    expect(messages[0]).toMatchObject({ to: 'm54@example.com', subject: 'Message 54', textBody: 'Body 54', htmlBody: null });
    expect(messages[1]!.htmlBody).toBe('<p>53</p>');
    expect(messages.some((m) => m.subject === 'Not for hilton')).toBe(false);
    const other = (await t.request('caesars', { method: 'GET', url: '/api/stgtools/outbox' })).json<OutboxResponse>();
    expect(other.messages.map((m) => m.subject)).toEqual(['Not for hilton']);
  });
});

describe('POST /api/stgtools/sign-in-as', () => {
  it("starts a session as one of this partner's members", async () => {
    const b = new TestBrowser(t, 'hilton');
    const res = await b.signInAs(demoPublicId('hilton', 'vip-closed'));
    expect(res.statusCode).toBe(200);
    expect(res.json<{ member: Member }>().member.memberType).toBe('ClosedAccountMember');
    expect(b.sessionCookie()).toBeTruthy();
    expect((await b.send({ method: 'GET', url: '/api/Member' })).json<Member>().publicId).toBe(demoPublicId('hilton', 'vip-closed'));
  });

  it('signs in single sign-on members too', async () => {
    const b = new TestBrowser(t, 'delta');
    const res = await b.signInAs(demoPublicId('delta', 'sso-vip-card'));
    expect(res.json<{ member: Member }>().member).toMatchObject({ interfaceType: 'sso', tierLevel: 3 });
  });

  it("answers 404 for another partner's member, 400 for a bad id, 403 without the token", async () => {
    const b = new TestBrowser(t, 'hilton');
    expect((await b.signInAs(demoPublicId('caesars', 'select-card'))).statusCode).toBe(404);
    expect((await b.signInAs('bad id')).statusCode).toBe(400);
    const none = await t.request('hilton', { method: 'POST', url: '/api/stgtools/sign-in-as', payload: { publicId: demoPublicId('hilton', 'select-card') } });
    expect(none.statusCode).toBe(403);
    expect(b.sessionCookie()).toBeUndefined();
  });
});

describe('the outbox never shows a real member\'s mail (issue 7, item 4)', () => {
  it('a reset link asked for a real member is visible to that member only', async () => {
    const hilton = await partnerId('hilton');
    // A real member (joined on the site), and an attacker asking for their reset link.
    const owner = new TestBrowser(t, 'hilton');
    const joined = await owner.send({
      method: 'POST', url: '/api/Members/Prospects',
      payload: { email: 'real.person@example.com', password: 'Original1pass', passwordConfirm: 'Original1pass', firstName: 'Real', lastName: 'Person', zipCode: '10001', emailOptIn: true, partnerNumber: withCheckCharacter('RP0001') },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const attacker = new TestBrowser(t, 'hilton');
    expect((await attacker.send({ method: 'POST', url: '/api/Recover', payload: { email: 'real.person@example.com' } })).statusCode).toBe(202);
    await expect.poll(async () => (await t.database.db.select().from(outbox).where(eq(outbox.toAddress, 'real.person@example.com'))).length, { timeout: 5000 }).toBe(1);

    const seen = (b: TestBrowser) => b.send({ method: 'GET', url: '/api/stgtools/outbox' }).then((r) => r.json<OutboxResponse>().messages.map((m) => m.to));
    expect(await seen(attacker)).not.toContain('real.person@example.com');
    const demo = new TestBrowser(t, 'hilton');
    await demo.signInAs(demoPublicId('hilton', 'select-noncard'));
    expect(await seen(demo)).not.toContain('real.person@example.com');
    // The member can read their own mail there.
    expect(await seen(owner)).toContain('real.person@example.com');
    // Demo accounts' mail stays visible to anyone on the staging site.
    expect((await attacker.send({ method: 'POST', url: '/api/Recover', payload: { email: 'select.card@hilton.example.com' } })).statusCode).toBe(202);
    await expect.poll(() => seen(attacker), { timeout: 5000 }).toContain('select.card@hilton.example.com');
    const rows = await t.database.db.select().from(outbox).where(eq(outbox.partnerId, hilton));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.memberId !== null)).toBe(true);
  });
});

describe('PUT /api/stgtools/member-state', () => {
  it("switches the signed-in member's tier and state", async () => {
    const b = new TestBrowser(t, 'hilton');
    await b.signInAs(demoPublicId('hilton', 'select-noncard'));
    const res = await b.send({ method: 'PUT', url: '/api/stgtools/member-state', payload: { tierLevel: 3, memberType: 'EnrolledCardMember' } });
    expect(res.statusCode).toBe(200);
    expect(res.json<Member>()).toMatchObject({ tierLevel: 3, memberType: 'EnrolledCardMember' });
    const off = await b.send({ method: 'PUT', url: '/api/stgtools/member-state', payload: { active: false, hasWebProfile: false } });
    expect(off.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(members).where(eq(members.publicId, demoPublicId('hilton', 'select-noncard')));
    expect(row).toMatchObject({ tierLevel: 3, memberType: 'EnrolledCardMember', active: false, hasWebProfile: false });
    expect((await b.send({ method: 'GET', url: '/api/Member' })).json<Member>().tierLevel).toBe(3);
  });

  it("keeps the profile's e-mail choice in line with the tier chosen (0 opted out, 2 and 3 opted in)", async () => {
    const b = new TestBrowser(t, 'hilton');
    await b.signInAs(demoPublicId('hilton', 'select-closed'));
    const put = (tierLevel: number) => b.send({ method: 'PUT', url: '/api/stgtools/member-state', payload: { tierLevel } }).then((r) => r.json<Member>());
    expect(await put(0)).toMatchObject({ tierLevel: 0, emailOptIn: false });
    expect(await put(1)).toMatchObject({ tierLevel: 1, emailOptIn: false });
    expect(await put(2)).toMatchObject({ tierLevel: 2, emailOptIn: true });
    expect(await put(3)).toMatchObject({ tierLevel: 3, emailOptIn: true });
  });

  it.each([
    ['a tier above 3', { tierLevel: 4 }],
    ['a fractional tier', { tierLevel: 1.5 }],
    ['an unknown member type', { memberType: 'Gold' }],
    ['an unknown field', { email: 'x@example.com' }],
  ])('rejects %s with 400', async (_name, payload) => {
    const b = new TestBrowser(t, 'hilton');
    await b.signInAs(demoPublicId('hilton', 'basic-card'));
    const res = await b.send({ method: 'PUT', url: '/api/stgtools/member-state', payload });
    expect(res.statusCode).toBe(400);
  });

  it('needs a session and the token', async () => {
    const anonymous = new TestBrowser(t, 'hilton');
    expect((await anonymous.send({ method: 'PUT', url: '/api/stgtools/member-state', payload: { tierLevel: 0 } })).statusCode).toBe(401);
    const b = new TestBrowser(t, 'hilton');
    await b.signInAs(demoPublicId('hilton', 'basic-card'));
    const none = await t.request('hilton', { method: 'PUT', url: '/api/stgtools/member-state', headers: { cookie: b.cookieHeader() }, payload: { tierLevel: 0 } });
    expect(none.statusCode).toBe(403);
  });
});

describe('in production', () => {
  it('the staging tools do not exist', async () => {
    const prod = await createTestApp({ config: { env: 'production' } });
    try {
      for (const url of ['/api/stgtools/members', '/api/stgtools/outbox', '/api/stgtools/network-sample', '/api/stgtools/partner-numbers']) {
        expect((await prod.request('hilton', { method: 'GET', url })).statusCode, url).toBe(404);
      }
      const { cookie, token } = await prod.csrf('hilton');
      const res = await prod.request('hilton', { method: 'POST', url: '/api/stgtools/sign-in-as', headers: { cookie, 'x-xsrf-token': token }, payload: { publicId: demoPublicId('hilton', 'select-card') } });
      expect(res.statusCode).toBe(404);
      const dine = await prod.request('hilton', { method: 'POST', url: '/api/stgtools/dines', headers: { cookie, 'x-xsrf-token': token }, payload: { merchantId: 1, amountCents: 1000 } });
      expect(dine.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('sign-in-as outside the demo accounts', () => {
  it('is refused, so a staging site holding real accounts does not hand them out', async () => {
    const { createTestApp } = await import('../../test/app');
    const t2 = await createTestApp();
    try {
      const { cookie, token } = await t2.csrf('hilton');
      const res = await t2.request('hilton', { method: 'POST', url: '/api/stgtools/sign-in-as', headers: { cookie, 'x-xsrf-token': token }, payload: { publicId: 'someone-real-123' } });
      expect(res.statusCode).toBe(403);
      expect(res.json<{ message: string }>().message).toBe('Only demo accounts can be signed in to from the staging tools.');
    } finally {
      await t2.close();
    }
  });
});
