/**
 * `npm run test:faults` (issue 13 item 7; a script, not part of `npm test`): crashes and database
 * outages on PostgreSQL, against the real server process.
 *
 * 1. Kill -9 rounds: the server (src/server/main.ts, its own process) runs on a scratch database
 *    reached through a TCP proxy this script controls. Concurrent visitors join (enrolment), link
 *    a card (captcha solved, number encrypted as the card frame does) and their card network posts
 *    signed purchases (authorisation, clearing, some refunds); a second stream posts purchases on
 *    the demo members' cards. Mid-stream the server is killed with SIGKILL, restarted, the
 *    acknowledged events of the round are sent again (they must come back as duplicates), and the
 *    next round begins. Every write that was answered 2xx is then looked for (lost), and nothing
 *    may be half-written (partial): a joined member without its profile, a card without its
 *    fingerprint or network token or whose member is not a card member, an event not applied, a
 *    dine rewarded twice, members' totals not equal to the sum of their dines.
 * 2. Database outage: the proxy cuts every connection and refuses new ones (the shared PostgreSQL
 *    service itself is never stopped): calls that need the database answer 503 with Retry-After,
 *    /health stays 200, /ready 503; the proxy comes back and the same server recovers, no restart.
 *
 * Prints a summary and exits 1 on any loss, partial write, 5xx other than the outage's 503, or a
 * missing recovery. Skips (exit 0, with a message) when PostgreSQL does not answer.
 * FAULTS_DATABASE_URL (or TEST_DATABASE_URL; default postgres://postgres@127.0.0.1:5432/test) is
 * where the scratch database `faults_<random>` is created and dropped; FAULTS_ROUNDS (default 4).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { solveChallenge } from 'altcha-lib/v1';
import pg from 'pg';
import { DEV_CARD_EVENTS_SECRET } from '../src/server/config';
import { authEvent, clearingEvent, newTransactionId, refundEvent, signedRequest, type Purchase } from '../src/server/modules/rewards/card-events';
import { merchantLocalDateTime } from '../src/shared/rules/rewards/local-time';
import { encryptCardNumber, withLuhnDigit } from '../src/server/test/cards';
import { killChildren, spawnTs, type Child } from '../src/server/test/child';
import { PgProxy } from '../src/server/test/pg-proxy';
import { rawRequest, SiteClient, type SiteAnswer } from '../src/server/test/site-client';
import { withCheckCharacter } from '../src/shared/rules/partner-number';
import type { CardNetworkEvent } from '../src/shared/schemas/rewards';

const ADMIN_URL = process.env.FAULTS_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROUNDS = Math.max(1, Number(process.env.FAULTS_ROUNDS ?? 4));
const PARTNER = 'hilton';
const JOINERS = 6;
const STREAMS = 2;
/** Cards each joined member links, one submission each. */
const CARDS_PER_MEMBER = 3;
const SECRET = DEV_CARD_EVENTS_SECRET;
const PASSWORD = 'Faults-2026-pass';

type Location = { locationId: string; state: string };
type Server = { child: Child; port: number; framePort: number; startedMs: number };

const ack = { joins: [] as string[], cards: [] as Array<{ id: number; email: string }>, events: [] as string[] };
const tally = { attempted: 0, refusedByCrash: 0, unexpected: [] as string[], duplicatesOk: 0, duplicatesWrong: 0 };
let addressSeq = 0;
const nextAddress = () => { addressSeq++; return `10.9.${(addressSeq >> 8) & 255}.${addressSeq & 255}`; };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  admin.on('error', () => undefined);
  try {
    await admin.connect();
  } catch {
    console.log(`test:faults skipped: PostgreSQL does not answer at ${ADMIN_URL.replace(/:[^:@/]*@/, ':***@')}.`);
    return 0;
  }
  const name = `faults_${randomBytes(5).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const direct = new URL(ADMIN_URL);
  direct.pathname = `/${name}`;
  const proxy = new PgProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  await proxy.start();
  const viaProxy = new URL(direct);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  // The script's own look-ups (cards' network tokens, the checks), straight to the database.
  const db = new pg.Pool({ connectionString: direct.toString(), max: 4 });
  // The scratch database is dropped with force at the end: a connection it ends must not crash the verdict.
  db.on('error', () => undefined);
  let server: Server | undefined;
  try {
    const started = Date.now();
    server = await startServer(viaProxy.toString());
    console.log(`Server on port ${server.port} (PostgreSQL through the proxy on ${proxy.port}), first start with seeding ${(server.startedMs / 1000).toFixed(1)} s`);
    const locations = (await db.query<Location>(`select l.location_id as "locationId", m.state from merchant_network_locations l join merchants m on m.id = l.merchant_id
      where m.participating and m.participation_start is null order by l.merchant_id limit 200`)).rows;
    const demoTokens = (await db.query<{ t: string }>(`select c.network_token as t from member_cards c join members m on m.id = c.member_id where m.public_id like 'demo-%'`)).rows.map((r) => r.t);
    const restarts: number[] = [];

    for (let round = 1; round <= ROUNDS; round++) {
      const before = { joins: ack.joins.length, cards: ack.cards.length, events: ack.events.length };
      const live = { on: true };
      const s = server;
      const loops = [
        ...Array.from({ length: JOINERS }, () => joinerLoop(s, db, locations, live)),
        ...Array.from({ length: STREAMS }, () => streamLoop(s, demoTokens, locations, live)),
      ];
      await sleep(6000 + randomInt(6000));
      process.kill(s.child.pid, 'SIGKILL');
      await s.child.exited;
      live.on = false;
      await Promise.all(loops);
      console.log(`Round ${round}: killed mid-stream after +${ack.joins.length - before.joins} joins, +${ack.cards.length - before.cards} cards, +${ack.events.length - before.events} events acknowledged`);
      server = await startServer(viaProxy.toString());
      restarts.push(server.startedMs);
      // A network resends what it is unsure of: acknowledged events come back as duplicates.
      for (const id of ack.events.slice(before.events).slice(-40)) await resendDuplicate(server, db, id);
    }

    // What the last kill left received but not applied: the restarted server applies it at start.
    const drainStarted = Date.now();
    const drained = await until(async () => (await db.query<{ n: number }>('select count(*)::int as n from card_network_inbox where processed_at is null')).rows[0]!.n === 0, 60_000);
    const drainMs = Date.now() - drainStarted;
    const verdict = await verify(db);

    // Database outage through the proxy, on the running server.
    const outage = await databaseOutage(server, proxy);

    const lost = verdict.lost.joins + verdict.lost.cards + verdict.lost.events;
    const partial = verdict.partial.reduce((n, p) => n + p.count, 0);
    console.log('\nSummary');
    console.log(`  rounds (kill -9, restart):     ${ROUNDS}; restarts took ${restarts.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}`);
    console.log(`  requests sent:                 ${tally.attempted} (${tally.refusedByCrash} cut by the kills, never answered)`);
    console.log(`  acknowledged writes:           ${ack.joins.length} joins, ${ack.cards.length} cards, ${ack.events.length} card-network events`);
    console.log(`  lost:                          ${lost}${lost ? ` (${JSON.stringify(verdict.lost)})` : ''}`);
    console.log(`  partial:                       ${partial}${partial ? ` (${verdict.partial.filter((p) => p.count).map((p) => `${p.what}: ${p.count}`).join('; ')})` : ''}`);
    console.log(`  resent after a crash:          ${tally.duplicatesOk} answered duplicate, ${tally.duplicatesWrong} not`);
    console.log(`  inbox applied after restarts:  ${drained ? `yes (${(drainMs / 1000).toFixed(1)} s after the last restart was ready)` : 'NO'}; ${verdict.dines} dines, totals = sum of dines: ${verdict.totalsMatch ? 'yes' : 'NO'}`);
    console.log(`  unexpected answers:            ${tally.unexpected.length}${tally.unexpected.length ? ` (${[...new Set(tally.unexpected)].slice(0, 5).join('; ')})` : ''}`);
    console.log(`  database cut: 503 seen:        ${outage.unavailable.length} calls (${[...new Set(outage.unavailable)].join(', ')}), Retry-After on all: ${outage.retryAfter ? 'yes' : 'NO'}`);
    console.log(`  during the cut:                /health ${outage.health}, /ready ${outage.ready}, other statuses ${outage.other.length ? outage.other.join(', ') : 'none'}`);
    console.log(`  recovered without restart in:  ${outage.recoveredMs === undefined ? 'NOT RECOVERED' : `${(outage.recoveredMs / 1000).toFixed(1)} s`} (/ready ${outage.readyAfter}, a write after: ${outage.writeAfter})`);
    console.log(`  whole run:                     ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const failed = lost > 0 || partial > 0 || !drained || !verdict.totalsMatch || tally.duplicatesWrong > 0 || tally.unexpected.length > 0
      || outage.unavailable.length < 3 || !outage.retryAfter || outage.health !== 200 || outage.ready !== 503 || outage.other.length > 0
      || outage.recoveredMs === undefined || outage.readyAfter !== 200 || outage.writeAfter !== 200 || ack.events.length === 0 || ack.cards.length === 0;
    console.log(failed ? '\nFAILED' : '\nPassed: 0 acknowledged writes lost, 0 partial, 503 during the outage, recovery without restart.');
    return failed ? 1 : 0;
  } finally {
    killChildren();
    await server?.child.exited;
    await db.end();
    await proxy.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function startServer(databaseUrl: string): Promise<Server> {
  const t0 = Date.now();
  const child = spawnTs('src/server/main.ts', [], {
    env: {
      ...process.env, NODE_ENV: 'development', DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', SEED_MERCHANTS: '300', DEMO_HISTORY: 'before-listen',
      LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1', API_RATE_LIMIT: '1000000', CARD_EVENTS_SECRET: '', RUN_JOBS: 'true',
    },
  });
  const ready = await child.waitFor(/^Ready in .* on http:\/\/localhost:\d+/, 120_000);
  const frame = await child.waitFor(/^Card frame: .*\(port \d+\)/, 5_000);
  return { child, port: Number(/localhost:(\d+)/.exec(ready)![1]), framePort: Number(/\(port (\d+)\)/.exec(frame)![1]), startedMs: Date.now() - t0 };
}

/** A call that the kill may cut: undefined when no answer came (not acknowledged). */
async function attempt(fn: () => Promise<SiteAnswer>): Promise<SiteAnswer | undefined> {
  tally.attempted++;
  try {
    return await fn();
  } catch {
    tally.refusedByCrash++;
    return undefined;
  }
}

function expectStatus(res: SiteAnswer | undefined, ok: number[], what: string): boolean {
  if (!res) return false;
  if (ok.includes(res.status)) return true;
  tally.unexpected.push(`${what} ${res.status} ${res.body.slice(0, 120)}`);
  return false;
}

/** A visitor: joins, links new cards, and the network reports purchases on each; over and over until the kill. */
async function joinerLoop(server: Server, db: pg.Pool, locations: Location[], live: { on: boolean }) {
  while (live.on) {
    const browser = new SiteClient({ partner: PARTNER, forwardedFor: nextAddress(), timeoutMs: 20_000 });
    const email = `faults-${randomBytes(6).toString('hex')}@example.com`;
    const partnerNumber = withCheckCharacter(randomBytes(6).toString('hex').toUpperCase().replace(/[^A-Z0-9]/g, 'A').slice(0, 6));
    const joined = await attempt(() => browser.send(server.port, {
      method: 'POST', path: '/api/Members/Prospects',
      body: { email, password: PASSWORD, passwordConfirm: PASSWORD, firstName: 'Fault', lastName: 'Tolerant', address1: '1 Main St', city: 'New York', state: 'NY', zipCode: '10001', partnerNumber, emailOptIn: true },
    }));
    if (!expectStatus(joined, [201], 'join')) { if (!joined) return; continue; }
    ack.joins.push(email);
    browser.token = joined!.json<{ csrfToken: string }>().csrfToken;

    for (let card = 0; card < CARDS_PER_MEMBER && live.on; card++) {
      const cardId = await linkCard(server, browser);
      if (cardId === undefined) return;
      ack.cards.push({ id: cardId, email });
      // The network learnt the card's token when it was linked.
      const token = (await db.query<{ t: string }>('select network_token as t from member_cards where id = $1', [cardId])).rows[0]!.t;
      for (const event of purchaseEvents(token, locations)) {
        const res = await post(server, event);
        if (!res) return;
      }
    }
  }
}

/** Links one new card as the add-card form does (captcha solved, number encrypted with the frame's key); its id, or undefined when cut. */
async function linkCard(server: Server, browser: SiteClient): Promise<number | undefined> {
  const challenge = await attempt(() => browser.send(server.port, { path: '/api/captcha/challenge' }));
  if (!expectStatus(challenge, [200], 'captcha')) return undefined;
  const key = await attempt(() => rawRequest({ port: server.framePort, method: 'GET', path: '/card-frame/public-key', headers: { host: 'localhost' } }));
  if (!expectStatus(key, [200], 'public key')) return undefined;
  const c = challenge!.json<{ algorithm: string; challenge: string; salt: string; signature: string; maxnumber?: number }>();
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  const captcha = Buffer.from(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: solution!.number, salt: c.salt, signature: c.signature })).toString('base64');
  const number = withLuhnDigit(`4${String(randomInt(1e7)).padStart(7, '0')}${String(randomInt(1e7)).padStart(7, '0')}`);
  const linked = await attempt(() => browser.send(server.port, {
    method: 'POST', path: '/api/Member/Cards',
    body: { creditCards: [{ encryptedCardNumber: encryptCardNumber(key!.json<{ key: string }>().key, number), lastFour: number.slice(-4), cardType: 'Visa' }], directFileFeedOptIn: true, termsAccepted: true, gRecaptchaResponse: captcha },
  }));
  if (!expectStatus(linked, [200], 'card')) return undefined;
  return linked!.json<{ cardRegistration: Array<{ memberCard: { id: number | null } }> }>().cardRegistration[0]!.memberCard.id!;
}

/** The card network alone: purchases on the demo members' cards, until the kill. */
async function streamLoop(server: Server, tokens: string[], locations: Location[], live: { on: boolean }) {
  while (live.on) {
    for (const event of demoPurchase(tokens, locations)) {
      const res = await post(server, event);
      if (!res) return;
    }
  }
}

function purchaseEvents(token: string, locations: Location[]): CardNetworkEvent[] {
  const loc = locations[randomInt(locations.length)]!;
  const at = new Date(Date.now() - randomInt(1, 20) * 3_600_000);
  const p: Purchase = { transactionId: newTransactionId('flt'), cardToken: token, locationId: loc.locationId, localDateTime: merchantLocalDateTime(at, loc.state) };
  const bill = 2500 + randomInt(10_000);
  const events = [authEvent(p, bill), clearingEvent(p, bill + randomInt(2000))];
  if (randomInt(5) === 0) events.push(refundEvent(p, randomInt(500, 2000)));
  return events;
}

const demoPurchase = (tokens: string[], locations: Location[]) => purchaseEvents(tokens[randomInt(tokens.length)]!, locations);

async function post(server: Server, event: CardNetworkEvent): Promise<SiteAnswer | undefined> {
  const { body, headers } = signedRequest(SECRET, event);
  const res = await attempt(() => rawRequest({ port: server.port, method: 'POST', path: '/api/card-network/events', headers: { ...headers, host: 'localhost', 'content-length': String(Buffer.byteLength(body)) }, body }));
  if (expectStatus(res, [200], 'event')) ack.events.push(event.id);
  return res;
}

async function resendDuplicate(server: Server, db: pg.Pool, id: string) {
  const row = (await db.query<{ body: CardNetworkEvent }>('select body from card_network_inbox where event_id = $1', [id])).rows[0];
  if (!row) return; // counted as lost by verify()
  const { body, headers } = signedRequest(SECRET, row.body);
  const res = await rawRequest({ port: server.port, method: 'POST', path: '/api/card-network/events', headers: { ...headers, host: 'localhost', 'content-length': String(Buffer.byteLength(body)) }, body });
  if (res.status === 200 && res.json<{ duplicate: boolean }>().duplicate) tally.duplicatesOk++;
  else tally.duplicatesWrong++;
}

async function verify(db: pg.Pool) {
  const present = async (sql: string, values: unknown[]) => new Set((await db.query<{ k: string | number }>(sql, values)).rows.map((r) => String(r.k)));
  const members = await present('select lower(email) as k from members where lower(email) = any($1)', [ack.joins]);
  const cards = await present('select id as k from member_cards where id = any($1)', [ack.cards.map((c) => c.id)]);
  const events = await present('select event_id as k from card_network_inbox where event_id = any($1)', [ack.events]);
  const lost = {
    joins: ack.joins.filter((e) => !members.has(e.toLowerCase())).length,
    cards: ack.cards.filter((c) => !cards.has(String(c.id))).length,
    events: ack.events.filter((id) => !events.has(id)).length,
  };
  const count = async (what: string, sql: string) => ({ what, count: (await db.query<{ n: number }>(sql)).rows[0]!.n });
  const partial = [
    await count('joined member without its profile', `select count(*)::int as n from members where email like 'faults-%'
      and (password_hash is null or first_name <> 'Fault' or last_name <> 'Tolerant' or not has_web_profile or partner_number is null or zip_code <> '10001' or not active)`),
    await count('card without fingerprint or token', `select count(*)::int as n from member_cards c join members m on m.id = c.member_id where m.email like 'faults-%'
      and (coalesce(c.fingerprint, '') = '' or coalesce(c.network_token, '') = '' or c.last_four !~ '^[0-9]{4}$')`),
    await count('card whose member is not a card member', `select count(*)::int as n from members m where m.email like 'faults-%' and m.member_type <> 'EnrolledCardMember'
      and exists (select 1 from member_cards c where c.member_id = m.id)`),
    await count('card member without a card', `select count(*)::int as n from members m where m.email like 'faults-%' and m.member_type = 'EnrolledCardMember'
      and not exists (select 1 from member_cards c where c.member_id = m.id)`),
    await count('event not applied or set aside', `select count(*)::int as n from card_network_inbox where processed_at is null or outcome in ('failed', 'invalid')`),
    await count('dine rewarded twice', `select (count(*) - count(distinct dine_id))::int as n from member_rewards where source_code = 'S'`),
    await count('applied purchase event without its dine', `select count(*)::int as n from card_network_inbox i where i.outcome = 'applied' and i.type in ('auth', 'clearing')
      and not exists (select 1 from dines d where d.transaction_id = i.body->>'transactionId' or d.alias_transaction_id = i.body->>'transactionId')`),
    await count('dine whose clearing is half-applied', `select count(*)::int as n from card_network_inbox i join dines d on d.transaction_id = i.body->>'transactionId'
      where i.outcome = 'applied' and i.type = 'clearing' and d.transaction_id like 'flt-%' and d.cleared_amount_cents is distinct from (i.body->>'amountCents')::int`),
    await count('dine whose refunds are half-applied', `select count(*)::int as n from dines d where d.transaction_id like 'flt-%' and d.refunded_cents <> coalesce((
      select -sum((i.body->>'amountCents')::int) from card_network_inbox i where i.outcome = 'applied' and i.type = 'refund' and i.body->>'originalTransactionId' = d.transaction_id), 0)`),
  ];
  // Each member's totals (qualified dines, rewards) equal what the rows behind them add up to:
  // qualified dines, bonuses not taken back, rewards awarded by hand (claims).
  const totals = (await db.query<{ n: number }>(`
    with p as (select member_id, sum(qualified_dines)::int as dines, sum(rewards)::int as rewards from member_progress group by 1),
      d as (select member_id, count(*)::int as dines, sum(reward)::int as rewards from dines where qualified group by 1),
      b as (select member_id, sum(amount)::int as amount from bonus_awards where revoked_at is null group by 1),
      m as (select member_id, count(*)::int as n, sum(amount)::int as amount from member_rewards where source_code = 'M' group by 1)
    select count(*)::int as n from p full join d using (member_id) full join b using (member_id) full join m using (member_id)
    where coalesce(p.dines, 0) <> coalesce(d.dines, 0) + coalesce(m.n, 0)
      or coalesce(p.rewards, 0) <> coalesce(d.rewards, 0) + coalesce(b.amount, 0) + coalesce(m.amount, 0)`)).rows[0]!.n;
  const dines = (await db.query<{ n: number }>('select count(*)::int as n from dines')).rows[0]!.n;
  return { lost, partial, totalsMatch: totals === 0, dines };
}

async function databaseOutage(server: Server, proxy: PgProxy) {
  const browser = new SiteClient({ partner: PARTNER, forwardedFor: nextAddress(), timeoutMs: 10_000 });
  const email = ack.joins[ack.joins.length - 1]!;
  const signIn = await browser.signIn(server.port, email, PASSWORD);
  if (signIn.status !== 200) tally.unexpected.push(`sign-in before the outage ${signIn.status}`);
  const get = (path: string) => browser.send(server.port, { path });
  const unavailable: string[] = [];
  const other: string[] = [];
  let retryAfter = true;
  const expect503 = (what: string, res: SiteAnswer) => {
    if (res.status === 503) {
      unavailable.push(what);
      if (!(Number(res.headers['retry-after']) > 0)) retryAfter = false;
    } else other.push(`${what} ${res.status}`);
  };

  await proxy.stop();
  const cutAt = Date.now();
  expect503('GET /api/Member', await get('/api/Member'));
  expect503('PUT /api/Member', await browser.send(server.port, { method: 'PUT', path: '/api/Member', body: { firstName: 'Fault', lastName: 'Outage', zipCode: '10001', address1: '1 Main St', city: 'New York', state: 'NY' } }));
  const event = demoPurchase(['ntk_outage'], [{ locationId: 'loc-outage', state: 'NY' }])[0]!;
  const { body, headers } = signedRequest(SECRET, event);
  expect503('POST /api/card-network/events', await rawRequest({ port: server.port, method: 'POST', path: '/api/card-network/events', headers: { ...headers, host: 'localhost', 'content-length': String(Buffer.byteLength(body)) }, body }));
  expect503('GET /api/Member/Cards', await get('/api/Member/Cards'));
  const health = (await get('/health')).status;
  const ready = (await get('/ready')).status;
  // Held for a few seconds: every call meanwhile answers 503 (none hangs, none answers 500).
  while (Date.now() - cutAt < 5000) {
    expect503('GET /api/Member', await get('/api/Member'));
    await sleep(250);
  }
  console.log(`\nDatabase cut for ${((Date.now() - cutAt) / 1000).toFixed(1)} s: ${unavailable.length} calls answered 503, /health ${health}, /ready ${ready}`);

  await proxy.start();
  const back = Date.now();
  const recovered = await until(async () => (await get('/api/Member')).status === 200, 60_000, 100);
  const recoveredMs = recovered ? Date.now() - back : undefined;
  const readyAfter = (await get('/ready')).status;
  const again = signedRequest(SECRET, { ...event, id: `${event.id}-after` });
  const writeAfter = (await rawRequest({ port: server.port, method: 'POST', path: '/api/card-network/events', headers: { ...again.headers, host: 'localhost', 'content-length': String(Buffer.byteLength(again.body)) }, body: again.body })).status;
  return { unavailable, other, retryAfter, health, ready, recoveredMs, readyAfter, writeAfter };
}

async function until(fn: () => Promise<boolean>, timeoutMs: number, everyMs = 250): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await fn().catch(() => false)) return true;
    await sleep(everyMs);
  }
  return false;
}

main().then((code) => process.exit(code), (err: unknown) => {
  console.error(err);
  killChildren();
  process.exit(1);
});
