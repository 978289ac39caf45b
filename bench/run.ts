/**
 * Benchmarks (not tests): merchant search latency at 100,000 merchants, API throughput against a
 * bare Fastify route in the same run, first-load JavaScript size, then the card-network events
 * (receipt next to a bare route, the engine's applying rate: bench/card-events.ts) and reservation
 * availability for a busy restaurant (bench/availability.ts). Prints the figures.
 *   npm run bench            (BENCH_MERCHANTS, BENCH_SECONDS, BENCH_EVENTS to change sizes and durations)
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openMemoryPglite, runMigrations } from '../src/server/db/client';
import { seed } from '../src/server/demo';
import { MerchantSearch } from '../src/server/modules/merchants/merchants.service';
import { ZMerchantSearchRequest } from '../src/shared/schemas/merchant';
import { firstLoadJs } from './bundle-size';
import { benchAvailability } from './availability';
import { benchCardEvents } from './card-events';

const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(3)} ms`;

const QUERIES = [
  'location=10001', 'location=Chicago, IL&sortBy=rating', 'location=90012&priceRange=2,3', 'location=Houston, TX&features=delivery',
  'location=Seattle, WA&restaurantOrCuisine=sushi', 'location=Boston, MA&isNew=true', 'location=Denver, CO&mealsServed=brunch',
  'location=Atlanta, GA&radius=50&pageNo=2', 'latitude=40.76&longitude=-73.98&radius=5', 'location=Miami, FL&reservations=true&sortBy=name',
];

type LoadResult = { rps: number; p50: number; p97_5: number; errors: number };

/** autocannon in a child process: the server keeps its event loop to itself, as in production. */
function load(url: string, seconds: number, paths?: string[]): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./load-worker.mjs', import.meta.url)));
    child.once('message', (m) => resolve(m as LoadResult));
    child.once('error', reject);
    child.send({ url, seconds, paths });
  });
}

async function main() {
  console.log(`Seeding ${MERCHANTS.toLocaleString('en-US')} merchants into an in-memory PGlite…`);
  const database = await openMemoryPglite();
  await runMigrations(database);
  let t0 = performance.now();
  await seed(database.db, { merchantCount: MERCHANTS, demoMembers: true });
  console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const search = new MerchantSearch(database.db);
  t0 = performance.now();
  await search.refresh();
  console.log(`  search index built in ${((performance.now() - t0) / 1000).toFixed(2)} s (${search.size.toLocaleString('en-US')} merchants)`);

  // 1. Search latency inside the server: parse + geocode + index query + page, per call.
  const parsed = QUERIES.map((q) => ZMerchantSearchRequest.parse(Object.fromEntries(new URLSearchParams(q))));
  for (let i = 0; i < 200; i++) search.search(parsed[i % parsed.length]!);
  const times: number[] = [];
  let totalHits = 0;
  for (let i = 0; i < 5000; i++) {
    const start = performance.now();
    totalHits += search.search(parsed[i % parsed.length]!).totalCount;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log('\nSearch latency inside the server (5,000 searches over 10 query shapes)');
  console.log(`  p50 ${ms(pct(times, 50))}   p95 ${ms(pct(times, 95))}   p99 ${ms(pct(times, 99))}   (avg ${Math.round(totalHits / 5000)} matches per search)`);

  // 2. Throughput: the real search route vs a bare Fastify JSON route returning a search answer of the same size.
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }, { clientDir: path.resolve('dist/client') });
  const app = await buildApp({ config, db: database.db, search, rateLimitMax: 1_000_000_000, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appPort = (app.server.address() as { port: number }).port;
  const sample = JSON.stringify(search.search(parsed[0]!));
  const bare = Fastify({ logger: false });
  bare.get('/bare', async (_req, reply) => reply.type('application/json').send(sample));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const barePort = (bare.server.address() as { port: number }).port;

  console.log(`\nThroughput, ${SECONDS} s each, 20 connections from a second process (response ${(sample.length / 1024).toFixed(1)} kB)`);
  await load(`http://127.0.0.1:${barePort}/bare`, 1);
  const bareResult = await load(`http://127.0.0.1:${barePort}/bare`, SECONDS);
  const searchUrl = `http://127.0.0.1:${appPort}/api/v2/Merchants/Search?location=10001`;
  await load(searchUrl, 1);
  const hot = await load(searchUrl, SECONDS);
  // Distinct searches (random points in the metros, random pages) so that almost none repeats:
  // every request searches the index and serialises its answer.
  let s = 42;
  const rnd = () => { s = (s * 1103515245 + 12345) & 0x7fffffff; return s / 0x7fffffff; };
  const centres = parsed.map((q) => search.search(q).location);
  const distinct = Array.from({ length: 20_000 }, () => {
    const c = centres[Math.floor(rnd() * centres.length)]!;
    return `/api/v2/Merchants/Search?latitude=${(c.latitude + (rnd() - 0.5) * 0.4).toFixed(4)}&longitude=${(c.longitude + (rnd() - 0.5) * 0.4).toFixed(4)}&pageNo=${1 + Math.floor(rnd() * 3)}`;
  });
  const cold = await load(searchUrl, SECONDS, distinct);
  const line = (name: string, r: LoadResult) =>
    console.log(`  ${name.padEnd(34)} ${Math.round(r.rps).toLocaleString('en-US').padStart(7)} req/s   p50 ${r.p50} ms  p97.5 ${r.p97_5} ms  errors ${r.errors}`);
  line('bare Fastify route', bareResult);
  line('search, one popular query', hot);
  line('search, 20,000 distinct queries', cold);
  console.log(`  ratio to bare: popular ${(hot.rps / bareResult.rps).toFixed(2)}, distinct ${(cold.rps / bareResult.rps).toFixed(2)} (budget ≥ 0.50)`);
  await app.close();
  await bare.close();
  await database.close();

  // 3. First-load JavaScript.
  const dist = path.resolve('dist/client');
  if (existsSync(path.join(dist, '.vite/manifest.json'))) {
    const sizes = firstLoadJs(dist, { '/': 'client/routes/home/home-route.tsx', '/search': 'client/routes/search/search-route.tsx' });
    console.log('\nFirst-load JavaScript, bytes sent (precompressed assets; budget 130 kB gzip)');
    const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;
    for (const [route, s] of Object.entries(sizes)) {
      console.log(`  ${route.padEnd(8)} ${kB(s.brotliBytes)} brotli, ${kB(s.gzipBytes)} gzip, ${kB(s.rawBytes)} uncompressed, in ${s.files} files`);
    }
  } else {
    console.log('\nFirst-load JavaScript: run "npm run build" first.');
  }

  // 4. Card-network events: receipt and applying.
  await benchCardEvents();

  // 5. Reservation availability for a busy restaurant.
  await benchAvailability();
}

main().then(() => process.exit(0), (err: unknown) => {
  console.error(err);
  process.exit(1);
});
