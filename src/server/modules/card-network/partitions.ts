import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { JobLog } from '../../lib/scheduled-job';

/**
 * The monthly partitions of the card-network inbox and of the dine and reward history (decisions
 * 0012 and 0014, docs/operations.md "Partitioned history"). Each table is partitioned by range of
 * its event time, one partition a UTC month (<table>_pYYYY_MM) plus a default one that catches
 * whatever no month holds, so no write ever fails for want of a month. The card-network-partitions
 * job (jobs.ts) runs maintainInboxPartitions and maintainHistoryPartitions.
 */

/** The monthly partitioned tables and their partition keys. */
export const MONTHLY_TABLES = [
  { table: 'card_network_inbox', key: 'received_at' },
  { table: 'dines', key: 'occurred_at' },
  { table: 'member_rewards', key: 'created_at' },
] as const;
type MonthlyTable = (typeof MONTHLY_TABLES)[number];

/** Months made ahead of the current one. */
const MONTHS_AHEAD = 3;
/**
 * Days an inbox month is kept after its end before it may be dropped (CARD_EVENTS_RETENTION_DAYS,
 * config.ts; at least 120 there: missing-reward claims read the inbox up to 90 days back).
 */
export const DEFAULT_INBOX_RETENTION_DAYS = 400;
/** A drop waits at most this long for the inbox's lock (an applier's chunk), then waits for the next run. */
const LOCK_TIMEOUT = '5s';

const PARTITION_NAME = /_p(\d{4})_(\d{2})$/;

async function rows<T>(db: Pick<Db, 'execute'>, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const monthStart = (year: number, month0: number) => new Date(Date.UTC(year, month0, 1));

/** A partition's name for a month: <table>_pYYYY_MM, as create_month_partition (migrations 0047, 0048) names it. */
const monthPartitionName = (table: string, month: Date) => `${table}_p${month.getUTCFullYear()}_${String(month.getUTCMonth() + 1).padStart(2, '0')}`;

/** A monthly table's month partitions, with the instant each one ends (exclusive). */
export async function monthPartitions(db: Pick<Db, 'execute'>, table: MonthlyTable['table']): Promise<Array<{ name: string; from: Date; to: Date }>> {
  const found = await rows<{ name: string }>(db, sql`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = ${table}::regclass order by c.relname`);
  return found.flatMap(({ name }) => {
    const m = PARTITION_NAME.exec(name);
    if (!m) return [];
    const year = Number(m[1]);
    const month0 = Number(m[2]) - 1;
    return [{ name, from: monthStart(year, month0), to: monthStart(year, month0 + 1) }];
  });
}

/**
 * Makes this month's and the next MONTHS_AHEAD months' partitions of a monthly table, and one for
 * each month its default partition holds rows of (they move into it: create_month_partition).
 * Answers the partitions made.
 */
async function makeMonths(db: Db, { table, key }: MonthlyTable, now: Date): Promise<string[]> {
  const months = new Set<number>();
  for (let i = 0; i <= MONTHS_AHEAD; i += 1) months.add(monthStart(now.getUTCFullYear(), now.getUTCMonth() + i).getTime());
  const caught = await rows<{ month: unknown }>(db, sql`
    select distinct date_trunc('month', ${sql.identifier(key)}, 'UTC') as month from ${sql.identifier(`${table}_default`)}`);
  for (const { month } of caught) months.add(new Date(month instanceof Date ? month : String(month)).getTime());
  const created: string[] = [];
  for (const month of [...months].sort((a, b) => a - b)) {
    const made = await rows<{ made: boolean }>(db, sql`select create_month_partition(${table}, ${key}, ${new Date(month).toISOString()}::timestamptz) as made`);
    if (made[0]?.made) created.push(monthPartitionName(table, new Date(month)));
  }
  return created;
}

/**
 * The dine and reward history's months (decision 0014): made ahead, and made for rows the default
 * partition caught (a purchase dated long ago, history sent late). The history is kept for ever:
 * no month is dropped.
 */
export async function maintainHistoryPartitions(db: Db, opts: { now: Date }): Promise<{ created: string[] }> {
  const created: string[] = [];
  for (const t of MONTHLY_TABLES.slice(1)) created.push(...await makeMonths(db, t, opts.now));
  return { created };
}

export type PartitionRun = {
  /** Partitions made: months ahead, and months of rows the default partition had caught. */
  created: string[];
  /** Partitions past retention detached and dropped. */
  dropped: string[];
  /** Partitions past retention kept: they hold events not applied yet, or ones the console still lists. */
  kept: Array<{ name: string; pending: number; attention: number }>;
  /** Partitions past retention left for the next run: the inbox's lock was not had within LOCK_TIMEOUT. */
  busy: string[];
};

/**
 * Makes this month's and the next MONTHS_AHEAD months' partitions, and one for each month
 * the default partition holds rows of (they move into it, so they age out like the others); then
 * drops each month that ended more than `retentionDays` before `now`, unless it still holds an
 * event not applied (processed_at null) or one the console's Card events queue lists (parked,
 * review or failed and not dismissed, the card_network_inbox_attention index): such a month is
 * kept whole and looked at again at the next run, until staff have dealt with it. The event ids
 * stay in card_network_event_ids, so a copy sent after its month is dropped is still a duplicate.
 */
export async function maintainInboxPartitions(db: Db, opts: { now: Date; retentionDays: number; log?: JobLog }): Promise<PartitionRun> {
  const run: PartitionRun = { created: await makeMonths(db, MONTHLY_TABLES[0], opts.now), dropped: [], kept: [], busy: [] };
  const now = opts.now;

  const cutoff = now.getTime() - opts.retentionDays * 86_400_000;
  for (const p of await monthPartitions(db, 'card_network_inbox')) {
    if (p.to.getTime() > cutoff) continue;
    try {
      const outcome = await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`));
        // The whole inbox first (every query locks the parent before its partitions: no deadlock),
        // so nothing is received, applied, requeued or dismissed between the look and the drop.
        await tx.execute(sql`lock table only card_network_inbox in access exclusive mode`);
        const [held] = await rows<{ pending: number; attention: number }>(tx, sql`
          select count(*) filter (where processed_at is null)::int as pending,
            count(*) filter (where outcome in ('parked', 'review', 'failed') and dismissed_at is null)::int as attention
          from ${sql.identifier(p.name)} where processed_at is null or (outcome in ('parked', 'review', 'failed') and dismissed_at is null)`);
        if (held && (held.pending > 0 || held.attention > 0)) return { kept: held };
        await tx.execute(sql`alter table card_network_inbox detach partition ${sql.identifier(p.name)}`);
        await tx.execute(sql`drop table ${sql.identifier(p.name)}`);
        return { kept: undefined };
      });
      if (outcome.kept) run.kept.push({ name: p.name, ...outcome.kept });
      else run.dropped.push(p.name);
    } catch (err) {
      // 55P03 lock_not_available: an applier's chunk held the inbox longer than LOCK_TIMEOUT.
      if ((err as { code?: string; cause?: { code?: string } }).code === '55P03' || (err as { cause?: { code?: string } }).cause?.code === '55P03') run.busy.push(p.name);
      else throw err;
    }
  }
  for (const k of run.kept) opts.log?.info({ partition: k.name, pending: k.pending, attention: k.attention }, 'inbox partition past retention kept: it holds events not applied or listed in the console');
  return run;
}
