import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { runMigrations, type Database } from './client';
import { errorOf, migratedTo, rowsOf } from '../test/migrated-to';
import { seed } from '../demo/seed';

/**
 * Migration 0048 (decision 0014) on a database that already has dines, rewards and rows naming
 * them: migrated up to 0047, history loaded into the unpartitioned tables, then migrated to the
 * end, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (the same SQL file). Then the key
 * tables' rules, kept by the database's triggers: one dine per transaction id, one S reward per
 * dine, a deleted dine's key gone and the rows naming it told, rows moved out of the default
 * partition keeping their keys.
 */
const before = migratedTo('0047_partitioned_history');
afterAll(() => before.close());

const monthName = (table: string, d: Date) => `${table}_p${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
const DINES = sql`select id::text, member_id, transaction_id, alias_transaction_id, occurred_at, status, reward, created_at, tableoid::regclass::text as part from dines order by id`;
const REWARDS = sql`select id::text, member_id, dine_id::text, source_code, amount, status, created_at, tableoid::regclass::text as part from member_rewards order by id`;
const partsOf = async (database: Database, table: string) => (await rowsOf<{ name: string }>(database, sql`select c.relname as name from pg_inherits i
  join pg_class c on c.oid = i.inhrelid where i.inhparent = ${table}::regclass order by 1`)).map((r) => r.name);

async function checkConversion(database: Database) {
  await seed(database.db, { merchantCount: 5, demoMembers: true });
  const [cash] = await rowsOf<{ id: number; partner_id: number }>(database, sql`select m.id, m.partner_id from members m join partners p on p.id = m.partner_id
    where p.currency_type = 'Dollar' order by m.id limit 1`);
  const [miles] = await rowsOf<{ id: number; partner_id: number }>(database, sql`select m.id, m.partner_id from members m join partners p on p.id = m.partner_id
    where p.currency_type = 'Mile' order by m.id limit 1`);
  const [merchant] = await rowsOf<{ id: number }>(database, sql`select id from merchants order by id limit 1`);
  const now = new Date();
  const dine = (member: { id: number; partner_id: number }, tx: string, at: string, alias: string | null) => sql`(${member.partner_id}, ${member.id}, '4242', ${merchant!.id}, 'loc-1', ${tx}, ${alias},
    '2025-01-01', 600, ${at}::timestamptz, 'Awarded', 500)`;
  // History months apart, for a cash-back member and a miles member, at 0047 (one table each, no key table).
  await database.db.execute(sql`insert into dines (partner_id, member_id, card_last_four, merchant_id, location_id, transaction_id, alias_transaction_id, local_date, local_minutes, occurred_at, status, reward)
    values ${dine(cash!, 'tx-1', '2025-01-10T18:00:00Z', null)}, ${dine(cash!, 'tx-2', '2025-03-31T23:59:59Z', 'tx-2-alias')}, ${dine(miles!, 'tx-3', now.toISOString(), null)}`);
  const dineIds = (await rowsOf<{ id: string }>(database, sql`select id::text from dines order by id`)).map((r) => Number(r.id));
  await database.db.execute(sql`insert into member_rewards (partner_id, member_id, dine_id, source_code, amount, status, created_at) values
    (${cash!.partner_id}, ${cash!.id}, ${dineIds[0]}, 'S', 500, 'Awarded', '2025-01-11T00:00:00Z'),
    (${cash!.partner_id}, ${cash!.id}, ${dineIds[1]}, 'S', 500, 'Awarded', '2025-04-01T00:00:00Z'),
    (${cash!.partner_id}, ${cash!.id}, null, 'M', 200, 'Awarded', '2025-04-02T00:00:00Z'),
    (${miles!.partner_id}, ${miles!.id}, ${dineIds[2]}, 'S', 900, 'Pending', now())`);
  const rewardIds = (await rowsOf<{ id: string }>(database, sql`select id::text from member_rewards order by id`)).map((r) => Number(r.id));
  await database.db.execute(sql`insert into reward_claims (partner_id, member_id, card_type, card_last_four, merchant_id, dine_date, amount_cents, status, dine_id, reward_id)
    values (${cash!.partner_id}, ${cash!.id}, 'visa', '4242', ${merchant!.id}, '2025-01-10', 2500, 'Approved', ${dineIds[0]}, ${rewardIds[0]})`);
  const ledgerBefore = await rowsOf(database, sql`select member_id, amount_cents, kind, reward_id from balance_entries order by id`);
  const dinesBefore = await rowsOf<Record<string, unknown>>(database, DINES);
  const rewardsBefore = await rowsOf<Record<string, unknown>>(database, REWARDS);

  await runMigrations(database);

  for (const table of ['dines', 'member_rewards']) {
    expect((await rowsOf<{ relkind: string }>(database, sql`select relkind from pg_class where relname = ${table}`))[0]?.relkind).toBe('p');
  }
  // Every row as it was (ids included), each in the partition of its month.
  const dinesAfter = await rowsOf<Record<string, unknown>>(database, DINES);
  const rewardsAfter = await rowsOf<Record<string, unknown>>(database, REWARDS);
  expect(dinesAfter.map(({ part: _, ...r }) => r)).toEqual(dinesBefore.map(({ part: _, ...r }) => r));
  expect(rewardsAfter.map(({ part: _, ...r }) => r)).toEqual(rewardsBefore.map(({ part: _, ...r }) => r));
  expect(dinesAfter.map((r) => r.part)).toEqual(['dines_p2025_01', 'dines_p2025_03', monthName('dines', now)]);
  expect(rewardsAfter.map((r) => r.part)).toEqual(['member_rewards_p2025_01', 'member_rewards_p2025_04', 'member_rewards_p2025_04', monthName('member_rewards', now)]);
  const dineParts = await partsOf(database, 'dines');
  expect(dineParts).toContain('dines_default');
  expect(dineParts).toContain(monthName('dines', new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 12, 1)))); // the last year
  expect(dineParts).toContain(monthName('dines', new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 1)))); // and three months ahead
  expect(await partsOf(database, 'member_rewards')).toContain('member_rewards_default');
  // The keys: every dine and reward, their transaction ids and the S rewards' dines.
  expect(await rowsOf(database, sql`select id::text, member_id, transaction_id, alias_transaction_id from dine_ids order by id`)).toEqual(
    dinesBefore.map((d) => ({ id: d.id, member_id: d.member_id, transaction_id: d.transaction_id, alias_transaction_id: d.alias_transaction_id })));
  expect(await rowsOf(database, sql`select id::text, settle_dine_id::text from member_reward_ids order by id`)).toEqual([
    { id: String(rewardIds[0]), settle_dine_id: String(dineIds[0]) }, { id: String(rewardIds[1]), settle_dine_id: String(dineIds[1]) },
    { id: String(rewardIds[2]), settle_dine_id: null }, { id: String(rewardIds[3]), settle_dine_id: String(dineIds[2]) }]);
  // The indexes, the foreign keys (member_id in the keys) and the triggers came along; the ledger was not written twice.
  const indexes = async (table: string) => (await rowsOf<{ name: string }>(database, sql`select indexname as name from pg_indexes where tablename = ${table} order by 1`)).map((r) => r.name);
  expect(await indexes('dines')).toEqual(['dines_alias_transaction', 'dines_card_merchant_time', 'dines_deferred', 'dines_member_time', 'dines_occurred', 'dines_pending', 'dines_pkey', 'dines_transaction']);
  expect(await indexes('member_rewards')).toEqual(['member_rewards_awarded', 'member_rewards_dine_settle', 'member_rewards_member_time', 'member_rewards_pkey']);
  const keyOf = async (table: string) => (await rowsOf<{ def: string }>(database, sql`select pg_get_constraintdef(oid) as def from pg_constraint where conrelid = ${table}::regclass and contype = 'p'`))[0]?.def;
  expect(await keyOf('dines')).toBe('PRIMARY KEY (id, member_id, occurred_at)');
  expect(await keyOf('member_rewards')).toBe('PRIMARY KEY (id, member_id, created_at)');
  const referencing = (await rowsOf<{ name: string }>(database, sql`select conrelid::regclass::text || '.' || conname as name from pg_constraint
    where contype = 'f' and conparentid = 0 and confrelid in ('dine_ids'::regclass, 'member_reward_ids'::regclass) order by 1`)).map((r) => r.name);
  expect(referencing).toHaveLength(13);
  expect(referencing).toContain('reward_claims.reward_claims_reward_id_member_fk');
  expect(referencing).toContain('dines.dines_id_fk');
  expect(await rowsOf(database, sql`select member_id, amount_cents, kind, reward_id from balance_entries order by id`)).toEqual(ledgerBefore);

  // New history: the next ids, keys written by the database, the ledger's trigger on the new table.
  await database.db.execute(sql`insert into dines (partner_id, member_id, card_last_four, merchant_id, location_id, transaction_id, alias_transaction_id, local_date, local_minutes, occurred_at, status, reward)
    values ${dine(cash!, 'tx-4', now.toISOString(), null)}`);
  const [fourth] = await rowsOf<{ id: string; part: string }>(database, sql`select id::text, tableoid::regclass::text as part from dines where transaction_id = 'tx-4'`);
  expect(Number(fourth!.id)).toBeGreaterThan(Math.max(...dineIds));
  expect(fourth!.part).toBe(monthName('dines', now));
  expect(await rowsOf(database, sql`select transaction_id from dine_ids where id = ${Number(fourth!.id)}`)).toEqual([{ transaction_id: 'tx-4' }]);
  await database.db.execute(sql`insert into member_rewards (partner_id, member_id, dine_id, source_code, amount, status) values (${cash!.partner_id}, ${cash!.id}, ${Number(fourth!.id)}, 'S', 300, 'Awarded')`);
  expect(await rowsOf(database, sql`select amount_cents, kind from balance_entries where member_id = ${cash!.id} order by id desc limit 1`)).toEqual([{ amount_cents: 300, kind: 'earned' }]);

  // One purchase per transaction id (either of its ids), one S reward per dine: across months.
  const again = (tx: string, at: string) => sql`insert into dines (partner_id, member_id, card_last_four, merchant_id, location_id, transaction_id, alias_transaction_id, local_date, local_minutes, occurred_at, status, reward)
    values ${dine(cash!, tx, at, null)}`;
  expect(await errorOf(database, again('tx-1', now.toISOString()))).toMatchObject({ code: '23505', constraint: 'dine_ids_transaction_uq' });
  expect(await errorOf(database, sql`update dines set alias_transaction_id = 'tx-2-alias' where transaction_id = 'tx-4'`)).toMatchObject({ code: '23505', constraint: 'dine_ids_alias_transaction_uq' });
  expect(await errorOf(database, sql`insert into member_rewards (partner_id, member_id, dine_id, source_code, amount, status)
    values (${cash!.partner_id}, ${cash!.id}, ${dineIds[0]}, 'S', 1, 'Awarded')`)).toMatchObject({ code: '23505', constraint: 'member_reward_ids_settle_uq' });
  // A reward's member and time are its key's: neither can drift from it.
  // (a new time would move the row to another month: its key is still there, so the move is refused).
  expect(['23503', '23505']).toContain((await errorOf(database, sql`update member_rewards set created_at = now() where id = ${rewardIds[0]}`))?.code);
  expect((await errorOf(database, sql`update member_rewards set member_id = ${miles!.id}, partner_id = ${miles!.partner_id} where id = ${rewardIds[2]}`))?.code).toBe('23503');
  expect((await rowsOf<Record<string, unknown>>(database, REWARDS)).slice(0, 4)).toEqual(rewardsAfter);

  // A deleted dine: its key goes, its S reward loses its dine (and the key's settle dine), the claim naming it too.
  await database.db.execute(sql`delete from dines where id = ${dineIds[0]}`);
  expect(await rowsOf(database, sql`select id from dine_ids where id = ${dineIds[0]}`)).toEqual([]);
  expect(await rowsOf(database, sql`select dine_id from member_rewards where id = ${rewardIds[0]}`)).toEqual([{ dine_id: null }]);
  expect(await rowsOf(database, sql`select settle_dine_id from member_reward_ids where id = ${rewardIds[0]}`)).toEqual([{ settle_dine_id: null }]);
  expect(await rowsOf(database, sql`select dine_id, reward_id::text from reward_claims`)).toEqual([{ dine_id: null, reward_id: String(rewardIds[0]) }]);
  // A purchase's transaction id is free again once it is gone.
  expect(await errorOf(database, again('tx-1', now.toISOString()))).toBeUndefined();

  // A dine far in the past lands in the default partition; the month made for it takes it, keys intact.
  await database.db.execute(again('tx-old', '2019-06-15T12:00:00Z'));
  expect((await rowsOf<{ part: string }>(database, sql`select tableoid::regclass::text as part from dines where transaction_id = 'tx-old'`))[0]?.part).toBe('dines_default');
  expect(await rowsOf(database, sql`select create_month_partition('dines', 'occurred_at', '2019-06-01T00:00:00Z') as made`)).toEqual([{ made: true }]);
  expect((await rowsOf<{ part: string }>(database, sql`select tableoid::regclass::text as part from dines where transaction_id = 'tx-old'`))[0]?.part).toBe('dines_p2019_06');
  expect(await rowsOf(database, sql`select transaction_id from dine_ids where transaction_id = 'tx-old'`)).toEqual([{ transaction_id: 'tx-old' }]);
  // The key triggers came with the new month.
  expect(await errorOf(database, again('tx-old', '2019-06-20T12:00:00Z'))).toMatchObject({ code: '23505', constraint: 'dine_ids_transaction_uq' });

  // A member who goes takes their history and its keys along.
  await database.db.execute(sql`delete from members where id = ${miles!.id}`);
  expect(await rowsOf(database, sql`select id from dine_ids where member_id = ${miles!.id} union all select id from member_reward_ids where member_id = ${miles!.id}`)).toEqual([]);
}

describe('migration 0048: dines and rewards partitioned, on a database with history', () => {
  it('converts the history on the embedded database', async () => {
    await checkConversion(await before.pglite());
  }, 120_000);

  const url = process.env.TEST_DATABASE_URL;
  it.skipIf(!url)('converts the history on PostgreSQL', async () => {
    await checkConversion(await before.postgres(url!));
  }, 120_000);
});
