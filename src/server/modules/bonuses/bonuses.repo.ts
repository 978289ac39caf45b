import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { takeBackRewardsSql } from '../../db/take-back';
import type { BonusKind, BonusProgramme, BonusStatus } from '#shared/rules/bonuses';

/**
 * SQL of bonus programmes, members' enrolments and awards (docs/api-bonuses.md). Used by the
 * bonus calls, the reservation hook and the rewards engine (inside its chunk transaction). Every
 * function takes the partner or works on rows the caller found by partner: one partner's bonuses
 * are nobody else's.
 */

/** A database or an open transaction. */
export type Executor = Pick<Db, 'execute'>;

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const intArray = (values: Iterable<number>) => sql`array(select (jsonb_array_elements_text(${json([...new Set(values)])}))::bigint)`;
const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const toDateOrNull = (v: unknown): Date | null => (v === null || v === undefined ? null : toDate(v));

export type ProgrammeRow = BonusProgramme & { partnerId: number; createdAt: Date };
type RawProgramme = {
  id: number; partner_id: number; code: string; kind: string; amount: number; min_spend_cents: number; window_hours: number;
  enrollment_source: string | null; description: string; created_at: unknown;
};
const PROGRAMME_COLUMNS = sql.raw('id, partner_id, code, kind, amount, min_spend_cents, window_hours, enrollment_source, description, created_at');
const programmeOf = (r: RawProgramme): ProgrammeRow => ({
  id: r.id, partnerId: r.partner_id, code: r.code, kind: r.kind as BonusKind, amount: r.amount, minSpendCents: r.min_spend_cents,
  windowHours: r.window_hours, enrollmentSource: r.enrollment_source, description: r.description, createdAt: toDate(r.created_at),
});

/** The active programmes of one partner, or of every partner (the engine), oldest first. */
export async function activeProgrammes(db: Executor, opts: { partnerId?: number; kinds?: readonly BonusKind[] } = {}): Promise<ProgrammeRow[]> {
  const found = await rows<RawProgramme>(db, sql`
    select ${PROGRAMME_COLUMNS} from bonus_programmes
    where active ${opts.partnerId === undefined ? sql`` : sql`and partner_id = ${opts.partnerId}`}
      ${opts.kinds ? sql`and kind in (select jsonb_array_elements_text(${json(opts.kinds)}))` : sql``}
    order by id`);
  return found.map(programmeOf);
}

/** One active programme of a partner by its code (codes are stored upper case). */
export async function programmeByCode(db: Executor, partnerId: number, code: string): Promise<ProgrammeRow | null> {
  const found = await rows<RawProgramme>(db, sql`
    select ${PROGRAMME_COLUMNS} from bonus_programmes where partner_id = ${partnerId} and code = ${code.toUpperCase()} and active`);
  return found[0] ? programmeOf(found[0]) : null;
}

export type Enrolment = { memberId: number; bonusId: number; status: BonusStatus; createdAt: Date; enrolledAt: Date | null; qualifiedAt: Date | null };
/** An enrolment as ENROLMENT_COLUMNS read it (as columns, or as a JSON object of them). */
export type RawEnrolment = { member_id: number; bonus_id: number; status: string; created_at: unknown; enrolled_at: unknown; qualified_at: unknown };
/** The columns of member_bonuses an Enrolment is made of (enrolmentOf). */
export const ENROLMENT_COLUMNS = 'member_id, bonus_id, status, created_at, enrolled_at, qualified_at';
export const enrolmentOf = (r: RawEnrolment): Enrolment => ({
  memberId: r.member_id, bonusId: r.bonus_id, status: r.status as BonusStatus, createdAt: toDate(r.created_at),
  enrolledAt: toDateOrNull(r.enrolled_at), qualifiedAt: toDateOrNull(r.qualified_at),
});

/** Enrolments of these members (of one partner when given). */
export async function enrolmentsOf(db: Executor, memberIds: readonly number[], partnerId?: number): Promise<Enrolment[]> {
  if (memberIds.length === 0) return [];
  const found = await rows<RawEnrolment>(db, sql`
    select ${sql.raw(ENROLMENT_COLUMNS)} from member_bonuses
    where member_id = any(${intArray(memberIds)}) ${partnerId === undefined ? sql`` : sql`and partner_id = ${partnerId}`}`);
  return found.map(enrolmentOf);
}

/**
 * Registers a member for a bonus: Enrolled now, unless already registered or qualified (a repeat
 * changes nothing). Answers the status the member has after it.
 */
export async function enrol(db: Executor, opts: { partnerId: number; memberId: number; bonusId: number; now: Date }): Promise<BonusStatus> {
  const found = await rows<{ status: string }>(db, sql`
    with ins as (
      insert into member_bonuses (partner_id, member_id, bonus_id, status, created_at, enrolled_at, updated_at)
      values (${opts.partnerId}, ${opts.memberId}, ${opts.bonusId}, 'Enrolled', ${opts.now.toISOString()}::timestamptz, ${opts.now.toISOString()}::timestamptz, now())
      on conflict (member_id, bonus_id) do nothing
      returning status
    )
    select status from ins
    union all
    select status from member_bonuses where member_id = ${opts.memberId} and bonus_id = ${opts.bonusId} and not exists (select 1 from ins)`);
  return (found[0]?.status ?? 'Enrolled') as BonusStatus;
}

/** Enrolment changes the engine made (Qualified on an award, Enrolled again when a refund took it back). */
export async function saveEnrolments(db: Executor, changes: ReadonlyArray<{ partnerId: number; memberId: number; bonusId: number; status: BonusStatus; enrolledAt: Date | null; qualifiedAt: Date | null }>): Promise<void> {
  if (changes.length === 0) return;
  const records = [...changes].sort((a, b) => a.memberId - b.memberId || a.bonusId - b.bonusId)
    .map((c) => ({ partner_id: c.partnerId, member_id: c.memberId, bonus_id: c.bonusId, status: c.status, enrolled_at: c.enrolledAt, qualified_at: c.qualifiedAt }));
  await db.execute(sql`
    insert into member_bonuses (partner_id, member_id, bonus_id, status, enrolled_at, qualified_at, updated_at)
    select partner_id, member_id, bonus_id, status, enrolled_at, qualified_at, now()
    from jsonb_to_recordset(${json(records)}) as x(partner_id int, member_id int, bonus_id int, status text, enrolled_at timestamptz, qualified_at timestamptz)
    on conflict (member_id, bonus_id) do update set status = excluded.status, enrolled_at = coalesce(member_bonuses.enrolled_at, excluded.enrolled_at),
      qualified_at = excluded.qualified_at, updated_at = now()`);
}

/** A bonus awarded and not taken back, with its B reward's status. */
export type LiveAward = { id: number; partnerId: number; memberId: number; bonusId: number; dineId: number | null; rewardId: number; amount: number; rewardStatus: string };

/** The live awards of these members (not taken back). */
export async function liveAwardsOf(db: Executor, memberIds: readonly number[]): Promise<LiveAward[]> {
  if (memberIds.length === 0) return [];
  const found = await rows<{ id: string | number; partner_id: number; member_id: number; bonus_id: number; dine_id: string | number | null; reward_id: string | number; amount: number; reward_status: string }>(db, sql`
    select a.id, a.partner_id, a.member_id, a.bonus_id, a.dine_id, a.reward_id, a.amount, r.status as reward_status
    from bonus_awards a join member_rewards r on r.id = a.reward_id
    where a.member_id = any(${intArray(memberIds)}) and a.revoked_at is null`);
  return found.map((r) => ({
    id: Number(r.id), partnerId: r.partner_id, memberId: r.member_id, bonusId: r.bonus_id, dineId: r.dine_id === null ? null : Number(r.dine_id),
    rewardId: Number(r.reward_id), amount: r.amount, rewardStatus: r.reward_status,
  }));
}

export type NewAward = { partnerId: number; memberId: number; bonusId: number; awardKey: string; dineId: number | null; amount: number; description: string };

/**
 * Awards bonuses: one `bonus_awards` row and one B reward (Awarded) each, in one statement. The
 * awards table is unique by member, bonus and award key among awards not taken back, so an award
 * made twice (a retry, a second applier) inserts nothing the second time: answered are the awards
 * that were new.
 */
export async function insertAwards(db: Executor, awards: readonly NewAward[]): Promise<Array<{ memberId: number; bonusId: number; awardKey: string; rewardId: number }>> {
  if (awards.length === 0) return [];
  const ids = await rows<{ id: string | number }>(db, sql`select nextval(pg_get_serial_sequence('member_rewards', 'id')) as id from generate_series(1, ${awards.length})`);
  const records = awards.map((a, i) => ({
    reward_id: Number(ids[i]!.id), partner_id: a.partnerId, member_id: a.memberId, bonus_id: a.bonusId, award_key: a.awardKey, dine_id: a.dineId, amount: a.amount, description: a.description,
  }));
  const inserted = await rows<{ member_id: number; bonus_id: number; award_key: string; reward_id: string | number }>(db, sql`
    with x as (
      select * from jsonb_to_recordset(${json(records)}) as x(reward_id bigint, partner_id int, member_id int, bonus_id int, award_key text, dine_id bigint, amount int, description text)
    ),
    a as (
      insert into bonus_awards (partner_id, member_id, bonus_id, award_key, dine_id, reward_id, amount)
      select partner_id, member_id, bonus_id, award_key, dine_id, reward_id, amount from x order by member_id, bonus_id
      on conflict (member_id, bonus_id, award_key) where revoked_at is null do nothing
      returning reward_id
    ),
    r as (
      insert into member_rewards (id, partner_id, member_id, dine_id, source_code, amount, status, description)
      select x.reward_id, x.partner_id, x.member_id, x.dine_id, 'B', x.amount, 'Awarded', x.description from x join a on a.reward_id = x.reward_id
      returning id
    )
    select x.member_id, x.bonus_id, x.award_key, x.reward_id from x join r on r.id = x.reward_id`);
  return inserted.map((r) => ({ memberId: r.member_id, bonusId: r.bonus_id, awardKey: r.award_key, rewardId: Number(r.reward_id) }));
}

/**
 * Takes back awards whose qualifying dine was refunded below the minimum spend: a B reward not
 * paid yet becomes Forfeit ('refunded', amount 0); one already paid keeps its row and a J bonus
 * adjustment of minus its amount offsets later earnings (as an A adjustment does for a dine).
 */
export async function revokeAwards(db: Executor, awards: readonly LiveAward[], reason: string): Promise<void> {
  if (awards.length === 0) return;
  const records = awards.map((a) => ({ id: a.id, reward_id: a.rewardId, partner_id: a.partnerId, member_id: a.memberId, dine_id: a.dineId, amount: a.amount }));
  await db.execute(sql`
    with x as (select * from jsonb_to_recordset(${json(records)}) as x(id bigint, reward_id bigint, partner_id int, member_id int, dine_id bigint, amount int)),
    a as (update bonus_awards b set revoked_at = now(), revoke_reason = ${reason} from x where b.id = x.id and b.revoked_at is null returning b.id),
    ${takeBackRewardsSql(sql`x.id in (select id from a)`, 'Bonus taken back: its qualifying dine was refunded')}`);
}
