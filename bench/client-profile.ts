/**
 * Where each page's main-thread time goes in the browser (issue 30, "Main-thread work"): loads
 * issue 30's four pages (bench/lighthouse.ts's list and server) in Chromium with the CPU slowed
 * down 4× (DevTools' throttling, as Lighthouse's phone), records V8's CPU profile from navigation
 * until the page has been quiet for a while, and sums the samples' self time by the source module
 * they belong to (through the build's source maps) and by function. Before that it loads each
 * page CP_RUNS times without the profiler and prints the blocking time of the long tasks the page
 * itself observed (PerformanceObserver 'longtask') after its first contentful paint: a TBT observed
 * at 4×, next to which Lighthouse's simulated one can be read (Lighthouse multiplies what it saw
 * unthrottled, with its own tracing's overhead, by 4). A benchmark to look into, never a test: it fails only when it cannot measure.
 *
 *   npm run bench:client-profile
 *
 * It builds the app with source maps into .tmp/client-profile (the same Vite configuration as
 * `npm run build`, only `--sourcemap` and the folder differ; the other files come from
 * dist/client, which `npm run build` must have written). Options: CP_SKIP_BUILD=1 (reuse the last
 * build), CP_CLIENT_DIR (a build with source maps to load instead, not rebuilt: to compare two), CP_RUNS (loads per page for the blocking time, 5), CP_PAGES (comma-separated paths as LH_PAGES), CP_CPU (slowdown, 4), CP_QUIET_MS (how
 * long without a long task ends a recording, 3000), CP_TOP (rows per table, 12), CP_PROFILE_DIR
 * (a folder to keep each page's .cpuprofile, for DevTools' Performance panel).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { benchPages, cookiesOf, demoRestaurantId, median, signIn, startServer, type PageSpec } from './lighthouse';
import type { CpuProfile } from './cpu-profile';

const OUT_DIR = path.resolve(process.env.CP_CLIENT_DIR ?? '.tmp/client-profile');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CPU = Number(process.env.CP_CPU ?? 4);
const QUIET_MS = Number(process.env.CP_QUIET_MS ?? 3000);
const TOP = Number(process.env.CP_TOP ?? 12);
const RUNS = Math.max(1, Number(process.env.CP_RUNS ?? 5));
/** A recording ends at the latest this long after navigation, quiet or not. */
const MAX_MS = 30_000;

type LongTask = { start: number; duration: number };
type PageFigures = { fcp: number | null; longTasks: LongTask[]; now: number };
type Where = { module: string; fn: string };

function build(): void {
  if ((process.env.CP_SKIP_BUILD || process.env.CP_CLIENT_DIR) && existsSync(path.join(OUT_DIR, 'index.html'))) return;
  if (!existsSync('dist/client/index.html')) throw new Error('No dist/client: run `npm run build` first (its map base and worker are copied from there).');
  console.log(`Building the app with source maps into ${path.relative(process.cwd(), OUT_DIR)}…`);
  execFileSync('npx', ['vite', 'build', '--sourcemap', '--logLevel', 'warn', '--outDir', OUT_DIR], { stdio: 'inherit' });
  // What only `npm run build`'s other steps write (the map's base layer): copied, not overwritten.
  cpSync('dist/client', OUT_DIR, { recursive: true, force: false, errorOnExist: false });
}

/** Source maps of the built assets, read once each; frames map to the module and function they came from. */
class Locator {
  private readonly maps = new Map<string, SourceMapConsumer | null>();
  constructor(private readonly dir: string) {}

  private consumer(url: string): SourceMapConsumer | null {
    const file = new URL(url).pathname;
    if (!this.maps.has(file)) {
      const mapFile = path.join(this.dir, `${file}.map`);
      this.maps.set(file, existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')) as RawSourceMap) : null);
    }
    return this.maps.get(file)!;
  }

  where(frame: CpuProfile['nodes'][number]['callFrame'] & { columnNumber?: number }): Where {
    const { url, functionName } = frame;
    if (!url) return { module: functionName.startsWith('(') ? functionName : '(browser)', fn: functionName || '(anonymous)' };
    if (!/^https?:/.test(url)) return { module: '(browser)', fn: functionName || '(anonymous)' };
    const c = this.consumer(url);
    if (!c) return { module: new URL(url).pathname, fn: functionName || '(anonymous)' };
    const pos = c.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber ?? 0 });
    const source = (pos.source ?? new URL(url).pathname).replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, 'node_modules/');
    return { module: source, fn: `${functionName || pos.name || '(anonymous)'}:${pos.line ?? '?'}` };
  }
}

/** The package of a node_modules path, or the source folder (src/client/features/x) of the app's own. */
const areaOf = (module: string): string => {
  const pkg = /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module);
  if (pkg) return pkg[1]!;
  const own = /^src\/(client\/(?:features|routes|app|lib|components)\/[^/]+|shared\/[^/]+|[^/]+)/.exec(module);
  return own ? own[1]!.replace(/\.tsx?$/, '') : module;
};

function sum(profile: CpuProfile, locate: (node: CpuProfile['nodes'][number]) => Where) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const areas = new Map<string, number>();
  const fns = new Map<string, number>();
  let busy = 0;
  for (const [id, ms] of self) {
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') continue;
    busy += ms;
    const w = locate(node);
    const area = areaOf(w.module);
    areas.set(area, (areas.get(area) ?? 0) + ms);
    const key = `${w.fn} ${w.module}`;
    fns.set(key, (fns.get(key) ?? 0) + ms);
  }
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, TOP);
  return { busy, areas: sorted(areas), fns: sorted(fns) };
}

async function record(context: BrowserContext, url: string, profiled: boolean): Promise<{ profile: CpuProfile | null; figures: PageFigures }> {
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: LongTask[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  if (profiled) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    await cdp.send('Profiler.start');
  }
  const started = Date.now();
  await page.goto(url, { waitUntil: 'load' });
  // Quiet: no long task for QUIET_MS (the deferred chrome and idle-time work run after load).
  let figures: PageFigures;
  for (;;) {
    await page.waitForTimeout(500);
    figures = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      longTasks: (window as unknown as { __longTasks: LongTask[] }).__longTasks,
      now: performance.now(),
    }));
    const last = figures.longTasks.reduce((m, t) => Math.max(m, t.start + t.duration), figures.fcp ?? 0);
    if (figures.now - last >= QUIET_MS || Date.now() - started > MAX_MS) break;
  }
  const profile = profiled ? ((await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }).profile : null;
  await page.close();
  return { profile, figures };
}

const ms = (n: number) => `${Math.round(n)} ms`;

async function main(): Promise<void> {
  build();
  const server = await startServer(OUT_DIR, { floor: false });
  const origin = `http://localhost:${server.port}`;
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const restaurantId = await demoRestaurantId(origin);
    const cookie = await signIn(origin);
    const only = process.env.CP_PAGES?.split(',').map((s) => s.trim()).filter(Boolean);
    const pages = benchPages(restaurantId).filter((p) => !only || only.some((o) => p.path === o || p.path.startsWith(`${o}?`) || (o.startsWith('/merchants') && p.path.startsWith('/merchants'))));
    const locator = new Locator(OUT_DIR);
    const keep = process.env.CP_PROFILE_DIR ? path.resolve(process.env.CP_PROFILE_DIR) : null;
    if (keep) mkdirSync(keep, { recursive: true });
    console.log(`CPU ${CPU}× slower, Chromium ${browser.version()}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC\n`);
    for (const spec of pages) {
      const load = async (profiled: boolean) => {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
        if (spec.signedIn) await context.addCookies(cookiesOf(cookie, origin));
        try {
          return await record(context, `${origin}${spec.path}`, profiled);
        } finally {
          await context.close();
        }
      };
      // Blocking time from loads without the profiler (sampling slows the page down), then one profiled load.
      const blocking: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const { figures: f } = await load(false);
        blocking.push(blockingOf(f));
        if (process.env.CP_VERBOSE) console.log(`  load ${run + 1}: first contentful paint ${ms(f.fcp ?? 0)}; long tasks ${f.longTasks.map((t) => `${ms(t.duration)} at ${ms(t.start)}`).join(', ')}`);
      }
      const { profile, figures } = await load(true);
      if (keep) writeFileSync(path.join(keep, `${spec.label.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}.cpuprofile`), JSON.stringify(profile));
      report(spec, blocking, profile!, figures, locator);
    }
  } finally {
    await browser.close();
    server.child.disconnect();
  }
}

/** Blocking time after the first contentful paint: each long task's time beyond 50 ms, as TBT counts it. */
function blockingOf(figures: PageFigures): number {
  const fcp = figures.fcp ?? 0;
  return figures.longTasks.filter((t) => t.start + t.duration > fcp).reduce((s, t) => s + Math.max(0, t.duration - 50), 0);
}

function report(spec: PageSpec, blocking: number[], profile: CpuProfile, figures: PageFigures, locator: Locator): void {
  const { busy, areas, fns } = sum(profile, (n) => locator.where(n.callFrame));
  const longest = [...figures.longTasks].sort((a, b) => b.duration - a.duration).slice(0, 5).map((t) => `${ms(t.duration)} at ${ms(t.start)}`).join(', ');
  console.log(`## ${spec.label}`);
  console.log(`  blocking time after the first contentful paint, observed at ${CPU}×: median ${ms(median(blocking))} of ${blocking.length} loads (${blocking.map(ms).join(', ')})`);
  console.log(`  profiled load: first contentful paint ${figures.fcp === null ? 'none' : ms(figures.fcp)}; ${figures.longTasks.length} long tasks; longest: ${longest || 'none'}`);
  console.log(`  CPU busy ${ms(busy)} on the main thread (samples' self time, whole recording). By area:`);
  for (const [name, t] of areas) console.log(`    ${ms(t).padStart(8)} ${((t / busy) * 100).toFixed(0).padStart(3)} %  ${name}`);
  console.log('  By function (self time):');
  for (const [name, t] of fns) console.log(`    ${ms(t).padStart(8)} ${((t / busy) * 100).toFixed(0).padStart(3)} %  ${name}`);
  console.log('');
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
