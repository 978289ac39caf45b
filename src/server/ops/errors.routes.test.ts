import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../test/app';
import { TestBrowser } from '../test/browser';
import { createOpsApp, OpsBrowser, signedInAs } from '../test/ops';
import { auditLog, clientErrors, members, partners } from '../db/schema';
import { demoPublicId } from '../demo/members';
import { makeReferenceCode, REFERENCE_FORMAT_MESSAGE, serverErrorMessage } from '#shared/rules/reference-code';
import type { OpsErrorDetail } from '#shared/schemas/ops';

/**
 * Issue 27 item 8: support looks up an error by the reference code the member reads on the error
 * page, both kinds: one the browser reported (POST /api/client-errors) and a 5xx the server
 * answered (kept by the errors plugin under the request's id), within the staff member's partners.
 */
let t: TestApp;
let ops: FastifyInstance;
const SECRET_EMAIL = 'ann.lee@example.com';
const CARD = '4111 1111 1111 1111';

beforeAll(async () => {
  t = await createTestApp({
    rateLimitMax: 100_000,
    // A partner-site API route that fails unexpectedly, its message quoting what must not be kept.
    beforeReady: (a) => a.get('/api/test-errors/:kind', async () => { throw new TypeError(`No card ${CARD} for ${SECRET_EMAIL}\n    at handler (app.js:1)`); }),
  });
  ops = await createOpsApp(t);
});
afterAll(async () => {
  await ops.close();
  await t.close();
});

const lookUp = (b: OpsBrowser, reference: string) => b.send({ method: 'GET', url: `/api/ops/errors/${encodeURIComponent(reference)}` });
const memberOf = async (partner: string, kind: string) => (await t.database.db.select().from(members).where(eq(members.publicId, demoPublicId(partner, kind))))[0]!;
const partnerId = async (code: string) => (await t.database.db.select().from(partners).where(eq(partners.code, code)))[0]!.id;

/** A signed-in member's browser on a partner site reports an error it saw; its reference code. */
async function browserError(partner: string, opts: { signedIn?: boolean } = {}): Promise<string> {
  const b = new TestBrowser(t, partner);
  const signIn = opts.signedIn ? (await b.signInAs(demoPublicId(partner, 'select-card'))).statusCode : 'not asked';
  expect(signIn).toBe(opts.signedIn ? 200 : 'not asked');
  const reference = makeReferenceCode();
  const res = await b.send({ method: 'POST', url: '/api/client-errors', payload: { reference, route: '/merchants/12', name: 'ChunkLoadError', message: 'Loading chunk 7 failed.' } });
  expect(res.statusCode, res.body).toBe(202);
  return reference;
}

describe('GET /api/ops/errors/:reference', () => {
  it("finds a browser's error by its code as a person types it (any case, spaces or dashes), with the member, and audits the look-up", async () => {
    const reference = await browserError('hilton', { signedIn: true });
    const member = await memberOf('hilton', 'select-card');
    const agent = await signedInAs(t, ops, 'agent');
    const res = await lookUp(agent, `${reference.slice(0, 5).toLowerCase()}-${reference.slice(5)} `);
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json<OpsErrorDetail>();
    expect(found).toMatchObject({
      reference, source: 'browser', route: '/merchants/12', method: null, status: null, name: 'ChunkLoadError', message: 'Loading chunk 7 failed.',
      partner: { code: 'hilton' }, memberId: member.id,
    });
    expect(found.seen).toMatch(/^The error page/);
    expect(Date.now() - new Date(found.at).getTime()).toBeLessThan(60_000);
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'error.lookup'), eq(auditLog.target, `error:${reference}`)));
    expect(entry).toMatchObject({ staffEmail: 'agent@ops.example.com', role: 'agent', partnerId: member.partnerId, memberId: member.id, after: { found: true } });
  });

  it('an anonymous visitor\'s error has no member', async () => {
    const reference = await browserError('delta');
    const res = await lookUp(await signedInAs(t, ops, 'auditor'), reference);
    expect(res.statusCode).toBe(200);
    expect(res.json<OpsErrorDetail>()).toMatchObject({ partner: { code: 'delta' }, memberId: null });
  });

  it('a malformed code is a 400 saying what a code looks like; an unknown one a 404 (audited as not found)', async () => {
    const agent = await signedInAs(t, ops, 'agent');
    for (const bad of ['abc', 'OOOOOOOOOO', 'K7MPQ2XW9A1', 'K7MPQ2XW9!']) {
      const res = await lookUp(agent, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<{ message: string }>().message, bad).toContain(REFERENCE_FORMAT_MESSAGE);
    }
    const unknown = makeReferenceCode();
    const res = await lookUp(agent, unknown);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toMatch(/^No error with this reference code/);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.target, `error:${unknown}`));
    expect(entry).toMatchObject({ action: 'error.lookup', partnerId: null, after: { found: false } });
  });

  it("another partner's error answers 404 as if unknown; staff of every partner find it, and errors of no partner (the console's own)", async () => {
    const reference = await browserError('wynd');
    const agent = await signedInAs(t, ops, 'agent');
    const hidden = await lookUp(agent, reference);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('wynd');
    const supervisor = await signedInAs(t, ops, 'supervisor');
    expect((await lookUp(supervisor, reference)).json<OpsErrorDetail>().partner?.code).toBe('wynd');

    const console500 = makeReferenceCode();
    await t.database.db.insert(clientErrors).values({ reference: console500, source: 'server', partnerId: null, route: '/api/ops/claims', method: 'GET', name: 'Error', message: 'x', status: 500, requestId: console500 });
    expect((await lookUp(agent, console500)).statusCode).toBe(404);
    expect((await lookUp(supervisor, console500)).json<OpsErrorDetail>()).toMatchObject({ partner: null, route: '/api/ops/claims' });
  });

  it('without a session 401; with a member\'s session of a partner site 401; roles without the permission 403', async () => {
    const reference = await browserError('hilton');
    const nobody = new OpsBrowser(ops);
    expect((await lookUp(nobody, reference)).statusCode).toBe(401);

    const member = new TestBrowser(t, 'hilton');
    expect((await member.signInAs(demoPublicId('hilton', 'select-card'))).statusCode).toBe(200);
    const withMemberCookies = new OpsBrowser(ops);
    for (const [k, v] of member.cookies) withMemberCookies.cookies.set(k, v);
    expect((await lookUp(withMemberCookies, reference)).statusCode).toBe(401);

    for (const role of ['contentEditor', 'partnerManager'] as const) {
      const res = await lookUp(await signedInAs(t, ops, role), reference);
      expect(res.statusCode, role).toBe(403);
    }
    // A refused look-up is never audited as one.
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.target, `error:${reference}`))).toEqual([]);
  });
});

describe("a server 5xx's reference code, as the member read it, is found by the look-up", () => {
  it('keeps the method, route pattern, status, masked first line, request id, partner and member; never the query, a card or an e-mail', async () => {
    const member = await memberOf('hilton', 'vip-card');
    const site = new TestBrowser(t, 'hilton');
    expect((await site.signInAs(member.publicId)).statusCode).toBe(200);
    const failed = await site.send({ method: 'GET', url: `/api/test-errors/boom?email=${encodeURIComponent(SECRET_EMAIL)}` });
    expect(failed.statusCode).toBe(500);
    const { message } = failed.json<{ message: string }>();
    const reference = /Reference ([A-Z2-9]{10})\./.exec(message)![1]!;
    expect(message).toBe(serverErrorMessage(reference));
    expect(failed.headers['x-request-id']).toBe(reference);

    const agent = await signedInAs(t, ops, 'agent');
    const res = await lookUp(agent, reference);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OpsErrorDetail>()).toMatchObject({
      reference, source: 'server', method: 'GET', route: '/api/test-errors/:kind', status: 500, name: 'TypeError',
      message: 'No card [number] for [email]', requestId: reference, partner: { code: 'hilton' }, memberId: member.id,
    });
    expect(res.json<OpsErrorDetail>().seen).toContain(serverErrorMessage(reference));
    const [row] = await t.database.db.select().from(clientErrors).where(eq(clientErrors.reference, reference));
    expect(row).toMatchObject({ partnerId: await partnerId('hilton'), source: 'server' });
    expect(JSON.stringify(row)).not.toMatch(/ann\.lee|example\.com|4111|handler/);
  });

  it('an anonymous request\'s 500 is kept without a member', async () => {
    const failed = await new TestBrowser(t, 'delta').send({ method: 'GET', url: '/api/test-errors/anon' });
    const reference = failed.headers['x-request-id'] as string;
    expect(failed.json<{ message: string }>().message).toBe(serverErrorMessage(reference));
    const res = await lookUp(await signedInAs(t, ops, 'agent'), reference);
    expect(res.json<OpsErrorDetail>()).toMatchObject({ source: 'server', partner: { code: 'delta' }, memberId: null });
  });
});
