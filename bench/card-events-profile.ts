/**
 * Where a card-network webhook request spends its time (issue 9: profile receipt before
 * optimising). Runs the real app on PostgreSQL (a scratch database; the embedded database when
 * none answers) with the applier stopped, loads it from a second process for BENCH_SECONDS (5)
 * with signed, distinct events, and samples the server's CPU meanwhile (the inspector's profiler).
 * Prints self time grouped by where the code lives (our modules, Fastify and its plugins, pg or
 * PGlite, zod, crypto, JSON, Node's HTTP and the idle/GC share) and the top functions; writes the
 * .cpuprofile for a closer look (Chrome DevTools → Performance → load).
 *
 *   node --import tsx bench/card-events-profile.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openMemoryPglite } from '../src/server/db/client';
import { load, prepare } from './card-events';
import { scratchPostgres } from './scratch-postgres';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** BENCH_CONNECTIONS (20): 100 makes the server's CPU the limit rather than the time to a committed row. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

/** Where a frame's code lives, coarse enough to act on. */
export function category(url: string, fn: string): string {
  if (!url) {
    if (fn === '(idle)') return 'idle (waiting for I/O)';
    if (fn === '(garbage collector)') return 'garbage collection';
    if (fn === '(program)') return 'V8/native (program)';
    if (/JSON|parse|stringify/.test(fn)) return 'JSON';
    return `native: ${fn || '(anonymous)'}`;
  }
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) {
    const pkg = m[1]!;
    if (pkg === 'fastify' || pkg.startsWith('@fastify/') || pkg.startsWith('fastify-') || pkg === 'find-my-way' || pkg === 'avvio' || pkg === 'light-my-request' || pkg === 'fast-json-stringify') return `fastify (${pkg})`;
    return pkg;
  }
  if (url.startsWith('node:')) {
    if (/_http|http|net|stream|tcp/.test(url)) return 'node: HTTP and sockets';
    if (/crypto/.test(url)) return 'node: crypto';
    return `node: ${url.replace('node:internal/', '')}`;
  }
  const src = /\/src\/(.+)$/.exec(url);
  if (src) return `app: ${src[1]!.split('/').slice(0, 3).join('/')}`;
  return url;
}

function summarise(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const groups = new Map<string, number>();
  const fns = new Map<string, number>();
  for (const [id, us] of self) {
    const n = byId.get(id)!;
    const cat = category(n.callFrame.url, n.callFrame.functionName);
    groups.set(cat, (groups.get(cat) ?? 0) + us);
    const key = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url ? `${n.callFrame.url.replace(/^.*\/(node_modules|src)\//, '$1/')}:${n.callFrame.lineNumber + 1}` : ''}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
  }
  const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
  const busy = total - (groups.get('idle (waiting for I/O)') ?? 0);
  console.log(`\n  CPU samples over ${(total / 1e6).toFixed(1)} s, busy ${pct(busy)}; self time by where the code lives:`);
  for (const [cat, us] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 18)) console.log(`    ${pct(us)}  ${cat}`);
  console.log('\n  Top functions (self time):');
  for (const [fn, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`    ${pct(us)}  ${fn}`);
}

async function main() {
  const postgres = await scratchPostgres();
  const database = postgres ?? (await openMemoryPglite());
  const kind = postgres ? 'PostgreSQL' : 'embedded database';
  try {
    const setup = await prepare(database);
    const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SITE_ORIGIN: 'https://{partner}.dining.example.com', CARD_FRAME_ORIGIN: 'https://cards.dining.example.com', CARD_EVENTS_SECRET: 'bench-card-events-secret-0123456789' }, { clientDir: path.resolve('dist/client') });
    const app = await buildApp({ config, db: database.db, logger: false });
    await app.cardNetwork.applier.stop();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/card-network/events`;
    const common = { secret: 'bench-card-events-secret-0123456789', tokens: setup.tokens, locations: setup.locations };
    await load({ ...common, url, seconds: 1 });
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    const result = await load({ ...common, url, seconds: SECONDS, connections: CONNECTIONS });
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
    session.disconnect();
    console.log(`Card-network receipt profiled on ${kind}: ${Math.round(result.rps).toLocaleString('en-US')} req/s, p50 ${result.p50} ms, p97.5 ${result.p97_5} ms, ${result.non2xx} non-2xx`);
    summarise(profile);
    const file = path.resolve('bench/card-events-receipt.cpuprofile');
    writeFileSync(file, JSON.stringify(profile));
    console.log(`\n  Profile written to ${path.relative(process.cwd(), file)}`);
    await app.close();
  } finally {
    if (postgres) await postgres.drop();
    else await database.close();
  }
}

main().then(() => process.exit(0), (err: unknown) => {
  console.error(err);
  process.exit(1);
});
