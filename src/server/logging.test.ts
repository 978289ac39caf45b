import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { REFERENCE_PATTERN } from '#shared/rules/reference-code';
import { createTestApp, type TestApp } from './test/app';
import { productionEnv } from './test/production-env';

/**
 * Request logging at the default level (info): one concise line per request — method, address
 * with secrets redacted, status, time — instead of Fastify's "incoming request" and "request
 * completed" pair (about 270 MB in 16 minutes under load). A failure adds the error handler's line.
 */
type Line = { level: number; msg: string; reqId?: string; method?: string; url?: string; statusCode?: number; ms?: number; reference?: string; req?: unknown; res?: unknown };

describe('request log', () => {
  const logged: string[] = [];
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({
      config: { logLevel: 'info' },
      logged,
      beforeReady: (a) => a.get('/api/test-log/fails', async () => { throw new Error('exploded'); }),
    });
    app = t.app;
  });
  afterAll(async () => { await t.close(); });

  /** The lines one request wrote, found by its request id. */
  const linesOf = async (url: string, method: 'GET' | 'POST' = 'GET') => {
    const from = logged.length;
    const res = await app.inject({ method, url, headers: { host: 'hilton.localhost' } });
    const lines = logged.slice(from).map((l) => JSON.parse(l) as Line);
    return { res, lines };
  };

  it('writes one line per request with method, address, status and time, and nothing else', async () => {
    const { res, lines } = await linesOf('/api/CSRF');
    expect(res.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({ level: 30, msg: 'request', method: 'GET', url: '/api/CSRF', statusCode: 200 });
    expect(typeof line!.ms).toBe('number');
    expect(line!.reqId).toBeTruthy();
    // Not Fastify's lines, and no headers, cookies or response object in it.
    expect(line!.req).toBeUndefined();
    expect(line!.res).toBeUndefined();
    expect(logged.join('\n')).not.toMatch(/incoming request|request completed/);
  });

  it('writes one line for a refused request too', async () => {
    const { res, lines } = await linesOf('/api/Member');
    expect(res.statusCode).toBe(401);
    expect(lines).toEqual([expect.objectContaining({ level: 30, msg: 'request', url: '/api/Member', statusCode: 401 })]);
  });

  it('keeps secrets of the query string out of the line', async () => {
    const { lines } = await linesOf('/api/CSRF?token=s3cret-reset-token&code=oidc-code&x=1');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.url).toBe('/api/CSRF?token=[redacted]&code=[redacted]&x=1');
    expect(JSON.stringify(lines)).not.toMatch(/s3cret|oidc-code/);
  });

  it('logs a failure in full: the error handler\'s line and the request line', async () => {
    const { res, lines } = await linesOf('/api/test-log/fails');
    expect(res.statusCode).toBe(500);
    expect(lines).toHaveLength(2);
    const reference = /Reference ([A-Z2-9]{10})\./.exec(res.json<{ message: string }>().message)?.[1];
    expect(lines[0]).toMatchObject({ level: 50, msg: 'request failed', reference, message: 'exploded' });
    expect(lines[1]).toMatchObject({ level: 30, msg: 'request', statusCode: 500 });
    // Issue 25 item 8: the reference is the request's id, sent back as X-Request-Id and on every
    // line of the request, so support finds the whole request by the code the visitor quotes.
    expect(res.headers['x-request-id']).toBe(reference);
    expect(lines[0]!.reqId).toBe(reference);
    expect(lines[1]!.reqId).toBe(reference);
  });

  it('names every answer with its request id, a fresh one each time, never the one a client sends (issue 25 item 8)', async () => {
    const seen = new Set<string>();
    for (const url of ['/api/CSRF', '/api/nothing-here', '/', '/no/such/page', `/api/merchants/${'9'.repeat(300)}`]) {
      const { res, lines } = await linesOf(url);
      const id = String(res.headers['x-request-id']);
      expect(id, url).toMatch(REFERENCE_PATTERN);
      expect(lines.at(-1)!.reqId, url).toBe(id);
      seen.add(id);
    }
    expect(seen.size).toBe(5);
    const forged = await app.inject({ method: 'GET', url: '/api/CSRF', headers: { host: 'hilton.localhost', 'x-request-id': 'AAAAAAAAAA' } });
    expect(forged.headers['x-request-id']).not.toBe('AAAAAAAAAA');
  });

  it('keeps health probes out of the log at info', async () => {
    expect((await linesOf('/health')).lines).toEqual([]);
    expect((await linesOf('/ready')).lines).toEqual([]);
  });
});

describe('request log by environment (LOG_LEVEL unset)', () => {
  /** The lines one request writes in an app at the level LOG_LEVEL-unset gives that environment. */
  const linesAt = async (env: Record<string, string>) => {
    const logged: string[] = [];
    const t = await createTestApp({ config: { logLevel: loadConfig(env).logLevel }, logged });
    try {
      const from = logged.length;
      const res = await t.request('hilton', { method: 'GET', url: '/api/CSRF' });
      expect(res.statusCode).toBe(200);
      return logged.slice(from).map((l) => JSON.parse(l) as Line);
    } finally {
      await t.close();
    }
  };

  it('a development start (npm start) writes no line per request: its terminal shows start-up and problems', async () => {
    expect(await linesAt({})).toEqual([]);
  });

  it('production writes the one access line per request', async () => {
    expect(await linesAt(productionEnv())).toEqual([expect.objectContaining({ level: 30, msg: 'request', url: '/api/CSRF', statusCode: 200 })]);
  });
});
