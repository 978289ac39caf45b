import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { errorsPlugin, REQUEST_ID_OPTIONS } from './errors';

/**
 * docs/architecture.md "How a request flows": an unexpected failure answers 500 in the one error shape
 * with a reference the support team finds in the log, and never the raw message, the stack or
 * the query parameters a database error quotes (e-mails, password hashes, reset links).
 */
const SECRET = 'sk_live_51HxSECRETvalue0123456789';
const PARAM_EMAIL = 'leaked.member@example.com';
const PARAM_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g';
const SQL = 'insert into "members" ("email", "password_hash") values ($1, $2)';

/** A plain programming error whose message carries a secret-looking value. */
function secretError(): Error {
  return new Error(`Payment provider refused key ${SECRET} at /srv/app/secrets.ts`);
}

/** What Drizzle throws for a failed query: the SQL, then its parameters, with the pg error as cause. */
function pgLikeError(): Error {
  const cause = Object.assign(new Error('relation "members" does not exist'), { code: '42P01', severity: 'ERROR' });
  return Object.assign(new Error(`Failed query: ${SQL}\nparams: ${PARAM_EMAIL},${PARAM_HASH}`, { cause }), { name: 'DrizzleQueryError' });
}

/** What a stack trace of these errors holds: frame lines and the names of the functions that threw. */
const STACK_MARKS = ['    at ', 'secretError', 'pgLikeError', 'params'];

const REFERENCE = /Reference ([A-Z2-9]{10})\b/;

type ErrorBody = { statusCode: number; error: string; message: string };

/** The one error shape, status 500, and the reference quoted in it. */
function expectHidden500(res: LightMyRequestResponse, leaks: string[]): string {
  expect(res.statusCode).toBe(500);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<ErrorBody>();
  expect(Object.keys(body).sort()).toEqual(['error', 'message', 'statusCode']);
  expect(body).toMatchObject({ statusCode: 500, error: 'Internal Server Error' });
  const reference = REFERENCE.exec(body.message)?.[1];
  expect(reference, body.message).toBeDefined();
  for (const leak of [...leaks, ...STACK_MARKS]) expect(res.body).not.toContain(leak);
  return reference!;
}

/** The log lines (pino JSON) that mention a reference. */
function linesWith(logged: string[], reference: string): string[] {
  return logged.filter((line) => line.includes(reference));
}

function routesThatThrow(app: FastifyInstance, prefix: string) {
  app.get(`${prefix}/secret`, async () => { throw secretError(); });
  app.get(`${prefix}/secret-sync`, () => { throw secretError(); });
  app.get(`${prefix}/pg`, async () => { throw pgLikeError(); });
}

it('throws errors whose stack names the functions the answers must not show', () => {
  expect(secretError().stack).toContain('    at secretError');
  expect(pgLikeError().stack).toContain('pgLikeError');
});

describe('errors plugin on a small app', () => {
  const logged: string[] = [];
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ ...REQUEST_ID_OPTIONS, logger: { level: 'info', stream: { write: (line: string) => void logged.push(line) } } });
    await app.register(errorsPlugin);
    routesThatThrow(app, '/boom');
    await app.ready();
  });
  afterAll(async () => { await app.close(); });

  it.each(['/boom/secret', '/boom/secret-sync'])('answers %s with a reference, not the message or the stack', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    const reference = expectHidden500(res, [SECRET, 'Payment provider', '/srv/app']);
    const lines = linesWith(logged, reference);
    expect(lines.length).toBeGreaterThanOrEqual(1);
    // The reference is the request's id: its other lines carry it too (reqId); the error line says what failed.
    expect(lines.map((l) => JSON.parse(l) as { level: number }).find((l) => l.level === 50)).toMatchObject({ level: 50, reference, reqId: reference });
  });

  it('keeps the query parameters of a database error out of the answer and the log', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom/pg' });
    const reference = expectHidden500(res, [PARAM_EMAIL, PARAM_HASH, 'Failed query', 'members', '42P01']);
    const lines = linesWith(logged, reference);
    expect(lines.length).toBeGreaterThanOrEqual(1);
    for (const line of lines) {
      expect(line).not.toContain(PARAM_EMAIL);
      expect(line).not.toContain(PARAM_HASH);
      expect(line).not.toContain('params');
    }
    // Enough for the support team to find the cause: the pg code is logged.
    expect(lines.join('\n')).toContain('42P01');
    expect(logged.join('\n')).not.toContain(PARAM_EMAIL);
  });

  it('gives each failure its own reference', async () => {
    const a = expectHidden500(await app.inject({ method: 'GET', url: '/boom/secret' }), [SECRET]);
    const b = expectHidden500(await app.inject({ method: 'GET', url: '/boom/secret' }), [SECRET]);
    expect(a).not.toBe(b);
  });
});

describe('errors plugin inside the full app', () => {
  const logged: string[] = [];
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    // A route that fails, registered before ready like every module's routes.
    t = await createTestApp({ config: { logLevel: 'info' }, logged, beforeReady: (a) => routesThatThrow(a, '/api/test-failures') });
    app = t.app;
  });
  afterAll(async () => { await t.close(); });

  const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'hilton.localhost' } });

  it('answers a thrown error with 500 and a reference, hiding the message and the stack', async () => {
    const reference = expectHidden500(await get('/api/test-failures/secret'), [SECRET, 'Payment provider', '/srv/app']);
    expect(linesWith(logged, reference).length).toBeGreaterThanOrEqual(1);
  });

  it('keeps database parameters out of the answer and of every log line', async () => {
    const reference = expectHidden500(await get('/api/test-failures/pg'), [PARAM_EMAIL, PARAM_HASH, 'Failed query']);
    expect(linesWith(logged, reference).length).toBeGreaterThanOrEqual(1);
    const all = logged.join('\n');
    expect(all).not.toContain(PARAM_EMAIL);
    expect(all).not.toContain(PARAM_HASH);
  });
});
