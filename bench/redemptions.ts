/**
 * Redemptions benchmark (issue 28; not a test): prints
 * 1. redeeming: POST /api/Member/Redemptions per second on PostgreSQL from a second process, next
 *    to a bare Fastify route sent the same requests, the two taking turns in 1-second slices of the
 *    same run (as bench/card-events.ts measures the card-network receipt), with each route's CPU
 *    time per answer in this server process, the load generator and PostgreSQL (when it runs on
 *    this machine). BENCH_REDEMPTION_MEMBERS funded members of a cash-back partner (nosh), each
 *    signed in (a session and its anti-forgery token), redeem $5 Tremendous cards, a key of their
 *    own per request; the members are taken in turn, so none redeems more than three times (the
 *    daily limit) and no two requests wait on one member's lock. Checked afterwards: a redemption
 *    and one `redeemed` entry per 201, no balance below zero.
 * 2. sending: gift cards ordered per second by the send job (redemptions-send) from the provider's
 *    simulator (running in this process too), one worker, then two side by side; checked
 *    afterwards (one order per redemption at the provider, each completed).
 *
 *   npm run bench                      (all benchmarks; this one last)
 *   node --import tsx bench/redemptions.ts
 * BENCH_REDEMPTION_MEMBERS (default 8,000), BENCH_SECONDS (pairs of 1-s slices, default 5),
 * BENCH_SEND_ORDERS (gift cards per send figure, default 1,000), BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres: a scratch database is created there and dropped).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { runMigrations, type Database, type Db } from '../src/server/db/client';
import { seed } from '../src/server/demo';
import { hashToken } from '../src/server/lib/token-hash';
import { sendGiftCards, type GiftCardConfig } from '../src/server/modules/redemptions/gift-cards';
import { startGiftCardSimulator } from '../src/server/modules/redemptions/provider/gift-card-simulator';
import { cpuPerAnswer, cpuSlice, loadGenerator, postgresHere, summarise, takeTurns, type CpuPerAnswer } from './load-process';
import type { RedemptionLoadJob, RedemptionLoadResult } from './redemptions-load';
import { pgUrlForDisplay, scratchPostgres } from './scratch-postgres';

const MEMBERS = Number(process.env.BENCH_REDEMPTION_MEMBERS ?? 8_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SEND_ORDERS = Number(process.env.BENCH_SEND_ORDERS ?? 1_000);
const PARTNER = 'nosh';
const HOST = `${PARTNER}.dining.example.com`;
/** $5, the smallest Tremendous card; each member is funded with three of them. */
const AMOUNT_CENTS = 500;
const FUNDS_CENTS = 3 * AMOUNT_CENTS;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Migrated, the partners seeded, MEMBERS members of PARTNER with a card, FUNDS_CENTS in their balance and a session each (their cookie tokens answered). */
async function prepare(database: Database): Promise<{ tokens: string[] }> {
  await runMigrations(database);
  await seed(database.db, { merchantCount: 20, demoMembers: false });
  const db = database.db;
  const [partner] = await rows<{ id: number }>(db, sql`select id from partners where code = ${PARTNER}`);
  // Joined long ago (no new-member hold); the first redemption of each still waits for the team (firstRedemption).
  await db.execute(sql`
    insert into members (partner_id, public_id, email, tier_level, member_type, join_date)
    select ${partner!.id}, 'bench-r-' || g, 'bench-r' || g || '@example.com', 2, 'EnrolledCardMember', '2025-01-01'
    from generate_series(1, ${MEMBERS}) g`);
  await db.execute(sql`
    insert into member_cards (partner_id, member_id, card_type, last_four, description, fingerprint, network_token, created_at)
    select partner_id, id, 'Visa', lpad((id % 10000)::text, 4, '0'), 'Visa', 'bench-r-fp-' || id, 'ntk_bench_r_' || id, '2025-01-01'
    from members where public_id like 'bench-r-%'`);
  // The balance enters as the engine's rewards do: an Awarded reward, its `earned` entry written by the ledger's trigger.
  await db.execute(sql`
    insert into member_rewards (partner_id, member_id, source_code, amount, status, description)
    select partner_id, id, 'B', ${FUNDS_CENTS}, 'Awarded', 'Benchmark funds' from members where public_id like 'bench-r-%'`);
  const members = await rows<{ id: number }>(db, sql`select id from members where public_id like 'bench-r-%' order by id`);
  const tokens = members.map(() => randomBytes(32).toString('base64url'));
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  for (let i = 0; i < members.length; i += 2_000) {
    const part = members.slice(i, i + 2_000).map((m, j) => ({ id: hashToken(tokens[i + j]!), member_id: m.id }));
    await db.execute(sql`insert into sessions (id, partner_id, member_id, expires_at)
      select x.id, ${partner!.id}, x.member_id, ${expires}::timestamptz from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as x(id text, member_id int)`);
  }
  await db.execute(sql`analyze`);
  return { tokens };
}

/** Each member's Cookie header and anti-forgery token, as their browser holds them after GET /api/CSRF. */
async function signedIn(app: Awaited<ReturnType<typeof buildApp>>, tokens: readonly string[]): Promise<Array<{ cookie: string; csrf: string }>> {
  const out: Array<{ cookie: string; csrf: string }> = [];
  for (let i = 0; i < tokens.length; i += 50) {
    out.push(...await Promise.all(tokens.slice(i, i + 50).map(async (token) => {
      const res = await app.inject({ method: 'GET', url: '/api/CSRF', headers: { host: HOST, cookie: `rn_session=${token}` } });
      const binding = res.cookies.find((c) => c.name === 'rn_csrf')!.value;
      return { cookie: `rn_session=${token}; rn_csrf=${binding}`, csrf: res.json<{ csrfToken: string }>().csrfToken };
    })));
  }
  return out;
}

const loader = () => loadGenerator<RedemptionLoadJob, RedemptionLoadResult>('./redemptions-load.ts');

async function redeemBench(database: Database, app: Awaited<ReturnType<typeof buildApp>>, members: Array<{ cookie: string; csrf: string }>) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appPort = (app.server.address() as { port: number }).port;
  const bare = Fastify({ logger: false });
  bare.post('/bare', async (_request, reply) => reply.status(201).send({ redemptionId: 'rd_0', status: 'pending' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const barePort = (bare.server.address() as { port: number }).port;

  const toBare = loader();
  const toApp = loader();
  const common = { host: HOST, amountCents: AMOUNT_CENTS };
  const bareJob = { ...common, url: `http://127.0.0.1:${barePort}/bare` };
  const appJob = { ...common, url: `http://127.0.0.1:${appPort}/api/Member/Redemptions` };
  // Each generator is given the members once and warmed up with its route.
  await toBare.run({ ...bareJob, members, seconds: 2, connections: 20 });
  await toApp.run({ ...appJob, members, seconds: 2, connections: 20 });
  const pgHere = postgresHere(database);
  const count = async () => (await rows<{ n: number; e: number }>(database.db, sql`select (select count(*)::int from redemptions) as n, (select count(*)::int from balance_entries where kind = 'redeemed') as e`))[0]!;
  for (const connections of [20, 100]) {
    const rounds = Math.max(1, Math.round(SECONDS));
    console.log(`\nRedeeming, ${rounds} pairs of 1-s slices taking turns, ${connections} connections from a second process (PostgreSQL)`);
    const before = await count();
    const turns = await takeTurns(rounds, () => cpuSlice(toBare, { ...bareJob, seconds: 1, connections }, pgHere), () => cpuSlice(toApp, { ...appJob, seconds: 1, connections }, pgHere));
    const after = await count();
    const bareResult = summarise(turns.a);
    const redeem = summarise(turns.b);
    const line = (name: string, r: RedemptionLoadResult) =>
      console.log(`  ${name.padEnd(34)} ${fmt(r.rps).padStart(7)} req/s   p50 ${r.p50} ms  p97.5 ${r.p97_5} ms  errors ${r.errors + r.non2xx}`);
    line('bare Fastify route (same requests)', bareResult);
    line('POST /api/Member/Redemptions', redeem);
    const made = turns.b.reduce((a, r) => a + (r.statuses['201'] ?? 0), 0);
    const statuses = new Map<string, number>();
    for (const r of turns.b) for (const [code, n] of Object.entries(r.statuses)) statuses.set(code, (statuses.get(code) ?? 0) + n);
    const pairs = turns.b.map((r, i) => r.rps / turns.a[i]!.rps).sort((a, b) => a - b);
    console.log(`  ratio to bare ${(redeem.rps / bareResult.rps).toFixed(2)} (pairs ${pairs[0]!.toFixed(2)}–${pairs.at(-1)!.toFixed(2)}); target ≥ 500 redemptions/s: ${redeem.rps >= 500 ? 'met' : 'NOT met'}`);
    // A request in flight when a slice ends is answered after it: its redemption is counted here, its answer is not.
    console.log(`  cross-check: ${fmt(after.n - before.n)} new redemptions and ${fmt(after.e - before.e)} redeemed entries for ${fmt(made)} answers 201 within the slices (answers by status: ${[...statuses].map(([c, n]) => `${c} ${fmt(n)}`).join(', ')})`);
    const bareCpu = cpuPerAnswer(turns.a);
    const redeemCpu = cpuPerAnswer(turns.b);
    const cpuLine = (name: string, c: CpuPerAnswer) => `${name} server ${c.server} + load generator ${c.generator}${pgHere ? ` + PostgreSQL ${c.postgres}` : ''} = ${c.total}`;
    console.log(`  CPU µs per answer: ${cpuLine('bare', bareCpu)}; ${cpuLine('redeem', redeemCpu)} (bare/redeem ${(bareCpu.total / redeemCpu.total).toFixed(2)}${pgHere ? '' : '; PostgreSQL is not on this machine: its CPU is not counted'})`);
  }
  const [low] = await rows<{ below: number; most: number }>(database.db, sql`
    select count(*) filter (where cents < 0)::int as below, coalesce(max(n), 0)::int as most from (
      select m.id, coalesce(sum(b.amount_cents), 0) as cents, (select count(*) from redemptions r where r.member_id = m.id) as n
      from members m left join balance_entries b on b.member_id = m.id where m.public_id like 'bench-r-%' group by m.id) x`);
  console.log(`  check: ${low!.below} balances below zero; at most ${low!.most} redemptions for one member`);
  toBare.close();
  toApp.close();
  await bare.close();
}

/** The send job on SEND_ORDERS due gift cards at a time: one worker, then two side by side. */
async function sendBench(database: Database, giftCard: GiftCardConfig, orders: () => number) {
  const db = database.db;
  console.log(`\nSending (the redemptions-send job ordering gift cards from the simulator in this process; ${fmt(SEND_ORDERS)} per figure)`);
  // The first redemption of each member waits for the team: released here in bulk, as supervisors would one by one; all wait until a figure takes them.
  await db.execute(sql`update redemptions set released_at = now(), released_by = 'bench', next_attempt_at = 'infinity' where status = 'pending'`);
  for (const workers of [1, 2]) {
    const due = await rows<{ id: number }>(db, sql`with d as (select id from redemptions where status = 'pending' and next_attempt_at = 'infinity' order by id limit ${SEND_ORDERS})
      update redemptions r set next_attempt_at = now() from d where r.id = d.id returning r.id`);
    if (due.length === 0) break;
    const ordersBefore = orders();
    const t0 = performance.now();
    const results = await Promise.all(Array.from({ length: workers }, () => sendGiftCards(db, giftCard)));
    const seconds = (performance.now() - t0) / 1000;
    const sent = results.reduce((a, r) => a + r.sent, 0);
    const retry = results.reduce((a, r) => a + r.retry, 0);
    console.log(`  ${`${workers} worker${workers > 1 ? 's' : ''}`.padEnd(10)} ${fmt(sent / seconds).padStart(7)} gift cards/s   (${fmt(sent)} ordered in ${seconds.toFixed(2)} s; ${retry} to retry; ${fmt(orders() - ordersBefore)} new orders at the provider)`);
  }
  // Those given to a figure: each completed, each with one order at the provider.
  const [state] = await rows<{ completed: number; open: number }>(db, sql`select count(*) filter (where status = 'completed')::int as completed,
    count(*) filter (where status <> 'completed')::int as open from redemptions where released_by = 'bench' and next_attempt_at <> 'infinity'`);
  console.log(`  check: ${fmt(state!.completed)} completed, ${state!.open} sent and not completed; ${fmt(orders())} orders at the provider in all`);
}

export async function benchRedemptions() {
  console.log(`\nRedemptions (${fmt(MEMBERS)} members of ${PARTNER}, $${(AMOUNT_CENTS / 100).toFixed(2)} Tremendous cards, ${fmt(FUNDS_CENTS / AMOUNT_CENTS)} each at most)`);
  const postgres = await scratchPostgres();
  if (!postgres) {
    console.log(`  PostgreSQL not reachable at ${pgUrlForDisplay()}: skipped`);
    return;
  }
  const sim = await startGiftCardSimulator({ port: 0, apiKey: 'bench-gift-card-key', webhookSecret: 'bench-gift-card-webhook-secret' });
  const giftCard: GiftCardConfig = { source: 'simulator', apiUrl: sim.url, apiKey: 'bench-gift-card-key', webhookSecret: 'bench-gift-card-webhook-secret', fundingSourceId: 'balance' };
  try {
    const t0 = performance.now();
    const { tokens } = await prepare(postgres);
    const dist = path.resolve('dist/client');
    const config = loadConfig(
      { NODE_ENV: 'production', LOG_LEVEL: 'silent', SITE_ORIGIN: 'https://{partner}.dining.example.com', CARD_FRAME_ORIGIN: 'https://cards.dining.example.com', CARD_EVENTS_SECRET: 'bench-card-events-secret-0123456789' },
      { clientDir: existsSync(dist) ? dist : path.resolve('src/server/test/fixtures/client'), giftCard },
    );
    // The per-address limit is lifted (every request comes from one address, as for npm run test:load); the per-member limit stays.
    const app = await buildApp({ config, db: postgres.db, logger: false, rateLimitMax: 100_000_000 });
    await app.cardNetwork.applier.stop();
    const members = await signedIn(app, tokens);
    console.log(`  PostgreSQL scratch database prepared, ${fmt(members.length)} members signed in, in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await redeemBench(postgres, app, members);
    await app.close();
    await sendBench(postgres, giftCard, () => sim.orders().length);
  } finally {
    await sim.close();
    await postgres.drop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  benchRedemptions().then(() => process.exit(0), (err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
