import { createHmac, timingSafeEqual } from 'node:crypto';
import { keyedHmacSha256 } from './hmac-sha256';

/**
 * Signatures of card-network events (docs/api-card-network.md): HMAC-SHA256 with
 * CARD_EVENTS_SECRET over `${timestamp}.${rawBody}`, sent as `sha256=<hex>` beside the Unix
 * timestamp. The webhook checks them; the staging tools' "Dine now", the simulator, the demo
 * history and the tests sign with the same function, so there is one definition of the format.
 */
export const CARD_EVENT_TIMESTAMP_HEADER = 'x-card-network-timestamp';
export const CARD_EVENT_SIGNATURE_HEADER = 'x-card-network-signature';
/** A signed event is accepted this many seconds either side of the server's clock (replays are refused after). */
export const CARD_EVENT_TOLERANCE_SECONDS = 300;

export type CardEventSignatureHeaders = {
  'x-card-network-timestamp': string;
  'x-card-network-signature': string;
};

function hmacHex(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** The two headers of one signed event. Send `rawBody` byte for byte as signed. */
export function signCardEvent(secret: string, rawBody: string, timestampSeconds = Math.floor(Date.now() / 1000)): CardEventSignatureHeaders {
  const timestamp = String(Math.trunc(timestampSeconds));
  return {
    [CARD_EVENT_TIMESTAMP_HEADER]: timestamp,
    [CARD_EVENT_SIGNATURE_HEADER]: `sha256=${hmacHex(secret, timestamp, rawBody)}`,
  } as CardEventSignatureHeaders;
}

export type CardEventVerification = { ok: true } | { ok: false; reason: 'missing' | 'timestamp' | 'signature' };

type Presented = {
  rawBody: string;
  timestamp: string | string[] | undefined;
  signature: string | string[] | undefined;
  nowSeconds?: number;
  toleranceSeconds?: number;
};

/**
 * The check of events signed with `secret`, its key prepared once (the webhook keeps one): whether
 * the timestamp is whole Unix seconds within CARD_EVENT_TOLERANCE_SECONDS of `nowSeconds`, and the
 * signature matches (compared in constant time). The reason is for the log, never for the answer.
 * The MAC is computed by keyedHmacSha256 (hmac-sha256.ts: no native object per event).
 */
export function cardEventVerifier(secret: string): (presented: Presented) => CardEventVerification {
  const mac = keyedHmacSha256(secret);
  return (opts) => {
    const { timestamp, signature } = opts;
    if (typeof timestamp !== 'string' || typeof signature !== 'string' || !timestamp || !signature) return { ok: false, reason: 'missing' };
    if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'timestamp' };
    const now = opts.nowSeconds ?? Math.floor(Date.now() / 1000);
    if (Math.abs(now - Number(timestamp)) > (opts.toleranceSeconds ?? CARD_EVENT_TOLERANCE_SECONDS)) return { ok: false, reason: 'timestamp' };
    const match = /^sha256=([0-9a-f]{64})$/i.exec(signature.trim());
    if (!match) return { ok: false, reason: 'signature' };
    const expected = mac(timestamp, '.', opts.rawBody);
    const given = Buffer.from(match[1]!, 'hex');
    return expected.length === given.length && timingSafeEqual(expected, given) ? { ok: true } : { ok: false, reason: 'signature' };
  };
}

/** One check with `secret` (tests, tools); the webhook keeps a cardEventVerifier. */
export function verifyCardEventSignature(opts: Presented & { secret: string }): CardEventVerification {
  return cardEventVerifier(opts.secret)(opts);
}
