/**
 * Issue 7, "Security defects", walked item by item the way an attacker tried them. Each block
 * failed on the code before the fix. The deeper tests of each item live next to its code (named
 * in each block); this file keeps the whole list in one place.
 */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app';
import { impressions } from './db/schema';
import { sameOriginPath } from '#shared/rules/safe-redirect';
import { generateCardPrivateKeyPem } from './modules/cards/card-crypto';
import { TestBrowser } from './test/browser';
import { demoPublicId } from './demo/members';
import { tooManyRequestsMessage } from './plugins/rate-limits';
import { withCheckCharacter } from '#shared/rules/partner-number';
import { productionEnv } from './test/production-env';
import { DEVICE_RULE } from './modules/lockout/lockout';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

let address = 0;
const nextAddress = () => { address++; return `10.66.${address >> 8}.${address & 255}`; };

describe('1. open redirect after single sign-on', () => {
  // The full flow through the identity provider: sso.routes.test.ts "open redirects after single sign-on".
  it.each(['//x', '/\\x', '/..//x', '/.//x', '/%2e%2e//x', '%5C', '%5C%5Cx', 'https:x', '/\t/x', '/\n/x'])('the one rule refuses %j', (value) => {
    expect(sameOriginPath(value)).toBeNull();
  });

  it('the start of single sign-on keeps only a same-origin returnTo in its sealed state', async () => {
    const res = await t.request('delta', { method: 'GET', url: `/auth/sso/start?returnTo=${encodeURIComponent('/..//evil.example')}` });
    expect(res.statusCode).toBe(302);
    const sealed = res.cookies.find((c) => c.name === 'rn_sso')!.value;
    const state = JSON.parse(Buffer.from(sealed.slice(0, sealed.lastIndexOf('.')), 'base64url').toString('utf8')) as { returnTo: string };
    expect(state.returnTo).toBe('/account');
  });
});

describe('2. demo accounts in production', () => {
  // Catalogue-only seed: demo/seed.test.ts. Here the real start, as an operator would run it.
  it('NODE_ENV=production on an empty database seeds no demo member: the published password signs nobody in', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rn-prod-'));
    const env = {
      ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, SEED_MERCHANTS: '20', LOG_LEVEL: 'silent',
      SMTP_URL: 'smtp://127.0.0.1:2525', ...productionEnv(),
      CARD_PRIVATE_KEY: await generateCardPrivateKeyPem(), DATABASE_URL: '',
    };
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    try {
      const port = await new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start within 90 s:\n${output}`)), 90_000);
        const read = (chunk: Buffer) => {
          output += chunk.toString();
          const m = /Ready in [\d.]+ s on http:\/\/localhost:(\d+)/.exec(output);
          if (m) { clearTimeout(timer); resolve(Number(m[1])); }
        };
        child.stdout.on('data', read);
        child.stderr.on('data', read);
        child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`exited ${code}:\n${output}`)); });
      });
      // fetch() may not set Host: node:http asks for the partner's own site.
      const call = (method: string, url: string, headers: Record<string, string> = {}, body?: string) => new Promise<{ status: number; text: string; cookies: string[] }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, method, path: url, headers: { host: `hilton.dining.example.com:${port}`, ...headers } }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => { text += c.toString(); });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text, cookies: res.headers['set-cookie'] ?? [] }));
        });
        req.on('error', reject);
        req.end(body);
      });
      const csrf = await call('GET', '/api/CSRF');
      const token = (JSON.parse(csrf.text) as { csrfToken: string }).csrfToken;
      const cookie = csrf.cookies.map((c) => c.split(';')[0]).join('; ');
      const signIn = await call('POST', '/api/SignIn', { cookie, 'x-xsrf-token': token, 'content-type': 'application/json' },
        JSON.stringify({ username: 'select.card@hilton.example.com', password: 'Dining2026!', staySignedIn: false }));
      expect(signIn.status, signIn.text).toBe(401);
      expect((await call('GET', '/api/stgtools/members')).status).toBe(404);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r).once('error', r));
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('3. card numbers recoverable from a copy of the database', () => {
  // card-crypto.test.ts "the fingerprint key in production"; the start fails without it (main.ts).
  it('production never generates or stores the fingerprint key', async () => {
    const { loadFingerprintKey, CARD_FINGERPRINT_KEY_REQUIRED } = await import('./modules/cards/card-crypto');
    await expect(loadFingerprintKey({ config: { ...t.config, env: 'production', cardFingerprintKey: undefined }, db: t.database.db })).rejects.toThrow(CARD_FINGERPRINT_KEY_REQUIRED);
  });
});

describe('4. account takeover through the staging outbox', () => {
  // stgtools.routes.test.ts "the outbox never shows a real member's mail"; recovery.routes.test.ts "the e-mailed link's origin".
  it('another person cannot read a real member\'s reset link, and the link ignores the Host header', async () => {
    const owner = new TestBrowser(t, 'hilton');
    const joined = await owner.send({
      method: 'POST', url: '/api/Members/Prospects',
      payload: { email: 'victim@example.com', password: 'Original1pass', passwordConfirm: 'Original1pass', firstName: 'Vic', lastName: 'Tim', zipCode: '10001', emailOptIn: true, partnerNumber: withCheckCharacter('VT0001') },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const attacker = new TestBrowser(t, 'hilton');
    const asked = await attacker.send({ method: 'POST', url: '/api/Recover', payload: { email: 'victim@example.com' }, headers: { host: 'hilton.attacker.example' } });
    expect(asked.statusCode).toBe(202);
    await expect.poll(async () => (await owner.send({ method: 'GET', url: '/api/stgtools/outbox' })).json<{ messages: Array<{ to: string; textBody: string }> }>().messages
      .filter((m) => m.to === 'victim@example.com'), { timeout: 5000 }).toHaveLength(1);
    const seen = (await attacker.send({ method: 'GET', url: '/api/stgtools/outbox' })).json<{ messages: Array<{ to: string }> }>().messages;
    expect(seen.some((m) => m.to === 'victim@example.com')).toBe(false);
    const mine = (await owner.send({ method: 'GET', url: '/api/stgtools/outbox' })).json<{ messages: Array<{ to: string; textBody: string }> }>().messages;
    const mail = mine.find((m) => m.to === 'victim@example.com')!;
    expect(mail.textBody).toContain('http://hilton.localhost:3000/recover/update?token=');
    expect(mail.textBody).not.toContain('attacker');
  });

  it('"sign in as" works for demo accounts only', async () => {
    const b = new TestBrowser(t, 'hilton');
    expect((await b.signInAs(demoPublicId('hilton', 'select-card'))).statusCode).toBe(200);
    expect((await b.signInAs('someone-real')).statusCode).toBe(403);
  });
});

describe('5. password spraying', () => {
  const signIn = async (b: TestBrowser, username: string) =>
    b.send({ method: 'POST', url: '/api/SignIn', payload: { username, password: 'Wrong-password-1', staySignedIn: false } });

  it('80 sign-ins with different e-mails from one browser: the first failures answered, then the browser must wait (429, Retry-After, the wait in words)', async () => {
    const b = new TestBrowser(t, 'hilton');
    const statuses: number[] = [];
    let last = '';
    let retryAfter: string | number | string[] | undefined;
    for (let i = 0; i < 80; i++) {
      const res = await signIn(b, `spray${i}@example.com`);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        last = res.json<{ message: string }>().message;
        retryAfter = res.headers['retry-after'];
      }
    }
    // Spraying across accounts is limited per client (lockout.ts DEVICE_RULE), whichever accounts it tries.
    expect(statuses.slice(0, 5).length).toBeGreaterThan(0);
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    // Waits grow (1 s, 2 s, 4 s…), so an attempt made after its wait is answered again, up to the
    // browser's last failure (DEVICE_RULE.maxFailures); after that it is stopped for 30 minutes.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(DEVICE_RULE.maxFailures);
    expect(statuses.slice(-20).length).toBeGreaterThan(0);
    expect(statuses.slice(-20).every((s) => s === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // The device's wait, or the address's request limit when that comes first: either says how long.
    expect(last).toMatch(/^Too many (unsuccessful sign-in attempts from this device|requests)\. Please wait .+ and try again\.$/);
  });

  it('one account from many addresses: the fifth failure is answered honestly, the account is locked after it (423), never a 429 that hides the sign-in link', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) statuses.push((await signIn(new TestBrowser(t, 'hilton'), 'basic.card@hilton.example.com')).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).length).toBeGreaterThan(0);
    expect(statuses.slice(5).every((s) => s === 423)).toBe(true);
  });

  it.each([
    ['recovery', 'POST', '/api/Recover', (i: number) => ({ payload: { email: `r${i % 3}-spray@example.com` } }), 10, 202],
    ['e-mail validation', 'GET', '/api/Members/Validate/Email', (i: number) => ({ query: { email: `v${i}@example.com` } }), 30, 200],
    ['ZIP validation', 'GET', '/api/Members/Validate/Zip', () => ({ query: { zip: '10001' } }), 30, 200],
    ['prospect e-mails', 'POST', '/api/Members/Prospects/Email', (i: number) => ({ payload: { email: `p${i}@example.com` } }), 30, 202],
  ] as const)('%s: one address is limited', async (_name, method, url, input, max, ok) => {
    const b = new TestBrowser(t, 'hilton');
    const statuses: number[] = [];
    for (let i = 0; i < max + 3; i++) statuses.push((await b.send({ method, url, ...input(i) })).statusCode);
    expect(statuses.slice(0, max), statuses.join(',')).toEqual(Array<number>(max).fill(ok));
    expect(statuses.slice(max)).toEqual([429, 429, 429]);
  });

  it.each([
    ['recovery', 'POST', '/api/Recover', { payload: { email: 'one-mailbox@example.com' } }, 10, 202],
    ['e-mail validation', 'GET', '/api/Members/Validate/Email', { query: { email: 'one-mailbox@example.com' } }, 20, 200],
    ['prospect e-mails', 'POST', '/api/Members/Prospects/Email', { payload: { email: 'one-mailbox@example.com' } }, 5, 202],
  ] as const)('%s: one account is limited across addresses', async (_name, method, url, input, max, ok) => {
    const answers = [];
    for (let i = 0; i < max + 2; i++) answers.push(await new TestBrowser(t, 'hilton').send({ method, url, ...input }));
    const statuses = answers.map((res) => res.statusCode);
    for (const res of answers.slice(max)) {
      expect(res.json<{ message: string }>().message).toMatch(/^Too many requests/);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, max), statuses.join(',')).toEqual(Array<number>(max).fill(ok));
    expect(statuses.slice(max)).toEqual([429, 429]);
  });

  it('says how long to wait', () => {
    expect(tooManyRequestsMessage(59_500)).toBe('Too many requests. Please wait 60 seconds and try again.');
    expect(tooManyRequestsMessage(0)).toBe('Too many requests. Please wait 1 seconds and try again.');
  });
});

describe('6. anonymous disk filling through impressions', () => {
  const batch = (n: number, over: Record<string, unknown> = {}) => Array.from({ length: n }, () => ({
    eventType: 'pageView', channel: 'web', dateTime: new Date().toISOString(), userAgent: 'u'.repeat(300), path: `/${'p'.repeat(299)}`, ...over,
  }));

  it('one client stores at most the hourly quota, then gets 429 and nothing more is stored', async () => {
    const b = new TestBrowser(t, 'hilton');
    const before = (await t.database.db.select({ id: impressions.id }).from(impressions)).length;
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await b.send({ method: 'POST', url: '/api/Impressions', payload: batch(50) })).statusCode);
    expect(statuses.slice(0, 20).length).toBeGreaterThan(0);
    expect(statuses.slice(0, 20).every((s) => s === 202)).toBe(true);
    expect(statuses.slice(20).length).toBeGreaterThan(0);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    const after = (await t.database.db.select({ id: impressions.id }).from(impressions)).length;
    expect(after - before).toBe(1000);
  });

  it('refuses oversized fields, far-off dates and oversized bodies', async () => {
    const b = new TestBrowser(t, 'hilton');
    expect((await b.send({ method: 'POST', url: '/api/Impressions', payload: batch(1, { userAgent: 'u'.repeat(301) }) })).statusCode).toBe(400);
    expect((await b.send({ method: 'POST', url: '/api/Impressions', payload: batch(1, { path: `/${'p'.repeat(300)}` }) })).statusCode).toBe(400);
    expect((await b.send({ method: 'POST', url: '/api/Impressions', payload: batch(1, { dateTime: '2020-01-01T00:00:00Z' }) })).statusCode).toBe(400);
    const padded = JSON.stringify(batch(50)).replace(/"channel"/g, `${' '.repeat(300)}"channel"`);
    const big = await b.send({ method: 'POST', url: '/api/Impressions', payload: padded, headers: { 'content-type': 'application/json' } });
    expect(big.statusCode).toBe(413);
  });

  it('calls per minute from one address are limited too', async () => {
    const b = new TestBrowser(t, 'delta');
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) statuses.push((await b.send({ method: 'POST', url: '/api/Impressions', payload: batch(1) })).statusCode);
    expect(statuses.slice(0, 60).length).toBeGreaterThan(0);
    expect(statuses.slice(0, 60).every((s) => s === 202)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429]);
  });
  // Retention: jobs/scheduler.test.ts "impressions retention".
});

describe('7. single sign-on sign-out', () => {
  // The whole flow (provider session ended, next sign-in not silent): sso.routes.test.ts "signing out of a single sign-on session".
  it('the sign-out answer of an sso member names the provider\'s end-session address', async () => {
    const b = new TestBrowser(t, 'delta');
    expect((await b.signInAs(demoPublicId('delta', 'sso-select-card'))).statusCode).toBe(200);
    const out = await b.send({ method: 'GET', url: '/api/SignOut', csrf: true });
    expect(out.statusCode).toBe(200);
    const end = new URL(out.json<{ endSessionUrl: string }>().endSessionUrl);
    expect(end.pathname).toBe('/oidc/session/end');
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe('http://delta.localhost/SignOut');
  });
});

describe('8. the anti-forgery check comes first', () => {
  it('PUT /api/Member {"firstName":5} without the token answers 403, not 400', async () => {
    const b = new TestBrowser(t, 'hilton');
    expect((await b.signInAs(demoPublicId('hilton', 'select-card'))).statusCode).toBe(200);
    const res = await t.request('hilton', { method: 'PUT', url: '/api/Member', headers: { cookie: b.cookieHeader() }, payload: { firstName: 5 }, remoteAddress: nextAddress() });
    expect(res.statusCode).toBe(403);
    expect(res.json()).not.toHaveProperty('fieldErrors');
  });

  it.each([
    ['a body that is not JSON', { 'content-type': 'application/json' }, '{"oops'],
    ['another media type', { 'content-type': 'text/plain' }, 'hello'],
    ['an oversized body', { 'content-type': 'application/json' }, `"${'x'.repeat(300 * 1024)}"`],
  ])('%s without the token answers 403', async (_name, headers, payload) => {
    const res = await t.request('hilton', { method: 'POST', url: '/api/Impressions', headers, payload, remoteAddress: nextAddress() });
    expect(res.statusCode).toBe(403);
  });

  it('a route registered with its own onRequest hook is checked first too', async () => {
    // POST /api/Recover has onRequest: directOnly (404 for sso partners); without a token: 403.
    const res = await t.request('delta', { method: 'POST', url: '/api/Recover', payload: { email: 'x' }, remoteAddress: nextAddress() });
    expect(res.statusCode).toBe(403);
  });
});
