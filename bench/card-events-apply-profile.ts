/**
 * Where the rewards engine's time goes when it applies the inbox (issue 9: profile before
 * optimising). On a scratch PostgreSQL database (the one bench/card-events.ts uses), fills the
 * inbox with BENCH_EVENTS (40,000) events of the realistic feed, drains it with one applier while
 * timing every statement the engine sends (by its text), then prints the statements by total time,
 * the share spent outside the database, and EXPLAIN ANALYZE of the writes, whose foreign-key
 * trigger lines show what each constraint costs.
 *
 *   node --import tsx bench/card-events-apply-profile.ts
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { CHUNK_SIZE, drainInbox } from '../src/server/modules/card-network/engine';
import { feed, prepare } from './card-events';
import { scratchPostgres } from './scratch-postgres';
import { insertInboxEvents } from '../src/server/modules/card-network/card-network.repo';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 40_000);
const CHUNK = Number(process.env.BENCH_CHUNK ?? CHUNK_SIZE.postgres);
type Sample = { text: string; values: unknown[] };
const timings = new Map<string, { calls: number; ms: number }>();
const writes = new Map<string, Sample>();
let recording = false;

// Every pg client's query, timed from the call to its answer (connections made after this line).
const query = pg.Client.prototype.query;
(pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function timed(this: pg.Client, ...args: unknown[]) {
  const config = args[0] as string | { text?: string; values?: unknown[] };
  const text = typeof config === 'string' ? config : config?.text ?? '';
  const key = text.replace(/\s+/g, ' ').trim().slice(0, 110);
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

async function main() {
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
