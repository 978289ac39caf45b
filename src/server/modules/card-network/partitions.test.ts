import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test/db';
import type { Database } from '../../db/client';
import { insertInboxEvent } from './card-network.repo';
import { maintainHistoryPartitions, maintainInboxPartitions, monthPartitions } from './partitions';
import type { CardNetworkEvent } from '#shared/schemas/rewards';

let database: Database;
const db = () => database.db;
beforeAll(async () => {
  database = await createTestDatabase({ seeded: false });
}, 60_000);
afterAll(async () => database.close());

const rows = async <T>(q: ReturnType<typeof sql>) => ((await db().execute(q)) as unknown as { rows: T[] }).rows;
const names = async () => (await monthPartitions(db(), 'card_network_inbox')).map((p) => p.name);
const where = async (eventId: string) => (await rows<{ part: string }>(sql`select tableoid::regclass::text as part from card_network_inbox where event_id = ${eventId}`))[0]?.part;

const event = (id: string): CardNetworkEvent => ({
  id, type: 'clearing', transactionId: `t-${id}`, cardToken: 'tok-none', amountCents: 1000, currency: 'USD',
  merchantLocationId: 'loc-none', localDateTime: '2020-01-15T19:00:00-05:00', onlineOrder: false,
});

/** An event received at `at` (as receipt writes it, with its time), and how the engine left it. */
async function receivedAt(id: string, at: string, state: { processed?: boolean; outcome?: string; dismissed?: boolean } = {}) {
  await db().execute(sql`insert into card_network_event_ids (event_id, received_at) values (${id}, ${at}::timestamptz)`);
  await db().execute(sql`insert into card_network_inbox (event_id, type, body, received_at, processed_at, outcome, dismissed_at)
    values (${id}, 'clearing', ${JSON.stringify(event(id))}::jsonb, ${at}::timestamptz, ${state.processed === false ? null : at}::timestamptz,
      ${state.outcome ?? (state.processed === false ? null : 'applied')}, ${state.dismissed ? at : null}::timestamptz)`);
}

describe('the inbox partitions (card-network-partitions job, decision 0012)', () => {
  it('is partitioned by month of received_at with a default partition; receipt lands in its month', async () => {
    const [kind] = await rows<{ relkind: string }>(sql`select relkind from pg_class where relname = 'card_network_inbox'`);
    expect(kind?.relkind).toBe('p');
    const now = new Date();
    const month = `card_network_inbox_p${now.getUTCFullYear()}_${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(await names()).toContain(month);
    expect(await insertInboxEvent(db(), event('part-now-1'))).toEqual({ duplicate: false });
    expect(await where('part-now-1')).toBe(month);
  });

  it('makes this month and the next three ahead, once', async () => {
    const now = new Date('2031-11-20T12:00:00Z');
    const first = await maintainInboxPartitions(db(), { now, retentionDays: 400 });
    expect(first.created).toEqual(['card_network_inbox_p2031_11', 'card_network_inbox_p2031_12', 'card_network_inbox_p2032_01', 'card_network_inbox_p2032_02']);
    expect(await names()).toEqual(expect.arrayContaining(first.created));
    const again = await maintainInboxPartitions(db(), { now, retentionDays: 400 });
    expect(again.created).toEqual([]);
    // A month made ahead takes what is received in it.
    await receivedAt('part-ahead-1', '2032-01-31T23:59:59Z');
    expect(await where('part-ahead-1')).toBe('card_network_inbox_p2032_01');
  });

  it('never refuses an event of a month it has no partition for: the default one takes it, and the job gives it its month', async () => {
    await receivedAt('part-odd-1', '2019-03-10T08:00:00Z');
    expect(await where('part-odd-1')).toBe('card_network_inbox_default');
    const r = await maintainInboxPartitions(db(), { now: new Date(), retentionDays: 3650 });
    expect(r.created).toContain('card_network_inbox_p2019_03');
    expect(await where('part-odd-1')).toBe('card_network_inbox_p2019_03');
    expect(await rows(sql`select 1 from card_network_inbox_default where received_at < '2019-04-01'`)).toEqual([]);
  });

  it('drops months past retention, keeps those holding events not applied or in the console, and a dropped event resent is still a duplicate', async () => {
    await receivedAt('old-done-1', '2020-01-10T10:00:00Z');
    await receivedAt('old-done-2', '2020-01-20T10:00:00Z', { outcome: 'review', dismissed: true }); // dismissed: the console no longer lists it
    await receivedAt('old-pending-1', '2020-02-10T10:00:00Z', { processed: false });
    await receivedAt('old-review-1', '2020-03-10T10:00:00Z', { outcome: 'review' });
    await receivedAt('old-parked-1', '2020-04-10T10:00:00Z', { outcome: 'parked' });
    await receivedAt('recent-1', '2020-06-10T10:00:00Z');
    // Retention 120 days at 2020-09-01: months that ended on or before 2020-05-04 may go.
    const now = new Date('2020-09-01T00:00:00Z');
    const r = await maintainInboxPartitions(db(), { now, retentionDays: 120 });
    expect(r.created).toEqual(expect.arrayContaining(['card_network_inbox_p2020_01', 'card_network_inbox_p2020_06']));
    expect(r.dropped).toEqual(expect.arrayContaining(['card_network_inbox_p2019_03', 'card_network_inbox_p2020_01']));
    expect(r.dropped).not.toContain('card_network_inbox_p2020_06');
    expect(r.kept).toEqual([
      { name: 'card_network_inbox_p2020_02', pending: 1, attention: 0 },
      { name: 'card_network_inbox_p2020_03', pending: 0, attention: 1 },
      { name: 'card_network_inbox_p2020_04', pending: 0, attention: 1 },
    ]);
    const left = await names();
    expect(left).not.toContain('card_network_inbox_p2020_01');
    expect(left).toEqual(expect.arrayContaining(['card_network_inbox_p2020_02', 'card_network_inbox_p2020_03', 'card_network_inbox_p2020_04', 'card_network_inbox_p2020_06']));
    expect(await where('old-done-1')).toBeUndefined();
    expect(await where('old-pending-1')).toBe('card_network_inbox_p2020_02');
    expect(await where('recent-1')).toBe('card_network_inbox_p2020_06');
    // The id is remembered: the same event resent years later changes nothing.
    expect(await insertInboxEvent(db(), event('old-done-1'))).toEqual({ duplicate: true });
    expect(await where('old-done-1')).toBeUndefined();

    // Once applied and dealt with in the console, the kept months go at the next run.
    await db().execute(sql`update card_network_inbox set processed_at = now(), outcome = 'applied' where event_id = 'old-pending-1'`);
    await db().execute(sql`update card_network_inbox set dismissed_at = now() where event_id in ('old-review-1', 'old-parked-1')`);
    const next = await maintainInboxPartitions(db(), { now, retentionDays: 120 });
    expect(next.dropped).toEqual(['card_network_inbox_p2020_02', 'card_network_inbox_p2020_03', 'card_network_inbox_p2020_04']);
    expect(next.kept).toEqual([]);
    expect(await names()).toContain('card_network_inbox_p2020_06');
  });

  it('keeps one inbox row per event id in the database itself (unique with its time, and the time the key table holds)', async () => {
    await receivedAt('dup-1', '2030-05-05T00:00:00Z');
    await expect(db().execute(sql`insert into card_network_inbox (event_id, type, body, received_at) values ('dup-1', 'clearing', '{}'::jsonb, '2030-06-05T00:00:00Z')`)).rejects.toThrow();
    await expect(db().execute(sql`insert into card_network_inbox (event_id, type, body, received_at) values ('dup-1', 'clearing', '{}'::jsonb, '2030-05-05T00:00:00Z')`)).rejects.toThrow();
    await expect(db().execute(sql`insert into card_network_inbox (event_id, type, body) values ('never-keyed', 'clearing', '{}'::jsonb)`)).rejects.toThrow();
  });
});

describe('the dine and reward history partitions (card-network-partitions job, decision 0014)', () => {
  let seeded: Database;
  beforeAll(async () => {
    seeded = await createTestDatabase({ seeded: true });
  }, 60_000);
  afterAll(async () => seeded?.close());
  const q = async <T>(query: ReturnType<typeof sql>) => ((await seeded.db.execute(query)) as unknown as { rows: T[] }).rows;
  const partOf = async (table: 'dines' | 'member_rewards', id: number) => (await q<{ part: string }>(sql`select tableoid::regclass::text as part from ${sql.identifier(table)} where id = ${id}`))[0]?.part;

  it('makes this month and the next three ahead for dines and member_rewards, once', async () => {
    const now = new Date('2031-11-20T12:00:00Z');
    const first = await maintainHistoryPartitions(seeded.db, { now });
    expect(first.created).toEqual(['dines_p2031_11', 'dines_p2031_12', 'dines_p2032_01', 'dines_p2032_02',
      'member_rewards_p2031_11', 'member_rewards_p2031_12', 'member_rewards_p2032_01', 'member_rewards_p2032_02']);
    expect((await monthPartitions(seeded.db, 'dines')).map((p) => p.name)).toEqual(expect.arrayContaining(first.created.slice(0, 4)));
    expect((await maintainHistoryPartitions(seeded.db, { now })).created).toEqual([]);
  });

  it('gives history of a month it had no partition for its month, keys, reward and the rows naming them intact', async () => {
    const [member] = await q<{ id: number; partner_id: number }>(sql`select id, partner_id from members where member_type = 'EnrolledCardMember' order by id limit 1`);
    const [merchant] = await q<{ id: number }>(sql`select id from merchants order by id limit 1`);
    const [dine] = await q<{ id: string }>(sql`insert into dines (partner_id, member_id, card_last_four, merchant_id, location_id, transaction_id, local_date, local_minutes, occurred_at, status, reward)
      values (${member!.partner_id}, ${member!.id}, '4242', ${merchant!.id}, 'loc', 'part-hist-1', '2018-05-04', 1200, '2018-05-04T16:00:00Z', 'Awarded', 100) returning id`);
    const dineId = Number(dine!.id);
    const [reward] = await q<{ id: string }>(sql`insert into member_rewards (partner_id, member_id, dine_id, source_code, amount, status, created_at)
      values (${member!.partner_id}, ${member!.id}, ${dineId}, 'S', 100, 'Awarded', '2018-05-05T00:00:00Z') returning id`);
    const rewardId = Number(reward!.id);
    await seeded.db.execute(sql`insert into reward_claims (partner_id, member_id, card_type, card_last_four, merchant_id, dine_date, amount_cents, status, dine_id, reward_id)
      values (${member!.partner_id}, ${member!.id}, 'visa', '4242', ${merchant!.id}, '2018-05-04', 2000, 'Approved', ${dineId}, ${rewardId})`);
    expect(await partOf('dines', dineId)).toBe('dines_default');
    expect(await partOf('member_rewards', rewardId)).toBe('member_rewards_default');

    const r = await maintainHistoryPartitions(seeded.db, { now: new Date() });
    expect(r.created).toEqual(expect.arrayContaining(['dines_p2018_05', 'member_rewards_p2018_05']));
    expect(await partOf('dines', dineId)).toBe('dines_p2018_05');
    expect(await partOf('member_rewards', rewardId)).toBe('member_rewards_p2018_05');
    // The move kept the keys (and so the claim's references) and the one-S-reward rule.
    expect(await q(sql`select transaction_id from dine_ids where id = ${dineId}`)).toEqual([{ transaction_id: 'part-hist-1' }]);
    expect(await q(sql`select settle_dine_id::text from member_reward_ids where id = ${rewardId}`)).toEqual([{ settle_dine_id: String(dineId) }]);
    expect(await q(sql`select dine_id::text, reward_id::text from reward_claims where dine_id = ${dineId}`)).toEqual([{ dine_id: String(dineId), reward_id: String(rewardId) }]);
    await expect(seeded.db.execute(sql`insert into member_rewards (partner_id, member_id, dine_id, source_code, amount, status)
      values (${member!.partner_id}, ${member!.id}, ${dineId}, 'S', 1, 'Awarded')`)).rejects.toMatchObject({ cause: { code: '23505', constraint: 'member_reward_ids_settle_uq' } });
    // The default partitions are empty again.
    expect(await q(sql`select 1 from dines_default union all select 1 from member_rewards_default`)).toEqual([]);
  });
});
