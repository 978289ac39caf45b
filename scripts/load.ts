/**
 * Closed-loop load test (npm run test:load; a script, not part of npm test): starts the built
 * server as `npm run serve` would (compression, the built assets in dist/client, demo data seeded
 * on a fresh embedded database; PostgreSQL instead when DATABASE_URL is set), signs in demo
 * members, then drives it with autocannon (100 connections × 60 s by default) over the realistic
 * mix of calls of scripts/load-mix.ts (search, restaurant data and pages, content, member history,
 * sign-in, signed card-network events, availability).
 *
 * Not the headline load figure: a closed loop sends the next request only when an answer came, so
 * at 100 connections its p99 only says the machine is full (issue 29 item 6). The headline figure
 * is the open-model one, `npm run bench:open-load` (bench/open-load.ts): requests at a fixed
 * arrival rate, latency from the intended send time, the highest rate with p99 ≤ 250 ms and 0
 * errors for one instance on the embedded database, two on PostgreSQL and two with a replica.
 * This script stays as the quick check of errors and memory under a full machine.
 *
 * It prints p50/p99 per kind and overall, requests/s, errors (connection errors, timeouts, and
 * answers that are not 2xx, with the 4xx a kind expects shown apart) and the server's memory (RSS,
 * heap) and event-loop delay before and after, read inside the server (scripts/load-server-stats.mjs).
 * Exit status 1 on errors only: timings are figures, not assertions.
 *
 * Limits: the per-address limit (API_RATE_LIMIT, 600 calls a minute) is lifted
 * (API_RATE_LIMIT=10000000, as for the e2e server), and requests name visitors' addresses through
 * X-Forwarded-For (scripts/load-mix.ts), so the per-route limits (sign-in: 20 a minute per
 * address) count per visitor as in production.
 *
 *   npm run build && npm run test:load
 *   npm run test:load -- --duration 10 --connections 20     (a quick run)
 * Flags: --duration S (60), --connections N (100), --members N (20), --merchants N (SEED_MERCHANTS
 * of the fresh embedded database, 20000), --log-level L (info, as in production; the request log
 * goes to a file), --dist DIR (the build to serve, dist; copied first, so a rebuild during the run
 * does not disturb it), --data DIR (an embedded data folder seeded by an earlier run, e.g. one kept
 * with --keep: no seeding; left in place), --keep (keep the data folder and the server log).
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { processCpuUs } from '../bench/load-process';
import { API_RATE_LIMIT, EXPECTED_4XX, KINDS, prepare, requestBuilder, root, serverStats, sleep, startServer, stopServer, type Kind, type Stats } from './load-mix';

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

if (![DURATION, CONNECTIONS, MEMBERS].every((n) => Number.isInteger(n) && n > 0)) throw new Error('--duration, --connections and --members take whole numbers above 0.');
const DIST = path.resolve(root, flags.dist!);
if (!existsSync(path.join(DIST, 'client/index.html'))) {
  console.error(`No built app in ${DIST}/client: run \`npm run build\` first (the load test serves the built assets, as production does).`);
  process.exit(1);
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

type Context = { kind?: Kind; t0?: number };
type KindResult = { latencies: number[]; statuses: Map<number, number>; samples: Map<number, string> };

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');

async function main() {
  const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`Load test: ${CONNECTIONS} connections × ${DURATION} s; machine load (1/5/15 min) ${load()}.`);
  console.log(`Per-address limit lifted: the server runs with API_RATE_LIMIT=${API_RATE_LIMIT} (as the e2e server does); requests name visitors' addresses (X-Forwarded-For), so the per-route limits count per visitor; per-account limits stay.`);
  let server;
  try {
    server = await startServer({ dist: DIST, dataDir: flags.data, merchants: flags.merchants!, logLevel: flags['log-level']!, keep: flags.keep, cpuProfileDir: process.env.LOAD_CPU_PROF });
  } catch (err) {
    console.error(`\n${(err as Error).message}`);
    process.exit(1);
  }
  const port = server.port;
  let failed = false;
  try {
    console.log(`Database: ${server.database}.`);
    const setup = await prepare(port, MEMBERS);
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
    console.log(`\n  target: errors ${errors} (target 0: ${errors === 0 ? 'met' : 'MISSED'}); p99 ${f1(p99)} ms at ${CONNECTIONS} connections says how full the machine is, not a latency figure (that is npm run bench:open-load's)`);
    failed = errors > 0;
  } finally {
    await stopServer(server.child);
    if (failed) console.log(`  server log: ${server.logFile}${flags.keep ? '' : ' (removed; run with --keep to keep it)'}`);
    server.cleanup();
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
