/**
 * A card network's feed against a running server (npm run simulate -- --dines N): purchases on the
 * demo card members' cards at participating restaurants, sent the way real feeds send them to
 * POST /api/card-network/events, signed with CARD_EVENTS_SECRET (the server's development default
 * when unset):
 *
 * - an authorisation at the table, the clearing later in the stream with the tip added (a few
 *   purchases clear without an authorisation, a few are never cleared);
 * - some refunds, partial or whole, most naming the purchase, some not;
 * - duplicates (the same request twice) and retries (the same event re-signed after a lost answer);
 * - any answer but 200 is retried with a back-off, as networks do.
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
import { Rng } from '../src/server/lib/random';
import { authEvent, clearingEvent, merchantLocalDateTime, newTransactionId, refundEvent, signedRequest, type Purchase } from '../src/server/modules/rewards/card-events';
import type { NetworkSample } from '../src/server/modules/stgtools/dine-now';
import type { CardNetworkEvent } from '../src/shared/schemas/rewards';

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
    const res = await request({ method: 'GET', path: '/api/stgtools/network-sample', host: `${code}.localhost${base.port ? `:${base.port}` : ''}` });
    if (res.status === 404) continue; // no staging tools (production) or not a partner
    if (res.status !== 200) throw new Error(`GET /api/stgtools/network-sample on ${code} answered ${res.status}: ${res.body.slice(0, 200)}`);
    const sample = JSON.parse(res.body) as NetworkSample;
    for (const c of sample.cards) cards.push({ ...c, partner: code });
    for (const l of sample.locations) locations.set(l.locationId, l);
  }
  return { cards, locations: [...locations.values()] };
}

/** The stream: each purchase's events, its clearing and refund placed later among the others. */
function buildStream(cards: Card[], locations: Location[]): CardNetworkEvent[] {
  const stream: Array<{ order: number; event: CardNetworkEvent }> = [];
  const now = Date.now();
  for (let i = 0; i < dines; i++) {
    const card = rng.pick(cards);
    const place = rng.pick(locations);
    const online = rng.chance(0.08);
    const bill = rng.int(1500, 16000);
    const purchase: Purchase = {
      transactionId: newTransactionId('sim'), cardToken: card.cardToken, locationId: place.locationId,
      // Dined in the last few hours, in the restaurant's own time.
      localDateTime: merchantLocalDateTime(new Date(now - rng.int(5, 240) * 60_000), place.state),
      ...(online ? { onlineOrder: true, subtotalCents: Math.round(bill * 0.87) } : {}),
    };
    const cleared = online ? bill : bill + Math.round(bill * rng.float(0.12, 0.25));
    const roll = rng.next();
    const clearingOnly = roll < 0.08;
    const neverCleared = roll >= 0.08 && roll < 0.13;
    if (!clearingOnly) stream.push({ order: i, event: authEvent(purchase, bill) });
    if (!neverCleared) {
      // Clearings come later, Mastercard's in a burst: somewhere after the next few purchases.
      const clearing = { order: i + rng.int(1, Math.max(2, Math.round(dines / 5))) + rng.float(0, 1), event: clearingEvent(purchase, cleared) };
      stream.push(clearing);
      if (rng.chance(0.08)) {
        const whole = rng.chance(0.4);
        stream.push({ order: clearing.order + rng.int(1, 10) + rng.float(0, 1), event: refundEvent(purchase, whole ? cleared : Math.round(cleared * rng.float(0.1, 0.5)), { linked: !whole || rng.chance(0.5) }) });
      }
    }
  }
  stream.sort((a, b) => a.order - b.order);
  return stream.map((s) => s.event);
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
  const events = buildStream(cards, locations);
  const started = Date.now();
  let next = 0;
  const worker = async () => {
    while (next < events.length) {
      const event = events[next++]!;
      await deliver(event);
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
  console.log(`  ${seconds.toFixed(1)} s, ${(stats.sent / Math.max(seconds, 0.001)).toFixed(0)} requests/s. The engine applies them within seconds: see Reviews & History of the demo card members.`);
  if (stats.rejected > 0) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
