/**
 * Merchant search benchmark (bench/run.ts calls it):
 *  1. latency inside the server (geocode + index query + page) at 20,000 and 100,000 restaurants;
 *  2. API throughput of the real search route next to a bare Fastify route answering JSON of the
 *     same size, measured interleaved (short slices: bare, popular, distinct, rotating) so machine
 *     noise hits all of them alike;
 *  3. freshness: a look at the change marker, a patch, a full rebuild and the event loop meanwhile;
 *  4. where a search request's CPU time goes (V8 profile of the server under the distinct load).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { MIGRATIONS_DIR, openMemoryPglite, runMigrations } from '../src/server/db/client';
import { seed } from '../src/server/demo';
import { MerchantSearch } from '../src/server/modules/merchants/merchants.service';
import { allMerchants } from '../src/server/modules/merchants/merchants.repo';
import { ZMerchantSearchRequest, type MerchantSearchQuery } from '../src/shared/schemas/merchant';
import { merchants } from '../src/server/db/schema';
import type { IndexRow } from '../src/server/modules/merchants/merchant-index';
import { eq, sql } from 'drizzle-orm';
import { printSummary, profile, summarise } from './cpu-profile';

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(3)} ms`;
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');

export const QUERIES = [
  'location=10001', 'location=Chicago, IL&sortBy=rating', 'location=90012&priceRange=2,3', 'location=Houston, TX&features=delivery',
  'location=Seattle, WA&restaurantOrCuisine=sushi', 'location=Boston, MA&isNew=true', 'location=Denver, CO&mealsServed=brunch',
  'location=Atlanta, GA&radius=50&pageNo=2', 'latitude=40.76&longitude=-73.98&radius=5', 'location=Miami, FL&reservations=true&sortBy=name',
];

type Interleaved = { name: string; rps: number; requests: number; errors: number; bytesPerRequest: number; p50: number; p97_5: number; cpuUsPerAnswer: number };

/**
 * Runs the slices from a second process. This process serves every target, so its own CPU time
 * during a target's slices, divided by the answers, is what one answer costs the server (the
 * figure a ratio of requests per second hides when the load generator, not the server, is the
 * limit).
 */
function interleaved(targets: Array<{ name: string; url: string; paths?: string[] }>, rounds: number, seconds: number): Promise<Interleaved[]> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./search-load-worker.mjs', import.meta.url)));
    const cpu = targets.map(() => ({ us: 0, answers: 0 }));
    let started: NodeJS.CpuUsage | undefined;
    child.on('message', (m: { slice?: number; phase?: 'start' | 'end'; requests?: number } | Array<Omit<Interleaved, 'cpuUsPerAnswer'>>) => {
      if (Array.isArray(m)) {
        resolve(m.map((r, i) => ({ ...r, cpuUsPerAnswer: cpu[i]!.us / Math.max(1, cpu[i]!.answers) })));
        return;
      }
      if (m.phase === 'start') started = process.cpuUsage();
      else if (m.phase === 'end' && started && m.slice !== undefined) {
        const used = process.cpuUsage(started);
        cpu[m.slice]!.us += used.user + used.system;
        cpu[m.slice]!.answers += m.requests ?? 0;
      }
    });
    child.once('error', reject);
    child.send({ targets, rounds, seconds });
  });
}

/**
 * Latency of search() calls over the query shapes, warm: wall time, and the process's CPU time
 * per call (on a busy machine the wall time's tail is mostly time the scheduler gave to others).
 */
function latency(search: MerchantSearch, parsed: MerchantSearchQuery[], runs = 5000) {
  for (let i = 0; i < 300; i++) search.search(parsed[i % parsed.length]!);
  const wall: number[] = [];
  const cpu: number[] = [];
  let hits = 0;
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const start = performance.now();
    hits += search.search(parsed[i % parsed.length]!).totalCount;
    wall.push(performance.now() - start);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { p50: pct(wall, 50), p95: pct(wall, 95), p99: pct(wall, 99), cpu50: pct(cpu, 50), cpu95: pct(cpu, 95), cpu99: pct(cpu, 99), hits: hits / runs };
}

/**
 * An in-memory PGlite with the demo data and `merchants` restaurants. Seeding 100,000 takes
 * minutes on a busy machine: with `cacheDir`, the seeded database is kept there as a dump (named
 * after the count and the migrations) and loaded on later runs.
 */
async function seededDatabase(merchants: number, cacheDir?: string) {
  const migrations = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort();
  const file = cacheDir ? path.join(cacheDir, `bench-${merchants}-${migrations.length}-${migrations.at(-1)!.replace(/\.sql$/, '')}.tgz`) : undefined;
  if (file && existsSync(file)) {
    console.log(`Loading the seeded database (${merchants.toLocaleString('en-US')} merchants) from ${file}…`);
    const database = await openMemoryPglite(new Blob([readFileSync(file)]));
    await runMigrations(database);
    return database;
  }
  console.log(`Seeding ${merchants.toLocaleString('en-US')} merchants into an in-memory PGlite…`);
  const database = await openMemoryPglite();
  await runMigrations(database);
  const t0 = performance.now();
  await seed(database.db, { merchantCount: merchants, demoMembers: true });
  console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  if (file) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, Buffer.from(await (await database.client.dumpDataDir('gzip')).arrayBuffer()));
  }
  return database;
}

export async function benchSearch(opts: { merchants: number; small: number; rounds: number; sliceSeconds: number; profileFile?: string; cacheDir?: string }) {
  const database = await seededDatabase(opts.merchants, opts.cacheDir);
  const search = new MerchantSearch(database.db);
  const t0 = performance.now();
  await search.refresh();
  console.log(`  search index built in ${((performance.now() - t0) / 1000).toFixed(2)} s (${search.size.toLocaleString('en-US')} merchants)`);

  // 1. Latency at a fifth of the size (the first restaurants of the same generated network) and at full size.
  const rows: IndexRow[] = [];
  for await (const page of allMerchants(database.db)) for (const r of page) if (r.id <= opts.small) rows.push(r);
  const small = MerchantSearch.ofRows(rows);
  const parsed = QUERIES.map((q) => ZMerchantSearchRequest.parse(Object.fromEntries(new URLSearchParams(q))));
  const a = latency(small, parsed);
  const b = latency(search, parsed);
  console.log(`\nSearch latency inside the server (5,000 searches over ${QUERIES.length} query shapes; budget p95 ≤ 2 ms at 100,000; load ${load()})`);
  console.log(`  ${'restaurants'.padEnd(12)} ${'wall p50'.padStart(10)} ${'p95'.padStart(10)} ${'p99'.padStart(10)}  | ${'CPU p50'.padStart(10)} ${'p95'.padStart(10)} ${'p99'.padStart(10)}   matches/search`);
  for (const [n, r] of [[opts.small, a], [search.size, b]] as const) {
    console.log(`  ${n.toLocaleString('en-US').padEnd(12)} ${ms(r.p50).padStart(10)} ${ms(r.p95).padStart(10)} ${ms(r.p99).padStart(10)}  | ${ms(r.cpu50).padStart(10)} ${ms(r.cpu95).padStart(10)} ${ms(r.cpu99).padStart(10)}   ${Math.round(r.hits)}`);
  }
  console.log(`  growth ×${(search.size / opts.small).toFixed(1)} restaurants → wall p50 ×${(b.p50 / a.p50).toFixed(2)}, CPU p50 ×${(b.cpu50 / a.cpu50).toFixed(2)}, CPU p95 ×${(b.cpu95 / a.cpu95).toFixed(2)} (matches ×${(b.hits / a.hits).toFixed(2)})`);
  const heapMb = (process.memoryUsage().heapUsed / 1048576).toFixed(0);
  console.log(`  heap in use with both indexes loaded: ${heapMb} MB`);

  // 2. Throughput: the real search route vs a bare Fastify JSON route with an answer of the same size.
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SITE_ORIGIN: 'https://{partner}.dining.example.com', CARD_FRAME_ORIGIN: 'https://cards.dining.example.com', CARD_EVENTS_SECRET: 'bench-card-events-secret-0123456789' }, { clientDir: path.resolve('dist/client') });
  const app = await buildApp({ config, db: database.db, search, rateLimitMax: 1_000_000_000, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appPort = (app.server.address() as { port: number }).port;
  const sample = JSON.stringify(search.search(parsed[0]!));
  // The bare route answers the search's path too, so that the distinct slices send it the same
  // 20,000 paths (the load generator's own work per request is then the same on both sides).
  const bare = Fastify({ logger: false });
  bare.get('/api/v2/Merchants/Search', async (_req, reply) => reply.type('application/json').send(sample));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const barePort = (bare.server.address() as { port: number }).port;

  // Distinct searches (random points around the metros, random pages) so that almost none repeats.
  let s = 42;
  const rnd = () => { s = (s * 1103515245 + 12345) & 0x7fffffff; return s / 0x7fffffff; };
  const centres = parsed.map((q) => search.search(q).location);
  const distinct = Array.from({ length: 20_000 }, () => {
    const c = centres[Math.floor(rnd() * centres.length)]!;
    return `/api/v2/Merchants/Search?latitude=${(c.latitude + (rnd() - 0.5) * 0.4).toFixed(4)}&longitude=${(c.longitude + (rnd() - 0.5) * 0.4).toFixed(4)}&pageNo=${1 + Math.floor(rnd() * 3)}`;
  });
  const bareUrl = `http://127.0.0.1:${barePort}/api/v2/Merchants/Search?location=10001`;
  const searchUrl = `http://127.0.0.1:${appPort}/api/v2/Merchants/Search?location=10001`;
  const targets = [
    { name: 'bare route, one path', url: bareUrl },
    { name: 'search, one popular query', url: searchUrl },
    { name: 'bare route, 20,000 distinct paths', url: bareUrl, paths: distinct },
    { name: 'search, 20,000 distinct queries', url: searchUrl, paths: distinct },
  ];
  await interleaved(targets, 1, 1); // warm-up
  const before = load();
  const results = await interleaved(targets, opts.rounds, opts.sliceSeconds);
  console.log(`\nThroughput, interleaved: ${opts.rounds} rounds of ${opts.sliceSeconds} s slices per route, 20 connections from a second process (answer ${(sample.length / 1024).toFixed(1)} kB; load ${before} → ${load()})`);
  for (const r of results) {
    console.log(`  ${r.name.padEnd(34)} ${Math.round(r.rps).toLocaleString('en-US').padStart(7)} req/s   p50 ${r.p50} ms  p97.5 ${r.p97_5} ms  ${(r.bytesPerRequest / 1024).toFixed(1)} kB/answer  server CPU ${Math.round(r.cpuUsPerAnswer)} µs/answer  errors ${r.errors}`);
  }
  const [bareOne, hot, bareMany, cold] = results as [Interleaved, Interleaved, Interleaved, Interleaved];
  console.log(`  ratio to bare: popular ${(hot.rps / bareOne.rps).toFixed(2)} (budget ≥ 0.80), distinct ${(cold.rps / bareMany.rps).toFixed(2)} (budget ≥ 0.50)`);

  // 3. Freshness: what a look at the change marker costs, and how long the event loop is held
  // while a changed restaurant is patched in and while a full rebuild runs beside the live index.
  const timesOf = async (n: number, f: () => Promise<unknown>) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) { const t = performance.now(); await f(); out.push(performance.now() - t); }
    return out.sort((x, y) => x - y);
  };
  const looks = await timesOf(50, () => search.refresh());
  const stall = async (f: () => Promise<unknown>) => {
    const h = monitorEventLoopDelay({ resolution: 1 });
    h.enable();
    const t = performance.now();
    await f();
    const took = performance.now() - t;
    h.disable();
    return { took, maxMs: h.max / 1e6, p99Ms: h.percentile(99) / 1e6 };
  };
  const [someone] = await database.db.select().from(merchants).orderBy(merchants.id).limit(1);
  // The first write after loading the dump takes about a second inside PGlite (its first write to
  // the freshly loaded files); a running server has long paid that, so one write goes first.
  await database.db.update(merchants).set({ name: someone!.name }).where(eq(merchants.id, someone!.id));
  await search.refresh();
  const patched = await stall(async () => {
    await database.db.update(merchants).set({ name: `${someone!.name} ` }).where(eq(merchants.id, someone!.id));
    await search.refresh();
  });
  await database.db.execute(sql`delete from ${merchants} where ${merchants.id} < 0`); // a new generation: rebuild
  const rebuilt = await stall(() => search.refresh());
  console.log(`\nFreshness (no periodic scan; load ${load()})`);
  console.log(`  look at the change marker (nothing changed)   p50 ${ms(pct(looks, 50))}  max ${ms(looks.at(-1)!)}`);
  console.log(`  one restaurant changed: write + patch          ${ms(patched.took)}, event loop held at most ${patched.maxMs.toFixed(1)} ms`);
  console.log(`  full rebuild beside the live index (${search.size.toLocaleString('en-US')})   ${(rebuilt.took / 1000).toFixed(2)} s, event loop held at most ${rebuilt.maxMs.toFixed(1)} ms (p99 ${rebuilt.p99Ms.toFixed(1)} ms); rebuilds ${search.stats.rebuilds}`);

  // 4. Where the time goes: the server process profiled under the distinct load.
  const fresh = Array.from({ length: 20_000 }, (_, i) => distinct[i]!.replace('pageNo=', `pageSize=${20 + (i % 3)}&pageNo=`));
  const { profile: p } = await profile(() => interleaved([{ name: 'distinct', url: searchUrl, paths: fresh }], 1, 4), opts.profileFile);
  console.log(`\nWhere a search request's time goes (V8 CPU profile of the server, 4 s of distinct queries${opts.profileFile ? `, ${opts.profileFile}` : ''})`);
  printSummary(summarise(p, 12));

  await app.close();
  await bare.close();
  await search.stop();
  await database.close();
}

// Run alone: node --import tsx bench/search.ts
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]) && process.env.BENCH_SEED_ONLY) {
  // Only prepare the seeded dump in BENCH_CACHE_DIR (no measurement: needs no bench lock).
  seededDatabase(Number(process.env.BENCH_MERCHANTS ?? 100_000), process.env.BENCH_CACHE_DIR)
    .then(() => process.exit(0), (err: unknown) => { console.error(err); process.exit(1); });
} else if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  benchSearch({
    merchants: Number(process.env.BENCH_MERCHANTS ?? 100_000),
    small: Number(process.env.BENCH_SMALL ?? 20_000),
    rounds: Number(process.env.BENCH_ROUNDS ?? 4),
    sliceSeconds: Number(process.env.BENCH_SECONDS ?? 2),
    profileFile: process.env.BENCH_PROFILE,
    cacheDir: process.env.BENCH_CACHE_DIR,
  }).then(() => process.exit(0), (err: unknown) => { console.error(err); process.exit(1); });
}
