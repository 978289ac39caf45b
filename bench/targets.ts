/**
 * Issue 30's figures in one sitting ("Fast on a real phone, and cheap on the server"; not a test):
 * runs each bench that measures one of them in a child process of its own, one after the other,
 * then prints one table — figure, measured value, floor or target, met ✓/✗ — with the git commit
 * and the machine's load (os.loadavg: 1, 5 and 15 minutes) before and after each part, and the
 * machine's speed before the first part and after the last (bench/machine-speed.ts: the machines
 * differ by 2× from day to day, and every timed figure with them), in Markdown
 * so it can go into bench/RESULTS.md as it is.
 *
 *   npm run bench:targets
 *   TARGETS_PARTS=lighthouse,pages TARGETS_QUICK=1 npm run bench:targets   (a smoke check)
 *
 * The parts, in this order (each bench's own output is shown as it runs; each writes its figures to
 * a JSON file named by its own variable, which this reads):
 *   first-load   bench/first-load-check.ts (FL_JSON): first-load JavaScript of / and /search, gzip,
 *                as the manifest counts it and as Chromium downloads it, phone and desktop; budget
 *                FIRST_LOAD_BUDGET_KB (120 kB), the larger of the two figures judged;
 *   lighthouse   bench/lighthouse.ts (LH_JSON): mobile, median of LH_RUNS (5) per page, /,
 *                /search, a restaurant page and Reviews & History, each page's performance score and
 *                TBT next to the floor's, taken in the same rounds (targets: within 5 points, at
 *                most 100 ms more);
 *   pages        bench/page-assembly.ts (PAGES_JSON): a page's HTML with its first-screen data,
 *                median server time of BENCH_PAGES (100) pages inside the process, embedded database
 *                and PostgreSQL, next to GET /health (target ≤ 2 ms);
 *   events       bench/card-events.ts (EVENTS_JSON): events/s received (20 and 100 connections) and
 *                applied (one and two appliers) on both databases with the CPU µs per event, against
 *                5× the researched peak feed (5,250/s); applying is judged with the app's own number
 *                of loops on each database (engine.ts APPLIERS), the other count is context (–);
 *   first-start  bench/first-start.ts (FS_JSON): `npm start` (the build included) on an empty data
 *                folder until the home page answers 200 (target ≤ 30 s), then `npm run serve` (the
 *                server's part alone, context). Last, as its `npm start` builds dist/ again.
 *
 * The client is built first (`npm run build`) when a part serves it (first-load, lighthouse, pages,
 * events) and dist/client is missing or older than any file it is built from (src/client,
 * src/shared, src/card-frame, src/ops, the map base, the Vite configurations, package files);
 * TARGETS_BUILD=1 always builds, TARGETS_BUILD=0 never.
 *
 * Options: TARGETS_PARTS (comma-separated, of the names above; all by default), TARGETS_QUICK=1 (a
 * smoke check, shortened where not set otherwise: LH_RUNS=1, LH_MERCHANTS=2000, FL_MERCHANTS=2000,
 * BENCH_PAGES=20, BENCH_EVENTS=5000, BENCH_SECONDS=1, FS_PARTS=start — figures of such a run are
 * not the issue's), TARGETS_JSON (a file to write every figure and the parts' loads to). Every
 * bench's own variables pass through (LH_PAGES, BENCH_PG_URL, CHROME_PATH …). Without PostgreSQL
 * at BENCH_PG_URL its figures are printed as not measured.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { machineSpeedMs } from './machine-speed';

const ALL_PARTS = ['first-load', 'lighthouse', 'pages', 'events', 'first-start'] as const;
type Part = (typeof ALL_PARTS)[number];
const NEEDS_BUILD: ReadonlySet<Part> = new Set(['first-load', 'lighthouse', 'pages', 'events']);

const QUICK = process.env.TARGETS_QUICK === '1';
/** The shortened settings of TARGETS_QUICK=1, each only where the variable is not set already. */
const QUICK_ENV: Record<string, string> = {
  LH_RUNS: '1', LH_MERCHANTS: '2000', FL_MERCHANTS: '2000', BENCH_PAGES: '20', BENCH_EVENTS: '5000', BENCH_SECONDS: '1', FS_PARTS: 'start',
};

const CLIENT_DIR = path.resolve('dist/client');
/** What the client's build is made from: a file here newer than the build's manifest makes it stale. */
const BUILD_INPUTS = ['src/client', 'src/shared', 'src/card-frame', 'src/ops', 'src/server/modules/map-base', 'vite.config.ts', 'vite.ops.config.ts',
  'src-aliases.ts', 'scripts/build-map-base.ts', 'package.json', 'package-lock.json'];

type Row = { figure: string; value: string; target: string; met: boolean | null };
type PartRun = { part: string; seconds: number; loadBefore: number[]; loadAfter: number[]; status: string };

const loadNow = () => loadavg().map((n) => Math.round(n * 100) / 100);
const loadText = (l: number[]) => l.map((n) => n.toFixed(2)).join(' ');
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const signed = (n: number, unit = '') => `${n > 0 ? '+' : n < 0 ? '−' : '±'}${fmt(Math.abs(n))}${unit}`;
const mark = (met: boolean | null) => (met === null ? '–' : met ? '✓' : '✗');

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

function commit(): string {
  const sha = git(['rev-parse', '--short', 'HEAD']) || 'unknown';
  const branch = git(['rev-parse', '--abbrev-ref', 'HEAD']);
  const dirty = git(['status', '--porcelain', '--untracked-files=no']) ? ', with uncommitted changes' : '';
  return `${sha}${branch ? ` (${branch}${dirty})` : dirty}`;
}

/** The newest modification time of a file under `p` (0 when it does not exist). */
function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(p, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    latest = Math.max(latest, newest(path.join(p, entry.name)));
  }
  return latest;
}

/** Why the client must be built ('' when its build is present and newer than its sources). */
function buildNeeded(): string {
  const manifest = path.join(CLIENT_DIR, '.vite/manifest.json');
  if (!existsSync(manifest) || !existsSync(path.join(CLIENT_DIR, 'index.html'))) return 'dist/client is missing';
  const built = statSync(manifest).mtimeMs;
  const stale = BUILD_INPUTS.filter((p) => newest(p) > built);
  return stale.length ? `dist/client is older than ${stale.join(', ')}` : '';
}

/** Runs a command with its output on ours, timed, with the load before and after. */
function runPart(part: string, command: string, args: string[], env: Record<string, string>): PartRun {
  const loadBefore = loadNow();
  console.log(`\n======== ${part}: ${[command === process.execPath ? 'node' : command, ...args].join(' ')} (load ${loadText(loadBefore)}) ========\n`);
  const t0 = performance.now();
  const done = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = (performance.now() - t0) / 1000;
  const status = done.error ? `failed: ${done.error.message}` : done.status === 0 ? 'ok' : `exit ${done.status ?? done.signal}`;
  return { part, seconds, loadBefore, loadAfter: loadNow(), status };
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

// ------------------------------------------------------------------ each part's rows from its JSON

type FirstLoadJson = { budgetKb: number; pages: Array<{ page: string; device: string; manifestGzipBytes: number; chromiumGzipBytes: number }> };
function firstLoadRows(j: FirstLoadJson): Row[] {
  const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  return j.pages.map((p) => {
    const worst = Math.max(p.manifestGzipBytes, p.chromiumGzipBytes);
    return {
      figure: `First-load JS, ${p.page} (${p.device})`,
      value: `${kB(p.chromiumGzipBytes)} gzip in Chromium (manifest ${kB(p.manifestGzipBytes)})`,
      target: `≤ ${j.budgetKb} kB gzip (budget)`,
      met: worst / 1024 <= j.budgetKb,
    };
  });
}

type LhMedian = { performance: number; tbtMs: number };
type LighthouseJson = {
  runs: number; floorTargets: { performancePoints: number; tbtMs: number };
  floor: { median: LhMedian };
  vsFloor: Array<{ page: string; performance: number; performanceDiff: number; performanceOk: boolean; tbtMs: number; tbtDiffMs: number; tbtOk: boolean }>;
};
function lighthouseRows(j: LighthouseJson): Row[] {
  const f = j.floor.median;
  const rows: Row[] = [];
  for (const v of j.vsFloor) {
    rows.push({
      figure: `Lighthouse mobile, ${v.page}: performance (median of ${j.runs})`,
      value: `${v.performance} (floor ${f.performance}, ${signed(v.performanceDiff)})`,
      target: `≥ floor − ${j.floorTargets.performancePoints} = ${f.performance - j.floorTargets.performancePoints}`,
      met: v.performanceOk,
    });
    rows.push({
      figure: `Lighthouse mobile, ${v.page}: TBT (median of ${j.runs})`,
      value: `${fmt(v.tbtMs)} ms (floor ${fmt(f.tbtMs)} ms, ${signed(Math.round(v.tbtDiffMs), ' ms')})`,
      target: `≤ floor + ${j.floorTargets.tbtMs} ms = ${fmt(f.tbtMs + j.floorTargets.tbtMs)} ms`,
      met: v.tbtOk,
    });
  }
  return rows;
}

type PagesJson = {
  pages: number; targetMs: number; postgresSkipped?: string;
  databases: Array<{ database: 'embedded' | 'postgres'; pages: Array<{ page: string; floor: boolean; wall50: number; wall95: number; cpu50: number }> }>;
};
function pagesRows(j: PagesJson): Row[] {
  const rows: Row[] = [];
  const name = { embedded: 'embedded database', postgres: 'PostgreSQL' } as const;
  for (const d of j.databases) {
    const floor = d.pages.find((p) => p.floor);
    for (const p of d.pages.filter((x) => !x.floor)) {
      rows.push({
        figure: `Page assembly, ${name[d.database]}, ${p.page}`,
        value: `${p.wall50.toFixed(2)} ms median of ${j.pages} (p95 ${p.wall95.toFixed(2)}, CPU ${p.cpu50.toFixed(2)}${floor ? `; floor GET /health ${floor.wall50.toFixed(2)}` : ''})`,
        target: `≤ ${j.targetMs} ms`,
        met: p.wall50 <= j.targetMs,
      });
    }
  }
  if (j.postgresSkipped) rows.push({ figure: 'Page assembly, PostgreSQL', value: `not measured: ${j.postgresSkipped}`, target: `≤ ${j.targetMs} ms`, met: null });
  return rows;
}

type EventsJson = {
  events: number; targetEventsPerS: number; peakFeedEventsPerS: number; postgresSkipped?: string;
  figures: Array<{ database: string; figure: string; eventsPerS: number; cpuUs: string; cpuUsTotal: number; errors?: number; context?: string }>;
};
function eventsRows(j: EventsJson): Row[] {
  // Per database, receipt first (20 connections, the issue's figure), then applying, as the bench names them.
  const order = (f: EventsJson['figures'][number]) => `${f.database === 'PostgreSQL' ? 0 : 1}${f.figure.startsWith('receipt') ? 0 : 1}${f.figure.padStart(30)}`;
  const rows = [...j.figures].sort((a, b) => order(a).localeCompare(order(b))).map((f): Row => {
    const receipt = f.figure.startsWith('receipt');
    return {
      figure: `Events, ${f.database}, ${f.figure}`,
      value: `${fmt(f.eventsPerS)}/s; CPU µs per ${receipt ? 'received' : 'applied'} event: ${f.cpuUs}${f.errors ? `; ${f.errors} errors` : ''}`,
      // Applying with a number of loops the app does not run there is context (card-events.ts).
      target: f.context ? `context: ${f.context}` : `≥ ${fmt(j.targetEventsPerS)}/s (5× peak ${fmt(j.peakFeedEventsPerS)})`,
      met: f.context ? null : f.eventsPerS >= j.targetEventsPerS && !f.errors,
    };
  });
  if (j.postgresSkipped) rows.push({ figure: 'Events, PostgreSQL', value: `not measured: ${j.postgresSkipped}`, target: `≥ ${fmt(j.targetEventsPerS)}/s`, met: null });
  return rows;
}

type FirstStartJson = { targetS: number; runs: Array<{ part: string; homeS: number | null; searchS: number | null; marks: Record<string, number> }> };
function firstStartRows(j: FirstStartJson): Row[] {
  return j.runs.map((r) => {
    const start = r.part === 'start';
    const build = r.marks.build;
    return {
      figure: start ? 'First start: `npm start` on an empty data folder, home page 200' : 'First start: `npm run serve` (build present), home page 200 (context)',
      value: r.homeS === null ? 'never answered' : `${r.homeS.toFixed(1)} s${start && build !== undefined ? ` (build ${build.toFixed(1)} s)` : ''}${r.searchS !== null ? `; search with restaurants ${r.searchS.toFixed(1)} s` : ''}`,
      target: start ? `≤ ${j.targetS} s` : '',
      met: start ? r.homeS !== null && r.homeS <= j.targetS : null,
    };
  });
}

// ------------------------------------------------------------------ main

function render(header: string[], rows: string[][]): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`)].join('\n');
}

function main() {
  const asked = (process.env.TARGETS_PARTS ?? ALL_PARTS.join(',')).split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = asked.filter((p) => !(ALL_PARTS as readonly string[]).includes(p));
  if (unknown.length) {
    console.error(`Unknown part(s) in TARGETS_PARTS: ${unknown.join(', ')} (the parts: ${ALL_PARTS.join(', ')})`);
    process.exit(2);
  }
  const parts = ALL_PARTS.filter((p) => asked.includes(p));
  const quickEnv = QUICK ? Object.fromEntries(Object.entries(QUICK_ENV).filter(([k]) => process.env[k] === undefined)) : {};
  const sha = commit();
  const startedAt = new Date();
  const t0 = performance.now();
  const speedBefore = machineSpeedMs();
  console.log(`Issue 30's figures, one sitting: ${parts.join(', ')}; commit ${sha}; load ${loadText(loadNow())}; machine speed ${speedBefore.toFixed(2)} ms`);
  if (QUICK) console.log(`TARGETS_QUICK=1, a smoke check: ${Object.entries(quickEnv).map(([k, v]) => `${k}=${v}`).join(' ') || 'every shortening variable was set already'} (not the issue's figures)`);

  const runs: PartRun[] = [];
  const rows: Row[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-targets-'));
  try {
    const why = process.env.TARGETS_BUILD === '1' ? 'TARGETS_BUILD=1' : process.env.TARGETS_BUILD === '0' ? '' : parts.some((p) => NEEDS_BUILD.has(p)) ? buildNeeded() : '';
    if (why) {
      console.log(`Building the client first: ${why}`);
      const build = runPart('build', 'npm', ['run', 'build'], {});
      runs.push(build);
      if (build.status !== 'ok') throw new Error(`npm run build: ${build.status}`);
    } else if (process.env.TARGETS_BUILD === '0' && parts.some((p) => NEEDS_BUILD.has(p)) && buildNeeded()) {
      console.log(`TARGETS_BUILD=0: not building, though ${buildNeeded()}`);
    }

    const benches: Record<Part, { file: string; jsonVar: string; rows: (j: never) => Row[] }> = {
      'first-load': { file: 'first-load-check.ts', jsonVar: 'FL_JSON', rows: firstLoadRows },
      lighthouse: { file: 'lighthouse.ts', jsonVar: 'LH_JSON', rows: lighthouseRows },
      pages: { file: 'page-assembly.ts', jsonVar: 'PAGES_JSON', rows: pagesRows },
      events: { file: 'card-events.ts', jsonVar: 'EVENTS_JSON', rows: eventsRows },
      'first-start': { file: 'first-start.ts', jsonVar: 'FS_JSON', rows: firstStartRows },
    };
    for (const part of parts) {
      const bench = benches[part];
      const json = path.join(dir, `${part}.json`);
      const run = runPart(part, process.execPath, ['--import', 'tsx', path.resolve('bench', bench.file)], { ...quickEnv, [bench.jsonVar]: json });
      runs.push(run);
      const data = readJson<never>(json);
      if (run.status !== 'ok' || !data) rows.push({ figure: `${part} (bench/${bench.file})`, value: `not measured: ${run.status === 'ok' ? 'it wrote no figures' : run.status}`, target: '', met: false });
      else rows.push(...bench.rows(data));
    }
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const speedAfter = machineSpeedMs();
  const minutes = (performance.now() - t0) / 60_000;
  const judged = rows.filter((r) => r.met !== null);
  console.log(`\n\n## Issue 30's figures — ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${minutes.toFixed(1)} min, commit ${sha}${QUICK ? ' — TARGETS_QUICK=1 (smoke check, shortened)' : ''}\n`);
  console.log(render(['figure', 'measured', 'floor / target', 'met'], rows.map((r) => [r.figure, r.value, r.target, mark(r.met)])));
  console.log(`\n${judged.filter((r) => r.met).length} of ${judged.length} met.\n`);
  console.log(`Machine speed (bench/machine-speed.ts, lower is faster): ${speedBefore.toFixed(2)} ms before the first part, ${speedAfter.toFixed(2)} ms after the last.\n`);
  console.log(render(['part', 'took', 'load before (1, 5, 15 min)', 'load after', 'status'],
    runs.map((r) => [r.part, `${r.seconds.toFixed(0)} s`, loadText(r.loadBefore), loadText(r.loadAfter), r.status])));
  if (process.env.TARGETS_JSON) {
    writeFileSync(process.env.TARGETS_JSON, JSON.stringify({ at: startedAt.toISOString(), commit: sha, quick: QUICK, quickEnv, minutes, machineSpeedMs: { before: speedBefore, after: speedAfter }, rows, parts: runs }, null, 2));
  }
}

main();
