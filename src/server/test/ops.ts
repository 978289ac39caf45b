import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { staff } from '../db/schema';
import type { StaffRole } from '#shared/rules/ops-permissions';
import { buildOpsApp } from '../ops/app';
import { staffSealingKey } from '../ops/staff';
import { totpCode } from '../ops/totp';
import { DEMO_STAFF, type DemoStaff } from '../demo/staff';
import { ensureDemoStaff } from '../demo';
import { DEMO_PASSWORD } from '../demo/members';
import type { TestApp } from './app';
import { TestBrowser } from './browser';

export const OPS_HOST = 'ops.localhost';

/** A console browser: keeps its cookies and the anti-forgery token, sends them like the console page does. */
export class OpsBrowser {
  cookies = new Map<string, string>();
  token = '';
  constructor(readonly ops: FastifyInstance) {}

  async send(opts: InjectOptions & { token?: boolean }): Promise<LightMyRequestResponse> {
    const method = (opts.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { host: OPS_HOST, ...(opts.headers as Record<string, string> | undefined) };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if ((opts.token ?? method !== 'GET') && this.token) headers['x-xsrf-token'] = this.token;
    const res = await this.ops.inject({ ...opts, headers });
    for (const c of res.cookies) {
      if (c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    const body = res.headers['content-type']?.toString().includes('json') ? res.json<{ csrfToken?: unknown }>() : undefined;
    if (typeof body?.csrfToken === 'string') this.token = body.csrfToken;
    return res;
  }

  async csrf(): Promise<void> {
    await this.send({ method: 'GET', url: '/api/ops/csrf' });
  }

  /** Signs in as a demo staff member (password and the current code); the answer. */
  async signIn(email: string, opts: { password?: string; code?: string; now?: number } = {}): Promise<LightMyRequestResponse> {
    await this.csrf();
    const demo = DEMO_STAFF.find((s) => s.email === email);
    const code = opts.code ?? (demo ? totpCode(demo.totpSecret, opts.now) : '000000');
    return this.send({ method: 'POST', url: '/api/ops/sign-in', payload: { email, password: opts.password ?? DEMO_PASSWORD, code } });
  }
}

/** The console app on a test app's database, with the demo staff. */
export async function createOpsApp(t: TestApp): Promise<FastifyInstance> {
  await ensureDemoStaff(t.database.db, await staffSealingKey(t.database.db, t.config.opsSecretKey));
  const ops = await buildOpsApp({ config: t.config, db: t.database.db, rateLimitMax: 100_000, signInPerMinute: 100_000 });
  await ops.ready();
  return ops;
}

/** The demo staff member of a role (one each; see demo/staff.ts for their partners). */
export const demoStaff = (role: StaffRole): DemoStaff => DEMO_STAFF.find((s) => s.role === role)!;

/** A code is good once: lets a demo account sign in again within the same 30 seconds. */
export const allowCodeReplay = (t: TestApp, email: string) => t.database.db.update(staff).set({ totpLastStep: null }).where(eq(staff.email, email));

/** A console browser signed in as the demo staff member of a role. */
export async function signedInAs(t: TestApp, ops: FastifyInstance, role: StaffRole): Promise<OpsBrowser> {
  await allowCodeReplay(t, demoStaff(role).email);
  const b = new OpsBrowser(ops);
  const res = await b.signIn(demoStaff(role).email);
  expect(res.statusCode, res.body).toBe(200);
  return b;
}

/**
 * A partner-site browser holding the console's draft preview session of that partner: a staff
 * member of `role` chooses Preview in the console, and the site's /preview page trades the
 * one-time grant of the link's fragment (POST /api/ContentPreview), as the browser does.
 */
export async function previewBrowser(t: TestApp, ops: FastifyInstance, partner: string, role: StaffRole = 'administrator', path?: string): Promise<TestBrowser> {
  const console = await signedInAs(t, ops, role);
  const res = await console.send({ method: 'POST', url: `/api/ops/content/${partner}/preview`, payload: path ? { path } : {} });
  expect(res.statusCode, res.body).toBe(201);
  const token = new URL(res.json<{ url: string }>().url).hash.slice(1);
  const b = new TestBrowser(t, partner);
  const started = await b.send({ method: 'POST', url: '/api/ContentPreview', payload: { token } });
  expect(started.statusCode, started.body).toBe(200);
  expect(b.cookies.has('rn_cms_preview')).toBe(true);
  return b;
}

/**
 * A test file's signed-in console browsers, one per role, made when first asked for (the test
 * app and the console app are read then, after beforeAll made them).
 */
export function staffBrowsers(apps: () => { t: TestApp; ops: FastifyInstance }): (role: StaffRole) => Promise<OpsBrowser> {
  const made = new Map<StaffRole, Promise<OpsBrowser>>();
  return (role) => {
    let browser = made.get(role);
    if (!browser) {
      const { t, ops } = apps();
      browser = signedInAs(t, ops, role);
      made.set(role, browser);
    }
    return browser;
  };
}
