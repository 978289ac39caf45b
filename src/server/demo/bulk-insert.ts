import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/**
 * Inserts many rows in one statement with a single JSON parameter
 * (`insert … select … from json_populate_recordset(null::table, $1)`). Drizzle's
 * `insert().values()` binds one parameter per cell, and building that statement costs more than
 * running it; this path is about four times faster for 1000-row batches on PGlite and PostgreSQL.
 * A column is inserted when any row defines it, so every row must then define it (a column left
 * undefined in all rows gets its default).
 */
export async function insertJsonRows<T extends PgTable>(db: Db, table: T, rows: readonly T['$inferInsert'][]): Promise<void> {
  await insertJsonRowsReturning(db, table, rows, []);
}

/**
 * insertJsonRows answering the named columns (database names) of the inserted rows; match them to
 * `rows` by a column of your own, not by position.
 */
export async function insertJsonRowsReturning<T extends PgTable, R extends Record<string, unknown>>(
  db: Db, table: T, rows: readonly T['$inferInsert'][], returning: ReadonlyArray<keyof R & string>,
): Promise<R[]> {
  if (rows.length === 0) return [];
  const used = new Set<string>();
  for (const row of rows) for (const [key, value] of Object.entries(row)) if (value !== undefined) used.add(key);
  const columns = Object.entries(getTableColumns(table))
    .filter(([key]) => used.has(key))
    .map(([key, column]) => [key, column.name] as const);
  const payload = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const [key, name] of columns) {
      const value = (row as Record<string, unknown>)[key];
      if (value === undefined) throw new Error(`insertJsonRows: ${key} is missing in a row`);
      record[name] = value;
    }
    return record;
  });
  const list = sql.join(columns.map(([, name]) => sql.identifier(name)), sql`, `);
  const tableName = sql.identifier(getTableName(table));
  const rowsOf = sql`select ${list} from json_populate_recordset(null::${tableName}, ${JSON.stringify(payload)}::json)`;
  if (returning.length === 0) {
    await db.execute(sql`insert into ${tableName} (${list}) ${rowsOf}`);
    return [];
  }
  const answer = sql.join(returning.map((name) => sql.identifier(name)), sql`, `);
  const result = await db.execute(sql`insert into ${tableName} (${list}) ${rowsOf} returning ${answer}`);
  return (result as unknown as { rows: R[] }).rows;
}
