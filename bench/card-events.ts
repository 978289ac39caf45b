/**
 * Card-network events benchmark (issue 9; not a test): prints
 * 1. receipt: events per second through POST /api/card-network/events (signed, distinct events,
 *    the real app on PostgreSQL when it answers and on the embedded database, PGlite on files as
 *    `npm start` runs it) from a second process, next to a bare Fastify route sent the same
 *    signed requests, the two taking turns in 1-second slices of the same run; with each route's
 *    CPU time per answer in this server process, the load generator and PostgreSQL (when it runs
 *    on this machine): on two shared cores the ratio follows those totals;
 * 2. applying: events per second the engine applies from a full inbox, on PostgreSQL (one applier
 *    and two side by side) and on the embedded database, each checked afterwards (every event
 *    applied once, totals equal to the sum of the dines).
 *
 *   npm run bench                      (all benchmarks; this one last)
 *   node --import tsx bench/card-events.ts
 * BENCH_EVENTS (default 100,000), BENCH_SECONDS (receipt: pairs of 1-s slices, default 5), BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres: a scratch database is created there and dropped),
 * BENCH_EMBEDDED=0 (PostgreSQL only), BENCH_PARTS (apply,receipt: one of them alone).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPglite, runMigrations, type Database, type Db } from '../src/server/db/client';
import { seed } from '../src/server/demo';
import { APPLIERS, CHUNK_SIZE, applyInbox, drainInbox } from '../src/server/modules/card-network/engine';
import type { CardNetworkEvent } from '../src/shared/schemas/rewards';
import { cpuPerAnswer, cpuSlice, loadGenerator, postgresHere, summarise, takeTurns, type CpuPerAnswer } from './load-process';
import { pgUrlForDisplay, scratchPostgres } from './scratch-postgres';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const EMBEDDED = process.env.BENCH_EMBEDDED !== '0';
/** BENCH_PARTS: which figures, 'apply,receipt' by default. */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'apply,receipt').split(','));
const MERCHANTS = 5_000;
const MEMBERS = 20_000;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');


/** Migrated, the catalogue seeded (MERCHANTS restaurants, their varied terms), MEMBERS members with one card each. */
export async function prepare(database: Database): Promise<{ tokens: string[]; locations: string[] }> {
  await runMigrations(database);
  await seed(database.db, { merchantCount: MERCHANTS, demoMembers: false });
  const db = database.db;
  await db.execute(sql`
    insert into members (partner_id, public_id, email, tier_level, member_type)
    select 1 + (g % 19), 'bench-' || g, 'bench' || g || '@example.com', case when g % 10 = 0 then 0 else 2 end, 'EnrolledCardMember'
    from generate_series(1, ${MEMBERS}) g`);
  await db.execute(sql`
    insert into member_cards (partner_id, member_id, card_type, last_four, description, fingerprint, network_token, created_at)
    select partner_id, id, 'Visa', lpad((id % 10000)::text, 4, '0'), 'Visa', 'bench-fp-' || id, 'ntk_bench_' || id, '2025-01-01'
    from members where public_id like 'bench-%'`);
  const tokens = ((await db.execute(sql`select network_token from member_cards where network_token like 'ntk_bench_%' order by id`)) as unknown as { rows: Array<{ network_token: string }> }).rows.map((r) => r.network_token);
  const locations = ((await db.execute(sql`select location_id from merchant_network_locations order by merchant_id`)) as unknown as { rows: Array<{ location_id: string }> }).rows.map((r) => r.location_id);
  return { tokens, locations };
}

/**
 * A realistic feed in arrival order: purchases through 2026, an authorisation (90 %) at the
 * purchase and its clearing 1–3 days later (15 % with a transaction id of its own, the tip added),
 * some refunds days later (5 % naming the purchase and partial, 2 % whole and unnamed), 3 %
 * authorisations repeated with a new event id, and a few events for unknown cards.
 */
export function feed(opts: { count: number; tokens: readonly string[]; locations: readonly string[]; seed?: number; prefix?: string }): CardNetworkEvent[] {
  let s = opts.seed ?? 7;
  const rnd = () => { s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff; return s / 0x7fffffff; };
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const prefix = opts.prefix ?? randomBytes(3).toString('hex');
  const timed: Array<{ at: number; event: CardNetworkEvent }> = [];
  const start = Date.UTC(2026, 0, 1);
  for (let p = 0; timed.length < opts.count; p++) {
    const at = start + rnd() * 330 * 86_400_000;
    const local = new Date(at - 5 * 3_600_000).toISOString().slice(0, 19) + '-05:00';
    const base = { cardToken: rnd() < 0.005 ? 'ntk_unknown' : pick(opts.tokens), currency: 'USD' as const, merchantLocationId: pick(opts.locations), localDateTime: local, onlineOrder: false };
    const txn = `${prefix}-t${p}`;
    const auth = 500 + Math.floor(rnd() * 15_000);
    const cleared = auth + Math.floor(auth * rnd() * 0.25);
    const hasAuth = rnd() < 0.9;
    if (hasAuth) timed.push({ at, event: { ...base, id: `${prefix}-a${p}`, type: 'auth', transactionId: txn, amountCents: auth } });
    if (hasAuth && rnd() < 0.03) timed.push({ at: at + 60_000, event: { ...base, id: `${prefix}-a${p}x`, type: 'auth', transactionId: txn, amountCents: auth } });
    const clearAt = at + (1 + rnd() * 2) * 86_400_000;
    const clearTxn = hasAuth && rnd() < 0.15 ? `${txn}c` : txn;
    timed.push({ at: clearAt, event: { ...base, id: `${prefix}-c${p}`, type: 'clearing', transactionId: clearTxn, amountCents: cleared } });
    const r = rnd();
    if (r < 0.05) timed.push({ at: clearAt + 5 * 86_400_000, event: { ...base, id: `${prefix}-r${p}`, type: 'refund', transactionId: `${txn}r`, originalTransactionId: clearTxn, amountCents: -Math.max(1, Math.floor(cleared * rnd())) } });
    else if (r < 0.07) timed.push({ at: clearAt + 3 * 86_400_000, event: { ...base, id: `${prefix}-u${p}`, type: 'refund', transactionId: `${txn}u`, amountCents: -cleared } });
  }
  timed.sort((a, b) => a.at - b.at);
  return timed.slice(0, opts.count).map((t) => t.event);
}

/** Fills the inbox as receipt would (one row per event), in bulk: the applying benchmark measures the engine alone. */
async function fillInbox(db: Db, events: readonly CardNetworkEvent[]) {
  for (let i = 0; i < events.length; i += 5000) {
    const part = events.slice(i, i + 5000);
    await db.execute(sql`insert into card_network_inbox (event_id, type, body)
      select e->>'id', e->>'type', e from jsonb_array_elements(${JSON.stringify(part)}::jsonb) e on conflict (event_id) do nothing`);
  }
}

type Check = { processed: number; unprocessed: number; dines: number; sRows: number; outcomes: string; progressMatches: boolean };
async function check(db: Db): Promise<Check> {
  const one = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows[0]!;
  const inbox = await one<{ done: number; open: number }>(sql`select count(*) filter (where processed_at is not null)::int as done, count(*) filter (where processed_at is null)::int as open from card_network_inbox`);
  const d = await one<{ n: number }>(sql`select count(*)::int as n from dines`);
  const s = await one<{ n: number; dup: number }>(sql`select count(*)::int as n, (count(*) - count(distinct dine_id))::int as dup from member_rewards where source_code = 'S'`);
  const outcomes = ((await db.execute(sql`select outcome, count(*)::int as n from card_network_inbox group by 1 order by 2 desc`)) as unknown as { rows: Array<{ outcome: string; n: number }> }).rows;
  // The members' yearly totals must equal the sum over their qualified dines.
  const mismatch = await one<{ n: number }>(sql`
    select count(*)::int as n from (
      select coalesce(p.member_id, q.member_id) as member_id from member_progress p
      full join (select member_id, left(local_date, 4)::smallint as year, count(*)::int as dines, sum(reward)::int as rewards from dines where qualified group by 1, 2) q
        on q.member_id = p.member_id and q.year = p.year
      where coalesce(p.qualified_dines, 0) <> coalesce(q.dines, 0) or coalesce(p.rewards, 0) <> coalesce(q.rewards, 0)
    ) x`);
  if (s.dup !== 0) throw new Error(`${s.dup} dines have two S rewards`);
  return { processed: inbox.done, unprocessed: inbox.open, dines: d.n, sRows: s.n, outcomes: outcomes.map((o) => `${o.outcome} ${fmt(o.n)}`).join(', '), progressMatches: mismatch.n === 0 };
}

async function applyBench(name: string, database: Database, setup: { tokens: string[]; locations: string[] }, appliers: number, chunk: number) {
  await database.db.execute(sql`truncate card_network_inbox, member_rewards, dines, member_progress cascade`);
  const events = feed({ count: EVENTS, ...setup, prefix: `${name.replace(/\W/g, '')}${appliers}` });
  await fillInbox(database.db, events);
  await database.db.execute(sql`analyze`);
  const t0 = performance.now();
  if (appliers === 1) await drainInbox(database.db, { limit: chunk, maxMs: 600_000 });
  else await applyInbox(database.db, { appliers, limit: chunk, maxMs: 600_000 });
  const seconds = (performance.now() - t0) / 1000;
  const c = await check(database.db);
  console.log(`  ${`${name}, ${appliers} applier${appliers > 1 ? 's' : ''}, chunks of ${fmt(chunk)}`.padEnd(46)} ${fmt(c.processed / seconds).padStart(7)} events/s   (${fmt(c.processed)} events in ${seconds.toFixed(2)} s)`);
  console.log(`      check: ${fmt(c.unprocessed)} left, ${fmt(c.dines)} dines, ${fmt(c.sRows)} S rewards (one each), progress = sum of dines: ${c.progressMatches ? 'yes' : 'NO'}; ${c.outcomes}`);
  return c.processed / seconds;
}

type LoadJob = { url: string; seconds: number; secret: string; tokens: string[]; locations: string[]; connections?: number };
type LoadResult = { answers: number; rps: number; p50: number; p97_5: number; errors: number; non2xx: number };

/** A load generator in a child process (signed distinct events, to the webhook or to a bare route), kept up for several jobs. */
export const loader = () => loadGenerator<LoadJob, LoadResult>('./card-events-load.ts');

/** One job in a child process of its own. */
export async function load(job: LoadJob): Promise<LoadResult> {
  const one = loader();
  try {
    return await one.run(job);
  } finally {
    one.close();
  }
}

async function receiptBench(database: Database, setup: { tokens: string[]; locations: string[] }, kind: string) {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SITE_ORIGIN: 'https://{partner}.dining.example.com', CARD_FRAME_ORIGIN: 'https://cards.dining.example.com', CARD_EVENTS_SECRET: 'bench-card-events-secret-0123456789' }, { clientDir: path.resolve('dist/client') });
  const app = await buildApp({ config, db: database.db, logger: false });
  // Receipt alone: the in-process applier is stopped (its work is the second figure).
  await app.cardNetwork.applier.stop();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appPort = (app.server.address() as { port: number }).port;
  const bare = Fastify({ logger: false });
  bare.post('/bare', async () => ({ received: true, duplicate: false }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const barePort = (bare.server.address() as { port: number }).port;

  const common = { secret: config.cardEventsSecret, tokens: setup.tokens, locations: setup.locations };
  // One load generator per route, each warmed up with its route once before the slices.
  const toBare = loader();
  const toApp = loader();
  const bareJob = { ...common, url: `http://127.0.0.1:${barePort}/bare` };
  const appJob = { ...common, url: `http://127.0.0.1:${appPort}/api/card-network/events` };
  await toBare.run({ ...bareJob, seconds: 2 });
  await toApp.run({ ...appJob, seconds: 2 });
  // PostgreSQL's processes count when the bench's server is this machine's (BENCH_PG_URL may name another).
  const pgHere = postgresHere(database);
  const cpuNote = database.kind === 'pglite' ? '; the embedded database works in the server process, so its CPU is in the server figure' : pgHere ? '' : '; PostgreSQL is not on this machine: its CPU is not counted';
  // 20 connections: each waits for its answer, so the figure is bound by the time to a committed
  // row; 100: enough waiting at once that the CPU of the two cores is the limit (the network's
  // burst). The two routes take turns in 1-second slices (the first of each pair alternating), so
  // that whatever else the machine does in those seconds hits both alike: run one after the
  // other, the bare route alone swung from 13,000 to 23,000 req/s between runs of the same code.
  for (const connections of [20, 100]) {
    const rounds = Math.max(1, Math.round(SECONDS));
    console.log(`\nCard-network receipt, ${rounds} pairs of 1-s slices taking turns, ${connections} connections from a second process (${kind})`);
    const before = await countInbox(database.db);
    const turns = await takeTurns(rounds, () => cpuSlice(toBare, { ...bareJob, seconds: 1, connections }, pgHere), () => cpuSlice(toApp, { ...appJob, seconds: 1, connections }, pgHere));
    const slices = { bare: turns.a, receipt: turns.b };
    const stored = (await countInbox(database.db)) - before;
    const bareResult = summarise(slices.bare);
    const receipt = summarise(slices.receipt);
    const line = (name: string, r: LoadResult) =>
      console.log(`  ${name.padEnd(34)} ${fmt(r.rps).padStart(7)} req/s   p50 ${r.p50} ms  p97.5 ${r.p97_5} ms  errors ${r.errors + r.non2xx}`);
    line('bare Fastify route (same requests)', bareResult);
    line('POST /api/card-network/events', receipt);
    const pairs = slices.receipt.map((r, i) => r.rps / slices.bare[i]!.rps).sort((a, b) => a - b);
    console.log(`  ratio to bare ${(receipt.rps / bareResult.rps).toFixed(2)} (budget ≥ 0.50; pairs ${pairs[0]!.toFixed(2)}–${pairs.at(-1)!.toFixed(2)}); cross-check: ${fmt(stored)} new inbox rows for ${fmt(slices.receipt.reduce((a, r) => a + r.answers, 0))} answers`);
    const bareCpu = cpuPerAnswer(slices.bare);
    const receiptCpu = cpuPerAnswer(slices.receipt);
    const cpuLine = (name: string, c: CpuPerAnswer) => `${name} server ${c.server} + load generator ${c.generator}${pgHere ? ` + PostgreSQL ${c.postgres}` : ''} = ${c.total}`;
    console.log(`  CPU µs per answer: ${cpuLine('bare', bareCpu)}; ${cpuLine('receipt', receiptCpu)} (bare/receipt ${(bareCpu.total / receiptCpu.total).toFixed(2)}${cpuNote})`);
  }
  toBare.close();
  toApp.close();
  await app.close();
  await bare.close();
}

async function countInbox(db: Db): Promise<number> {
  return ((await db.execute(sql`select count(*)::int as n from card_network_inbox`)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

export async function benchCardEvents() {
  console.log(`\nCard-network events (${fmt(EVENTS)} events over ${fmt(MEMBERS)} members and ${fmt(MERCHANTS)} restaurants)`);
  const postgres = await scratchPostgres();
  // The embedded database as `npm start` runs it: PGlite on files in a folder (a scratch one here),
  // not in memory as the tests have it.
  const embeddedDir = EMBEDDED ? mkdtempSync(path.join(tmpdir(), 'rn-bench-pglite-')) : undefined;
  const embedded = embeddedDir ? await openPglite(embeddedDir) : undefined;
  try {
    let t0 = performance.now();
    const pgSetup = postgres ? await prepare(postgres) : undefined;
    if (postgres) console.log(`  PostgreSQL scratch database prepared in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    else console.log(`  PostgreSQL not reachable at ${pgUrlForDisplay()}: its figures are skipped`);
    t0 = performance.now();
    const liteSetup = embedded ? await prepare(embedded) : undefined;
    if (embedded) console.log(`  embedded database prepared in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    if (PARTS.has('apply')) console.log('\nApplying (the engine from a full inbox; the budget is ≥ 10,000 events/s on PostgreSQL)');
    if (PARTS.has('apply') && postgres && pgSetup) {
      // The app's setting (engine.ts CHUNK_SIZE and APPLIERS: two loops of 5,000-event chunks),
      // then one loop, and one loop with the embedded database's chunk, for comparison.
      await applyBench('PostgreSQL', postgres, pgSetup, APPLIERS.postgres, CHUNK_SIZE.postgres);
      await applyBench('PostgreSQL', postgres, pgSetup, 1, CHUNK_SIZE.postgres);
      await applyBench('PostgreSQL', postgres, pgSetup, 1, CHUNK_SIZE.embedded);
    }
    if (PARTS.has('apply') && embedded && liteSetup) await applyBench('embedded (PGlite)', embedded, liteSetup, 1, CHUNK_SIZE.embedded);

    if (PARTS.has('receipt') && postgres && pgSetup) await receiptBench(postgres, pgSetup, 'PostgreSQL');
    if (PARTS.has('receipt') && embedded && liteSetup) await receiptBench(embedded, liteSetup, 'embedded database');
  } finally {
    await embedded?.close();
    if (embeddedDir) rmSync(embeddedDir, { recursive: true, force: true });
    await postgres?.drop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  benchCardEvents().then(() => process.exit(0), (err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
