/**
 * Benchmarks (not tests): merchant search (bench/search.ts: latency at 20,000 and 100,000
 * merchants, API throughput interleaved with a bare Fastify route, where the time goes),
 * first-load JavaScript size, then the card-network events (receipt taking turns with a bare
 * route, the engine's applying rate: bench/card-events.ts), reservation availability for a busy
 * restaurant (bench/availability.ts) and redemptions (POST /api/Member/Redemptions taking turns
 * with a bare route, the send job's gift cards per second: bench/redemptions.ts). Prints the
 * figures. Each benchmark runs in a process of its own: the search indexes (about 600 MB of heap)
 * stayed in this process and slowed the engine's JavaScript measured after them (its garbage
 * collection walks the whole heap).
 *   npm run bench   (BENCH_MERCHANTS, BENCH_ROUNDS and BENCH_SECONDS for the search slices,
 *                    BENCH_CACHE_DIR to keep the seeded database between runs, BENCH_PROFILE to
 *                    keep the .cpuprofile, BENCH_EVENTS for the card events,
 *                    BENCH_REDEMPTION_MEMBERS and BENCH_SEND_ORDERS for the redemptions)
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { FIRST_LOAD_BUDGET_KB, firstLoadJs } from './bundle-size';

const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 100_000);

/** Runs bench/<file> in a fresh Node process (its output goes straight to ours). */
function inOwnProcess(file: string, env: Record<string, string> = {}) {
  const done = spawnSync(process.execPath, ['--import', 'tsx', path.resolve('bench', file)], { stdio: 'inherit', env: { ...process.env, ...env } });
  if (done.status !== 0) throw new Error(`bench/${file} ended with ${done.status ?? done.signal}`);
}

async function main() {
  // 1-2. Merchant search: latency at 20,000 and 100,000, throughput interleaved with a bare route, profile.
  inOwnProcess('search.ts', { BENCH_MERCHANTS: String(MERCHANTS), BENCH_SMALL: process.env.BENCH_SMALL ?? String(Math.round(MERCHANTS / 5)) });

  // 3. First-load JavaScript.
  const dist = path.resolve('dist/client');
  if (existsSync(path.join(dist, '.vite/manifest.json'))) {
    const sizes = firstLoadJs(dist);
    console.log(`\nFirst-load JavaScript, bytes sent (precompressed assets; budget ${FIRST_LOAD_BUDGET_KB} kB gzip; npm run bench:first-load checks it in Chromium)`);
    const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;
    for (const [route, s] of Object.entries(sizes)) {
      console.log(`  ${route.padEnd(8)} ${kB(s.brotliBytes)} brotli, ${kB(s.gzipBytes)} gzip, ${kB(s.rawBytes)} uncompressed, in ${s.files} files`);
    }
  } else {
    console.log('\nFirst-load JavaScript: run "npm run build" first.');
  }

  // 4. Card-network events: receipt and applying.
  inOwnProcess('card-events.ts');

  // 5. Reservation availability for a busy restaurant.
  inOwnProcess('availability.ts');

  // 6. Redemptions: redeeming next to a bare route, then the send job ordering gift cards (PostgreSQL).
  inOwnProcess('redemptions.ts');
}

main().then(() => process.exit(0), (err: unknown) => {
  console.error(err);
  process.exit(1);
});
