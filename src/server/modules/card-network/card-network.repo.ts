import { sql, type SQL } from 'drizzle-orm';
import { isEmbeddedExecutor, runPrepared, type Db, type PreparedStatement } from '../../db/client';
import { takeBackRewardsSql } from '../../db/take-back';
import type { EarnBasis, NotEarnedReason, RewardStatus } from '#shared/constants/rewards';
import type { RestaurantTerms } from '#shared/rules/rewards/policy';
import { MERCHANT_TERMS_COLUMNS, termsOfRow, type MerchantTermsRow } from '../merchants';
import { earningSettingsOf } from '../partners';
import type { CardNetworkEvent } from '#shared/schemas/rewards';
import type { Adjustment, AppliedRefund, CardInfo, Dine, MemberInfo, Outcome, ParkedRefund, PartnerInfo, Progress } from './decisions';

/**
 * SQL of the card-network inbox and the engine. Every statement takes or writes whole sets: list
 * parameters travel as one JSON value (`jsonb_array_elements_text`, `jsonb_to_recordset`), so a
 * chunk of thousands of events costs a dozen statements, the same on PGlite and PostgreSQL.
 */

/** A database or an open transaction. */
export type Executor = Pick<Db, 'execute'>;

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/**
 * The rows of a read (a SELECT, locking clauses allowed). On the embedded database they come back
 * as one JSON value (`json_agg` of the rows, in their order), parsed at once: PGlite's JavaScript
 * decodes each value of each row of a result on its own, which cost about three times as much for
 * the engine's reads of thousands of rows (2,000 rows of 8 columns: 51 -> 19 ms). The rows are the
 * same objects by column name; timestamps come as ISO 8601 text (read with toDate), bigints as
 * numbers.
 */
async function readRows<T>(db: Executor, query: SQL): Promise<T[]> {
  if (!isEmbeddedExecutor(db)) return rows<T>(db, query);
  const [found] = await rows<{ j: T[] }>(db, sql`select coalesce(json_agg(q), '[]'::json) as j from (${query}) q`);
  return found!.j;
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
/**
 * A list parameter as an array computed once (`col = any(array(...))`): the planner looks each
 * value up in the index whatever its statistics say. PGlite never runs autovacuum, so plans must
 * not depend on fresh statistics: a table that grew since its last ANALYZE would otherwise be
 * scanned whole for every chunk.
 */
const textArray = (values: Iterable<string>) => sql`array(select jsonb_array_elements_text(${json([...new Set(values)])}))`;
const intArray = (values: Iterable<number>) => sql`array(select (jsonb_array_elements_text(${json([...new Set(values)])}))::bigint)`;
const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const toDateOrNull = (v: unknown): Date | null => (v === null || v === undefined ? null : toDate(v));

// ------------------------------------------------------------------ receipt

/**
 * The receipt statement, kept prepared on each PostgreSQL connection (runPrepared). The event id
 * goes into card_network_event_ids first (never pruned: decision 0012), and only the ids that were
 * new go into the partitioned inbox, with the same time; a concurrent receipt of the same id waits
 * on the key and then inserts nothing. The first copy of an id within one group is the one stored.
 */
const INSERT_INBOX_EVENTS: PreparedStatement = {
  name: 'card_network_inbox_insert',
  text: `with x as (
      select distinct on (e->>'id') e, n from jsonb_array_elements($1::jsonb) with ordinality as x(e, n) order by e->>'id', n
    ),
    k as (
      insert into card_network_event_ids (event_id) select e->>'id' from x order by n
      on conflict (event_id) do nothing
      returning event_id, received_at
    )
    insert into card_network_inbox (event_id, type, body, received_at)
    select k.event_id, x.e->>'type', x.e, k.received_at from k join x on x.e->>'id' = k.event_id order by x.n
    returning event_id`,
};

/**
 * Receipt: one statement for one event or a group of them (inbox-writer.ts). Every event id ever
 * received is kept (card_network_event_ids), so a retried or duplicated event inserts nothing,
 * however late it comes; the answer names the event ids that were new.
 */
export async function insertInboxEvents(db: Db, events: readonly CardNetworkEvent[]): Promise<Set<string>> {
  if (events.length === 0) return new Set();
  const inserted = await runPrepared<{ event_id: string }>(db, INSERT_INBOX_EVENTS, [JSON.stringify(events)]);
  return new Set(inserted.map((r) => r.event_id));
}

/** Receipt of one event (tests, tools). */
export async function insertInboxEvent(db: Db, event: CardNetworkEvent): Promise<{ duplicate: boolean }> {
  return { duplicate: !(await insertInboxEvents(db, [event])).has(event.id) };
}

// ------------------------------------------------------------------ the engine's reads

export type InboxRow = { id: number; body: unknown; receivedAt: Date };
type RawInbox = { id: string | number; body: unknown; received_at: unknown };
const inboxRow = (r: RawInbox): InboxRow => ({ id: Number(r.id), body: r.body, receivedAt: toDate(r.received_at) });

/** Claims up to `limit` unapplied events, oldest first; rows another applier holds are skipped. */
export async function claimInbox(tx: Executor, limit: number): Promise<InboxRow[]> {
  const found = await readRows<RawInbox>(tx, sql`
    select id, body, received_at from card_network_inbox
    where processed_at is null order by id limit ${limit} for update skip locked`);
  return found.map(inboxRow);
}

/**
 * Unapplied events of these cards older than `beforeId` that are not in the chunk yet: the ones
 * nobody holds are taken into it (`taken`); the ones another applier holds are answered by card
 * token (`held`): their members wait for the next chunk, so one member's events apply in order
 * without any applier waiting for another.
 */
export async function claimEarlierOfCards(tx: Executor, opts: { beforeId: number; tokens: readonly string[]; have: readonly number[] }): Promise<{ taken: InboxRow[]; held: Set<string> }> {
  if (opts.tokens.length === 0) return { taken: [], held: new Set() };
  // The unapplied events below the chunk that are not in it, in id order from the pending index:
  // with one applier there are none; with several, at most the others' chunks, however long the
  // inbox's history. (Picking them by card token first visited every event those cards ever had,
  // and compared each with the whole chunk: a tenth of the engine's time.)
  const others = await rows<{ id: string | number; token: string | null }>(tx, sql`
    select id, body->>'cardToken' as token from card_network_inbox
    where processed_at is null and id < ${opts.beforeId} and id not in (select (jsonb_array_elements_text(${json(opts.have)}))::bigint)
    order by id`);
  const tokens = new Set(opts.tokens);
  const wanted = others.flatMap((r) => (r.token !== null && tokens.has(r.token) ? [{ id: Number(r.id), token: r.token }] : []));
  if (wanted.length === 0) return { taken: [], held: new Set() };
  const taken = (await rows<RawInbox>(tx, sql`
    select id, body, received_at from card_network_inbox where id = any(${intArray(wanted.map((r) => r.id))}) and processed_at is null
    order by id for update skip locked`)).map(inboxRow);
  // The ones not taken are another applier's (or were applied meanwhile): their members wait.
  const got = new Set(taken.map((r) => r.id));
  return { taken, held: new Set(wanted.filter((r) => !got.has(r.id)).map((r) => r.token)) };
}

/** Every card of the members who own these tokens (their other cards' events are ordered with theirs). */
export async function loadCardsOfMembers(tx: Executor, tokens: readonly string[]): Promise<Array<CardInfo & { token: string }>> {
  if (tokens.length === 0) return [];
  const found = await readRows<{ id: number; network_token: string; member_id: number; partner_id: number; last_four: string; created_at: unknown }>(tx, sql`
    select c.id, c.network_token, c.member_id, c.partner_id, c.last_four, c.created_at from member_cards c
    where c.member_id = any(array(select member_id from member_cards where network_token = any(${textArray(tokens)})))`);
  return found.map((r) => ({ id: r.id, token: r.network_token, memberId: r.member_id, partnerId: r.partner_id, lastFour: r.last_four, linkedAt: toDate(r.created_at) }));
}

/**
 * Locks the members in id order, skipping those another applier (or the sweep, or a payout)
 * holds: their events wait for the next chunk. A fixed order and no waiting: no deadlock.
 */
export async function lockMembers(tx: Executor, ids: readonly number[], opts: { skipLocked?: boolean } = {}): Promise<MemberInfo[]> {
  if (ids.length === 0) return [];
  const found = await readRows<{ id: number; partner_id: number; tier_level: number; member_type: string; active: boolean; updated_at: unknown; join_date: unknown; enrollment_source: string }>(tx, sql`
    select id, partner_id, tier_level, member_type, active, updated_at, join_date, enrollment_source from members
    where id = any(${intArray(ids)}) order by id for update ${opts.skipLocked ? sql`skip locked` : sql``}`);
  // There is no closing date: an account closed is closed since its last change.
  return found.map((r) => ({
    id: r.id, partnerId: r.partner_id, tierLevel: r.tier_level,
    closedAt: r.member_type === 'ClosedAccountMember' || !r.active ? toDate(r.updated_at) : null,
    joinDate: toDate(r.join_date), enrollmentSource: r.enrollment_source,
  }));
}

export async function loadPartners(tx: Executor): Promise<PartnerInfo[]> {
  const found = await rows<{
    id: number; earn_rates: [number, number, number, number]; has_vip: boolean; earn_basis: EarnBasis; acclaimed2_enabled: boolean; has_reservation_bonus: boolean; has_flex_offers: boolean; vip_qualifying_dines: number;
  }>(tx, sql`select id, earn_rates, has_vip, earn_basis, acclaimed2_enabled, has_reservation_bonus, has_flex_offers, vip_qualifying_dines from partners`);
  return found.map((r) => ({
    id: r.id,
    settings: earningSettingsOf({ earnRates: r.earn_rates, hasVIP: r.has_vip, earnBasis: r.earn_basis, acclaimed2Enabled: r.acclaimed2_enabled, vipQualifyingDines: r.vip_qualifying_dines }),
    hasReservationBonus: r.has_reservation_bonus, hasFlexOffers: r.has_flex_offers,
  }));
}

/** Which of these award keys of these members have a live award (not taken back): the reservation bonus checks its reservations before choosing. */
export async function liveAwardKeys(tx: Executor, opts: { memberIds: readonly number[]; keys: readonly string[] }): Promise<Set<string>> {
  if (opts.memberIds.length === 0 || opts.keys.length === 0) return new Set();
  const found = await rows<{ award_key: string }>(tx, sql`
    select award_key from bonus_awards
    where member_id = any(${intArray(opts.memberIds)}) and award_key = any(${textArray(opts.keys)}) and revoked_at is null`);
  return new Set(found.map((r) => r.award_key));
}

export async function loadLocations(tx: Executor, locationIds: readonly string[]): Promise<Array<{ locationId: string; merchantId: number }>> {
  if (locationIds.length === 0) return [];
  const found = await readRows<{ location_id: string; merchant_id: number }>(tx, sql`
    select location_id, merchant_id from merchant_network_locations where location_id = any(${textArray(locationIds)})`);
  return found.map((r) => ({ locationId: r.location_id, merchantId: r.merchant_id }));
}

export async function loadMerchantTerms(tx: Executor, ids: readonly number[]): Promise<Map<number, RestaurantTerms>> {
  const terms = new Map<number, RestaurantTerms>();
  if (ids.length === 0) return terms;
  const found = await readRows<{ id: number } & MerchantTermsRow>(tx, sql`select id, ${MERCHANT_TERMS_COLUMNS} from merchants where id = any(${intArray(ids)})`);
  for (const r of found) terms.set(r.id, termsOfRow(r));
  return terms;
}

type RawDine = {
  id: string | number; partner_id: number; member_id: number; card_id: number | null; card_last_four: string; merchant_id: number; location_id: string;
  transaction_id: string; alias_transaction_id: string | null; auth_code: string | null; auth_amount_cents: number | null; cleared_amount_cents: number | null; refunded_cents: number; tip_cents: number | null;
  online_order: boolean; subtotal_cents: number | null; local_date: string; local_minutes: number; occurred_at: unknown; authorised_at: unknown;
  cleared_at: unknown; status: string; reason: string | null; qualified: boolean; tier_at_dine: number | null; rate: number | null; reward: number;
};
const DINE_COLUMNS = sql.raw(`id, partner_id, member_id, card_id, card_last_four, merchant_id, location_id, transaction_id, alias_transaction_id, auth_code,
  auth_amount_cents, cleared_amount_cents, refunded_cents, tip_cents, online_order, subtotal_cents, local_date, local_minutes, occurred_at,
  authorised_at, cleared_at, status, reason, qualified, tier_at_dine, rate, reward`);

function dineOf(r: RawDine, rewardStatus: string | undefined): Dine {
  return {
    id: Number(r.id), partnerId: r.partner_id, memberId: r.member_id, cardId: r.card_id, cardLastFour: r.card_last_four, merchantId: r.merchant_id,
    locationId: r.location_id, transactionId: r.transaction_id, aliasTransactionId: r.alias_transaction_id, authCode: r.auth_code, authAmountCents: r.auth_amount_cents,
    clearedAmountCents: r.cleared_amount_cents, refundedCents: r.refunded_cents, tipCents: r.tip_cents, onlineOrder: r.online_order, subtotalCents: r.subtotal_cents,
    localDate: r.local_date, localMinutes: r.local_minutes, occurredAt: toDate(r.occurred_at), authorisedAt: toDateOrNull(r.authorised_at),
    clearedAt: toDateOrNull(r.cleared_at), status: r.status as RewardStatus, reason: r.reason as NotEarnedReason | null, qualified: r.qualified,
    tierAtDine: r.tier_at_dine, rate: r.rate, reward: r.reward, rewardStatus: (rewardStatus ?? r.status) as RewardStatus, changed: false,
  };
}

/**
 * Locks dines and their S rewards (the payout job waits for this chunk, and the other way round)
 * and answers them with the rewards' status ('Paid' once paid out).
 */
async function lockDines(tx: Executor, where: SQL): Promise<Dine[]> {
  // Found by their keys (dine_ids holds the ids and transaction ids, unique across months), then each
  // row by its whole primary key: the month is named, so each visits one partition (decision 0014).
  // Each row is looked up on its own (`lateral … offset 0`, which the planner does not flatten into
  // a join): as a join, the planner prices a lookup as if it visited every month and chose to read
  // every month of the history whole for a handful of keys (a hash join), a cost that grew with the
  // history (bench/card-events-apply-profile.ts, BENCH_DB=embedded).
  const found = await readRows<RawDine>(tx, sql`select d.* from (select id, member_id, occurred_at from dine_ids where ${where}) k
    cross join lateral (select ${DINE_COLUMNS} from dines where id = k.id and member_id = k.member_id and occurred_at = k.occurred_at offset 0 for update) d`);
  if (found.length === 0) return [];
  const rewards = await readRows<{ dine_id: string | number; status: string }>(tx, sql`
    select r.dine_id, r.status from (select id, member_id, created_at from member_reward_ids where settle_dine_id = any(${intArray(found.map((r) => Number(r.id)))})) k
    cross join lateral (select dine_id, status from member_rewards
      where id = k.id and member_id = k.member_id and created_at = k.created_at and source_code = 'S' offset 0 for update) r`);
  const status = new Map(rewards.map((r) => [Number(r.dine_id), r.status]));
  return found.map((r) => dineOf(r, status.get(Number(r.id))));
}

/** Dines named by these transaction ids (either of a purchase's two), locked. */
export async function loadDinesByTransaction(tx: Executor, transactionIds: readonly string[]): Promise<Dine[]> {
  if (transactionIds.length === 0) return [];
  const ids = textArray(transactionIds);
  return lockDines(tx, sql`transaction_id = any(${ids}) or alias_transaction_id = any(${ids})`);
}

/** Dines by id, locked (the sweep's newly awarded ones). */
export async function loadDinesById(tx: Executor, ids: readonly number[]): Promise<Dine[]> {
  if (ids.length === 0) return [];
  return lockDines(tx, sql`id = any(${intArray(ids)})`);
}

/**
 * The candidates of matching by card, place, time and amount: dines of each card and restaurant
 * within that event's own window (one index range each), locked; `except` are loaded already.
 */
export async function loadDinesOfCards(tx: Executor, opts: { windows: ReadonlyArray<{ cardId: number; merchantId: number; from: Date; to: Date }>; except: readonly number[] }): Promise<Dine[]> {
  if (opts.windows.length === 0) return [];
  // The span of all the windows as values of the statement itself: the planner then leaves out the
  // months outside it (a chunk's events are days apart, not the whole history's months).
  const from = new Date(opts.windows.reduce((t, w) => Math.min(t, w.from.getTime()), Infinity)).toISOString();
  const to = new Date(opts.windows.reduce((t, w) => Math.max(t, w.to.getTime()), -Infinity)).toISOString();
  const found = await readRows<{ id: string | number }>(tx, sql`
    select distinct d.id from jsonb_to_recordset(${json(opts.windows)}) as w("cardId" int, "merchantId" int, "from" timestamptz, "to" timestamptz)
    cross join lateral (
      select id from dines where card_id = w."cardId" and merchant_id = w."merchantId" and occurred_at between w."from" and w."to"
        and occurred_at between ${from}::timestamptz and ${to}::timestamptz
    ) d`);
  const except = new Set(opts.except);
  const ids = found.map((r) => Number(r.id)).filter((id) => !except.has(id));
  if (ids.length === 0) return [];
  return lockDines(tx, sql`id = any(${intArray(ids)})`);
}

export async function loadProgress(tx: Executor, memberIds: readonly number[]): Promise<Progress[]> {
  if (memberIds.length === 0) return [];
  const found = await readRows<{ member_id: number; partner_id: number; year: number; qualified_dines: number; rewards: number }>(tx, sql`
    select member_id, partner_id, year, qualified_dines, rewards from member_progress where member_id = any(${intArray(memberIds)})`);
  return found.map((r) => ({ memberId: r.member_id, partnerId: r.partner_id, year: r.year, qualifiedDines: r.qualified_dines, rewards: r.rewards, deltaDines: 0, deltaRewards: 0 }));
}

/** Qualified visits per member, restaurant and local month (restaurants with a monthly limit), one index range each. */
export async function loadMonthlyVisits(tx: Executor, keys: ReadonlyArray<{ memberId: number; merchantId: number; month: string }>): Promise<Array<{ memberId: number; merchantId: number; month: string; visits: number }>> {
  if (keys.length === 0) return [];
  const unique = [...new Map(keys.map((k) => [`${k.memberId}:${k.merchantId}:${k.month}`, k])).values()];
  // The span of all the months as values of the statement itself, as loadDinesOfCards: the
  // planner leaves out the other months.
  const months = unique.map((k) => k.month).sort();
  const found = await readRows<{ member_id: number; merchant_id: number; month: string; visits: number }>(tx, sql`
    select k."memberId" as member_id, k."merchantId" as merchant_id, k.month, (
      select count(*)::int from dines d
      where d.member_id = k."memberId" and d.merchant_id = k."merchantId" and d.qualified and left(d.local_date, 7) = k.month
        -- A local month lies within a day of the same UTC month.
        and d.occurred_at >= (k.month || '-01')::timestamptz - interval '1 day' and d.occurred_at < (k.month || '-01')::timestamptz + interval '1 month 1 day'
        and d.occurred_at >= (${months[0]! + '-01'})::timestamptz - interval '1 day' and d.occurred_at < (${months.at(-1)! + '-01'})::timestamptz + interval '1 month 1 day'
    ) as visits
    from jsonb_to_recordset(${json(unique)}) as k("memberId" int, "merchantId" int, month text)`);
  return found.map((r) => ({ memberId: r.member_id, merchantId: r.merchant_id, month: r.month, visits: r.visits }));
}

// ------------------------------------------------------------------ refunds: applied and parked

type RawParked = {
  kind: 'mine' | 'other' | 'applied'; id: string | number | null; partner_id: number; member_id: number; card_id: number | null; merchant_id: number | null;
  location_id: string | null; refund_transaction_id: string; original_transaction_id: string | null; amount_cents: number; local_date: string | null;
  occurred_at: unknown; event_id: string; received_at: unknown;
};

/**
 * What the chunk needs to know about refunds, in one statement: the open parked refunds of its
 * members (locked: the sweep skips them while the chunk may apply them), the open parked refunds
 * of other members carrying the chunk's refund transaction ids (not locked: only to answer a
 * resend as a duplicate), and the network refunds among the chunk's already applied.
 */
export async function loadRefundState(tx: Executor, opts: { memberIds: readonly number[]; refunds: ReadonlyArray<{ partnerId: number; refundTransactionId: string }> }): Promise<{
  parked: ParkedRefund[]; parkedElsewhere: ParkedRefund[]; applied: AppliedRefund[];
}> {
  if (opts.memberIds.length === 0 && opts.refunds.length === 0) return { parked: [], parkedElsewhere: [], applied: [] };
  const pairs = json(opts.refunds.map((r) => ({ p: r.partnerId, t: r.refundTransactionId })));
  const columns = sql.raw(`id, partner_id, member_id, card_id, merchant_id, location_id, refund_transaction_id, original_transaction_id, amount_cents, local_date, occurred_at, event_id, received_at`);
  const found = await rows<RawParked>(tx, sql`
    with mine as (
      select ${columns} from parked_refunds where resolved_at is null and member_id = any(${intArray(opts.memberIds)})
      for update
    ),
    asked as (select x.p, x.t from jsonb_to_recordset(${pairs}) as x(p int, t text)),
    other as (
      select ${columns} from parked_refunds r join asked on r.partner_id = asked.p and r.refund_transaction_id = asked.t
      where r.resolved_at is null and r.member_id <> all(${intArray(opts.memberIds)})
    )
    select 'mine' as kind, ${columns} from mine
    union all select 'other', ${columns} from other
    union all
    select 'applied', null, d.partner_id, d.member_id, null, null, null, d.refund_transaction_id, null, d.amount_cents, null, null, d.event_id, null
    from dine_refunds d join asked on d.partner_id = asked.p and d.refund_transaction_id = asked.t`);
  const parkedOf = (r: RawParked): ParkedRefund => ({
    id: Number(r.id), partnerId: r.partner_id, memberId: r.member_id, cardId: r.card_id, merchantId: r.merchant_id!, locationId: r.location_id!,
    refundTransactionId: r.refund_transaction_id, originalTransactionId: r.original_transaction_id, amountCents: r.amount_cents, localDate: r.local_date!,
    occurredAt: toDate(r.occurred_at), eventId: r.event_id, receivedAt: toDate(r.received_at),
  });
  // Arrival order: the order a purchase takes its waiting refunds in.
  const byId = (a: ParkedRefund, b: ParkedRefund) => a.id! - b.id!;
  return {
    parked: found.filter((r) => r.kind === 'mine').map(parkedOf).sort(byId),
    parkedElsewhere: found.filter((r) => r.kind === 'other').map(parkedOf),
    applied: found.filter((r) => r.kind === 'applied').map((r) => ({
      partnerId: r.partner_id, memberId: r.member_id, refundTransactionId: r.refund_transaction_id, amountCents: r.amount_cents, eventId: r.event_id, dine: null, fresh: false,
    })),
  };
}

/** The network refunds the chunk applied (their dines written: each has its id). */
export async function insertDineRefunds(tx: Executor, refunds: readonly AppliedRefund[]): Promise<void> {
  const records = refunds.flatMap((r) => (r.dine?.id === undefined ? [] : [{
    partner_id: r.partnerId, member_id: r.memberId, dine_id: r.dine.id, refund_transaction_id: r.refundTransactionId, amount_cents: r.amountCents, event_id: r.eventId,
  }]));
  if (records.length === 0) return;
  await tx.execute(sql`
    insert into dine_refunds (partner_id, member_id, dine_id, refund_transaction_id, amount_cents, event_id)
    select partner_id, member_id, dine_id, refund_transaction_id, amount_cents, event_id
    from jsonb_to_recordset(${json(records)}) as x(partner_id int, member_id int, dine_id bigint, refund_transaction_id text, amount_cents int, event_id text)`);
}

/** Refunds parked in this chunk that no purchase of the chunk took. */
export async function insertParkedRefunds(tx: Executor, parked: readonly ParkedRefund[]): Promise<void> {
  if (parked.length === 0) return;
  const records = parked.map((p) => ({
    partner_id: p.partnerId, member_id: p.memberId, card_id: p.cardId, merchant_id: p.merchantId, location_id: p.locationId, refund_transaction_id: p.refundTransactionId,
    original_transaction_id: p.originalTransactionId, amount_cents: p.amountCents, local_date: p.localDate, occurred_at: p.occurredAt, event_id: p.eventId, received_at: p.receivedAt,
  }));
  await tx.execute(sql`
    insert into parked_refunds (partner_id, member_id, card_id, merchant_id, location_id, refund_transaction_id, original_transaction_id, amount_cents, local_date, occurred_at, event_id, received_at)
    select partner_id, member_id, card_id, merchant_id, location_id, refund_transaction_id, original_transaction_id, amount_cents, local_date, occurred_at, event_id, received_at
    from jsonb_to_recordset(${json(records)}) as x(partner_id int, member_id int, card_id int, merchant_id int, location_id text, refund_transaction_id text,
      original_transaction_id text, amount_cents int, local_date text, occurred_at timestamptz, event_id text, received_at timestamptz)`);
}

/**
 * Parked refunds (stored) that a purchase of this chunk took: closed with their dine, and their
 * inbox rows say what became of them (the rows stay processed when they were).
 */
export async function resolveParkedRefunds(tx: Executor, parked: readonly ParkedRefund[]): Promise<void> {
  const records = parked.flatMap((p) => (p.id === undefined || !p.resolved ? [] : [{
    id: p.id, dine_id: p.resolved.dine.id ?? null, event_id: p.eventId, outcome: p.resolved.outcome, note: p.resolved.note ?? null,
  }]));
  if (records.length === 0) return;
  await tx.execute(sql`
    with x as (select * from jsonb_to_recordset(${json(records)}) as x(id bigint, dine_id bigint, event_id text, outcome text, note text)),
    p as (update parked_refunds r set resolved_at = now(), resolution = 'applied', dine_id = x.dine_id from x where r.id = x.id and r.resolved_at is null returning r.event_id)
    update card_network_inbox i set outcome = x.outcome, note = x.note from x where i.event_id = x.event_id and i.event_id in (select event_id from p)`);
}

/**
 * The sweep's part: open parked refunds whose date is before `cutoff` (PARKED_REFUND_DAYS ago)
 * found no purchase; they are closed as expired and their inbox rows go to review with the
 * reason. Rows a chunk holds are skipped (it may be applying them). Answers how many.
 */
export async function expireParkedRefunds(db: Executor, opts: { cutoff: Date; note: string; limit: number }): Promise<number> {
  const found = await rows<{ n: number }>(db, sql`
    with old as (
      select id from parked_refunds where resolved_at is null and occurred_at < ${opts.cutoff.toISOString()}::timestamptz
      order by occurred_at limit ${opts.limit} for update skip locked
    ),
    p as (update parked_refunds r set resolved_at = now(), resolution = 'expired' from old where r.id = old.id returning r.event_id),
    i as (update card_network_inbox i set outcome = 'review', note = ${opts.note} from p where i.event_id = p.event_id)
    select count(*)::int as n from p`);
  return found[0]?.n ?? 0;
}

// ------------------------------------------------------------------ the engine's writes

/**
 * A dine as the engine's writes send it: one JSON array of values per dine, in this column order
 * (the values only: records with their keys doubled the bytes sent and parsed per event).
 */
const DINE_WRITE_COLUMNS = [
  ['id', 'bigint'], ['partner_id', 'int'], ['member_id', 'int'], ['card_id', 'int'], ['card_last_four', 'text'], ['merchant_id', 'int'], ['location_id', 'text'],
  ['transaction_id', 'text'], ['alias_transaction_id', 'text'], ['auth_code', 'text'], ['auth_amount_cents', 'int'], ['cleared_amount_cents', 'int'],
  ['refunded_cents', 'int'], ['tip_cents', 'int'], ['online_order', 'boolean'], ['subtotal_cents', 'int'], ['local_date', 'text'], ['local_minutes', 'smallint'],
  ['occurred_at', 'timestamptz'], ['authorised_at', 'timestamptz'], ['cleared_at', 'timestamptz'], ['status', 'text'], ['reason', 'text'],
  ['qualified', 'boolean'], ['tier_at_dine', 'smallint'], ['rate', 'real'], ['reward', 'int'], ['reward_status', 'text'],
] as const;
/** The dines table's columns the engine writes (all of the above but the id and the reward's status). */
const DINE_FIELDS = DINE_WRITE_COLUMNS.map(([name]) => name).filter((n) => n !== 'id' && n !== 'reward_status').join(', ');

const dineValues = (d: Dine) => [
  d.id ?? null, d.partnerId, d.memberId, d.cardId, d.cardLastFour, d.merchantId, d.locationId, d.transactionId, d.aliasTransactionId, d.authCode,
  d.authAmountCents, d.clearedAmountCents, d.refundedCents, d.tipCents, d.onlineOrder, d.subtotalCents, d.localDate, d.localMinutes, d.occurredAt, d.authorisedAt,
  d.clearedAt, d.status, d.reason, d.qualified, d.tierAtDine, d.rate, d.reward, d.rewardStatus,
];

/** The dines as rows x(id, partner_id, …): `select … from jsonb_array_elements(…)`, each column cast from its place in the array. */
const dineRows = (dines: readonly Dine[]) => sql`select ${sql.raw(DINE_WRITE_COLUMNS.map(([name, type], i) => `(e->>${i})::${type} as ${name}`).join(', '))}
  from jsonb_array_elements(${json(dines.map(dineValues))}) e`;

/**
 * New dines and their S rewards with their key rows (dine_ids, member_reward_ids: decision 0014),
 * in one statement. The key rows go as sets from the rows just written: app.history_keys =
 * 'statement' tells the tables' insert triggers, which otherwise write them one row at a time
 * (about a quarter of this statement on the embedded database), to leave them to it (migration
 * 0052). The setting is local to the chunk's transaction and set back at once; the foreign keys
 * from the history to its key rows are checked at the statement's end, as before.
 *
 * On the embedded database (`embedded`) the statement runs without row triggers instead
 * (insertDinesChecked): there its foreign-key checks and the cash-back ledger's trigger were
 * about two thirds of it.
 */
export async function insertDines(tx: Executor, dines: readonly Dine[], opts: { embedded?: boolean } = {}): Promise<void> {
  if (dines.length === 0) return;
  return opts.embedded ? insertDinesChecked(tx, dines) : insertDinesWithTriggers(tx, dines);
}

async function insertDinesWithTriggers(tx: Executor, dines: readonly Dine[]): Promise<void> {
  await tx.execute(sql`select set_config('app.history_keys', 'statement', true)`);
  const created = await rows<{ id: string | number; transaction_id: string }>(tx, sql`
    with x as (${dineRows(dines)}),
    ${insertDinesCtes}
    select id, transaction_id from ins`);
  await tx.execute(sql`select set_config('app.history_keys', '', true)`);
  const ids = new Map(created.map((r) => [r.transaction_id, Number(r.id)]));
  for (const d of dines) d.id = ids.get(d.transactionId);
}

/** The dines (from x), their key rows, their S rewards (from the dines written) and the rewards' key rows. */
const insertDinesCtes = sql`
    ins as (
      insert into dines (${sql.raw(DINE_FIELDS)}) select ${sql.raw(DINE_FIELDS)} from x
      returning id, partner_id, member_id, occurred_at, transaction_id, alias_transaction_id
    ),
    k as (
      insert into dine_ids (id, partner_id, member_id, occurred_at, transaction_id, alias_transaction_id)
      select id, partner_id, member_id, occurred_at, transaction_id, alias_transaction_id from ins
    ),
    s as (
      insert into member_rewards (partner_id, member_id, dine_id, source_code, amount, status, reason)
      select ins.partner_id, ins.member_id, ins.id, 'S', x.reward, x.reward_status, x.reason from ins join x on x.transaction_id = ins.transaction_id
      returning id, partner_id, member_id, created_at, dine_id, status, amount
    ),
    sk as (
      insert into member_reward_ids (id, partner_id, member_id, created_at, settle_dine_id) select id, partner_id, member_id, created_at, dine_id from s
    )`;

/** The triggers of dines, dine_ids, member_rewards, member_reward_ids and balance_entries that insertDinesChecked stands in for (or that do not fire on insert). */
const STOOD_IN_TRIGGERS = [
  'dines_key_insert', 'dines_key_update', 'dines_key_delete', 'member_rewards_key_insert', 'member_rewards_key_update', 'member_rewards_key_delete',
  'member_rewards_ledger_insert', 'member_rewards_ledger_update', 'balance_entries_no_update_delete',
];
/** Their foreign keys, each checked by insertDinesChecked or holding by construction. */
const STOOD_IN_FOREIGN_KEYS = [
  'dines_card_id_member_fk', 'dines_id_fk', 'dines_member_partner_fk', 'dines_merchant_id_merchants_id_fk',
  'member_rewards_dine_id_member_fk', 'member_rewards_id_fk', 'member_rewards_member_partner_fk',
  'balance_entries_member_id_members_id_fk', 'balance_entries_partner_id_partners_id_fk',
];

/**
 * insertDines on the embedded database: the same rows, written with session_replication_role =
 * 'replica' for this one statement (then set back), so that no row trigger fires. On PGlite the
 * seven foreign-key checks of each new dine and its S reward and the cash-back ledger's trigger of
 * an Awarded one cost two thirds of the statement (EXPLAIN ANALYZE, a chunk's 999 new dines:
 * 362 ms, 178 of them the checks and 63 the ledger trigger). What they guaranteed, the statement
 * keeps:
 * - the key rows (dines → dine_ids, member_rewards → member_reward_ids, and a reward's dine →
 *   dine_ids) are written by this statement from the very rows it writes, with the same values;
 *   a reward's member and partner are its dine's;
 * - a dine's member of that partner, its card of that member and its restaurant are checked here,
 *   in the same statement, and a row that names one that does not exist refuses the whole
 *   statement with 23503 as the foreign key would. Nothing can remove them between the check and
 *   the commit: PGlite has one connection, and the chunk's transaction holds it;
 * - the cash-back ledger's rows of Awarded or Paid rewards of Dollar and Credit partners are
 *   written as a set by the ledger's one rule (the SQL function ledger_entry, migration 0053),
 *   which its trigger (0040, 0051) reads for one row at a time;
 * - unique keys, NOT NULL and CHECK constraints are not triggers: they hold as always.
 * It runs so only while those tables and their months have no trigger or foreign key but the ones
 * listed above (STOOD_IN_TRIGGERS, STOOD_IN_FOREIGN_KEYS), looked up in the same statement that
 * sets the role: with any other (a migration's, a test's), it is the statement with every trigger.
 * insert-dines.test.ts checks each refusal, the ledger rows, the lists against the tables, and that
 * a trigger added fires.
 */
async function insertDinesChecked(tx: Executor, dines: readonly Dine[]): Promise<void> {
  // Only while these tables (and their months) have no trigger or foreign key but the ones it stands
  // in for: one added since (a migration, or a test's) makes it the statement with every trigger.
  const [before] = await rows<{ role: string; others: number }>(tx, sql`
    with t as (
      select c.oid from pg_class c where c.oid in ('dines'::regclass, 'dine_ids'::regclass, 'member_rewards'::regclass, 'member_reward_ids'::regclass, 'balance_entries'::regclass)
      union all select i.inhrelid from pg_inherits i where i.inhparent in ('dines'::regclass, 'member_rewards'::regclass)
    ),
    o as (
      select (select count(*) from pg_trigger g where g.tgrelid in (select oid from t) and not g.tgisinternal and g.tgname <> all(${textArray(STOOD_IN_TRIGGERS)}))
        + (select count(*) from pg_constraint f where f.conrelid in (select oid from t) and f.contype = 'f' and f.conname <> all(${textArray(STOOD_IN_FOREIGN_KEYS)})) as n
    )
    select current_setting('session_replication_role') as role, o.n::int as others,
      set_config('session_replication_role', case when o.n = 0 then 'replica' else current_setting('session_replication_role') end, true)
    from o`);
  if (before!.others > 0) return insertDinesWithTriggers(tx, dines);
  const [written] = await rows<{ created: Array<[number, string]>; no_member: number; no_card: number; no_merchant: number }>(tx, sql`
    with x as (${dineRows(dines)}),
    ${insertDinesCtes},
    l as (
      -- The ledger's rule (ledger_entry, migration 0053), as its trigger reads it for a new reward.
      insert into balance_entries (partner_id, member_id, amount_cents, kind, reward_id)
      select s.partner_id, s.member_id, e.amount_cents, e.kind, s.id from s cross join lateral ledger_entry(s.partner_id, null, null, s.status, s.amount) e
    ),
    refused as (
      select
        count(*) filter (where not exists (select 1 from members m where m.id = x.member_id and m.partner_id = x.partner_id))::int as no_member,
        count(*) filter (where x.card_id is not null and not exists (select 1 from member_cards c where c.id = x.card_id and c.member_id = x.member_id))::int as no_card,
        count(*) filter (where not exists (select 1 from merchants m where m.id = x.merchant_id))::int as no_merchant
      from x
    )
    -- One row: the new ids as one JSON value (decoded at once), and what the checks refused.
    select (select coalesce(json_agg(json_build_array(id, transaction_id)), '[]'::json) from ins) as created, refused.* from refused`);
  await tx.execute(sql`select set_config('session_replication_role', ${before!.role}, true)`);
  const broken = written!.no_member > 0 ? 'dines_member_partner_fk' : written!.no_card > 0 ? 'dines_card_id_member_fk'
    : written!.no_merchant > 0 ? 'dines_merchant_id_merchants_id_fk' : undefined;
  if (broken) {
    // As the foreign key refuses it (the caller's transaction commits nothing).
    throw Object.assign(new Error(`insert or update on table "dines" violates foreign key constraint "${broken}"`), { code: '23503', constraint: broken });
  }
  const ids = new Map(written!.created.map(([id, transactionId]) => [transactionId, id]));
  for (const d of dines) d.id = ids.get(d.transactionId);
}

/**
 * Runs one statement with hash and merge joins off (for this transaction, then set back): a join of
 * the chunk's rows with a partitioned table then finds each row by its key in its own month's index
 * (the month is pruned as each row comes). As a hash join the planner read every month of the
 * history whole for a few dozen rows (it prices a lookup as if it visited every month), a cost
 * that grew with the history (bench/card-events-apply-profile.ts, BENCH_DB=embedded). An UPDATE's
 * table cannot be looked up `lateral` as lockDines does.
 */
async function withNestedLoops(tx: Executor, statement: SQL): Promise<void> {
  const [before] = await rows<{ h: string; m: string }>(tx, sql`
    select current_setting('enable_hashjoin') as h, current_setting('enable_mergejoin') as m,
      set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true)`);
  await tx.execute(statement);
  await tx.execute(sql`select set_config('enable_hashjoin', ${before!.h}, true), set_config('enable_mergejoin', ${before!.m}, true)`);
}

/** Changed dines and their S rewards (a reward already paid keeps its row: refunds after payment are A adjustments). */
export async function updateDines(tx: Executor, dines: readonly Dine[]): Promise<void> {
  if (dines.length === 0) return;
  await withNestedLoops(tx, sql`
    with x as (${dineRows(dines)}),
    u as (
      update dines d set alias_transaction_id = x.alias_transaction_id, auth_code = x.auth_code, auth_amount_cents = x.auth_amount_cents, cleared_amount_cents = x.cleared_amount_cents,
        refunded_cents = x.refunded_cents, tip_cents = x.tip_cents, online_order = x.online_order, subtotal_cents = x.subtotal_cents, authorised_at = x.authorised_at,
        cleared_at = x.cleared_at, status = x.status, reason = x.reason, qualified = x.qualified, tier_at_dine = x.tier_at_dine, rate = x.rate,
        reward = x.reward, updated_at = now()
      -- The whole primary key (the time within a millisecond: JavaScript dates have no microseconds), so each update visits one month.
      from x where d.id = x.id and d.member_id = x.member_id and d.occurred_at > x.occurred_at - interval '1 ms' and d.occurred_at < x.occurred_at + interval '1 ms'
      returning d.id
    )
    update member_rewards r set amount = x.reward, status = x.reward_status, reason = x.reason, updated_at = now()
    -- The whole unique key (settle_dine_id, member_id): on the dine's id alone the planner cannot know one row a dine, and read every key.
    -- A key with a settle_dine_id is an S reward's (the key trigger, migration 0048): no source_code test on r, whose partial
    -- index of S rewards the planner, with the embedded database's stale statistics, took for a few rows and read whole.
    from x join member_reward_ids k on k.settle_dine_id = x.id and k.member_id = x.member_id
    where r.id = k.id and r.member_id = k.member_id and r.created_at = k.created_at and r.status <> 'Paid'`);
}

export async function insertAdjustments(tx: Executor, adjustments: readonly Adjustment[]): Promise<void> {
  if (adjustments.length === 0) return;
  const records = adjustments.map((a) => ({ partner_id: a.dine.partnerId, member_id: a.dine.memberId, dine_id: a.dine.id, amount: a.amount }));
  await tx.execute(sql`
    insert into member_rewards (partner_id, member_id, dine_id, source_code, amount, status, reason, description)
    select partner_id, member_id, dine_id, 'A', amount, 'Awarded', 'refunded', 'Refund of a purchase whose reward was already paid'
    from jsonb_to_recordset(${json(records)}) as x(partner_id int, member_id int, dine_id bigint, amount int)`);
}

/** Adds the chunk's changes to the members' yearly totals: one statement, rows locked in member-id order. */
export async function addProgress(tx: Executor, changes: readonly Progress[]): Promise<void> {
  const records = changes.filter((p) => p.deltaDines !== 0 || p.deltaRewards !== 0)
    .map((p) => ({ member_id: p.memberId, year: p.year, partner_id: p.partnerId, dines: p.deltaDines, rewards: p.deltaRewards }));
  if (records.length === 0) return;
  await tx.execute(sql`
    insert into member_progress (member_id, year, partner_id, qualified_dines, rewards, updated_at)
    select member_id, year, partner_id, dines, rewards, now()
    from jsonb_to_recordset(${json(records)}) as x(member_id int, year smallint, partner_id int, dines int, rewards int)
    order by member_id, year
    on conflict (member_id, year) do update set
      qualified_dines = member_progress.qualified_dines + excluded.qualified_dines,
      rewards = member_progress.rewards + excluded.rewards,
      updated_at = now()`);
}

/**
 * The chunk's events applied. Each row is found by its id and its receipt time (the partition
 * key, decision 0012), so each event's update visits its month's partition only, not every
 * month's index. The time as read into JavaScript lost its microseconds: a millisecond either side.
 */
export async function markProcessed(tx: Executor, results: ReadonlyArray<{ id: number; receivedAt: Date; outcome: Outcome; note?: string }>): Promise<void> {
  if (results.length === 0) return;
  await tx.execute(sql`
    update card_network_inbox i set processed_at = now(), outcome = x.outcome, note = x.note
    from jsonb_to_recordset(${json(results.map((r) => ({ id: r.id, received_at: r.receivedAt, outcome: r.outcome, note: r.note ?? null })))}) as x(id bigint, received_at timestamptz, outcome text, note text)
    where i.id = x.id and i.received_at between x.received_at - interval '1 millisecond' and x.received_at + interval '1 millisecond'`);
}

/** Sets aside the oldest unapplied event that a chunk of one cannot apply (a poison event), so the rest goes on. */
export async function markOldestFailed(db: Db, note: string): Promise<number | null> {
  const found = await rows<{ id: string | number }>(db, sql`
    update card_network_inbox set processed_at = now(), outcome = 'failed', note = ${note.slice(0, 500)}
    where id = (select id from card_network_inbox where processed_at is null order by id limit 1 for update skip locked)
    returning id`);
  return found[0] ? Number(found[0].id) : null;
}

// ------------------------------------------------------------------ the sweep

/**
 * Members with a dine the sweep acts on: an authorisation never cleared for AUTH_FORFEIT_DAYS, or
 * a Deferred reward whose member activated or whose time ran out.
 */
export async function membersToSweep(db: Executor, opts: { settleCutoff: Date; deferredCutoff: Date; limit: number; exclude?: readonly number[] }): Promise<number[]> {
  // Members whose sweep failed in this run (engine.ts sweepRewards) are left for the next run.
  // (Unqualified member_id: dines' own in both parts; members has none.)
  const others = sql`member_id <> all(${intArray(opts.exclude ?? [])})`;
  const found = await rows<{ member_id: number }>(db, sql`
    select member_id from (
      (select member_id from dines where status = 'Pending' and cleared_at is null and authorised_at < ${opts.settleCutoff.toISOString()}::timestamptz and ${others} limit ${opts.limit})
      union
      (select d.member_id from dines d join members m on m.id = d.member_id
       where d.status = 'Deferred' and (m.tier_level <> 1 or d.cleared_at < ${opts.deferredCutoff.toISOString()}::timestamptz) and ${others} limit ${opts.limit})
    ) s order by member_id limit ${opts.limit}`);
  return found.map((r) => r.member_id);
}

/** The sweep for a set of members (already locked): one statement each for not settled, activated and not activated. */
export async function sweepMembers(tx: Executor, opts: { memberIds: readonly number[]; settleCutoff: Date; deferredCutoff: Date }): Promise<{ notSettled: number; awarded: number; notActivated: number; awardedDineIds: number[] }> {
  const ids = sql`(select unnest(${intArray(opts.memberIds)}))`;
  const notSettled = await rows<{ id: string }>(tx, sql`
    with f as (
      update dines set status = 'Forfeit', reason = 'notSettled', reward = 0, updated_at = now()
      where member_id in ${ids} and status = 'Pending' and cleared_at is null and authorised_at < ${opts.settleCutoff.toISOString()}::timestamptz
      returning id
    )
    update member_rewards r set status = 'Forfeit', reason = 'notSettled', amount = 0, updated_at = now()
    from f where r.dine_id = f.id and r.source_code = 'S' and r.status = 'Pending' returning r.id`);
  const awarded = await rows<{ dine_id: string | number }>(tx, sql`
    with a as (
      update dines d set status = 'Awarded', updated_at = now() from members m
      where d.member_id in ${ids} and d.status = 'Deferred' and m.id = d.member_id and m.tier_level <> 1
      returning d.id
    )
    update member_rewards r set status = 'Awarded', updated_at = now()
    from a where r.dine_id = a.id and r.source_code = 'S' and r.status = 'Deferred' returning r.dine_id`);
  const notActivated = await rows<{ n: number }>(tx, sql`
    with f as (
      update dines d set status = 'Forfeit', reason = 'notActivated', qualified = false, reward = 0, updated_at = now()
      from members m, (select id, reward from dines where member_id in ${ids} and status = 'Deferred') old
      where d.id = old.id and m.id = d.member_id and m.tier_level = 1 and d.cleared_at < ${opts.deferredCutoff.toISOString()}::timestamptz
      returning d.id, d.member_id, left(d.local_date, 4)::smallint as year, old.reward, d.qualified
    ),
    r as (
      update member_rewards r set status = 'Forfeit', reason = 'notActivated', amount = 0, updated_at = now()
      from f where r.dine_id = f.id and r.source_code = 'S' and r.status = 'Deferred'
    ),
    agg as (select member_id, year, count(*)::int as n, sum(reward)::int as s from f group by member_id, year),
    p as (
      update member_progress p set qualified_dines = p.qualified_dines - agg.n, rewards = p.rewards - agg.s, updated_at = now()
      from agg where p.member_id = agg.member_id and p.year = agg.year
    )
    select count(*)::int as n from f`);
  return { notSettled: notSettled.length, awarded: awarded.length, notActivated: notActivated[0]?.n ?? 0, awardedDineIds: awarded.map((r) => Number(r.dine_id)) };
}

/** Flex offers redeemed by these dines, with their B reward's status (a refund may take them back). */
export async function flexRedemptionsOf(tx: Executor, dineIds: readonly number[]): Promise<Array<{ offerId: number; rewardId: number; rewardStatus: string; partnerId: number; memberId: number; amount: number; dineId: number }>> {
  if (dineIds.length === 0) return [];
  const found = await rows<{ id: string | number; reward_id: string | number; status: string; partner_id: number; member_id: number; amount: number; dine_id: string | number }>(tx, sql`
    select f.id, f.reward_id, r.status, f.partner_id, f.member_id, r.amount, f.dine_id
    from flex_offers f join member_rewards r on r.id = f.reward_id and r.member_id = f.member_id
    where f.dine_id = any(${intArray(dineIds)})`);
  return found.map((r) => ({ offerId: Number(r.id), rewardId: Number(r.reward_id), rewardStatus: r.status, partnerId: r.partner_id, memberId: r.member_id, amount: r.amount, dineId: Number(r.dine_id) }));
}

/**
 * The open flex offers (not redeemed) of these members at these restaurants that cover any of these
 * restaurant-local dates, locked for the chunk (`FOR UPDATE`): the engine gives each at most one dine.
 */
export async function openFlexOffers(tx: Executor, wants: ReadonlyArray<{ partnerId: number; memberId: number; merchantId: number; localDate: string }>): Promise<Array<{ id: number; partnerId: number; memberId: number; merchantId: number; amount: number; validFrom: string; validTo: string }>> {
  if (wants.length === 0) return [];
  const records = wants.map((w) => ({ partner_id: w.partnerId, member_id: w.memberId, merchant_id: w.merchantId, local_date: w.localDate }));
  const found = await rows<{ id: string | number; partner_id: number; member_id: number; merchant_id: number; amount: number; valid_from: string; valid_to: string }>(tx, sql`
    select f.id, f.partner_id, f.member_id, f.merchant_id, f.amount, f.valid_from, f.valid_to from flex_offers f
    where f.reward_id is null and exists (
      select 1 from jsonb_to_recordset(${json(records)}) as x(partner_id int, member_id int, merchant_id int, local_date text)
      where f.member_id = x.member_id and f.merchant_id = x.merchant_id and f.partner_id = x.partner_id and f.valid_from <= x.local_date and f.valid_to >= x.local_date)
    order by f.id
    for update of f`);
  return found.map((r) => ({ id: Number(r.id), partnerId: r.partner_id, memberId: r.member_id, merchantId: r.merchant_id, amount: r.amount, validFrom: r.valid_from, validTo: r.valid_to }));
}

export const FLEX_OFFER_DESCRIPTION = 'Flex offer: an extra reward for dining here while your offer lasted.';

/**
 * Redeems flex offers: one B reward (Awarded) each, and the offer marked with its dine and reward
 * only while it is still open, in one statement. Answers how many were redeemed (the caller holds
 * the offers locked: anything less means its view was wrong).
 */
export async function redeemFlexOffers(tx: Executor, redemptions: ReadonlyArray<{ offerId: number; partnerId: number; memberId: number; dineId: number; amount: number }>): Promise<number> {
  if (redemptions.length === 0) return 0;
  const ids = await rows<{ id: string | number }>(tx, sql`select nextval(pg_get_serial_sequence('member_rewards', 'id')) as id from generate_series(1, ${redemptions.length})`);
  const records = redemptions.map((r, i) => ({ offer_id: r.offerId, reward_id: Number(ids[i]!.id), partner_id: r.partnerId, member_id: r.memberId, dine_id: r.dineId, amount: r.amount }));
  const done = await rows<{ id: string | number }>(tx, sql`
    with x as (select * from jsonb_to_recordset(${json(records)}) as x(offer_id bigint, reward_id bigint, partner_id int, member_id int, dine_id bigint, amount int)),
    o as (
      update flex_offers f set dine_id = x.dine_id, reward_id = x.reward_id, redeemed_at = now()
      from x where f.id = x.offer_id and f.reward_id is null
      returning f.id, x.reward_id
    )
    insert into member_rewards (id, partner_id, member_id, dine_id, source_code, amount, status, description)
    select x.reward_id, x.partner_id, x.member_id, x.dine_id, 'B', x.amount, 'Awarded', ${FLEX_OFFER_DESCRIPTION}
    from x join o on o.reward_id = x.reward_id
    returning id`);
  return done.length;
}

/**
 * Takes back flex offers whose dine a refund un-qualified: the B reward becomes Forfeit ('refunded',
 * amount 0) if not paid yet, else a J adjustment of minus its amount offsets later earnings; the
 * offer opens again (a later qualifying dine within its dates redeems it).
 */
export async function revokeFlexOffers(tx: Executor, revoked: ReadonlyArray<{ offerId: number; rewardId: number; partnerId: number; memberId: number; dineId: number; amount: number }>): Promise<void> {
  if (revoked.length === 0) return;
  const records = revoked.map((r) => ({ offer_id: r.offerId, reward_id: r.rewardId, partner_id: r.partnerId, member_id: r.memberId, dine_id: r.dineId, amount: r.amount }));
  await tx.execute(sql`
    with x as (select * from jsonb_to_recordset(${json(records)}) as x(offer_id bigint, reward_id bigint, partner_id int, member_id int, dine_id bigint, amount int)),
    o as (update flex_offers f set dine_id = null, reward_id = null, redeemed_at = null from x where f.id = x.offer_id and f.reward_id = x.reward_id returning x.reward_id),
    ${takeBackRewardsSql(sql`x.reward_id in (select reward_id from o)`, 'Flex offer taken back: its dine was refunded')}`);
}
