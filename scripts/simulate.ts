/**
 * A card network's feed against a running server (npm run simulate -- --dines N): purchases on the
 * demo card members' cards at participating restaurants, sent the way real feeds send them to
 * POST /api/card-network/events, signed with CARD_EVENTS_SECRET (the server's development default
 * when unset):
 *
 * - an authorisation at the table, the clearing later in the stream with the tip added (a few are
 *   never cleared; at a sixth of the restaurants — their network sends no real-time authorisations,
 *   as Mastercard and Amex locations may not — purchases come as a clearing alone);
 * - refunds, partial or whole, most naming the purchase, some not; some sent before their purchase
 *   (before its authorisation or its clearing: feeds reorder), some resent under a new event id
 *   (one refund is one network transaction, applied once);
 * - duplicates (the same request twice) and retries (the same event re-signed after a lost answer);
 * - any answer but 200 is retried with a back-off, as networks do.
 *
 * Then it checks the result: once the server has applied the run (GET /api/stgtools/network-run),
 * every simulated member's total is compared with a reference model of what was sent — per
 * purchase, its distinct refunds off the cleared amount (at most all of it) and the reward the
 * earning policy gives what is left (basisCents, rewardFor) at the rate the engine chose for that
 * dine (whether a dine qualifies at all — restaurant hours, blackout days, tier — is the server's
 * to decide and is taken from it). It prints the comparison and exits 1 on any mismatch.
 *
 * Options: --dines N (100), --url http://localhost:3000, --partners hilton,nosh (every partner with
 * demo card members), --concurrency 8, --seed 1. The cards and restaurants come from the staging
 * tools (GET /api/stgtools/network-sample on each partner's host), so the server must run outside
 * production with its staging tools on.
 */
import http from 'node:http';
import https from 'node:https';
import { parseArgs } from 'node:util';
import { DEV_CARD_EVENTS_SECRET } from '../src/server/config';
import { PARTNER_CODES } from '../src/server/demo/partners';
import { randomBytes } from 'node:crypto';
import { Rng } from '../src/server/lib/random';
import { authEvent, clearingEvent, newTransactionId, refundEvent, signedRequest, type Purchase } from '../src/server/modules/rewards/card-events';
import { merchantLocalDateTime } from '../src/shared/rules/rewards/local-time';
import type { NetworkRun, NetworkSample, RunDine } from '../src/shared/schemas/stgtools';
import type { CardNetworkEvent } from '../src/shared/schemas/rewards';
import { basisCents, rewardFor } from '../src/shared/rules/rewards/policy';

const { values } = parseArgs({
  options: {
    dines: { type: 'string', default: '100' },
    url: { type: 'string', default: 'http://localhost:3000' },
    partners: { type: 'string' },
    concurrency: { type: 'string', default: '8' },
    seed: { type: 'string', default: String(Date.now()) },
  },
});

const base = new URL(values.url);
const secret = process.env.CARD_EVENTS_SECRET || DEV_CARD_EVENTS_SECRET;
const dines = Math.max(1, Number(values.dines) || 100);
const concurrency = Math.max(1, Number(values.concurrency) || 8);
const rng = new Rng(values.seed);
const client = base.protocol === 'https:' ? https : http;
/** This run's own prefix of transaction and event ids: the server's answer about the run is about these alone. */
const RUN = `sim-${randomBytes(4).toString('hex')}`;
const hostOf = (code: string) => `${code}.localhost${base.port ? `:${base.port}` : ''}`;

/** One request to the server, with a Host header of our choosing (partner sites are told apart by it). */
function request(opts: { method: string; path: string; host?: string; headers?: Record<string, string>; body?: string }): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = client.request({
      protocol: base.protocol, hostname: base.hostname, port: base.port, method: opts.method, path: opts.path,
      headers: { host: opts.host ?? base.host, accept: 'application/json', ...opts.headers, ...(opts.body ? { 'content-length': String(Buffer.byteLength(opts.body)) } : {}) },
      timeout: 10_000,
    }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { data += chunk; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    if (opts.body) req.write(opts.body);
    req.end();
  });
}

type Card = NetworkSample['cards'][number] & { partner: string };
type Location = NetworkSample['locations'][number];

async function loadSample(): Promise<{ cards: Card[]; locations: Location[] }> {
  const codes = values.partners ? values.partners.split(',').map((c) => c.trim().toLowerCase()).filter(Boolean) : [...PARTNER_CODES];
  const cards: Card[] = [];
  const locations = new Map<string, Location>();
  for (const code of codes) {
    const res = await request({ method: 'GET', path: '/api/stgtools/network-sample', host: hostOf(code) });
    if (res.status === 404) continue; // no staging tools (production) or not a partner
    if (res.status !== 200) throw new Error(`GET /api/stgtools/network-sample on ${code} answered ${res.status}: ${res.body.slice(0, 200)}`);
    const sample = JSON.parse(res.body) as NetworkSample;
    for (const c of sample.cards) cards.push({ ...c, partner: code });
    for (const l of sample.locations) locations.set(l.locationId, l);
  }
  return { cards, locations: [...locations.values()] };
}

/** What was sent for one purchase: the reference model's input. */
type Sent = {
  partner: string; publicId: string; transactionId: string; authCents: number | null; clearedCents: number | null;
  online: boolean; subtotalCents: number | null;
  /** Distinct network refunds by their transaction id (a resend adds nothing). */
  refunds: Map<string, number>;
};

/** The stream: each purchase's events, its clearing and refunds placed later among the others, some refunds first, some resent. */
function buildStream(cards: Card[], locations: Location[]): { events: CardNetworkEvent[]; sent: Sent[]; early: number; resent: number } {
  const stream: Array<{ order: number; event: CardNetworkEvent }> = [];
  const sent: Sent[] = [];
  let early = 0;
  let resent = 0;
  const now = Date.now();
  for (let i = 0; i < dines; i++) {
    const card = rng.pick(cards);
    const place = rng.pick(locations);
    const online = rng.chance(0.08);
    const bill = rng.int(1500, 16000);
    const purchase: Purchase = {
      transactionId: newTransactionId(RUN), cardToken: card.cardToken, locationId: place.locationId,
      // Dined in the last few hours, in the restaurant's own time.
      localDateTime: merchantLocalDateTime(new Date(now - rng.int(5, 240) * 60_000), place.state),
      ...(online ? { onlineOrder: true, subtotalCents: Math.round(bill * 0.87) } : {}),
    };
    const cleared = online ? bill : bill + Math.round(bill * rng.float(0.12, 0.25));
    // Whether authorisations come is the location's network's: where they do, a purchase never
    // comes as a clearing alone (the engine would join the next authorisation of that card there to
    // it, taking it for that clearing's late authorisation).
    const clearingOnly = place.merchantId % 6 === 0;
    const neverCleared = !clearingOnly && rng.chance(0.05);
    const record: Sent = {
      partner: card.partner, publicId: card.publicId, transactionId: purchase.transactionId, authCents: clearingOnly ? null : bill, clearedCents: neverCleared ? null : cleared,
      online, subtotalCents: online ? purchase.subtotalCents ?? null : null, refunds: new Map(),
    };
    sent.push(record);
    if (!clearingOnly) stream.push({ order: i, event: authEvent(purchase, bill) });
    if (neverCleared) continue;
    // Clearings come later, Mastercard's in a burst: somewhere after the next few purchases.
    const clearing = { order: i + rng.int(1, Math.max(2, Math.round(dines / 5))) + rng.float(0, 1), event: clearingEvent(purchase, cleared) };
    stream.push(clearing);
    if (!rng.chance(0.2)) continue;
    // One refund, or two partial ones; whole refunds name the purchase or not.
    const whole = rng.chance(0.4);
    const parts = whole ? [cleared] : Array.from({ length: rng.chance(0.3) ? 2 : 1 }, () => Math.round(cleared * rng.float(0.1, 0.4)));
    parts.forEach((cents, k) => {
      const event = refundEvent(purchase, cents, { n: k + 1, linked: !whole || rng.chance(0.5) });
      // Feeds reorder: some refunds arrive before the purchase they take back (its authorisation, or its clearing).
      const first = rng.chance(0.35);
      const order = first ? i - rng.float(0, 2) : clearing.order + rng.int(1, 10) + rng.float(0, 1);
      if (first) early += 1;
      stream.push({ order, event });
      record.refunds.set(event.transactionId, cents);
      // The same refund again under a new event id (a network's own resend), anywhere later.
      if (rng.chance(0.3)) {
        resent += 1;
        stream.push({ order: order + rng.float(0.5, 15), event: { ...event, id: `${event.id}-resent` } });
      }
    });
  }
  stream.sort((a, b) => a.order - b.order);
  return { events: stream.map((s) => s.event), sent, early, resent };
}

/** The reference model of one purchase: refunded cents and what the member keeps (`dine` gives the rate and whether it qualified at all). */
function expectedOf(p: Sent, dine: RunDine, earnBasis: NetworkRun['earnBasis']): { refunded: number; earned: number } {
  const asked = [...p.refunds.values()].reduce((s, c) => s + c, 0);
  if (p.clearedCents === null) return { refunded: asked, earned: 0 };
  const refunded = Math.min(p.clearedCents, asked);
  // Not earning for another reason than refunds (hours, blackout, tier, …): the server's call.
  if ((dine.reason !== null && dine.reason !== 'refunded') || dine.rate === null) return { refunded, earned: 0 };
  const bill = { clearedCents: p.clearedCents, authCents: p.authCents, tipCents: null, online: p.online, subtotalCents: p.subtotalCents, refundedCents: refunded };
  return { refunded, earned: rewardFor(basisCents(bill, earnBasis), dine.rate) };
}

/** Waits until the server has applied the run on every partner, then answers what it made of it. */
async function readBack(partners: string[]): Promise<Map<string, NetworkRun>> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const runs = new Map<string, NetworkRun>();
    for (const code of partners) {
      const res = await request({ method: 'GET', path: `/api/stgtools/network-run?prefix=${RUN}`, host: hostOf(code) });
      if (res.status !== 200) throw new Error(`GET /api/stgtools/network-run on ${code} answered ${res.status}: ${res.body.slice(0, 200)}`);
      runs.set(code, JSON.parse(res.body) as NetworkRun);
    }
    const pending = [...runs.values()].reduce((s, r) => s + r.unapplied, 0);
    if (pending === 0 || Date.now() > deadline) {
      if (pending > 0) console.error(`  ${pending} events still not applied after 60 s`);
      return runs;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Compares every simulated member's total with the model; answers the number of mismatches. */
function compare(sent: Sent[], runs: Map<string, NetworkRun>): number {
  let mismatches = 0;
  const problems: string[] = [];
  const rows: Array<{ member: string; dines: number; refunds: number; expected: number; got: number }> = [];
  const byMember = new Map<string, Sent[]>();
  for (const p of sent) byMember.set(`${p.partner}\u0000${p.publicId}`, [...(byMember.get(`${p.partner}\u0000${p.publicId}`) ?? []), p]);
  for (const [key, purchases] of [...byMember].sort(([a], [b]) => a.localeCompare(b))) {
    const [partner, publicId] = key.split('\u0000') as [string, string];
    const run = runs.get(partner);
    const dinesOf = new Map((run?.members.find((m) => m.publicId === publicId)?.dines ?? []).map((d) => [d.transactionId, d]));
    let expected = 0;
    let got = 0;
    for (const p of purchases) {
      const dine = dinesOf.get(p.transactionId);
      if (!dine) {
        problems.push(`${partner} ${publicId} ${p.transactionId}: no dine`);
        continue;
      }
      const want = expectedOf(p, dine, run!.earnBasis);
      expected += want.earned;
      got += dine.earned;
      const recorded = dine.refunds.map((r) => `${r.transactionId}=${r.amountCents}`).sort().join(',');
      const asked = [...p.refunds].map(([id, c]) => `${id}=${c}`).sort().join(',');
      if (recorded !== asked) problems.push(`${partner} ${publicId} ${p.transactionId}: refunds recorded [${recorded}], sent [${asked}]`);
      if (dine.refundedCents !== want.refunded) problems.push(`${partner} ${publicId} ${p.transactionId}: refunded ${dine.refundedCents}, model ${want.refunded}`);
      if (dine.earned !== want.earned) problems.push(`${partner} ${publicId} ${p.transactionId}: keeps ${dine.earned}, model ${want.earned}`);
    }
    rows.push({ member: `${partner} ${publicId}`, dines: purchases.length, refunds: purchases.reduce((s, p) => s + p.refunds.size, 0), expected, got });
    if (expected !== got) mismatches += 1;
  }
  const width = Math.max(...rows.map((r) => r.member.length), 6);
  console.log(`  ${'member'.padEnd(width)}  dines  refunds   model  server`);
  for (const r of rows) {
    console.log(`  ${r.member.padEnd(width)}  ${String(r.dines).padStart(5)}  ${String(r.refunds).padStart(7)}  ${String(r.expected).padStart(6)}  ${String(r.got).padStart(6)}  ${r.expected === r.got ? 'ok' : 'MISMATCH'}`);
  }
  for (const p of problems.slice(0, 20)) console.error(`  ${p}`);
  if (problems.length > 20) console.error(`  … and ${problems.length - 20} more`);
  return mismatches + problems.length;
}

const stats = { sent: 0, accepted: 0, duplicates: 0, duplicatesSent: 0, retries: 0, rejected: 0 };

/** Sends one event until the server answers 200 (as a network does), re-signing each attempt. */
async function deliver(event: CardNetworkEvent): Promise<void> {
  for (let attempt = 0; attempt < 6; attempt++) {
    const { body, headers } = signedRequest(secret, event);
    try {
      const res = await request({ method: 'POST', path: '/api/card-network/events', headers, body });
      stats.sent += 1;
      if (res.status === 200) {
        const answer = JSON.parse(res.body) as { duplicate: boolean };
        if (answer.duplicate) stats.duplicates += 1;
        else stats.accepted += 1;
        return;
      }
      if (res.status >= 400 && res.status < 500 && res.status !== 429) {
        // Our own mistake (bad shape, bad signature): retrying would not help.
        stats.rejected += 1;
        console.error(`${event.id}: ${res.status} ${res.body.slice(0, 200)}`);
        return;
      }
    } catch {
      // No answer: the network cannot know whether it arrived, so it sends it again.
    }
    stats.retries += 1;
    await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
  }
  stats.rejected += 1;
  console.error(`${event.id}: gave up after 6 attempts`);
}

async function main() {
  const { cards, locations } = await loadSample();
  if (cards.length === 0 || locations.length === 0) {
    throw new Error(`No demo card members or restaurants at ${base.origin}: start the server outside production (npm start) with its staging tools on.`);
  }
  const { events, sent, early, resent } = buildStream(cards, locations);
  const started = Date.now();
  let next = 0;
  // A purchase's clearing comes after its authorisation was answered (a network clears a day or so
  // later); refunds come in any order.
  const authorised = new Map<string, Promise<void>>();
  const worker = async () => {
    while (next < events.length) {
      const event = events[next++]!;
      if (event.type === 'auth') {
        const sending = deliver(event);
        authorised.set(event.transactionId, sending);
        await sending;
      } else {
        if (event.type === 'clearing') await authorised.get(event.transactionId);
        await deliver(event);
      }
      // Duplicates: the same event again, as feeds do after a timeout on their side.
      if (rng.chance(0.04)) {
        stats.duplicatesSent += 1;
        await deliver(event);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (Date.now() - started) / 1000;
  console.log(`Simulated ${dines} dines on ${new Set(cards.map((c) => c.partner)).size} partners (${cards.length} demo cards, ${locations.length} restaurants) at ${base.origin}:`);
  console.log(`  ${events.length + stats.duplicatesSent} events (${stats.duplicatesSent} sent twice), ${stats.accepted} accepted, ${stats.duplicates} answered duplicate, ${stats.retries} retried, ${stats.rejected} not accepted`);
  console.log(`  ${sent.reduce((s, p) => s + p.refunds.size, 0)} refunds, ${early} of them sent before their purchase, ${resent} resent under a new event id`);
  console.log(`  ${seconds.toFixed(1)} s, ${(stats.sent / Math.max(seconds, 0.001)).toFixed(0)} requests/s.`);
  const runs = await readBack([...new Set(sent.map((p) => p.partner))]);
  const waiting = [...runs.values()].reduce((s, r) => s + r.waiting, 0);
  console.log(`Run ${RUN} as the server applied it, against the reference model (what each member keeps, in the partner's unit):`);
  const mismatches = compare(sent, runs);
  if (waiting > 0) console.error(`  ${waiting} refunds still wait for their purchase, though every purchase was sent`);
  console.log(mismatches === 0 && waiting === 0 ? 'Every member\'s total equals the model.' : `${mismatches} mismatches.`);
  if (stats.rejected > 0 || mismatches > 0 || waiting > 0) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
