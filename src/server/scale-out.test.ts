import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config';
import { openPostgres, type Database } from './db/client';
import { merchants } from './db/schema';
import { generateMerchants } from './demo/merchants';
import { insertJsonRows } from './demo/bulk-insert';
import { appJobs } from './jobs/jobs';
import { killChildren, spawnTs, type Child } from './test/child';
import { SiteClient } from './test/site-client';
import { DEVICE_RULE } from './modules/lockout/lockout';
import { LOCKOUT_ATTEMPTS } from '#shared/constants/member';

/**
 * Scale-out, proven (issue 13 item 6; `npm run test:scale`, not part of `npm test`): two app
 * instances and two job workers, each its own Node process started the way production starts
 * them (`src/server/main.ts` with RUN_JOBS=false, `src/server/worker.ts`), on one PostgreSQL
 * database created for this run and dropped after. Separate processes, not two buildApp()s in
 * one process: nothing in one instance's memory (module state, caches, keys loaded once) can
 * stand in for what must be shared through the database.
 *
 * Shows that sessions, anti-forgery tokens, rate limits and sign-in lockouts, the search index and
 * the scheduled jobs work across instances. Skipped, with a message, when PostgreSQL does not
 * answer at SCALE_DATABASE_URL / TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
const ADMIN_URL = process.env.SCALE_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DEMO_PASSWORD = 'Dining2026!';

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const available = await postgresAnswers();
if (!available) console.warn(`test:scale skipped: PostgreSQL does not answer at ${ADMIN_URL.replace(/:[^:@/]*@/, ':***@')}.`);

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Rows of one statement on the test's own connection to the database. */
const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

const until = async <T>(what: string, fn: () => Promise<T | undefined | false>, timeoutMs: number, everyMs = 200): Promise<{ value: T; ms: number }> => {
  const started = Date.now();
  const value = await vi.waitFor(async () => {
    const found = await fn();
    if (found === undefined || found === false) throw new Error(`${what}: not within ${timeoutMs} ms`);
    return found;
  }, { timeout: timeoutMs, interval: everyMs });
  return { value, ms: Date.now() - started };
};

describe.skipIf(!available)('two app instances and two job workers on one PostgreSQL', () => {
  const dbName = `scale_${randomBytes(5).toString('hex')}`;
  let url = '';
  let database: Database;
  const instances: Array<{ child: Child; port: number }> = [];
  const workers: Child[] = [];

  const env = () => ({
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: url,
    PORT: '0',
    HOST: '127.0.0.1',
    RUN_JOBS: 'false',
    SEED_MERCHANTS: '300',
    // The demo history before listening, as the checks below read it (it is written in the background by default).
    DEMO_HISTORY: 'before-listen',
    LOG_LEVEL: 'warn',
    // The test plays the proxy in front of the instances: it names each client's address.
    TRUST_PROXY: '127.0.0.1',
    API_RATE_LIMIT: '100000',
  });

  beforeAll(async () => {
    await admin((c) => c.query(`create database ${dbName}`));
    const target = new URL(ADMIN_URL);
    target.pathname = `/${dbName}`;
    url = target.toString();
    // Both instances start at once on the empty database: migrations, seeding and the demo
    // history must come out right however their starts interleave.
    const children = [0, 1].map(() => spawnTs('src/server/main.ts', [], { env: env() }));
    for (const child of children) {
      const line = await child.waitFor(/^Ready in .* on http:\/\/localhost:\d+/, 170_000);
      instances.push({ child, port: Number(/localhost:(\d+)/.exec(line)![1]) });
    }
    for (let i = 0; i < 2; i++) workers.push(spawnTs('src/server/worker.ts', [], { env: env() }));
    await Promise.all(workers.map((w) => w.waitFor(/^Worker running the scheduled jobs/, 60_000)));
    database = openPostgres(url, 2);
  }, 240_000);

  afterAll(async () => {
    killChildren();
    await Promise.all([...instances.map((i) => i.child.exited), ...workers.map((w) => w.exited)]);
    await database?.close();
    await admin((c) => c.query(`drop database if exists ${dbName} with (force)`));
  }, 30_000);

  const [a, b] = [() => instances[0]!.port, () => instances[1]!.port];

  it('runs two instances on two ports, both ready, on one database', async () => {
    expect(a()).not.toBe(b());
    for (const port of [a(), b()]) {
      const ready = await new SiteClient({ partner: 'hilton' }).send(port, { path: '/ready' });
      expect(ready.status).toBe(200);
    }
    const [partners] = await rowsOf<{ n: number }>(database, sql`select count(*)::int as n from partners`);
    expect(partners!.n).toBe(19);
  });

  it('takes a session made on one instance on the other, and ends it there for both', async () => {
    const browser = new SiteClient({ partner: 'hilton', forwardedFor: '10.20.0.1' });
    const signIn = await browser.signIn(a(), 'select.card@hilton.example.com', DEMO_PASSWORD);
    expect(signIn.status).toBe(200);
    const onB = await browser.send(b(), { path: '/api/Member' });
    expect(onB.status).toBe(200);
    expect(onB.json<{ email: string }>().email).toBe('select.card@hilton.example.com');
    // Signed out on B: A no longer knows the session either.
    expect((await browser.send(b(), { path: '/api/SignOut', csrf: true })).status).toBe(200);
    expect((await browser.send(a(), { path: '/api/Member' })).status).toBe(401);
  });

  it('accepts an anti-forgery token issued by one instance for a state change on the other, and refuses a wrong one there', async () => {
    const browser = new SiteClient({ partner: 'hilton', forwardedFor: '10.20.0.2' });
    expect((await browser.signIn(a(), 'vip.card@hilton.example.com', DEMO_PASSWORD)).status).toBe(200);
    const member = (await browser.send(a(), { path: '/api/Member' })).json<{ firstName: string; lastName: string; address: Record<string, string>; phoneNumber: string; smsOptIn: boolean; emailOptIn: boolean }>();
    const profile = { firstName: member.firstName, lastName: `Scaled ${randomBytes(2).toString('hex')}`, ...member.address, phoneNumber: member.phoneNumber, smsOptIn: member.smsOptIn, emailOptIn: member.emailOptIn };

    const forged = await browser.send(b(), { method: 'PUT', path: '/api/Member', body: profile, headers: { 'x-xsrf-token': `${browser.token.slice(0, -2)}xx` } });
    expect(forged.status).toBe(403);
    // The token came from A (the sign-in answer); B checks it with the key both read from the database.
    const changed = await browser.send(b(), { method: 'PUT', path: '/api/Member', body: profile });
    expect(changed.status).toBe(200);
    expect(changed.json<{ changed: boolean }>().changed).toBe(true);
    expect((await browser.send(a(), { path: '/api/Member' })).json<{ lastName: string }>().lastName).toBe(profile.lastName);
  });

  it('counts sign-in failures per client and per account across both instances (half the calls on each)', async () => {
    const signInWith = (client: SiteClient, port: number, username: string, address: string) =>
      client.send(port, { method: 'POST', path: '/api/SignIn', body: { username, password: 'Wrong-password-1', staySignedIn: false }, headers: { 'x-forwarded-for': address } });

    // Per client (one browser, its device cookie; lockout.ts DEVICE_RULE, rows in the database, exact):
    // its free failures spread over both instances, then the other instance makes it wait.
    const browser = new SiteClient({ partner: 'hilton' });
    await browser.fetchToken(a());
    const address = '10.30.0.1';
    const spray: number[] = [];
    for (let i = 0; i < DEVICE_RULE.freeFailures; i++) spray.push((await signInWith(browser, i % 2 === 0 ? a() : b(), `spray${i}@example.com`, address)).status);
    expect(spray).toEqual(Array(DEVICE_RULE.freeFailures).fill(401));
    const waits: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 3; i++) {
      const res = await signInWith(browser, i % 2 === 0 ? b() : a(), `spray-more${i}@example.com`, address);
      waits.push(res.status);
      if (res.status === 429) retryAfter = String(res.headers['retry-after']);
    }
    expect(waits).toContain(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);

    // Per account: attempts on one account from as many browsers and addresses. The lock (its own
    // rows, exact): the fifth failure is answered honestly, then either instance answers 423.
    const account = `target-${randomBytes(3).toString('hex')}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const stranger = new SiteClient({ partner: 'hilton' });
      await stranger.fetchToken(i % 2 === 0 ? a() : b());
      statuses.push((await signInWith(stranger, i % 2 === 0 ? a() : b(), account, `10.31.0.${i + 1}`)).status);
    }
    expect(statuses.slice(0, LOCKOUT_ATTEMPTS)).toEqual(Array(LOCKOUT_ATTEMPTS).fill(401));
    expect(new Set(statuses.slice(LOCKOUT_ATTEMPTS))).toEqual(new Set([423]));
  });

  it('finds a restaurant added to the database through the other instance within seconds', async () => {
    const name = `Scale Out Bistro ${randomBytes(3).toString('hex')}`;
    const search = (port: number) => new SiteClient({ partner: 'hilton', forwardedFor: '10.40.0.1' })
      .send(port, { path: `/api/v2/Merchants/Search?location=10001&restaurantOrCuisine=${encodeURIComponent(name)}` });
    expect((await search(a())).json<{ totalCount: number }>().totalCount).toBe(0);
    expect((await search(b())).json<{ totalCount: number }>().totalCount).toBe(0);
    // Restaurants come only from the catalogue load (demo/seed.ts): the same generator and bulk
    // insert. Neither instance is told: they learn it from the change marker (decision 0001).
    const [row] = generateMerchants(1, Date.now() % 1_000_000);
    await insertJsonRows(database.db, merchants, [{ ...row!, name, latitude: 40.7506, longitude: -73.9972, city: 'New York', state: 'NY', zipCode: '10001' }]);
    const found = await Promise.all([a(), b()].map((port) => until(`instance on ${port} finds the new restaurant`, async () => {
      const res = await search(port);
      return res.status === 200 && res.json<{ totalCount: number; merchants: Array<{ name: string }> }>().merchants.some((m) => m.name === name);
    }, 10_000)));
    console.info(`search: the new restaurant found after ${found.map((f) => `${(f.ms / 1000).toFixed(1)} s`).join(' and ')} on the two instances`);
  });

  it('runs each scheduled job once across the two workers', async () => {
    // The workers' own list: on PostgreSQL (the embedded database's statistics job is not among them).
    const jobs = appJobs(loadConfig({ NODE_ENV: 'development', DATABASE_URL: url }));
    const rounds = 2;
    type Run = { job: string; end: number; start: number; worker: number };
    const runsSince = (since: number): Run[] => workers.flatMap((w, worker) => w.stdout().split('\n').flatMap((line) => {
      if (!line.startsWith('{')) return [];
      const l = JSON.parse(line) as { msg: string; job?: string; time: number; ms?: number };
      return l.msg === 'job finished' && l.job && l.time - (l.ms ?? 0) >= since ? [{ job: l.job, end: l.time, start: l.time - (l.ms ?? 0), worker }] : [];
    }));
    let since = 0;
    for (let round = 0; round < rounds; round++) {
      const mark = await rowsOf<{ t: string; ms: number }>(database, sql`update scheduled_jobs set next_run_at = now() returning now()::text as t, (extract(epoch from now()) * 1000)::float8 as ms`);
      expect(mark.length).toBe(jobs.length);
      // Runs that started before the first round (a job's own first run) are not counted.
      if (round === 0) since = Number(mark[0]!.ms);
      await until('every job ran after being made due', async () => {
        const [open] = await rowsOf<{ n: number }>(database, sql`select count(*)::int as n from scheduled_jobs where last_finished_at is null or last_finished_at < ${mark[0]!.t}::timestamptz or locked_until is not null`);
        return open!.n === 0;
      }, 30_000, 250);
    }
    const runs = runsSince(since - 50);
    // Jobs due every minute or less often ran exactly once per round, on one worker or the other.
    for (const job of jobs.filter((j) => j.everyMs >= 60_000)) {
      expect(runs.filter((r) => r.job === job.name), job.name).toHaveLength(rounds);
    }
    // No job ever ran on both workers at the same time.
    for (const job of jobs) {
      const mine = runs.filter((r) => r.job === job.name).sort((x, y) => x.start - y.start);
      // Frequent jobs run on their own too; a natural run may stand in for a forced one.
      expect(mine.length, job.name).toBeGreaterThanOrEqual(1);
      for (let i = 1; i < mine.length; i++) expect(mine[i]!.start, job.name).toBeGreaterThanOrEqual(mine[i - 1]!.end - 5);
    }
    const byWorker = [0, 1].map((w) => runs.filter((r) => r.worker === w).length);
    console.info(`jobs: ${runs.length} runs of ${jobs.length} jobs in ${rounds} rounds; worker 1 ran ${byWorker[0]}, worker 2 ran ${byWorker[1]}`);
    const [failed] = await rowsOf<{ n: number }>(database, sql`select count(*)::int as n from scheduled_jobs where last_error is not null`);
    expect(failed!.n).toBe(0);
  }, 90_000);
});
