import type { CardNetworkEvent } from '#shared/schemas/rewards';
import { isDatabaseUnavailable, type Db } from '../../db/client';
import { insertInboxEvents } from './card-network.repo';

export type InboxWriter = {
  /** Stores one event; resolves once its row is committed (duplicate: the event id was there already). */
  write: (event: CardNetworkEvent) => Promise<{ duplicate: boolean }>;
};

type Waiting = { event: CardNetworkEvent; resolve: (r: { duplicate: boolean }) => void; reject: (err: unknown) => void };

/**
 * Receipt in groups: events that arrive while one insert is on its way are stored together by the
 * next, one multi-row `INSERT … ON CONFLICT (event_id) DO NOTHING RETURNING` (one commit, so one
 * WAL flush on PostgreSQL, instead of one per webhook). Each request still answers only once its
 * own row is committed, with its own duplicate flag; nothing is acknowledged before it is stored.
 * A group that fails for a reason other than the database being away is retried one event at a
 * time, so one event PostgreSQL refuses fails alone.
 */
export function createInboxWriter(db: Db, opts: { maxBatch?: number } = {}): InboxWriter {
  const maxBatch = opts.maxBatch ?? 500;
  let queue: Waiting[] = [];
  let flushing = false;

  const store = async (group: Waiting[]) => {
    // The same event id twice in one group (a retry racing the original): the first one stores it.
    const first = new Map<string, CardNetworkEvent>();
    for (const w of group) if (!first.has(w.event.id)) first.set(w.event.id, w.event);
    const inserted = await insertInboxEvents(db, [...first.values()]);
    const seen = new Set<string>();
    for (const w of group) {
      const isNew = inserted.has(w.event.id) && !seen.has(w.event.id);
      seen.add(w.event.id);
      w.resolve({ duplicate: !isNew });
    }
  };

  const flush = async () => {
    flushing = true;
    try {
      while (queue.length > 0) {
        const group = queue.slice(0, maxBatch);
        queue = queue.slice(group.length);
        try {
          await store(group);
        } catch (err) {
          if (isDatabaseUnavailable(err) || group.length === 1) {
            for (const w of group) w.reject(err);
            continue;
          }
          for (const w of group) {
            try {
              await store([w]);
            } catch (one) {
              w.reject(one);
            }
          }
        }
      }
    } finally {
      flushing = false;
    }
  };

  return {
    write: (event) => new Promise((resolve, reject) => {
      queue.push({ event, resolve, reject });
      // The first event of a quiet moment goes at once (next turn of the event loop); the rest
      // gather behind the insert in flight.
      if (!flushing) {
        flushing = true;
        setImmediate(() => void flush());
      }
    }),
  };
}
