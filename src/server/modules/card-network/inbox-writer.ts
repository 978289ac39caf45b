import type { CardNetworkEvent } from '#shared/schemas/rewards';
import { isDatabaseUnavailable, type Db } from '../../db/client';
import { insertInboxEvents } from './card-network.repo';

export type InboxWriter = {
  /** Stores one event; resolves once its row is committed (duplicate: the event id was there already). */
  write: (event: CardNetworkEvent) => Promise<{ duplicate: boolean }>;
};

type Waiting = { event: CardNetworkEvent; resolve: (r: { duplicate: boolean }) => void; reject: (err: unknown) => void };

/**
 * Receipt in groups: events that arrive while inserts are on their way are stored together by the
 * next, one multi-row statement (`INSERT … ON CONFLICT (event_id) DO NOTHING RETURNING` into the
 * event ids, the new ones into the inbox: card-network.repo.ts; one commit, so one WAL flush on
 * PostgreSQL, instead of one per webhook). Each request still answers only once its
 * own row is committed, with its own duplicate flag; nothing is acknowledged before it is stored.
 * A group that fails for a reason other than the database being away is sent again in halves, so
 * one event PostgreSQL refuses fails alone.
 */
export function createInboxWriter(db: Db, opts: {
  maxBatch?: number;
  maxInFlight?: number;
  /** The statement that stores a group and names the new event ids (tests give their own). */
  insert?: (events: readonly CardNetworkEvent[]) => Promise<Set<string>>;
} = {}): InboxWriter {
  const maxBatch = opts.maxBatch ?? 500;
  const insert = opts.insert ?? ((events: readonly CardNetworkEvent[]) => insertInboxEvents(db, events));
  // One insert on its way at a time: whatever arrives meanwhile goes with the next. Measured against
  // two (and four) side by side in one run (bench/card-events.ts, PostgreSQL on the same two
  // cores), one was faster at 20 and at 100 connections: its groups are larger, so PostgreSQL
  // spends less per row (about 35 µs of its CPU per event against 46 with two) and the server
  // sends fewer statements.
  const maxInFlight = opts.maxInFlight ?? 1;
  let queue: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;

  const store = async (group: Waiting[]) => {
    // The same event id twice in one group (a retry racing the original): the first one stores it.
    const first = new Map<string, CardNetworkEvent>();
    for (const w of group) if (!first.has(w.event.id)) first.set(w.event.id, w.event);
    const inserted = await insert([...first.values()]);
    const seen = new Set<string>();
    for (const w of group) {
      const isNew = inserted.has(w.event.id) && !seen.has(w.event.id);
      seen.add(w.event.id);
      w.resolve({ duplicate: !isNew });
    }
  };

  // A group the database refuses for a reason other than being away is sent again in halves,
  // until the events it refuses fail alone: one bad event in a group of 500 costs about 18
  // statements, not 500 one after the other while every other webhook waits for the one slot.
  const send = async (group: Waiting[]): Promise<void> => {
    try {
      await store(group);
    } catch (err) {
      if (isDatabaseUnavailable(err) || group.length === 1) {
        for (const w of group) w.reject(err);
        return;
      }
      const half = Math.ceil(group.length / 2);
      await send(group.slice(0, half));
      await send(group.slice(half));
    }
  };

  const pump = () => {
    scheduled = false;
    while (queue.length > 0 && inFlight < maxInFlight) {
      const group = queue.slice(0, maxBatch);
      queue = queue.slice(group.length);
      inFlight += 1;
      void send(group).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  };

  return {
    write: (event) => new Promise((resolve, reject) => {
      queue.push({ event, resolve, reject });
      // Gather what arrives in this turn of the event loop, then send it.
      if (!scheduled && inFlight < maxInFlight) {
        scheduled = true;
        setImmediate(pump);
      }
    }),
  };
}
