import { inArray, lt } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { yieldToEventLoop } from './yield';

const BATCH = 10_000;

/**
 * Deletes a table's rows made before `cutoff` (the retention jobs), in batches so that no
 * statement holds the table (or, on the embedded database, the one connection) for long, yielding
 * to the event loop between them.
 */
export async function deleteOlderThan(db: Db, rows: { table: PgTable; id: PgColumn; createdAt: PgColumn }, cutoff: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const old = db.select({ id: rows.id }).from(rows.table).where(lt(rows.createdAt, cutoff)).limit(BATCH);
    const deleted = await db.delete(rows.table).where(inArray(rows.id, old)).returning({ id: rows.id });
    total += deleted.length;
    if (deleted.length < BATCH) return total;
    // Requests go between batches (on the embedded database they wait on this thread otherwise).
    await yieldToEventLoop();
  }
}

/** The instant `days` days before `now`. */
export const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);
