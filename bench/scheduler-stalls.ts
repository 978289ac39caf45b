/**
 * How long the job scheduler's ticks hold the server on the embedded database (PGlite runs in
 * the server's own thread, so while a job or a claim runs, requests wait). Not a test: figures.
 *
 *   node --import tsx bench/scheduler-stalls.ts
 *
 * Starts the server (src/server/main.ts, the embedded database, NODE_ENV=development, the demo
 * data and its history written before it listens; scripts/load-server-stats.mjs preloaded for its
 * event-loop delay), waits STALL_WARMUP_S, then for STALL_SECONDS times a cheap request
 * (GET /health) every 10 ms from this process (one at a time, on a kept-alive connection) and
 * prints:
 * - the probe's latency (p50, p99, max) and each stall: a run of probes slower than STALL_MS,
 *   with its start (seconds into the window) and its longest probe;
 * - the server's own event-loop delay over the window (p99, max; 10-ms resolution);
 * - each job the scheduler ran in the window (its log line 'job finished'): runs, median and max ms.
 *
 * STALL_MERCHANTS (default 2000) restaurants on a fresh data folder; STALL_DATA_DIR reuses a data
 * folder seeded before (kept; made and seeded when missing), so runs before and after a change
 * can start from the same data. STALL_SECONDS (default 95: six ticks of 15 s), STALL_WARMUP_S
 * (default 20), STALL_MS (default 50), STALL_KEEP=1 keeps the work folder (the server's log).
 */
import { fork } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { API_RATE_LIMIT, CARD_EVENTS_SECRET, prepare, serverStats } from '../scripts/load-mix';
import { loadGenerator, type LoadGenerator } from './load-process';
import type { InitJob, StepJob, StepResult } from './open-load-worker';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MERCHANTS = process.env.STALL_MERCHANTS ?? '2000';
const SECONDS = Number(process.env.STALL_SECONDS ?? 95);
const WARMUP_S = Number(process.env.STALL_WARMUP_S ?? 20);
const STALL_MS = Number(process.env.STALL_MS ?? 50);
const KEEP = process.env.STALL_KEEP === '1';
const RATE = Number(process.env.STALL_RATE ?? 0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function health(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/health', agent, timeout: 10_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('timeout')));
  });
}

const pct = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'scheduler-stalls-'));
  const dataDir = process.env.STALL_DATA_DIR ? path.resolve(process.env.STALL_DATA_DIR) : path.join(work, 'data');
  const seeded = existsSync(dataDir);
  const logFile = path.join(work, 'server.log');
  const [port, framePort] = [await freePort(), await freePort()];
  const log = openSync(logFile, 'a');
  const child = fork(path.join(root, 'src/server/main.ts'), [], {
    cwd: root,
    execArgv: ['--import', import.meta.resolve('tsx'), '--import', pathToFileURL(path.join(root, 'scripts/load-server-stats.mjs')).href],
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.json'),
      NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port), CARD_FRAME_PORT: String(framePort),
      GIFT_CARD_SIMULATOR_PORT: '0', DATA_DIR: dataDir, SEED_MERCHANTS: MERCHANTS,
      DEMO_HISTORY: 'before-listen', LOG_LEVEL: 'info', DATABASE_URL: '',
      // As bench/open-load.ts runs it: the generator names each visitor's address and signs card-network events.
      API_RATE_LIMIT, TRUST_PROXY: '127.0.0.1', CARD_EVENTS_SECRET,
    },
    stdio: ['ignore', log, log, 'ipc'],
  });
  closeSync(log);
  let exited = false;
  child.once('exit', () => { exited = true; });
  const started = performance.now();
  process.stdout.write(`Machine load (1/5/15 min) ${load()}. Starting the server (embedded database, ${seeded ? `data folder ${dataDir}` : `${MERCHANTS} restaurants, seeding`})…`);
  for (;;) {
    if (exited) throw new Error(`The server exited; its log:\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
    try { if (await health(port) === 200) break; } catch { /* not yet */ }
    await sleep(500);
  }
  console.log(` answering after ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  let generator: LoadGenerator<{ init: InitJob } | { step: StepJob }, StepResult> | undefined;
  let loadRun: Promise<StepResult> | undefined;
  if (RATE > 0) {
    generator = loadGenerator<{ init: InitJob } | { step: StepJob }, StepResult>('./open-load-worker.ts');
    await generator.run({ init: { setup: await prepare(port, 20), ports: [port], sockets: 64 } });
    console.log(`Background load: the open-load mix at ${RATE}/s (Poisson) through the warm-up and the window.`);
    loadRun = generator.run({ step: { rate: RATE, seconds: WARMUP_S + SECONDS + 2, arrival: 'poisson', timeoutMs: 10_000 } });
  }
  console.log(`Warming up ${WARMUP_S} s.`);
  await sleep(WARMUP_S * 1000);
  const logFrom = readFileSync(logFile, 'utf8').length;
  await serverStats(child, 'reset-delay');

  const probes: Array<{ at: number; ms: number }> = [];
  const t0 = performance.now();
  const t0Epoch = Date.now();
  let errors = 0;
  let next = t0;
  while (performance.now() - t0 < SECONDS * 1000) {
    const at = performance.now();
    try { await health(port); } catch { errors++; }
    probes.push({ at: (at - t0) / 1000, ms: performance.now() - at });
    next += 10;
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait);
    else next = performance.now();
  }
  const stats = await serverStats(child, 'sample');
  const endLoad = load();
  if (loadRun) {
    const m = await loadRun;
    console.log(`\nBackground load: ${m.answered} answered of ${m.sent} sent, p50 ${m.p50} ms, p99 ${m.p99} ms, max ${m.max} ms, ${m.errors} errors.`);
    generator!.close();
  }

  const sorted = probes.map((p) => p.ms).sort((a, b) => a - b);
  const stalls: Array<{ at: number; ms: number; probes: number; span: number }> = [];
  for (const p of probes) {
    if (p.ms < STALL_MS) continue;
    const last = stalls.at(-1);
    if (last && p.at - (last.at + last.span) < 0.05) {
      last.ms = Math.max(last.ms, p.ms);
      last.probes++;
      last.span = p.at + p.ms / 1000 - last.at;
    } else stalls.push({ at: p.at, ms: p.ms, probes: 1, span: p.ms / 1000 });
  }
  console.log(`\n${probes.length} probes of GET /health over ${SECONDS} s (${errors} errors): p50 ${pct(sorted, 50).toFixed(1)} ms, p99 ${pct(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms.`);
  console.log(`Stalls (probes ≥ ${STALL_MS} ms, runs of them): ${stalls.length}; total ${Math.round(stalls.reduce((s, x) => s + x.span * 1000, 0))} ms.`);
  const finished: Array<{ job: string; ms: number; at: number }> = [];
  const jobs = new Map<string, number[]>();
  for (const line of readFileSync(logFile, 'utf8').slice(logFrom).split('\n')) {
    if (!line.includes('"job finished"') && !line.includes('"job failed"')) continue;
    try {
      const o = JSON.parse(line) as { job: string; ms: number; time: number };
      jobs.set(o.job, [...(jobs.get(o.job) ?? []), o.ms]);
      finished.push({ job: o.job, ms: o.ms, at: (o.time - t0Epoch) / 1000 });
    } catch { /* not JSON */ }
  }
  for (const s of stalls) {
    // The jobs that ended during the stall (or just after it): which work held the loop.
    const during = finished.filter((f) => f.at >= s.at - 0.05 && f.at <= s.at + s.span + 0.1 && f.ms >= 5).map((f) => `${f.job} ${f.ms} ms`);
    console.log(`  at ${s.at.toFixed(2)} s: longest probe ${s.ms.toFixed(0)} ms, ${s.probes} slow probe(s) over ${(s.span * 1000).toFixed(0)} ms${during.length ? `; jobs ending then: ${during.join(', ')}` : ''}`);
  }
  // The ticks: jobs that ran close together (each job's start is its end less its time).
  const ticks: Array<{ from: number; to: number; jobs: typeof finished }> = [];
  for (const f of finished.toSorted((a, b) => a.at - b.at)) {
    const last = ticks.at(-1);
    if (last && f.at - f.ms / 1000 - last.to < 1) {
      last.to = f.at;
      last.jobs.push(f);
    } else ticks.push({ from: f.at - f.ms / 1000, to: f.at, jobs: [f] });
  }
  const near = (t: { from: number; to: number }) => (p: { at: number; ms: number }) => p.at + p.ms / 1000 >= t.from - 0.05 && p.at <= t.to + 0.05;
  console.log('Ticks (jobs ending less than 1 s apart): the jobs\' time, the longest probe sent during the tick:');
  for (const t of ticks) {
    const during = probes.filter(near(t));
    const longest = t.jobs.toSorted((a, b) => b.ms - a.ms)[0]!;
    console.log(`  at ${t.from.toFixed(2)} s: ${t.jobs.length} jobs, ${t.jobs.reduce((n, j) => n + j.ms, 0)} ms in all (longest ${longest.job} ${longest.ms} ms); longest probe ${Math.max(0, ...during.map((p) => p.ms)).toFixed(0)} ms`);
  }
  const outside = probes.filter((p) => !ticks.some((t) => near(t)(p))).map((p) => p.ms).sort((a, b) => a - b);
  console.log(`Probes outside ticks: p99 ${pct(outside, 99).toFixed(1)} ms, max ${(outside.at(-1) ?? 0).toFixed(1)} ms.`);
  console.log(`Server event-loop delay over the window: p50 ${stats.eventLoopDelay.p50} ms, p99 ${stats.eventLoopDelay.p99} ms, max ${stats.eventLoopDelay.max} ms.`);

  console.log('Jobs run in the window (ms each, as the scheduler logs them):');
  for (const [job, ms] of [...jobs].sort((a, b) => Math.max(...b[1]) - Math.max(...a[1]))) {
    const s = [...ms].sort((a, b) => a - b);
    console.log(`  ${job.padEnd(28)} ${String(ms.length).padStart(3)} runs, median ${pct(s, 50)} ms, max ${s.at(-1)} ms`);
  }
  console.log(`Machine load at the end ${endLoad}.`);

  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  agent.destroy();
  if (KEEP) console.log(`Kept ${work} (server.log).`);
  else rmSync(work, { recursive: true, force: true });
}

await main();
