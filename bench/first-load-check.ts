/**
 * First-load JavaScript, checked in a real browser (issue 13 item 3, docs/architecture.md "Budgets").
 * `bench/bundle-size.ts` counts the first load from the Vite manifest (the entry and the route's
 * chunk with their static imports); this loads the pages in Chromium and counts what really
 * comes over the wire, to show that the manifest figure is the one a visitor pays:
 *
 *   npm run build && npm run bench:first-load
 *
 * For `/` and `/search?location=10001`, each in a fresh browser context (empty cache, service
 * worker blocked: its precache would fetch every asset after the load and is not the page's
 * code), it sums the encoded body bytes of every JavaScript response
 *   - until the page has rendered: the screen's own content is in the main region and nothing
 *     there is marked busy (aria-busy) — the "first load";
 *   - until the network is idle (no request for 1 s): also what loads after the first paint
 *     (the deferred chrome, the footer, the map), by design outside the first load;
 * and prints each next to the manifest's figure, with the files on one side only.
 * Bytes are what the server sent (brotli, as Chromium accepts it); the gzip figure of the same
 * files is read from the build's precompressed .gz files (the budget is in gzip).
 *
 * It builds nothing: it serves FL_CLIENT_DIR (default dist/client) in the production
 * configuration (precompressed assets, page template cache) from a child process, on a fresh
 * in-memory database with FL_MERCHANTS demo restaurants (default 6,000), partner FL_PARTNER
 * (default hilton) on the bare host. CHROME_PATH (default /usr/bin/chromium). It ends with each
 * page's first-load JavaScript (gzip) next to the budget, FIRST_LOAD_BUDGET_KB; FL_JSON names a file
 * to write those figures to (bench/targets.ts reads it).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { FIRST_LOAD_BUDGET_KB, firstLoadJs, sentBytes, type FIRST_LOAD_ROUTES } from './bundle-size';

const CLIENT_DIR = path.resolve(process.env.FL_CLIENT_DIR ?? 'dist/client');
const MERCHANTS = Number(process.env.FL_MERCHANTS ?? 6_000);
const PARTNER = process.env.FL_PARTNER ?? 'hilton';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RENDER_TIMEOUT_MS = 60_000;

const PAGES: Array<{ route: keyof typeof FIRST_LOAD_ROUTES; path: string }> = [
  { route: '/', path: '/' },
  { route: '/search', path: '/search?location=10001' },
];

// ------------------------------------------------------------------ the server (child process)

async function serve(): Promise<void> {
  const { buildApp } = await import('../src/server/app');
  const { loadConfig } = await import('../src/server/config');
  const { openMemoryPglite, runMigrations } = await import('../src/server/db/client');
  const { seed } = await import('../src/server/demo');
  const database = await openMemoryPglite();
  await runMigrations(database);
  await seed(database.db, { merchantCount: MERCHANTS, demoMembers: false });
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DEFAULT_PARTNER: PARTNER,
    // Production refuses an http SITE_ORIGIN and a card frame on localhost (config.ts); neither is used here.
    SITE_ORIGIN: 'https://{partner}.localhost',
    CARD_FRAME_ORIGIN: 'https://cards.dining.example.com',
    CARD_EVENTS_SECRET: randomBytes(24).toString('hex'),
    STAGING_TOOLS: 'false',
  }, { clientDir: CLIENT_DIR });
  const app = await buildApp({ config, db: database.db, rateLimitMax: 1_000_000, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send?.({ port: (app.server.address() as { port: number }).port });
  process.on('disconnect', () => void app.close().finally(() => process.exit(0)));
}

function startServer(): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], {
      env: { ...process.env, FL_SERVER_CHILD: '1' },
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (m) => resolve({ child, port: (m as { port: number }).port }));
    child.once('exit', (code) => reject(new Error(`the app server stopped before listening (exit ${code})`)));
    child.once('error', reject);
  });
}

// ------------------------------------------------------------------ one page in Chromium

type Script = { file: string; bytes: number; at: number };
type Measured = { rendered: Script[]; idle: Script[]; renderMs: number; encodings: Set<string> };

/** The built file a script URL names (assets/…), or the URL itself for anything else. */
const fileOf = (url: string) => new URL(url).pathname.replace(/^\//, '');

/**
 * The first screen is shown: the screen's heading is in the main region, and nothing of the main
 * region within the viewport is still marked busy (a skeleton, a list whose search is under way).
 * Busy parts below the fold (a home carousel further down) do not hold it up.
 */
async function waitForRender(page: Page) {
  await page.waitForFunction(() => {
    const main = document.getElementById('main');
    if (!main || !main.querySelector('h1, h2')) return false;
    const busy = [...main.querySelectorAll('[aria-busy="true"]')];
    return busy.every((el) => el.getBoundingClientRect().top >= window.innerHeight);
  }, undefined, { timeout: RENDER_TIMEOUT_MS, polling: 50 });
}

/** A phone as Lighthouse's mobile run emulates it, and a desktop window (the map shows there). */
const VIEWPORTS = [
  { name: 'phone', viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 },
  { name: 'desktop', viewport: { width: 1350, height: 940 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
] as const;

async function measure(browser: Browser, url: string, device: (typeof VIEWPORTS)[number]): Promise<Measured> {
  const { name: _name, ...options } = device;
  const context = await browser.newContext({ ...options, serviceWorkers: 'block' });
  const page = await context.newPage();
  const scripts: Script[] = [];
  const encodings = new Set<string>();
  const pending: Promise<void>[] = [];
  const t0 = Date.now();
  page.on('requestfinished', (request) => {
    const isScript = request.resourceType() === 'script' || /\.m?js(\?|$)/.test(request.url());
    if (!isScript) return;
    const at = Date.now() - t0;
    pending.push((async () => {
      const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
      encodings.add((await response?.headerValue('content-encoding')) ?? 'identity');
      scripts.push({ file: fileOf(request.url()), bytes: sizes.responseBodySize, at });
    })().catch(() => undefined));
  });
  await page.goto(url, { waitUntil: 'commit' });
  await waitForRender(page);
  const renderMs = Date.now() - t0;
  await Promise.all(pending);
  const rendered = scripts.filter((s) => s.at <= renderMs);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_000);
  await Promise.all(pending);
  const idle = [...scripts];
  await context.close();
  return { rendered, idle, renderMs, encodings };
}

// ------------------------------------------------------------------ report

const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const sum = (list: Script[]) => list.reduce((t, s) => t + s.bytes, 0);
const gzipOf = (files: string[]) => files.reduce((t, f) => t + (existsSync(path.join(CLIENT_DIR, f)) ? sentBytes(CLIENT_DIR, f, 'gz') : 0), 0);
const rawOf = (files: string[]) => files.reduce((t, f) => t + (existsSync(path.join(CLIENT_DIR, f)) ? statSync(path.join(CLIENT_DIR, f)).size : 0), 0);
const load = () => loadavg().map((n) => n.toFixed(2)).join(', ');

async function main() {
  if (!existsSync(path.join(CLIENT_DIR, '.vite/manifest.json'))) {
    console.error(`No build in ${CLIENT_DIR}: run \`npm run build\` first (this check builds nothing).`);
    process.exit(1);
  }
  const manifest = firstLoadJs(CLIENT_DIR);
  console.log(`First-load JavaScript: Vite manifest vs. what Chromium downloads (budget ${FIRST_LOAD_BUDGET_KB} kB gzip)`);
  console.log(`Load at start: ${load()}`);
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
  let overBudget = false;
  /** Each page and device: the manifest's and Chromium's first load, gzip bytes. */
  const summary: Array<{ page: string; device: string; manifestGzipBytes: number; chromiumGzipBytes: number; chromiumSentBytes: number; renderMs: number }> = [];
  try {
    for (const device of VIEWPORTS) for (const { route, path: pagePath } of PAGES) {
      const url = `http://localhost:${server.port}${pagePath}`;
      const m = await measure(browser, url, device);
      const fromManifest = manifest[route]!;
      const renderedFiles = m.rendered.map((s) => s.file);
      const laterFiles = m.idle.filter((s) => s.at > m.renderMs).map((s) => s.file);
      const onlyManifest = fromManifest.fileNames.filter((f) => !renderedFiles.includes(f));
      const onlyBrowser = renderedFiles.filter((f) => !fromManifest.fileNames.includes(f));
      const gz = gzipOf(renderedFiles);
      overBudget ||= fromManifest.gzipBytes / 1024 > FIRST_LOAD_BUDGET_KB || gz / 1024 > FIRST_LOAD_BUDGET_KB;
      summary.push({ page: pagePath, device: device.name, manifestGzipBytes: fromManifest.gzipBytes, chromiumGzipBytes: gz, chromiumSentBytes: sum(m.rendered), renderMs: m.renderMs });
      console.log(`\n  ${pagePath}, ${device.name} ${device.viewport.width}×${device.viewport.height} (first screen after ${m.renderMs} ms; sent as ${[...m.encodings].join(', ')})`);
      console.log(`    manifest figure            ${kB(fromManifest.gzipBytes).padStart(9)} gzip  ${kB(fromManifest.brotliBytes).padStart(9)} brotli  ${kB(fromManifest.rawBytes).padStart(9)} raw  in ${fromManifest.files} files`);
      console.log(`    Chromium, until rendered   ${kB(gz).padStart(9)} gzip  ${kB(sum(m.rendered)).padStart(9)} sent    ${kB(rawOf(renderedFiles)).padStart(9)} raw  in ${m.rendered.length} files`);
      console.log(`    Chromium, until idle       ${kB(gzipOf(m.idle.map((s) => s.file))).padStart(9)} gzip  ${kB(sum(m.idle)).padStart(9)} sent    ${kB(rawOf(m.idle.map((s) => s.file))).padStart(9)} raw  in ${m.idle.length} files (after the first paint: ${laterFiles.join(', ') || 'none'})`);
      if (onlyManifest.length) console.log(`    in the manifest figure, not downloaded before render: ${onlyManifest.join(', ')}`);
      if (onlyBrowser.length) console.log(`    downloaded before render, not in the manifest figure: ${onlyBrowser.join(', ')}`);
    }
  } finally {
    await browser.close();
    server.child.disconnect();
  }
  console.log(`\nFirst-load JavaScript next to the budget (gzip, kB of 1,024 bytes; the larger of the manifest's and Chromium's figure is judged):`);
  console.log(`  ${'page'.padEnd(34)} ${'manifest'.padStart(9)} ${'Chromium'.padStart(9)}  budget`);
  for (const s of summary) {
    const worst = Math.max(s.manifestGzipBytes, s.chromiumGzipBytes) / 1024;
    console.log(`  ${`${s.page}, ${s.device}`.padEnd(34)} ${kB(s.manifestGzipBytes).padStart(9)} ${kB(s.chromiumGzipBytes).padStart(9)}  ≤ ${FIRST_LOAD_BUDGET_KB} kB ${worst <= FIRST_LOAD_BUDGET_KB ? '✓' : '✗'}`);
  }
  console.log(`\nLoad at end: ${load()}`);
  if (overBudget) console.log(`Over the ${FIRST_LOAD_BUDGET_KB} kB budget.`);
  if (process.env.FL_JSON) writeFileSync(process.env.FL_JSON, JSON.stringify({ at: new Date().toISOString(), budgetKb: FIRST_LOAD_BUDGET_KB, pages: summary }, null, 2));
}

if (process.env.FL_SERVER_CHILD) {
  serve().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
} else {
  main().then(() => process.exit(0), (e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
