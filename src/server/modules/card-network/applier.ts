import type { Db } from '../../db/client';
import { applyInbox, type DrainLog, type DrainResult } from './engine';

export type InboxApplier = {
  /** Something arrived: apply the inbox soon (within about `delayMs`). Cheap to call per event. */
  kick: () => void;
  /** Resolves once nothing is being applied or waiting to be (tests, shutdown). */
  idle: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * Applies the inbox in this process right after events arrive, so a dine shows within a second
 * or two. Kicks during a run fold into one more run; a short delay lets a burst gather into full
 * chunks. Events received by other instances (or left by a crash) are picked up by the scheduled
 * `card-network-apply` job; several appliers share the inbox safely (engine.ts), and on
 * PostgreSQL each run is two drain loops side by side (applyInbox).
 */
export function createInboxApplier(opts: { db: Db; log: DrainLog; delayMs?: number; onDrained?: (r: DrainResult) => void }): InboxApplier {
  let running: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let again = false;
  let stopped = false;

  const run = async () => {
    do {
      again = false;
      try {
        const result = await applyInbox(opts.db, { log: opts.log });
        opts.onDrained?.(result);
      } catch (err) {
        // The database away: the scheduled job (or the next event) tries again.
        opts.log.error({ error: err instanceof Error ? err.message.slice(0, 300) : String(err) }, 'card-network inbox not applied');
        return;
      }
    } while (again && !stopped);
  };

  const start = () => {
    timer = undefined;
    if (stopped) return;
    running = run().finally(() => {
      running = undefined;
    });
  };

  return {
    kick: () => {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      if (!timer) {
        timer = setTimeout(start, opts.delayMs ?? 20);
        timer.unref();
      }
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
