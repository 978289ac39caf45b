import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../test/app';
import { TestBrowser } from '../test/browser';
import { createOpsApp, OpsBrowser } from '../test/ops';
import { members, staff } from '../db/schema';
import { demoPublicId } from '../demo/members';
import { DEMO_STAFF } from '../demo/staff';
import { API } from '#shared/api';
import { isOpsCall } from '#shared/api-paths';
import { OPS_CALL_ACCESS, ROLE_PERMISSIONS, STAFF_ROLES, type OpsCallName } from '#shared/rules/ops-permissions';

/**
 * The permission test generated from the one table (issue 27): every console call × every role
 * (and no session, and a member's session) gives the answer OPS_CALL_ACCESS and ROLE_PERMISSIONS
 * say; every /api/ops route the console registers has its line (a route added without one fails
 * here, and is refused to everyone by the guard).
 */
let t: TestApp;
let ops: FastifyInstance;
let hiltonMember: number;
let wyndMember: number;

beforeAll(async () => {
  t = await createTestApp();
  ops = await createOpsApp(t);
  hiltonMember = (await t.database.db.select().from(members).where(eq(members.publicId, demoPublicId('hilton', 'select-card'))))[0]!.id;
  wyndMember = (await t.database.db.select().from(members).where(eq(members.publicId, demoPublicId('wynd', 'select-card'))))[0]!.id;
});
afterAll(async () => {
  await ops.close();
  await t.close();
});

const calls = Object.keys(OPS_CALL_ACCESS) as OpsCallName[];
/** A request of each call: valid where it reads (an own partner's member), empty bodies where it writes (a 400 for those allowed, nothing changed). */
const sample = (name: OpsCallName, memberId = hiltonMember) => {
  const entry = API[name];
  const url = entry.path.replace(':memberId', String(memberId)).replace(':claimId', '1').replace(':staffId', '1').replace(':reference', 'K7MPQ2XW9A').replace(':partner', 'hilton').replace(':emailId', '1').replace(':adjustmentId', '1').replace(':eventId', 'no-such-event').replace(':changeId', '1')
    .replace(':contentName', 'home').replace(':slug', 'anonymous').replace(':scheduleId', '1');
  const query = name === 'opsMemberSearch' ? '?partner=hilton&q=select' : name === 'opsSetupInfo' ? `?token=${'x'.repeat(40)}`
    : name === 'opsReport' || name === 'opsReportCsv' ? '?from=2026-11-01&to=2026-11-07' : '';
  return { method: entry.method, url: url + query, ...(entry.method === 'GET' ? {} : { payload: {} }) };
};
const denied = (status: number) => status === 401 || status === 403;

describe('console permissions, from the one table', () => {
  it('every /api/ops route the console registers is in the table with its access; every call of the table is registered', () => {
    const opsEntries = Object.entries(API).filter(([, e]) => isOpsCall(e.path)).map(([n]) => n).sort();
    expect(opsEntries).toEqual([...calls].sort());
    for (const name of calls) {
      expect(ops.hasRoute({ method: API[name].method, url: API[name].path }), name).toBe(true);
    }
    const siteCalls = Object.entries(API).filter(([, e]) => !isOpsCall(e.path));
    expect(siteCalls.length).toBeGreaterThan(0);
    for (const [name, e] of siteCalls) expect(ops.hasRoute({ method: e.method, url: e.path }), name).toBe(false);
  });

  it('without a session: 401 on every call but the public ones', async () => {
    const b = new OpsBrowser(ops);
    await b.csrf();
    for (const name of calls) {
      const res = await b.send(sample(name));
      if (OPS_CALL_ACCESS[name] === 'public') expect(denied(res.statusCode), `${name} ${res.statusCode}`).toBe(false);
      else expect(res.statusCode, name).toBe(401);
    }
  });

  it("a member's session of a partner site opens nothing here (and the console's cookie nothing there)", async () => {
    const member = new TestBrowser(t, 'hilton');
    expect((await member.signInAs(demoPublicId('hilton', 'select-card'))).statusCode).toBe(200);
    const b = new OpsBrowser(ops);
    await b.csrf();
    for (const [k, v] of member.cookies) b.cookies.set(k, v);
    expect(b.cookies.has('rn_session')).toBe(true);
    for (const name of calls.filter((n) => OPS_CALL_ACCESS[n] !== 'public')) expect((await b.send(sample(name))).statusCode, name).toBe(401);
    const staffCookie = new OpsBrowser(ops);
    await t.database.db.update(staff).set({ totpLastStep: null });
    expect((await staffCookie.signIn(DEMO_STAFF[0]!.email)).statusCode).toBe(200);
    const onPartner = await t.request('hilton', { method: 'GET', url: '/api/Member', headers: { cookie: [...staffCookie.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(onPartner.statusCode).toBe(401);
  });

  for (const role of STAFF_ROLES.filter((r) => r !== 'none')) {
    it(`${role}: each call answers as the table says`, async () => {
      const person = DEMO_STAFF.find((s) => s.role === role)!;
      await t.database.db.update(staff).set({ totpLastStep: null }).where(eq(staff.email, person.email));
      const b = new OpsBrowser(ops);
      expect((await b.signIn(person.email)).statusCode).toBe(200);
      // Signing out last: it ends the session the other calls use.
      for (const name of [...calls.filter((n) => n !== 'opsSignOut'), 'opsSignOut' as const]) {
        const access = OPS_CALL_ACCESS[name];
        const res = await b.send(sample(name));
        const allowed = access === 'public' || access === 'staff' || ROLE_PERMISSIONS[role].includes(access);
        expect(allowed ? !denied(res.statusCode) : res.statusCode === 403, `${role} ${name}: ${res.statusCode} ${res.body.slice(0, 120)}`).toBe(true);
      }
    });
  }

  it("own and other partner: a partner-scoped agent reads its partners' members, not another's", async () => {
    const agent = DEMO_STAFF.find((s) => s.role === 'agent')!;
    expect(agent.partners).toEqual(['delta', 'hilton']);
    await t.database.db.update(staff).set({ totpLastStep: null }).where(eq(staff.email, agent.email));
    const b = new OpsBrowser(ops);
    expect((await b.signIn(agent.email)).statusCode).toBe(200);
    expect((await b.send(sample('opsMember'))).statusCode).toBe(200);
    expect((await b.send(sample('opsMember', wyndMember))).statusCode).toBe(404);
    expect((await b.send({ method: 'GET', url: '/api/ops/members?partner=wynd&q=select' })).statusCode).toBe(400);
    expect((await b.send({ method: 'POST', url: `/api/ops/members/${wyndMember}/unlock`, payload: { reason: 'trying another partner' } })).statusCode).toBe(404);
    const partnersSeen = (await b.send({ method: 'GET', url: '/api/ops/partners' })).json<{ partners: Array<{ code: string }> }>().partners.map((p) => p.code.toLowerCase()).sort();
    expect(partnersSeen).toEqual(['delta', 'hilton']);
    const supervisor = DEMO_STAFF.find((s) => s.role === 'supervisor')!;
    await t.database.db.update(staff).set({ totpLastStep: null }).where(eq(staff.email, supervisor.email));
    const all = new OpsBrowser(ops);
    expect((await all.signIn(supervisor.email)).statusCode).toBe(200);
    expect((await all.send(sample('opsMember', wyndMember))).statusCode).toBe(200);
  });
});
