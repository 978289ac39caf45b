import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { CSRF_MESSAGE } from './csrf';
import { ZErrorResponse } from '#shared/schemas/common';
import { MAX_PARAM_LENGTH, operationIdFor, standardErrors } from './openapi';
import { CARD_NETWORK_EVENTS_PATH, isRateLimitedRoute } from './route-rules';

let t: TestApp;
let doc: OpenAPIV3.Document;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json<OpenAPIV3.Document>();
});
afterAll(async () => { await t.close(); });

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
type Op = { method: (typeof METHODS)[number]; path: string; op: OpenAPIV3.OperationObject };
const operations = (): Op[] => Object.entries(doc.paths).flatMap(([path, item]) =>
  METHODS.filter((m) => item?.[m]).map((method) => ({ method, path, op: item![method]! })));
const response = (op: OpenAPIV3.OperationObject, code: number) => op.responses[String(code)] as OpenAPIV3.ResponseObject | undefined;
const codes = (op: OpenAPIV3.OperationObject) => Object.keys(op.responses).map(Number);
const needsXsrf = (op: OpenAPIV3.OperationObject) => Boolean(op.security?.length) && op.security!.every((req) => 'xsrf' in req);
const errorRef = { $ref: '#/components/schemas/ErrorResponse' };
/** A concrete URL for a documented path: every parameter '1' (valid for numeric and text ids). */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '1');

describe('the OpenAPI document', () => {
  it('describes every tag a call uses', () => {
    const used = new Set(operations().flatMap(({ op }) => op.tags ?? []));
    const described = new Map((doc.tags ?? []).map((t) => [t.name, t.description ?? '']));
    expect([...used].filter((tag) => !described.get(tag))).toEqual([]);
  });

  it('puts the anti-forgery requirement and its 403 on a state-changing call', () => {
    const signIn = doc.paths['/api/SignIn']!.post!;
    expect(signIn.security).toEqual([{ xsrf: [] }]);
    expect(response(signIn, 403)?.content?.['application/json']?.schema).toEqual(errorRef);
    expect(response(signIn, 403)?.description).toMatch(/anti-forgery token/);
    expect(doc.components?.securitySchemes?.xsrf).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' });
    // A GET the rule covers (csrfRequired) too; a plain GET says it needs nothing.
    expect(doc.paths['/api/Member/{publicId}']!.get!.security).toEqual([{ xsrf: [] }]);
    expect(doc.paths['/api/v2/Merchants/Search']!.get!.security).toEqual([]);
  });

  it('documents the 302 of the single sign-on routes with their Location', () => {
    for (const path of ['/auth/sso/start', '/auth/sso/callback']) {
      const op = doc.paths[path]!.get!;
      const redirect = response(op, 302);
      expect(redirect?.description, path).toMatch(/Redirect/);
      expect(redirect?.headers?.location, path).toBeDefined();
      expect(redirect?.content, path).toBeUndefined();
      expect(response(op, 200), path).toBeUndefined();
    }
  });

  it('states the request rules: location or coordinates on search, ZIP and e-mail shapes', () => {
    const params = doc.paths['/api/v2/Merchants/Search']!.get!.parameters as OpenAPIV3.ParameterObject[];
    const location = params.find((p) => p.name === 'location')!;
    expect(location.description).toMatch(/Required unless latitude and longitude are given/);
    expect(params.find((p) => p.name === 'latitude')!.description).toMatch(/latitude and longitude together/);
    const join = (doc.paths['/api/Members/Prospects']!.post!.requestBody as OpenAPIV3.RequestBodyObject).content['application/json']!.schema as OpenAPIV3.SchemaObject;
    const zip = join.properties!.zipCode as OpenAPIV3.SchemaObject;
    expect(zip.pattern).toBe('^\\s*[0-9]{5}\\s*$');
    expect(zip.description).toMatch(/exactly 5 digits/);
    const email = join.properties!.email as OpenAPIV3.SchemaObject;
    expect(email).toMatchObject({ format: 'email', maxLength: 50 });
    expect(email.description).toMatch(/name@domain/);
  });

  it('gives every error answer the one error schema', () => {
    expect(doc.components?.schemas?.ErrorResponse).toMatchObject({ type: 'object', required: ['statusCode', 'error', 'message'] });
    for (const { method, path, op } of operations()) {
      for (const code of codes(op).filter((c) => c >= 400)) {
        const schema = response(op, code)?.content?.['application/json']?.schema as OpenAPIV3.SchemaObject | undefined;
        // A route-specific error body names the error schema as one of its shapes.
        const shapes = schema?.anyOf ?? schema?.oneOf ?? [schema];
        expect(shapes, `${method} ${path} ${code}`).toContainEqual(errorRef);
        expect(response(op, code)?.description, `${method} ${path} ${code}`).not.toBe('Default Response');
      }
    }
  });

  it('documents the standard error answers where they apply', () => {
    for (const { method, path, op } of operations()) {
      const at = `${method.toUpperCase()} ${path}`;
      const has = (code: number) => codes(op).includes(code);
      const api = path.startsWith('/api/');
      // Every call under /api/ is rate limited per address except the signed card-network webhook.
      expect(has(429), at).toBe(api && isRateLimitedRoute(path));
      expect(has(503), at).toBe(api);
      // Fastify reads a body on these methods whether the call takes one or not (issue 25 item 9).
      const readsBody = Boolean(op.requestBody) || ['post', 'put', 'patch', 'delete'].includes(method);
      expect(has(413), at).toBe(readsBody);
      expect(has(415), at).toBe(readsBody);
      expect(has(403) || !needsXsrf(op), `${at}: 403 for the anti-forgery token`).toBe(true);
      // Node answers every call 400 for a request it cannot read, 408 for one too slow and 431 for a head over 16 kB.
      for (const code of [400, 408, 431]) expect(has(code), `${at} ${code}`).toBe(true);
      // A path parameter longer than the router takes answers 414 (found by the OpenAPI fuzz).
      expect(has(414), at).toBe(path.includes('{'));
      // Every operation has its success answer, and a unique operationId.
      expect(codes(op).some((c) => c < 400), at).toBe(true);
      expect(op.operationId, at).toBeTruthy();
    }
    const ids = operations().map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationIdFor('GET', '/api/Member/:publicId')).toBe('getMemberByPublicId');
    expect(codes(doc.paths[CARD_NETWORK_EVENTS_PATH]!.post!)).not.toContain(429);
  });

  it('derives the error answers from the route: its body limit, a token it asks for itself', () => {
    // The route's own limit where it sets one (impressions), the app's otherwise.
    const limitOf = (op: OpenAPIV3.OperationObject) => /larger than (\d+) kB/.exec(response(op, 413)?.description ?? '')?.[1];
    expect(limitOf(doc.paths['/api/SignIn']!.post!)).toBe('256');
    expect(limitOf(doc.paths['/api/Impressions']!.post!)).not.toBe('256');
    // A route that needs the token only sometimes (sign-out, when signed in) declares it itself.
    const own = standardErrors({ method: 'GET', url: '/api/SignOut', schema: { security: [{ xsrf: [] }, {}], response: { 403: ZErrorResponse } }, bodyLimit: 1024 });
    expect(own.get(403)).toMatch(/anti-forgery token/);
    expect(own.get(403)).not.toMatch(/before anything else/);
    // A partnerless GET without input: only what Node answers before any route runs.
    expect([...standardErrors({ method: 'GET', url: '/health', bodyLimit: 1024 }).keys()].sort()).toEqual([400, 408, 431]);
    expect(standardErrors({ method: 'DELETE', url: '/api/Member/Cards', bodyLimit: 1024 }).get(415)).toMatch(/takes no body/);
  });

  it('has no path with a trailing slash but the one the spec fixes (redocly.yaml)', () => {
    expect(Object.keys(doc.paths).filter((p) => p.endsWith('/'))).toEqual(['/api/cms/pages/{contentName}/']);
  });
});

/** The document against the running server: what the server does, the document says. */
describe('the OpenAPI document matches what the server does', () => {
  it('requires the anti-forgery token exactly where it says so', async () => {
    for (const { method, path, op } of operations()) {
      const res = await t.request('hilton', { method: method.toUpperCase() as 'GET', url: concrete(path), ...(method === 'get' ? {} : { payload: {} }) });
      const refused = res.statusCode === 403 && res.json<{ message: string }>().message === CSRF_MESSAGE;
      expect(refused, `${method.toUpperCase()} ${path} answered ${res.statusCode}`).toBe(needsXsrf(op));
    }
  });

  it('answers 404 on an unknown host only where it says so', async () => {
    for (const { method, path, op } of operations()) {
      const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url: concrete(path), headers: { host: 'nobody.example.org' } });
      expect(res.statusCode === 404, `${method.toUpperCase()} ${path} answered ${res.statusCode}`).toBe(codes(op).includes(404));
    }
  });

  it('answers 414 to a path parameter over the limit, in the documented shape, where it says so', async () => {
    const { cookie, token } = await t.csrf('hilton');
    const withParams = operations().filter(({ path }) => path.includes('{'));
    expect(withParams.length).toBeGreaterThan(10);
    for (const { method, path, op } of withParams) {
      const url = path.replace(/\{[^}]+\}/g, '9'.repeat(MAX_PARAM_LENGTH + 1));
      const res = await t.request('hilton', { method: method.toUpperCase() as 'GET', url, headers: { cookie, 'x-xsrf-token': token } });
      expect(res.statusCode, `${method.toUpperCase()} ${path}`).toBe(414);
      expect(response(op, 414)?.content?.['application/json']?.schema, `${method.toUpperCase()} ${path}`).toEqual(errorRef);
      expect(Object.keys(res.json<object>()).sort()).toEqual(['error', 'message', 'statusCode']);
    }
  });

  it('answers 415 and 413 where a body is accepted', async () => {
    const { cookie, token } = await t.csrf('hilton');
    const bodied = operations().filter(({ op }) => op.requestBody);
    expect(bodied.length).toBeGreaterThan(5);
    for (const { method, path, op } of bodied) {
      const headers = { cookie, 'x-xsrf-token': token };
      const form = await t.request('hilton', { method: method.toUpperCase() as 'POST', url: concrete(path), headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' });
      expect(form.statusCode, `${method.toUpperCase()} ${path}`).toBe(415);
      // Just over the documented limit: 413; just under it: read (and then judged on its content).
      const limit = 1024 * Number(/larger than (\d+) kB/.exec(response(op, 413)?.description ?? '')?.[1]);
      const padded = (bytes: number) => JSON.stringify({ pad: 'x'.repeat(bytes - 10) });
      const send = (payload: string) => t.request('hilton', { method: method.toUpperCase() as 'POST', url: concrete(path), headers: { ...headers, 'content-type': 'application/json' }, payload });
      const big = await send(padded(limit + 1));
      expect(big.statusCode, `${method.toUpperCase()} ${path}`).toBe(413);
      expect(Object.keys(big.json<object>()).sort()).toEqual(['error', 'message', 'statusCode']);
      expect((await send(padded(limit))).statusCode, `${method.toUpperCase()} ${path}`).not.toBe(413);
    }
  });
});

describe('the OpenAPI document and the rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => { limited = await createTestApp({ rateLimitMax: 1 }); });
  afterAll(async () => { await limited.close(); });

  it('documents 429 wherever the server answers it, and nowhere it cannot', async () => {
    let refused = 0;
    for (const { path, op } of operations().filter((o) => o.method === 'get')) {
      let last = 0;
      for (let i = 0; i < 2; i++) last = (await limited.request('hilton', { method: 'GET', url: concrete(path) })).statusCode;
      expect(last !== 429 || codes(op).includes(429), `GET ${path} answered 429 and does not document it`).toBe(true);
      if (last === 429) refused += 1;
    }
    // The limit of one a minute was reached somewhere (or the check above tried nothing).
    expect(refused).toBeGreaterThan(0);
  });
});
