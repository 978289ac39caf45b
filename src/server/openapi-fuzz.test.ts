import { request } from 'node:http';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { demoPublicId } from './demo/members';
import { signCardEvent } from './lib/card-event-signature';
import { createTestApp } from './test/app';
import { TestBrowser } from './test/browser';
import { injectOptions, operationsOf, requestArbitrary, ResponseChecker, type DocumentedOperation, type FuzzRequest, type OpenApiDocument } from './test/openapi-fuzz';
import { MAX_HEADER_BYTES } from './plugins/openapi';

/**
 * Schema-driven fuzz of every call in the OpenAPI document (issue 13 item 7): requests drawn from
 * each operation's parameter and body schemas, valid ones and broken ones (wrong types, missing or
 * unknown fields, nulls, huge and odd unicode strings, bad JSON, another media type), sent signed
 * in and not, with and without the anti-forgery token, on the partner's host, another partner's and
 * an unknown one. Every answer must be below 500 and match the response the document gives for its
 * status code (ajv against the documented schema; for images and scripts, the documented media type).
 *
 *   npx vitest run src/server/openapi-fuzz.test.ts                (about 700 requests, fixed seed)
 *   npm run test:fuzz                                            (FUZZ_RUNS=6000, a new seed each run)
 * FUZZ_RUNS sets the total, FUZZ_SEED replays a run (the failure message prints the seed and path).
 */
const TOTAL = Number(process.env.FUZZ_RUNS ?? 700);
const FULL = process.env.FUZZ_RUNS !== undefined;
const SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : FULL ? Date.now() % 2_147_483_647 : 20261123;
const PARTNER = 'hilton';
const MEMBER = demoPublicId(PARTNER, 'select-card');
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
/** Known-good values by name, so that valid requests also pass the server's own checks now and then (a ZIP that geocodes, a demo member). */
const HINTS = {
  location: ['10001', 'Chicago, IL', '90012'], zipCode: ['10001', '60601'], zip: ['10001'], publicId: [MEMBER, demoPublicId(PARTNER, 'visitor-new')],
  email: [`select.card@${PARTNER}.example.com`], username: [`select.card@${PARTNER}.example.com`], date: [tomorrow], time: ['19:00', '12:30'], partySize: [2, 4],
  contentName: ['home', 'discover'], code: [PARTNER],
};
const HOSTS = { own: `${PARTNER}.localhost`, 'other-partner': 'caesars.localhost', unknown: 'nosuchpartner.localhost' } as const;

const t = await createTestApp();
const doc = (await t.request(PARTNER, { method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
const components = doc.components?.schemas ?? {};
const checker = new ResponseChecker(doc);
const operations = operationsOf(doc);
const perOperation = Math.max(3, Math.ceil(TOTAL / operations.length));
const counts = new Map<string, Map<number, number>>();
let sent = 0;

afterAll(async () => {
  if (FULL) {
    const rows = [...counts].map(([id, statuses]) => `  ${id.padEnd(48)} ${[...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ')}`);
    console.log(`OpenAPI fuzz: ${sent} requests over ${operations.length} operations, seed ${SEED}\n${rows.join('\n')}`);
  }
  await t.close();
});

/** The signed-in member's browser; signed in again (and put back as a card member) when a fuzzed call ended or changed it. */
let member = await signedInMember();
async function signedInMember(): Promise<TestBrowser> {
  const browser = new TestBrowser(t, PARTNER);
  const res = await browser.signInAs(MEMBER);
  if (res.statusCode !== 200) throw new Error(`sign-in-as ${MEMBER}: ${res.statusCode} ${res.body}`);
  return browser;
}
async function restoreMember(): Promise<void> {
  const res = await member.send({ method: 'GET', url: '/api/Member' });
  if (res.statusCode !== 200) {
    member = await signedInMember();
    return;
  }
  const m = res.json<{ memberType: string; tierLevel: number; active?: boolean }>();
  if (m.memberType !== 'EnrolledCardMember' || m.tierLevel !== 2 || m.active === false) {
    const put = await member.send({ method: 'PUT', url: '/api/stgtools/member-state', payload: { memberType: 'EnrolledCardMember', tierLevel: 2, active: true } });
    if (put.statusCode !== 200) member = await signedInMember();
  }
}
const anonymous = new TestBrowser(t, PARTNER);
await anonymous.fetchToken();

async function send(req: FuzzRequest, path: string) {
  const auth = req.caller === 'member' ? { cookie: member.cookieHeader(), token: member.token }
    : req.caller === 'member-no-token' ? { cookie: member.cookieHeader() }
      : req.caller === 'anonymous+token' ? { cookie: anonymous.cookieHeader(), token: anonymous.token }
        : {};
  const options = injectOptions(req, auth);
  const headers = { ...(options.headers as Record<string, string>), host: HOSTS[req.host] };
  // The card network signs its events: signed ones (the member caller's share) reach the body checks.
  if (path === '/api/card-network/events' && req.caller === 'member' && req.payload !== undefined) Object.assign(headers, signCardEvent(t.config.cardEventsSecret, req.payload));
  sent++;
  // Many client addresses, so one address's per-route limits (e.g. 20 sign-ins a minute) answer some calls 429, not all.
  return t.app.inject({ ...options, headers, remoteAddress: `10.99.0.${sent % 64}` });
}

describe(`every call in the OpenAPI document (${operations.length} operations, ${perOperation} requests each, seed ${SEED})`, () => {
  it('the document has the calls the fuzz is meant to cover', () => {
    expect(operations.length).toBeGreaterThan(60);
    expect(perOperation * operations.length).toBeGreaterThanOrEqual(FULL ? 5000 : 3 * operations.length);
  });

  it('the check flags a server error, an undocumented status, a body off its schema and another media type', () => {
    const search = operations.find((o) => o.path === '/api/v2/Merchants/Search')!;
    const answer = (statusCode: number, body: unknown, contentType = 'application/json') =>
      ({ statusCode, body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': contentType } }) as unknown as LightMyRequestResponse;
    const error = { statusCode: 400, error: 'Bad Request', message: 'Location is required.' };
    expect(checker.check(search, answer(400, error))).toEqual([]);
    expect(checker.check(search, answer(500, { ...error, statusCode: 500 }))[0]).toMatch(/server error/);
    expect(checker.check(search, answer(418, error))[0]).toMatch(/does not list/);
    expect(checker.check(search, answer(400, { ...error, extra: 1 }))[0]).toMatch(/does not match/);
    expect(checker.check(search, answer(200, { merchants: 'none' }))[0]).toMatch(/does not match/);
    expect(checker.check(search, answer(400, '<html></html>', 'text/html'))[0]).toMatch(/the document says application\/json/);
  });

  it('the fuzz itself fails on a status its document leaves out (issue 25 item 9)', { timeout: 120_000 }, async () => {
    // A call that takes no body, as a document that forgot what a body sent to it gets (413, 415).
    const op = operations.find((o) => o.method === 'DELETE' && !o.operation.requestBody)!;
    expect(op).toBeDefined();
    const forgetful = structuredClone(doc);
    const responses = forgetful.paths[op.path]![op.method.toLowerCase()]!.responses;
    delete responses['413'];
    delete responses['415'];
    const stripped = operationsOf(forgetful).find((o) => o.id === op.id)!;
    const failure = await fuzzOperation(stripped, new ResponseChecker(forgetful), 60).then(() => null, (err: unknown) => err as Error);
    // fast-check reports the property's own error as the cause of its failure.
    expect(String((failure?.cause as Error | undefined)?.message ?? failure?.message)).toMatch(/answered 41[35], which the document does not list/);
    // The document as served lists them: the same run passes.
    await fuzzOperation(op, checker, 60);
  });

  it('every call documents the 431 that Node answers for a request head over 16 kB (a real connection, not inject)', { timeout: 120_000 }, async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const problems: string[] = [];
    for (const op of operations) {
      const url = op.path.replace(/\{[^}]+\}/g, '1');
      const res = await rawRequest(port, op.method, url, { host: HOSTS.own, 'x-padding': 'a'.repeat(MAX_HEADER_BYTES + 1024) });
      expect(res.statusCode, `${op.method} ${url}`).toBe(431);
      problems.push(...checker.check(op, res as unknown as LightMyRequestResponse).map((p) => `${op.method} ${op.path}: ${p}`));
    }
    expect(problems).toEqual([]);
  });

  for (const op of operations) {
    it(`${op.method} ${op.path}: never 5xx, every answer as documented`, { timeout: FULL ? 600_000 : 60_000 }, async () => {
      await fuzzOperation(op, checker, perOperation);
    });
  }
});

/** The fuzz of one operation: `runs` drawn requests, each answer checked against the document (`checker`). */
async function fuzzOperation(op: DocumentedOperation, check: ResponseChecker, runs: number): Promise<void> {
  const statuses = counts.get(op.id) ?? new Map<number, number>();
  counts.set(op.id, statuses);
  const arbitrary = fc.oneof({ arbitrary: requestArbitrary(op, components, 'valid', HINTS), weight: 1 }, { arbitrary: requestArbitrary(op, components, 'fuzzed', HINTS), weight: 2 });
  await fc.assert(fc.asyncProperty(arbitrary, async (req) => {
    const res = await send(req, op.path);
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    const problems = check.check(op, res);
    if (req.caller === 'member' && (req.method !== 'GET' || op.path === '/api/SignOut')) await restoreMember();
    if (problems.length > 0) {
      throw new Error(`${req.method} ${req.url} as ${req.caller} on ${HOSTS[req.host]} (body ${req.drawn.bodyKind}: ${String(req.payload ?? '').slice(0, 300)}) ${problems.join('; ')}`);
    }
  }), { numRuns: runs, seed: SEED, endOnFailure: !FULL });
}

/** One request over a real connection (inject skips Node's HTTP parser, which answers 431 and 408 itself). */
function rawRequest(port: number, method: string, path: string, headers: Record<string, string>): Promise<{ statusCode: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { body += chunk; });
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
