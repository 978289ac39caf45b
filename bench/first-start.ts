/**
 * The first start (issue 30 item 5): `npm start` on an empty data folder must serve its first page
 * in 30 s or less on a quiet machine.
 *
 *   npm run bench:first-start
 *
 * Runs the real first start twice, each on its own empty temporary data folder:
 *   1. `npm start` (the build included, as a user's first start);
 *   2. `npm run serve` (the build's output already present: the server's part alone).
 * For each it polls http://localhost:<port>/ until the home page first answers 200, and
 * separately /api/v2/Merchants/Search?location=Chicago%2C%20IL until it answers with restaurants,
 * notes when the server's own log lines appear (the build's end, database ready, seeded, ready,
 * the demo history written), prints the seconds of each phase and the total against the target,
 * then stops the server and removes the folder. No assertion: figures only. Other processes on
 * the machine change them; the load average is printed before and after.
 *
 * FS_RUNS=2 repeats each start; FS_PARTS=serve (or start) runs one of the two; DATABASE_URL is
 * passed on (PostgreSQL then, and the database must be empty: this bench does not empty it).
 * FS_JSON names a file to write the runs' figures to (seconds from the start to the home page's
 * first 200, to a search with restaurants, to each log mark; the target), as bench/targets.ts reads it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const TARGET_S = 30;
const TIMEOUT_MS = 10 * 60_000;
const RUNS = Number(process.env.FS_RUNS ?? 1);
const PARTS = (process.env.FS_PARTS ?? 'start,serve').split(',');
const SEARCH_PATH = '/api/v2/Merchants/Search?location=Chicago%2C%20IL';

/** Log lines of interest, in the order they appear, with the phase each one ends. */
const MARKS: Array<{ name: string; line: RegExp }> = [
  // `npm start` builds beside the database's preparation and says when the build is done ("Web app
  // built in"); `npm run serve` builds nothing. (Before, the build came first: "Opening" ended it.)
  { name: 'build (beside the next two)', line: /^Web app built in/ },
  { name: 'database and migrations', line: /^Database ready in/ },
  { name: 'catalogue and members seeded', line: /^Seeded \d+ partners/ },
  { name: 'listening ("Ready")', line: /^Ready in/ },
  // "Demo history written: …" (before this change, the history came before "Ready": "Demo reviews: …").
  { name: 'demo history written', line: /^Demo history written|^Demo reviews: / },
];

/** Three consecutive free ports (the app, the card frame, the gift-card simulator: config.ts). */
async function freePorts(): Promise<number> {
  const free = (port: number) => new Promise<boolean>((resolve) => {
    const server = createServer().once('error', () => resolve(false)).listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
  for (let base = 3300 + Math.floor(Math.random() * 500) * 3; base < 60_000; base += 3) {
    if ((await free(base)) && (await free(base + 1)) && (await free(base + 2))) return base;
  }
  throw new Error('no free ports');
}

async function get(url: string): Promise<{ status: number; body: string } | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    return { status: res.status, body: await res.text() };
  } catch {
    return null;
  }
}

/** How many restaurants a search answer lists (0 when it is not one). */
function restaurantsIn(body: string): number {
  try {
    const json = JSON.parse(body) as Record<string, unknown>;
    const list = [json.merchants, json.Merchants, json.data, json.results, json.items].find(Array.isArray) as unknown[] | undefined;
    return list?.length ?? 0;
  } catch {
    return 0;
  }
}

type Run = { part: string; marks: Map<string, number>; home?: number; search?: number; restaurants?: number; lines: string[] };

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    // npm → sh → node: the whole group (spawned detached, so it has its own).
    try { process.kill(-child.pid!, 'SIGTERM'); } catch { resolve(); }
    setTimeout(() => { try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* gone */ } }, 10_000).unref();
  });
}

async function firstStart(part: string): Promise<Run> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'first-start-'));
  const port = await freePorts();
  const run: Run = { part, marks: new Map(), lines: [] };
  const started = performance.now();
  const since = () => (performance.now() - started) / 1000;
  const child = spawn('npm', ['run', '--silent', part], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), NODE_ENV: 'development', LOG_LEVEL: 'warn' },
  });
  let exited = false;
  child.once('exit', () => { exited = true; });
  const onLine = (text: string) => {
    for (const raw of text.split(/\r?\n|\r/)) {
      const line = raw.trim();
      if (!line) continue;
      run.lines.push(`${since().toFixed(1).padStart(6)} s  ${line}`);
      for (const mark of MARKS) if (!run.marks.has(mark.name) && mark.line.test(line)) run.marks.set(mark.name, since());
    }
  };
  child.stdout!.setEncoding('utf8').on('data', onLine);
  child.stderr!.setEncoding('utf8').on('data', onLine);
  try {
    const base = `http://localhost:${port}`;
    while (since() * 1000 < TIMEOUT_MS && !exited && (run.home === undefined || run.search === undefined || !run.marks.has(MARKS.at(-1)!.name))) {
      if (run.home === undefined) {
        const res = await get(`${base}/`);
        if (res?.status === 200) run.home = since();
      }
      if (run.search === undefined) {
        const res = await get(`${base}${SEARCH_PATH}`);
        const n = res?.status === 200 ? restaurantsIn(res.body) : 0;
        if (n > 0) {
          run.search = since();
          run.restaurants = n;
        }
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    if (exited) throw new Error(`${part} exited early:\n${run.lines.join('\n')}`);
  } finally {
    await stop(child);
    await rm(dataDir, { recursive: true, force: true });
  }
  return run;
}

const fmt = (s: number | undefined) => (s === undefined ? '—' : `${s.toFixed(1)} s`);

function report(run: Run) {
  console.log(`\n## npm ${run.part === 'start' ? 'start (build included)' : 'run serve (build output present)'}\n`);
  for (const line of run.lines) console.log(`    ${line}`);
  console.log('\n| phase | ends at | takes |\n|---|---|---|');
  // Each phase from the previous one's end; the build runs beside the database's, from the start.
  let previous = 0;
  for (const mark of MARKS) {
    const at = run.marks.get(mark.name);
    if (at === undefined) continue;
    const beside = mark.name.startsWith('build');
    console.log(`| ${mark.name} | ${fmt(at)} | ${fmt(beside ? at : at - previous)} |`);
    if (!beside) previous = at;
  }
  const verdict = (s: number | undefined) => (s === undefined ? 'never' : s <= TARGET_S ? `✓ (≤ ${TARGET_S} s)` : `✗ (> ${TARGET_S} s)`);
  console.log(`| **home page 200** | **${fmt(run.home)}** | ${verdict(run.home)} |`);
  console.log(`| **search (Chicago, IL) with restaurants** | **${fmt(run.search)}** | ${run.restaurants ?? 0} restaurants on the first page |`);
}

console.log(`first start, ${RUNS} run(s) of ${PARTS.join(' and ')}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const runs: Run[] = [];
for (let i = 0; i < RUNS; i++) {
  for (const part of PARTS) {
    const run = await firstStart(part);
    runs.push(run);
    report(run);
    console.log(`\nload average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  }
}
if (runs.length > 1) {
  console.log('\n| run | home 200 | search | history done |\n|---|---|---|---|');
  for (const run of runs) console.log(`| ${run.part} | ${fmt(run.home)} | ${fmt(run.search)} | ${fmt(run.marks.get(MARKS.at(-1)!.name))} |`);
}
if (process.env.FS_JSON) {
  await writeFile(process.env.FS_JSON, JSON.stringify({
    at: new Date().toISOString(), targetS: TARGET_S,
    runs: runs.map((run) => ({ part: run.part, homeS: run.home ?? null, searchS: run.search ?? null, restaurants: run.restaurants ?? 0, marks: Object.fromEntries(run.marks) })),
  }, null, 2));
}
