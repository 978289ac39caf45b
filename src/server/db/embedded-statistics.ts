import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Table statistics for the embedded database. PostgreSQL's autovacuum ANALYZEs a table once enough
 * of it changed; PGlite runs no autovacuum, so on `npm start`'s database no table ever had
 * statistics, and the planner took every table for a few hundred rows (a demo query took 1.2 s
 * instead of 0.12 s: bench/RESULTS.md, 2026-11-30 evening). This does what autovacuum would: a
 * table whose rows changed since its last ANALYZE by more than autovacuum's default threshold
 * (50 rows and 10 % of the table) is analyzed, with a smaller sample than PostgreSQL's default
 * (statistics target 10, not 100: the restaurants' wide table took 3.8 s at the default, and the
 * embedded database answers nothing else meanwhile).
 */
export const STATISTICS_TARGET = 10;

/** Analyzes the tables that changed enough since their last ANALYZE; their names, in order. */
export async function analyzeChangedTables(db: Db): Promise<string[]> {
  // The counts of changed rows reach pg_stat_user_tables when the session reports them (at most
  // once a second, when idle): reported now, so the figures read next are the current ones.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const result = await db.execute(sql`select schemaname as schema, relname as name from pg_stat_user_tables
    where n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 0) order by relname`);
  const tables = (result as unknown as { rows: Array<{ schema: string; name: string }> }).rows;
  if (tables.length === 0) return [];
  await db.execute(sql.raw(`set default_statistics_target = ${STATISTICS_TARGET}`));
  try {
    for (const t of tables) await db.execute(sql`analyze ${sql.identifier(t.schema)}.${sql.identifier(t.name)}`);
  } finally {
    await db.execute(sql`reset default_statistics_target`);
  }
  return tables.map((t) => t.name);
}
