import { randomUUID } from 'node:crypto';
import { inspect } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sleep } from '../../../lib/sleep';
import { GiftCardClient, GiftCardError, giftCardStatus, type CreateOrderInput, type GiftCardOrder } from './gift-card-client';
import { MAGIC_CENTS, startGiftCardSimulator, type GiftCardSimulator } from './gift-card-simulator';

/** The adapter against the simulator over real HTTP on an ephemeral port. */
const API_KEY = 'test-gift-card-key';
let sim: GiftCardSimulator;

beforeAll(async () => {
  sim = await startGiftCardSimulator({ port: 0, apiKey: API_KEY, webhookSecret: 'test-webhook-secret-123' });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  Object.assign(sim.settings, { delayMs: 0, deliveryDelayMs: 10, duplicateExternalId: 'existing', magicAmounts: true, webhookUrl: null });
  sim.requests.length = 0;
});

type Logged = { obj: object; msg: string };
function client(opts: { apiKey?: string; timeoutMs?: number; maxAttempts?: number; maxRetryAfterMs?: number; logged?: Logged[]; sleeps?: number[]; wait?: boolean } = {}) {
  return new GiftCardClient({
    baseUrl: sim.url,
    apiKey: opts.apiKey ?? API_KEY,
    timeoutMs: opts.timeoutMs ?? 2_000,
    maxAttempts: opts.maxAttempts ?? 4,
    backoffMs: 5,
    maxBackoffMs: 20,
    maxRetryAfterMs: opts.maxRetryAfterMs,
    log: { warn: (obj, msg) => opts.logged?.push({ obj, msg }) },
    sleep: async (ms) => {
      opts.sleeps?.push(ms);
      // The client's own backoff (what is under test), not a wait of the test's.
      // eslint-disable-next-line local/no-fixed-sleep
      if (opts.wait !== false) await sleep(ms);
    },
  });
}

const order = (amountCents: number, over: Partial<CreateOrderInput> = {}): CreateOrderInput => ({
  externalId: `red_${randomUUID()}`,
  amountCents,
  currency: 'USD',
  productIds: ['OKMHM2X2OHYV'],
  recipient: { name: 'Ada Member', email: 'ada@example.com' },
  deliveryMethod: 'EMAIL',
  fundingSourceId: 'balance',
  ...over,
});

/** Polls until `read` gives a value `done` accepts (no fixed sleeps: the simulator's timers decide). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 3_000): Promise<T> {
  return vi.waitFor(async () => {
    const value = await read();
    if (!done(value)) throw new Error(`Condition not met yet; last value: ${inspect(value)}`);
    return value;
  }, { timeout: timeoutMs, interval: 5 });
}

const ordersAtSim = (externalId: string) => sim.orders().filter((o) => o.externalId === externalId);
const creates = () => sim.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/orders');
const lookups = () => sim.requests.filter((r) => r.method === 'GET' && r.path === '/api/v2/orders');
const dollars = (whole: number, cents: number) => whole * 100 + cents;

describe('gift-card client: outcomes', () => {
  it('an EMAIL card is received, then completed once delivered; it is found by its id and by our external id', async () => {
    const c = client();
    const input = order(2500);
    const placed = await c.createOrder(input);
    expect(placed).toMatchObject({ externalId: input.externalId, status: 'pending_received', held: false, reason: null, amountCents: 2500, deliveryMethod: 'EMAIL', link: null });
    const done = await until(() => c.getOrder(placed.id), (o) => o.status === 'completed');
    expect(done.provider).toMatchObject({ orderStatus: 'EXECUTED', deliveryStatus: 'SUCCEEDED' });
    expect((await c.getOrderByExternalId(input.externalId))?.id).toBe(placed.id);
    expect(await c.getOrderByExternalId(`red_${randomUUID()}`)).toBeNull();
    await expect(c.getOrder('NOSUCHORDER1')).rejects.toMatchObject({ code: 'not_found', retryable: false });
  });

  it(`declined (cents .${MAGIC_CENTS.declined}) → rejected, with the reason`, async () => {
    const placed = await client().createOrder(order(dollars(25, MAGIC_CENTS.declined)));
    expect(placed).toMatchObject({ status: 'rejected', reason: 'The gift-card provider declined the order.', provider: { orderStatus: 'FAILED' } });
  });

  it(`delivery failed (cents .${MAGIC_CENTS.deliveryFailed}) → received, then error with the reason`, async () => {
    const c = client();
    const placed = await c.createOrder(order(dollars(25, MAGIC_CENTS.deliveryFailed)));
    expect(placed.status).toBe('pending_received');
    const failed = await until(() => c.getOrder(placed.id), (o) => o.status !== 'pending_received');
    expect(failed).toMatchObject({ status: 'error', reason: 'The gift card could not be delivered: the e-mail address does not exist or has a typo.' });
  });

  it(`flagged for review (cents .${MAGIC_CENTS.flagged}) → received and held until the provider approves, then completed`, async () => {
    const c = client();
    const placed = await c.createOrder(order(dollars(40, MAGIC_CENTS.flagged)));
    expect(placed).toMatchObject({ status: 'pending_received', held: true, reason: expect.stringMatching(/reviewing the order/), provider: { orderStatus: 'PENDING APPROVAL' } });
    // Held: still held once an order placed after it has been delivered.
    const control = await c.createOrder(order(dollars(40, 0)));
    await until(() => c.getOrder(control.id), (o) => o.status === 'completed');
    expect((await c.getOrder(placed.id)).held).toBe(true);
    const approved = await fetch(`${sim.url}/api/v2/order_approvals/${placed.id}/approve`, { method: 'POST', headers: { authorization: `Bearer ${API_KEY}` } });
    expect(approved.status).toBe(200);
    expect(await until(() => c.getOrder(placed.id), (o) => o.status === 'completed')).toMatchObject({ held: false });
  });

  it('a LINK card is completed with its link, which no log, JSON or inspection shows', async () => {
    const logged: Logged[] = [];
    const c = client({ logged });
    // .94: the first answer is a 500 after storing, so the retry path (and its log lines) runs too.
    const placed = await c.createOrder(order(dollars(10, MAGIC_CENTS.serverErrorAfterStore), { deliveryMethod: 'LINK' }));
    expect(placed.status).toBe('completed');
    const link = placed.link!.reveal();
    expect(link).toMatch(new RegExp(`^${sim.url}/rewards/claim/[0-9a-f]{32}$`));
    expect(logged.length).toBeGreaterThan(0);
    for (const shown of [JSON.stringify(placed), inspect(placed, { depth: 5 }), String(placed.link), `${placed.link}`, JSON.stringify(logged), inspect(logged, { depth: 5 })]) {
      expect(shown).not.toContain(link);
      expect(shown).not.toContain(link.split('/').at(-1));
    }
    expect(String(placed.link)).toBe('[reward link hidden]');
  });

  it('maps every provider state to our statuses', () => {
    const cases: Array<[Parameters<typeof giftCardStatus>, GiftCardOrder['status']]> = [
      [['OPEN', null, 'EMAIL'], 'pending'],
      [['CART', null, 'EMAIL'], 'pending'],
      [['PENDING APPROVAL', 'PENDING', 'EMAIL'], 'pending_received'],
      [['PENDING INTERNAL PAYMENT APPROVAL', 'PENDING', 'EMAIL'], 'pending_received'],
      [['EXECUTED', 'SCHEDULED', 'EMAIL'], 'pending_received'],
      [['EXECUTED', 'PENDING', 'EMAIL'], 'pending_received'],
      [['EXECUTED', 'SUCCEEDED', 'EMAIL'], 'completed'],
      [['EXECUTED', 'PENDING', 'LINK'], 'completed'],
      [['EXECUTED', 'FAILED', 'EMAIL'], 'error'],
      [['FAILED', null, 'EMAIL'], 'rejected'],
      [['CANCELED', 'PENDING', 'EMAIL'], 'rejected'],
    ];
    for (const [args, status] of cases) expect([args, giftCardStatus(...args)]).toEqual([args, status]);
  });
});

describe('gift-card client: retries order nothing twice', () => {
  it('429 then success: waits the Retry-After before trying again', async () => {
    const sleeps: number[] = [];
    sim.failNext({ kind: 'rateLimited', retryAfterSeconds: 1 });
    const input = order(2500);
    const placed = await client({ sleeps }).createOrder(input);
    expect(placed.status).toBe('pending_received');
    expect(sleeps).toEqual([1000]);
    const [first, second] = creates();
    expect(creates()).toHaveLength(2);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(990);
    // A 429 stored nothing: no lookup was needed.
    expect(lookups()).toHaveLength(0);
    expect(ordersAtSim(input.externalId)).toHaveLength(1);
  });

  it(`the magic 429 (cents .${MAGIC_CENTS.rateLimited}) answers Retry-After: 1 once`, async () => {
    const sleeps: number[] = [];
    const input = order(dollars(25, MAGIC_CENTS.rateLimited));
    // The wait itself is proven above; here only that it was asked for.
    expect((await client({ sleeps, wait: false }).createOrder(input)).status).toBe('pending_received');
    expect(sleeps).toEqual([1000]);
    expect(ordersAtSim(input.externalId)).toHaveLength(1);
  });

  it('a Retry-After longer than the client holds a call open ends the call at once, retryable', async () => {
    const sleeps: number[] = [];
    sim.failNext({ kind: 'rateLimited', retryAfterSeconds: 120 });
    const err = await client({ sleeps, maxRetryAfterMs: 5_000 }).createOrder(order(2500)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GiftCardError);
    expect(err).toMatchObject({ code: 'rate_limited', retryable: true, httpStatus: 429, message: expect.stringMatching(/asked us to slow down for 120 s/) });
    expect(sleeps).toEqual([]);
  });

  it('a 5xx answered after the order was stored: the retry finds it by external id and orders nothing more', async () => {
    // A provider that would take the same external id twice: only the client's lookup prevents a second order.
    sim.settings.duplicateExternalId = 'create';
    sim.failNext({ kind: 'serverErrorAfterStore' });
    const input = order(2500);
    const placed = await client().createOrder(input);
    expect(ordersAtSim(input.externalId)).toHaveLength(1);
    expect(placed.id).toBe(ordersAtSim(input.externalId)[0]!.id);
    expect(creates()).toHaveLength(1);
    expect(lookups()).toHaveLength(1);
  });

  it(`the magic 5xx after store (cents .${MAGIC_CENTS.serverErrorAfterStore}) gives one order too`, async () => {
    sim.settings.duplicateExternalId = 'create';
    const input = order(dollars(25, MAGIC_CENTS.serverErrorAfterStore));
    await client().createOrder(input);
    expect(ordersAtSim(input.externalId)).toHaveLength(1);
  });

  it('a timeout after the order was stored: the retry finds it and orders nothing more', async () => {
    sim.settings.duplicateExternalId = 'create';
    sim.failNext({ kind: 'slow', ms: 300 });
    const input = order(2500);
    const placed = await client({ timeoutMs: 100 }).createOrder(input);
    expect(placed.externalId).toBe(input.externalId);
    expect(ordersAtSim(input.externalId)).toHaveLength(1);
    expect(creates()).toHaveLength(1);
  });

  it('a 5xx before anything was stored: looks, finds nothing, orders once', async () => {
    sim.settings.duplicateExternalId = 'create';
    sim.failNext({ kind: 'serverError' });
    const input = order(2500);
    await client().createOrder(input);
    expect(creates()).toHaveLength(2);
    expect(lookups()).toHaveLength(1);
    expect(ordersAtSim(input.externalId)).toHaveLength(1);
  });

  it.each(['existing', 'conflict'] as const)('the same external id twice gives the same order (provider answers %s)', async (mode) => {
    sim.settings.duplicateExternalId = mode;
    const c = client();
    const input = order(2500);
    const first = await c.createOrder(input);
    const second = await c.createOrder({ ...input, amountCents: 9900 });
    expect(second.id).toBe(first.id);
    expect(second.amountCents).toBe(2500);
    expect(ordersAtSim(input.externalId)).toHaveLength(1);
  });

  it('a 409 that does not carry the order: the order holding the external id is looked up', async () => {
    sim.settings.duplicateExternalId = 'conflict';
    // A provider whose 409 says only "taken".
    const bare = new GiftCardClient({
      baseUrl: sim.url, apiKey: API_KEY, backoffMs: 5, maxBackoffMs: 20,
      fetch: async (url, init) => {
        const res = await fetch(url, init);
        return res.status === 409 ? new Response(JSON.stringify({ errors: { message: 'external_id taken' } }), { status: 409 }) : res;
      },
    });
    const input = order(2500);
    const first = await bare.createOrder(input);
    sim.requests.length = 0;
    expect((await bare.createOrder(input)).id).toBe(first.id);
    expect(lookups()).toHaveLength(1);
    expect(ordersAtSim(input.externalId)).toHaveLength(1);
  });

  it('gives up after its attempts with a retryable error that says the order may exist', async () => {
    for (let i = 0; i < 3; i++) sim.failNext({ kind: 'serverError' });
    const err = await client({ maxAttempts: 3 }).createOrder(order(2500)).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'unavailable', retryable: true, message: expect.stringMatching(/had a problem \(503\)[\s\S]*Gave up after 3 attempts\. The order may exist at the provider: look it up by its external id/) });
  });

  it('final errors are not retried and say what to fix', async () => {
    const key = await client({ apiKey: 'wrong' }).createOrder(order(2500)).catch((e: unknown) => e);
    expect(key).toMatchObject({ code: 'unauthorized', retryable: false, httpStatus: 401, message: expect.stringMatching(/refused our API key \(401\)[\s\S]*check GIFT_CARD_API_KEY/) });
    expect(creates()).toHaveLength(1);
    sim.requests.length = 0;
    const big = await client().createOrder(order(2_000_000)).catch((e: unknown) => e);
    expect(big).toMatchObject({ code: 'invalid_request', retryable: false, httpStatus: 400, message: expect.stringMatching(/refused to place the order \(400\)\. It said: "Invalid order: reward\.value\.denomination/) });
    expect(creates()).toHaveLength(1);
    await expect(client().createOrder(order(10.5))).rejects.toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/whole, positive number of cents/) });
    await expect(client().createOrder(order(2500, { productIds: [] }))).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('a simulator port in use is said with the setting to change', async () => {
    const port = Number(new URL(sim.url).port);
    await expect(startGiftCardSimulator({ port, apiKey: API_KEY, webhookSecret: 'x'.repeat(16) }))
      .rejects.toThrow(`The gift-card simulator's port ${port} is in use: set GIFT_CARD_SIMULATOR_PORT to a free one.`);
  });

  it('an unreachable provider is a retryable network error', async () => {
    const gone = await startGiftCardSimulator({ port: 0, apiKey: API_KEY, webhookSecret: 'x'.repeat(16) });
    await gone.close();
    const c = new GiftCardClient({ baseUrl: gone.url, apiKey: API_KEY, maxAttempts: 2, backoffMs: 1, maxBackoffMs: 2 });
    await expect(c.getOrder('X')).rejects.toMatchObject({ code: 'network', retryable: true, message: expect.stringMatching(/could not be reached[\s\S]*Gave up after 2 attempts/) });
  });
});
