/**
 * Benchmarks (not tests): merchant search latency at 100,000 merchants, API throughput against a
 * bare Fastify route in the same run, and first-load JavaScript size. Prints the figures.
 *   npm run bench            (BENCH_MERCHANTS, BENCH_SECONDS to change the size and duration)
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openMemoryPglite, runMigrations } from '../src/server/db/client';
import { seed } from '../src/server/db/seed';
import { MerchantSearch } from '../src/server/modules/merchants/merchants.service';
import { ZMerchantSearchRequest } from '../src/shared/schemas/merchant';
import { firstLoadJs } from './bundle-size';

const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(3)} ms`;

const QUERIES = [
  'location=10001', 'location=Chicago, IL&sortBy=rating', 'location=90012&priceRange=2,3', 'location=Houston, TX&features=delivery',
  'location=Seattle, WA&restaurantOrCuisine=sushi', 'location=Boston, MA&isNew=true', 'location=Denver, CO&mealsServed=brunch',
  'location=Atlanta, GA&radius=50&pageNo=2', 'latitude=40.76&longitude=-73.98&radius=5', 'location=Miami, FL&reservations=true&sortBy=name',
];

async function load(url: string, seconds: number) {
  const result = await autocannon({ url, connections: 20, pipelining: 1, duration: seconds, headers: { host: 'delta.localhost' } });
  return { rps: result.requests.average, p50: result.latency.p50, p97_5: result.latency.p97_5, errors: result.errors + result.non2xx };
}

async function main() {
  console.log(`Seeding ${MERCHANTS.toLocaleString('en-US')} merchants into an in-memory PGlite…`);
  const database = await openMemoryPglite();
  await runMigrations(database);
  let t0 = performance.now();
  await seed(database.db, { merchantCount: MERCHANTS });
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

  console.log(`\nThroughput, ${SECONDS} s each, 20 connections (response ${(sample.length / 1024).toFixed(1)} kB)`);
  await load(`http://127.0.0.1:${barePort}/bare`, 1);
  const bareResult = await load(`http://127.0.0.1:${barePort}/bare`, SECONDS);
  await load(`http://127.0.0.1:${appPort}/api/v2/Merchants/Search?location=10001`, 1);
  const apiResult = await load(`http://127.0.0.1:${appPort}/api/v2/Merchants/Search?location=10001`, SECONDS);
  console.log(`  bare Fastify route      ${Math.round(bareResult.rps).toLocaleString('en-US')} req/s   p50 ${bareResult.p50} ms  p97.5 ${bareResult.p97_5} ms  errors ${bareResult.errors}`);
  console.log(`  /api/v2/Merchants/Search ${Math.round(apiResult.rps).toLocaleString('en-US')} req/s   p50 ${apiResult.p50} ms  p97.5 ${apiResult.p97_5} ms  errors ${apiResult.errors}`);
  console.log(`  ratio ${(apiResult.rps / bareResult.rps).toFixed(2)} (budget ≥ 0.50)`);
  await app.close();
  await bare.close();
  await database.close();

  // 3. First-load JavaScript.
  const dist = path.resolve('dist/client');
  if (existsSync(path.join(dist, '.vite/manifest.json'))) {
    const sizes = firstLoadJs(dist, { '/': 'routes/home/home-route.tsx', '/search': 'routes/search/search-route.tsx' });
    console.log('\nFirst-load JavaScript (gzip, budget 130 kB)');
    for (const [route, s] of Object.entries(sizes)) console.log(`  ${route.padEnd(8)} ${(s.gzipBytes / 1024).toFixed(1)} kB in ${s.files} files`);
  } else {
    console.log('\nFirst-load JavaScript: run "npm run build" first.');
  }
}

main().then(() => process.exit(0), (err: unknown) => {
  console.error(err);
  process.exit(1);
});
