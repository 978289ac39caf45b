import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { EARNED_STATUSES } from '#shared/constants/rewards';
import type { Booked } from '#shared/rules/reservations';
import type { RestaurantTerms } from '#shared/rules/rewards/policy';
import { MERCHANT_TERMS_COLUMNS, termsOfRow, type MerchantTermsRow } from '../merchants';
import type { MerchantHours } from '#shared/schemas/merchant';
import type { Db } from '../../db/client';
import {
  merchants, reservationTableBlocks, reservations,
  type ReservationRow, type ReservationSettingsRow,
} from '../../db/schema';

/** SQL of the reservation engine and calls. Every member read names the member and the partner. */

/** The restaurant as a reservation shows it. */
export type RestaurantAddress = { id: number; name: string; address1: string; city: string; state: string; zipCode: string; phone: string };

export type RestaurantRow = RestaurantAddress & {
  settings: ReservationSettingsRow | null;
  /** Opening hours: the times offered where the booking system keeps its shifts to itself. */
  hours: MerchantHours;
  /** When a dine here earns (the earning policy's terms), for the marks of the times offered. */
  terms: RestaurantTerms;
};

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/**
 * The restaurant, its reservation settings and its earning terms, in one plain statement (the
 * availability call's first read; a query-builder select with a join cost several times more here).
 */
export async function findRestaurant(db: Db, merchantId: number): Promise<RestaurantRow | undefined> {
  const result = await db.execute(sql`
    select m.id, m.name, m.address1, m.city, m.state, m.zip_code, m.phone, m.hours, ${MERCHANT_TERMS_COLUMNS}, to_jsonb(s) as settings
    from merchants m left join reservation_settings s on s.merchant_id = m.id where m.id = ${merchantId}`);
  const row = (result as unknown as { rows: Array<Record<string, unknown>> }).rows[0];
  if (!row) return undefined;
  const raw = json<Record<string, unknown> | null>(row.settings);
  return {
    id: Number(row.id), name: String(row.name), address1: String(row.address1), city: String(row.city), state: String(row.state),
    zipCode: String(row.zip_code), phone: String(row.phone), settings: raw ? settingsFromJson(raw) : null,
    hours: json<MerchantHours | null>(row.hours) ?? [],
    terms: termsOfRow(row as unknown as MerchantTermsRow),
  };
}

/** The member's rewarded visits (qualified dines) at the restaurant in a local month (YYYY-MM), as the engine counts them for the monthly limit. */
export async function memberVisitsInMonth(db: Db, opts: { memberId: number; merchantId: number; month: string }): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from dines
    where member_id = ${opts.memberId} and merchant_id = ${opts.merchantId} and qualified and substr(local_date, 1, 7) = ${opts.month}`);
  return Number((result as unknown as { rows: Array<{ n: unknown }> }).rows[0]?.n ?? 0);
}

function settingsFromJson(r: Record<string, unknown>): ReservationSettingsRow {
  return {
    merchantId: Number(r.merchant_id), provider: String(r.provider), providerRef: r.provider_ref === null ? null : String(r.provider_ref),
    minParty: Number(r.min_party), maxParty: Number(r.max_party), bookingWindowDays: Number(r.booking_window_days), cutoffMinutes: Number(r.cutoff_minutes),
    pacingParties: Number(r.pacing_parties), pacingCovers: Number(r.pacing_covers), holdMinutes: Number(r.hold_minutes),
    turnTimes: r.turn_times as ReservationSettingsRow['turnTimes'], tables: r.tables as ReservationSettingsRow['tables'],
    shifts: r.shifts as ReservationSettingsRow['shifts'], closedDates: r.closed_dates as string[], updatedAt: new Date(String(r.updated_at)),
  };
}

/** Where a held reservation still holds: not past hold_expires_at. */
const LIVE = sql`(r.status = 'booked' or (r.status = 'held' and r.hold_expires_at > now()))`;

export type EngineState = { booked: Booked[]; taken: Set<string> };

/**
 * The live reservations of a restaurant starting in [fromMs, toMs) and the table periods they take
 * in it (blockKey: table number and instant), in one statement.
 */
export async function engineState(db: Db, opts: { merchantId: number; fromMs: number; toMs: number }): Promise<EngineState> {
  const from = new Date(opts.fromMs).toISOString();
  const to = new Date(opts.toMs).toISOString();
  // The live reservations first (index on merchant and start), then their table periods by
  // reservation id: driven by indexes whatever the planner's statistics (PGlite never analyses).
  const result = await db.execute(sql`
    with live as materialized (
      select r.id, r.starts_at, r.party_size from reservations r
      where r.merchant_id = ${opts.merchantId} and r.status in ('held', 'booked')
        and r.starts_at >= ${from}::timestamptz and r.starts_at < ${to}::timestamptz and ${LIVE}
    )
    select
      (select coalesce(json_agg(json_build_object('startsAt', floor(extract(epoch from starts_at) * 1000), 'partySize', party_size)), '[]'::json) from live) as booked,
      (select coalesce(json_agg(b.table_no::text || ':' || floor(extract(epoch from b.block_start) * 1000)::bigint::text), '[]'::json)
         from reservation_table_blocks b where b.reservation_id = any(array(select id from live))) as taken`);
  const row = (result as unknown as { rows: Array<Record<string, unknown>> }).rows[0] ?? {};
  const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  return {
    booked: parse<Booked[]>(row.booked ?? []).map((b) => ({ startsAt: Number(b.startsAt), partySize: Number(b.partySize) })),
    taken: new Set(parse<string[]>(row.taken ?? [])),
  };
}

/**
 * Locks the restaurant's settings row until the transaction ends: bookings of one restaurant are
 * decided one at a time (pacing, tables, the member's overlap), on PostgreSQL and PGlite alike.
 * The table periods' primary key still refuses a double booking should anything bypass the lock.
 */
export async function lockRestaurant(tx: Db, merchantId: number): Promise<void> {
  await tx.execute(sql`select merchant_id from reservation_settings where merchant_id = ${merchantId} for update`);
}

/** Holds of the restaurant past their time become expired and give their tables back. */
export async function expireHolds(tx: Db, merchantId: number): Promise<void> {
  await tx.execute(sql`
    with gone as (
      update reservations set status = 'expired' where merchant_id = ${merchantId} and status = 'held' and hold_expires_at <= now() returning id
    ) delete from reservation_table_blocks where reservation_id in (select id from gone)`);
}

export async function insertBlocks(tx: Db, rows: Array<{ merchantId: number; tableNo: number; blockStart: Date; reservationId: number; memberId: number }>): Promise<void> {
  if (rows.length > 0) await tx.insert(reservationTableBlocks).values(rows);
}

export async function deleteBlocks(tx: Db, reservationId: number): Promise<void> {
  await tx.delete(reservationTableBlocks).where(eq(reservationTableBlocks.reservationId, reservationId));
}

export async function findByKey(db: Db, memberId: number, key: string): Promise<ReservationRow | undefined> {
  const [row] = await db.select().from(reservations).where(and(eq(reservations.memberId, memberId), eq(reservations.idempotencyKey, key)));
  return row;
}

/** Start times (ms) of the member's live reservations at the restaurant within `windowMs` of `startMs`, other than `exceptId`. */
export async function memberStartsNear(db: Db, opts: { memberId: number; merchantId: number; startMs: number; windowMs: number; exceptId?: number }): Promise<number[]> {
  const from = new Date(opts.startMs - opts.windowMs).toISOString();
  const to = new Date(opts.startMs + opts.windowMs).toISOString();
  const result = await db.execute(sql`
    select floor(extract(epoch from r.starts_at) * 1000) as at from reservations r
    where r.member_id = ${opts.memberId} and r.merchant_id = ${opts.merchantId} and ${LIVE}
      and r.starts_at > ${from}::timestamptz and r.starts_at < ${to}::timestamptz and r.id <> ${opts.exceptId ?? 0}`);
  return (result as unknown as { rows: Array<{ at: unknown }> }).rows.map((r) => Number(r.at));
}

export async function insertReservation(db: Db, row: typeof reservations.$inferInsert): Promise<ReservationRow> {
  const [inserted] = await db.insert(reservations).values(row).returning();
  return inserted!;
}

/** Inserts unless the member already used the idempotency key; then the existing row. */
export async function insertReservationOnce(db: Db, row: typeof reservations.$inferInsert): Promise<{ row: ReservationRow; created: boolean }> {
  const [inserted] = await db.insert(reservations).values(row).onConflictDoNothing({ target: [reservations.memberId, reservations.idempotencyKey] }).returning();
  if (inserted) return { row: inserted, created: true };
  return { row: (await findByKey(db, row.memberId, row.idempotencyKey))!, created: false };
}

export async function updateReservation(db: Db, id: number, set: Partial<typeof reservations.$inferInsert>): Promise<ReservationRow> {
  const [row] = await db.update(reservations).set(set).where(eq(reservations.id, id)).returning();
  return row!;
}

export async function findMemberReservation(db: Db, opts: { id: number; memberId: number; partnerId: number }): Promise<ReservationRow | undefined> {
  const [row] = await db.select().from(reservations)
    .where(and(eq(reservations.id, opts.id), eq(reservations.memberId, opts.memberId), eq(reservations.partnerId, opts.partnerId)));
  return row;
}

export type ListedReservation = { reservation: ReservationRow; merchant: RestaurantAddress };

/** The member's reservations with their restaurants, expired holds left out. */
export async function listMemberReservations(db: Db, opts: { memberId: number; partnerId: number }): Promise<ListedReservation[]> {
  return db.select({
    reservation: reservations,
    merchant: { id: merchants.id, name: merchants.name, address1: merchants.address1, city: merchants.city, state: merchants.state, zipCode: merchants.zipCode, phone: merchants.phone },
  }).from(reservations).innerJoin(merchants, eq(merchants.id, reservations.merchantId))
    .where(and(eq(reservations.memberId, opts.memberId), eq(reservations.partnerId, opts.partnerId), inArray(reservations.status, ['held', 'booked', 'cancelled'])))
    .orderBy(asc(reservations.startsAt), asc(reservations.id));
}

export type HonouredReservation = { reservationId: number; partnerId: number; memberId: number; merchantId: number; localDate: string; dineId: number };

/**
 * For the reservation bonus (issue 11 item 4; the hook is bonuses.service awardReservationBonus):
 * the booked reservations honoured by the given dines, i.e. the same member dined (a qualified
 * dine, cleared and earning: Awarded or Paid) at the same restaurant on the reservation's local date. Never a cancelled,
 * expired or merely held reservation. One row per reservation (its first such dine).
 */
export async function honouredReservations(db: Db, dineIds: readonly number[]): Promise<HonouredReservation[]> {
  if (dineIds.length === 0) return [];
  const result = await db.execute(sql`
    select distinct on (r.id) r.id as reservation_id, r.partner_id, r.member_id, r.merchant_id, r.local_date, d.id as dine_id
    from dines d
    join reservations r on r.merchant_id = d.merchant_id and r.local_date = d.local_date and r.member_id = d.member_id
    where d.id = any(${`{${dineIds.map((n) => Math.trunc(n)).join(',')}}`}::bigint[]) and d.qualified and d.status in ${EARNED_STATUSES} and r.status = 'booked'
    order by r.id, d.id`);
  return (result as unknown as { rows: Array<Record<string, unknown>> }).rows.map((r) => ({
    reservationId: Number(r.reservation_id), partnerId: Number(r.partner_id), memberId: Number(r.member_id), merchantId: Number(r.merchant_id),
    localDate: String(r.local_date), dineId: Number(r.dine_id),
  }));
}
