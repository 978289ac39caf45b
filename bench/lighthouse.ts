/**
 * Lighthouse budget (issue 13, docs/architecture.md "Budgets"): mobile form factor, simulated throttling
 * (Lighthouse's defaults), five runs per page, median, on `/`, `/search?location=10001`, a demo
 * restaurant's page and `/account/recent_activity` signed in, and on the floor (issue 30): a page
 * of the same stack (React, the app's router, TanStack Query, the app's Vite settings) rendering one
 * heading, bench/floor. Prints the medians next to the budgets, then each page's performance
 * score and total blocking time next to the floor's (targets: within 5 points of its score, at most
 * 100 ms more blocking time), the three costliest findings per page and the machine's load. The
 * floor takes its turn among the pages in every round, so noise on the machine moves both. A
 * benchmark, not a test: it never fails on a figure, only when it cannot measure.
 *
 *   npm run build && npm run bench:lighthouse
 *
 * It serves the built app of LH_CLIENT_DIR (default dist/client), which it does not build; the
 * floor it builds itself at start (bench/floor/vite.config.ts → .tmp/lighthouse-floor).
 * Options: LH_RUNS (5), LH_PAGES (comma-separated paths, e.g. "/,/search?location=10001"; the
 * floor always runs),
 * LH_MERCHANTS (restaurants seeded, 20,000 like `npm start`), LH_PARTNER (hilton), CHROME_PATH
 * (/usr/bin/chromium), LH_JSON (a file to write the median figures to), LH_REPORT_DIR (a folder to
 * keep every run's full Lighthouse report in, JSON, to look into what a figure is made of).
 *
 * The server: the app as `npm start` builds it, in a child process of its own (Lighthouse's trace
 * processing would otherwise stall it), on a free loopback port, on a fresh in-memory embedded
 * database seeded with the demo catalogue, demo members and their card history. Its configuration
 * is production's (NODE_ENV=production: cached page template, production security headers, the
 * same compression of pages, API answers and precompressed assets); only the demo members are
 * what `npm start` refuses in production, so they are seeded here directly (an in-memory database
 * nobody else can reach). Bare host `localhost`, the partner LH_PARTNER by DEFAULT_PARTNER (a
 * direct sign-in partner, so the signed-in page can be reached with a password). The floor is
 * served by the same process on a loopback port of its own, as the app serves its pages and
 * assets: its assets by @fastify/static with their precompressed copies, its page with the
 * pages' compression (plugins/assets.ts, plugins/compression.ts).
 */
import { fork, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 5));
const MERCHANTS = Number(process.env.LH_MERCHANTS ?? 20_000);
const PARTNER = process.env.LH_PARTNER ?? 'hilton';
const CLIENT_DIR = path.resolve(process.env.LH_CLIENT_DIR ?? 'dist/client');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The floor's Vite configuration, and where it writes the page (its build.outDir). */
const FLOOR_CONFIG = fileURLToPath(new URL('./floor/vite.config.ts', import.meta.url));
const FLOOR_DIR = fileURLToPath(new URL('../.tmp/lighthouse-floor', import.meta.url));
/** A card member with a year of demo dines, so Reviews & History has rows to show. */
const MEMBER = { username: `vip.card@${PARTNER}.example.com`, password: 'Dining2026!' };

export const BUDGETS = { performance: 95, lcpMs: 2000, cls: 0.02, tbtMs: 150, accessibility: 100 } as const;
/** Issue 30: each page within this many points of the floor's performance score, and at most this much more TBT. */
const FLOOR_TARGETS = { performancePoints: 5, tbtMs: 100 } as const;

export type PageSpec = { label: string; path: string; signedIn: boolean; floor?: true };
type RunFigures = { performance: number; lcpMs: number; fcpMs: number; cls: number; tbtMs: number; accessibility: number };
type Finding = { title: string; detail: string; weight: number };
type PageResult = { page: PageSpec; runs: RunFigures[]; median: RunFigures; findings: Finding[]; a11yFailures: string[]; runMs: number[] };

// ------------------------------------------------------------------ the server (child process)

async function serve(): Promise<void> {
  const { buildApp } = await import('../src/server/app');
  const { loadConfig } = await import('../src/server/config');
  const { openMemoryPglite, runMigrations } = await import('../src/server/db/client');
  const { ensureBonusCatalogue, ensureReservationBooks, seed, sendDemoHistoryOnce, writeDemoReviews } = await import('../src/server/demo');
  const started = Date.now();
  const database = await openMemoryPglite();
  await runMigrations(database);
  await seed(database.db, { merchantCount: MERCHANTS, demoMembers: true });
  await ensureBonusCatalogue(database.db);
  await ensureReservationBooks(database.db);
  const secret = randomBytes(24).toString('hex');
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DEFAULT_PARTNER: PARTNER,
    // Production refuses an http SITE_ORIGIN and a card frame on localhost (config.ts); neither is used here.
    SITE_ORIGIN: 'https://{partner}.localhost',
    CARD_FRAME_ORIGIN: 'https://cards.dining.example.com',
    CARD_EVENTS_SECRET: secret,
    STAGING_TOOLS: 'false',
  }, { clientDir: CLIENT_DIR });
  // One address makes every request of every run: the per-address limit would otherwise answer 429.
  const app = await buildApp({ config, db: database.db, rateLimitMax: 1_000_000, logger: false });
  await sendDemoHistoryOnce(app, { db: database.db, secret });
  await writeDemoReviews(database.db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  // bench/client-profile.ts serves no floor (LH_FLOOR=0): it has not necessarily been built.
  const floor = process.env.LH_FLOOR === '0' ? null : await serveFloor();
  const floorPort = floor ? (floor.server.address() as { port: number }).port : 0;
  process.send?.({ port, floorPort, ms: Date.now() - started });
  process.on('disconnect', () => void Promise.all([app.close(), floor?.close()]).finally(() => process.exit(0)));
}

/**
 * The floor's page and assets, served as the app serves its own: the assets under /assets/ by the
 * app's assets plugin (@fastify/static, precompressed copies, a year's caching) behind its
 * compression plugin, the page (any path) with compressedBody, as the pages are, never cached.
 */
async function serveFloor() {
  const { default: Fastify } = await import('fastify');
  const { assetsPlugin } = await import('../src/server/plugins/assets');
  const { compressedBody, compressionPlugin } = await import('../src/server/plugins/compression');
  const html = await readFile(path.join(FLOOR_DIR, 'index.html'), 'utf8');
  const floor = Fastify({ logger: false });
  await floor.register(compressionPlugin);
  await floor.register(assetsPlugin, { clientDir: FLOOR_DIR });
  floor.setNotFoundHandler((request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(compressedBody(request, reply, html)));
  await floor.listen({ port: 0, host: '127.0.0.1' });
  return floor;
}

/**
 * Starts the server above in a child process (bench/client-profile.ts serves its own build with
 * `clientDir` and no floor: `floorPort` is then 0).
 */
export function startServer(clientDir = CLIENT_DIR, { floor = true } = {}): Promise<{ child: ChildProcess; port: number; floorPort: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], {
      env: { ...process.env, LH_SERVER_CHILD: '1', LH_CLIENT_DIR: clientDir, LH_FLOOR: floor ? '1' : '0' },
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (m) => resolve({ child, ...(m as { port: number; floorPort: number; ms: number }) }));
    child.once('exit', (code) => reject(new Error(`the app server stopped before listening (exit ${code})`)));
    child.once('error', reject);
  });
}

// ------------------------------------------------------------------ preparing the pages

/** Cookies of a Set-Cookie list as one Cookie header (later values of a name win). */
function cookieHeader(jar: Map<string, string>, res: Response): void {
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(';', 1)[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
}

/** Signs the demo member in through the API as the app does (anti-forgery token first). */
export async function signIn(origin: string): Promise<string> {
  const jar = new Map<string, string>();
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrf = await fetch(`${origin}/api/CSRF`, { headers: { accept: 'application/json' } });
  cookieHeader(jar, csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${origin}/api/SignIn`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', 'x-xsrf-token': csrfToken, cookie: header() },
    body: JSON.stringify({ username: MEMBER.username, password: MEMBER.password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${MEMBER.username} answered ${res.status}: ${await res.text()}`);
  cookieHeader(jar, res);
  return header();
}

/** A Cookie header as the browser's cookies of `origin` (what signIn returns, put in the jar). */
export function cookiesOf(header: string, origin: string): Array<{ name: string; value: string; url: string }> {
  return header.split('; ').filter(Boolean).map((pair) => {
    const eq = pair.indexOf('=');
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: origin };
  });
}

/** The first restaurant of the demo search the search page shows: a real page of the catalogue. */
export async function demoRestaurantId(origin: string): Promise<number> {
  const res = await fetch(`${origin}/api/v2/Merchants/Search?location=10001`, { headers: { accept: 'application/json' } });
  const body = (await res.json()) as { merchants?: Array<{ id: number }> };
  const id = body.merchants?.[0]?.id;
  if (!id) throw new Error(`the demo search found no restaurant (${res.status})`);
  return id;
}

/** Issue 30's four pages, as this bench and bench/client-profile.ts load them. */
export const benchPages = (restaurantId: number): PageSpec[] => [
  { label: '/', path: '/', signedIn: false },
  { label: '/search?location=10001', path: '/search?location=10001', signedIn: false },
  { label: `/merchants/${restaurantId}`, path: `/merchants/${restaurantId}`, signedIn: false },
  { label: '/account/recent_activity (signed in)', path: '/account/recent_activity', signedIn: true },
];

// ------------------------------------------------------------------ Lighthouse

type Audit = {
  id: string; title: string; score: number | null; scoreDisplayMode: string; displayValue?: string; numericValue?: number;
  metricSavings?: Record<string, number | undefined>;
  details?: { type?: string; overallSavingsMs?: number; overallSavingsBytes?: number };
};
type Lhr = {
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number; group?: string }> }>;
  audits: Record<string, Audit>;
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
};

function figuresOf(lhr: Lhr): RunFigures {
  const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
    lcpMs: num('largest-contentful-paint'),
    fcpMs: num('first-contentful-paint'),
    cls: num('cumulative-layout-shift'),
    tbtMs: num('total-blocking-time'),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? Number.NaN) * 100),
  };
}

/**
 * The performance audits that cost most: opportunities by their estimated saving, diagnostics by
 * the metric savings Lighthouse estimates (ms of LCP/FCP/TBT, or CLS×10,000 so a shift ranks with
 * the time savings), then the other failing ones.
 */
function findingsOf(lhr: Lhr): Finding[] {
  const ids = new Set((lhr.categories.performance?.auditRefs ?? []).filter((r) => !r.group || !r.group.startsWith('metrics')).map((r) => r.id));
  const out: Finding[] = [];
  for (const id of ids) {
    const a = lhr.audits[id];
    if (!a || a.score === null || a.score >= 0.9 || a.scoreDisplayMode === 'notApplicable' || a.scoreDisplayMode === 'manual') continue;
    const s = a.metricSavings ?? {};
    const metricMs = Math.max(s.LCP ?? 0, s.FCP ?? 0, s.TBT ?? 0, (s.CLS ?? 0) * 10_000);
    const weight = Math.max(a.details?.overallSavingsMs ?? 0, metricMs) + (a.details?.overallSavingsBytes ?? 0) / 1e5 + (1 - a.score);
    const savings = [
      s.LCP ? `LCP −${Math.round(s.LCP)} ms` : '', s.FCP ? `FCP −${Math.round(s.FCP)} ms` : '', s.TBT ? `TBT −${Math.round(s.TBT)} ms` : '',
      s.CLS ? `CLS −${s.CLS.toFixed(3)}` : '', a.details?.overallSavingsBytes ? `${Math.round(a.details.overallSavingsBytes / 1024)} KiB` : '',
    ].filter(Boolean).join(', ');
    out.push({ title: a.title, detail: [a.displayValue, savings].filter(Boolean).join('; '), weight });
  }
  return out.sort((a, b) => b.weight - a.weight).slice(0, 3);
}

function a11yFailuresOf(lhr: Lhr): string[] {
  return (lhr.categories.accessibility?.auditRefs ?? [])
    .map((r) => lhr.audits[r.id])
    .filter((a): a is Audit => !!a && a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => `${a.id} (${a.title})`);
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

function medianFigures(runs: RunFigures[]): RunFigures {
  return {
    performance: median(runs.map((r) => r.performance)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    fcpMs: median(runs.map((r) => r.fcpMs)),
    cls: median(runs.map((r) => r.cls)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    accessibility: median(runs.map((r) => r.accessibility)),
  };
}

/** The run whose performance score is the median one: its findings stand for the page. */
function medianRunIndex(runs: RunFigures[]): number {
  const m = median(runs.map((r) => r.performance));
  let best = 0;
  runs.forEach((r, i) => { if (Math.abs(r.performance - m) < Math.abs(runs[best]!.performance - m)) best = i; });
  return best;
}

// ------------------------------------------------------------------ output

const load = () => {
  try { return execFileSync('uptime', { encoding: 'utf8' }).trim(); } catch { return 'uptime unavailable'; }
};
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mark = (ok: boolean) => (ok ? '' : ' ✗');

function render(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const line = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`;
  return [line(rows[0]!), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n');
}

function table(results: PageResult[]): string {
  return render([
    ['page', 'performance', 'LCP', 'FCP', 'CLS', 'TBT', 'accessibility'],
    ['budget', `≥ ${BUDGETS.performance}`, `≤ ${secs(BUDGETS.lcpMs)}`, '', `≤ ${BUDGETS.cls}`, `≤ ${BUDGETS.tbtMs} ms`, `${BUDGETS.accessibility}`],
    ...results.map(({ page, median: m }) => [
      page.label,
      `${m.performance}${mark(m.performance >= BUDGETS.performance)}`,
      `${secs(m.lcpMs)}${mark(m.lcpMs <= BUDGETS.lcpMs)}`,
      secs(m.fcpMs),
      `${m.cls.toFixed(3)}${mark(m.cls <= BUDGETS.cls)}`,
      `${Math.round(m.tbtMs)} ms${mark(m.tbtMs <= BUDGETS.tbtMs)}`,
      `${m.accessibility}${mark(m.accessibility >= BUDGETS.accessibility)}`,
    ]),
  ]);
}

type VsFloor = { page: string; performance: number; performanceDiff: number; performanceOk: boolean; tbtMs: number; tbtDiffMs: number; tbtOk: boolean };

/** Each page's median performance score and TBT against the floor's medians (issue 30's targets). */
function vsFloor(floor: PageResult, results: PageResult[]): VsFloor[] {
  return results.map(({ page, median: m }) => {
    const performanceDiff = m.performance - floor.median.performance;
    const tbtDiffMs = m.tbtMs - floor.median.tbtMs;
    return {
      page: page.label,
      performance: m.performance, performanceDiff, performanceOk: performanceDiff >= -FLOOR_TARGETS.performancePoints,
      tbtMs: m.tbtMs, tbtDiffMs, tbtOk: tbtDiffMs <= FLOOR_TARGETS.tbtMs,
    };
  });
}

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');
const check = (ok: boolean) => (ok ? '✓' : '✗');

function floorTable(floor: PageResult, rows: VsFloor[]): string {
  return render([
    ['page', 'performance', 'vs floor', 'TBT', 'vs floor'],
    ['target', '', `≥ −${FLOOR_TARGETS.performancePoints}`, '', `≤ +${FLOOR_TARGETS.tbtMs} ms`],
    [floor.page.label, `${floor.median.performance}`, '', `${Math.round(floor.median.tbtMs)} ms`, ''],
    ...rows.map((r) => [
      r.page,
      `${r.performance}`, `${signed(r.performanceDiff)} ${check(r.performanceOk)}`,
      `${Math.round(r.tbtMs)} ms`, `${signed(Math.round(r.tbtDiffMs))} ms ${check(r.tbtOk)}`,
    ]),
  ]);
}

// ------------------------------------------------------------------ main

async function main(): Promise<void> {
  if (!existsSync(path.join(CLIENT_DIR, 'index.html'))) {
    console.error(`No built app in ${CLIENT_DIR}: run \`npm run build\` first (this bench builds the floor, not the app).`);
    process.exit(1);
  }
  if (!existsSync(CHROME_PATH)) {
    console.error(`No Chromium at ${CHROME_PATH}: install it (apt-get install chromium) or set CHROME_PATH.`);
    process.exit(1);
  }
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');

  const startLoad = load();
  console.log(`Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile, simulated throttling, ${RUNS} run(s) per page, median`);
  console.log(`Load at start: ${startLoad}`);
  console.log(`Building the floor (React, the app's router, TanStack Query, one heading; the app's Vite settings)…`);
  const floorStarted = Date.now();
  const { build } = await import('vite');
  await build({ configFile: FLOOR_CONFIG, logLevel: 'warn' });
  if (!existsSync(path.join(FLOOR_DIR, 'index.html'))) throw new Error(`The floor's build wrote no ${path.join(FLOOR_DIR, 'index.html')} (its outDir in ${FLOOR_CONFIG}?)`);
  console.log(`  built into ${path.relative(process.cwd(), FLOOR_DIR)} in ${secs(Date.now() - floorStarted)}`);
  console.log(`Starting the app (production configuration, ${MERCHANTS.toLocaleString('en-US')} demo restaurants, in-memory database)…`);
  const server = await startServer();
  const origin = `http://localhost:${server.port}`;
  const floorOrigin = `http://localhost:${server.floorPort}`;
  console.log(`  serving ${CLIENT_DIR} at ${origin} (partner ${PARTNER}) after ${secs(server.ms)}, the floor at ${floorOrigin}`);

  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    logLevel: 'silent',
  });
  // Cookies are the browser's own (Lighthouse's storage reset leaves them): every run starts with
  // none, and the signed-in page's run with the member's session in the jar. A Cookie header in
  // extraHeaders came on top of the cookies earlier runs had left, the server read the visitor's
  // session first, and the signed-in page measured the sign-in page it redirected to.
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const cookieJar = await browser.target().createCDPSession();
  const started = Date.now();
  try {
    const restaurantId = await demoRestaurantId(origin);
    const cookie = await signIn(origin);
    const all = benchPages(restaurantId);
    const only = process.env.LH_PAGES?.split(',').map((s) => s.trim()).filter(Boolean);
    const pages = only ? all.filter((p) => only.some((o) => p.path === o || p.path.startsWith(o + '?') || (o.startsWith('/merchants') && p.path.startsWith('/merchants')))) : all;
    const floorPage: PageSpec = { label: 'floor', path: '/', signedIn: false, floor: true };
    const measured = [floorPage, ...pages];

    const reportDir = process.env.LH_REPORT_DIR ? path.resolve(process.env.LH_REPORT_DIR) : null;
    if (reportDir) mkdirSync(reportDir, { recursive: true });
    const warnings = new Set<string>();
    const collected = new Map<string, { lhrs: Lhr[]; runMs: number[] }>(measured.map((p) => [p.label, { lhrs: [], runMs: [] }]));
    // Runs interleave the pages and the floor, so a burst of load on the shared machine spreads
    // over all of them; each round starts one page further on, so none is always first or last.
    for (let run = 1; run <= RUNS; run++) {
      const round = measured.map((_, i) => measured[(i + run - 1) % measured.length]!);
      for (const page of round) {
        const t0 = Date.now();
        let lhr: Lhr | undefined;
        // A trace Lighthouse itself failed to record (NO_NAVSTART, NO_FCP …) says nothing about the
        // page: that run is repeated, at most twice, and said so; a page that keeps failing ends the bench.
        for (let attempt = 1; ; attempt++) {
          await cookieJar.send('Storage.clearCookies');
          if (page.signedIn) await cookieJar.send('Storage.setCookies', { cookies: cookiesOf(cookie, origin) });
          const result = await lighthouse(`${page.floor ? floorOrigin : origin}${page.path}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            // Every run a first visit: Lighthouse's default leaves IndexedDB and local storage to
            // the next run (and warns that stored data may affect it). Cookies are cleared above.
            clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'indexeddb', 'local_storage', 'websql'],
          });
          lhr = result?.lhr as unknown as Lhr | undefined;
          if (!lhr) throw new Error(`Lighthouse returned nothing for ${page.path}`);
          if (!lhr.runtimeError) break;
          const why = `${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
          if (attempt === 3) throw new Error(`Lighthouse could not load ${page.path} three times: ${why}`);
          console.log(`  run ${run} ${page.label}: Lighthouse failed (${lhr.runtimeError.code}); running it again`);
        }
        // A page that ended elsewhere (a sign-in page for a lost session) is not the page measured.
        const landed = (lhr as { finalDisplayedUrl?: string }).finalDisplayedUrl;
        if (landed && new URL(landed).pathname !== page.path.split('?')[0]) throw new Error(`${page.label} ended at ${landed}: not the page to measure`);
        const entry = collected.get(page.label)!;
        entry.lhrs.push(lhr);
        entry.runMs.push(Date.now() - t0);
        const f = figuresOf(lhr);
        console.log(`  run ${run} ${page.label}: performance ${f.performance}, LCP ${secs(f.lcpMs)}, FCP ${secs(f.fcpMs)}, CLS ${f.cls.toFixed(3)}, TBT ${Math.round(f.tbtMs)} ms, accessibility ${f.accessibility}`);
        for (const w of lhr.runWarnings ?? []) warnings.add(w);
        if (reportDir) writeFileSync(path.join(reportDir, `${page.label.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${run}.json`), JSON.stringify(lhr));
      }
    }

    const resultOf = (page: PageSpec): PageResult => {
      const { lhrs, runMs } = collected.get(page.label)!;
      const runs = lhrs.map(figuresOf);
      const mid = lhrs[medianRunIndex(runs)]!;
      return { page, runs, median: medianFigures(runs), findings: findingsOf(mid), a11yFailures: a11yFailuresOf(mid), runMs };
    };
    const floor = resultOf(floorPage);
    const results = pages.map(resultOf);
    const comparison = vsFloor(floor, results);

    // Lighthouse resets the origin's storage before each run; it still mentions what it found there.
    for (const w of warnings) console.log(`  Lighthouse warned: ${w}`);
    const endLoad = load();
    console.log(`\nMedians of ${RUNS} run(s) (✗ over budget); ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${secs(Date.now() - started)} of runs`);
    console.log(table([...results, floor]));
    console.log(`\nNext to the floor (the same stack, one heading; medians of ${RUNS} run(s) each, taken in the same rounds):`);
    console.log(floorTable(floor, comparison));
    console.log('\nCostliest findings per page (median run):');
    for (const r of [...results, floor]) {
      console.log(`  ${r.page.label}`);
      if (r.findings.length === 0) console.log('    none failing');
      r.findings.forEach((f, i) => console.log(`    ${i + 1}. ${f.title}${f.detail ? ` (${f.detail})` : ''}`));
      if (r.a11yFailures.length) console.log(`    accessibility failures: ${r.a11yFailures.join('; ')}`);
    }
    console.log(`\nLoad at start: ${startLoad}\nLoad at end:   ${endLoad}`);
    if (process.env.LH_JSON) {
      writeFileSync(process.env.LH_JSON, JSON.stringify({
        at: new Date().toISOString(), loadStart: startLoad, loadEnd: endLoad, runs: RUNS, results, floor, floorTargets: FLOOR_TARGETS, vsFloor: comparison,
      }, null, 2));
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
    server.child.disconnect();
  }
}

if (process.env.LH_SERVER_CHILD) {
  serve().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
} else if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
