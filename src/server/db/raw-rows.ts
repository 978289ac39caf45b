import { getTableColumns, type InferSelectModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A row a hand-written statement returned (`returning *`, by column name, or the row as one JSON
 * value: `to_jsonb(t)`) as drizzle's model of the table: each column read by its own name and
 * decoded as drizzle decodes it. For hot paths that send their SQL themselves (runPrepared) and
 * still hand the rest of the code a typed row. The JSON form is much faster to decode on the
 * embedded database for a wide row; raw-rows.test.ts checks it gives drizzle's rows exactly.
 */
export function rowOf<T extends PgTable>(table: T, raw: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}
