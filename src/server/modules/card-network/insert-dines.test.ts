import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test/db';
import { isEmbedded, type Database } from '../../db/client';
import { pgCode } from '../../lib/db-errors';
import { balanceEntries, dineIds, dines, memberRewardIds, memberRewards } from '../../db/schema';
import { insertDines } from './card-network.repo';
import type { Dine } from './decisions';
import { memberWithCards, partnerId } from './test-fixtures';

/**
 * The engine's insert of new dines (card-network.repo.ts insertDines), on each database as the
 * engine calls it: on the embedded database it runs without row triggers and stands in for them
 * (its foreign-key checks, the key triggers, the cash-back ledger's trigger), so these tests hold
 * it to what the triggers and foreign keys do on PostgreSQL.
 */

let database: Database;
let cash: number; // a Dollar partner: its Awarded rewards enter the cash-back ledger
let miles: number;
beforeAll(async () => {
  database = await createTestDatabase();
  const found = (await database.db.execute(sql`select id from partners where currency_type = 'Dollar' order by id limit 1`)) as unknown as { rows: Array<{ id: number }> };
  cash = found.rows[0]!.id;
  miles = await partnerId(database.db, 'delta');
});
afterAll(async () => { await database.close(); });

const db = () => database.db;
let n = 0;
function dine(over: Partial<Dine> & Pick<Dine, 'partnerId' | 'memberId' | 'cardId'>): Dine {
  n += 1;
  return {
    cardLastFour: '1111', merchantId: 1, locationId: 'loc-1', transactionId: `insert-dines-${process.pid}-${n}`, aliasTransactionId: null, authCode: null,
    authAmountCents: 5000, clearedAmountCents: 5000, refundedCents: 0, tipCents: null, onlineOrder: false, subtotalCents: null, localDate: '2026-11-20',
    localMinutes: 1185, occurredAt: new Date('2026-11-21T00:45:00Z'), authorisedAt: new Date('2026-11-21T00:45:00Z'), clearedAt: new Date('2026-11-22T00:45:00Z'),
    status: 'Awarded', reason: null, qualified: true, tierAtDine: 2, rate: 3, reward: 150, rewardStatus: 'Awarded', changed: true, ...over,
  };
}
/** As the engine calls it: in a transaction, on the embedded database its own way. */
const insert = (dinesToWrite: Dine[]) => db().transaction((tx) => insertDines(tx, dinesToWrite, { embedded: isEmbedded(db()) }));
const storedDines = async (ds: Dine[]) => db().select().from(dines).where(inArray(dines.transactionId, ds.map((d) => d.transactionId)));

describe('insertDines (the engine\'s new dines)', () => {
  it('writes each dine with its key row, one S reward with its key row, and the cash-back ledger rows of Awarded rewards of a Dollar partner', async () => {
    const c = await memberWithCards(db(), { partnerId: cash });
    const m = await memberWithCards(db(), { partnerId: miles });
    const written = [
      dine({ partnerId: cash, memberId: c.memberId, cardId: c.cardIds[0]!, reward: 150 }),
      dine({ partnerId: cash, memberId: c.memberId, cardId: c.cardIds[0]!, status: 'Pending', rewardStatus: 'Pending', clearedAt: null, reward: 120 }),
      dine({ partnerId: cash, memberId: c.memberId, cardId: null, reward: 0, status: 'Forfeit', rewardStatus: 'Forfeit', reason: 'blackoutDay', qualified: false }),
      dine({ partnerId: miles, memberId: m.memberId, cardId: m.cardIds[0]!, reward: 300 }),
    ];
    await insert(written);
    expect(written.map((d) => typeof d.id)).toEqual(['number', 'number', 'number', 'number']);
    const ids = written.map((d) => d.id!);
    expect((await storedDines(written)).map((d) => d.id).sort()).toEqual([...ids].sort());
    const keys = await db().select().from(dineIds).where(inArray(dineIds.id, ids));
    expect(keys.map((k) => [k.id, k.memberId, k.occurredAt.getTime(), k.transactionId]).sort()).toEqual(written.map((d) => [d.id, d.memberId, d.occurredAt.getTime(), d.transactionId]).sort());
    const rewards = await db().select().from(memberRewards).where(inArray(memberRewards.dineId, ids));
    expect(rewards.map((r) => [r.dineId, r.memberId, r.partnerId, r.sourceCode, r.amount, r.status]).sort()).toEqual(
      written.map((d) => [d.id, d.memberId, d.partnerId, 'S', d.reward, d.rewardStatus]).sort());
    const rewardKeys = await db().select().from(memberRewardIds).where(inArray(memberRewardIds.id, rewards.map((r) => r.id)));
    expect(rewardKeys.map((k) => [k.id, k.memberId, k.settleDineId]).sort()).toEqual(rewards.map((r) => [r.id, r.memberId, r.dineId]).sort());
    // The ledger: the one Awarded reward of the Dollar partner with an amount, as its trigger writes it.
    const ledger = await db().select().from(balanceEntries).where(inArray(balanceEntries.memberId, [c.memberId, m.memberId]));
    const awarded = rewards.find((r) => r.dineId === written[0]!.id)!;
    expect(ledger.map((e) => [e.partnerId, e.memberId, e.amountCents, e.kind, e.rewardId])).toEqual([[cash, c.memberId, 150, 'earned', awarded.id]]);
    // And the ledger's trigger takes over from there: the reward changed later is followed.
    await db().update(memberRewards).set({ amount: 100 }).where(eq(memberRewards.id, awarded.id));
    const after = await db().select().from(balanceEntries).where(eq(balanceEntries.memberId, c.memberId));
    expect(after.map((e) => [e.amountCents, e.kind]).sort()).toEqual([[-50, 'changed'], [150, 'earned']]);
  });

  it('refuses, as the foreign keys do, a dine naming a restaurant that does not exist, another member\'s card or another partner\'s member; nothing is written', async () => {
    const m = await memberWithCards(db(), { partnerId: miles });
    const other = await memberWithCards(db(), { partnerId: miles });
    const cases: Array<[string, Dine]> = [
      ['no such restaurant', dine({ partnerId: miles, memberId: m.memberId, cardId: m.cardIds[0]!, merchantId: 2_000_000_000 })],
      ['another member\'s card', dine({ partnerId: miles, memberId: m.memberId, cardId: other.cardIds[0]! })],
      ['another partner\'s member', dine({ partnerId: cash, memberId: m.memberId, cardId: m.cardIds[0]! })],
    ];
    for (const [what, bad] of cases) {
      const good = dine({ partnerId: miles, memberId: m.memberId, cardId: m.cardIds[0]! });
      const err: unknown = await insert([good, bad]).then(() => null, (e: unknown) => e);
      expect(pgCode(err), what).toBe('23503');
      expect(await storedDines([good, bad]), what).toEqual([]);
    }
    // The same member, card and restaurant: accepted.
    const ok = dine({ partnerId: miles, memberId: m.memberId, cardId: m.cardIds[0]! });
    await insert([ok]);
    expect((await storedDines([ok])).length).toBe(1);
  });

  it('a trigger added to those tables, or to one of their months, fires for it: it then writes with every trigger', async () => {
    const m = await memberWithCards(db(), { partnerId: miles });
    // The month of rewards written now (a reward's month is its created_at).
    const month = (await db().execute(sql`select inhrelid::regclass::text as t from pg_inherits where inhparent = 'member_rewards'::regclass
      and pg_get_expr((select relpartbound from pg_class where oid = inhrelid), inhrelid) like '%FROM (''' || to_char(now() at time zone 'UTC', 'YYYY-MM') || '-01%'`)) as unknown as { rows: Array<{ t: string }> };
    expect(month.rows.length).toBe(1);
    await db().execute(sql`create or replace function insert_dines_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'refused by the test trigger'; end $$`);
    for (const table of ['dines', month.rows[0]!.t]) {
      await db().execute(sql`create trigger insert_dines_test_refuse before insert on ${sql.identifier(table)} for each row execute function insert_dines_test_refuse()`);
      try {
        const d = dine({ partnerId: miles, memberId: m.memberId, cardId: m.cardIds[0]!, occurredAt: new Date('2026-11-21T00:45:00Z') });
        const err: unknown = await insert([d]).then(() => null, (e: unknown) => e);
        expect(String((err as { cause?: unknown } | null)?.cause ?? err), table).toMatch(/refused by the test trigger/);
        expect(await storedDines([d]), table).toEqual([]);
      } finally {
        await db().execute(sql`drop trigger insert_dines_test_refuse on ${sql.identifier(table)}`);
      }
    }
    // Without it, the same dine is written.
    const ok = dine({ partnerId: miles, memberId: m.memberId, cardId: m.cardIds[0]! });
    await insert([ok]);
    expect((await storedDines([ok])).length).toBe(1);
  });

  it('the tables it writes have only the triggers it stands in for on the embedded database (a new one must be added to insertDinesChecked)', async () => {
    // On the embedded database insertDines writes with row triggers off: the key rows, the checks of
    // the foreign keys and the cash-back ledger rows are its own. A trigger added to any of these
    // tables would not fire for it there, so this list is checked on both databases.
    const found = (await db().execute(sql`
      select tgrelid::regclass::text as t, tgname as name from pg_trigger
      where not tgisinternal and tgrelid in ('dines'::regclass, 'dine_ids'::regclass, 'member_rewards'::regclass, 'member_reward_ids'::regclass, 'balance_entries'::regclass)
      order by 1, 2`)) as unknown as { rows: Array<{ t: string; name: string }> };
    expect(found.rows.map((r) => `${r.t}.${r.name}`)).toEqual([
      'balance_entries.balance_entries_no_update_delete', // updates and deletes only
      'dines.dines_key_delete', 'dines.dines_key_insert', 'dines.dines_key_update', // the key rows: written by the statement
      'member_rewards.member_rewards_key_delete', 'member_rewards.member_rewards_key_insert', 'member_rewards.member_rewards_key_update',
      'member_rewards.member_rewards_ledger_insert', 'member_rewards.member_rewards_ledger_update', // the ledger rows: written by the statement
    ]);
    // And the foreign keys of the rows it writes: the ones it checks or whose rows it writes itself.
    const fks = (await db().execute(sql`
      select conrelid::regclass::text as t, conname as name from pg_constraint
      where contype = 'f' and conparentid = 0 and conrelid in ('dines'::regclass, 'dine_ids'::regclass, 'member_rewards'::regclass, 'member_reward_ids'::regclass, 'balance_entries'::regclass)
      order by 1, 2`)) as unknown as { rows: Array<{ t: string; name: string }> };
    expect(fks.rows.map((r) => `${r.t}.${r.name}`)).toEqual([
      'balance_entries.balance_entries_member_id_members_id_fk', 'balance_entries.balance_entries_partner_id_partners_id_fk',
      'dines.dines_card_id_member_fk', 'dines.dines_id_fk', 'dines.dines_member_partner_fk', 'dines.dines_merchant_id_merchants_id_fk',
      'member_rewards.member_rewards_dine_id_member_fk', 'member_rewards.member_rewards_id_fk', 'member_rewards.member_rewards_member_partner_fk',
    ]);
  });

  it('the trigger and this statement read one ledger rule (ledger_entry, migration 0053): an entry for a change of what counts in the balance, of a cash-back partner only', async () => {
    const entry = async (partner: number, was: [string, number] | null, now: [string, number]) => {
      const r = (await db().execute(sql`select amount_cents, kind from ledger_entry(${partner}, ${was?.[0] ?? null}, ${was?.[1] ?? null}, ${now[0]}, ${now[1]})`)) as unknown as
        { rows: Array<{ amount_cents: number; kind: string }> };
      return r.rows.map((x) => [x.amount_cents, x.kind]);
    };
    expect(await entry(cash, null, ['Awarded', 150])).toEqual([[150, 'earned']]);
    expect(await entry(cash, null, ['Paid', 90])).toEqual([[90, 'earned']]);
    expect(await entry(cash, null, ['Awarded', -40])).toEqual([[-40, 'earned']]); // a refund after payout
    expect(await entry(cash, null, ['Pending', 150])).toEqual([]);
    expect(await entry(cash, null, ['Awarded', 0])).toEqual([]);
    expect(await entry(cash, ['Pending', 150], ['Awarded', 150])).toEqual([[150, 'earned']]);
    expect(await entry(cash, ['Awarded', 150], ['Forfeit', 0])).toEqual([[-150, 'reversed']]);
    expect(await entry(cash, ['Awarded', 150], ['Awarded', 120])).toEqual([[-30, 'changed']]);
    expect(await entry(cash, ['Awarded', 150], ['Paid', 150])).toEqual([]);
    expect(await entry(miles, null, ['Awarded', 300])).toEqual([]); // miles are the partner's, not a balance here
    // The trigger writes what the rule says, on an update too (a reward of the cash partner taken from Pending to Awarded).
    const c = await memberWithCards(db(), { partnerId: cash });
    const pending = dine({ partnerId: cash, memberId: c.memberId, cardId: c.cardIds[0]!, status: 'Pending', rewardStatus: 'Pending', clearedAt: null, reward: 120 });
    await insert([pending]);
    await db().update(memberRewards).set({ status: 'Awarded' }).where(eq(memberRewards.dineId, pending.id!));
    const [reward] = await db().select().from(memberRewards).where(eq(memberRewards.dineId, pending.id!));
    const ledger = await db().select().from(balanceEntries).where(eq(balanceEntries.rewardId, reward!.id));
    expect(ledger.map((e) => [e.amountCents, e.kind])).toEqual([[120, 'earned']]);
  });
});
