import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

type Entry = { base: number; pending: number; windowStart: number; windowMs: number };
type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * Rate-limit counters kept in PostgreSQL so that every app instance counts against one total.
 * Each instance counts locally and folds its increments into the shared row once a second:
 * one small write per active client per second instead of one per request, at the price of
 * up to a second of slack across instances.
 */
export function createPgRateLimitStore(db: Db, flushMs = 1000) {
  const entries = new Map<string, Entry>();
  let flushing = false;

  const flush = async () => {
    if (flushing) return;
    flushing = true;
    try {
      for (const [key, e] of entries) {
        const now = Date.now();
        if (e.windowStart + e.windowMs <= now) {
          entries.delete(key);
          continue;
        }
        if (e.pending === 0) continue;
        const sending = e.pending;
        const resetAt = new Date(e.windowStart + e.windowMs).toISOString();
        const result = await db.execute<{ count: number; reset_at: string | Date }>(sql`
          insert into rate_limits (key, count, reset_at) values (${key}, ${sending}, ${resetAt})
          on conflict (key) do update set
            count = case when rate_limits.reset_at <= now() then excluded.count else rate_limits.count + excluded.count end,
            reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
          returning count, reset_at`);
        const row = (result as unknown as { rows: Array<{ count: number; reset_at: string | Date }> }).rows[0];
        e.pending -= sending;
        if (row) {
          e.base = Number(row.count);
          e.windowStart = new Date(row.reset_at).getTime() - e.windowMs;
        }
      }
      await db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 minute'`);
    } catch {
      // A failed flush keeps the local counts; limits still apply on this instance.
    } finally {
      flushing = false;
    }
  };
  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  class PgStore {
    constructor(private readonly prefix = '') {}
    incr(rawKey: string, cb: Callback, timeWindow: number) {
      cb(null, this.add(rawKey, 1, timeWindow));
    }
    /** Counts `amount` at once (e.g. the items of a batch) and answers the new total. */
    add(rawKey: string, amount: number, timeWindow: number): { current: number; ttl: number } {
      const key = this.prefix + rawKey;
      const now = Date.now();
      let e = entries.get(key);
      if (!e || e.windowStart + e.windowMs <= now) {
        e = { base: 0, pending: 0, windowStart: now, windowMs: timeWindow };
        entries.set(key, e);
      }
      e.pending += amount;
      return { current: e.base + e.pending, ttl: e.windowStart + e.windowMs - now };
    }
    read(rawKey: string, cb: Callback) {
      const e = entries.get(this.prefix + rawKey);
      cb(null, { current: e ? e.base + e.pending : 0, ttl: e ? e.windowStart + e.windowMs - Date.now() : 0 });
    }
    /** Routes with their own limit count separately from the global one. */
    child(routeOptions: { routeInfo?: { method?: string; url?: string } }) {
      return new PgStore(`${routeOptions.routeInfo?.method ?? ''} ${routeOptions.routeInfo?.url ?? ''}|`);
    }
  }
  return { Store: PgStore, flush, stop: () => clearInterval(timer) };
}
