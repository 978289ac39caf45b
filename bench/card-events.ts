/**
 * Card-network events benchmark (issues 9 and 30; not a test): prints, on PostgreSQL when it
 * answers and on the embedded database (PGlite on files, as `npm start` runs it), against one
 * target, TARGET_EVENTS_PER_S (5× the feed's researched peak, below):
 * 1. receipt: events per second received through POST /api/card-network/events (signed, distinct
 *    events) from a second process, at 20 connections (and 100, the network's burst), and the CPU
 *    time per received event in this server process, the load generator and PostgreSQL (when it
 *    runs on this machine); a bare Fastify route sent the same signed requests takes turns with it
 *    in 1-second slices of the same run, as context only (no ratio target since issue 30);
 * 2. applying: events per second the engine applies from a full inbox, one applier and two side by
 *    side, and the CPU time per applied event in this process (the engine, and the embedded
 *    database, which runs in it) plus PostgreSQL's processes when it runs here; each run checked
 *    afterwards (every event applied once, totals equal to the sum of the dines).
 * The machine's load average is printed with each part: the figures are only as good as the cores
 * were free.
 *
 *   npm run bench                      (all benchmarks; this one last)
 *   node --import tsx bench/card-events.ts
 * BENCH_EVENTS (default 100,000), BENCH_SECONDS (receipt: pairs of 1-s slices, default 5), BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres: a scratch database is created there and dropped),
 * BENCH_EMBEDDED=0 (PostgreSQL only), BENCH_PARTS (apply,receipt: one of them alone), EVENTS_JSON (a
 * file to write the summary's figures to, with the target and the load; bench/targets.ts reads it).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
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
import { insertInboxEvents } from '../src/server/modules/card-network/card-network.repo';
import type { CardNetworkEvent } from '../src/shared/schemas/rewards';
import { cpuPerAnswer, cpuSlice, databaseName, loadGenerator, postgresCpu, postgresCpuSince, postgresHere, summarise, takeTurns, type CpuPerAnswer } from './load-process';
import { pgUrlForDisplay, scratchPostgres } from './scratch-postgres';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const EMBEDDED = process.env.BENCH_EMBEDDED !== '0';
/** BENCH_PARTS: which figures, 'apply,receipt' by default. */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'apply,receipt').split(','));
const MERCHANTS = 5_000;
const MEMBERS = 20_000;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * The card-network feed's researched peak, events per second: ../shared/research/
 * rewards-reservations-scale.md, §4 "Scale-out: ingest and rewards computation", "Load estimate"
 * (lines 470-473; repeated in console-redemptions-scale.md §3, line 361): tens of millions of card
 * transactions a month (30 M/month ≈ 11.6 purchases/s) make ≈ 25–35 events/s on average with
 * authorisations, clearings and refunds, "perhaps 10–30× at peaks" (the Mastercard clearing run at
 * 12:00 UTC, Friday and Saturday dinners). That estimate is the one for the filtered feed of a
 * programme of our size (only enrolled cards at enrolled merchants); the top of both ranges,
 * 35 × 30 = 1,050 events/s, is taken, so a target met here is met across the estimate.
 */
export const PEAK_FEED_EVENTS_PER_S = 35 * 30;
/** What receipt and applying are judged against (issue 30): 5× the researched peak, 5,250 events/s. */
export const TARGET_EVENTS_PER_S = 5 * PEAK_FEED_EVENTS_PER_S;
const verdict = (eventsPerS: number) => (eventsPerS >= TARGET_EVENTS_PER_S ? 'met' : 'NOT met');
const loadAvg = () => loadavg().map((n) => n.toFixed(2)).join(', ');

/**
 * One line of the summary printed at the end; cpuUsTotal is the CPU µs per event of every process
 * counted (the server or engine, the load generator for receipt, PostgreSQL when it runs here).
 */
type Figure = {
  database: string; figure: string; eventsPerS: number; cpuUs: string; cpuUsTotal: number; events: number; errors?: number; load: string;
  /** Applying with a number of loops the app does not run on that database (engine.ts APPLIERS): context, no target. */
  context?: string;
};
/** A figure's verdict: met, NOT met, or context (no target) for a setting the app does not run. */
const judged = (f: Pick<Figure, 'eventsPerS' | 'context'>) => (f.context ? 'context' : verdict(f.eventsPerS));
const figures: Figure[] = [];

/** Client connections to other databases on the PostgreSQL server (someone else's work, whose CPU a per-event figure would count). */
async function otherClients(database: Database): Promise<string> {
  if (database.kind !== 'postgres') return '';
  const n = ((await database.db.execute(sql`select count(*)::int as n from pg_stat_activity where backend_type = 'client backend' and datname is distinct from current_database()`)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
  return n === 0 ? '' : `; ${n} client connection${n === 1 ? '' : 's'} to other databases on this PostgreSQL (their processes' CPU is left out, not their load on the cores)`;
}


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
    await insertInboxEvents(db, part);
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

/**
 * One timed drain of a full inbox. `warmUp` runs the same drain untimed first and prints it apart
 * (no figure): the first drain in a process runs the engine's JavaScript and PGlite's WebAssembly
 * before V8 has optimised them (on 2026-12-02 one applier on the embedded database gave 256 µs an
 * event cold, then 207 and 186 µs in the next runs of the same process), and a server that applies
 * the feed all day is warm.
 */
async function applyBench(name: string, database: Database, setup: { tokens: string[]; locations: string[] }, appliers: number, chunk: number, { warmUp = false } = {}) {
  await database.db.execute(sql`truncate card_network_event_ids, card_network_inbox, member_reward_ids, member_rewards, dine_ids, dines, member_progress cascade`);
  const events = feed({ count: EVENTS, ...setup, prefix: `${name.replace(/\W/g, '')}${appliers}` });
  await fillInbox(database.db, events);
  await database.db.execute(sql`analyze`);
  // PostgreSQL's processes count when the bench's server is this machine's; the embedded database
  // works in this process, so its CPU is in this process's figure.
  const pgHere = postgresHere(database);
  const others = await otherClients(database);
  const cpu0 = process.cpuUsage();
  const pg0 = pgHere ? postgresCpu(databaseName(database)) : undefined;
  const t0 = performance.now();
  if (appliers === 1) await drainInbox(database.db, { limit: chunk, maxMs: 600_000 });
  else await applyInbox(database.db, { appliers, limit: chunk, maxMs: 600_000 });
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const pgUs = pg0 ? postgresCpuSince(pg0, databaseName(database)) : 0;
  // The figure is the inbox's own count of applied rows, read back from the database.
  const c = await check(database.db);
  const rate = c.processed / seconds;
  const per = (us: number) => Math.round(us / Math.max(1, c.processed));
  const cpuText = `this process ${per(cpu.user + cpu.system)}${pgHere ? ` + PostgreSQL ${per(pgUs)} = ${per(cpu.user + cpu.system + pgUs)}` : ''}`;
  const label = `${name}, ${appliers} applier${appliers > 1 ? 's' : ''}, chunks of ${fmt(chunk)}`;
  if (warmUp) {
    console.log(`  ${`${label}: warm-up, not a figure`.padEnd(46)} ${fmt(rate).padStart(7)} events/s cold, CPU µs per applied event: this process ${per(cpu.user + cpu.system)}; load ${loadAvg()}`);
    return rate;
  }
  const appliersOfApp = database.kind === 'pglite' ? APPLIERS.embedded : APPLIERS.postgres;
  const context = appliers === appliersOfApp ? undefined : `the app runs ${appliersOfApp} on this database`;
  console.log(`  ${label.padEnd(46)} ${fmt(rate).padStart(7)} events/s (${judged({ eventsPerS: rate, context })})   ${fmt(c.processed)} events in ${seconds.toFixed(2)} s; load ${loadAvg()}`);
  console.log(`      CPU µs per applied event: ${cpuText}${database.kind === 'pglite' ? ' (the embedded database included)' : pgHere ? '' : ' (PostgreSQL is not on this machine: its CPU is not counted)'}${others}`);
  console.log(`      check: ${fmt(c.unprocessed)} left, ${fmt(c.dines)} dines, ${fmt(c.sRows)} S rewards (one each), progress = sum of dines: ${c.progressMatches ? 'yes' : 'NO'}; ${c.outcomes}`);
  figures.push({
    database: name, figure: `applying, ${appliers} applier${appliers > 1 ? 's' : ''}`, eventsPerS: rate, cpuUs: cpuText,
    cpuUsTotal: per(cpu.user + cpu.system + pgUs), events: c.processed, load: loadAvg(), ...(context ? { context } : {}),
  });
  return rate;
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
  // Connections to other databases on the same server (someone else's bench) are left out.
  const countPostgres = pgHere && databaseName(database);
  const cpuNote = database.kind === 'pglite' ? ' (the embedded database works in the server process: its CPU is in the server figure)' : pgHere ? '' : ' (PostgreSQL is not on this machine: its CPU is not counted)';
  // 20 connections: each waits for its answer, so the figure is bound by the time to a committed
  // row; 100: enough waiting at once that the CPU of the two cores is the limit (the network's
  // burst). The two routes take turns in 1-second slices (the first of each pair alternating), so
  // that whatever else the machine does in those seconds hits both alike: run one after the
  // other, the bare route alone swung from 13,000 to 23,000 req/s between runs of the same code.
  for (const connections of [20, 100]) {
    const rounds = Math.max(1, Math.round(SECONDS));
    console.log(`\nCard-network receipt, ${rounds} pairs of 1-s slices taking turns with a bare route, ${connections} connections from a second process (${kind}; load ${loadAvg()}${await otherClients(database)})`);
    const before = await countInbox(database.db);
    const turns = await takeTurns(rounds, () => cpuSlice(toBare, { ...bareJob, seconds: 1, connections }, countPostgres), () => cpuSlice(toApp, { ...appJob, seconds: 1, connections }, countPostgres));
    const slices = { bare: turns.a, receipt: turns.b };
    const stored = (await countInbox(database.db)) - before;
    const bareResult = summarise(slices.bare);
    const receipt = summarise(slices.receipt);
    const receiptCpu = cpuPerAnswer(slices.receipt);
    const bareCpu = cpuPerAnswer(slices.bare);
    const cpuLine = (c: CpuPerAnswer) => `server ${c.server} + load generator ${c.generator}${pgHere ? ` + PostgreSQL ${c.postgres}` : ''} = ${c.total}`;
    const failed = receipt.errors + receipt.non2xx;
    console.log(`  received ${fmt(receipt.rps).padStart(7)} events/s (${verdict(receipt.rps)}: target ≥ ${fmt(TARGET_EVENTS_PER_S)})   p50 ${receipt.p50} ms  p97.5 ${receipt.p97_5} ms  errors ${failed}`);
    console.log(`  CPU µs per received event: ${cpuLine(receiptCpu)}${cpuNote}`);
    // The inbox's own count: events stored during the receipt slices (a few answered just after a slice ended count too).
    console.log(`  cross-check: ${fmt(stored)} new inbox rows in ${rounds} 1-s slices = ${fmt(stored / rounds)} events/s, for ${fmt(slices.receipt.reduce((a, r) => a + r.answers, 0))} answers`);
    const pairs = slices.receipt.map((r, i) => r.rps / slices.bare[i]!.rps).sort((a, b) => a - b);
    console.log(`  context: bare Fastify route (same requests) ${fmt(bareResult.rps)} req/s, CPU µs per answer ${cpuLine(bareCpu)}; receipt/bare ${(receipt.rps / bareResult.rps).toFixed(2)} (pairs ${pairs[0]!.toFixed(2)}–${pairs.at(-1)!.toFixed(2)}; no target)`);
    figures.push({
      database: kind, figure: `receipt, ${connections} connections`, eventsPerS: receipt.rps, cpuUs: cpuLine(receiptCpu),
      cpuUsTotal: receiptCpu.total, events: slices.receipt.reduce((a, r) => a + r.answers, 0), errors: failed, load: loadAvg(),
    });
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
  console.log(`\nCard-network events (${fmt(EVENTS)} events over ${fmt(MEMBERS)} members and ${fmt(MERCHANTS)} restaurants; load ${loadAvg()})`);
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

    if (PARTS.has('apply')) console.log(`\nApplying (the engine from a full inbox; target ≥ ${fmt(TARGET_EVENTS_PER_S)} events/s, 5× the researched peak of ${fmt(PEAK_FEED_EVENTS_PER_S)}; PostgreSQL also keeps its earlier budget of ≥ 10,000)`);
    if (PARTS.has('apply') && postgres && pgSetup) {
      // After an untimed warm-up drain (applyBench), the app's setting (engine.ts CHUNK_SIZE and
      // APPLIERS: two loops of 5,000-event chunks), then one loop.
      await applyBench('PostgreSQL', postgres, pgSetup, APPLIERS.postgres, CHUNK_SIZE.postgres, { warmUp: true });
      await applyBench('PostgreSQL', postgres, pgSetup, APPLIERS.postgres, CHUNK_SIZE.postgres);
      await applyBench('PostgreSQL', postgres, pgSetup, 1, CHUNK_SIZE.postgres);
    }
    if (PARTS.has('apply') && embedded && liteSetup) {
      // After an untimed warm-up drain, the app's setting (one loop of 2,000-event chunks), then two loops: the embedded database
      // runs one statement at a time, so the second loop only shows what sharing it costs.
      await applyBench('embedded database', embedded, liteSetup, APPLIERS.embedded, CHUNK_SIZE.embedded, { warmUp: true });
      await applyBench('embedded database', embedded, liteSetup, APPLIERS.embedded, CHUNK_SIZE.embedded);
      await applyBench('embedded database', embedded, liteSetup, 2, CHUNK_SIZE.embedded);
    }

    if (PARTS.has('receipt') && postgres && pgSetup) await receiptBench(postgres, pgSetup, 'PostgreSQL');
    if (PARTS.has('receipt') && embedded && liteSetup) await receiptBench(embedded, liteSetup, 'embedded database');

    console.log(`\nCard-network events against ${fmt(TARGET_EVENTS_PER_S)} events/s (5× the researched peak feed of ${fmt(PEAK_FEED_EVENTS_PER_S)} events/s); load now ${loadAvg()}`);
    for (const f of figures) {
      console.log(`  ${`${f.database}, ${f.figure}`.padEnd(44)} ${fmt(f.eventsPerS).padStart(7)} events/s  ${judged(f).padEnd(7)}  CPU µs per event: ${f.cpuUs}`);
    }
    if (process.env.EVENTS_JSON) {
      writeFileSync(process.env.EVENTS_JSON, JSON.stringify({
        at: new Date().toISOString(), events: EVENTS, seconds: SECONDS, targetEventsPerS: TARGET_EVENTS_PER_S, peakFeedEventsPerS: PEAK_FEED_EVENTS_PER_S,
        postgresSkipped: postgres ? undefined : `not reachable at ${pgUrlForDisplay()}`, figures,
      }, null, 2));
    }
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
