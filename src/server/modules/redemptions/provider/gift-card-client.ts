import { timingSafeEqual } from 'node:crypto';
import { inspect } from 'node:util';
import { z } from 'zod';
import { API_PATHS } from '#shared/api-paths';
import type { RedemptionStatus } from '#shared/constants/rewards';
import { keyedHmacSha256 } from '../../../lib/hmac-sha256';
import { sleep as realSleep } from '../../../lib/sleep';

/**
 * The gift-card provider's API as we use it, shaped on Tremendous v2 (docs/features/redemptions.md,
 * "Provider contract and simulator"): one order per redemption, carrying our redemption id as
 * `external_id` so the provider, not our memory, is what makes a retry order nothing twice. The same
 * client talks to the real service (GIFT_CARD_API_URL) and to the simulator (gift-card-simulator.ts).
 */

/** Header of the webhook's signature: `sha256=<hex HMAC-SHA256 of the raw body>`. */
export const GIFT_CARD_SIGNATURE_HEADER = 'tremendous-webhook-signature';
/**
 * Where our app takes the provider's webhooks. The route itself belongs to the redemptions ledger;
 * the simulator started in main.ts posts here, so both sides name the path once.
 */
export const GIFT_CARD_WEBHOOK_PATH = API_PATHS.giftCardWebhook.path;

type DeliveryMethod = 'EMAIL' | 'LINK';

/** Provider order states (Tremendous' names; CART is the older name of OPEN). */
const ZOrderStatus = z.enum(['OPEN', 'CART', 'EXECUTED', 'FAILED', 'CANCELED', 'PENDING APPROVAL', 'PENDING INTERNAL PAYMENT APPROVAL']);
type ProviderOrderStatus = z.infer<typeof ZOrderStatus>;
const ZDeliveryStatus = z.enum(['SCHEDULED', 'PENDING', 'SUCCEEDED', 'FAILED']);
type ProviderDeliveryStatus = z.infer<typeof ZDeliveryStatus>;

const ZWireReward = z.object({
  id: z.string().min(1),
  order_id: z.string().optional(),
  value: z.object({ denomination: z.number().nonnegative(), currency_code: z.string() }),
  delivery: z.object({
    method: z.enum(['EMAIL', 'LINK', 'PHONE']),
    status: ZDeliveryStatus,
    link: z.string().url().optional(),
    failure_reason: z.string().optional(),
  }),
});
const ZWireOrder = z.object({
  id: z.string().min(1),
  external_id: z.string().nullish(),
  status: ZOrderStatus,
  created_at: z.string().optional(),
  rewards: z.array(ZWireReward).default([]),
});
type WireOrder = z.infer<typeof ZWireOrder>;
const ZOrderBody = z.object({ order: ZWireOrder });
const ZOrderList = z.object({ orders: z.array(ZWireOrder) });
const ZRewardBody = z.object({ reward: ZWireReward.extend({ order_id: z.string().min(1) }) });
/** Tremendous answers errors as `{ errors: { message } }` (and a 429 as `{ error: { message } }`). */
const ZErrorBody = z.object({
  errors: z.object({ message: z.string() }).optional(),
  error: z.object({ message: z.string() }).optional(),
});

/**
 * A claim link of a LINK reward. It is the gift card itself: whoever holds it spends it. Printed,
 * logged or serialised it shows a placeholder; only reveal() gives it, for the one e-mail that
 * delivers it.
 */
export class RewardLink {
  readonly #url: string;
  constructor(url: string) {
    this.#url = url;
  }
  reveal(): string {
    return this.#url;
  }
  toString(): string {
    return '[reward link hidden]';
  }
  toJSON(): string {
    return '[reward link hidden]';
  }
  [inspect.custom](): string {
    return '[reward link hidden]';
  }
}

/** An order as the redemptions ledger sees it. Never holds the code; a LINK reward's link is wrapped. */
export type GiftCardOrder = {
  /** The provider's order id. */
  id: string;
  /** Ours: the redemption's id. */
  externalId: string;
  status: RedemptionStatus;
  /** Flagged for the provider's fraud review: money taken, card not sent until released. */
  held: boolean;
  /** Why the order is rejected, failed or held, in words a member or supervisor understands; null otherwise. */
  reason: string | null;
  amountCents: number;
  deliveryMethod: DeliveryMethod | 'PHONE' | null;
  /** The provider's own states, for support and the audit trail. */
  provider: { orderStatus: ProviderOrderStatus; deliveryStatus: ProviderDeliveryStatus | null; rewardId: string | null };
  /** LINK rewards once executed; null otherwise. */
  link: RewardLink | null;
};

/**
 * The provider's states → our redemption statuses (§3). An order is `pending` until the provider has
 * processed it, `pending_received` while the card is on its way (or held for review), `completed`
 * once delivered (a LINK reward is delivered when its link exists: we send it ourselves),
 * `rejected` when the provider refused it (nothing was bought), `error` when the card could not be
 * delivered.
 */
export function giftCardStatus(order: ProviderOrderStatus, delivery: ProviderDeliveryStatus | null, method: DeliveryMethod | 'PHONE' | null): RedemptionStatus {
  switch (order) {
    case 'OPEN':
    case 'CART':
      return 'pending';
    case 'PENDING APPROVAL':
    case 'PENDING INTERNAL PAYMENT APPROVAL':
      return 'pending_received';
    case 'FAILED':
    case 'CANCELED':
      return 'rejected';
    case 'EXECUTED':
      if (delivery === 'FAILED') return 'error';
      if (delivery === 'SUCCEEDED' || method === 'LINK') return 'completed';
      return 'pending_received';
  }
}

const FAILURE_REASONS: Record<string, string> = {
  invalid_email: 'the e-mail address does not exist or has a typo',
  invalid_domain: 'the e-mail address\'s domain does not take e-mail',
  mailbox_unavailable: 'the mailbox is full or not taking e-mail',
  domain_block: 'the e-mail provider blocked the message',
  spam_report: 'the recipient marked earlier reward e-mails as spam',
};

function reasonOf(order: WireOrder, status: RedemptionStatus): string | null {
  const delivery = order.rewards[0]?.delivery;
  if (status === 'rejected') return order.status === 'CANCELED' ? 'The gift-card provider cancelled the order.' : 'The gift-card provider declined the order.';
  if (status === 'error') {
    const why = delivery?.failure_reason ? FAILURE_REASONS[delivery.failure_reason] ?? delivery.failure_reason.replace(/_/g, ' ') : undefined;
    return `The gift card could not be delivered${why ? `: ${why}` : ''}.`;
  }
  if (order.status === 'PENDING APPROVAL' || order.status === 'PENDING INTERNAL PAYMENT APPROVAL') return 'The gift-card provider is reviewing the order before it sends the card.';
  return null;
}

function toOrder(wire: WireOrder): GiftCardOrder {
  const reward = wire.rewards[0];
  const method = reward?.delivery.method ?? null;
  const status = giftCardStatus(wire.status, reward?.delivery.status ?? null, method);
  return {
    id: wire.id,
    externalId: wire.external_id ?? '',
    status,
    held: wire.status === 'PENDING APPROVAL' || wire.status === 'PENDING INTERNAL PAYMENT APPROVAL',
    reason: reasonOf(wire, status),
    amountCents: Math.round((reward?.value.denomination ?? 0) * 100),
    deliveryMethod: method,
    provider: { orderStatus: wire.status, deliveryStatus: reward?.delivery.status ?? null, rewardId: reward?.id ?? null },
    link: reward?.delivery.link && wire.status === 'EXECUTED' ? new RewardLink(reward.delivery.link) : null,
  };
}

type ErrorCode = 'rate_limited' | 'unavailable' | 'timeout' | 'network' | 'unauthorized' | 'invalid_request' | 'not_found' | 'conflict' | 'bad_response' | 'bad_webhook';

/**
 * A call that did not give an answer we can use. `retryable`: trying again later may work (the
 * provider was busy, down or slow; for a create, the order may exist: look it up by external id
 * first, as createOrder does). Otherwise final: the same call will fail the same way.
 */
export class GiftCardError extends Error {
  override readonly name = 'GiftCardError';
  constructor(readonly code: ErrorCode, readonly retryable: boolean, message: string, readonly httpStatus?: number) {
    super(message);
  }
}

type Log = { warn: (obj: object, msg: string) => void };

type ClientOptions = {
  /** e.g. https://www.tremendous.com (production), https://testflight.tremendous.com (sandbox) or the simulator's URL. */
  baseUrl: string;
  apiKey: string;
  /** Per attempt; a member may be waiting. */
  timeoutMs?: number;
  /** Attempts per call, the first included. */
  maxAttempts?: number;
  /** First backoff after a 5xx or timeout; doubled per attempt, capped by maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** A Retry-After longer than this ends the call (retryable) rather than holding a request open. */
  maxRetryAfterMs?: number;
  /** Attempts that fail are logged here: never bodies, so never a code or link. */
  log?: Log;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
};

export type CreateOrderInput = {
  /** Our redemption id: the provider's idempotency key. */
  externalId: string;
  amountCents: number;
  currency: 'USD';
  productIds: readonly string[];
  recipient: { name: string; email: string };
  deliveryMethod: DeliveryMethod;
  fundingSourceId: string;
};

/** Retry-After in ms: whole seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

type Attempt =
  | { kind: 'answer'; status: number; body: unknown; retryAfterMs?: number }
  | { kind: 'lost'; error: GiftCardError };

export class GiftCardClient {
  private readonly fetchFn: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly opts: Required<Omit<ClientOptions, 'log' | 'fetch' | 'sleep'>> & { log?: Log };

  constructor(options: ClientOptions) {
    this.fetchFn = options.fetch ?? fetch;
    this.sleep = options.sleep ?? realSleep;
    this.opts = {
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      apiKey: options.apiKey,
      timeoutMs: options.timeoutMs ?? 10_000,
      maxAttempts: options.maxAttempts ?? 4,
      backoffMs: options.backoffMs ?? 250,
      maxBackoffMs: options.maxBackoffMs ?? 4_000,
      maxRetryAfterMs: options.maxRetryAfterMs ?? 30_000,
      log: options.log,
    };
  }

  /**
   * Places the order for one redemption, or answers the one already placed under its external id.
   * After a 5xx or a timeout the provider may have stored the order before failing to answer, so
   * the next attempt first looks it up by external id; a 409 for the external id is answered with
   * the order that holds it. Either way one redemption is one order.
   */
  async createOrder(input: CreateOrderInput): Promise<GiftCardOrder> {
    if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) throw new GiftCardError('invalid_request', false, `A gift card needs a whole, positive number of cents (got ${input.amountCents}).`);
    if (!input.productIds.length) throw new GiftCardError('invalid_request', false, 'A gift card order needs at least one product to choose from.');
    if (!input.externalId) throw new GiftCardError('invalid_request', false, 'A gift card order needs our redemption id as its external id, or a retry could order it twice.');
    const body = {
      external_id: input.externalId,
      payment: { funding_source_id: input.fundingSourceId },
      reward: {
        value: { denomination: input.amountCents / 100, currency_code: input.currency },
        products: input.productIds,
        recipient: { name: input.recipient.name, email: input.recipient.email },
        delivery: { method: input.deliveryMethod },
      },
    };
    let mayExist = false;
    let last: GiftCardError | undefined;
    for (let attempt = 1; attempt <= this.opts.maxAttempts; attempt++) {
      if (mayExist) {
        const found = await this.findOnce(input.externalId);
        if (found.kind === 'found') return found.order;
        if (found.kind === 'error') {
          last = found.error;
          if (!found.error.retryable) throw found.error;
          await this.backoff(attempt);
          continue;
        }
      }
      const result = await this.attempt('POST', '/api/v2/orders', body);
      if (result.kind === 'lost') {
        // No answer: the order may have been stored. Look before placing it again.
        mayExist = true;
        last = result.error;
        this.logRetry(attempt, 'create', input.externalId, result.error);
        await this.backoff(attempt);
        continue;
      }
      if (result.status === 200 || result.status === 201) return toOrder(this.parse(ZOrderBody, result.body, 'the new order').order);
      if (result.status === 409) {
        // The external id is taken: by our own earlier attempt. Its order is the answer.
        const held = ZOrderBody.safeParse(result.body);
        if (held.success) return toOrder(held.data.order);
        const found = await this.getOrderByExternalId(input.externalId);
        if (found) return found;
        throw new GiftCardError('conflict', false, `The gift-card provider says external id ${input.externalId} is taken, but no order carries it.`, 409);
      }
      const error = this.errorOf(result.status, result.body, 'place the order', result.retryAfterMs);
      if (!error.retryable) throw error;
      // A 5xx may come after the order was stored; a 429 never stored anything.
      if (result.status >= 500) mayExist = true;
      last = error;
      this.logRetry(attempt, 'create', input.externalId, error);
      const next = await this.wait(attempt, error, result.retryAfterMs);
      if (next === 'too long') throw error;
      if (next === 'no attempts left') break;
    }
    throw this.givenUp(last, mayExist);
  }

  /** One order by the provider's id. */
  async getOrder(id: string): Promise<GiftCardOrder> {
    const body = await this.read(`/api/v2/orders/${encodeURIComponent(id)}`, `read order ${id}`);
    return toOrder(this.parse(ZOrderBody, body, 'the order').order);
  }

  /** The order carrying our external id, or null when the provider has none. */
  async getOrderByExternalId(externalId: string): Promise<GiftCardOrder | null> {
    const body = await this.read(`/api/v2/orders?external_id=${encodeURIComponent(externalId)}`, `look up order ${externalId}`);
    const wire = this.parse(ZOrderList, body, 'the order list').orders.find((o) => o.external_id === externalId);
    return wire ? toOrder(wire) : null;
  }

  /**
   * The order a webhook is about, read fresh from the provider. Webhooks come late, twice or out of
   * order and carry only the resource's id, so the order's state now, not the event, is the truth.
   */
  async orderOfEvent(event: GiftCardWebhookEvent): Promise<GiftCardOrder> {
    if (event.resource.type === 'orders') return this.getOrder(event.resource.id);
    const body = await this.read(`/api/v2/rewards/${encodeURIComponent(event.resource.id)}`, `read reward ${event.resource.id}`);
    return this.getOrder(this.parse(ZRewardBody, body, 'the reward').reward.order_id);
  }

  /** A GET with retries (reads change nothing, so every failure may be retried). */
  private async read(path: string, what: string): Promise<unknown> {
    let last: GiftCardError | undefined;
    for (let attempt = 1; attempt <= this.opts.maxAttempts; attempt++) {
      const result = await this.attempt('GET', path);
      if (result.kind === 'answer' && result.status === 200) return result.body;
      const error = result.kind === 'lost' ? result.error : this.errorOf(result.status, result.body, what, result.retryAfterMs);
      if (!error.retryable) throw error;
      last = error;
      this.logRetry(attempt, what, undefined, error);
      const next = await this.wait(attempt, error, result.kind === 'answer' ? result.retryAfterMs : undefined);
      if (next === 'too long') throw error;
      if (next === 'no attempts left') break;
    }
    throw this.givenUp(last, false);
  }

  /** One lookup inside createOrder's loop: its failures count as that loop's attempts. */
  private async findOnce(externalId: string): Promise<{ kind: 'found'; order: GiftCardOrder } | { kind: 'none' } | { kind: 'error'; error: GiftCardError }> {
    const result = await this.attempt('GET', `/api/v2/orders?external_id=${encodeURIComponent(externalId)}`);
    if (result.kind === 'lost') return { kind: 'error', error: result.error };
    if (result.status !== 200) return { kind: 'error', error: this.errorOf(result.status, result.body, `look up order ${externalId}`, result.retryAfterMs) };
    const wire = this.parse(ZOrderList, result.body, 'the order list').orders.find((o) => o.external_id === externalId);
    return wire ? { kind: 'found', order: toOrder(wire) } : { kind: 'none' };
  }

  private async attempt(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Attempt> {
    let res: Response;
    try {
      res = await this.fetchFn(`${this.opts.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.opts.apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      return {
        kind: 'lost',
        error: timedOut
          ? new GiftCardError('timeout', true, `The gift-card provider did not answer within ${this.opts.timeoutMs} ms.`)
          : new GiftCardError('network', true, `The gift-card provider could not be reached (${err instanceof Error ? err.message : String(err)}).`),
      };
    }
    let parsed: unknown = null;
    try {
      const text = await res.text();
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // The status still says what happened; a body we cannot read is reported where it matters.
      parsed = null;
    }
    return { kind: 'answer', status: res.status, body: parsed, retryAfterMs: retryAfterMs(res.headers.get('retry-after')) };
  }

  private parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
    const parsed = schema.safeParse(body);
    // The body may hold a link or code: the message names the fields only, never their values.
    if (!parsed.success) throw new GiftCardError('bad_response', false, `The gift-card provider answered ${what} in a shape we do not know (${parsed.error.issues.map((i) => i.path.join('.') || '(body)').join(', ')}).`);
    return parsed.data;
  }

  private errorOf(status: number, body: unknown, what: string, retryAfter: number | undefined): GiftCardError {
    const said = ZErrorBody.safeParse(body);
    const message = said.success ? (said.data.errors ?? said.data.error)?.message : undefined;
    const their = message ? ` It said: "${message.slice(0, 200)}"` : '';
    if (status === 429) return new GiftCardError('rate_limited', true, `The gift-card provider asked us to slow down${retryAfter !== undefined ? ` for ${Math.ceil(retryAfter / 1000)} s` : ''} (429) when we tried to ${what}.`, status);
    if (status === 401 || status === 403) return new GiftCardError('unauthorized', false, `The gift-card provider refused our API key (${status}) when we tried to ${what}: check GIFT_CARD_API_KEY.${their}`, status);
    if (status === 404) return new GiftCardError('not_found', false, `The gift-card provider has nothing for that (${status}) when we tried to ${what}.`, status);
    if (status >= 500) return new GiftCardError('unavailable', true, `The gift-card provider had a problem (${status}) when we tried to ${what}; trying again may work.`, status);
    return new GiftCardError('invalid_request', false, `The gift-card provider refused to ${what} (${status}).${their}`, status);
  }

  private backoffMs(attempt: number): number {
    const ceiling = Math.min(this.opts.maxBackoffMs, this.opts.backoffMs * 2 ** (attempt - 1));
    // Half fixed, half random: many workers retrying after one outage do not all come back at once.
    return ceiling / 2 + Math.random() * (ceiling / 2);
  }

  private async backoff(attempt: number): Promise<void> {
    if (attempt < this.opts.maxAttempts) await this.sleep(this.backoffMs(attempt));
  }

  /** Waits before the next attempt, unless there is none or the provider asks for longer than we hold a call open. */
  private async wait(attempt: number, error: GiftCardError, retryAfter: number | undefined): Promise<'again' | 'no attempts left' | 'too long'> {
    const ms = error.code === 'rate_limited' ? retryAfter ?? this.backoffMs(attempt) : this.backoffMs(attempt);
    if (error.code === 'rate_limited' && ms > this.opts.maxRetryAfterMs) return 'too long';
    if (attempt >= this.opts.maxAttempts) return 'no attempts left';
    await this.sleep(ms);
    return 'again';
  }

  private logRetry(attempt: number, what: string, externalId: string | undefined, error: GiftCardError): void {
    this.opts.log?.warn({ attempt, of: this.opts.maxAttempts, externalId, code: error.code, httpStatus: error.httpStatus }, `gift-card provider: ${what} failed, ${attempt < this.opts.maxAttempts ? 'retrying' : 'giving up'}: ${error.message}`);
  }

  private givenUp(last: GiftCardError | undefined, mayExist: boolean): GiftCardError {
    const base = last?.message ?? 'The gift-card provider did not answer.';
    const tail = mayExist ? ' The order may exist at the provider: look it up by its external id before placing it again.' : '';
    return new GiftCardError(last?.code ?? 'unavailable', true, `${base} Gave up after ${this.opts.maxAttempts} attempts.${tail}`, last?.httpStatus);
  }
}

// ——— Webhooks ———

const ZWebhookBody = z.object({
  event: z.string().min(1),
  uuid: z.string().min(1),
  created_utc: z.string(),
  payload: z.object({
    resource: z.object({ id: z.string().min(1), type: z.string().min(1) }),
    meta: z.record(z.string(), z.unknown()).optional(),
  }),
});

/** What a webhook means for a redemption; `other` events (invoices, campaigns, …) are acknowledged and ignored. */
type WebhookKind = 'order_status' | 'delivery_succeeded' | 'delivery_failed' | 'flagged' | 'other';

const KINDS: Record<string, WebhookKind> = {
  'ORDERS.CREATED': 'order_status',
  'ORDERS.APPROVED': 'order_status',
  'ORDERS.CANCELED': 'order_status',
  'ORDERS.FAILED': 'order_status',
  'REWARDS.CANCELED': 'order_status',
  'REWARDS.DELIVERY.SUCCEEDED': 'delivery_succeeded',
  'REWARDS.DELIVERY.FAILED': 'delivery_failed',
  'REWARDS.FLAGGED': 'flagged',
};

export type GiftCardWebhookEvent = {
  /** The event's own id: the same event delivered twice has the same id. */
  id: string;
  event: string;
  kind: WebhookKind;
  occurredAt: string;
  resource: { type: 'orders' | 'rewards' | 'other'; id: string };
  /** REWARDS.DELIVERY.FAILED: why, and whether resending to the same address could work. */
  failureReason: string | null;
};

/** `sha256=<hex>` over the raw body: what the provider (and the simulator) sends in GIFT_CARD_SIGNATURE_HEADER. */
export function signGiftCardWebhook(secret: string, rawBody: string): string {
  return `sha256=${Buffer.from(keyedHmacSha256(secret)(rawBody)).toString('hex')}`;
}

/**
 * Whether `signature` is the provider's HMAC-SHA256 of exactly `rawBody` (the bytes received,
 * before any JSON parsing) under the shared secret, compared in constant time so the answer's
 * timing tells a forger nothing about how much of a guess was right.
 */
export function verifyGiftCardWebhook(opts: { secret: string; rawBody: string; signature: string | string[] | undefined }): boolean {
  if (typeof opts.signature !== 'string') return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(opts.signature.trim());
  if (!match) return false;
  const expected = keyedHmacSha256(opts.secret)(opts.rawBody);
  const given = Buffer.from(match[1]!, 'hex');
  return given.length === expected.length && timingSafeEqual(expected, given);
}

/** A verified webhook's body → the event; a body of another shape is a final error (answer 400, do not retry). */
export function parseGiftCardWebhook(rawBody: string): GiftCardWebhookEvent {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new GiftCardError('bad_webhook', false, 'The gift-card webhook is not JSON.');
  }
  const parsed = ZWebhookBody.safeParse(json);
  if (!parsed.success) throw new GiftCardError('bad_webhook', false, `The gift-card webhook lacks ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}.`);
  const { event, uuid, created_utc: occurredAt, payload } = parsed.data;
  const type = payload.resource.type === 'orders' || payload.resource.type === 'rewards' ? payload.resource.type : 'other';
  const reason = payload.meta?.failure_reason;
  return {
    id: uuid,
    event,
    kind: KINDS[event] ?? 'other',
    occurredAt,
    resource: { type, id: payload.resource.id },
    failureReason: typeof reason === 'string' ? reason : null,
  };
}
