import { randomUUID } from 'node:crypto';
import type { CardNetworkEvent } from '#shared/schemas/rewards';
import { signCardEvent } from '../../lib/card-event-signature';

/**
 * Card-network events as a network would send them, for the senders inside the project: the
 * staging tools' "Dine now", the demo history and `npm run simulate`. They are signed with
 * lib/card-event-signature.ts and go through the real webhook (docs/api-card-network.md), never
 * into the tables.
 */

/** A purchase on a linked card at a restaurant's network location. */
export type Purchase = {
  transactionId: string;
  cardToken: string;
  locationId: string;
  /** When it happened, in the restaurant's local time with offset. */
  localDateTime: string;
  onlineOrder?: boolean;
  subtotalCents?: number;
};

export const newTransactionId = (prefix: string) => `${prefix}-${randomUUID().replace(/-/g, '').slice(0, 24)}`;

function event(p: Purchase, type: CardNetworkEvent['type'], amountCents: number, id: string, extra: Partial<CardNetworkEvent> = {}): CardNetworkEvent {
  return {
    id, type, transactionId: p.transactionId, cardToken: p.cardToken, amountCents, currency: 'USD', merchantLocationId: p.locationId,
    localDateTime: p.localDateTime, onlineOrder: p.onlineOrder ?? false,
    ...(p.subtotalCents !== undefined ? { subtotalCents: p.subtotalCents } : {}),
    ...extra,
  };
}

/** The authorisation (the bill before the tip). */
export const authEvent = (p: Purchase, amountCents: number): CardNetworkEvent =>
  event(p, 'auth', amountCents, `${p.transactionId}-auth`, { authCode: p.transactionId.slice(-6).toUpperCase() });

/** The clearing (the final amount, tip included). */
export const clearingEvent = (p: Purchase, amountCents: number): CardNetworkEvent => event(p, 'clearing', amountCents, `${p.transactionId}-clear`);

/** A refund of (part of) the purchase: its own transaction, naming the original one when `linked`. */
export const refundEvent = (p: Purchase, refundCents: number, opts: { n?: number; linked?: boolean } = {}): CardNetworkEvent =>
  event({ ...p, transactionId: `${p.transactionId}-r${opts.n ?? 1}` }, 'refund', -Math.abs(refundCents), `${p.transactionId}-refund-${opts.n ?? 1}`,
    opts.linked === false ? {} : { originalTransactionId: p.transactionId });

/** The body and headers of one signed event, as the webhook expects them. */
export function signedRequest(secret: string, e: CardNetworkEvent, timestampSeconds?: number): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(e);
  return { body, headers: { 'content-type': 'application/json', ...signCardEvent(secret, body, timestampSeconds) } };
}
