/**
 * The realistic mix of calls and the server they are sent to, shared by the load tests: the
 * closed-loop one (scripts/load.ts, autocannon) and the open-model one (bench/open-load.ts, a
 * fixed arrival rate from bench/open-load-worker.ts). Starts the built server as `npm run serve`
 * would (compression, the built assets, demo data seeded on a fresh embedded database, or the
 * PostgreSQL of DATABASE_URL), signs in demo members, finds what each kind of call needs, and
 * builds the requests:
 *
 *   search-popular   GET /api/v2/Merchants/Search, one popular query (the answer cache's case)
 *   search-distinct  the same call, distinct queries around the seeded metros with varied filters
 *   merchant         GET /api/merchants/{id}, a restaurant's page data
 *   merchant-page    GET /merchants/{id} as a browser asks for it (text/html): the page itself
 *   content          GET /api/cms/pages/{name}/, /api/feature-flags, /api/DefaultUserLocation
 *   member           signed-in sessions: GET /api/Member, /api/Member/Transactions (recent
 *                    activity, the member's history), /api/Member/DineSummary (rewards)
 *   sign-in          POST /api/SignIn of a demo member (argon2id), with the anti-forgery token a
 *                    browser got from GET /api/CSRF before
 *   card-event       POST /api/card-network/events, distinct events on the demo members' cards,
 *                    signed with CARD_EVENTS_SECRET as the card network signs them
 *   availability     GET /api/merchants/{id}/availability of restaurants taking reservations
 *
 * Client addresses: the server runs behind a "proxy" (TRUST_PROXY=127.0.0.1) and every request
 * names a client address (X-Forwarded-For) from a pool of VISITOR_ADDRESSES, as a load balancer
 * in front of the instances would: the per-route limits (sign-in: 20 a minute per address) then
 * count per visitor, as in production. The per-address limit on every /api call (API_RATE_LIMIT)
 * is still lifted, as for the e2e server, so that no figure depends on how the pool is drawn.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { closeSync, cpSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEV_CARD_EVENTS_SECRET } from '../src/server/config';
import { postgresAddress } from '../src/server/db/client';
import { loadMetros } from '../src/server/demo/metros';
import { signCardEvent } from '../src/server/lib/card-event-signature';
import { CONTENT_NAMES } from '../src/shared/constants/cms';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const API_RATE_LIMIT = '10000000';
const PASSWORD = 'Dining2026!';
export const CARD_EVENTS_SECRET = process.env.CARD_EVENTS_SECRET ?? DEV_CARD_EVENTS_SECRET;
/** Direct sign-in partners with the same demo accounts on each (docs/demo-members.md). */
const PARTNERS = ['hilton', 'american', 'caesars', 'choice', 'ftch', 'freespirit', 'fuelrewards', 'ihg', 'jetblue', 'nosh', 'southwest', 'tmobile', 'upromise', 'wynd'];
const MEMBER_SLUGS = ['select.card', 'vip.card', 'basic.card', 'nonactivated.card', 'select.noncard', 'vip.noncard'];
/** Distinct client addresses the requests come from (10.x.y.z), as the load balancer names them. */
const VISITOR_ADDRESSES = 10_000;

export const KINDS = ['search-popular', 'search-distinct', 'merchant', 'merchant-page', 'content', 'member', 'sign-in', 'card-event', 'availability'] as const;
export type Kind = (typeof KINDS)[number];
/** Share of each kind in the mix (per cent). */
export const MIX: Record<Kind, number> = { 'search-popular': 12, 'search-distinct': 15, merchant: 5, 'merchant-page': 5, content: 20, member: 25, 'sign-in': 3, 'card-event': 10, availability: 5 };
/** 4xx answers a kind may give by design (none today: every request is built valid); any other non-2xx is an error. */
export const EXPECTED_4XX: Record<Kind, readonly number[]> = Object.fromEntries(KINDS.map((k) => [k, []])) as unknown as Record<Kind, readonly number[]>;

// ---------------------------------------------------------------------------------------------
// HTTP helpers (node:http: fetch does not let a client name the Host, and the Host picks the partner)

export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

export function call(port: number, opts: { method?: string; host: string; path: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
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
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

export type Stats = {
  memory: { rss: number; heapUsed: number; heapTotal: number; external: number; arrayBuffers: number };
  eventLoopDelay: { p50: number; p99: number; max: number };
  /** HTTP answers the server has finished since it started (its own count, node:diagnostics_channel). */
  answers: number;
};

/** Figures from inside the server (scripts/load-server-stats.mjs, preloaded), over its IPC channel. */
export function serverStats(child: ChildProcess, what: 'sample' | 'reset-delay' | 'gc'): Promise<Stats> {
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

export type Server = { child: ChildProcess; port: number; database: string; logFile: string; cleanup: () => void };

export type ServerOptions = {
  /** The build to serve (copied first, so a rebuild during the run does not disturb it). */
  dist: string;
  /** An embedded data folder seeded by an earlier run (left in place); a fresh one when absent. */
  dataDir?: string;
  /** SEED_MERCHANTS of a fresh database. */
  merchants: string;
  logLevel: string;
  /** Keep the work folder (data folder, server.log) after cleanup(). */
  keep?: boolean;
  /** More of the server's environment (DATABASE_URL, RUN_JOBS, DATABASE_REPLICA_URLS…). */
  env?: Record<string, string>;
  /** A name for the lines printed while it starts ("instance 2"). */
  name?: string;
  /** LOAD_CPU_PROF=DIR: the server writes a V8 CPU profile there when it exits. */
  cpuProfileDir?: string;
};

/** Starts the built server in a child process, as `npm run serve` would, and waits until /ready answers 200. */
export async function startServer(opts: ServerOptions): Promise<Server> {
  const port = await freePort();
  const framePort = await freePort();
  const work = mkdtempSync(path.join(tmpdir(), 'load-test-'));
  const dataDir = opts.dataDir ? path.resolve(opts.dataDir) : path.join(work, 'data');
  const logFile = path.join(work, 'server.log');
  // The server serves its own copy of the build (dist/client relative to its working folder):
  // a rebuild of the shared dist/ during the run cannot pull the assets from under it.
  cpSync(opts.dist, path.join(work, 'dist'), { recursive: true });
  const log = openSync(logFile, 'a');
  const databaseUrl = opts.env?.DATABASE_URL ?? process.env.DATABASE_URL;
  const database = databaseUrl ? `PostgreSQL at ${postgresAddress(databaseUrl)}` : `embedded database (PGlite), ${opts.dataDir ? 'data folder' : 'fresh data folder'} ${dataDir}`;
  const child = fork(path.join(root, 'src/server/main.ts'), [], {
    cwd: work,
    execArgv: ['--import', import.meta.resolve('tsx'), '--import', pathToFileURL(path.join(root, 'scripts/load-server-stats.mjs')).href, '--expose-gc',
      ...(opts.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(opts.cpuProfileDir)}`] : [])],
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
      SEED_MERCHANTS: opts.merchants,
      // The demo history written before the server listens, not in the background during the load.
      DEMO_HISTORY: 'before-listen',
      LOG_LEVEL: opts.logLevel,
      API_RATE_LIMIT,
      // The load generator plays the load balancer: it names each visitor's address.
      TRUST_PROXY: '127.0.0.1',
      CARD_EVENTS_SECRET,
      ...opts.env,
    },
    stdio: ['ignore', log, log, 'ipc'],
  });
  closeSync(log);
  const cleanup = () => {
    if (opts.keep) console.log(`Kept ${work} (data folder and server.log).`);
    else rmSync(work, { recursive: true, force: true });
  };
  let exited: number | null = null;
  child.once('exit', (code) => { exited = code ?? 1; });
  const started = performance.now();
  process.stdout.write(`Starting ${opts.name ?? 'the server'} on port ${port} (${database}; seeding on a first start)…`);
  for (;;) {
    if (exited !== null) {
      const tail = readFileSync(logFile, 'utf8').slice(-4000);
      cleanup();
      throw new Error(`The server exited with status ${exited}. Its log (${logFile}):\n${tail}`);
    }
    try {
      const ready = await call(port, { host: 'localhost', path: '/ready' });
      if (ready.status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 10 * 60_000) throw new Error(`The server was not ready after 10 minutes; see ${logFile}.`);
    await sleep(500);
  }
  console.log(` ready after ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return { child, port, database, logFile, cleanup };
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await done;
  clearTimeout(timer);
}

// ---------------------------------------------------------------------------------------------
// What the mix needs: sessions, restaurants, content that exists, card tokens

type Session = { host: string; cookie: string };
/** A browser on a partner's site that has its anti-forgery token (GET /api/CSRF) and is about to sign in. */
type SignInForm = { host: string; username: string; cookie: string; token: string };

/** The anti-forgery cookie and token of a browser not signed in (bound to no session: good for any number of sign-ins). */
async function csrfOf(port: number, host: string): Promise<{ jar: Map<string, string>; token: string }> {
  const jar = new Map<string, string>();
  const csrf = await call(port, { host, path: '/api/CSRF', headers: { 'x-forwarded-for': '10.255.0.1' } });
  cookiesOf(csrf, jar);
  return { jar, token: (JSON.parse(csrf.body) as { csrfToken: string }).csrfToken };
}

async function signIn(port: number, host: string, email: string, address: string): Promise<Session> {
  for (let attempt = 0; ; attempt++) {
    const { jar, token } = await csrfOf(port, host);
    const res = await call(port, { method: 'POST', host, path: '/api/SignIn', headers: { cookie: cookieHeader(jar), 'x-xsrf-token': token, 'x-forwarded-for': address }, body: JSON.stringify({ username: email, password: PASSWORD }) });
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

export type MixSetup = {
  sessions: Session[];
  signInForms: SignInForm[];
  merchantIds: number[];
  reservable: number[];
  reservationHosts: string[];
  contentPaths: Array<{ host: string; path: string }>;
  cards: Array<{ cardToken: string }>;
  locations: Array<{ locationId: string }>;
  distinctSearches: string[];
};

/** Signs in `members` demo members and finds what each kind of call needs, from the server on `port`. */
export async function prepare(port: number, members: number): Promise<MixSetup> {
  if (members > PARTNERS.length * MEMBER_SLUGS.length) throw new Error(`--members at most ${PARTNERS.length * MEMBER_SLUGS.length}.`);
  process.stdout.write(`Signing in ${members} demo members…`);
  const sessions: Session[] = [];
  const signInForms: SignInForm[] = [];
  for (let i = 0; sessions.length < members; i++) {
    const partner = PARTNERS[i % PARTNERS.length]!;
    const slug = MEMBER_SLUGS[Math.floor(i / PARTNERS.length) % MEMBER_SLUGS.length]!;
    const host = `${partner}.localhost`;
    const username = `${slug}@${partner}.example.com`;
    sessions.push(await signIn(port, host, username, `10.254.${i >> 8}.${i & 255}`));
    // The sign-in kind signs the same members in again, each from a browser of its own.
    const { jar, token } = await csrfOf(port, host);
    signInForms.push({ host, username, cookie: cookieHeader(jar), token });
  }
  console.log(' done.');
  const get = (host: string, p: string) => call(port, { host, path: p });

  // Restaurants: from searches around a few metros; those taking reservations answer availability.
  const merchantIds = new Set<number>();
  const reservableCandidates = new Set<number>();
  for (const zip of ['10001', '60601', '90012', '77002', '98101', '02108']) {
    const all = JSON.parse((await get('hilton.localhost', `/api/v2/Merchants/Search?location=${zip}`)).body) as { merchants?: Array<{ id: number }> };
    for (const m of all.merchants ?? []) merchantIds.add(m.id);
    const res = JSON.parse((await get('hilton.localhost', `/api/v2/Merchants/Search?location=${zip}&reservations=true`)).body) as { merchants?: Array<{ id: number }> };
    for (const m of res.merchants ?? []) reservableCandidates.add(m.id);
  }
  const reservable: number[] = [];
  for (const id of reservableCandidates) {
    if ((await get('hilton.localhost', availabilityPath(id, 0))).status === 200) reservable.push(id);
  }
  // Partners whose sites offer table reservations (the others answer 404 reservationsNotOffered).
  const reservationHosts: string[] = [];
  for (const partner of PARTNERS) {
    if (reservable.length && (await get(`${partner}.localhost`, availabilityPath(reservable[0]!, 0))).status === 200) reservationHosts.push(`${partner}.localhost`);
  }

  // Content each partner has (a partner without an item answers 404: not part of the mix).
  const contentPaths: Array<{ host: string; path: string }> = [];
  for (const partner of PARTNERS) {
    const host = `${partner}.localhost`;
    const candidates = [...CONTENT_NAMES.filter((n) => n !== '*').map((n) => `/api/cms/pages/${n}/`), '/api/feature-flags', '/api/DefaultUserLocation'];
    for (const p of candidates) if ((await get(host, p)).status === 200) contentPaths.push({ host, path: p });
  }

  // The demo members' card tokens and restaurants' network locations (the staging tools' simulator feed).
  const cards: MixSetup['cards'] = [];
  const locations: MixSetup['locations'] = [];
  for (const partner of PARTNERS) {
    const sample = JSON.parse((await get(`${partner}.localhost`, '/api/stgtools/network-sample')).body) as { cards: Array<{ cardToken: string }>; locations: Array<{ locationId: string }> };
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
  return { sessions, signInForms, merchantIds: [...merchantIds], reservable, reservationHosts, contentPaths, cards, locations, distinctSearches };
}

function availabilityPath(merchantId: number, i: number): string {
  // Tomorrow (UTC) is tomorrow or today in every US time zone: always inside the bookable window.
  const date = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const time = ['18:00', '19:00', '19:30', '20:00'][i % 4];
  return `/api/merchants/${merchantId}/availability?date=${date}&time=${time}&partySize=${2 + (i % 3)}`;
}

// ---------------------------------------------------------------------------------------------
// The requests

export type Built = { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string };

/**
 * Builds the mix's requests: next() draws a kind by its share of MIX (or from `only`, equally),
 * build(kind) one request of a kind. Deterministic (a fixed pseudo-random sequence); card events
 * are distinct across runs (the run's start time is in their ids).
 */
export function requestBuilder(setup: MixSetup, opts: { only?: readonly Kind[] } = {}) {
  let n = 0;
  let rnd = 12345;
  const next = () => { rnd = (Math.imul(rnd, 1103515245) + 12345) & 0x7fffffff; return rnd / 0x7fffffff; };
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const table: Kind[] = opts.only?.length ? [...opts.only] : KINDS.flatMap((k) => Array.from({ length: MIX[k] }, () => k));
  const run = Date.now().toString(36);
  let distinct = 0;
  const visitor = () => {
    const v = Math.floor(next() * VISITOR_ADDRESSES);
    return `10.${v >> 16}.${(v >> 8) & 255}.${v & 255}`;
  };
  const page = { 'accept-encoding': 'br, gzip' };
  const build = (kind: Kind): Built => {
    const i = n++;
    const from = { 'x-forwarded-for': visitor() };
    switch (kind) {
      case 'search-popular':
        return { method: 'GET', path: '/api/v2/Merchants/Search?location=10001', headers: { host: 'hilton.localhost', ...page, ...from } };
      case 'search-distinct':
        return { method: 'GET', path: `/api/v2/Merchants/Search?${setup.distinctSearches[distinct++ % setup.distinctSearches.length]}`, headers: { host: pick(PARTNERS) + '.localhost', ...page, ...from } };
      case 'merchant':
        return { method: 'GET', path: `/api/merchants/${pick(setup.merchantIds)}`, headers: { host: pick(PARTNERS) + '.localhost', ...page, ...from } };
      case 'merchant-page':
        return { method: 'GET', path: `/merchants/${pick(setup.merchantIds)}`, headers: { host: pick(PARTNERS) + '.localhost', accept: 'text/html', ...page, ...from } };
      case 'content': {
        const c = pick(setup.contentPaths);
        return { method: 'GET', path: c.path, headers: { host: c.host, ...page, ...from } };
      }
      case 'member': {
        const s = pick(setup.sessions);
        const p = pick(['/api/Member', '/api/Member/Transactions?pageNo=1&resultsPerPage=10', '/api/Member/DineSummary']);
        return { method: 'GET', path: p, headers: { host: s.host, cookie: s.cookie, ...page, ...from } };
      }
      case 'sign-in': {
        const f = pick(setup.signInForms);
        return {
          method: 'POST', path: '/api/SignIn', body: JSON.stringify({ username: f.username, password: PASSWORD }),
          headers: { host: f.host, cookie: f.cookie, 'x-xsrf-token': f.token, 'content-type': 'application/json', ...page, ...from },
        };
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
        // The card network calls from its own addresses, not a visitor's.
        return { method: 'POST', path: '/api/card-network/events', body, headers: { host: 'localhost', 'content-type': 'application/json', ...signCardEvent(CARD_EVENTS_SECRET, body) } };
      }
      case 'availability':
        return { method: 'GET', path: availabilityPath(pick(setup.reservable), i), headers: { host: pick(setup.reservationHosts), ...page, ...from } };
    }
  };
  return { next: () => { const kind = pick(table); return { kind, request: build(kind) }; }, build };
}
