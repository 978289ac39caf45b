import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { runPrepared, type Db, type PreparedStatement } from '../../db/client';
import { jsonPairs, type SelectionRow } from '../../db/raw-rows';
import { memberProgress, members, type MemberRow, type NewMemberRow } from '../../db/schema';
import { ENROLMENT_COLUMNS, enrolmentOf, type Enrolment, type RawEnrolment } from '../bonuses';
import { TIER_LEVELS } from '#shared/constants/member';

/** Every function takes the partner: a member of one partner does not exist on another's host. */

/** The database or an open transaction. */
type Executor = Pick<Db, 'select' | 'execute'>;

/** Whether a member of the partner (other than exceptId) uses this e-mail (stored lower case). */
export async function emailInUse(db: Executor, opts: { partnerId: number; email: string; exceptId?: number }): Promise<boolean> {
  const rows = await db.select({ id: members.id }).from(members)
    .where(and(
      eq(members.partnerId, opts.partnerId),
      eq(members.email, opts.email.toLowerCase()),
      opts.exceptId === undefined ? undefined : ne(members.id, opts.exceptId),
    ))
    .limit(1);
  return rows.length > 0;
}

/**
 * Serialises joins and changes of address (fix credentials, a confirmed e-mail change) for one e-mail of one partner until the transaction ends.
 * E-mails are not unique in the table (older accounts share one, §8), so the check-then-insert
 * needs this lock to stay race-free.
 */
export async function lockEmail(tx: Executor, opts: { partnerId: number; email: string }): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${opts.partnerId}::int, hashtext(${opts.email.toLowerCase()}))`);
}

export async function findMemberByPublicId(db: Db, partnerId: number, publicId: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(and(eq(members.partnerId, partnerId), eq(members.publicId, publicId)));
  return row;
}

/** All accounts with this (lower-case) e-mail: older accounts may share one (§8 fix credentials). */
export function findMembersByEmail(db: Db, partnerId: number, email: string): Promise<MemberRow[]> {
  return db.select().from(members).where(and(eq(members.partnerId, partnerId), eq(members.email, email))).orderBy(asc(members.id));
}

export async function findMemberByPartnerNumber(db: Db, partnerId: number, partnerNumber: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(and(eq(members.partnerId, partnerId), eq(members.partnerNumber, partnerNumber)));
  return row;
}

export type MemberPatch = Partial<Pick<NewMemberRow,
  'firstName' | 'lastName' | 'address1' | 'address2' | 'city' | 'state' | 'zipCode' | 'phoneNumber' | 'smsOptIn' | 'emailOptIn'
  | 'tierLevel' | 'memberType' | 'active' | 'hasWebProfile' | 'smsConsentAt' | 'smsConsentVersion' | 'smsConsentText' | 'smsConsentSource'>>;

export async function updateMember(db: Db, partnerId: number, id: number, patch: MemberPatch): Promise<MemberRow | undefined> {
  const [row] = await db.update(members).set({ ...patch, updatedAt: new Date() })
    .where(and(eq(members.partnerId, partnerId), eq(members.id, id))).returning();
  return row;
}

/** Tier 1 → 2 in one statement, so two clicks cannot both activate; undefined when not NonActivated (or unknown). */
export async function activateMember(db: Pick<Db, 'update'>, partnerId: number, publicId: string): Promise<MemberRow | undefined> {
  const [row] = await db.update(members)
    .set({ tierLevel: TIER_LEVELS.OptedIn, hasWebProfile: true, active: true, updatedAt: new Date() })
    .where(and(eq(members.partnerId, partnerId), eq(members.publicId, publicId), eq(members.tierLevel, TIER_LEVELS.NonActivated)))
    .returning();
  return row;
}

const PROGRESS_COLUMNS = { year: memberProgress.year, qualifiedDines: memberProgress.qualifiedDines, rewards: memberProgress.rewards };
/** A member's progress row of one year: qualified dines and rewards (numbers all: JSON gives them as drizzle would). */
export type ProgressRow = SelectionRow<typeof PROGRESS_COLUMNS>;

/**
 * The progress rows of a partner's member in two years as one JSON array of ProgressRow: a
 * subquery, each argument the placeholder of its parameter (a statement that reads the rows with
 * other facts numbers its parameters its own way: rewards.repo.ts YEAR_SUMMARY).
 */
export const progressOfYears = (partnerId: string, memberId: string, years: readonly [string, string]) =>
  `select coalesce(json_agg(json_build_object(${jsonPairs(PROGRESS_COLUMNS, 'p')}) order by p.year), '[]'::json)
        from member_progress p where p.partner_id = ${partnerId} and p.member_id = ${memberId} and p.year in (${years[0]}::int, ${years[1]}::int)`;

/** The years of progress rows a member's standing and year summary read: last year and this (progressFiguresOf). */
export const progressYears = (year: number): [number, number] => [year - 1, year];

/** Partner $1's member $2 in years $3 and $4. */
const PROGRESS_OF_YEARS = progressOfYears('$1', '$2', ['$3', '$4']);

/**
 * The standing facts as two columns of a select list, `progress` and `enrolments` (JSON arrays),
 * each argument the placeholder of its parameter: STANDING_FACTS below, and a statement that reads
 * them with a page's other facts (rewards.repo.ts RECENT_ACTIVITY). standingFactsOf reads them.
 */
export const standingFactsColumns = (partnerId: string, memberId: string, years: readonly [string, string]) => `
      (${progressOfYears(partnerId, memberId, years)}) as progress,
      (select coalesce(json_agg(e), '[]'::json)
        from (select ${ENROLMENT_COLUMNS} from member_bonuses where partner_id = ${partnerId} and member_id = ${memberId}) e) as enrolments`;

/** The standing facts' columns as a statement sends them. */
export type RawStandingFacts = { progress: ProgressRow[]; enrolments: RawEnrolment[] };
export type StandingFacts = { progress: ProgressRow[]; enrolments: Enrolment[] };
export const standingFactsOf = (row: RawStandingFacts | undefined): StandingFacts => ({ progress: row?.progress ?? [], enrolments: (row?.enrolments ?? []).map(enrolmentOf) });

/**
 * The member's progress rows of the two years asked (last year and this) and their bonus
 * enrolments, in one statement (one round trip, one snapshot): what memberStanding reads on every
 * signed-in page and GET /api/Member, besides the partner's programmes (kept in memory). Both parts
 * by partner and member. Kept prepared on each PostgreSQL connection (runPrepared).
 */
const STANDING_FACTS: PreparedStatement = { name: 'member_standing_facts_v1', text: `select ${standingFactsColumns('$1', '$2', ['$3', '$4'])}` };

export async function findStandingFacts(db: Db, member: Pick<MemberRow, 'id' | 'partnerId'>, years: readonly [number, number]): Promise<StandingFacts> {
  const [row] = await runPrepared<RawStandingFacts>(db, STANDING_FACTS, [member.partnerId, member.id, years[0], years[1]]);
  return standingFactsOf(row);
}

/** The member's progress rows alone (the booking widget's earn marks, a search's campaign level): the same part, prepared too. */
const PROGRESS: PreparedStatement = { name: 'member_progress_v1', text: `select (${PROGRESS_OF_YEARS}) as progress` };

/** The member's progress rows (qualified dines and rewards per calendar year) of two years (last year and this). */
export async function findProgress(db: Db, member: Pick<MemberRow, 'id' | 'partnerId'>, years: readonly [number, number]): Promise<ProgressRow[]> {
  const [row] = await runPrepared<{ progress: ProgressRow[] }>(db, PROGRESS, [member.partnerId, member.id, years[0], years[1]]);
  return row?.progress ?? [];
}
