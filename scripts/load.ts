/**
 * Load test (npm run test:load; a script, not part of npm test): starts the built server as
 * `npm run serve` would (compression, the built assets in dist/client, demo data seeded on a fresh
 * embedded database; PostgreSQL instead when DATABASE_URL is set), signs in demo members, then
 * drives it with autocannon (100 connections × 60 s by default) over a mix of calls:
 *
 *   search-popular   GET /api/v2/Merchants/Search, one popular query (the answer cache's case)
 *   search-distinct  the same call, distinct queries around the seeded metros with varied filters
 *   merchant         GET /api/merchants/{id}, a restaurant's page data
 *   content          GET /api/cms/pages/{name}/, /api/feature-flags, /api/DefaultUserLocation
 *   member           signed-in sessions: GET /api/Member, /api/Member/Transactions (recent
 *                    activity), /api/Member/DineSummary (rewards)
 *   card-event       POST /api/card-network/events, distinct events on the demo members' cards,
 *                    signed with CARD_EVENTS_SECRET as the card network signs them
 *   availability     GET /api/merchants/{id}/availability of restaurants taking reservations
 *
 * and prints p50/p99 per kind and overall, requests/s, errors (connection errors, timeouts, and
 * answers that are not 2xx, with the 4xx a kind expects shown apart) and the server's memory (RSS,
 * heap) and event-loop delay before and after, read inside the server (scripts/load-server-stats.mjs).
 * Targets (docs/architecture.md): 0 errors, p99 ≤ 100 ms. Exit status 1 on errors only: timings are
 * figures, not assertions.
 *
 * Limits: the per-address limit (API_RATE_LIMIT, 600 calls a minute) would answer 429 to a load
 * generator that is one address, so the server is started with API_RATE_LIMIT=10000000, as the
 * e2e server is (playwright.config.ts). The per-route and per-account limits stay: members are
 * signed in once each before the run (sign-in allows 20 a minute per address: past that the script
 * waits for Retry-After), and no call in the mix has a per-account limit.
 *
 *   npm run build && npm run test:load
 *   npm run test:load -- --duration 10 --connections 20     (a quick run)
 * Flags: --duration S (60), --connections N (100), --members N (20), --merchants N (SEED_MERCHANTS
 * of the fresh embedded database, 20000), --log-level L (info, as in production; the request log
 * goes to a file), --dist DIR (the build to serve, dist; copied first, so a rebuild during the run
 * does not disturb it), --data DIR (an embedded data folder seeded by an earlier run, e.g. one kept
 * with --keep: no seeding; left in place), --keep (keep the data folder and the server log).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { processCpuUs } from '../bench/load-process';
import { DEV_CARD_EVENTS_SECRET } from '../src/server/config';
import { postgresAddress } from '../src/server/db/client';
import { loadMetros } from '../src/server/demo/metros';
import { signCardEvent } from '../src/server/lib/card-event-signature';
import { CONTENT_NAMES } from '../src/shared/constants/cms';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '100' },
    members: { type: 'string', default: '20' },
    merchants: { type: 'string', default: '20000' },
    'log-level': { type: 'string', default: 'info' },
    dist: { type: 'string', default: 'dist' },
    data: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const DURATION = Number(flags.duration);
const CONNECTIONS = Number(flags.connections);
const MEMBERS = Number(flags.members);
const API_RATE_LIMIT = '10000000';
const PASSWORD = 'Dining2026!';
const CARD_EVENTS_SECRET = process.env.CARD_EVENTS_SECRET ?? DEV_CARD_EVENTS_SECRET;
/** Direct sign-in partners with the same demo accounts on each (docs/demo-members.md). */
const PARTNERS = ['hilton', 'american', 'caesars', 'choice', 'ftch', 'freespirit', 'fuelrewards', 'ihg', 'jetblue', 'nosh', 'southwest', 'tmobile', 'upromise', 'wynd'];
const MEMBER_SLUGS = ['select.card', 'vip.card', 'basic.card', 'nonactivated.card', 'select.noncard', 'vip.noncard'];

const KINDS = ['search-popular', 'search-distinct', 'merchant', 'content', 'member', 'card-event', 'availability'] as const;
type Kind = (typeof KINDS)[number];
/** Share of each kind in the mix (per cent). */
const MIX: Record<Kind, number> = { 'search-popular': 15, 'search-distinct': 15, merchant: 5, content: 25, member: 25, 'card-event': 10, availability: 5 };
/** 4xx answers a kind may give by design (none today: every request is built valid); any other non-2xx is an error. */
const EXPECTED_4XX: Record<Kind, readonly number[]> = { 'search-popular': [], 'search-distinct': [], merchant: [], content: [], member: [], 'card-event': [], availability: [] };

if (![DURATION, CONNECTIONS, MEMBERS].every((n) => Number.isInteger(n) && n > 0)) throw new Error('--duration, --connections and --members take whole numbers above 0.');
const DIST = path.resolve(root, flags.dist!);
if (!existsSync(path.join(DIST, 'client/index.html'))) {
  console.error(`No built app in ${DIST}/client: run \`npm run build\` first (the load test serves the built assets, as production does).`);
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// HTTP helpers (node:http: fetch does not let a client name the Host, and the Host picks the partner)

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };
let port = 0;

function call(opts: { method?: string; host: string; path: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: '127.0.0.1', port, method: opts.method ?? 'GET', path: opts.path,
      headers: { host: opts.host, ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}), ...opts.headers },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

function cookiesOf(answer: Answer, jar: Map<string, string>): Map<string, string> {
  const set = answer.headers['set-cookie'] ?? [];
  for (const line of Array.isArray(set) ? set : [set]) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
  }
  return jar;
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: p } = server.address() as { port: number };
      server.close(() => resolve(p));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The server

type Stats = { memory: { rss: number; heapUsed: number; heapTotal: number; external: number; arrayBuffers: number }; eventLoopDelay: { p50: number; p99: number; max: number } };

function serverStats(child: ChildProcess, what: 'sample' | 'reset-delay' | 'gc'): Promise<Stats> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The server did not answer the stats request within 10 s.')), 10_000);
    const onMessage = (m: unknown) => {
      if (!m || typeof m !== 'object' || (m as { loadStats?: string }).loadStats !== what) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(m as Stats);
    };
    child.on('message', onMessage);
    child.send({ loadStats: what });
  });
}

/** CPU seconds the process has used (user + system, /proc/<pid>/stat), or NaN off Linux. */
function cpuSeconds(pid: number): number {
  return (processCpuUs(pid) ?? NaN) / 1e6;
}

/** VmRSS and VmHWM (peak RSS) from /proc, in bytes: the kernel's view beside Node's. */
function procMemory(pid: number): { rss: number; peak: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(/^\s*(\d+)/.exec(status.split(`${key}:`)[1] ?? '')?.[1] ?? NaN) * 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return undefined;
  }
}

async function startServer(): Promise<{ child: ChildProcess; database: string; logFile: string; cleanup: () => void }> {
  port = await freePort();
  const framePort = await freePort();
  const work = mkdtempSync(path.join(tmpdir(), 'load-test-'));
  const dataDir = flags.data ? path.resolve(flags.data) : path.join(work, 'data');
  const logFile = path.join(work, 'server.log');
  // The server serves its own copy of the build (dist/client relative to its working folder):
  // a rebuild of the shared dist/ during the run cannot pull the assets from under it.
  cpSync(DIST, path.join(work, 'dist'), { recursive: true });
  const log = openSync(logFile, 'a');
  const databaseUrl = process.env.DATABASE_URL;
  const database = databaseUrl ? `PostgreSQL at ${postgresAddress(databaseUrl)}` : `embedded database (PGlite), ${flags.data ? 'data folder' : 'fresh data folder'} ${dataDir}`;
  const child = fork(path.join(root, 'src/server/main.ts'), [], {
    cwd: work,
    execArgv: ['--import', import.meta.resolve('tsx'), '--import', pathToFileURL(path.join(root, 'scripts/load-server-stats.mjs')).href, '--expose-gc',
      // LOAD_CPU_PROF=DIR: the server writes a V8 CPU profile there when it exits (where the time goes).
      ...(process.env.LOAD_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.LOAD_CPU_PROF)}`] : [])],
    env: {
      ...process.env,
      // The app's import aliases (#server/*, #shared/*) come from its tsconfig, wherever the server runs.
      TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.json'),
      // Demo members to sign in need a non-production seed; everything a request touches
      // (compression, built assets, security headers, session, anti-forgery, limits) is the same.
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      CARD_FRAME_PORT: String(framePort),
      // PORT + 2 may be taken (ports come from freePort()): the gift-card simulator takes any free one.
      GIFT_CARD_SIMULATOR_PORT: '0',
      DATA_DIR: dataDir,
      SEED_MERCHANTS: flags.merchants,
      // The demo history written before the server listens, not in the background during the load.
      DEMO_HISTORY: 'before-listen',
      LOG_LEVEL: flags['log-level'],
      API_RATE_LIMIT,
      CARD_EVENTS_SECRET,
    },
    stdio: ['ignore', log, log, 'ipc'],
  });
  closeSync(log);
  const cleanup = () => {
    if (flags.keep) console.log(`Kept ${work} (data folder and server.log).`);
    else rmSync(work, { recursive: true, force: true });
  };
  let exited: number | null = null;
  child.once('exit', (code) => { exited = code ?? 1; });
  const started = performance.now();
  process.stdout.write(`Starting the server on port ${port} (${database}; seeding on a first start)…`);
  for (;;) {
    if (exited !== null) {
      console.error(`\nThe server exited with status ${exited}. Its log (${logFile}):\n${readFileSync(logFile, 'utf8').slice(-4000)}`);
      cleanup();
      process.exit(1);
    }
    try {
      const ready = await call({ host: 'localhost', path: '/ready' });
      if (ready.status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 10 * 60_000) throw new Error(`The server was not ready after 10 minutes; see ${logFile}.`);
    await sleep(500);
  }
  console.log(` ready after ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return { child, database, logFile, cleanup };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await done;
  clearTimeout(timer);
}

// ---------------------------------------------------------------------------------------------
// What the mix needs: sessions, restaurants, content that exists, card tokens

type Session = { host: string; cookie: string };

async function signIn(host: string, email: string): Promise<Session> {
  for (let attempt = 0; ; attempt++) {
    const jar = new Map<string, string>();
    const csrf = await call({ host, path: '/api/CSRF' });
    cookiesOf(csrf, jar);
    const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
    const res = await call({ method: 'POST', host, path: '/api/SignIn', headers: { cookie: cookieHeader(jar), 'x-xsrf-token': csrfToken }, body: JSON.stringify({ username: email, password: PASSWORD }) });
    if (res.status === 200) return { host, cookie: cookieHeader(cookiesOf(res, jar)) };
    if (res.status === 429 && attempt < 5) {
      const wait = Number(res.headers['retry-after'] ?? 60);
      process.stdout.write(` (sign-in limit of 20 a minute per address: waiting ${wait} s)`);
      await sleep(wait * 1000);
      continue;
    }
    throw new Error(`Sign-in of ${email} on ${host} answered ${res.status}: ${res.body.slice(0, 200)}`);
  }
}

type Setup = {
  sessions: Session[];
  merchantIds: number[];
  reservable: number[];
  reservationHosts: string[];
  contentPaths: Array<{ host: string; path: string }>;
  cards: Array<{ cardToken: string }>;
  locations: Array<{ locationId: string }>;
  distinctSearches: string[];
};

async function prepare(): Promise<Setup> {
  process.stdout.write(`Signing in ${MEMBERS} demo members…`);
  const sessions: Session[] = [];
  for (let i = 0; sessions.length < MEMBERS; i++) {
    const partner = PARTNERS[i % PARTNERS.length]!;
    const slug = MEMBER_SLUGS[Math.floor(i / PARTNERS.length) % MEMBER_SLUGS.length]!;
    if (i >= PARTNERS.length * MEMBER_SLUGS.length) throw new Error(`--members at most ${PARTNERS.length * MEMBER_SLUGS.length}.`);
    sessions.push(await signIn(`${partner}.localhost`, `${slug}@${partner}.example.com`));
  }
  console.log(' done.');

  // Restaurants: from searches around a few metros; those taking reservations answer availability.
  const merchantIds = new Set<number>();
  const reservableCandidates = new Set<number>();
  for (const zip of ['10001', '60601', '90012', '77002', '98101', '02108']) {
    const all = JSON.parse((await call({ host: 'hilton.localhost', path: `/api/v2/Merchants/Search?location=${zip}` })).body) as { merchants?: Array<{ id: number }> };
    for (const m of all.merchants ?? []) merchantIds.add(m.id);
    const res = JSON.parse((await call({ host: 'hilton.localhost', path: `/api/v2/Merchants/Search?location=${zip}&reservations=true` })).body) as { merchants?: Array<{ id: number }> };
    for (const m of res.merchants ?? []) reservableCandidates.add(m.id);
  }
  const reservable: number[] = [];
  for (const id of reservableCandidates) {
    if ((await call({ host: 'hilton.localhost', path: availabilityPath(id, 0) })).status === 200) reservable.push(id);
  }
  // Partners whose sites offer table reservations (the others answer 404 reservationsNotOffered).
  const reservationHosts: string[] = [];
  for (const partner of PARTNERS) {
    if (reservable.length && (await call({ host: `${partner}.localhost`, path: availabilityPath(reservable[0]!, 0) })).status === 200) reservationHosts.push(`${partner}.localhost`);
  }

  // Content each partner has (a partner without an item answers 404: not part of the mix).
  const contentPaths: Array<{ host: string; path: string }> = [];
  for (const partner of PARTNERS) {
    const host = `${partner}.localhost`;
    const candidates = [...CONTENT_NAMES.filter((n) => n !== '*').map((n) => `/api/cms/pages/${n}/`), '/api/feature-flags', '/api/DefaultUserLocation'];
    for (const p of candidates) if ((await call({ host, path: p })).status === 200) contentPaths.push({ host, path: p });
  }

  // The demo members' card tokens and restaurants' network locations (the staging tools' simulator feed).
  const cards: Setup['cards'] = [];
  const locations: Setup['locations'] = [];
  for (const partner of PARTNERS) {
    const sample = JSON.parse((await call({ host: `${partner}.localhost`, path: '/api/stgtools/network-sample' })).body) as { cards: Array<{ cardToken: string }>; locations: Array<{ locationId: string }> };
    cards.push(...sample.cards);
    if (locations.length === 0) locations.push(...sample.locations);
  }

  // Distinct searches: every ZIP of the seeded metros with varied filters and pages.
  const filters = ['', '&sortBy=rating', '&priceRange=2,3', '&features=delivery', '&restaurantOrCuisine=pizza', '&isNew=true', '&radius=10', '&pageNo=2', '&reservations=true', '&sortBy=name&radius=40'];
  const zips = loadMetros().flatMap((m) => m.zips.map((z) => z.zip));
  const distinctSearches = zips.flatMap((zip, i) => [`location=${zip}${filters[i % filters.length]}`, `location=${zip}${filters[(i + 5) % filters.length]}`]);
  if (merchantIds.size === 0 || reservable.length === 0 || reservationHosts.length === 0 || contentPaths.length === 0 || cards.length === 0 || locations.length === 0) {
    throw new Error(`Setup found nothing to load for a kind: ${merchantIds.size} restaurants, ${reservable.length} taking reservations, ${contentPaths.length} content calls, ${cards.length} cards, ${locations.length} locations.`);
  }
  console.log(`Mix: ${sessions.length} sessions, ${merchantIds.size} restaurants (${reservable.length} taking reservations, on ${reservationHosts.length} partner sites), ${contentPaths.length} content calls, ${cards.length} demo cards, ${distinctSearches.length.toLocaleString('en-US')} distinct searches.`);
  return { sessions, merchantIds: [...merchantIds], reservable, reservationHosts, contentPaths, cards, locations, distinctSearches };
}

function availabilityPath(merchantId: number, i: number): string {
  // Tomorrow (UTC) is tomorrow or today in every US time zone: always inside the bookable window.
  const date = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const time = ['18:00', '19:00', '19:30', '20:00'][i % 4];
  return `/api/merchants/${merchantId}/availability?date=${date}&time=${time}&partySize=${2 + (i % 3)}`;
}

// ---------------------------------------------------------------------------------------------
// The run

type Built = { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string };
type Context = { kind?: Kind; t0?: number };
type KindResult = { latencies: number[]; statuses: Map<number, number>; samples: Map<number, string> };

function requestBuilder(setup: Setup) {
  let n = 0;
  let rnd = 12345;
  const next = () => { rnd = (Math.imul(rnd, 1103515245) + 12345) & 0x7fffffff; return rnd / 0x7fffffff; };
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const table: Kind[] = KINDS.flatMap((k) => Array.from({ length: MIX[k] }, () => k));
  const run = Date.now().toString(36);
  let distinct = 0;
  const build = (kind: Kind): Built => {
    const i = n++;
    switch (kind) {
      case 'search-popular':
        return { method: 'GET', path: '/api/v2/Merchants/Search?location=10001', headers: { host: 'hilton.localhost', 'accept-encoding': 'br, gzip' } };
      case 'search-distinct':
        return { method: 'GET', path: `/api/v2/Merchants/Search?${setup.distinctSearches[distinct++ % setup.distinctSearches.length]}`, headers: { host: pick(PARTNERS) + '.localhost', 'accept-encoding': 'br, gzip' } };
      case 'merchant':
        return { method: 'GET', path: `/api/merchants/${pick(setup.merchantIds)}`, headers: { host: pick(PARTNERS) + '.localhost', 'accept-encoding': 'br, gzip' } };
      case 'content': {
        const c = pick(setup.contentPaths);
        return { method: 'GET', path: c.path, headers: { host: c.host, 'accept-encoding': 'br, gzip' } };
      }
      case 'member': {
        const s = pick(setup.sessions);
        const p = pick(['/api/Member', '/api/Member/Transactions?pageNo=1&resultsPerPage=10', '/api/Member/DineSummary']);
        return { method: 'GET', path: p, headers: { host: s.host, cookie: s.cookie, 'accept-encoding': 'br, gzip' } };
      }
      case 'card-event': {
        // An authorisation, then (from whichever connection comes next) its clearing with a tip.
        const t = i >> 1;
        const card = setup.cards[t % setup.cards.length]!;
        const at = new Date(Date.now() - 5 * 3_600_000 - 60_000);
        const body = JSON.stringify({
          id: `load-${run}-${i}`, type: i % 2 === 0 ? 'auth' : 'clearing', transactionId: `load-${run}-t${t}`, cardToken: card.cardToken,
          amountCents: 1500 + (t % 40) * 100 + (i % 2) * 300, currency: 'USD', merchantLocationId: setup.locations[t % setup.locations.length]!.locationId,
          localDateTime: `${at.toISOString().slice(0, 19)}-05:00`, onlineOrder: false,
        });
        return { method: 'POST', path: '/api/card-network/events', body, headers: { host: 'localhost', 'content-type': 'application/json', ...signCardEvent(CARD_EVENTS_SECRET, body) } };
      }
      case 'availability':
        return { method: 'GET', path: availabilityPath(pick(setup.reservable), i), headers: { host: pick(setup.reservationHosts), 'accept-encoding': 'br, gzip' } };
    }
  };
  return { next: () => { const kind = pick(table); return { kind, request: build(kind) }; } };
}

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');

async function main() {
  const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`Load test: ${CONNECTIONS} connections × ${DURATION} s; machine load (1/5/15 min) ${load()}.`);
  console.log(`Per-address limit lifted: the server runs with API_RATE_LIMIT=${API_RATE_LIMIT} (as the e2e server does), since every request comes from one address; per-route and per-account limits stay.`);
  const server = await startServer();
  let failed = false;
  try {
    console.log(`Database: ${server.database}.`);
    const setup = await prepare();
    const builder = requestBuilder(setup);
    const results = new Map<Kind, KindResult>(KINDS.map((k) => [k, { latencies: [], statuses: new Map(), samples: new Map() }]));

    // Warm-up (JIT, caches, connection pools), then the figures "before".
    await autocannon({
      url: `http://127.0.0.1:${port}`, connections: Math.min(10, CONNECTIONS), duration: Math.min(5, DURATION),
      requests: [{ setupRequest: (req) => ({ ...req, ...builder.next().request }) }],
    });
    await sleep(1000);
    const before = { proc: procMemory(server.child.pid!), stats: await serverStats(server.child, 'gc') };
    await serverStats(server.child, 'reset-delay');
    const loadBefore = load();
    const cpuBefore = cpuSeconds(server.child.pid!);

    console.log(`Running ${CONNECTIONS} connections for ${DURATION} s…`);
    const result = await autocannon({
      url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, duration: DURATION, timeout: 10,
      requests: [{
        setupRequest: (req, context: Context) => {
          const { kind, request } = builder.next();
          context.kind = kind;
          context.t0 = performance.now();
          return { ...req, ...request };
        },
        onResponse: (status, body, context: Context) => {
          if (!context.kind || context.t0 === undefined) return;
          const r = results.get(context.kind)!;
          r.latencies.push(performance.now() - context.t0);
          r.statuses.set(status, (r.statuses.get(status) ?? 0) + 1);
          if ((status < 200 || status >= 300) && !r.samples.has(status)) r.samples.set(status, body.slice(0, 300));
        },
      }],
    });
    const loadAfter = load();
    const cpuUsed = cpuSeconds(server.child.pid!) - cpuBefore;
    const during = await serverStats(server.child, 'sample');
    const afterProc = procMemory(server.child.pid!);
    const afterGc = await serverStats(server.child, 'gc');

    // Report
    const rows: string[][] = [['kind', 'requests', 'share', 'p50 ms', 'p99 ms', 'max ms', '2xx', 'expected 4xx', 'errors']];
    const all: number[] = [];
    let errors = 0;
    let expected4xx = 0;
    for (const kind of KINDS) {
      const r = results.get(kind)!;
      const sorted = r.latencies.sort((a, b) => a - b);
      all.push(...sorted);
      let ok = 0; let expected = 0; let bad = 0;
      for (const [status, count] of r.statuses) {
        if (status >= 200 && status < 300) ok += count;
        else if (EXPECTED_4XX[kind].includes(status)) expected += count;
        else bad += count;
      }
      errors += bad;
      expected4xx += expected;
      rows.push([kind, sorted.length.toLocaleString('en-US'), `${((sorted.length / Math.max(1, result.requests.total)) * 100).toFixed(0)} %`, f1(pct(sorted, 50)), f1(pct(sorted, 99)), f1(sorted.at(-1) ?? NaN), ok.toLocaleString('en-US'), String(expected), String(bad)]);
    }
    all.sort((a, b) => a - b);
    const connectionErrors = result.errors - result.timeouts;
    errors += connectionErrors + result.timeouts;
    rows.push(['overall', all.length.toLocaleString('en-US'), '100 %', f1(pct(all, 50)), f1(pct(all, 99)), f1(all.at(-1) ?? NaN), '', String(expected4xx), String(errors)]);
    const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
    console.log('');
    for (const r of rows) console.log(`  ${r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ')}`);
    console.log(`\n  ${Math.round(result.requests.average).toLocaleString('en-US')} requests/s on average (${result.requests.total.toLocaleString('en-US')} in ${result.duration.toFixed(0)} s); autocannon's own overall latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
    console.log(`  errors: ${connectionErrors} connection errors, ${result.timeouts} timeouts (10 s), ${errors - connectionErrors - result.timeouts} unexpected non-2xx answers; ${expected4xx} expected 4xx`);
    for (const [kind, r] of results) for (const [status, body] of r.samples) console.log(`    ${kind} ${status} (${r.statuses.get(status)}×): ${body}`);
    const memLine = (name: string, s: Stats, proc?: { rss: number; peak: number }) =>
      console.log(`  ${name.padEnd(22)} RSS ${mb(s.memory.rss)}${proc ? ` (peak ${mb(proc.peak)})` : ''}, heap ${mb(s.memory.heapUsed)} of ${mb(s.memory.heapTotal)}, external ${mb(s.memory.external)}`);
    console.log('\n  server memory');
    memLine('before (after GC)', before.stats, before.proc);
    memLine('after the run', during, afterProc);
    memLine('after the run, GC', afterGc);
    console.log(`  server event-loop delay during the run: p50 ${during.eventLoopDelay.p50} ms, p99 ${during.eventLoopDelay.p99} ms, max ${during.eventLoopDelay.max} ms`);
    console.log(`  machine load (1/5/15 min): ${loadBefore} before the run, ${loadAfter} after`);
    // What the server cost, apart from how much of the machine it got: CPU per answer, and the share of one core it had.
    console.log(`  server CPU: ${cpuUsed.toFixed(1)} s in ${result.duration.toFixed(0)} s (${((cpuUsed / result.duration) * 100).toFixed(0)} % of one core), ${((cpuUsed * 1000) / Math.max(1, result.requests.total)).toFixed(2)} ms of CPU per answer`);
    const p99 = pct(all, 99);
    console.log(`\n  targets: errors ${errors} (target 0: ${errors === 0 ? 'met' : 'MISSED'}), p99 ${f1(p99)} ms (target ≤ 100 ms: ${p99 <= 100 ? 'met' : 'MISSED'})`);
    failed = errors > 0;
  } finally {
    await stopServer(server.child);
    if (failed) console.log(`  server log: ${server.logFile}${flags.keep ? '' : ' (removed; run with --keep to keep it)'}`);
    server.cleanup();
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
