import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { runMigrations, type Database } from './client';
import { errorOf, migratedTo, rowsOf } from '../test/migrated-to';
import { seed } from '../demo/seed';

/**
 * Migration 0050 (decision 0015): member_id in the keys of every member-owned table. A database
 * with the demo's members, cards, history, claims and a reservation with its table periods, at
 * 0049, migrated to the end on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (the same SQL).
 * Then the rule itself, read from the catalogue so a table added later is held to it: every
 * table whose rows belong to one member has member_id in its primary key, every reference to
 * such a row names the member, and the only unique rules without member_id are the known rules
 * across members.
 */
const before = migratedTo('0049_table_change_notify');
afterAll(() => before.close());

/** Tables (not partitions) with a NOT NULL member_id: a member's own rows. */
const MEMBER_OWNED = sql`select c.oid, c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
  join pg_attribute a on a.attrelid = c.oid and a.attname = 'member_id' and a.attnotnull
  where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition`;

/** Unique rules over the whole table, across members (decision 0015): the only ones without member_id. */
const ACROSS_MEMBERS = [
  'dine_ids.dine_ids_alias_transaction_uq', 'dine_ids.dine_ids_transaction_uq',
  'dine_refunds.dine_refunds_transaction_uq',
  'emulation_grants.emulation_grants_emulation_id_unique',
  'member_cards.member_cards_network_token_uq', 'member_cards.member_cards_partner_fingerprint_uq',
  'parked_refunds.parked_refunds_open_uq',
  'redemptions.redemptions_credit_uq',
  'reservation_table_blocks.reservation_table_blocks_merchant_id_table_no_block_start_pk',
  'reservations.reservations_confirmation_uq',
  'reward_adjustments.reward_adjustments_request_uq',
  'reward_claims.reward_claims_purchase_uq',
];

async function checkRule(database: Database) {
  // Primary keys with member_id.
  const keys = await rowsOf<{ relname: string; def: string }>(database, sql`with owned as (${MEMBER_OWNED})
    select o.relname, pg_get_constraintdef(k.oid) as def from owned o left join pg_constraint k on k.conrelid = o.oid and k.contype = 'p' order by 1`);
  expect(keys.length).toBeGreaterThanOrEqual(24);
  const missing = keys.filter((k) => !/^PRIMARY KEY \(.*\bmember_id\b.*\)$/.test(k.def ?? ''));
  // The table periods of a reservation are the restaurant's: keyed by table and time, they carry the member for their reference only.
  expect(missing.map((k) => `${k.relname}: ${k.def}`)).toEqual(['reservation_table_blocks: PRIMARY KEY (merchant_id, table_no, block_start)']);

  // Every reference to a member's row names the member, on both sides.
  const refs = await rowsOf<{ name: string; def: string }>(database, sql`with owned as (${MEMBER_OWNED})
    select f.conrelid::regclass::text || '.' || f.conname as name, pg_get_constraintdef(f.oid) as def
    from pg_constraint f where f.contype = 'f' and f.conparentid = 0 and f.confrelid in (select oid from owned) order by 1`);
  expect(refs.length).toBeGreaterThanOrEqual(18);
  expect(refs.filter((r) => !/^FOREIGN KEY \(.*\bmember_id\b.*\) REFERENCES \w+\(.*\bmember_id\b.*\)/.test(r.def)).map((r) => `${r.name}: ${r.def}`)).toEqual([]);
  // A cleared reference clears only itself, never the row's member.
  expect(refs.filter((r) => /SET NULL$/.test(r.def)).map((r) => r.name)).toEqual([]);

  // Unique rules: with member_id, or one of the known rules across members.
  const uniques = await rowsOf<{ name: string; def: string }>(database, sql`with owned as (${MEMBER_OWNED})
    select i.indrelid::regclass::text || '.' || c.relname as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i join pg_class c on c.oid = i.indexrelid where i.indisunique and i.indrelid in (select oid from owned) order by 1`);
  const without = uniques.filter((u) => !/\(.*\bmember_id\b.*\)/.test(u.def)).map((u) => u.name);
  expect(without).toEqual(ACROSS_MEMBERS);
}

async function checkConversion(database: Database) {
  await seed(database.db, { merchantCount: 5, demoMembers: true });
  const [a, b] = await rowsOf<{ id: number; partner_id: number }>(database, sql`select m.id, m.partner_id from members m
    where exists (select 1 from member_cards c where c.member_id = m.id) order by m.id limit 2`);
  const [merchant] = await rowsOf<{ id: number }>(database, sql`select id from merchants order by id limit 1`);
  const [cardA] = await rowsOf<{ id: number }>(database, sql`select id from member_cards where member_id = ${a!.id} order by id limit 1`);
  // A purchase on A's card, a claim naming it, and a reservation with two table periods, at 0049.
  await database.db.execute(sql`insert into dines (partner_id, member_id, card_id, card_last_four, merchant_id, location_id, transaction_id, local_date, local_minutes, occurred_at, status, reward)
    values (${a!.partner_id}, ${a!.id}, ${cardA!.id}, '4242', ${merchant!.id}, 'loc-1', 'tx-0050', '2026-11-01', 600, '2026-11-01T18:00:00Z', 'Awarded', 500)`);
  const [dine] = await rowsOf<{ id: string }>(database, sql`select id::text from dine_ids where transaction_id = 'tx-0050'`);
  await database.db.execute(sql`insert into reward_claims (partner_id, member_id, card_id, card_type, card_last_four, merchant_id, dine_date, amount_cents, status, dine_id)
    values (${a!.partner_id}, ${a!.id}, ${cardA!.id}, 'visa', '4242', ${merchant!.id}, '2026-11-01', 2500, 'Approved', ${dine!.id})`);
  const [reservation] = await rowsOf<{ id: string }>(database, sql`insert into reservations (partner_id, member_id, merchant_id, provider, confirmation_number, party_size,
      starts_at, ends_at, local_date, local_time, status, idempotency_key, request_hash)
    values (${a!.partner_id}, ${a!.id}, ${merchant!.id}, 'native', 'C-0050', 2, '2026-12-01T18:00:00Z', '2026-12-01T18:30:00Z', '2026-12-01', '18:00', 'booked', 'k-0050', 'h')
    returning id::text`);
  await database.db.execute(sql`insert into reservation_table_blocks (merchant_id, table_no, block_start, reservation_id)
    values (${merchant!.id}, 1, '2026-12-01T18:00:00Z', ${reservation!.id}), (${merchant!.id}, 1, '2026-12-01T18:15:00Z', ${reservation!.id})`);

  const COUNTS = sql`select (select count(*) from sessions)::int as sessions, (select count(*) from member_cards)::int as cards, (select count(*) from dines)::int as dines,
    (select count(*) from dine_ids)::int as dine_ids, (select count(*) from member_rewards)::int as rewards, (select count(*) from reward_claims)::int as claims,
    (select count(*) from notifications)::int as notifications, (select count(*) from balance_entries)::int as ledger, (select count(*) from reservation_table_blocks)::int as blocks,
    (select count(*) from member_bonuses)::int as bonuses, (select count(*) from partner_ledger_postings)::int as postings`;
  const countsBefore = await rowsOf(database, COUNTS);
  const dinesBefore = await rowsOf(database, sql`select id::text, member_id, card_id from dines order by id`);

  await runMigrations(database);

  expect(await rowsOf(database, COUNTS)).toEqual(countsBefore);
  expect(await rowsOf(database, sql`select id::text, member_id, card_id from dines order by id`)).toEqual(dinesBefore);
  // The table periods took their reservation's member.
  expect(await rowsOf(database, sql`select distinct member_id from reservation_table_blocks where reservation_id = ${reservation!.id}`)).toEqual([{ member_id: a!.id }]);
  await checkRule(database);

  // A row naming another member's card, dine or reward is refused.
  expect(await errorOf(database, sql`insert into reward_claims (partner_id, member_id, card_id, card_type, card_last_four, merchant_id, dine_date, amount_cents, status, dine_id)
    values (${b!.partner_id}, ${b!.id}, null, 'visa', '4242', ${merchant!.id}, '2026-11-02', 2500, 'Approved', ${dine!.id})`)).toMatchObject({ code: '23503', constraint: 'reward_claims_dine_id_member_fk' });
  expect(await errorOf(database, sql`insert into dines (partner_id, member_id, card_id, card_last_four, merchant_id, location_id, transaction_id, local_date, local_minutes, occurred_at, status, reward)
    values (${b!.partner_id}, ${b!.id}, ${cardA!.id}, '4242', ${merchant!.id}, 'loc-1', 'tx-0050-b', '2026-11-02', 600, '2026-11-02T18:00:00Z', 'Awarded', 500)`)).toMatchObject({ code: '23503', constraint: 'dines_card_id_member_fk' });

  // A deleted card clears only the references to it: the dines and the claim stay the member's.
  await database.db.execute(sql`delete from member_cards where id = ${cardA!.id}`);
  expect(await rowsOf(database, sql`select member_id, card_id from dines where transaction_id = 'tx-0050'`)).toEqual([{ member_id: a!.id, card_id: null }]);
  expect(await rowsOf(database, sql`select member_id, card_id, dine_id::text from reward_claims where dine_id = ${dine!.id}`)).toEqual([{ member_id: a!.id, card_id: null, dine_id: dine!.id }]);
  // A deleted dine clears the claim's reference to it; a cancelled reservation's periods go with it.
  await database.db.execute(sql`delete from dines where transaction_id = 'tx-0050'`);
  expect(await rowsOf(database, sql`select member_id, dine_id from reward_claims where member_id = ${a!.id} and dine_date = '2026-11-01'`)).toEqual([{ member_id: a!.id, dine_id: null }]);
  await database.db.execute(sql`delete from reservations where id = ${reservation!.id}`);
  expect(await rowsOf(database, sql`select 1 from reservation_table_blocks where reservation_id = ${reservation!.id}`)).toEqual([]);
  // A member who goes takes all their rows along.
  await database.db.execute(sql`delete from members where id = ${a!.id}`);
  const left = await rowsOf<{ relname: string; n: number }>(database, sql`select 'sessions' as relname, count(*)::int as n from sessions where member_id = ${a!.id}
    union all select 'member_cards', count(*)::int from member_cards where member_id = ${a!.id}
    union all select 'reward_claims', count(*)::int from reward_claims where member_id = ${a!.id}
    union all select 'dine_ids', count(*)::int from dine_ids where member_id = ${a!.id}`);
  expect(left.filter((r) => r.n > 0)).toEqual([]);
}

describe('migration 0050: member_id in the keys of member-owned tables, on a database with data', () => {
  it('converts the embedded database', async () => {
    await checkConversion(await before.pglite());
  }, 120_000);

  const url = process.env.TEST_DATABASE_URL;
  it.skipIf(!url)('converts PostgreSQL', async () => {
    await checkConversion(await before.postgres(url!));
  }, 120_000);
});
