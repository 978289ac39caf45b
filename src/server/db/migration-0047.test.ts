import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { runMigrations, type Database } from './client';
import { migratedTo } from '../test/migrated-to';
import { insertInboxEvent } from '../modules/card-network/card-network.repo';

/**
 * Migration 0047 (decision 0012) on a database that already has card-network events: migrated up
 * to 0045, events loaded into the unpartitioned inbox, then migrated to the end, on PGlite and,
 * with TEST_DATABASE_URL, on PostgreSQL (the same SQL file).
 */
const before = migratedTo('0045_content_notify');
afterAll(() => before.close());

const rowsOf = async <T>(database: Database, q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;

const INBOX = sql`select id::text, event_id, type, body, received_at, processed_at, outcome, note, dismissed_at, dismissed_reason,
  tableoid::regclass::text as part from card_network_inbox order by id`;

async function checkConversion(database: Database) {
  const thisMonth = new Date();
  const monthName = (d: Date) => `card_network_inbox_p${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  // The unpartitioned inbox with history: months apart, applied, pending, in review and dismissed.
  await database.db.execute(sql`insert into card_network_inbox (event_id, type, body, received_at, processed_at, outcome, note, dismissed_at, dismissed_reason) values
    ('mig-1', 'auth', '{"id": "mig-1", "amountCents": 1200}', '2025-01-10T10:00:00Z', '2025-01-10T10:00:01Z', 'applied', null, null, null),
    ('mig-2', 'clearing', '{"id": "mig-2"}', '2025-03-31T23:59:59.5Z', null, null, null, null, null),
    ('mig-3', 'refund', '{"id": "mig-3"}', '2025-04-01T00:00:00Z', '2025-04-01T00:00:02Z', 'review', 'No purchase matched', '2025-04-02T00:00:00Z', 'duplicate of a refund'),
    ('mig-4', 'clearing', '{"id": "mig-4"}', now(), null, null, null, null, null)`);
  const before = await rowsOf<Record<string, unknown>>(database, INBOX);
  expect((await rowsOf<{ relkind: string }>(database, sql`select relkind from pg_class where relname = 'card_network_inbox'`))[0]?.relkind).toBe('r');

  await runMigrations(database);

  expect((await rowsOf<{ relkind: string }>(database, sql`select relkind from pg_class where relname = 'card_network_inbox'`))[0]?.relkind).toBe('p');
  const after = await rowsOf<Record<string, unknown>>(database, INBOX);
  // Every row as it was (ids included), each in the partition of its month.
  expect(after.map(({ part: _, ...r }) => r)).toEqual(before.map(({ part: _, ...r }) => r));
  expect(after.map((r) => r.part)).toEqual(['card_network_inbox_p2025_01', 'card_network_inbox_p2025_03', 'card_network_inbox_p2025_04', monthName(thisMonth)]);
  const parts = (await rowsOf<{ name: string }>(database, sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'card_network_inbox'::regclass order by 1`)).map((r) => r.name);
  expect(parts).toContain('card_network_inbox_default');
  expect(parts).toContain('card_network_inbox_p2025_02'); // every month from the oldest event on
  expect(parts).toContain(monthName(new Date(Date.UTC(thisMonth.getUTCFullYear(), thisMonth.getUTCMonth() + 3, 1))));
  expect(await rowsOf(database, sql`select event_id from card_network_event_ids order by 1`)).toEqual([{ event_id: 'mig-1' }, { event_id: 'mig-2' }, { event_id: 'mig-3' }, { event_id: 'mig-4' }]);
  // The indexes, the foreign keys and the sequence came along.
  const indexes = (await rowsOf<{ name: string }>(database, sql`select indexname as name from pg_indexes where tablename = 'card_network_inbox' order by 1`)).map((r) => r.name);
  expect(indexes).toEqual(['card_network_inbox_attention', 'card_network_inbox_card_token', 'card_network_inbox_event_uq', 'card_network_inbox_pending', 'card_network_inbox_pkey']);
  const fks = (await rowsOf<{ name: string }>(database, sql`select conname as name from pg_constraint where conrelid = 'card_network_inbox'::regclass and contype = 'f' order by 1`)).map((r) => r.name);
  expect(fks).toEqual(['card_network_inbox_dismissed_by_staff_id_fk', 'card_network_inbox_event_id_fk']);
  // Receipt goes on: an old event resent is a duplicate, a new one takes the next id.
  expect(await insertInboxEvent(database.db, { id: 'mig-1' } as never)).toEqual({ duplicate: true });
  expect(await insertInboxEvent(database.db, { id: 'mig-5', type: 'clearing' } as never)).toEqual({ duplicate: false });
  const [fifth] = await rowsOf<{ id: string; part: string }>(database, sql`select id::text, tableoid::regclass::text as part from card_network_inbox where event_id = 'mig-5'`);
  expect(Number(fifth!.id)).toBeGreaterThan(Math.max(...before.map((r) => Number(r.id))));
  expect(fifth!.part).toBe(monthName(new Date()));
  expect(await rowsOf(database, sql`select 1 from card_network_inbox_default`)).toEqual([]);
}

describe('migration 0047: the card-network inbox partitioned, on a database with events', () => {
  it('converts the inbox on the embedded database', async () => {
    await checkConversion(await before.pglite());
  }, 120_000);

  const url = process.env.TEST_DATABASE_URL;
  it.skipIf(!url)('converts the inbox on PostgreSQL', async () => {
    await checkConversion(await before.postgres(url!));
  }, 120_000);
});
