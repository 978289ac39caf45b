import { sql } from 'drizzle-orm';
import { isDatabaseUnavailable, openPostgres, type Db } from './client';

/**
 * Read replicas (DATABASE_REPLICA_URLS, issue 29): read-only work runs on a PostgreSQL streaming
 * replica, every write and every read inside a write on the primary. Every `pollMs` the router
 * reads the primary's WAL position and each replica's replayed position; a replica is used only
 * while it answers, is still a standby, and is no more than `maxLagMs` behind. A read that must see
 * a given write (a member's own: the position kept in their session after each change) goes to a
 * replica that has replayed past it, else to the primary. A replica that fails a read is set aside
 * until it answers again, and the read runs again on the primary: a read never fails because a
 * replica went away.
 *
 * Positions are WAL LSNs ('16/B374D848') as 64-bit numbers (lsnValue).
 */

export type ReplicaState = {
  /** host:port, never the password. */
  name: string;
  /** Answered the last poll as a standby. */
  up: boolean;
  /** Its replayed WAL position at the last poll ('16/B374D848'). */
  replayed: string | null;
  /** How far behind the primary it was at the last poll, in ms (0: caught up). */
  lagMs: number;
  /** Reads it served. */
  reads: number;
  /** Why it is set aside, while it is. */
  problem?: string;
};

export type ReadStats = {
  replicas: ReplicaState[];
  /** Reads that ran on the primary: no replica fresh enough, the member's own write not replayed yet, or a replica failing. */
  primaryReads: number;
  /** Of those, reads sent to the primary because the member's own write was not replayed anywhere yet. */
  ownWriteReads: number;
  /** Reads that failed on a replica and ran again on the primary. */
  retriedOnPrimary: number;
};

/** Where reads run. Without replicas every read runs on the primary (the embedded database, one server). */
export interface ReadRouter {
  /**
   * Runs a read-only fn on a replica that has replayed past `after` (a WAL position; null: any
   * replica within the lag bound), else on the primary.
   */
  run<T>(fn: (db: Db) => Promise<T>, opts?: { after?: bigint | null }): Promise<T>;
  /** Whether reads may go elsewhere than the primary (then writes record their position). */
  readonly replicated: boolean;
  stats(): ReadStats;
  close(): Promise<void>;
}

/** '16/B374D848' → 0x16B374D848; null for null. */
export function lsnValue(lsn: string | null | undefined): bigint | null {
  if (!lsn) return null;
  const m = /^([0-9A-F]+)\/([0-9A-F]+)$/i.exec(lsn);
  if (!m) return null;
  return (BigInt(`0x${m[1]}`) << 32n) + BigInt(`0x${m[2]}`);
}

/** Every read on the one database. */
export function primaryOnly(primary: Db): ReadRouter {
  let reads = 0;
  return {
    replicated: false,
    run: (fn) => {
      reads += 1;
      return fn(primary);
    },
    stats: () => ({ replicas: [], primaryReads: reads, ownWriteReads: 0, retriedOnPrimary: 0 }),
    close: async () => undefined,
  };
}

/**
 * How long a replica at `replayed` has been behind, from the primary's positions at recent polls
 * (oldest first): since the first poll whose position it has not replayed (at least that long, when
 * that is the oldest poll kept); 0 when it has replayed the newest.
 */
export function lagBehind(history: ReadonlyArray<{ at: number; lsn: bigint }>, replayed: bigint, now: number): number {
  const newest = history[history.length - 1];
  if (!newest || replayed >= newest.lsn) return 0;
  const firstAhead = history.find((h) => h.lsn > replayed)!;
  return Math.max(0, now - firstAhead.at);
}

/** The replicas a read may use: answering as standbys, within the lag bound, and past `after` when it is given. */
export function freshReplicas<R extends { up: boolean; lagMs: number; replayed: bigint | null }>(replicas: readonly R[], after: bigint | null, maxLagMs: number): R[] {
  return replicas.filter((r) => r.up && r.lagMs <= maxLagMs && (after === null || (r.replayed !== null && r.replayed >= after)));
}

export type ReplicaOptions = {
  urls: readonly string[];
  /** A replica further behind than this is skipped (DATABASE_REPLICA_MAX_LAG_MS). */
  maxLagMs: number;
  /** Connect and statement timeout of the replicas' pools (a dead replica costs at most this once). */
  timeoutMs: number;
  pollMs?: number;
  /** Pool size per replica. */
  max?: number;
};

type Replica = Omit<ReplicaState, 'replayed'> & { replayed: bigint | null; db: Db; close: () => Promise<void> };

const lsnText = (v: bigint | null) => (v === null ? null : `${(v >> 32n).toString(16).toUpperCase()}/${(v & 0xffffffffn).toString(16).toUpperCase()}`);

const POLL_MS = 200;

/** The database's own words (drizzle wraps them in "Failed query: … params: …"). */
const reasonOf = (err: unknown): string => {
  const cause = (err as { cause?: unknown } | null)?.cause;
  const e = cause instanceof Error ? cause : err;
  return e instanceof Error ? e.message.slice(0, 160) : 'does not answer';
};

/** host:port of a connection string, for the figures (never the password). */
const nameOf = (url: string) => {
  const m = /^[a-z]+:\/\/(?:[^@/]*@)?([^/?#]*)/i.exec(url);
  return m?.[1] || 'replica';
};

export function replicaRouter(primary: Db, opts: ReplicaOptions): ReadRouter {
  if (!opts.urls.length) return primaryOnly(primary);
  const pollMs = opts.pollMs ?? POLL_MS;
  const replicas: Replica[] = opts.urls.map((url) => {
    const opened = openPostgres(url, opts.max ?? 10, { timeoutMs: opts.timeoutMs });
    return { name: nameOf(url), db: opened.db, close: opened.close, up: false, replayed: null, lagMs: Infinity, reads: 0, problem: 'not asked yet' };
  });
  const counts = { primaryReads: 0, ownWriteReads: 0, retriedOnPrimary: 0 };
  /** The primary's WAL position at recent polls, oldest first: how long ago it passed a replica's position. */
  const history: Array<{ at: number; lsn: bigint }> = [];
  const keepMs = Math.max(opts.maxLagMs * 4, pollMs * 10);
  let turn = 0;
  let closed = false;

  const lagOf = (replayed: bigint, now: number): number => lagBehind(history, replayed, now);

  const poll = async () => {
    const now = Date.now();
    try {
      const rows = await primary.execute<{ lsn: string }>(sql`select pg_current_wal_lsn()::text as lsn`);
      const lsn = lsnValue((rows as unknown as { rows: Array<{ lsn: string }> }).rows[0]?.lsn);
      if (lsn !== null) history.push({ at: now, lsn });
      while (history.length > 1 && history[0]!.at < now - keepMs) history.shift();
    } catch {
      // The primary not answering: the replicas' lag cannot be told; they keep their last figures.
    }
    await Promise.all(replicas.map(async (r) => {
      try {
        const rows = await r.db.execute<{ standby: boolean; replayed: string | null }>(sql`select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed`);
        const row = (rows as unknown as { rows: Array<{ standby: boolean; replayed: string | null }> }).rows[0];
        if (!row?.standby) {
          // Promoted (a failover elsewhere, or by hand): it no longer follows our primary.
          Object.assign(r, { up: false, problem: 'not a standby (promoted?)' });
          return;
        }
        const replayed = lsnValue(row.replayed);
        const lagMs = replayed === null ? Infinity : lagOf(replayed, now);
        Object.assign(r, { up: true, replayed, lagMs, problem: lagMs > opts.maxLagMs ? `${Math.round(lagMs)} ms behind (bound ${opts.maxLagMs} ms)` : undefined });
      } catch (err) {
        Object.assign(r, { up: false, problem: reasonOf(err) });
      }
    }));
  };

  let timer: NodeJS.Timeout | undefined;
  const loop = async () => {
    if (closed) return;
    await poll();
    if (!closed) timer = setTimeout(() => void loop(), pollMs).unref();
  };
  void loop();

  const pick = (after: bigint | null): Replica | undefined => {
    const fresh = freshReplicas(replicas, after, opts.maxLagMs);
    if (!fresh.length) return undefined;
    turn = (turn + 1) % fresh.length;
    return fresh[turn];
  };

  return {
    replicated: true,
    async run(fn, o = {}) {
      const after = o.after ?? null;
      const replica = pick(after);
      if (!replica) {
        counts.primaryReads += 1;
        // A replica was fresh enough but for the member's own write (counted, not used: no turn taken).
        if (after !== null && freshReplicas(replicas, null, opts.maxLagMs).length > 0) counts.ownWriteReads += 1;
        return fn(primary);
      }
      try {
        const result = await fn(replica.db);
        replica.reads += 1;
        return result;
      } catch (err) {
        if (!isDatabaseUnavailable(err)) throw err;
        Object.assign(replica, { up: false, problem: reasonOf(err) });
        counts.retriedOnPrimary += 1;
        counts.primaryReads += 1;
        return fn(primary);
      }
    },
    stats: () => ({
      replicas: replicas.map(({ name, up, replayed, lagMs, reads, problem }) => ({ name, up, replayed: lsnText(replayed), lagMs: Number.isFinite(lagMs) ? Math.round(lagMs) : -1, reads, ...(problem ? { problem } : {}) })),
      ...counts,
    }),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await Promise.all(replicas.map((r) => r.close()));
    },
  };
}
