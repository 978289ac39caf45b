/**
 * `npm run test:replicas` (issue 29 items 3–5): the app beyond one database server, on clusters this
 * script creates on this machine (scripts/replicas/cluster.ts: Debian's PostgreSQL 15, PgBouncer
 * and pg_auto_failover in a temporary folder, ports 55400–55600, run as the postgres user when
 * root) and removes at the end, whatever happens.
 *
 *   replicas  a primary and a streaming replica; the app with DATABASE_URL = primary and
 *             DATABASE_REPLICA_URLS = replica. A signed-in member writes (a favourite added or
 *             removed, a profile field, a booking) and at once reads the view that shows it, 200
 *             rounds, the replica's replay paused for a dozen rounds at a time (it lags but stays
 *             within the bound, so it keeps serving): every read must show the write (stale reads:
 *             must be 0). A second session of the same member reads too, as a control: it may see
 *             a favourite late (read-your-writes is per session), which shows the check can see
 *             staleness. Anonymous reads (search, restaurant pages) and the member's history go on
 *             meanwhile; the replica must have served some (its statement log, and /ready's
 *             `reads`). Then the replica is stopped (immediate): the same reads must still answer
 *             200, and /ready must show it set aside.
 *   pooler    the app with DATABASE_URL = PgBouncer in transaction mode, DATABASE_DIRECT_URL = the
 *             primary: sign-in, favourites, a signed card-network event (applied, one dine), a
 *             booking and the same booking again, reads; no answer may be other than expected;
 *             LISTEN must be on the primary's own address, none through PgBouncer.
 *   failover  a pg_auto_failover monitor, a primary and a synchronous standby; the app (RUN_JOBS
 *             false) and a worker with DATABASE_URL = the formation's URI (`pg_autoctl show uri`:
 *             several hosts, target_session_attrs=read-write; PGUSER names the user, as for
 *             libpq). A load of card-network events, joins, card links and bookings (and reads:
 *             search, restaurant pages, a member's account and history), an unanswered
 *             or 503 event or booking sent again as it was (same id, same Idempotency-Key); the
 *             primary node is killed -9 (keeper and PostgreSQL) mid-load; the monitor promotes the
 *             standby; the load goes on 5 s. Then every acknowledged (2xx) write must be on the new
 *             primary, once (events, their dines and rewards, members, cards, reservations);
 *             answers during the switch may be 503 with Retry-After, never another 5xx, never a
 *             hang (10 s); every scheduled job made due on the new primary runs without error.

 *   npm run test:replicas                     every scenario
 *   npm run test:replicas -- failover         only those named
 *
 * REPLICAS_ROUNDS (200) sets the replicas scenario's rounds, REPLICAS_SEED_MERCHANTS (500) the
 * catalogue the app seeds. Prints one table of figures at the end and exits 1 when a must-be figure
 * is off or a scenario failed. Without pgbouncer or postgresql-15-auto-failover it prints what to
 * install and exits 0, unless REQUIRE_REPLICAS=1 (CI), then 1.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { solveChallenge } from 'altcha-lib/v1';
import { DEV_CARD_EVENTS_SECRET } from '../src/server/config';
import { authEvent, clearingEvent, newTransactionId, signedRequest, type Purchase } from '../src/server/modules/rewards/card-events';
import { merchantLocalDateTime } from '../src/shared/rules/rewards/local-time';
import { encryptCardNumber, withLuhnDigit } from '../src/server/test/cards';
import { killChildren, spawnTs, type Child } from '../src/server/test/child';
import { rawRequest, SiteClient, type SiteAnswer } from '../src/server/test/site-client';
import { withCheckCharacter } from '../src/shared/rules/partner-number';
import type { CardNetworkEvent } from '../src/shared/schemas/rewards';
import { query, startAutoFailover, startReplicaSet, stopAll, toolsMissing, type AutoFailover, type ReplicaSet } from './replicas/cluster';

const DEMO_PASSWORD = 'Dining2026!';
const SECRET = DEV_CARD_EVENTS_SECRET;
const ROUNDS = Number(process.env.REPLICAS_ROUNDS ?? 200);
/** A request unanswered after this long is a hang. */
const HANG_MS = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (line: string) => console.log(`[${((Date.now() - T0) / 1000).toFixed(1).padStart(6)} s] ${line}`);
const T0 = Date.now();

type Figure = { scenario: string; figure: string; value: string | number; must?: string; ok?: boolean };
const figures: Figure[] = [];
const failures: string[] = [];
/** A figure; with `must`, ok says whether it holds (a failed one fails the run). */
function figure(scenario: string, name: string, value: string | number, must?: { text: string; ok: boolean }) {
  figures.push({ scenario, figure: name, value, must: must?.text, ok: must?.ok });
  if (must && !must.ok) failures.push(`${scenario}: ${name} = ${value} (must be ${must.text})`);
}

// ─── the app, as production starts it ───────────────────────────────────────────────────────────

type App = { child: Child; port: number; framePort: number; startedMs: number };

const appEnv = (env: Record<string, string>) => ({
  ...process.env, NODE_ENV: 'development', PORT: '0', HOST: '127.0.0.1', SEED_MERCHANTS: process.env.REPLICAS_SEED_MERCHANTS ?? '500',
  DEMO_HISTORY: 'before-listen', LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1', API_RATE_LIMIT: '1000000', CARD_EVENTS_SECRET: '', RUN_JOBS: 'true',
  DATABASE_REPLICA_URLS: '', DATABASE_DIRECT_URL: '', ...env,
});

async function startApp(env: Record<string, string>): Promise<App> {
  const t0 = Date.now();
  const child = spawnTs('src/server/main.ts', [], { env: appEnv(env) });
  try {
    const ready = await child.waitFor(/^Ready in .* on http:\/\/localhost:\d+/, 180_000);
    const frame = await child.waitFor(/^Card frame: .*\(port \d+\)/, 5_000);
    return { child, port: Number(/localhost:(\d+)/.exec(ready)![1]), framePort: Number(/\(port (\d+)\)/.exec(frame)![1]), startedMs: Date.now() - t0 };
  } catch (err) {
    child.process.kill('SIGKILL');
    throw new Error(`the app did not start: ${err instanceof Error ? err.message.slice(0, 3000) : String(err)}`);
  }
}

async function stopApp(app: App | undefined) {
  if (!app) return;
  app.child.process.kill('SIGTERM');
  const done = await Promise.race([app.child.exited, sleep(10_000).then(() => 'timeout')]);
  if (done === 'timeout') app.child.process.kill('SIGKILL');
  await app.child.exited;
}

/** 5xx lines the app wrote (its error log), for the report. */
const serverErrors = (app: App) => app.child.stdout().split('\n').concat(app.child.stderr().split('\n')).filter((l) => /"level":(50|60)|Error:/.test(l)).slice(0, 5);

// ─── what the scenarios share ───────────────────────────────────────────────────────────────────

type Location = { locationId: string; state: string };
type Slot = { merchantId: number; date: string; time: string };

async function locationsOf(url: string): Promise<Location[]> {
  return query<Location>(url, `select l.location_id as "locationId", m.state from merchant_network_locations l join merchants m on m.id = l.merchant_id
    where m.participating and m.participation_start is null order by l.merchant_id limit 200`);
}

/** The demo card members' network tokens with their e-mails (their cards were linked by the seed). */
async function demoCards(url: string): Promise<Array<{ token: string; email: string; partner: string }>> {
  return query(url, `select c.network_token as token, m.email, p.code as partner from member_cards c join members m on m.id = c.member_id join partners p on p.id = m.partner_id
    where m.public_id like 'demo-%' and m.active order by c.id`);
}

function purchase(token: string, locations: Location[], prefix: string): CardNetworkEvent[] {
  const loc = locations[randomInt(locations.length)]!;
  const at = new Date(Date.now() - randomInt(1, 20) * 3_600_000);
  const p: Purchase = { transactionId: newTransactionId(prefix), cardToken: token, locationId: loc.locationId, localDateTime: merchantLocalDateTime(at, loc.state) };
  const bill = 2500 + randomInt(10_000);
  return [authEvent(p, bill), clearingEvent(p, bill + randomInt(2000))];
}

function postEvent(app: App, event: CardNetworkEvent, timeoutMs = HANG_MS): Promise<SiteAnswer> {
  const { body, headers } = signedRequest(SECRET, event);
  return rawRequest({ port: app.port, method: 'POST', path: '/api/card-network/events', headers: { ...headers, host: 'localhost', 'content-length': String(Buffer.byteLength(body)) }, body, timeoutMs });
}

/** Free slots a member may book: restaurants that take reservations, a few days ahead. */
async function bookableSlots(app: App, url: string, want: number): Promise<Slot[]> {
  const rows = await query<{ id: number }>(url, `select s.merchant_id as id from reservation_settings s join merchants m on m.id = s.merchant_id order by s.merchant_id limit 12`);
  const visitor = new SiteClient({ partner: 'hilton', forwardedFor: '10.77.0.1' });
  const slots: Slot[] = [];
  for (let day = 2; day < 25 && slots.length < want; day++) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    for (const { id } of rows) {
      const res = await visitor.send(app.port, { path: `/api/merchants/${id}/availability?date=${date}&partySize=2` });
      if (res.status !== 200) continue;
      // Slots three hours apart at one restaurant: a member's bookings there may not overlap.
      let last = -1000;
      for (const s of res.json<{ slots: Array<{ time: string }> }>().slots) {
        const minutes = Number(s.time.slice(0, 2)) * 60 + Number(s.time.slice(3, 5));
        if (minutes - last < 180) continue;
        last = minutes;
        slots.push({ merchantId: id, date, time: s.time });
      }
    }
  }
  return slots;
}

async function signedIn(app: App, partner: string, email: string, address: string): Promise<SiteClient> {
  const browser = new SiteClient({ partner, forwardedFor: address, timeoutMs: HANG_MS });
  const res = await browser.signIn(app.port, email, DEMO_PASSWORD);
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${res.body.slice(0, 200)}`);
  return browser;
}

/** /ready's read figures (src/server/db/replicas.ts ReadStats; present with replicas only). */
type ReadStats = {
  replicas: Array<{ name: string; up: boolean; replayed: string | null; lagMs: number; reads: number; problem?: string }>;
  primaryReads: number;
  ownWriteReads: number;
  retriedOnPrimary: number;
};

async function readStats(app: App): Promise<{ status: number; reads?: ReadStats }> {
  const res = await new SiteClient({ partner: 'hilton' }).send(app.port, { path: '/ready' });
  try {
    return { status: res.status, reads: res.json<{ reads?: ReadStats }>().reads };
  } catch {
    return { status: res.status };
  }
}

// ─── 1. reads on a replica, a member's own writes read back ─────────────────────────────────────

async function replicasScenario(set: ReplicaSet) {
  const S = 'replicas';
  const app = await startApp({ DATABASE_URL: set.primaryUrl, DATABASE_REPLICA_URLS: set.replicaUrl, DATABASE_REPLICA_MAX_LAG_MS: '2000' });
  try {
    log(`${S}: app on ${app.port} (primary ${set.ports.primary}, replica ${set.ports.replica}), first start ${(app.startedMs / 1000).toFixed(1)} s`);
    const statementsBefore = set.replicaStatements();
    const merchantsIds = (await query<{ id: number }>(set.primaryUrl, 'select id from merchants where participating order by id limit 40')).map((r) => r.id);
    const slots = await bookableSlots(app, set.primaryUrl, 30);
    const member = await signedIn(app, 'hilton', 'select.card@hilton.example.com', '10.60.0.1');
    const anonymous = new SiteClient({ partner: 'hilton', forwardedFor: '10.60.0.2', timeoutMs: HANG_MS });
    const profile = (await member.send(app.port, { path: '/api/Member' })).json<{ firstName: string; lastName: string; address: Record<string, string>; phoneNumber: string; smsOptIn: boolean; emailOptIn: boolean }>();

    let stale = 0;
    let errors = 0;
    const errorLines: string[] = [];
    const expect = (what: string, res: SiteAnswer, ok: number[]) => {
      if (ok.includes(res.status)) return true;
      errors++;
      if (errorLines.length < 5) errorLines.push(`${what} ${res.status} ${res.body.slice(0, 120)}`);
      return false;
    };
    // A control: the same member signed in on another device. Read-your-writes is per session, so
    // while the replica's replay is paused that device may see the favourite late; if it never
    // does, the replica was not serving during the pause and the stale count above proves little.
    const otherDevice = await signedIn(app, 'hilton', 'select.card@hilton.example.com', '10.60.0.3');
    let otherDeviceStale = 0;
    const favourites = async (browser = member) => (await browser.send(app.port, { path: '/api/Member/Favorites' })).json<{ favorites: Array<{ merchant: { id: number } }> }>().favorites.map((f) => f.merchant.id);
    let booked = 0;
    const started = Date.now();
    let maxLagSeen = 0;
    // The replica made to fall behind now and then: its replay paused for a dozen rounds (about a
    // quarter of a second, well inside the lag bound, so it keeps serving). A member's read after
    // their own write must then not come from it.
    const replay = (what: 'pause' | 'resume') => query(set.replicaUrl, `select pg_wal_replay_${what}()`);
    let pausedRounds = 0;
    let paused = false;
    for (let round = 0; round < ROUNDS; round++) {
      if (round % 25 === 5 && !paused) { await replay('pause'); paused = true; }
      if (round % 25 === 17 && paused) { await replay('resume'); paused = false; }
      if (paused) pausedRounds++;
      if (round % 5 === 0) {
        const r = await readStats(app);
        maxLagSeen = Math.max(maxLagSeen, ...(r.reads?.replicas.map((x) => x.lagMs) ?? [0]));
      }
      const kind = round % 4;
      if (kind === 0 || kind === 1) {
        const id = merchantsIds[Math.floor(round / 2) % merchantsIds.length]!;
        const add = kind === 0;
        const w = await member.send(app.port, { method: add ? 'PUT' : 'DELETE', path: `/api/Member/Favorites/${id}` });
        if (!expect('favourite', w, [200, 201])) continue;
        if ((await favourites()).includes(id) !== add) stale++;
        if (paused && (await favourites(otherDevice)).includes(id) !== add) otherDeviceStale++;
      } else if (kind === 2) {
        const lastName = `Replica${round}`;
        const w = await member.send(app.port, { method: 'PUT', path: '/api/Member', body: { firstName: profile.firstName, lastName, ...profile.address, phoneNumber: profile.phoneNumber, smsOptIn: profile.smsOptIn, emailOptIn: profile.emailOptIn } });
        if (!expect('profile', w, [200])) continue;
        const r = await member.send(app.port, { path: '/api/Member' });
        if (expect('profile read', r, [200]) && r.json<{ lastName: string }>().lastName !== lastName) stale++;
      } else if (booked < slots.length && booked < 15) {
        const slot = slots[booked++]!;
        const w = await member.send(app.port, { method: 'POST', path: '/api/Member/Reservations', body: { ...slot, partySize: 2, hold: false }, headers: { 'idempotency-key': randomUUID() } });
        if (!expect('booking', w, [201, 409])) continue;
        if (w.status === 201) {
          const id = w.json<{ id: number }>().id;
          const r = await member.send(app.port, { path: '/api/Member/Reservations' });
          if (expect('reservations read', r, [200]) && !r.json<{ reservations: Array<{ id: number }> }>().reservations.some((x) => x.id === id)) stale++;
        }
      }
      // What others read meanwhile, and the member's history: the replica's work.
      expect('search', await anonymous.send(app.port, { path: `/api/v2/Merchants/Search?location=10001&restaurantOrCuisine=${['pizza', 'sushi', 'grill', 'cafe'][round % 4]}` }), [200]);
      expect('restaurant', await anonymous.send(app.port, { path: `/api/merchants/${merchantsIds[round % merchantsIds.length]}` }), [200]);
      if (round % 5 === 0) {
        expect('history', await member.send(app.port, { path: '/api/Member/Transactions' }), [200]);
        expect('summary', await member.send(app.port, { path: '/api/Member/DineSummary' }), [200]);
      }
    }
    if (paused) await replay('resume');
    const loopMs = Date.now() - started;
    const replicaServed = set.replicaStatements() - statementsBefore;
    const lagBytes = await set.replicaLagBytes();
    const ready = await readStats(app);
    const replicaReads = ready.reads?.replicas.reduce((n, r) => n + r.reads, 0);
    const lagMs = ready.reads ? Math.max(0, ...ready.reads.replicas.map((r) => r.lagMs)) : undefined;
    maxLagSeen = Math.max(maxLagSeen, lagMs ?? 0);
    log(`${S}: ${ROUNDS} rounds in ${(loopMs / 1000).toFixed(1)} s; /ready ${ready.status} reads: ${JSON.stringify(ready.reads)}`);
    figure(S, `member's reads right after their own write (${ROUNDS} rounds, ${booked} bookings)`, `${ROUNDS} rounds`);
    figure(S, 'rounds with the replica\'s replay paused (it lags, still within the bound)', pausedRounds);
    figure(S, 'stale reads after the member\'s own write', stale, { text: '0', ok: stale === 0 });
    figure(S, 'control: the same member\'s other session saw the favourite late (allowed)', otherDeviceStale);
    figure(S, 'error answers during the rounds', errors, { text: '0', ok: errors === 0 });
    if (errorLines.length) log(`${S}: errors: ${errorLines.join(' | ')}`);
    figure(S, 'statements the replica ran for the app (its log)', replicaServed, { text: '> 0', ok: replicaServed > 0 });
    figure(S, 'reads served by the replica (/ready)', replicaReads ?? 'not reported', { text: '> 0', ok: (replicaReads ?? 0) > 0 });
    figure(S, 'reads served by the primary (/ready; for own writes)', ready.reads ? `${ready.reads.primaryReads} (${ready.reads.ownWriteReads})` : 'not reported');
    figure(S, 'replica lag at the end (/ready, ms)', lagMs ?? 'not reported');
    figure(S, 'replica lag at the end (WAL bytes not replayed)', lagBytes ?? 'unknown');
    figure(S, 'replica lag, most seen during the rounds (ms)', maxLagSeen);

    // The replica fails: reads go on, from the primary.
    await set.stopReplica();
    const stoppedAt = Date.now();
    const after: number[] = [];
    let slowest = 0;
    for (let i = 0; i < 20; i++) {
      for (const path of ['/api/v2/Merchants/Search?location=10001&restaurantOrCuisine=pizza', `/api/merchants/${merchantsIds[i]}`]) {
        const t = Date.now();
        after.push((await anonymous.send(app.port, { path }).catch(() => ({ status: 0 }) as SiteAnswer)).status);
        slowest = Math.max(slowest, Date.now() - t);
      }
      for (const path of ['/api/Member/Favorites', '/api/Member/Transactions', '/api/Member']) {
        const t = Date.now();
        after.push((await member.send(app.port, { path }).catch(() => ({ status: 0 }) as SiteAnswer)).status);
        slowest = Math.max(slowest, Date.now() - t);
      }
    }
    const failed = after.filter((s) => s !== 200);
    const down = await readStats(app);
    const replicaState = down.reads?.replicas[0];
    log(`${S}: /ready with the replica down: ${JSON.stringify(down.reads)}`);
    figure(S, '/ready with the replica down: replica set aside; reads on the primary since', replicaState ? `${replicaState.up ? 'NOT set aside' : 'set aside'}; ${down.reads!.primaryReads - (ready.reads?.primaryReads ?? 0)}` : 'not reported', { text: 'set aside; > 0', ok: replicaState !== undefined && !replicaState.up && down.reads!.primaryReads > (ready.reads?.primaryReads ?? 0) });
    log(`${S}: replica stopped; ${after.length} reads in ${((Date.now() - stoppedAt) / 1000).toFixed(1)} s, statuses ${[...new Set(after)].join(', ')}`);
    figure(S, `reads not answered 200 with the replica down (of ${after.length})`, failed.length ? `${failed.length} (${[...new Set(failed)].join(', ')})` : 0, { text: '0', ok: failed.length === 0 });
    figure(S, 'slowest read with the replica down (ms)', slowest);
  } finally {
    await stopApp(app);
  }
}

// ─── 2. through PgBouncer in transaction mode ───────────────────────────────────────────────────

async function poolerScenario(set: ReplicaSet) {
  const S = 'pooler';
  const app = await startApp({ DATABASE_URL: set.poolerUrl, DATABASE_DIRECT_URL: set.primaryUrl });
  try {
    log(`${S}: app on ${app.port} through PgBouncer ${set.ports.pooler} (direct: ${set.ports.primary}), start ${(app.startedMs / 1000).toFixed(1)} s`);
    const statuses: string[] = [];
    const bad: string[] = [];
    const check = (what: string, res: SiteAnswer, ok: number[]) => {
      statuses.push(`${what} ${res.status}`);
      if (!ok.includes(res.status)) bad.push(`${what} ${res.status} ${res.body.slice(0, 160)}`);
      return ok.includes(res.status);
    };
    const member = await signedIn(app, 'hilton', 'vip.card@hilton.example.com', '10.61.0.1');
    statuses.push('sign-in 200');
    const merchantId = (await query<{ id: number }>(set.primaryUrl, 'select id from merchants where participating order by id desc limit 1'))[0]!.id;
    for (let i = 0; i < 5; i++) {
      check('favourite', await member.send(app.port, { method: i % 2 ? 'DELETE' : 'PUT', path: `/api/Member/Favorites/${merchantId}` }), [200, 201]);
      check('favourites', await member.send(app.port, { path: '/api/Member/Favorites' }), [200]);
    }
    const card = (await demoCards(set.primaryUrl)).find((c) => c.email === 'vip.card@hilton.example.com')!;
    const events = purchase(card.token, await locationsOf(set.primaryUrl), 'pgb');
    for (const e of events) check('card-network event', await postEvent(app, e), [200]);
    const txn = (events[0] as { transactionId: string }).transactionId;
    let applied = false;
    for (let i = 0; i < 60 && !applied; i++) {
      const [row] = await query<{ n: number }>(set.primaryUrl, `select count(*)::int as n from card_network_inbox where event_id = any($1) and processed_at is not null and outcome = 'applied'`, [events.map((e) => e.id)]);
      applied = row!.n === events.length;
      if (!applied) await sleep(250);
    }
    const [dine] = await query<{ n: number }>(set.primaryUrl, 'select count(*)::int as n from dines where transaction_id = $1', [txn]);
    const slot = (await bookableSlots(app, set.primaryUrl, 1))[0];
    if (slot) {
      const key = randomUUID();
      const body = { ...slot, partySize: 2, hold: false };
      check('booking', await member.send(app.port, { method: 'POST', path: '/api/Member/Reservations', body, headers: { 'idempotency-key': key } }), [201]);
      check('booking again (same key)', await member.send(app.port, { method: 'POST', path: '/api/Member/Reservations', body, headers: { 'idempotency-key': key } }), [200, 201]);
    } else bad.push('no bookable slot found');
    check('reservations', await member.send(app.port, { path: '/api/Member/Reservations' }), [200]);
    check('history', await member.send(app.port, { path: '/api/Member/Transactions' }), [200]);
    check('search', await member.send(app.port, { path: '/api/v2/Merchants/Search?location=10001&restaurantOrCuisine=pizza' }), [200]);
    check('ready', await member.send(app.port, { path: '/ready' }), [200]);
    // LISTEN (search index, content, partner settings) on the primary's own address, none through PgBouncer:
    // a listening backend whose client port is one of PgBouncer's server connections came through it.
    const servers = await query<{ local_port: number | string }>(set.poolerUrl.replace(/\/app$/, '/pgbouncer'), 'SHOW SERVERS').catch(() => []);
    const pooled = new Set(servers.map((r) => Number(r.local_port)));
    const listeners = await query<{ port: number; q: string }>(set.primaryUrl, `select client_port as port, query as q from pg_stat_activity where datname = 'app' and query ilike 'listen %'`);
    const listenPooled = listeners.filter((l) => pooled.has(l.port)).length;
    figure(S, 'LISTEN sessions on the primary: direct / through PgBouncer', `${listeners.length - listenPooled} / ${listenPooled}`, { text: '> 0 / 0', ok: listeners.length - listenPooled > 0 && listenPooled === 0 });
    // PgBouncer's own count: the app's transactions went through it.
    const stats = await query<{ database: string; total_xact_count: string }>(set.poolerUrl.replace(/\/app$/, '/pgbouncer'), 'SHOW STATS').catch(() => []);
    const through = Number(stats.find((s) => s.database === 'app')?.total_xact_count ?? 0);
    log(`${S}: ${statuses.length} calls; ${bad.length ? `not as expected: ${bad.join(' | ')}` : 'all as expected'}`);
    if (bad.length) for (const l of serverErrors(app)) log(`${S}: app: ${l.slice(0, 300)}`);
    figure(S, 'calls not answered as expected (sign-in, favourites, event, booking, reads)', bad.length, { text: '0', ok: bad.length === 0 });
    figure(S, 'card-network events applied (of 2), dine rows', `${applied ? 2 : 'not all'}, ${dine!.n}`, { text: '2, 1', ok: applied && dine!.n === 1 });
    figure(S, 'transactions through PgBouncer', through, { text: '> 0', ok: through > 0 });
  } finally {
    await stopApp(app);
  }
}

// ─── 3. failover under load ─────────────────────────────────────────────────────────────────────

/** Partners whose members sign in with a password (docs/demo-members.md). */
const DIRECT_PARTNERS = ['american', 'caesars', 'choice', 'hilton', 'ihg', 'jetblue', 'nosh', 'southwest'];

type Acks = { events: string[]; transactions: string[]; joins: string[]; cards: number[]; bookings: number[] };

async function failoverScenario(formation: AutoFailover) {
  const S = 'failover';
  // The orchestrator's URI names no user: as with libpq, PGUSER gives it.
  const env = { DATABASE_URL: formation.formationUri, PGUSER: 'postgres', RUN_JOBS: 'false' };
  const app = await startApp(env);
  // The scheduled jobs in a worker of their own (npm run worker), on the same URI.
  const worker = spawnTs('src/server/worker.ts', [], { env: appEnv(env) });
  const ack: Acks = { events: [], transactions: [], joins: [], cards: [], bookings: [] };
  /** When each write was acknowledged (ms), to count those just before the kill. */
  const ackTimes: number[] = [];
  const acked = () => ackTimes.push(Date.now());
  let resentDuplicates = 0;
  const answers = { ok: 0, unavailable: 0, unavailableWithoutRetryAfter: 0, serverErrors: 0, hangs: 0, refused: 0, other: 0, sent: 0 };
  const samples: string[] = [];
  let slowest = 0;
  try {
    await worker.waitFor(/^Worker running the scheduled jobs/, 60_000);
    const first = (await formation.primary())!;
    log(`${S}: app on ${app.port} with DATABASE_URL=${formation.formationUri}, start ${(app.startedMs / 1000).toFixed(1)} s`);
    const locations = await locationsOf(first.url);
    const cards = await demoCards(first.url);
    const slots = await bookableSlots(app, first.url, 150);
    const bookerEmails = [...new Set(cards.filter((c) => /^(select|vip)\.card@/.test(c.email) && DIRECT_PARTNERS.includes(c.partner)).map((c) => `${c.partner}|${c.email}`))].slice(0, 8);
    const bookers = await Promise.all(bookerEmails.map((pe, i) => { const [partner, email] = pe.split('|') as [string, string]; return signedIn(app, partner, email, `10.62.0.${i + 1}`); }));
    log(`${S}: ${cards.length} demo cards, ${locations.length} locations, ${slots.length} free slots, ${bookers.length} members booking`);

    /** One call: its answer classified; undefined when not answered (refused, reset, hung). */
    const call = async (what: string, fn: () => Promise<SiteAnswer>): Promise<SiteAnswer | undefined> => {
      answers.sent++;
      const t = Date.now();
      try {
        const res = await fn();
        slowest = Math.max(slowest, Date.now() - t);
        if (res.status >= 200 && res.status < 300) answers.ok++;
        else if (res.status === 503) {
          answers.unavailable++;
          if (!(Number(res.headers['retry-after']) > 0)) answers.unavailableWithoutRetryAfter++;
        } else if (res.status >= 500) {
          answers.serverErrors++;
          if (samples.length < 8) samples.push(`${what} ${res.status} ${res.body.slice(0, 160)}`);
        } else answers.other++;
        return res;
      } catch (err) {
        if (Date.now() - t >= HANG_MS - 100) answers.hangs++;
        else answers.refused++;
        if (samples.length < 8) samples.push(`${what}: ${err instanceof Error ? err.message : String(err)}`);
        return undefined;
      }
    };
    const live = { on: true };
    const retryPause = (res: SiteAnswer | undefined) => sleep(res?.status === 503 ? Math.min(1000, 1000 * Number(res.headers['retry-after'] ?? 1)) / 4 : 250);

    // The card network: purchases on the demo cards; an unacknowledged event is sent again, same id.
    const network = async () => {
      while (live.on) {
        const card = cards[randomInt(cards.length)]!;
        for (const event of purchase(card.token, locations, 'fo')) {
          for (let attempt = 0; attempt < 40; attempt++) {
            const res = await call('event', () => postEvent(app, event));
            if (res?.status === 200) {
              ack.events.push(event.id);
              acked();
              // Sent again after an unanswered or 503 try, and the first one had been kept: said so, not applied twice.
              if (attempt > 0 && res.json<{ duplicate?: boolean }>().duplicate) resentDuplicates++;
              ack.transactions.push((event as { transactionId: string }).transactionId);
              break;
            }
            if (!live.on && attempt > 3) break;
            await retryPause(res);
          }
        }
      }
    };
    // Visitors join, then link a card.
    let seq = 0;
    const joiner = async () => {
      while (live.on) {
        const browser = new SiteClient({ partner: 'hilton', forwardedFor: `10.63.${(++seq >> 8) & 255}.${seq & 255}`, timeoutMs: HANG_MS });
        const email = `failover-${randomBytes(6).toString('hex')}@example.com`;
        const partnerNumber = withCheckCharacter(randomBytes(6).toString('hex').toUpperCase().replace(/[^A-Z0-9]/g, 'A').slice(0, 6));
        // The anti-forgery token as a call of its own (SiteClient would fetch it and throw on a 503).
        const csrf = await call('csrf', () => browser.send(app.port, { path: '/api/CSRF' }));
        if (csrf?.status !== 200) { await retryPause(csrf); continue; }
        browser.token = csrf.json<{ csrfToken: string }>().csrfToken;
        const joined = await call('join', () => browser.send(app.port, {
          method: 'POST', path: '/api/Members/Prospects',
          body: { email, password: 'Failover-2026-pass', passwordConfirm: 'Failover-2026-pass', firstName: 'Fail', lastName: 'Over', address1: '1 Main St', city: 'New York', state: 'NY', zipCode: '10001', partnerNumber, emailOptIn: true },
        }));
        if (joined?.status !== 201) { await retryPause(joined); continue; }
        ack.joins.push(email);
        acked();
        browser.token = joined.json<{ csrfToken: string }>().csrfToken;
        const id = await linkCard(app, browser, call);
        if (id !== undefined) {
          ack.cards.push(id);
          acked();
        }
      }
    };
    // Members book tables; an unacknowledged booking is sent again with the same Idempotency-Key.
    let nextSlot = 0;
    const booker = async (b: number) => {
      while (live.on && nextSlot < slots.length) {
        const slot = slots[nextSlot++]!;
        const member = bookers[(b + nextSlot) % bookers.length]!;
        const key = randomUUID();
        for (let attempt = 0; attempt < 40; attempt++) {
          const res = await call('booking', () => member.send(app.port, { method: 'POST', path: '/api/Member/Reservations', body: { ...slot, partySize: 2, hold: false }, headers: { 'idempotency-key': key } }));
          if (res && (res.status === 201 || res.status === 200)) { ack.bookings.push(res.json<{ id: number }>().id); acked(); break; }
          if (res && res.status < 500) break; // refused (slot gone, limits): not a write
          if (!live.on && attempt > 3) break;
          await retryPause(res);
        }
        // A few bookings a second: the slots (and each member's 20 per 10 minutes) last past the kill.
        await sleep(400);
      }
    };

    // Reads go on too: a visitor's search and restaurant pages, a member's account and history.
    const reader = async () => {
      const visitor = new SiteClient({ partner: 'hilton', forwardedFor: '10.64.0.1', timeoutMs: HANG_MS });
      const member = bookers[0]!;
      for (let i = 0; live.on; i++) {
        const paths = ['/api/v2/Merchants/Search?location=10001&restaurantOrCuisine=pizza', `/api/merchants/${slots[i % slots.length]!.merchantId}`];
        for (const path of paths) await call('read', () => visitor.send(app.port, { path }));
        for (const path of ['/api/Member', '/api/Member/Transactions']) await call('member read', () => member.send(app.port, { path }));
        await sleep(100);
      }
    };
    const load = [network(), network(), joiner(), joiner(), booker(0), booker(1), reader()];
    await sleep(6000);
    const before = { ...answers };
    const killed = await formation.killPrimary();
    log(`${S}: killed -9 ${killed.node.name} (port ${killed.node.port}), keeper and PostgreSQL, after ${ack.events.length} events, ${ack.joins.length} joins, ${ack.cards.length} cards, ${ack.bookings.length} bookings acknowledged`);
    let promoted: { node: { name: string; url: string; port: number }; ms: number } | undefined;
    try {
      promoted = await formation.waitForPromotion(killed.node, 60_000);
      log(`${S}: ${promoted.node.name} promoted ${(promoted.ms / 1000).toFixed(1)} s after the kill`);
    } catch (err) {
      failures.push(`${S}: no promotion: ${err instanceof Error ? err.message : String(err)}`);
    }
    // The app finds the new primary: the first acknowledged write after the kill.
    const acksAtKill = ack.events.length + ack.joins.length + ack.bookings.length;
    let resumedMs: number | undefined;
    const watchStart = Date.now();
    while (Date.now() - watchStart < 60_000) {
      if (ack.events.length + ack.joins.length + ack.bookings.length > acksAtKill + 3) { resumedMs = Date.now() - killed.at; break; }
      await sleep(100);
    }
    await sleep(5000);
    live.on = false;
    await Promise.all(load);
    const during = { unavailable: answers.unavailable - before.unavailable, serverErrors: answers.serverErrors - before.serverErrors };
    log(`${S}: load stopped: ${answers.sent} calls; acknowledged ${ack.events.length} events, ${ack.joins.length} joins, ${ack.cards.length} cards, ${ack.bookings.length} bookings`);

    // The verdict, on the new primary.
    let lost = { events: 0, joins: 0, cards: 0, bookings: 0 };
    let duplicates = { events: 0, dines: 0, rewards: 0, joins: 0, bookings: 0 };
    let unprocessed = 0;
    let jobsOpen = -1;
    let jobsStuck: string[] = [];
    let jobErrors: string[] = [];
    if (promoted) {
      const url = promoted.node.url;
      for (let i = 0; i < 120; i++) {
        unprocessed = (await query<{ n: number }>(url, 'select count(*)::int as n from card_network_inbox where event_id = any($1) and processed_at is null', [ack.events]))[0]!.n;
        if (unprocessed === 0) break;
        await sleep(250);
      }
      // The runs the switch cut keep their leases until the worker, at its first tick on the new
      // primary, writes their ends (with their errors): wait for that, so that what follows are new runs.
      for (let i = 0; i < 120; i++) {
        const [leased] = await query<{ n: number }>(url, 'select count(*)::int as n from scheduled_jobs where locked_until > now()');
        if (leased!.n === 0) break;
        await sleep(250);
      }
      // The worker's jobs on the new primary: every job made due runs once more (started after the mark), without an error.
      const [mark] = await query<{ t: string }>(url, 'update scheduled_jobs set next_run_at = now() returning now()::text as t');
      for (let i = 0; i < 160; i++) {
        const [open] = await query<{ n: number }>(url, `select count(*)::int as n from scheduled_jobs where last_started_at is null or last_started_at < $1::timestamptz
          or last_finished_at is null or last_finished_at < last_started_at or locked_until is not null`, [mark!.t]);
        jobsOpen = open!.n;
        if (jobsOpen === 0) break;
        await sleep(250);
      }
      jobErrors = (await query<{ name: string; last_error: string }>(url, 'select name, last_error from scheduled_jobs where last_error is not null')).map((r) => `${r.name}: ${r.last_error.slice(0, 100)}`);
      if (jobsOpen > 0) {
        const open = await query<{ name: string; locked: string | null; started: string | null; now: string }>(url, `select name, to_char(locked_until, 'HH24:MI:SS') as locked,
          to_char(last_started_at, 'HH24:MI:SS') as started, to_char(now(), 'HH24:MI:SS') as now from scheduled_jobs
          where last_started_at is null or last_started_at < $1::timestamptz or last_finished_at is null or last_finished_at < last_started_at or locked_until is not null`, [mark!.t]);
        jobsStuck = open.map((j) => `${j.name} (leased until ${j.locked}, taken ${j.started}, now ${j.now})`);
        log(`${S}: jobs not run after being made due: ${JSON.stringify(open)}`);
        const lines = `${worker.stdout()}\n${worker.stderr()}`.split('\n').filter((l) => /failed|error/i.test(l));
        log(`${S}: the worker's errors: ${lines.slice(-6).join(' | ').slice(0, 1500)}`);
      }
      const counts = async (sql: string, values: unknown[]) => new Map((await query<{ k: string; n: number }>(url, sql, values, 15_000)).map((r) => [String(r.k), r.n]));
      const events = await counts('select event_id as k, count(*)::int as n from card_network_inbox where event_id = any($1) group by 1', [ack.events]);
      const members = await counts('select lower(email) as k, count(*)::int as n from members where lower(email) = any($1) group by 1', [ack.joins]);
      const cardRows = await counts('select id::text as k, count(*)::int as n from member_cards where id = any($1) group by 1', [ack.cards]);
      const bookingRows = await counts('select id::text as k, count(*)::int as n from reservations where id = any($1) group by 1', [ack.bookings]);
      const dines = await counts(`select transaction_id as k, count(*)::int as n from dines where transaction_id = any($1) group by 1`, [[...new Set(ack.transactions)]]);
      lost = {
        events: ack.events.filter((id) => !events.has(id)).length,
        joins: ack.joins.filter((e) => !members.has(e.toLowerCase())).length,
        cards: ack.cards.filter((id) => !cardRows.has(String(id))).length,
        bookings: ack.bookings.filter((id) => !bookingRows.has(String(id))).length,
      };
      const over = (m: Map<string, number>) => [...m.values()].filter((n) => n > 1).length;
      const [rewards] = await query<{ n: number }>(url, `select (count(*) - count(distinct dine_id))::int as n from member_rewards where source_code = 'S'`);
      // A booking sent again (same Idempotency-Key) must answer the same reservation, not make a second one.
      const [twice] = await query<{ n: number }>(url, `select count(*)::int as n from (select member_id, merchant_id, local_date, local_time from reservations
        where status in ('held', 'booked') group by 1, 2, 3, 4 having count(*) > 1) d`);
      duplicates = { events: over(events), dines: over(dines), rewards: rewards!.n, joins: over(members), bookings: twice!.n };
    }
    const lostTotal = lost.events + lost.joins + lost.cards + lost.bookings;
    const dupTotal = duplicates.events + duplicates.dines + duplicates.rewards + duplicates.joins + duplicates.bookings;
    if (samples.length) log(`${S}: samples: ${samples.join(' | ')}`);
    const r = formation.replication;
    figure(S, 'replication before the kill', `synchronous_standby_names '${r.synchronousStandbyNames}', synchronous_commit ${r.synchronousCommit}, standby ${r.syncState}`);
    figure(S, 'acknowledged writes', `${ack.events.length} events, ${ack.joins.length} joins, ${ack.cards.length} cards, ${ack.bookings.length} bookings`, { text: 'some of each', ok: ack.events.length > 0 && ack.joins.length > 0 && ack.cards.length > 0 && ack.bookings.length > 0 });
    figure(S, 'time to promotion (kill → new primary accepts writes)', promoted ? `${(promoted.ms / 1000).toFixed(1)} s` : 'none', { text: '< 60 s', ok: promoted !== undefined });
    figure(S, 'writes acknowledged again after the kill', resumedMs === undefined ? 'never (60 s)' : `${(resumedMs / 1000).toFixed(1)} s after`, { text: 'yes', ok: resumedMs !== undefined });
    figure(S, 'acknowledged writes lost across failover', lostTotal ? `${lostTotal} (${JSON.stringify(lost)})` : 0, { text: '0', ok: lostTotal === 0 && promoted !== undefined });
    figure(S, 'applied twice (events, dines, rewards, members, bookings)', dupTotal ? `${dupTotal} (${JSON.stringify(duplicates)})` : 0, { text: '0', ok: dupTotal === 0 && promoted !== undefined });
    figure(S, 'acknowledged events not applied 30 s after', unprocessed, { text: '0', ok: unprocessed === 0 });
    figure(S, `503 answers (${during.unavailable} after the kill)`, answers.unavailable);
    const justBefore = ackTimes.filter((t) => t <= killed.at && t > killed.at - 1000).length;
    figure(S, 'writes acknowledged in the second before the kill', justBefore, { text: '> 0', ok: justBefore > 0 });
    figure(S, 'events sent again after a 503 or no answer, answered duplicate (kept once)', resentDuplicates);
    const workerAlive = worker.process.exitCode === null && worker.process.signalCode === null;
    figure(S, 'the worker still running after the failover', workerAlive ? 'yes' : 'NO', { text: 'yes', ok: workerAlive });
    // A job whose run the switch cut keeps the lease it took on the old primary (replicated) unless
    // the worker gives it back: then it runs again only when the lease ends (minutes).
    figure(S, 'jobs made due on the new primary and not run 40 s later', jobsOpen === 0 ? 0 : `${jobsOpen}: ${jobsStuck.join('; ')}`, { text: '0', ok: jobsOpen === 0 });
    figure(S, 'jobs whose last run ended in error', jobErrors.length, { text: '0', ok: jobErrors.length === 0 });
    if (jobErrors.length) log(`${S}: jobs in error: ${jobErrors.join(' | ')}`);
    figure(S, '503 without Retry-After', answers.unavailableWithoutRetryAfter, { text: '0', ok: answers.unavailableWithoutRetryAfter === 0 });
    figure(S, '500s and other 5xx', answers.serverErrors, { text: '0', ok: answers.serverErrors === 0 });
    figure(S, `requests hanging ≥ ${HANG_MS / 1000} s`, answers.hangs, { text: '0', ok: answers.hangs === 0 });
    figure(S, 'slowest answer (ms)', slowest);
    figure(S, 'connections refused or cut (the app never stopped)', answers.refused, { text: '0', ok: answers.refused === 0 });
    figure(S, 'calls in all (2xx / 4xx)', `${answers.sent} (${answers.ok} / ${answers.other})`);
  } finally {
    worker.process.kill('SIGKILL');
    await worker.exited;
    await stopApp(app);
  }
}

type Caller = (what: string, fn: () => Promise<SiteAnswer>) => Promise<SiteAnswer | undefined>;

/** Links a new card as the add-card form does (captcha solved, number encrypted with the frame's key); its id, or undefined. */
async function linkCard(app: App, browser: SiteClient, call: Caller): Promise<number | undefined> {
  const challenge = await call('captcha', () => browser.send(app.port, { path: '/api/captcha/challenge' }));
  if (challenge?.status !== 200) return undefined;
  const key = await call('public key', () => rawRequest({ port: app.framePort, method: 'GET', path: '/card-frame/public-key', headers: { host: 'localhost' }, timeoutMs: HANG_MS }));
  if (key?.status !== 200) return undefined;
  const c = challenge.json<{ algorithm: string; challenge: string; salt: string; signature: string; maxnumber?: number }>();
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  const captcha = Buffer.from(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: solution!.number, salt: c.salt, signature: c.signature })).toString('base64');
  const number = withLuhnDigit(`4${String(randomInt(1e7)).padStart(7, '0')}${String(randomInt(1e7)).padStart(7, '0')}`);
  const linked = await call('card', () => browser.send(app.port, {
    method: 'POST', path: '/api/Member/Cards',
    body: { creditCards: [{ encryptedCardNumber: encryptCardNumber(key.json<{ key: string }>().key, number), lastFour: number.slice(-4), cardType: 'Visa' }], directFileFeedOptIn: true, termsAccepted: true, gRecaptchaResponse: captcha },
  }));
  if (linked?.status !== 200) return undefined;
  return linked.json<{ cardRegistration: Array<{ memberCard: { id: number | null } }> }>().cardRegistration[0]?.memberCard.id ?? undefined;
}

// ─── the run ────────────────────────────────────────────────────────────────────────────────────

const SCENARIOS = ['replicas', 'pooler', 'failover'] as const;
// The app processes end with this one, however it ends (the clusters: cluster.ts's own handlers).
process.on('exit', killChildren);

async function main(): Promise<number> {
  const missing = toolsMissing();
  if (missing.length) {
    const message = `test:replicas: needs Debian's ${missing.join(', ')} (apt-get install pgbouncer postgresql-15-auto-failover; .ci/run installs them).`;
    if (process.env.REQUIRE_REPLICAS === '1') {
      console.error(`${message} REQUIRE_REPLICAS=1: failing.`);
      return 1;
    }
    console.log(`${message} Skipped.`);
    return 0;
  }
  const only = process.argv.slice(2).filter((a) => (SCENARIOS as readonly string[]).includes(a));
  const run = (s: (typeof SCENARIOS)[number]) => only.length === 0 || only.includes(s);

  if (run('replicas') || run('pooler')) {
    let set: ReplicaSet | undefined;
    try {
      set = await startReplicaSet({ log: (l) => log(`cluster: ${l}`), logReplicaStatements: true });
      // The pooler first: the replicas scenario ends by stopping the replica.
      for (const [name, fn] of [['pooler', poolerScenario], ['replicas', replicasScenario]] as const) {
        if (!run(name)) continue;
        try {
          await fn(set);
        } catch (err) {
          failures.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
          log(`${name}: FAILED: ${err instanceof Error ? err.message.slice(0, 2000) : String(err)}\n${set.logs(15)}`);
        }
      }
    } catch (err) {
      failures.push(`replica set: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      await set?.stop();
    }
  }
  if (run('failover')) {
    let formation: AutoFailover | undefined;
    try {
      formation = await startAutoFailover({ log: (l) => log(`cluster: ${l}`) });
      log(`failover: formation URI ${formation.formationUri}`);
      await failoverScenario(formation);
    } catch (err) {
      failures.push(`failover: ${err instanceof Error ? err.message : String(err)}`);
      log(`failover: FAILED: ${err instanceof Error ? err.message.slice(0, 2000) : String(err)}`);
    } finally {
      await formation?.stop();
    }
  }

  console.log('\nFigures');
  const w = Math.max(...figures.map((f) => `${f.scenario}: ${f.figure}`.length), 20);
  for (const f of figures) console.log(`  ${`${f.scenario}: ${f.figure}`.padEnd(w)}  ${String(f.value).padEnd(10)}${f.must ? `   must be ${f.must}: ${f.ok ? 'ok' : 'NOT MET'}` : ''}`.trimEnd());
  console.log(`  ${'whole run'.padEnd(w)}  ${((Date.now() - T0) / 1000).toFixed(0)} s`);
  if (failures.length) {
    console.log(`\nFAILED:\n${failures.map((f) => `  - ${f.split('\n')[0]!.slice(0, 400)}`).join('\n')}`);
    return 1;
  }
  console.log('\nPassed.');
  return 0;
}

main().then(async (code) => {
  killChildren();
  await stopAll();
  process.exit(code);
}, async (err: unknown) => {
  console.error(err);
  killChildren();
  await stopAll();
  process.exit(1);
});
