import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { connectDirect, type Db } from './client';

/**
 * Calls onChange on NOTIFY `channel` (merchant_index, partner_settings…): PGlite delivers it in process; on PostgreSQL a
 * connection of its own listens (a pool connection would be handed back and lose it), and is
 * opened again if it drops. Returns how to stop.
 */
export async function listenForChanges(db: Db, channel: string, onChange: () => void): Promise<() => Promise<void>> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`listenForChanges: '${channel}' is not a channel name.`);
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client && typeof (client as PGlite).listen === 'function' && !(client instanceof pg.Pool)) {
    return (client as PGlite).listen(channel, onChange);
  }
  if (!(client instanceof pg.Pool)) return async () => undefined;
  const pool = client;
  let conn: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const open = async () => {
    if (closed) return;
    // On the primary's own address (DATABASE_DIRECT_URL behind a pooler; the current host of a failover URL).
    let c: pg.Client;
    try {
      c = await connectDirect(pool, { ...pool.options, keepAlive: true });
    } catch {
      if (!closed) retry = setTimeout(() => void open(), 1000).unref();
      return;
    }
    const again = () => {
      if (conn !== c) return;
      conn = undefined;
      c.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void open(), 1000).unref();
      // Whatever changed while the connection was down is read now.
      onChange();
    };
    c.on('error', again);
    c.on('end', again);
    c.on('notification', (msg) => { if (msg.channel === channel) onChange(); });
    conn = c;
    try {
      await c.query(`listen ${channel}`);
    } catch {
      again();
    }
  };
  await open();
  return async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    const c = conn;
    conn = undefined;
    if (!c) return;
    // A connection whose database stopped answering never completes end(): wait a moment for a
    // clean goodbye, then drop the socket, so that shutting down never hangs on an outage.
    await Promise.race([c.end().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
    (c as unknown as { connection?: { stream?: { destroy?: () => void } } }).connection?.stream?.destroy?.();
  };
}
