/**
 * Load at a set rate (issue 29 item 6; `npm run bench:open-load`, after `npm run build`): the
 * headline load figure. An open-model test: requests arrive at a fixed rate whatever the answers
 * do (bench/open-load-worker.ts, a child process; Poisson arrivals), each timed from its INTENDED
 * send time, so a server that falls behind is charged for every request waiting behind it. Over
 * the realistic mix of scripts/load-mix.ts (searches, restaurant data and pages, content, member
 * history, sign-in, signed card-network events, availability), for each setup:
 *
 *   (a) one instance on the embedded database (a fresh data folder, seeded);
 *   (b) two instances on one PostgreSQL (a scratch database on BENCH_PG_URL, default
 *       postgres://postgres@127.0.0.1:5432; the scheduled jobs run in the first instance), the
 *       generator spreading requests over both, round robin, as a load balancer would;
 *   (c) two instances on a primary with a streaming replica (scripts/replicas/cluster.ts,
 *       startReplicaSet()), DATABASE_REPLICA_URLS set on both; reported as not run, with the
 *       reason, when that script or setting is missing;
 *
 * it steps the arrival rate up (from --start, ×--factor a step, each step --step seconds) until a
 * step misses p99 ≤ 250 ms (over all calls) or has any error (a non-2xx answer a call does not
 * expect, a connection error, no answer within 10 s of the intended send time), then bisects
 * (--refine steps, geometric middle) between the last rate met and the first missed. The highest
 * rate met is the setup's figure, with each call's p50/p99 at that rate.
 *
 * CPU per request, per call: after the search, each kind of call alone at a constant rate (--cpu-rate
 * a second, sign-in a fifth of it, never above half the setup's figure) for --cpu-seconds; the CPU
 * the server processes used (user + system, /proc/<pid>/stat: PGlite runs inside the server, so the
 * embedded database is in this figure) plus the setup's PostgreSQL server's processes (the children
 * of its postmaster, found as the parent of a connection's backend; in (c) the primary's and the
 * replica's): the backends serving the bench's database and the shared processes (WAL writer,
 * checkpointer, WAL sender and receiver…), other databases' backends and other servers left out;
 * less what they use with no request (measured just before), divided by the requests answered.
 * The generator's own CPU is printed apart. The same figure for the whole mix at the setup's rate
 * is printed beside it.
 *
 * Check of the counting: each instance counts the HTTP answers it finishes
 * (scripts/load-server-stats.mjs); the step at the setup's figure prints the servers' count next
 * to the generator's.
 *
 *   npm run build && npm run bench:open-load
 *   npm run bench:open-load -- --setups a,b --step 5 --start 50     (a short run)
 * Flags (env in brackets): --setups a,b,c (OPEN_LOAD_SETUPS), --step S seconds a step (OPEN_LOAD_STEP_S, 15),
 * --start N requests/s (OPEN_LOAD_START, 50), --factor F (1.25), --refine N (2), --max-rate N (5000),
 * --p99 MS (250), --warmup S (5), --cpu-seconds S (5), --cpu-rate N (100), --members N (20),
 * --merchants N (20000), --sockets N per instance (512), --arrival poisson|uniform, --timeout MS (10000),
 * --dist DIR (dist), --log-level L (info), --keep (keep the servers' folders and logs).
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadGenerator, postgresCpu, postgresCpuSince, postmasterPid, processCpuUs, type LoadGenerator } from './load-process';
import { pgUrlForDisplay, scratchPostgres } from './scratch-postgres';
import { KINDS, MIX, prepare, root, serverStats, sleep, startServer, stopServer, type Kind, type Server } from '../scripts/load-mix';
import type { InitJob, StepJob, StepResult } from './open-load-worker';

const { values: flags } = parseArgs({
  options: {
    setups: { type: 'string', default: process.env.OPEN_LOAD_SETUPS ?? 'a,b,c' },
    step: { type: 'string', default: process.env.OPEN_LOAD_STEP_S ?? '15' },
    start: { type: 'string', default: process.env.OPEN_LOAD_START ?? '50' },
    factor: { type: 'string', default: '1.25' },
    refine: { type: 'string', default: '2' },
    'max-rate': { type: 'string', default: '5000' },
    p99: { type: 'string', default: '250' },
    warmup: { type: 'string', default: '5' },
    'cpu-seconds': { type: 'string', default: '5' },
    'cpu-rate': { type: 'string', default: '100' },
    members: { type: 'string', default: '20' },
    merchants: { type: 'string', default: '20000' },
    sockets: { type: 'string', default: '512' },
    arrival: { type: 'string', default: 'poisson' },
    timeout: { type: 'string', default: '10000' },
    dist: { type: 'string', default: 'dist' },
    'log-level': { type: 'string', default: 'info' },
    keep: { type: 'boolean', default: false },
  },
});
const num = (name: keyof typeof flags) => {
  const n = Number(flags[name]);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} takes a number above 0 (got ${String(flags[name])}).`);
  return n;
};
const STEP_S = num('step');
const START = num('start');
const FACTOR = num('factor');
const REFINE = Math.round(Number(flags.refine));
const MAX_RATE = num('max-rate');
const P99_MS = num('p99');
const WARMUP_S = Number(flags.warmup);
const CPU_S = num('cpu-seconds');
const CPU_RATE = num('cpu-rate');
const MEMBERS = num('members');
const SOCKETS = num('sockets');
const TIMEOUT_MS = num('timeout');
const ARRIVAL = flags.arrival === 'uniform' ? 'uniform' : 'poisson';
if (FACTOR <= 1) throw new Error('--factor must be above 1.');
const SETUPS = flags.setups!.split(',').map((s) => s.trim()).filter(Boolean);
for (const s of SETUPS) if (!['a', 'b', 'c'].includes(s)) throw new Error(`--setups takes a, b and c (got ${s}).`);
const DIST = path.resolve(root, flags.dist!);
if (!existsSync(path.join(DIST, 'client/index.html'))) {
  console.error(`No built app in ${DIST}/client: run \`npm run build\` first (the servers serve the built assets, as production does).`);
  process.exit(1);
}
const SETUP_NAMES: Record<string, string> = {
  a: '(a) one instance, embedded database',
  b: '(b) two instances, PostgreSQL',
  c: '(c) two instances, PostgreSQL + replica',
};

type Cpu = { servers: number; postgres: number; generator: number };
type Measured = StepResult & { cpu: Cpu; serverAnswers: number; wallS: number };
type SetupResult = {
  key: string; name: string; notRun?: string;
  steps: Measured[]; best?: Measured; firstMissed?: Measured;
  perKindCpu: Partial<Record<Kind, Measured>>;
  /** CPU the servers and PostgreSQL use a second with no request (jobs, timers, housekeeping), µs. */
  idle?: { servers: number; postgres: number };
};

const f0 = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '-');
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
const met = (r: StepResult) => r.errors === 0 && r.answered > 0 && r.p99 <= P99_MS;
const why = (r: StepResult) => (r.errors > 0 ? `${r.errors} errors (${r.timeouts} timeouts, ${r.connectionErrors} connection)` : `p99 ${f1(r.p99)} ms`);
/**
 * µs of CPU per answered request: servers + PostgreSQL (the generator apart), less what they use
 * with no request at all (`idle`, a second; measured before the calls alone) over the step's time.
 */
const perRequest = (m: Measured, idle = { servers: 0, postgres: 0 }) => {
  const n = Math.max(1, m.answered);
  const servers = Math.max(0, m.cpu.servers - idle.servers * m.wallS) / n;
  const postgres = Math.max(0, m.cpu.postgres - idle.postgres * m.wallS) / n;
  return { serve: servers + postgres, servers, postgres, generator: m.cpu.generator / n };
};

/** The servers and database of one setup, ready for load; stop() ends them. */
type Running = {
  servers: Server[];
  /** PostgreSQL's processes counted: the postmasters' (postmasterPid()) children, backends of this database only. */
  postgres?: { database: string; postmasters: number[] };
  /** The database servers' last log lines, printed when a call failed. */
  logs?: () => string;
  stop: () => Promise<void>;
};

/** With replicas: where each instance's reads ran (its /ready figures), so that (c) is seen to use the replica. */
async function printReads(servers: Server[]): Promise<void> {
  for (const [i, s] of servers.entries()) {
    const ready = await fetch(`http://127.0.0.1:${s.port}/ready`).then((r) => r.json() as Promise<{ reads?: { replicas: Array<{ name: string; reads: number; lagMs: number }>; primaryReads: number; ownWriteReads: number } }>, () => undefined);
    const reads = ready?.reads;
    if (!reads) continue;
    const onReplicas = reads.replicas.reduce((a, r) => a + r.reads, 0);
    const share = onReplicas + reads.primaryReads ? Math.round((100 * onReplicas) / (onReplicas + reads.primaryReads)) : 0;
    console.log(`Instance ${i + 1}: ${onReplicas} reads on the replica${reads.replicas.length > 1 ? 's' : ''} (${share} %; ${reads.replicas.map((r) => `${r.name} lag ${r.lagMs} ms`).join(', ')}), ${reads.primaryReads} on the primary (${reads.ownWriteReads} after the member's own write).`);
  }
}

async function stopAll(servers: Server[]) {
  await Promise.all(servers.map((s) => stopServer(s.child)));
  for (const s of servers) s.cleanup();
}

const serverOptions = (name: string, env?: Record<string, string>) => ({
  dist: DIST, merchants: flags.merchants!, logLevel: flags['log-level']!, keep: flags.keep, name, env,
});

/** Two instances on one database: the first migrates and seeds, then the second starts; jobs run in the first only. */
async function twoInstances(env: Record<string, string>): Promise<Server[]> {
  const servers: Server[] = [];
  try {
    servers.push(await startServer(serverOptions('instance 1 (runs the jobs)', { ...env, RUN_JOBS: 'true' })));
    servers.push(await startServer(serverOptions('instance 2', { ...env, RUN_JOBS: 'false' })));
    return servers;
  } catch (err) {
    await stopAll(servers);
    throw err;
  }
}

async function setupA(): Promise<Running> {
  const servers = [await startServer(serverOptions('instance 1'))];
  return { servers, stop: () => stopAll(servers) };
}

async function setupB(): Promise<Running | string> {
  const database = await scratchPostgres();
  if (!database) return `PostgreSQL does not answer at ${pgUrlForDisplay()} (BENCH_PG_URL)`;
  const name = decodeURIComponent(new URL(database.url!).pathname.slice(1));
  try {
    const servers = await twoInstances({ DATABASE_URL: database.url! });
    const postmaster = await postmasterPid(database.url!);
    return { servers, ...(postmaster ? { postgres: { database: name, postmasters: [postmaster] } } : {}), stop: async () => { await stopAll(servers); await database.drop(); } };
  } catch (err) {
    await database.drop();
    throw err;
  }
}

/** startReplicaSet() of scripts/replicas/cluster.ts (branch replicas-suite), as far as this bench relies on it. */
type ReplicaSet = { primaryUrl?: string; replicaUrl?: string; logs?: (lines?: number) => string; stop: () => Promise<void> };

async function setupC(): Promise<Running | string> {
  const clusterFile = path.join(root, 'scripts/replicas/cluster.ts');
  if (!existsSync(clusterFile)) return 'scripts/replicas/cluster.ts (startReplicaSet) is not on this branch yet';
  // An unknown setting would be ignored, and the "replica" setup would be (b) again.
  if (!readFileSync(path.join(root, 'src/server/config.ts'), 'utf8').includes('DATABASE_REPLICA_URLS')) return 'the app has no DATABASE_REPLICA_URLS setting yet (src/server/config.ts)';
  const mod = (await import(pathToFileURL(clusterFile).href)) as { startReplicaSet?: () => Promise<ReplicaSet> };
  if (typeof mod.startReplicaSet !== 'function') return 'scripts/replicas/cluster.ts exports no startReplicaSet()';
  const set = await mod.startReplicaSet();
  const primary = set.primaryUrl;
  const replicas = set.replicaUrl ? [set.replicaUrl] : [];
  if (!primary || replicas.length === 0) {
    await set.stop();
    return `startReplicaSet() gave no primary or no replica URL (keys: ${Object.keys(set).join(', ')})`;
  }
  try {
    const servers = await twoInstances({ DATABASE_URL: primary, DATABASE_REPLICA_URLS: replicas.join(',') });
    // The cluster's own PostgreSQL processes (primary, replica, WAL sender and receiver) are named postgres: counted with the rest.
    // Its settings are the throwaway cluster's (shared_buffers 32 MB), not the local server's of (b).
    console.log(`Cluster: primary ${primary.replace(/:[^:@/]*@/, ':***@')}, replica ${replicas.join(', ')} (the throwaway cluster's settings, not those of (b)'s server).`);
    const postmasters = (await Promise.all([primary, ...replicas].map(postmasterPid))).filter((p): p is number => p !== undefined);
    return {
      servers, ...(postmasters.length ? { postgres: { database: decodeURIComponent(new URL(primary).pathname.slice(1)), postmasters } } : {}),
      ...(set.logs ? { logs: () => set.logs!(20) } : {}), stop: async () => { await stopAll(servers); await set.stop(); },
    };
  } catch (err) {
    await set.stop();
    throw err;
  }
}

async function answersOf(servers: Server[]): Promise<number> {
  let n = 0;
  for (const s of servers) n += (await serverStats(s.child, 'sample')).answers;
  return n;
}

/** One step at a constant rate, with the CPU each side used meanwhile and the servers' own count of answers. */
async function measure(generator: LoadGenerator<{ step: StepJob }, StepResult>, running: Running, job: StepJob): Promise<Measured> {
  const pids = running.servers.map((s) => s.child.pid!);
  const serverCpu = () => pids.reduce((a, pid) => a + (processCpuUs(pid) ?? NaN), 0);
  const answers0 = await answersOf(running.servers);
  const pg0 = running.postgres ? postgresCpu(running.postgres.database, running.postgres.postmasters) : undefined;
  const gen0 = processCpuUs(generator.pid!) ?? NaN;
  const servers0 = serverCpu();
  const t0 = performance.now();
  const result = await generator.run({ step: job });
  const servers = serverCpu() - servers0;
  const wallS = (performance.now() - t0) / 1000;
  const gen = (processCpuUs(generator.pid!) ?? NaN) - gen0;
  const postgres = pg0 ? postgresCpuSince(pg0, running.postgres!.database, running.postgres!.postmasters) : 0;
  const serverAnswers = (await answersOf(running.servers)) - answers0;
  return { ...result, cpu: { servers, postgres, generator: gen }, serverAnswers, wallS };
}

/** CPU the servers and PostgreSQL use a second while no request comes (µs). */
async function idleCpu(running: Running, seconds: number): Promise<{ servers: number; postgres: number }> {
  const pids = running.servers.map((s) => s.child.pid!);
  const serverCpu = () => pids.reduce((a, pid) => a + (processCpuUs(pid) ?? NaN), 0);
  const pg0 = running.postgres ? postgresCpu(running.postgres.database, running.postgres.postmasters) : undefined;
  const servers0 = serverCpu();
  const t0 = performance.now();
  await sleep(seconds * 1000);
  const wallS = (performance.now() - t0) / 1000;
  return { servers: (serverCpu() - servers0) / wallS, postgres: pg0 ? postgresCpuSince(pg0, running.postgres!.database, running.postgres!.postmasters) / wallS : 0 };
}

function printStep(m: Measured, label = '') {
  const cpu = perRequest(m);
  console.log(`  ${label}${f0(m.rate).padStart(6)}/s × ${m.seconds} s: ${f0(m.answered)} answered of ${f0(m.sent)} sent (servers counted ${f0(m.serverAnswers)}), p50 ${f1(m.p50)} ms, p99 ${f1(m.p99)} ms, max ${f1(m.max)} ms, `
    + `errors ${m.errors}; ${f0(cpu.serve)} µs CPU a request (servers ${f0(cpu.servers)}, PostgreSQL ${f0(cpu.postgres)}); generator late p99 ${f1(m.lateP99)} ms → ${met(m) ? 'met' : `missed (${why(m)})`}`);
}

async function runSetup(key: string): Promise<SetupResult> {
  const name = SETUP_NAMES[key]!;
  const out: SetupResult = { key, name, steps: [], perKindCpu: {} };
  console.log(`\n${name}`);
  let running: Running | string;
  try {
    running = key === 'a' ? await setupA() : key === 'b' ? await setupB() : await setupC();
  } catch (err) {
    running = `could not start: ${(err as Error).message.split('\n')[0]}`;
  }
  if (typeof running === 'string') {
    console.log(`  not run: ${running}`);
    return { ...out, notRun: running };
  }
  const generator = loadGenerator<{ init: InitJob } | { step: StepJob }, StepResult>('./open-load-worker.ts') as LoadGenerator<{ step: StepJob }, StepResult>;
  try {
    console.log(`Database: ${running.servers[0]!.database}${running.servers.length > 1 ? `; ${running.servers.length} instances on ports ${running.servers.map((s) => s.port).join(', ')}` : ''}.`);
    const setup = await prepare(running.servers[0]!.port, MEMBERS);
    await (generator as unknown as LoadGenerator<{ init: InitJob }, unknown>).run({ init: { setup, ports: running.servers.map((s) => s.port), sockets: SOCKETS } });
    const step = (rate: number, seconds = STEP_S, only?: Kind[]) => measure(generator, running, { rate: Math.round(rate), seconds, arrival: ARRIVAL, timeoutMs: TIMEOUT_MS, ...(only ? { only } : {}) });

    if (WARMUP_S > 0) {
      const w = await step(START, WARMUP_S);
      console.log(`  warm-up at ${f0(w.rate)}/s for ${WARMUP_S} s (not counted): p99 ${f1(w.p99)} ms, ${w.errors} errors`);
      await sleep(2000);
    }
    console.log(`Stepping the rate from ${f0(START)}/s, ×${FACTOR} a step, ${STEP_S} s each (target: p99 ≤ ${P99_MS} ms, 0 errors):`);
    let rate = START;
    while (rate <= MAX_RATE) {
      const m = await step(rate);
      out.steps.push(m);
      printStep(m);
      if (!met(m)) { out.firstMissed = m; break; }
      out.best = m;
      rate = Math.max(Math.round(rate * FACTOR), Math.round(rate) + 1);
      await sleep(2000);
    }
    // The start rate missed: halve it (three times at most) to find a rate met, then refine upwards.
    for (let down = 0; !out.best && down < 3 && rate / 2 >= 1; down++) {
      await sleep(5000);
      rate = Math.round(rate / 2);
      const m = await step(rate);
      out.steps.push(m);
      printStep(m, 'lower ');
      if (met(m)) out.best = m;
      else out.firstMissed = m;
    }
    for (let i = 0; i < REFINE && out.best && out.firstMissed; i++) {
      const mid = Math.round(Math.sqrt(out.best.rate * out.firstMissed.rate));
      if (mid <= out.best.rate || mid >= out.firstMissed.rate) break;
      // Let the backlog of a missed step drain before the next.
      await sleep(5000);
      const m = await step(mid);
      out.steps.push(m);
      printStep(m, 'refine ');
      if (met(m)) out.best = m;
      else out.firstMissed = m;
    }
    if (out.best) {
      const b = out.best;
      console.log(`  highest rate met: ${f0(b.rate)}/s (p99 ${f1(b.p99)} ms); check of the counting at that step: the generator got ${f0(b.answered)} answers of ${f0(b.sent)} sent, the servers counted ${f0(b.serverAnswers)} answers`);
    } else {
      console.log(`  not even ${f0(rate)}/s met (lower --start)`);
    }

    // CPU per request, call by call: each kind alone at a constant rate, less the servers' CPU with no request.
    await sleep(5000);
    out.idle = await idleCpu(running, Math.max(3, CPU_S));
    console.log(`Idle: the servers use ${f0(out.idle.servers / 1e4)} % of a core with no request${running.postgres ? `, PostgreSQL ${f0(out.idle.postgres / 1e4)} %` : ''} (taken off the figures below, per second of each phase).`);
    const base = Math.max(5, Math.min(CPU_RATE, (out.best?.rate ?? START) / 2));
    console.log(`CPU per request, each call alone for ${CPU_S} s at ${f0(base)}/s (sign-in at ${f0(Math.max(2, base / 5))}/s):`);
    for (const kind of KINDS) {
      const m = await step(kind === 'sign-in' ? Math.max(2, base / 5) : base, CPU_S, [kind]);
      out.perKindCpu[kind] = m;
      const cpu = perRequest(m, out.idle);
      console.log(`  ${kind.padEnd(16)} ${f0(cpu.serve).padStart(7)} µs (servers ${f0(cpu.servers)}, PostgreSQL ${f0(cpu.postgres)}; generator ${f0(cpu.generator)}), ${f0(m.answered)} answered, p99 ${f1(m.p99)} ms, errors ${m.errors}${m.errors ? ` (${Object.values(m.perKind)[0]?.sample ?? ''})` : ''}`);
      await sleep(1000);
    }
  } finally {
    generator.close();
    await printReads(running.servers);
    const failed = [...out.steps, ...Object.values(out.perKindCpu)].some((m) => m.errors > 0);
    if (failed && running.logs) console.log(`The database servers' last log lines (calls failed):\n${running.logs()}`);
    await running.stop();
  }
  return out;
}

function table(rows: string[][]) {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  for (const r of rows) console.log(`  ${r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ')}`);
}

async function main() {
  const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
  const started = new Date();
  console.log(`Open-model load: setups ${SETUPS.join(', ')}; steps of ${STEP_S} s from ${START}/s ×${FACTOR}, ${ARRIVAL} arrivals, p99 ≤ ${P99_MS} ms and 0 errors; machine load (1/5/15 min) ${load()}.`);
  console.log(`Mix (per cent): ${KINDS.map((k) => `${k} ${MIX[k]}`).join(', ')}.`);
  const results: SetupResult[] = [];
  for (const key of SETUPS) results.push(await runSetup(key));

  console.log(`\nOpen-model load, ${started.toISOString().slice(0, 16)}Z, machine load now ${load()} (1/5/15 min); highest arrival rate with p99 ≤ ${P99_MS} ms and 0 errors, steps of ${STEP_S} s`);
  table([
    ['setup', 'highest rate', 'p50', 'p99', 'next step missed', 'CPU a request (mix)', 'answers: generator / servers'],
    ...results.map((r) => {
      if (r.notRun) return [r.name, 'not run', '', '', '', '', ''];
      const b = r.best;
      return [
        r.name, b ? `${f0(b.rate)}/s` : `< ${f0(START)}/s`, b ? `${f1(b.p50)} ms` : '-', b ? `${f1(b.p99)} ms` : '-',
        r.firstMissed ? `${f0(r.firstMissed.rate)}/s: ${why(r.firstMissed)}` : '(none)',
        b ? `${f0(perRequest(b, r.idle).serve)} µs` : '-', b ? `${f0(b.answered)} / ${f0(b.serverAnswers)}` : '-',
      ];
    }),
  ]);
  for (const r of results) if (r.notRun) console.log(`  ${r.name} not run: ${r.notRun}`);
  const ran = results.filter((r) => !r.notRun);
  if (ran.length) {
    console.log(`\nEach call at the setup's highest rate (p50 / p99 ms), and its CPU a request alone (servers + PostgreSQL, µs)`);
    table([
      ['call', ...ran.map((r) => r.name.slice(0, 3))].flatMap((c, i) => (i === 0 ? [c] : [`${c} p50/p99`, `${c} CPU`])),
      ...KINDS.map((kind) => [kind, ...ran.flatMap((r) => {
        const k = r.best?.perKind[kind];
        const alone = r.perKindCpu[kind];
        return [k ? `${f1(k.p50)} / ${f1(k.p99)}` : '-', alone ? `${f0(perRequest(alone, r.idle).serve)} µs${alone.errors ? ` (${alone.errors} errors)` : ''}` : '-'];
      })]),
    ]);
  }
}

main().then(() => process.exit(0), (err: unknown) => {
  console.error(err);
  process.exit(1);
});
