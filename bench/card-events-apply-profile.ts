/**
 * Where the rewards engine's time goes when it applies the inbox (issue 9: profile before
 * optimising). On a scratch PostgreSQL database (the one bench/card-events.ts uses), fills the
 * inbox with BENCH_EVENTS (40,000) events of the realistic feed, drains it with one applier while
 * timing every statement the engine sends (by its text), then prints the statements by total time,
 * the share spent outside the database, and EXPLAIN ANALYZE of the writes, whose foreign-key
 * trigger lines show what each constraint costs.
 *
 *   node --import tsx bench/card-events-apply-profile.ts
 *
 * BENCH_DB=embedded profiles the embedded database instead (PGlite on files in a scratch folder,
 * chunks of CHUNK_SIZE.embedded): every statement of the chunks' transactions is timed by its text,
 * and the drain's CPU profile (V8's sampler: PGlite runs in this process) is summed by where the
 * code belongs (drizzle, PGlite's JavaScript and its WebAssembly, the engine) and written to
 * BENCH_CPU_PROFILE when set.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { openPglite } from '../src/server/db/client';
import { profile, type CpuProfile } from './cpu-profile';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { CHUNK_SIZE, drainInbox } from '../src/server/modules/card-network/engine';
import { feed, prepare } from './card-events';
import { scratchPostgres } from './scratch-postgres';
import { insertInboxEvents } from '../src/server/modules/card-network/card-network.repo';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 40_000);
const EMBEDDED = process.env.BENCH_DB === 'embedded';
const CHUNK = Number(process.env.BENCH_CHUNK ?? (EMBEDDED ? CHUNK_SIZE.embedded : CHUNK_SIZE.postgres));
type Sample = { text: string; values: unknown[] };
/**
 * A statement's key in the timings: its first 110 characters, and for a statement that starts with
 * the dines' rows (`with x as (select (e->>0)…`, insert and update alike) what follows them.
 */
function statementKey(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const rest = flat.startsWith('with x as (select (e->>0)') ? flat.slice(flat.indexOf(' e), ') + 5) : '';
  return rest ? `with x as (dine rows), ${rest.trim().slice(0, 90)}` : flat.slice(0, 110);
}
const timings = new Map<string, { calls: number; ms: number; at?: number; last?: number }>();
const writes = new Map<string, Sample>();
let recording = false;

// Every pg client's query, timed from the call to its answer (connections made after this line).
const query = pg.Client.prototype.query;
(pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function timed(this: pg.Client, ...args: unknown[]) {
  const config = args[0] as string | { text?: string; values?: unknown[] };
  const text = typeof config === 'string' ? config : config?.text ?? '';
  const key = statementKey(text);
  const values = (typeof config === 'object' ? config.values : undefined) ?? (args[1] as unknown[] | undefined);
  if (recording && values && /^(with x|update|insert)/.test(key) && !writes.has(key)) writes.set(key, { text, values });
  const started = performance.now();
  const result = (query as (...a: unknown[]) => unknown).apply(this, args);
  if (recording && result instanceof Promise) {
    void result.finally(() => {
      const t = timings.get(key) ?? { calls: 0, ms: 0 };
      t.calls += 1;
      t.ms += performance.now() - started;
      timings.set(key, t);
    }).catch(() => undefined);
  }
  return result;
};

/** Self time of a CPU profile by where the code belongs, ms. */
function byPlace(p: CpuProfile): Array<[string, number]> {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const fns = new Map<string, number>();
  for (let i = 0; i < p.samples.length; i++) {
    const node = byId.get(p.samples[i]!)!;
    const { url, functionName: fn } = node.callFrame;
    const place = fn === '(garbage collector)' ? 'garbage collection'
      : fn === '(program)' || fn === '(idle)' ? fn
      : url.startsWith('wasm://') ? 'PGlite WebAssembly (PostgreSQL)'
      : url.includes('@electric-sql/pglite') ? 'PGlite JavaScript'
      : url.includes('drizzle-orm') ? 'drizzle'
      : url.includes('/modules/card-network/') ? 'engine (card-network)'
      : url.includes('/src/shared/') ? 'shared rules and schemas'
      : url.includes('zod') ? 'zod'
      : url.startsWith('node:') || url === '' ? 'Node core / native' : url.includes('node_modules') ? 'other libraries' : 'other';
    const ms = (p.timeDeltas[i] ?? 0) / 1000;
    self.set(place, (self.get(place) ?? 0) + ms);
    const key = `${fn || '(anonymous)'} ${url.split('/').slice(-1)[0]}:${node.callFrame.lineNumber}`;
    fns.set(key, (fns.get(key) ?? 0) + ms);
  }
  console.log('\n  top functions by self time (ms):');
  for (const [k, ms] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${ms.toFixed(0).padStart(7)}  ${k}`);
  return [...self].sort((a, b) => b[1] - a[1]);
}

/** The embedded database: every statement of a transaction timed by its text, and the drain's CPU profile. */
async function embedded() {
  // Each statement is timed by its text from drizzle turning it into SQL to its last protocol
  // exchange with PGlite (query() or the engine's prepared statements, db/client.ts withPreparedStatements).
  let current = '';
  let startedAt = 0;
  const toQuery = PgDialect.prototype.sqlToQuery;
  PgDialect.prototype.sqlToQuery = function timedSqlToQuery(this: PgDialect, ...args: Parameters<typeof toQuery>) {
    const q = toQuery.apply(this, args);
    current = statementKey(q.sql);
    startedAt = performance.now();
    return q;
  } as typeof toQuery;
  const exec = PGlite.prototype.execProtocolStream;
  PGlite.prototype.execProtocolStream = async function timedExec(this: PGlite, ...args: Parameters<typeof exec>) {
    try {
      return await exec.apply(this, args);
    } finally {
      // A simple query (BEGIN, COMMIT: PGlite's exec) is not the statement before it.
      const simple = (args[0] as Uint8Array)[0] === 0x51;
      if (recording && current && !simple) {
        const t = timings.get(current) ?? { calls: 0, ms: 0, at: 0 };
        // Time from the statement's start to the end of its latest exchange.
        if (t.at !== startedAt) t.calls += 1;
        t.ms += performance.now() - Math.max(startedAt, t.last ?? 0);
        t.at = startedAt;
        t.last = performance.now();
        timings.set(current, t);
      }
    }
  } as typeof exec;
  const dir = mkdtempSync(path.join(tmpdir(), 'rn-apply-profile-'));
  const database = await openPglite(dir);
  try {
    const setup = await prepare(database);
    const events = feed({ count: EVENTS, ...setup, prefix: 'profile' });
    for (let i = 0; i < events.length; i += 5000) await insertInboxEvents(database.db, events.slice(i, i + 5000));
    await database.db.execute(sql`analyze`);
    current = '';
    recording = true;
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const { result, profile: p } = await profile(() => drainInbox(database.db, { maxMs: 600_000, limit: CHUNK }), process.env.BENCH_CPU_PROFILE);
    const cpu = process.cpuUsage(cpu0);
    const total = performance.now() - t0;
    recording = false;
    const inDb = [...timings.values()].reduce((s, t) => s + t.ms, 0);
    console.log(`Applying ${result.events.toLocaleString('en-US')} events with one applier on the embedded database, chunks of ${CHUNK}: ${(total / 1000).toFixed(2)} s, ${Math.round((result.events * 1000) / total).toLocaleString('en-US')} events/s, ${Math.round((cpu.user + cpu.system) / result.events)} µs CPU an event`);
    console.log(`  in statements (PGlite's JavaScript and WebAssembly) ${((100 * inDb) / total).toFixed(0)} %, elsewhere ${((100 * (total - inDb)) / total).toFixed(0)} %\n`);
    console.log('  statements by total time (ms, calls, share of the drain):');
    for (const [key, t] of [...timings].sort((a, b) => b[1].ms - a[1].ms).slice(0, 20)) {
      console.log(`  ${t.ms.toFixed(0).padStart(7)} ${String(t.calls).padStart(5)} ${((100 * t.ms) / total).toFixed(1).padStart(5)} %  ${key}`);
    }
    const places = byPlace(p);
    const sampled = places.reduce((s, [, ms]) => s + ms, 0);
    console.log('\n  CPU profile, self time by place (ms, share):');
    for (const [place, ms] of places) console.log(`  ${ms.toFixed(0).padStart(7)} ${((100 * ms) / sampled).toFixed(1).padStart(5)} %  ${place}`);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  if (EMBEDDED) return embedded();
  const database = await scratchPostgres();
  if (!database?.url) {
    console.log('No PostgreSQL answers (BENCH_PG_URL): nothing to profile.');
    return;
  }
  try {
    const setup = await prepare(database);
    const events = feed({ count: EVENTS, ...setup, prefix: 'profile' });
    // As receipt writes them (the event ids' key table and the inbox, decision 0012).
    for (let i = 0; i < events.length; i += 5000) await insertInboxEvents(database.db, events.slice(i, i + 5000));
    await database.db.execute(sql`analyze`);
    recording = true;
    const t0 = performance.now();
    const result = await drainInbox(database.db, { maxMs: 600_000, limit: CHUNK });
    const total = performance.now() - t0;
    recording = false;
    const inDb = [...timings.values()].reduce((s, t) => s + t.ms, 0);
    console.log(`Applying ${result.events.toLocaleString('en-US')} events with one applier: ${(total / 1000).toFixed(2)} s, ${Math.round((result.events * 1000) / total).toLocaleString('en-US')} events/s`);
    console.log(`  waiting on PostgreSQL ${((100 * inDb) / total).toFixed(0)} %, in the engine's JavaScript ${((100 * (total - inDb)) / total).toFixed(0)} %\n`);
    console.log('  statements by total time (ms, calls, share of the drain):');
    for (const [key, t] of [...timings].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15)) {
      console.log(`  ${t.ms.toFixed(0).padStart(7)} ${String(t.calls).padStart(5)} ${((100 * t.ms) / total).toFixed(1).padStart(5)} %  ${key}`);
    }
    // The plans of the writes, run again inside a transaction that is rolled back (a new dine's
    // rows, and a refund's record, are removed first so that its insert can run a second time).
    const client = new pg.Client({ connectionString: database.url });
    client.on('error', () => undefined);
    await client.connect();
    for (const [key, sample] of writes) {
      await client.query('begin');
      if (sample.text.includes('insert into dines')) {
        // Each dine goes as an array of its values (card-network.repo.ts dineRows); the transaction id is the eighth.
        const ids = (JSON.parse(String(sample.values[0])) as unknown[][]).map((r) => String(r[7]));
        await client.query('delete from member_rewards where dine_id in (select id from dines where transaction_id = any($1))', [ids]);
        await client.query('delete from dines where transaction_id = any($1)', [ids]);
      }
      // Refund records and parked refunds are unique per partner and refund transaction id: the same.
      for (const table of ['dine_refunds', 'parked_refunds']) {
        if (!sample.text.includes(`insert into ${table}`)) continue;
        const ids = (JSON.parse(String(sample.values[0])) as Array<{ refund_transaction_id: string }>).map((r) => r.refund_transaction_id);
        await client.query(`delete from ${table} where refund_transaction_id = any($1)`, [ids]);
      }
      const plan = await client.query<{ 'QUERY PLAN': string }>({ text: `explain (analyze) ${sample.text}`, values: sample.values });
      await client.query('rollback');
      const lines = plan.rows.map((r) => r['QUERY PLAN']);
      console.log(`\n  ${key}`);
      for (const line of lines.filter((l) => /^Trigger|^Execution|Insert on|Update on/.test(l.trim()))) console.log(`    ${line.trim()}`);
    }
    await client.end();
  } finally {
    await database.drop();
  }
}

main().then(() => process.exit(0), (err: unknown) => {
  console.error(err);
  process.exit(1);
});
