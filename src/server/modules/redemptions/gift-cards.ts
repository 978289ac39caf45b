import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { giftCardWebhookEvents, members, redemptions, type RedemptionRow } from '../../db/schema';
import type { RedemptionOption } from '#shared/constants/redemptions';
import { canMove, OPEN_STATUSES } from '#shared/rules/redemptions';
import { GiftCardClient, GiftCardError, type GiftCardOrder, type GiftCardWebhookEvent } from './provider/gift-card-client';
import { moveRedemption } from './transitions';

/**
 * Gift cards (docs/features/redemptions.md "Sending"): the `redemptions-send` job orders each
 * pending, unheld gift-card redemption from the provider with the redemption's public id as the
 * order's external_id, and the provider's answers (the order as created, signed webhooks, a poll of
 * orders that went quiet) move it through the one status machine (transitions.ts).
 *
 * Exactly once: a redemption is claimed for a lease before it is ordered (FOR UPDATE SKIP LOCKED,
 * next_attempt_at moved past the lease); a worker that dies mid-order leaves it to be claimed again
 * when the lease ends, and the provider answers the repeated create with the order it already has
 * for that external_id (the adapter also looks it up after a 5xx or a timeout). Nothing is ordered
 * twice; a retryable failure waits with backoff; a final refusal is `error`, money returned.
 */

export type GiftCardConfig = AppConfig['giftCard'];

/** The provider's products per option (Tremendous product ids; the simulator takes any). */
export const GIFT_CARD_PRODUCTS: Record<Exclude<RedemptionOption, 'statementCredit'>, readonly string[]> = {
  visa: ['VISA_PREPAID_USD'],
  mastercard: ['MASTERCARD_PREPAID_USD'],
  tremendous: ['TREMENDOUS_CHOICE_USD'],
};

/** How long a claimed redemption is someone's before another worker may take it (a crashed one). */
export const SEND_LEASE_MS = 2 * 60_000;
/** A redemption with the provider that has not moved for this long is asked about (a webhook lost). */
export const POLL_AFTER_MS = 60_000;
const MAX_BACKOFF_MS = 30 * 60_000;
const BATCH = 50;

export function giftCardClient(config: GiftCardConfig): GiftCardClient | null {
  if (config.source === 'none') return null;
  return new GiftCardClient({ baseUrl: config.apiUrl, apiKey: config.apiKey, timeoutMs: 10_000, maxAttempts: 3 });
}

/** Moves the redemption the order belongs to, to the order's status now, when that is a move forward. */
export async function syncFromOrder(db: Db, order: GiftCardOrder, now = new Date()): Promise<RedemptionRow | null> {
  const [row] = await db.select().from(redemptions).where(eq(redemptions.creditId, order.externalId));
  if (!row) return null;
  if (order.status === row.status) {
    if (!row.providerOrderId) await db.update(redemptions).set({ providerOrderId: order.id }).where(and(eq(redemptions.id, row.id), isNull(redemptions.providerOrderId)));
    return null;
  }
  if (!canMove(row.status, order.status)) return null;
  return moveRedemption(db, row.creditId, { to: order.status, note: order.reason, providerOrderId: order.id, now });
}

/** Claims due gift-card redemptions for a lease: pending, not held (or released), due. */
async function claimDue(db: Db, now: Date, limit: number): Promise<RedemptionRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx.select({ id: redemptions.id }).from(redemptions)
      .where(and(eq(redemptions.status, 'pending'), ne(redemptions.option, 'statementCredit'), lte(redemptions.nextAttemptAt, now),
        or(isNull(redemptions.holdReason), isNotNull(redemptions.releasedAt))))
      .orderBy(asc(redemptions.nextAttemptAt), asc(redemptions.id)).limit(limit).for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx.update(redemptions).set({ nextAttemptAt: new Date(now.getTime() + SEND_LEASE_MS), attempts: sql`${redemptions.attempts} + 1` })
      .where(inArray(redemptions.id, due.map((d) => d.id))).returning();
    // RETURNING follows the update's plan: sent in the order they fell due, as selected.
    const turn = new Map(due.map((d, i) => [d.id, i]));
    return claimed.sort((x, y) => turn.get(x.id)! - turn.get(y.id)!);
  });
}

const backoffMs = (attempts: number) => Math.min(MAX_BACKOFF_MS, 30_000 * 2 ** Math.max(0, attempts - 1));

async function orderOne(db: Db, client: GiftCardClient, config: Extract<GiftCardConfig, { source: 'service' | 'simulator' }>, row: RedemptionRow, now: Date): Promise<'sent' | 'retry' | 'failed'> {
  const [member] = await db.select({ firstName: members.firstName, lastName: members.lastName }).from(members).where(eq(members.id, row.memberId));
  try {
    const order = await client.createOrder({
      externalId: row.creditId,
      amountCents: row.amountCents - row.feeCents,
      currency: 'USD',
      productIds: GIFT_CARD_PRODUCTS[row.option as Exclude<RedemptionOption, 'statementCredit'>],
      recipient: { name: `${member?.firstName ?? ''} ${member?.lastName ?? ''}`.trim() || 'Member', email: row.recipientEmail ?? '' },
      // We send the claim link ourselves, once, in the member's programme's name (the "delivered" mail).
      deliveryMethod: 'LINK',
      fundingSourceId: config.fundingSourceId,
    });
    await db.update(redemptions).set({ providerOrderId: order.id, lastError: null }).where(eq(redemptions.id, row.id));
    await syncFromOrder(db, order, now);
    return 'sent';
  } catch (err) {
    if (err instanceof GiftCardError && !err.retryable && err.code !== 'unauthorized') {
      // The provider refused this order for good (bad request, unknown product): the money goes back.
      await moveRedemption(db, row.creditId, { to: 'error', note: `The gift card could not be ordered: ${err.message}`, now });
      return 'failed';
    }
    const message = err instanceof GiftCardError ? `${err.code}: ${err.message}` : err instanceof Error ? err.message : String(err);
    await db.update(redemptions).set({ lastError: message.slice(0, 300), nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)) })
      .where(and(eq(redemptions.id, row.id), eq(redemptions.status, 'pending')));
    return 'retry';
  }
}

/** Asks the provider about gift-card redemptions that went quiet (a webhook lost or not configured). */
async function pollQuiet(db: Db, client: GiftCardClient, now: Date): Promise<number> {
  const quiet = await db.select().from(redemptions)
    .where(and(inArray(redemptions.status, [...OPEN_STATUSES]), ne(redemptions.option, 'statementCredit'), isNotNull(redemptions.providerOrderId),
      lt(redemptions.updatedAt, new Date(now.getTime() - POLL_AFTER_MS))))
    .orderBy(asc(redemptions.updatedAt)).limit(BATCH);
  let moved = 0;
  for (const row of quiet) {
    try {
      const order = await client.getOrder(row.providerOrderId!);
      if (await syncFromOrder(db, order, now)) moved++;
      else await db.update(redemptions).set({ updatedAt: now }).where(eq(redemptions.id, row.id));
    } catch {
      // Asked again on a later run.
    }
  }
  return moved;
}

export async function sendGiftCards(db: Db, config: GiftCardConfig, opts: { now?: Date; client?: GiftCardClient } = {}): Promise<{ sent: number; retry: number; failed: number; polled: number }> {
  const result = { sent: 0, retry: 0, failed: 0, polled: 0 };
  if (config.source === 'none') return result;
  const client = opts.client ?? giftCardClient(config)!;
  for (;;) {
    const now = opts.now ?? new Date();
    const claimed = await claimDue(db, now, BATCH);
    for (const row of claimed) result[await orderOne(db, client, config, row, now)]++;
    if (claimed.length < BATCH) break;
  }
  result.polled = await pollQuiet(db, client, opts.now ?? new Date());
  return result;
}

/**
 * A verified provider webhook: a hint to read the order fresh (events may come twice, late or out
 * of order). Answers duplicate: true for an event id already handled; the id is recorded only once
 * the order was read and applied, so a provider that retries after our failure is heard again.
 */
export async function receiveGiftCardWebhook(db: Db, client: GiftCardClient, event: GiftCardWebhookEvent): Promise<{ duplicate: boolean }> {
  const [seen] = await db.select({ id: giftCardWebhookEvents.eventId }).from(giftCardWebhookEvents).where(eq(giftCardWebhookEvents.eventId, event.id));
  if (seen) return { duplicate: true };
  if (event.resource.type !== 'other') await syncFromOrder(db, await client.orderOfEvent(event));
  const inserted = await db.insert(giftCardWebhookEvents).values({ eventId: event.id, event: event.event, resourceId: event.resource.id })
    .onConflictDoNothing().returning({ id: giftCardWebhookEvents.eventId });
  return { duplicate: inserted.length === 0 };
}
