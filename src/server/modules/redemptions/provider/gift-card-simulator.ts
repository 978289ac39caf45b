import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { z } from 'zod';
import { sleep } from '../../../lib/sleep';
import { GIFT_CARD_SIGNATURE_HEADER, signGiftCardWebhook } from './gift-card-client';

/**
 * A gift-card provider in memory, speaking the API gift-card-client.ts uses (shaped on Tremendous
 * v2), so development and tests redeem gift cards with no outside service. It also misbehaves on
 * request: amounts whose cents force each outcome, a 5xx answered after the order was stored, a 429
 * with Retry-After, slow answers, and webhooks duplicated or reordered. main.ts starts it outside
 * production when GIFT_CARD_API_URL is unset; docs/features/redemptions.md lists the switches.
 * Orders live in this process only: a restart forgets them, as a sandbox account would be reset.
 */

/**
 * The cents of an amount that force an outcome (any dollars: $25.91 is declined). Other amounts
 * succeed. Set `magicAmounts: false` to turn this off.
 */
export const MAGIC_CENTS = {
  declined: 91,
  deliveryFailed: 92,
  flagged: 93,
  serverErrorAfterStore: 94,
  rateLimited: 95,
} as const;

const ZSettings = z.object({
  /** Every API answer waits this long, in ms (the order is stored first, as a slow provider would). */
  delayMs: z.number().int().min(0).max(60_000),
  /** From paid to delivered (or delivery failed) of an EMAIL reward, in ms. */
  deliveryDelayMs: z.number().int().min(0).max(600_000),
  /** Where webhooks go; null: none are sent. */
  webhookUrl: z.string().url().nullable(),
  /** Each webhook is sent this many times (the same event id each time). */
  webhookCopies: z.number().int().min(1).max(10),
  /** Webhooks are gathered for webhookBatchMs, then sent; reordered: newest first. */
  webhookBatchMs: z.number().int().min(0).max(60_000),
  reorderWebhooks: z.boolean(),
  /**
   * A second create with a taken external id: `existing` answers the first order (201, as
   * Tremendous does), `conflict` answers 409 with it, `create` makes another order (a provider
   * without idempotency: shows whether the client looks before it orders again).
   */
  duplicateExternalId: z.enum(['existing', 'conflict', 'create']),
  magicAmounts: z.boolean(),
});
type SimulatorSettings = z.infer<typeof ZSettings>;

const DEFAULT_SETTINGS: SimulatorSettings = {
  delayMs: 0,
  deliveryDelayMs: 2_000,
  webhookUrl: null,
  webhookCopies: 1,
  webhookBatchMs: 0,
  reorderWebhooks: false,
  duplicateExternalId: 'existing',
  magicAmounts: true,
};

/** One misbehaviour, used up by the next request it applies to. */
const ZFault = z.discriminatedUnion('kind', [
  /** Store the order, then answer 500 as if it had not been. */
  z.object({ kind: z.literal('serverErrorAfterStore') }),
  /** Answer 503 and store nothing. */
  z.object({ kind: z.literal('serverError') }),
  z.object({ kind: z.literal('rateLimited'), retryAfterSeconds: z.number().int().min(0).max(3600) }),
  /** Answer this much later (after storing, for a create). */
  z.object({ kind: z.literal('slow'), ms: z.number().int().min(0).max(60_000) }),
]);
type Fault = z.infer<typeof ZFault>;

type OrderStatus = 'EXECUTED' | 'FAILED' | 'CANCELED' | 'PENDING APPROVAL';
type DeliveryStatus = 'SCHEDULED' | 'PENDING' | 'SUCCEEDED' | 'FAILED';

type SimOrder = {
  id: string;
  externalId: string | null;
  status: OrderStatus;
  createdAt: string;
  fundingSourceId: string;
  reward: {
    id: string;
    amount: number;
    currency: string;
    products: string[];
    recipient: { name: string; email?: string };
    method: 'EMAIL' | 'LINK';
    deliveryStatus: DeliveryStatus;
    failureReason?: string;
    link?: string;
  };
  /** The magic outcome this order plays out (kept so an approved held order still plays it). */
  outcome: 'deliver' | 'deliveryFailed';
};

const ZCreateBody = z.object({
  external_id: z.string().min(1).max(128).optional(),
  payment: z.object({ funding_source_id: z.string().min(1) }),
  reward: z.object({
    value: z.object({ denomination: z.number().positive().max(10_000), currency_code: z.literal('USD') }),
    products: z.array(z.string().min(1)).min(1),
    recipient: z.object({ name: z.string().min(1), email: z.string().email().optional() }),
    delivery: z.object({ method: z.enum(['EMAIL', 'LINK']) }),
  }),
});

const newId = () => randomBytes(9).toString('base64url').toUpperCase().replace(/[^A-Z0-9]/g, 'X').slice(0, 12);

function wireOrder(order: SimOrder) {
  const r = order.reward;
  return {
    id: order.id,
    external_id: order.externalId,
    status: order.status,
    created_at: order.createdAt,
    payment: { funding_source_id: order.fundingSourceId, subtotal: r.amount, total: r.amount, fees: 0 },
    rewards: [{
      id: r.id,
      order_id: order.id,
      created_at: order.createdAt,
      value: { denomination: r.amount, currency_code: r.currency },
      products: r.products,
      recipient: r.recipient,
      delivery: {
        method: r.method,
        status: r.deliveryStatus,
        ...(r.failureReason ? { failure_reason: r.failureReason } : {}),
        ...(r.link && order.status === 'EXECUTED' ? { link: r.link } : {}),
      },
    }],
  };
}

type WebhookDelivery = { id: string; event: string; resourceId: string; status: number | 'unreachable' };

export type GiftCardSimulator = {
  /** e.g. http://127.0.0.1:3002: the adapter's baseUrl. */
  url: string;
  /** Change any time; the next request or event uses it. */
  settings: SimulatorSettings;
  /** Queues a misbehaviour for the next create (`create`) or read (`read`). */
  failNext: (fault: Fault, on?: 'create' | 'read') => void;
  orders: () => readonly SimOrder[];
  /** Requests as received: the method, path (never a body) and time (Date.now()). */
  requests: Array<{ method: string; path: string; at: number }>;
  /** Webhooks as sent, in order, with the receiver's answer. */
  webhooks: WebhookDelivery[];
  /** Sends the webhooks gathered so far now, and waits until they are sent. */
  flushWebhooks: () => Promise<void>;
  close: () => Promise<void>;
};

type Options = {
  port: number;
  host?: string;
  apiKey: string;
  webhookSecret: string;
  settings?: Partial<SimulatorSettings>;
};

export async function startGiftCardSimulator(options: Options): Promise<GiftCardSimulator> {
  const settings: SimulatorSettings = { ...DEFAULT_SETTINGS, ...options.settings };
  const orders = new Map<string, SimOrder>();
  const byExternalId = new Map<string, SimOrder>();
  const faults: Record<'create' | 'read', Fault[]> = { create: [], read: [] };
  /** External ids whose first create has played its magic failure (5xx or 429) already. */
  const failedOnce = new Set<string>();
  const requests: GiftCardSimulator['requests'] = [];
  const webhooks: WebhookDelivery[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let pending: Array<{ id: string; event: string; resourceId: string; body: string }> = [];
  let batchTimer: NodeJS.Timeout | undefined;
  let sending: Promise<void> = Promise.resolve();
  let closed = false;

  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      if (!closed) fn();
    }, ms);
    timers.add(t);
  };

  const send = (batch: typeof pending) => {
    const ordered = settings.reorderWebhooks ? [...batch].reverse() : batch;
    const url = settings.webhookUrl;
    // One sender at a time: the order sent is the order received (unless reordered on purpose).
    sending = sending.then(async () => {
      if (!url) return;
      for (const hook of ordered) {
        for (let copy = 0; copy < settings.webhookCopies; copy++) {
          let status: WebhookDelivery['status'];
          try {
            const res = await fetch(url, {
              method: 'POST',
              headers: { 'content-type': 'application/json', [GIFT_CARD_SIGNATURE_HEADER]: signGiftCardWebhook(options.webhookSecret, hook.body) },
              body: hook.body,
              signal: AbortSignal.timeout(5_000),
            });
            await res.arrayBuffer();
            status = res.status;
          } catch {
            // Not retried: the ledger reads orders back itself (webhooks are hints, not the record).
            status = 'unreachable';
          }
          webhooks.push({ id: hook.id, event: hook.event, resourceId: hook.resourceId, status });
        }
      }
    });
    return sending;
  };

  const flush = () => {
    if (batchTimer) clearTimeout(batchTimer);
    batchTimer = undefined;
    const batch = pending;
    pending = [];
    return send(batch);
  };

  const emit = (event: string, resource: { type: 'orders' | 'rewards'; id: string }, meta?: Record<string, unknown>) => {
    const id = randomUUID();
    const body = JSON.stringify({ event, uuid: id, created_utc: new Date().toISOString(), payload: { resource, ...(meta ? { meta } : {}) } });
    pending.push({ id, event, resourceId: resource.id, body });
    if (settings.webhookBatchMs === 0) return void flush();
    batchTimer ??= setTimeout(() => void flush(), settings.webhookBatchMs);
  };

  /** Paid: an EMAIL reward is delivered (or fails to be) after deliveryDelayMs; a LINK reward is ready now. */
  const execute = (order: SimOrder) => {
    order.status = 'EXECUTED';
    if (order.reward.method === 'LINK') {
      order.reward.deliveryStatus = 'PENDING';
      return;
    }
    order.reward.deliveryStatus = 'SCHEDULED';
    later(settings.deliveryDelayMs, () => {
      if (order.outcome === 'deliveryFailed') {
        order.reward.deliveryStatus = 'FAILED';
        order.reward.failureReason = 'invalid_email';
        emit('REWARDS.DELIVERY.FAILED', { type: 'rewards', id: order.reward.id }, { failure_reason: 'invalid_email', retryable: false });
      } else {
        order.reward.deliveryStatus = 'SUCCEEDED';
        emit('REWARDS.DELIVERY.SUCCEEDED', { type: 'rewards', id: order.reward.id });
      }
    });
  };

  const app: FastifyInstance = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  const error = (reply: FastifyReply, status: number, message: string) => reply.status(status).send({ errors: { message, payload: {} } });

  app.addHook('onRequest', async (request, reply) => {
    requests.push({ method: request.method, path: request.url.split('?')[0]!, at: Date.now() });
    if (request.headers.authorization !== `Bearer ${options.apiKey}`) return error(reply, 401, 'The API key is missing or not valid.');
  });

  /** A queued fault for this kind of request, or a magic one; answers and returns true when it answered. */
  const misbehave = async (reply: FastifyReply, fault: Fault | undefined): Promise<boolean> => {
    if (!fault) return false;
    if (fault.kind === 'slow') {
      await sleep(fault.ms);
      return false;
    }
    if (fault.kind === 'rateLimited') {
      reply.header('retry-after', String(fault.retryAfterSeconds));
      await reply.status(429).send({ error: { message: 'Too many requests', payload: {} } });
      return true;
    }
    await error(reply, fault.kind === 'serverError' ? 503 : 500, 'Something went wrong on our side.');
    return true;
  };

  app.post('/api/v2/orders', async (request, reply) => {
    const fault = faults.create.shift();
    if (fault?.kind === 'rateLimited' || fault?.kind === 'serverError') return misbehave(reply, fault);
    const parsed = ZCreateBody.safeParse(request.body);
    if (!parsed.success) return error(reply, 400, `Invalid order: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
    const body = parsed.data;
    if (body.reward.delivery.method === 'EMAIL' && !body.reward.recipient.email) return error(reply, 400, 'Invalid order: reward.recipient.email is required for EMAIL delivery.');
    const cents = Math.round(body.reward.value.denomination * 100) % 100;
    const magic = settings.magicAmounts ? cents : -1;
    const externalId = body.external_id ?? null;

    if (magic === MAGIC_CENTS.rateLimited && externalId && !failedOnce.has(externalId)) {
      failedOnce.add(externalId);
      return misbehave(reply, { kind: 'rateLimited', retryAfterSeconds: 1 });
    }
    const existing = externalId ? byExternalId.get(externalId) : undefined;
    if (existing && settings.duplicateExternalId !== 'create') {
      await sleep(settings.delayMs);
      // A queued fault applies to a repeated create as to a first one (a retry can fail again).
      if (await misbehave(reply, fault)) return reply;
      if (settings.duplicateExternalId === 'conflict') return reply.status(409).send({ errors: { message: 'An order with this external_id exists.', payload: {} }, order: wireOrder(existing) });
      return reply.status(201).send({ order: wireOrder(existing) });
    }

    const order: SimOrder = {
      id: newId(),
      externalId,
      status: 'EXECUTED',
      createdAt: new Date().toISOString(),
      fundingSourceId: body.payment.funding_source_id,
      reward: {
        id: newId(),
        amount: body.reward.value.denomination,
        currency: body.reward.value.currency_code,
        products: body.reward.products,
        recipient: body.reward.recipient,
        method: body.reward.delivery.method,
        deliveryStatus: 'SCHEDULED',
        ...(body.reward.delivery.method === 'LINK' ? { link: `${simulator.url}/rewards/claim/${randomBytes(16).toString('hex')}` } : {}),
      },
      outcome: magic === MAGIC_CENTS.deliveryFailed ? 'deliveryFailed' : 'deliver',
    };
    orders.set(order.id, order);
    if (externalId) byExternalId.set(externalId, order);
    emit('ORDERS.CREATED', { type: 'orders', id: order.id });
    if (magic === MAGIC_CENTS.declined) {
      order.status = 'FAILED';
      emit('ORDERS.FAILED', { type: 'orders', id: order.id });
    } else if (magic === MAGIC_CENTS.flagged) {
      order.status = 'PENDING APPROVAL';
      order.reward.deliveryStatus = 'PENDING';
      emit('REWARDS.FLAGGED', { type: 'rewards', id: order.reward.id });
    } else {
      execute(order);
    }

    await sleep(settings.delayMs);
    if (await misbehave(reply, fault)) return reply;
    if (magic === MAGIC_CENTS.serverErrorAfterStore && externalId && !failedOnce.has(externalId)) {
      failedOnce.add(externalId);
      return misbehave(reply, { kind: 'serverErrorAfterStore' });
    }
    return reply.status(200).send({ order: wireOrder(order) });
  });

  const read = async <T>(reply: FastifyReply, answer: () => T) => {
    if (await misbehave(reply, faults.read.shift())) return reply;
    await sleep(settings.delayMs);
    return answer();
  };

  app.get<{ Querystring: { external_id?: string } }>('/api/v2/orders', async (request, reply) => read(reply, () => {
    const wanted = request.query.external_id;
    const list = [...orders.values()].filter((o) => wanted === undefined || o.externalId === wanted);
    return { orders: list.map(wireOrder), total_count: list.length };
  }));

  app.get<{ Params: { id: string } }>('/api/v2/orders/:id', async (request, reply) => read(reply, () => {
    const order = orders.get(request.params.id);
    return order ? { order: wireOrder(order) } : error(reply, 404, 'No order with this id.');
  }));

  app.get<{ Params: { id: string } }>('/api/v2/rewards/:id', async (request, reply) => read(reply, () => {
    const order = [...orders.values()].find((o) => o.reward.id === request.params.id);
    return order ? { reward: wireOrder(order).rewards[0] } : error(reply, 404, 'No reward with this id.');
  }));

  // The provider's review of a flagged order (Tremendous: order approvals).
  app.post<{ Params: { id: string; decision: string } }>('/api/v2/order_approvals/:id/:decision', async (request, reply) => {
    const order = orders.get(request.params.id);
    if (!order) return error(reply, 404, 'No order with this id.');
    if (order.status !== 'PENDING APPROVAL') return error(reply, 422, 'The order is not waiting for approval.');
    if (request.params.decision === 'approve') {
      execute(order);
      emit('ORDERS.APPROVED', { type: 'orders', id: order.id });
    } else if (request.params.decision === 'reject') {
      order.status = 'CANCELED';
      emit('ORDERS.CANCELED', { type: 'orders', id: order.id });
    } else {
      return error(reply, 404, 'Approve or reject.');
    }
    return { order: wireOrder(order) };
  });

  // The switches over HTTP, for a simulator started by main.ts (end-to-end tests, a developer's curl).
  app.patch('/_simulator/settings', async (request, reply) => {
    const parsed = ZSettings.partial().strict().safeParse(request.body);
    if (!parsed.success) return error(reply, 400, parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; '));
    Object.assign(settings, parsed.data);
    return { settings };
  });
  app.post('/_simulator/faults', async (request, reply) => {
    const parsed = z.object({ fault: ZFault, on: z.enum(['create', 'read']).default('create') }).safeParse(request.body);
    if (!parsed.success) return error(reply, 400, parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; '));
    faults[parsed.data.on].push(parsed.data.fault);
    return reply.status(204).send();
  });

  try {
    await app.listen({ port: options.port, host: options.host ?? '127.0.0.1' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new Error(`The gift-card simulator's port ${options.port} is in use: set GIFT_CARD_SIMULATOR_PORT to a free one.`);
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  const simulator: GiftCardSimulator = {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    settings,
    failNext: (fault, on = 'create') => void faults[on].push(fault),
    orders: () => [...orders.values()],
    requests,
    webhooks,
    flushWebhooks: flush,
    close: async () => {
      closed = true;
      for (const t of timers) clearTimeout(t);
      if (batchTimer) clearTimeout(batchTimer);
      await sending;
      await app.close();
    },
  };
  return simulator;
}
