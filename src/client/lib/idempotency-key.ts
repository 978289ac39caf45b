/**
 * A new random Idempotency-Key (a UUID where the browser has one): one per attempt of a call that
 * must count once (a booking, a redemption), kept for the retries of that same attempt, so the
 * server answers a retry with what the first one did.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
