/**
 * `npm test`: every suite, in two lanes that run side by side (this machine has two cores; each
 * lane keeps one busy), each suite's output kept in its own log and printed whole when the suite
 * ends, so two suites never interleave their lines. At the end: each suite's time and result, and
 * the table is kept in .tmp/test-times.tsv for `npm run health`.
 *
 *   npm test                 every lane
 *   npm test -- unit e2e     only the suites named (in their lanes)
 *   TEST_LANES=1 npm test    one lane: every suite one after the other (a one-core machine)
 *   TEST_DATABASE_URL=postgres://… npm test   also the PostgreSQL suites (test:pg, test:scale, test:replicas)
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Suite = { name: string; command: string; env?: Record<string, string | undefined> };

/** PostgreSQL for the database suites: set (as .ci/run does when a server answers), they join the lanes. */
const PG_URL = process.env.TEST_DATABASE_URL;
/** Vitest and the e2e server use the embedded database, whatever the shell says. */
const EMBEDDED = { TEST_DATABASE_URL: undefined, DATABASE_URL: undefined };

/**
 * Lane 1: the static checks, then vitest (its one worker), then (with PostgreSQL) two app instances
 * and two workers on it, then the app on a replica, through PgBouncer and across a failover
 * (clusters the suite creates and removes). Lane 2: (with PostgreSQL) the server suites on it, then the client build
 * and the browser tests against it (one Chromium, one server, mostly waiting on the page). Neither
 * lane reads what the other writes.
 */
export const LANES: readonly Suite[][] = [
  [
    { name: 'lint', command: 'npm run lint' },
    { name: 'typecheck', command: 'npm run typecheck' },
    { name: 'openapi', command: 'npm run test:openapi', env: EMBEDDED },
    { name: 'unit', command: 'npm run test:unit', env: EMBEDDED },
    ...(PG_URL ? [{ name: 'scale', command: 'npm run test:scale', env: { TEST_DATABASE_URL: PG_URL } }] : []),
    // Clusters of its own (a replica, PgBouncer, pg_auto_failover; scripts/test-replicas.ts), not PG_URL's server.
    ...(PG_URL ? [{ name: 'replicas', command: 'npm run test:replicas', env: EMBEDDED }] : []),
  ],
  [
    ...(PG_URL ? [{ name: 'pg', command: 'npm run test:pg', env: { TEST_DATABASE_URL: PG_URL } }] : []),
    { name: 'e2e', command: 'npm run test:e2e', env: EMBEDDED },
  ],
];

const LOG_DIR = '.tmp/test-logs';

type Result = { name: string; seconds: number; code: number };

function run(suite: Suite): Promise<Result> {
  const started = Date.now();
  const log = join(LOG_DIR, `${suite.name}.log`);
  const out = createWriteStream(log);
  console.log(`▶ ${suite.name}: ${suite.command}`);
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0' };
    for (const [key, value] of Object.entries(suite.env ?? {})) {
      if (value === undefined) delete env[key];
      else env[key] = value;
    }
    const child = spawn(suite.command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code) => {
      out.end(() => {
        const seconds = Math.round((Date.now() - started) / 1000);
        const text = readFileSync(log, 'utf8');
        console.log(`\n──── ${suite.name} (${seconds} s, ${code === 0 ? 'passed' : `failed, exit ${code}`}) ────`);
        // A passing suite's summary is enough; a failing one is printed again at the end.
        console.log(text.trimEnd().split('\n').slice(-12).join('\n'));
        resolve({ name: suite.name, seconds, code: code ?? 1 });
      });
    });
  });
}

async function runLane(lane: Suite[]): Promise<Result[]> {
  const results: Result[] = [];
  for (const suite of lane) results.push(await run(suite));
  return results;
}

async function main() {
  mkdirSync(LOG_DIR, { recursive: true });
  const only = process.argv.slice(2);
  let lanes = LANES.map((lane) => lane.filter((s) => only.length === 0 || only.includes(s.name))).filter((lane) => lane.length > 0);
  if (process.env.TEST_LANES === '1') lanes = [lanes.flat()];
  const started = Date.now();
  const results = (await Promise.all(lanes.map(runLane))).flat();
  const total = Math.round((Date.now() - started) / 1000);
  const failed = results.filter((r) => r.code !== 0);
  writeFileSync('.tmp/test-times.tsv', ['suite\tseconds\tcode', ...results.map((r) => `${r.name}\t${r.seconds}\t${r.code}`), `total\t${total}\t${failed.length ? 1 : 0}`].join('\n') + '\n');
  // What failed, last, where a reader of the run's end sees it: the end of each failing log.
  for (const r of failed) {
    const lines = readFileSync(join(LOG_DIR, `${r.name}.log`), 'utf8').trimEnd().split('\n');
    console.log(`\n════ ${r.name} failed: the last ${Math.min(lines.length, 150)} of ${lines.length} lines ════`);
    console.log(lines.slice(-150).join('\n'));
  }
  console.log(`\nSuite times (${lanes.length} lane${lanes.length > 1 ? 's side by side' : ''}):`);
  for (const r of results) console.log(`  ${r.name.padEnd(10)} ${String(r.seconds).padStart(5)} s  ${r.code === 0 ? 'passed' : 'FAILED'}`);
  console.log(`  ${'total'.padEnd(10)} ${String(total).padStart(5)} s  (wall clock)`);
  if (failed.length) {
    console.log(`\nFailed: ${failed.map((r) => r.name).join(', ')} (logs in ${LOG_DIR}/)`);
    process.exitCode = 1;
  }
}

await main();
