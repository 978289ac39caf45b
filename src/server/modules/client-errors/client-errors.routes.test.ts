import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeReferenceCode } from '#shared/rules/reference-code';
import { createTestApp, type TestApp } from '../../test/app';
import { clientErrors, partners } from '../../db/schema';
import { CLIENT_ERRORS_PER_ADDRESS } from '../../plugins/rate-limits';

const logged: string[] = [];
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ config: { logLevel: 'info' }, logged, rateLimitMax: 10_000 }); });
afterAll(async () => { await t.close(); });

const report = (over: Record<string, unknown> = {}) => ({ reference: makeReferenceCode(), route: '/merchants/12', name: 'TypeError', message: "Cannot read properties of undefined (reading 'name')", ...over });
let address = 0;
async function post(payload: Record<string, unknown>, opts: { token?: boolean; remoteAddress?: string } = {}) {
  const { cookie, token } = await t.csrf('hilton');
  return t.app.inject({
    method: 'POST', url: '/api/client-errors', payload, remoteAddress: opts.remoteAddress ?? `10.25.8.${++address}`,
    headers: { host: 'hilton.localhost', cookie, ...(opts.token === false ? {} : { 'x-xsrf-token': token }) },
  });
}

describe('POST /api/client-errors (issue 25 item 8)', () => {
  it("keeps the browser's error under the reference code the visitor was shown, and logs it with that code", async () => {
    const body = report();
    const from = logged.length;
    const res = await post(body);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ reference: body.reference });
    const [row] = await t.database.db.select().from(clientErrors).where(eq(clientErrors.reference, body.reference));
    const [hilton] = await t.database.db.select().from(partners).where(eq(partners.code, 'hilton'));
    expect(row).toMatchObject({ partnerId: hilton!.id, route: '/merchants/12', name: 'TypeError', message: body.message, status: null, requestId: res.headers['x-request-id'] });
    const line = logged.slice(from).map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'client error');
    expect(line).toMatchObject({ reference: body.reference, route: '/merchants/12', name: 'TypeError', reqId: res.headers['x-request-id'] });
  });

  it('keeps no personal data: the path without its query, e-mails and long numbers masked, one line of message', async () => {
    const body = report({ route: '/login?email=ann@example.com#x', message: 'No member ann.lee+1@example.com with card 4111 1111 1111 1111 or phone 212-555-0199\n    at stack (app.js:1)', status: 502 });
    expect((await post(body)).statusCode).toBe(202);
    const [row] = await t.database.db.select().from(clientErrors).where(eq(clientErrors.reference, body.reference));
    expect(row).toMatchObject({ route: '/login', message: 'No member [email] with card [number] or phone [number]', status: 502 });
    expect(logged.join('\n')).not.toMatch(/ann\.lee|ann@example|4111|555-0199/);
  });

  it('needs the anti-forgery token and valid, small fields', async () => {
    expect((await post(report(), { token: false })).statusCode).toBe(403);
    for (const bad of [
      report({ reference: 'abc' }), report({ reference: 'OOOOOOOOOO' }), report({ route: 'merchants' }), report({ message: 'x'.repeat(501) }),
      report({ name: 'n'.repeat(101) }), report({ status: 99 }), report({ extra: 1 }), { reference: makeReferenceCode() },
    ]) {
      const res = await post(bad);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    const huge = await post({ ...report(), message: 'x'.repeat(5000) });
    expect(huge.statusCode).toBe(413);
  });

  it(`takes at most ${CLIENT_ERRORS_PER_ADDRESS.max} reports a minute from one address`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= CLIENT_ERRORS_PER_ADDRESS.max; i++) statuses.push((await post(report(), { remoteAddress: '10.25.9.1' })).statusCode);
    expect(statuses.slice(0, -1).length).toBeGreaterThan(0);
    expect(statuses.slice(0, -1).every((s) => s === 202)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
