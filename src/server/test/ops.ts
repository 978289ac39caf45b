import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { staff } from '../db/schema';
import { buildOpsApp } from '../ops/app';
import { staffSealingKey } from '../ops/staff';
import { totpCode } from '../ops/totp';
import { DEMO_STAFF, type DemoStaff } from '../demo/staff';
import { ensureDemoStaff } from '../demo';
import { DEMO_PASSWORD } from '../demo/members';
import type { TestApp } from './app';

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

/** The demo staff member of a role (one per role: docs/demo-staff.md). */
export const demoStaff = (role: string): DemoStaff => {
  const found = DEMO_STAFF.find((s) => s.role === role);
  if (!found) throw new Error(`no demo staff member with the role ${role}`);
  return found;
};

/** Lets a demo staff member's current code be used again (a code is good once: tests sign in many times within its 30 seconds). */
export const allowCodeReplay = (db: Db, email: string) => db.update(staff).set({ totpLastStep: null }).where(eq(staff.email, email));

/** A console browser signed in as the demo staff member of a role (throws when the sign-in is refused). */
export async function signedInStaff(ops: FastifyInstance, db: Db, role: string): Promise<OpsBrowser> {
  const person = demoStaff(role);
  await allowCodeReplay(db, person.email);
  const b = new OpsBrowser(ops);
  const res = await b.signIn(person.email);
  if (res.statusCode !== 200) throw new Error(`sign-in of ${person.email}: ${res.statusCode} ${res.body}`);
  return b;
}
