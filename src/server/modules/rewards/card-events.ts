import { randomUUID } from 'node:crypto';
import type { CardNetworkEvent } from '#shared/schemas/rewards';
import { signCardEvent } from '../../lib/card-event-signature';

/**
 * Card-network events as a network would send them, for the senders inside the project: the
 * staging tools' "Dine now", the demo history and `npm run simulate`. They are signed with
 * lib/card-event-signature.ts and go through the real webhook (docs/api-card-network.md), never
 * into the tables.
 */

/** The usual time zone of a US state or territory (restaurants' local time; the feed gives it with its offset). */
const STATE_ZONES: Record<string, string> = {
  AL: 'America/Chicago', AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: 'America/Chicago', CA: 'America/Los_Angeles',
  CO: 'America/Denver', CT: 'America/New_York', DE: 'America/New_York', DC: 'America/New_York', FL: 'America/New_York',
  GA: 'America/New_York', HI: 'Pacific/Honolulu', ID: 'America/Boise', IL: 'America/Chicago', IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago', KS: 'America/Chicago', KY: 'America/New_York', LA: 'America/Chicago', ME: 'America/New_York',
  MD: 'America/New_York', MA: 'America/New_York', MI: 'America/Detroit', MN: 'America/Chicago', MS: 'America/Chicago',
  MO: 'America/Chicago', MT: 'America/Denver', NE: 'America/Chicago', NV: 'America/Los_Angeles', NH: 'America/New_York',
  NJ: 'America/New_York', NM: 'America/Denver', NY: 'America/New_York', NC: 'America/New_York', ND: 'America/Chicago',
  OH: 'America/New_York', OK: 'America/Chicago', OR: 'America/Los_Angeles', PA: 'America/New_York', RI: 'America/New_York',
  SC: 'America/New_York', SD: 'America/Chicago', TN: 'America/Chicago', TX: 'America/Chicago', UT: 'America/Denver',
  VT: 'America/New_York', VA: 'America/New_York', WA: 'America/Los_Angeles', WV: 'America/New_York', WI: 'America/Chicago',
  WY: 'America/Denver', PR: 'America/Puerto_Rico', GU: 'Pacific/Guam', VI: 'America/St_Thomas', AS: 'Pacific/Pago_Pago', MP: 'Pacific/Saipan',
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'longOffset',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** A restaurant's IANA time zone, from its state (the restaurant page words its benefit days in it). */
export function merchantTimeZone(state: string): string {
  return STATE_ZONES[state.toUpperCase()] ?? 'America/New_York';
}

/** An instant in a restaurant's local time with its offset (`2026-11-20T19:45:00-05:00`), from the restaurant's state. */
export function merchantLocalDateTime(at: Date, state: string): string {
  const parts = Object.fromEntries(formatter(merchantTimeZone(state)).formatToParts(at).map((p) => [p.type, p.value]));
  const offset = /GMT([+-]\d{2}:\d{2})/.exec(parts.timeZoneName ?? '')?.[1] ?? '+00:00';
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

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
