import { getTableColumns, type InferSelectModel } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

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

/** A selection's row as drizzle reads it: each column's type, null where the column may be null. */
export type SelectionRow<C extends Record<string, PgColumn>> = { [K in keyof C]: C[K]['_']['notNull'] extends true ? C[K]['_']['data'] : C[K]['_']['data'] | null };

/**
 * A selection (key → column, as given to drizzle's select) as `'key', alias.column, …` for a
 * hand-written `json_build_object`: the JSON row carries the selection's keys, read back with
 * selectionOf. The keys and columns are written once, in the selection.
 */
export function jsonPairs(columns: Record<string, PgColumn>, alias: string): string {
  return Object.entries(columns).map(([key, column]) => `'${key}', ${alias}.${column.name}`).join(', ');
}

/** A JSON row built with jsonPairs, each value decoded as drizzle decodes its column (timestamps as Dates …). */
export function selectionOf<C extends Record<string, PgColumn>>(columns: C, raw: Record<string, unknown>): SelectionRow<C> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = raw[key];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as SelectionRow<C>;
}
