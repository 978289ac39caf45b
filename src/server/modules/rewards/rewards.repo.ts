import { and, count, desc, eq, inArray, sum } from 'drizzle-orm';
import { EARNED_STATUSES, ON_THE_WAY_STATUSES } from '#shared/constants/rewards';
import { runPrepared, type Db, type PreparedStatement } from '../../db/client';
import { jsonPairs, selectionOf, type SelectionRow } from '../../db/raw-rows';
import { dines, memberRewards, merchants, redemptions } from '../../db/schema';
import { dineOfSql } from '../../db/history-joins';
import { OPEN_STATUSES } from '#shared/rules/redemptions';
import { progressOfYears, progressYears, standingFactsColumns, standingFactsOf, type ProgressRow, type RawStandingFacts, type StandingFacts } from '../members';

/** Every function takes the partner and the member: one member's rewards are nobody else's. */
type Owner = { partnerId: number; memberId: number };
type Page = { offset: number; limit: number };

/**
 * A Reviews & History row's columns: the reward, its dine and restaurant (reviews.repo.ts reads the
 * same row when it checks what may be reviewed).
 */
export const REWARD_ROW_COLUMNS = {
  id: memberRewards.id,
  sourceCode: memberRewards.sourceCode,
  amount: memberRewards.amount,
  status: memberRewards.status,
  reason: memberRewards.reason,
  createdAt: memberRewards.createdAt,
  paidAt: memberRewards.paidAt,
  dine: {
    transactionId: dines.transactionId,
    occurredAt: dines.occurredAt,
    localDate: dines.localDate,
    localMinutes: dines.localMinutes,
    authAmountCents: dines.authAmountCents,
    clearedAmountCents: dines.clearedAmountCents,
    // What the earning policy reads to say what the dine earned on (the basis).
    tipCents: dines.tipCents,
    refundedCents: dines.refundedCents,
    onlineOrder: dines.onlineOrder,
    subtotalCents: dines.subtotalCents,
    // The rate it earned at (the tier's times the restaurant's multiplier) and the tier: the row's rate × basis = its reward.
    rate: dines.rate,
    tierAtDine: dines.tierAtDine,
    cardLastFour: dines.cardLastFour,
    reason: dines.reason,
  },
  merchant: { id: merchants.id, name: merchants.name, participating: merchants.participating, participationEnd: merchants.participationEnd },
};

const { dine: DINE_COLUMNS, merchant: MERCHANT_COLUMNS, ...REWARD_COLUMNS } = REWARD_ROW_COLUMNS;
/** When the dine's purchase cleared: a Deferred reward's time to activate runs from it. */
const HISTORY_DINE_COLUMNS = { ...DINE_COLUMNS, clearedAt: dines.clearedAt };
/** The statement credit that pays the reward (cash-back partners). */
const CREDIT_COLUMNS = { creditId: redemptions.creditId, status: redemptions.status, targetLabel: redemptions.targetLabel };

/** A reward row as reviews.repo.ts reads it too (REWARD_ROW_COLUMNS). */
export type RewardRow = SelectionRow<typeof REWARD_COLUMNS> & { dine: SelectionRow<typeof DINE_COLUMNS> | null; merchant: SelectionRow<typeof MERCHANT_COLUMNS> | null };

/**
 * A Reviews & History row: the reward row (REWARD_ROW_COLUMNS), when its purchase cleared, and
 * the statement credit that pays it, joined by the credit id the payout job stores as the
 * reward's payout_ref, within the same member. Its type and its statement's JSON keys both come
 * from the columns.
 */
export type HistoryRow = Omit<RewardRow, 'dine'> & { dine: SelectionRow<typeof HISTORY_DINE_COLUMNS> | null; credit: SelectionRow<typeof CREDIT_COLUMNS> | null };

/** A reward row's dine in raw SQL (`r`, `d`): by its id and its member (history-joins.ts says why the member). */
const DINE_OF_REWARD = dineOfSql('d', memberRewards, 'r');

/**
 * One page of Reviews & History, newest first (a dine's row by the dine, others by when they were
 * made), each row as one JSON value. Kept prepared on each connection (runPrepared): the history is
 * partitioned by month, and planning the join over every month's partitions was most of the call's
 * time (1.1 of 1.3 ms on PostgreSQL, more on the embedded database: bench/page-assembly.ts).
 */
const HISTORY_PAGE: PreparedStatement = { name: 'reward_history_page_v1', text: historyPageSql('$1', '$2', '$3', '$4') };

/**
 * The statement of a page of Reviews & History, each argument the placeholder of its parameter
 * (RECENT_ACTIVITY reads it with other facts): per row, the row as JSON, how many rows the member
 * has (`total`) and its place on the page (`n`, from 1: an aggregate of the rows keeps their order by it).
 */
function historyPageSql(partnerId: string, memberId: string, limit: string, offset: string): string {
  const newestFirst = `case when r.source_code = 'S' and d.occurred_at is not null then d.occurred_at else r.created_at end desc, r.id desc`;
  return `
    select json_build_object(
      ${jsonPairs(REWARD_COLUMNS, 'r')},
      'dine', case when d.id is null then null else json_build_object(${jsonPairs(HISTORY_DINE_COLUMNS, 'd')}) end,
      'merchant', case when m.id is null then null else json_build_object(${jsonPairs(MERCHANT_COLUMNS, 'm')}) end,
      'credit', case when c.credit_id is null then null else json_build_object(${jsonPairs(CREDIT_COLUMNS, 'c')}) end
    ) as row,
    count(*) over ()::int as total,
    row_number() over (order by ${newestFirst})::int as n
    from member_rewards r
    left join dines d on ${DINE_OF_REWARD}
    left join merchants m on m.id = d.merchant_id
    left join redemptions c on c.credit_id = r.payout_ref and c.member_id = r.member_id and c.partner_id = r.partner_id
    where r.partner_id = ${partnerId} and r.member_id = ${memberId}
    order by ${newestFirst}
    limit ${limit} offset ${offset}`;
}

/** A history row as the statement sends it: one JSON object per part, keyed as the columns (jsonPairs). */
type JsonRow = Record<string, unknown> & { dine: Record<string, unknown> | null; merchant: Record<string, unknown> | null; credit: Record<string, unknown> | null };

/**
 * One page of Reviews & History: reward rows with their dine, restaurant and statement credit,
 * newest first, and how many rows the member has in all (counted by the same statement; a page
 * past the end, which has no row to carry it, counts them apart).
 */
export async function historyPage(db: Db, owner: Owner, page: Page): Promise<{ rows: HistoryRow[]; total: number }> {
  const found = await runPrepared<{ row: JsonRow; total: number }>(db, HISTORY_PAGE, [owner.partnerId, owner.memberId, page.limit, page.offset]);
  return historyOf(db, owner, page, found);
}

/** A page's rows as the history statement sent them, decoded, with the member's count of rows. */
async function historyOf(db: Db, owner: Owner, page: Page, found: ReadonlyArray<{ row: JsonRow; total: number }>): Promise<{ rows: HistoryRow[]; total: number }> {
  const total = found[0]?.total ?? (page.offset > 0 ? await countRewards(db, owner) : 0);
  return { rows: found.map(({ row }) => historyRow(row)), total };
}

function historyRow(row: JsonRow): HistoryRow {
  return {
    ...selectionOf(REWARD_COLUMNS, row),
    dine: row.dine && selectionOf(HISTORY_DINE_COLUMNS, row.dine),
    merchant: row.merchant && selectionOf(MERCHANT_COLUMNS, row.merchant),
    credit: row.credit && selectionOf(CREDIT_COLUMNS, row.credit),
  };
}

const COUNT_REWARDS: PreparedStatement = {
  name: 'reward_history_count_v1',
  text: 'select count(*)::int as n from member_rewards where partner_id = $1 and member_id = $2',
};

export async function countRewards(db: Db, owner: Owner): Promise<number> {
  const [row] = await runPrepared<{ n: number }>(db, COUNT_REWARDS, [owner.partnerId, owner.memberId]);
  return row?.n ?? 0;
}

const ownRedemptions = ({ partnerId, memberId }: Owner) => and(eq(redemptions.partnerId, partnerId), eq(redemptions.memberId, memberId));
/** §3 credit records: the member's statement credits (automatic or chosen); gift cards are in their Redemptions list. */
const ownCredits = (owner: Owner) => and(ownRedemptions(owner), eq(redemptions.option, 'statementCredit'));

export function creditRows(db: Db, owner: Owner, page: Page) {
  return db.select().from(redemptions).where(ownCredits(owner))
    .orderBy(desc(redemptions.createdAt), desc(redemptions.id)).limit(page.limit).offset(page.offset);
}

export async function countCredits(db: Db, owner: Owner): Promise<number> {
  const [row] = await db.select({ n: count() }).from(redemptions).where(ownCredits(owner));
  return row?.n ?? 0;
}

/**
 * The calendar year a Reviews & History row belongs to: a dine's own row the restaurant-local date
 * of the dine, any other row the instant it was made, on the member's clock (`from` ≤ it < `to`,
 * the year's first instant there and the next year's). The same dating as the rows' dates
 * (rewards.service.ts transactionCreatedAt).
 */
export type YearBounds = { year: number; from: Date; to: Date };

/**
 * The member's rows of a year summed by what became of them, in the partner's unit: earned
 * (Awarded or Paid: paying out included, adjustments and taken-back bonuses negative) and on the
 * way (Pending, Deferred). Forfeit rows carry 0. With them, in the same statement (one round trip,
 * one snapshot), the member's progress rows of the year and the one before, as the standing facts
 * read them (members.repo.ts progressOfYears): GET /api/Member/DineSummary's whole answer.
 */
const YEAR_SUMMARY: PreparedStatement = {
  name: 'reward_year_summary_v1',
  text: `select s.earned, s."onTheWay", (${progressOfYears('$1', '$2', ['$7', '$8'])}) as progress from (${yearSumsSql('$1', '$2', ['$3', '$4'], ['$5', '$6'])}) s`,
};

/**
 * The year's sums (`earned`, `onTheWay`) of partner `partnerId`'s member `memberId`, each argument
 * the placeholder of its parameter: `dates`, the year's first local date and the next year's;
 * `instants`, the year's first instant on the member's clock and the next year's (YearBounds).
 */
function yearSumsSql(partnerId: string, memberId: string, dates: readonly [string, string], instants: readonly [string, string]): string {
  return `
    select
      coalesce(sum(r.amount) filter (where r.status in (${EARNED_STATUSES.map((s) => `'${s}'`).join(', ')})), 0)::float8 as earned,
      coalesce(sum(r.amount) filter (where r.status in (${ON_THE_WAY_STATUSES.map((s) => `'${s}'`).join(', ')})), 0)::float8 as "onTheWay"
    from member_rewards r
    left join dines d on ${DINE_OF_REWARD}
    where r.partner_id = ${partnerId} and r.member_id = ${memberId}
      and case when r.source_code = 'S' and d.id is not null
        then d.local_date >= ${dates[0]} and d.local_date < ${dates[1]}
        else r.created_at >= ${instants[0]}::timestamptz and r.created_at < ${instants[1]}::timestamptz end`;
}

/** The parameters of a year's sums after the partner and member: its dates, then its instants (yearSumsSql). */
const yearValues = (bounds: YearBounds) => [`${bounds.year}-01-01`, `${bounds.year + 1}-01-01`, bounds.from.toISOString(), bounds.to.toISOString()];

export type YearSummary = { earned: number; onTheWay: number; progress: ProgressRow[] };

export async function yearSummary(db: Db, owner: Owner, bounds: YearBounds): Promise<YearSummary> {
  const [row] = await runPrepared<YearSummary>(db, YEAR_SUMMARY, [owner.partnerId, owner.memberId, ...yearValues(bounds), ...progressYears(bounds.year)]);
  return { earned: row?.earned ?? 0, onTheWay: row?.onTheWay ?? 0, progress: row?.progress ?? [] };
}

/** Cash back in redemptions not finished yet (pending, pending_received: statement credits and gift cards), in cents. */
export async function pendingPayoutCents(db: Db, owner: Owner): Promise<number> {
  const [row] = await db.select({ cents: sum(redemptions.amountCents).mapWith(Number) }).from(redemptions)
    .where(and(ownRedemptions(owner), inArray(redemptions.status, [...OPEN_STATUSES])));
  return row?.cents ?? 0;
}


/**
 * Everything Reviews & History's first screen reads for the signed-in member, in one statement
 * (one round trip, one snapshot; issue 30's page assembly): the standing facts of the year of
 * `bounds` and the one before (members.repo.ts standingFactsColumns: the page's member answer),
 * the year's sums (the year summary's, whose progress rows are the same), and a page of the
 * history. Each part is the SQL its own call sends.
 */
const RECENT_ACTIVITY: PreparedStatement = {
  name: 'reward_recent_activity_v1',
  text: `
    select ${standingFactsColumns('$1', '$2', ['$3', '$4'])},
      (select row_to_json(s) from (${yearSumsSql('$1', '$2', ['$5', '$6'], ['$7', '$8'])}) s) as sums,
      (select coalesce(json_agg(json_build_object('row', h.row, 'total', h.total) order by h.n), '[]'::json)
        from (${historyPageSql('$1', '$2', '$9', '$10')}) h) as history`,
};

export type RecentActivityFacts = { standing: StandingFacts; summary: YearSummary; history: { rows: HistoryRow[]; total: number } };

export async function recentActivityFacts(db: Db, owner: Owner, bounds: YearBounds, page: Page): Promise<RecentActivityFacts> {
  type Sent = RawStandingFacts & { sums: { earned: number; onTheWay: number } | null; history: Array<{ row: JsonRow; total: number }> };
  const [row] = await runPrepared<Sent>(db, RECENT_ACTIVITY, [owner.partnerId, owner.memberId, ...progressYears(bounds.year), ...yearValues(bounds), page.limit, page.offset]);
  const standing = standingFactsOf(row);
  return {
    standing,
    summary: { earned: row?.sums?.earned ?? 0, onTheWay: row?.sums?.onTheWay ?? 0, progress: standing.progress },
    history: await historyOf(db, owner, page, row?.history ?? []),
  };
}
