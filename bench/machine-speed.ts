/**
 * How fast this machine's CPU is today, as one figure (not a test): a fixed piece of single-thread
 * work of the kinds the benches measure (JSON written and read, a page's worth of text compressed
 * with brotli as pages are, a SHA-256, a regular expression over text), timed 15 times after 3 to
 * warm up; the median in milliseconds. The machines these sessions run on differ from day to day
 * by 2× and more (bench/RESULTS.md, 2026-11-30: `GET /health` 0.15 → 0.37 ms, `npm run
 * typecheck` 24 → 48 s for the same code), which moves every timed figure of issue 30 with it:
 * two runs' figures compare only next to their machines' figures. `npm run bench:targets` prints it
 * before and after its parts.
 *
 *   node --import tsx bench/machine-speed.ts
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

/** The same text every run: 600 restaurant-like records (about 60 kB of JSON, a page's size). */
function fixedRecords() {
  let x = 42;
  const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31);
  return Array.from({ length: 600 }, (_, i) => ({
    id: i + 1,
    name: `Restaurant ${next().toString(36)} ${i}`,
    cuisine: ['Italian', 'Thai', 'Mexican', 'Diner', 'Sushi'][next() % 5],
    rating: (next() % 50) / 10,
    earn: { rate: (next() % 10) + 1, text: 'Earn 5 miles per $1 spent' },
  }));
}

/** One unit of the work; returns something so that nothing is optimised away. */
function unit(records: ReturnType<typeof fixedRecords>): number {
  const json = JSON.stringify(records);
  const back = JSON.parse(json) as typeof records;
  const compressed = brotliCompressSync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 3 } });
  const hash = createHash('sha256').update(json).digest()[0]!;
  const matches = json.match(/"name":"Restaurant [a-z0-9]+ \d+"/g)?.length ?? 0;
  return back.length + compressed.length + hash + matches;
}

/** The median time of one unit of the fixed work, in ms (lower is a faster machine). */
export function machineSpeedMs(): number {
  const records = fixedRecords();
  let sink = 0;
  for (let i = 0; i < 3; i++) sink += unit(records);
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const t0 = performance.now();
    for (let j = 0; j < 10; j++) sink += unit(records);
    times.push((performance.now() - t0) / 10);
  }
  if (sink === 0) throw new Error('unreachable');
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  console.log(`Machine speed: ${machineSpeedMs().toFixed(2)} ms for the fixed unit of work (median of 15; lower is faster)`);
}
