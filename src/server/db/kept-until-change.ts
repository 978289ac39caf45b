import type { Db } from './client';
import { listenForChanges } from './listen';

/** Read again at least this often, in case a notification was missed (a dropped listening connection). */
export const KEPT_TTL_MS = 30_000;

/**
 * What is the same for every request of a key (a partner's published content, its bonus
 * programmes), read once per change instead of on every request (issue 30 item 3). Each key's
 * answer is kept until NOTIFY `channel` comes (a trigger on the table sends it when a change
 * commits, whatever wrote it; every instance hears it: db/listen.ts) or KEPT_TTL_MS passes. The
 * answer is one object, so what is derived from it can be kept per object too (oncePerObject). A
 * failed read is not kept: the next request asks again. A read that began before a change is not
 * kept past it either: the notification drops it with the rest.
 */
export class KeptUntilChange<K, V> {
  private readonly kept = new Map<K, { at: number; value: Promise<V> }>();
  private unlisten?: () => Promise<void>;

  private constructor(private readonly read: (key: K) => Promise<V>, private readonly ttlMs: number) {}

  /** Kept from now on, until `channel` says the table changed. */
  static async start<K, V>(db: Db, channel: string, read: (key: K) => Promise<V>, opts: { ttlMs?: number } = {}): Promise<KeptUntilChange<K, V>> {
    const kept = new KeptUntilChange(read, opts.ttlMs ?? KEPT_TTL_MS);
    kept.unlisten = await listenForChanges(db, channel, () => kept.clear()).catch(() => undefined);
    return kept;
  }

  get(key: K): Promise<V> {
    const now = Date.now();
    const hit = this.kept.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const value = this.read(key);
    const entry = { at: now, value };
    this.kept.set(key, entry);
    value.catch(() => { if (this.kept.get(key) === entry) this.kept.delete(key); });
    return value;
  }

  clear(): void {
    this.kept.clear();
  }

  async stop(): Promise<void> {
    await this.unlisten?.().catch(() => undefined);
  }
}
