import type { Db } from '../../db/client';
import { reasonOf } from '../../lib/db-errors';
import { applyInbox, type DrainLog, type DrainResult } from './engine';

export type InboxApplier = {
  /** Something arrived: apply the inbox soon (within about `gapMs`). Cheap to call per event. */
  kick: () => void;
  /** Resolves once nothing is being applied or waiting to be (tests, shutdown). */
  idle: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * Time between the starts of two runs when events trickle in. Each chunk has a fixed cost of about
 * fifteen statements whatever its size, and on the embedded database a chunk's transaction holds
 * every other query of the server: run per event, a feed of 20 events a second held the database a
 * quarter of the time (22 ms per chunk of one or two events, measured under `npm run test:load`).
 * Gathered for 250 ms, a dine still shows within a second.
 */
export const APPLY_GAP_MS = 250;

/**
 * Applies the inbox in this process right after events arrive, so a dine shows within a second.
 * Events gather for `gapMs` before a run; kicks during a run fold into one more run, started
 * `gapMs` after the last one started (at once if the run took longer: a busy feed runs back to back
 * in full chunks). Events received by other instances (or left by a crash) are picked up by the
 * scheduled `card-network-apply` job; several appliers share the inbox safely (engine.ts), and on
 * PostgreSQL each run is two drain loops side by side (applyInbox).
 */
export function createInboxApplier(opts: {
  db: Db;
  log: DrainLog;
  gapMs?: number;
  onDrained?: (r: DrainResult) => void;
  /** What a run does (tests); applyInbox by default. */
  apply?: typeof applyInbox;
}): InboxApplier {
  const gapMs = opts.gapMs ?? APPLY_GAP_MS;
  const apply = opts.apply ?? applyInbox;
  let running: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let again = false;
  let stopped = false;
  let lastStart = -Infinity;

  const run = async () => {
    try {
      const result = await apply(opts.db, { log: opts.log });
      opts.onDrained?.(result);
    } catch (err) {
      // The database away: the scheduled job (or the next event) tries again. Logged with the
      // database's own reason, not drizzle's "Failed query: …" wrapper.
      opts.log.error({ error: reasonOf(err).slice(0, 300) }, 'card-network inbox not applied');
    }
  };

  const schedule = (waitMs: number) => {
    if (stopped || timer || running) return;
    timer = setTimeout(start, Math.max(0, waitMs));
    timer.unref();
  };

  function start() {
    timer = undefined;
    if (stopped) return;
    again = false;
    lastStart = performance.now();
    running = run().finally(() => {
      running = undefined;
      if (again) schedule(lastStart + gapMs - performance.now());
    });
  }

  return {
    kick: () => {
      if (stopped) return;
      if (running) again = true;
      else schedule(gapMs);
    },
    idle: async () => {
      while (timer || running) {
        if (timer) await new Promise((r) => setTimeout(r, 5));
        else await running;
      }
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
