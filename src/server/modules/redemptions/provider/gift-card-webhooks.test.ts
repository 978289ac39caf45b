import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  GIFT_CARD_SIGNATURE_HEADER, GiftCardClient, parseGiftCardWebhook, signGiftCardWebhook, verifyGiftCardWebhook, type CreateOrderInput,
} from './gift-card-client';
import { MAGIC_CENTS, startGiftCardSimulator, type GiftCardSimulator } from './gift-card-simulator';

const API_KEY = 'test-gift-card-key';
const SECRET = 'test-webhook-secret-0123456789';

describe('webhook signatures', () => {
  const body = JSON.stringify({ event: 'ORDERS.CREATED', uuid: 'u1', created_utc: '2026-11-29T12:00:00Z', payload: { resource: { id: 'ORDER1', type: 'orders' } } });
  const signature = signGiftCardWebhook(SECRET, body);

  it('accepts the HMAC-SHA256 of the raw body under the shared secret', () => {
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifyGiftCardWebhook({ secret: SECRET, rawBody: body, signature })).toBe(true);
    expect(verifyGiftCardWebhook({ secret: SECRET, rawBody: body, signature: ` sha256=${signature.slice(7).toUpperCase()} ` })).toBe(true);
  });

  it('refuses another secret, a tampered body, a changed signature and anything not a signature', () => {
    expect(verifyGiftCardWebhook({ secret: `${SECRET}x`, rawBody: body, signature })).toBe(false);
    expect(verifyGiftCardWebhook({ secret: SECRET, rawBody: body.replace('ORDER1', 'ORDER2'), signature })).toBe(false);
    // Re-serialised JSON is other bytes: the check is over the body as received.
    expect(verifyGiftCardWebhook({ secret: SECRET, rawBody: JSON.stringify(JSON.parse(body), null, 1), signature })).toBe(false);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    expect(verifyGiftCardWebhook({ secret: SECRET, rawBody: body, signature: flipped })).toBe(false);
    for (const bad of [undefined, '', signature.slice(7), `sha256=${signature.slice(7, 40)}`, `sha1=${signature.slice(7)}`, [signature, signature]]) {
      expect(verifyGiftCardWebhook({ secret: SECRET, rawBody: body, signature: bad })).toBe(false);
    }
  });

  it('parses events into what they mean for a redemption', () => {
    expect(parseGiftCardWebhook(body)).toEqual({ id: 'u1', event: 'ORDERS.CREATED', kind: 'order_status', occurredAt: '2026-11-29T12:00:00Z', resource: { type: 'orders', id: 'ORDER1' }, failureReason: null });
    const failed = JSON.stringify({ event: 'REWARDS.DELIVERY.FAILED', uuid: 'u2', created_utc: 'x', payload: { resource: { id: 'R1', type: 'rewards' }, meta: { failure_reason: 'invalid_domain', retryable: false } } });
    expect(parseGiftCardWebhook(failed)).toMatchObject({ kind: 'delivery_failed', resource: { type: 'rewards', id: 'R1' }, failureReason: 'invalid_domain' });
    const flagged = JSON.stringify({ event: 'REWARDS.FLAGGED', uuid: 'u3', created_utc: 'x', payload: { resource: { id: 'R1', type: 'rewards' } } });
    expect(parseGiftCardWebhook(flagged).kind).toBe('flagged');
    const other = JSON.stringify({ event: 'INVOICES.PAID', uuid: 'u4', created_utc: 'x', payload: { resource: { id: 'I1', type: 'invoices' } } });
    expect(parseGiftCardWebhook(other)).toMatchObject({ kind: 'other', resource: { type: 'other' } });
    expect(() => parseGiftCardWebhook('{not json')).toThrow(expect.objectContaining({ code: 'bad_webhook', retryable: false, message: 'The gift-card webhook is not JSON.' }));
    expect(() => parseGiftCardWebhook('{"event":"ORDERS.CREATED"}')).toThrow(/The gift-card webhook lacks uuid, created_utc, payload/);
  });
});

describe('webhooks sent by the simulator', () => {
  type Received = { body: string; signature: string | undefined };
  const received: Received[] = [];
  let receiver: Server;
  let receiverUrl: string;
  let sim: GiftCardSimulator;
  let client: GiftCardClient;

  beforeAll(async () => {
    // A bare receiver: the raw bytes and the signature header as they arrived.
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const header = req.headers[GIFT_CARD_SIGNATURE_HEADER];
        received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: Array.isArray(header) ? header[0] : header });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const address = receiver.address();
    receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hooks`;
    sim = await startGiftCardSimulator({ port: 0, apiKey: API_KEY, webhookSecret: SECRET });
    client = new GiftCardClient({ baseUrl: sim.url, apiKey: API_KEY, backoffMs: 5, maxBackoffMs: 20 });
  });
  afterAll(async () => {
    await sim.close();
    await new Promise((resolve) => receiver.close(resolve));
  });
  beforeEach(() => {
    Object.assign(sim.settings, { webhookUrl: receiverUrl, deliveryDelayMs: 0, webhookCopies: 1, webhookBatchMs: 0, reorderWebhooks: false });
    received.length = 0;
  });

  const input = (amountCents: number): CreateOrderInput => ({
    externalId: `red_${randomUUID()}`, amountCents, currency: 'USD', productIds: ['OKMHM2X2OHYV'],
    recipient: { name: 'Ada Member', email: 'ada@example.com' }, deliveryMethod: 'EMAIL', fundingSourceId: 'balance',
  });

  /** Waits until `count` webhooks have arrived (no fixed sleeps). */
  async function arrived(count: number, timeoutMs = 3_000) {
    await vi.waitFor(() => {
      if (received.length < count) throw new Error(`${received.length} of ${count} webhooks arrived`);
    }, { timeout: timeoutMs, interval: 5 });
    return received.map((r) => ({ ...parseGiftCardWebhook(r.body), valid: verifyGiftCardWebhook({ secret: SECRET, rawBody: r.body, signature: r.signature }) }));
  }

  it('signed, in order: the order created, then the card delivered; each leads to the order read fresh', async () => {
    const placed = await client.createOrder(input(2500));
    const events = await arrived(2);
    expect(events.map((e) => [e.event, e.valid])).toEqual([['ORDERS.CREATED', true], ['REWARDS.DELIVERY.SUCCEEDED', true]]);
    expect(received).toHaveLength(2);
    expect(received.every((r) => !verifyGiftCardWebhook({ secret: 'another-secret-entirely', rawBody: r.body, signature: r.signature }))).toBe(true);
    for (const event of events) expect(await client.orderOfEvent(event)).toMatchObject({ id: placed.id, status: 'completed' });
    expect(sim.webhooks.map((w) => w.status)).toEqual(expect.arrayContaining([200]));
  });

  it('the forced outcomes send their events: delivery failed with its reason, flagged, declined', async () => {
    await client.createOrder(input(2500 + MAGIC_CENTS.deliveryFailed));
    await client.createOrder(input(2500 + MAGIC_CENTS.flagged));
    await client.createOrder(input(2500 + MAGIC_CENTS.declined));
    const events = await arrived(6);
    expect(events).toHaveLength(6);
    expect(events.every((e) => e.valid)).toBe(true);
    expect(events.map((e) => e.event).sort()).toEqual(['ORDERS.CREATED', 'ORDERS.CREATED', 'ORDERS.CREATED', 'ORDERS.FAILED', 'REWARDS.DELIVERY.FAILED', 'REWARDS.FLAGGED']);
    const failed = events.find((e) => e.kind === 'delivery_failed')!;
    expect(failed.failureReason).toBe('invalid_email');
    expect(await client.orderOfEvent(failed)).toMatchObject({ status: 'error' });
    expect(await client.orderOfEvent(events.find((e) => e.kind === 'flagged')!)).toMatchObject({ status: 'pending_received', held: true });
  });

  it('duplicated: every event arrives as many times as set, with the same id', async () => {
    sim.settings.webhookCopies = 2;
    await client.createOrder(input(2500));
    const events = await arrived(4);
    expect(events.map((e) => e.event)).toEqual(['ORDERS.CREATED', 'ORDERS.CREATED', 'REWARDS.DELIVERY.SUCCEEDED', 'REWARDS.DELIVERY.SUCCEEDED']);
    expect(events[0]!.id).toBe(events[1]!.id);
    expect(events[2]!.id).toBe(events[3]!.id);
    expect(new Set(events.map((e) => e.id)).size).toBe(2);
    expect(events).toHaveLength(4);
    expect(events.every((e) => e.valid)).toBe(true);
  });

  it('reordered: events gathered in a batch arrive newest first', async () => {
    Object.assign(sim.settings, { reorderWebhooks: true, webhookBatchMs: 100 });
    await client.createOrder(input(2500));
    const events = await arrived(2);
    expect(events.map((e) => e.event)).toEqual(['REWARDS.DELIVERY.SUCCEEDED', 'ORDERS.CREATED']);
    expect(events).toHaveLength(2);
    expect(events.every((e) => e.valid)).toBe(true);
    // Late or early, the order read fresh is the truth.
    expect(await client.orderOfEvent(events[1]!)).toMatchObject({ status: 'completed' });
  });

  it('the switches can be set over HTTP too (a simulator started by main.ts), with the API key only', async () => {
    const patch = (body: unknown, key = API_KEY) => fetch(`${sim.url}/_simulator/settings`, { method: 'PATCH', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await patch({ webhookCopies: 3 }, 'wrong')).status).toBe(401);
    expect((await patch({ webhookCopies: 0 })).status).toBe(400);
    expect((await patch({ webhookCopies: 3 })).status).toBe(200);
    expect(sim.settings.webhookCopies).toBe(3);
    const fault = await fetch(`${sim.url}/_simulator/faults`, { method: 'POST', headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' }, body: JSON.stringify({ fault: { kind: 'serverError' }, on: 'read' }) });
    expect(fault.status).toBe(204);
    const before = sim.requests.length;
    await client.getOrderByExternalId('red_none');
    // The queued 503, then the retry.
    expect(sim.requests.length - before).toBe(2);
  });
});
