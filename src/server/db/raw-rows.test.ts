import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { createTestDatabase } from '../test/db';
import type { Database } from './client';
import { jsonPairs, rowOf, selectionOf } from './raw-rows';
import { members, merchants, sessions } from './schema';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  const db = database.db;
  // Sessions with every column set and with the optional ones empty.
  const [member] = await db.select().from(members).orderBy(asc(members.id)).limit(1);
  await db.insert(sessions).values([
    { id: 'raw-rows-a', partnerId: member!.partnerId, memberId: member!.id, expiresAt: new Date(Date.now() + 60_000) },
    {
      id: 'raw-rows-b', partnerId: member!.partnerId, memberId: member!.id, staySignedIn: true, userAgent: 'Mozilla/5.0 "quoted" \\ ünïcode',
      ssoIdToken: 'eyJ.token', expiresAt: new Date(Date.now() + 90_000), emulationId: 'em-1', emulatedBy: 'support', emulationEndsAt: new Date(Date.now() + 30_000), writeLsn: '0/16B3748',
    },
  ]);
  // A timestamp with microseconds, as now() writes them.
  await db.execute(sql`update sessions set last_seen_at = now() - interval '1.234567 seconds' where id = 'raw-rows-b'`);
}, 120_000);
afterAll(async () => database?.close());

async function asJson(table: string, order: string) {
  const result = await database.db.execute(sql.raw(`select to_jsonb(t) as row from ${table} t order by ${order}`));
  return (result as unknown as { rows: Array<{ row: Record<string, unknown> }> }).rows.map((r) => r.row);
}

describe('rowOf on a row read as one JSON value (to_jsonb), as the hot paths read them', () => {
  const cases: Array<[string, PgTable, string, () => Promise<unknown[]>]> = [
    ['sessions', sessions, 'id', () => database.db.select().from(sessions).orderBy(asc(sessions.id))],
    ['members', members, 'id', () => database.db.select().from(members).orderBy(asc(members.id))],
    ['merchants', merchants, 'id', () => database.db.select().from(merchants).orderBy(asc(merchants.id))],
  ];
  it.each(cases)('gives exactly the rows drizzle reads from %s', async (table, model, order, drizzleRows) => {
    const expected = await drizzleRows();
    expect(expected.length).toBeGreaterThan(1);
    const rows = (await asJson(table, order)).map((raw) => rowOf(model, raw));
    expect(rows).toEqual(expected);
  }, 60_000);
});

describe('selectionOf on a row built with jsonPairs (json_build_object), as Reviews & History reads its rows', () => {
  const cases: Array<[string, Record<string, PgColumn>, string]> = [
    ['sessions, every column (timestamps with microseconds, nulls)', getTableColumns(sessions), 'sessions'],
    ['merchants, a selection (a date as text, a boolean, a double)', { id: merchants.id, name: merchants.name, participating: merchants.participating, participationEnd: merchants.participationEnd, latitude: merchants.latitude }, 'merchants'],
  ];
  it.each(cases)('gives exactly the rows drizzle selects: %s', async (_name, columns, table) => {
    const expected = await database.db.select(columns).from(columns.id!.table).orderBy(asc(columns.id!));
    expect(expected.length).toBeGreaterThan(1);
    const result = await database.db.execute(sql.raw(`select json_build_object(${jsonPairs(columns, 't')}) as row from ${table} t order by t.id`));
    const rows = (result as unknown as { rows: Array<{ row: Record<string, unknown> }> }).rows.map((r) => selectionOf(columns, r.row));
    expect(rows).toEqual(expected);
  }, 60_000);
});
