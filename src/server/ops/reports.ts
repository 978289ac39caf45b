import { and, eq, inArray, isNotNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client';
import { dines, memberCards, memberRewards, members, reservations, rewardClaims, redemptions, type PartnerRow } from '../db/schema';
import { dineOf } from '../db/history-joins';
import { EARNED_STATUSES, REWARD_SOURCE_CODES, type RewardSourceCode } from '#shared/constants/rewards';
import { paysStatementCredits } from '#shared/rules/partner-features';
import { addDays, daysBetween, REPORT_CSV_COLUMNS, type OpsReport, type OpsReportDay, type OpsReportQuery } from '#shared/schemas/ops-reports';
import { OPEN_STATUSES } from '#shared/rules/redemptions';

/**
 * The console's reports (issue 27 item 7, docs/features/console.md "Reports"): one partner's
 * figures per UTC day, each an SQL aggregate grouped by day, read from the tables the product
 * writes (no table of its own): members, member_cards, dines, member_rewards (what members
 * earned and, for miles and points, what paid it), redemptions (what paid cash back out),
 * reward_claims and reservations.
 *
 * The ledger's rules, as payouts.ts keeps them:
 * - a reward is earned once Awarded (or Paid); a dine's reward (S) is dated by the dine, any
 *   other row by when it was made (rewards.repo.ts, payouts.ts: the same dating);
 * - miles and points are paid out when Paid (a ledger posting); cash back when a redemption
 *   (statement credit or gift card) completes, by its amount; one still pending is owed;
 * - the outstanding liability at an instant is what was earned before it less what was paid out
 *   before it. Now, that is each member's balance plus their payouts still pending.
 */

/** The UTC day of an instant, as YYYY-MM-DD. */
const dayOf = (at: SQLWrapper) => sql<string>`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD')`;
const instant = (date: string) => sql`${`${date}T00:00:00Z`}::timestamptz`;
const within = (at: SQLWrapper, from: string, next: string) => and(sql`${at} >= ${instant(from)}`, sql`${at} < ${instant(next)}`)!;
const int = (e: SQL) => e.mapWith(Number);

/** When a reward was earned: a dine's reward the dine's time, any other row its creation. */
const earnedAt = sql`(case when ${memberRewards.sourceCode} = 'S' and ${dines.occurredAt} is not null then ${dines.occurredAt} else ${memberRewards.createdAt} end)`;
const earned = inArray(memberRewards.status, EARNED_STATUSES);
/** Paid out: Paid, and not by a statement credit still open (it is owed until the credit completes). */
const paidOut = and(eq(memberRewards.status, 'Paid'), isNotNull(memberRewards.paidAt), sql`not exists (
  select 1 from ${redemptions} c where c.credit_id = ${memberRewards.payoutRef} and c.member_id = ${memberRewards.memberId} and c.status in (select jsonb_array_elements_text(${JSON.stringify(OPEN_STATUSES)}::jsonb)))`)!;

const unitOf = (partner: Pick<PartnerRow, 'currencyType'>): OpsReport['unit'] =>
  paysStatementCredits(partner) ? 'cents' : partner.currencyType === 'Point' ? 'points' : 'miles';

/**
 * The outstanding liability of a partner at the start of a UTC day: rewards earned before it less
 * rewards paid out before it (one aggregate over the partner's ledger).
 */
export async function liabilityAt(db: Db, partner: Pick<PartnerRow, 'id' | 'currencyType'>, date: string): Promise<number> {
  const partnerId = partner.id;
  if (paysStatementCredits(partner)) {
    // Cash back: earned less redemptions completed before the day (a pending one is still owed; a returned one never left).
    const [earnedRow] = await db.select({ owed: int(sql`coalesce(sum(${memberRewards.amount}) filter (where ${earnedAt} < ${instant(date)}), 0)::bigint`) })
      .from(memberRewards).leftJoin(dines, dineOf(memberRewards)).where(and(eq(memberRewards.partnerId, partnerId), earned));
    const [paidRow] = await db.select({ paid: int(sql`coalesce(sum(${redemptions.amountCents}), 0)::bigint`) }).from(redemptions)
      .where(and(eq(redemptions.partnerId, partnerId), eq(redemptions.status, 'completed'), sql`${redemptions.finishedAt} < ${instant(date)}`));
    return (earnedRow?.owed ?? 0) - (paidRow?.paid ?? 0);
  }
  const [row] = await db.select({
    owed: int(sql`coalesce(sum(${memberRewards.amount}) filter (where ${earnedAt} < ${instant(date)}), 0)::bigint`),
    paid: int(sql`coalesce(sum(${memberRewards.amount}) filter (where ${paidOut} and ${memberRewards.paidAt} < ${instant(date)}), 0)::bigint`),
  }).from(memberRewards).leftJoin(dines, dineOf(memberRewards))
    .where(and(eq(memberRewards.partnerId, partnerId), earned));
  return (row?.owed ?? 0) - (row?.paid ?? 0);
}

const emptyRewards = () => Object.fromEntries(REWARD_SOURCE_CODES.map((c) => [c, 0])) as Record<RewardSourceCode, number>;
type Figures = Omit<OpsReportDay, 'date' | 'liability'>;
const emptyFigures = (): Figures => ({
  joins: 0, cardsLinked: 0, dines: 0, qualifiedDines: 0, rewards: emptyRewards(), rewardsTotal: 0, creditsPaid: 0, payouts: 0,
  claimsOpened: 0, claimsResolved: 0, medianResolutionHours: null, reservations: 0, reservationsCancelled: 0,
});
const hours = (seconds: number | null) => (seconds === null ? null : Math.round(seconds / 360) / 10);

/** One partner's report for the days from `from` to `to` (both included, UTC days). */
export async function partnerReport(db: Db, partner: PartnerRow, range: OpsReportQuery): Promise<OpsReport> {
  const { from, to } = range;
  const next = addDays(to, 1);
  const p = partner.id;
  const resolutionSeconds = sql`extract(epoch from (${rewardClaims.resolvedAt} - ${rewardClaims.createdAt}))`;
  const median = sql<number | null>`percentile_cont(0.5) within group (order by ${resolutionSeconds})`.mapWith((v) => (v === null ? null : Number(v)));

  const joinDay = dayOf(members.joinDate);
  const cardDay = dayOf(memberCards.createdAt);
  const dineDay = dayOf(dines.occurredAt);
  const rewardDay = dayOf(earnedAt);
  const paidDay = dayOf(memberRewards.paidAt);
  const openedDay = dayOf(rewardClaims.createdAt);
  const resolvedDay = dayOf(rewardClaims.resolvedAt);
  const bookedDay = dayOf(reservations.confirmedAt);
  const cancelledDay = dayOf(reservations.cancelledAt);

  // One by one: PGlite has one connection, and PostgreSQL gains little from a handful of small aggregates at once.
  const joins = await db.select({ day: joinDay, n: int(sql`count(*)::int`) }).from(members)
    .where(and(eq(members.partnerId, p), within(members.joinDate, from, next))).groupBy(joinDay);
  const cards = await db.select({ day: cardDay, n: int(sql`count(*)::int`) }).from(memberCards)
    .where(and(eq(memberCards.partnerId, p), within(memberCards.createdAt, from, next))).groupBy(cardDay);
  const dined = await db.select({ day: dineDay, n: int(sql`count(*)::int`), qualified: int(sql`count(*) filter (where ${dines.qualified})::int`) }).from(dines)
    .where(and(eq(dines.partnerId, p), within(dines.occurredAt, from, next))).groupBy(dineDay);
  const issued = await db.select({ day: rewardDay, code: memberRewards.sourceCode, amount: int(sql`sum(${memberRewards.amount})::bigint`) }).from(memberRewards)
    .leftJoin(dines, dineOf(memberRewards))
    .where(and(eq(memberRewards.partnerId, p), earned, within(earnedAt, from, next))).groupBy(rewardDay, memberRewards.sourceCode);
  const finishedDay = dayOf(redemptions.finishedAt);
  // Cash back is paid out by completed redemptions (statement credits and gift cards); miles and points by Paid rewards.
  const paid = paysStatementCredits(partner)
    ? await db.select({ day: finishedDay, amount: int(sql`sum(${redemptions.amountCents})::bigint`), payouts: int(sql`count(*)::int`) }).from(redemptions)
      .where(and(eq(redemptions.partnerId, p), eq(redemptions.status, 'completed'), within(redemptions.finishedAt, from, next))).groupBy(finishedDay)
    : await db.select({ day: paidDay, amount: int(sql`sum(${memberRewards.amount})::bigint`), payouts: int(sql`count(distinct ${memberRewards.payoutRef})::int`) }).from(memberRewards)
      .where(and(eq(memberRewards.partnerId, p), paidOut, within(memberRewards.paidAt, from, next))).groupBy(paidDay);
  const opened = await db.select({ day: openedDay, n: int(sql`count(*)::int`) }).from(rewardClaims)
    .where(and(eq(rewardClaims.partnerId, p), within(rewardClaims.createdAt, from, next))).groupBy(openedDay);
  const resolvedInRange = and(eq(rewardClaims.partnerId, p), isNotNull(rewardClaims.resolvedAt), within(rewardClaims.resolvedAt, from, next));
  const resolved = await db.select({ day: resolvedDay, n: int(sql`count(*)::int`), median }).from(rewardClaims).where(resolvedInRange).groupBy(resolvedDay);
  const [overall] = await db.select({ median }).from(rewardClaims).where(resolvedInRange);
  const booked = await db.select({ day: bookedDay, n: int(sql`count(*)::int`) }).from(reservations)
    .where(and(eq(reservations.partnerId, p), isNotNull(reservations.confirmedAt), within(reservations.confirmedAt, from, next))).groupBy(bookedDay);
  const cancelled = await db.select({ day: cancelledDay, n: int(sql`count(*)::int`) }).from(reservations)
    .where(and(eq(reservations.partnerId, p), isNotNull(reservations.confirmedAt), isNotNull(reservations.cancelledAt), within(reservations.cancelledAt, from, next))).groupBy(cancelledDay);
  const openingLiability = await liabilityAt(db, partner, from);

  const byDay = new Map<string, Figures>();
  for (let i = 0; i <= daysBetween(from, to); i++) byDay.set(addDays(from, i), emptyFigures());
  const at = (day: string) => {
    const found = byDay.get(day);
    if (!found) throw new Error(`report: a row of ${day} outside ${from}..${to}`);
    return found;
  };
  for (const r of joins) at(r.day).joins = r.n;
  for (const r of cards) at(r.day).cardsLinked = r.n;
  for (const r of dined) Object.assign(at(r.day), { dines: r.n, qualifiedDines: r.qualified });
  for (const r of issued) {
    const f = at(r.day);
    // A code the schema does not know would be lost from the columns: count it in the total all the same.
    if ((REWARD_SOURCE_CODES as readonly string[]).includes(r.code)) f.rewards[r.code as RewardSourceCode] += r.amount;
    f.rewardsTotal += r.amount;
  }
  for (const r of paid) Object.assign(at(r.day), { creditsPaid: r.amount, payouts: r.payouts });
  for (const r of opened) at(r.day).claimsOpened = r.n;
  for (const r of resolved) Object.assign(at(r.day), { claimsResolved: r.n, medianResolutionHours: hours(r.median) });
  for (const r of booked) at(r.day).reservations = r.n;
  for (const r of cancelled) at(r.day).reservationsCancelled = r.n;

  let liability = openingLiability;
  const days: OpsReportDay[] = [...byDay].map(([date, f]) => {
    liability += f.rewardsTotal - f.creditsPaid;
    return { date, ...f, liability };
  });
  const totals = emptyFigures();
  for (const d of days) {
    for (const k of ['joins', 'cardsLinked', 'dines', 'qualifiedDines', 'rewardsTotal', 'creditsPaid', 'payouts', 'claimsOpened', 'claimsResolved', 'reservations', 'reservationsCancelled'] as const) totals[k] += d[k];
    for (const c of REWARD_SOURCE_CODES) totals.rewards[c] += d.rewards[c];
  }
  totals.medianResolutionHours = hours(overall?.median ?? null);
  return {
    partner: { code: partner.code, name: partner.name, currency: partner.currencyType },
    unit: unitOf(partner), dayBoundary: 'UTC', from, to, days, totals, openingLiability, liability,
  };
}

// ------------------------------------------------------------------ CSV

/**
 * A CSV cell: numbers as they are (no thousands separators, negatives kept), text quoted when it
 * must be and, so that a spreadsheet never runs it, prefixed with ' when it starts with = + - @,
 * a tab or a carriage return (OWASP CSV injection).
 */
export function csvCell(v: string | number | null): string {
  if (v === null) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const csvRow = (date: string, f: Figures, liability: number | null) => [
  date, f.joins, f.cardsLinked, f.dines, f.qualifiedDines, ...REWARD_SOURCE_CODES.map((c) => f.rewards[c]), f.rewardsTotal,
  f.creditsPaid, f.payouts, f.claimsOpened, f.claimsResolved, f.medianResolutionHours, f.reservations, f.reservationsCancelled, liability,
].map(csvCell).join(',');

/** The report as CSV: the header, a row per day, and a totals row (its liability the closing one). Lines end CRLF (RFC 4180). */
export function reportCsv(report: OpsReport): string {
  return [
    REPORT_CSV_COLUMNS.join(','),
    ...report.days.map((d) => csvRow(d.date, d, d.liability)),
    csvRow('total', report.totals, report.liability),
  ].join('\r\n') + '\r\n';
}

/** The file's name: the partner and the dates (the code is letters and digits; anything else is dropped). */
export const reportFileName = (report: OpsReport) => `report-${report.partner.code.toLowerCase().replace(/[^a-z0-9-]/g, '')}-${report.from}-to-${report.to}.csv`;
