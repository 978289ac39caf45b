/**
 * Page assembly inside the process (issue 30 item 3; not a test): the server time to answer a
 * page's HTML with its first-screen data, for the four pages of the issue (the home page, a
 * search, a restaurant page, Reviews & History signed in), next to a floor: GET /health of the
 * same app (routing, hooks, headers, nothing else). Each page is asked BENCH_PAGES times (default
 * 100) through app.inject after 20 to warm up, as a browser asks (gzip and brotli accepted); the
 * figures are the median and p95 of the wall time and the CPU time of this process per page.
 * Target: the median ≤ 2 ms. On the embedded database (in this process, so its queries count) and
 * on PostgreSQL when it answers (BENCH_PG_URL, a scratch database: production's database, whose
 * work is in its own processes). Each database gets the demo catalogue, members and their year of
 * dining sent through the webhook as `npm start` sends it (since 2026-12-03: before, Reviews &
 * History was measured on members with no rows).
 *
 *   npm run build && npm run bench:pages
 * BENCH_PAGES, BENCH_MERCHANTS (default 2,000 generated restaurants), BENCH_PROFILE=file.cpuprofile
 * (a CPU profile of the measured requests, for chrome://inspect or speedscope), BENCH_ONLY=<part of
 * a page's name> (that page alone, e.g. for its profile), PAGES_JSON (a file to write the figures
 * to, each database's pages with their median and p95 in ms, and the target; bench/targets.ts reads it).
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openMemoryPglite, runMigrations, type Database } from '../src/server/db/client';
import { seed, sendDemoHistory } from '../src/server/demo';
import { demoPublicId } from '../src/server/demo/members';
import { hashToken } from '../src/server/lib/token-hash';
import { MerchantSearch } from '../src/server/modules/merchants/merchants.service';
import { pgUrlForDisplay, scratchPostgres } from './scratch-postgres';

const PAGES = Number(process.env.BENCH_PAGES ?? 100);
const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 2_000);
const TARGET_MS = 2;
const PARTNER = 'hilton';
const HOST = `${PARTNER}.dining.example.com`;
const ms = (n: number) => `${n.toFixed(2)} ms`;

type Figure = { wall50: number; wall95: number; cpu50: number; cpu95: number; bytes: number; status: number };
/** What PAGES_JSON holds: per database, each page's figures (the floor, GET /health, first). */
type Written = { at: string; pages: number; merchants: number; targetMs: number; databases: Array<{ database: 'embedded' | 'postgres'; label: string; pages: Array<{ page: string; floor: boolean } & Figure> }>; postgresSkipped?: string };
const written: Written = { at: new Date().toISOString(), pages: PAGES, merchants: MERCHANTS, targetMs: TARGET_MS, databases: [] };

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

/** The i-th request of a page: its address and cookie (pages of a kind differ: restaurants, places, members). */
type Ask = (i: number) => { url: string; cookie?: string };

async function measure(app: Awaited<ReturnType<typeof buildApp>>, page: Ask): Promise<Figure> {
  const ask = (i: number) => {
    const { url, cookie } = page(i);
    return app.inject({ method: 'GET', url, headers: { host: HOST, accept: 'text/html', 'accept-encoding': 'br, gzip', ...(cookie ? { cookie } : {}) } });
  };
  // Warmed up on other pages of the kind than those measured (a restaurant's detail is not read twice).
  for (let i = 0; i < 20; i++) await ask(PAGES + i);
  const wall: number[] = [];
  const cpu: number[] = [];
  let last = await ask(0);
  for (let i = 0; i < PAGES; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    last = await ask(i);
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { wall50: quantile(wall, 0.5), wall95: quantile(wall, 0.95), cpu50: quantile(cpu, 0.5), cpu95: quantile(cpu, 0.95), bytes: last.rawPayload.length, status: last.statusCode };
}

export async function benchPages() {
  await benchPagesOn('PGlite in memory (the embedded database runs in this process: its time counts)', await openMemoryPglite());
  const postgres = await scratchPostgres();
  if (postgres) {
    try {
      await benchPagesOn('PostgreSQL (a scratch database on this machine: its own CPU is not this process\'s)', postgres);
    } finally {
      await postgres.drop();
    }
  } else {
    console.log(`\n  PostgreSQL not reachable at ${pgUrlForDisplay()}: its figures are left out`);
    written.postgresSkipped = `not reachable at ${pgUrlForDisplay()}`;
  }
  if (process.env.PAGES_JSON) writeFileSync(process.env.PAGES_JSON, JSON.stringify(written, null, 2));
}

async function benchPagesOn(label: string, database: Database) {
  console.log(`\nPage assembly inside the process, ${label}: ${PAGES} pages each after 20 to warm up, ${MERCHANTS.toLocaleString('en-US')} restaurants; target median ≤ ${TARGET_MS} ms`);
  await runMigrations(database);
  await seed(database.db, { merchantCount: MERCHANTS, demoMembers: true });
  const search = new MerchantSearch(database.db);
  await search.refresh();
  const config = loadConfig(
    { NODE_ENV: 'production', LOG_LEVEL: 'silent', SITE_ORIGIN: 'https://{partner}.dining.example.com', CARD_FRAME_ORIGIN: 'https://cards.dining.example.com', CARD_EVENTS_SECRET: 'bench-card-events-secret-0123456789' },
    { clientDir: path.resolve('dist/client') },
  );
  const app = await buildApp({ config, db: database.db, search, rateLimitMax: 1_000_000_000, logger: false });
  // The demo members' year of dining, as `npm start` writes it (through the webhook and the engine):
  // Reviews & History is measured with the rows a member has, not an empty list.
  const history = await sendDemoHistory(app, { db: database.db, secret: config.cardEventsSecret });
  await app.cardNetwork.applier.stop();
  // The partner's demo members, each signed in (a session row each, as sign-in writes it).
  const rows = <T>(query: ReturnType<typeof sql>) => database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);
  const people = await rows<{ id: number; partner_id: number }>(sql`select m.id, m.partner_id from members m join partners p on p.id = m.partner_id
    where p.code = ${PARTNER} and m.public_id like ${`${demoPublicId(PARTNER, '')}%`} and m.member_type <> 'ClosedAccountMember' and m.has_web_profile order by m.id`);
  const cookies: string[] = [];
  for (const person of people) {
    const token = randomBytes(32).toString('base64url');
    await database.db.execute(sql`insert into sessions (id, partner_id, member_id, expires_at) values (${hashToken(token)}, ${person.partner_id}, ${person.id}, now() + interval '1 day')`);
    cookies.push(`rn_session=${token}`);
  }
  const held = (await rows<{ n: number }>(sql`select count(r.id)::int as n from members m left join member_rewards r on r.member_id = m.id
    where m.id in (${sql.join(people.map((p) => sql`${p.id}`), sql`, `)}) group by m.id order by 1`)).map((r) => r.n);
  console.log(`  demo history: ${history.events.toLocaleString('en-US')} card-network events for ${history.members} demo card members in ${(history.ms / 1000).toFixed(1)} s; the ${PARTNER} members' Reviews & History rows: ${held.join(', ')}`);
  const restaurants = (await rows<{ id: number }>(sql`select id from merchants order by id limit ${PAGES + 20}`)).map((r) => r.id);
  const places = ['Chicago, IL', 'New York, NY', 'Los Angeles, CA', 'Houston, TX', 'Denver, CO', 'Nashville, TN', 'Seattle, WA', 'Miami, FL', 'Boston, MA', 'Atlanta, GA'];
  const at = <T>(list: readonly T[], i: number) => list[i % list.length]!;

  // Each kind of page as many visitors ask for it: the home page is the same for all, searches are of
  // ten places, restaurant pages are ${PAGES} different restaurants, Reviews & History is each member's own.
  const pages: Array<[string, Ask]> = [
    ['floor: GET /health (same app)', () => ({ url: '/health' })],
    ['/ (home, a visitor)', () => ({ url: '/' })],
    ['/search (10 places)', (i) => ({ url: `/search?location=${encodeURIComponent(at(places, i))}` })],
    [`/merchants/{id} (${PAGES} restaurants)`, (i) => ({ url: `/merchants/${at(restaurants, i)}` })],
    [`/account/recent_activity (${cookies.length} members)`, (i) => ({ url: '/account/recent_activity', cookie: at(cookies, i) })],
  ];
  const profile = process.env.BENCH_PROFILE;
  const inspector = profile ? new Session() : null;
  if (inspector) {
    inspector.connect();
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.start');
  }
  console.log(`  ${'page'.padEnd(40)} ${'wall p50'.padStart(10)} ${'p95'.padStart(10)}  ${'CPU p50'.padStart(10)} ${'p95'.padStart(10)}  ${'bytes sent'.padStart(10)}`);
  const only = process.env.BENCH_ONLY;
  const rowsOut: Written['databases'][number]['pages'] = [];
  written.databases.push({ database: database.kind === 'pglite' ? 'embedded' : 'postgres', label, pages: rowsOut });
  for (const [name, page] of pages.filter(([n]) => !only || n.includes(only))) {
    const f = await measure(app, page);
    if (f.status !== 200) throw new Error(`${name} answered ${f.status}`);
    const mark = name.startsWith('floor') ? '' : f.wall50 <= TARGET_MS ? '  ✓' : '  ✗';
    rowsOut.push({ page: name, floor: name.startsWith('floor'), ...f });
    console.log(`  ${name.padEnd(40)} ${ms(f.wall50).padStart(10)} ${ms(f.wall95).padStart(10)}  ${ms(f.cpu50).padStart(10)} ${ms(f.cpu95).padStart(10)}  ${f.bytes.toLocaleString('en-US').padStart(10)}${mark}`);
  }
  if (inspector && profile) {
    const { profile: data } = await inspector.post('Profiler.stop');
    writeFileSync(profile, JSON.stringify(data));
    console.log(`  CPU profile: ${profile}`);
  }
  await app.close();
  if (database.kind === 'pglite') await database.close();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  benchPages().then(() => process.exit(0), (err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
