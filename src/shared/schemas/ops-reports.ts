import { z } from 'zod';
import { REWARD_SOURCE_CODES, type RewardSourceCode } from '../constants/rewards';

/**
 * The console's reports (issue 27 item 7, docs/features/console.md "Reports"): one partner's
 * figures per day, UTC days, over at most REPORT_MAX_DAYS days, as JSON or CSV.
 */

/** The longest report: a year, leap day included. */
export const REPORT_MAX_DAYS = 366;
const MIN_DATE = '2000-01-01';
const MAX_DATE = '2099-12-31';

/** Whole days from one YYYY-MM-DD to another (UTC calendar days). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** A YYYY-MM-DD date `days` after (or before) another. */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const isCalendarDate = (s: string) => {
  const t = Date.parse(`${s}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === s;
};

const day = (what: 'from' | 'to', label: string) => z.string({ message: `Choose the ${label} (${what}, as YYYY-MM-DD).` }).trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, `The ${label} (${what}) must be a date written YYYY-MM-DD.`)
  .refine(isCalendarDate, `The ${label} (${what}) is not a date of the calendar.`)
  .refine((s) => s >= MIN_DATE && s <= MAX_DATE, `The ${label} (${what}) must be between ${MIN_DATE} and ${MAX_DATE}.`);

export const ZOpsReportParams = z.object({
  partner: z.string({ message: 'Choose a partner.' }).trim().min(1, 'Choose a partner.').max(40, 'There is no such partner among yours.'),
});

export const ZOpsReportQuery = z.object({
  from: day('from', 'first day'),
  to: day('to', 'last day'),
}).superRefine((q, ctx) => {
  if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day (to) is before the first day (from): swap them.' });
  else if (daysBetween(q.from, q.to) + 1 > REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `A report covers at most ${REPORT_MAX_DAYS} days: choose a shorter range.` });
});
export type OpsReportQuery = z.infer<typeof ZOpsReportQuery>;

/** Rewards issued, per source code (S dine, B bonus, A adjustment, M manual, J bonus adjustment, + corporate), in the partner's unit. */
const ZBySourceCode = z.object({ S: z.number(), B: z.number(), A: z.number(), M: z.number(), J: z.number(), '+': z.number() } satisfies Record<RewardSourceCode, z.ZodNumber>);

const figures = {
  /** Members who joined (their join date). */
  joins: z.number(),
  /** Cards linked (and still on file: a deleted card leaves no record). */
  cardsLinked: z.number(),
  /** Purchases the card network reported, whatever they earned. */
  dines: z.number(),
  /** Of those, the ones that counted as qualified dines. */
  qualifiedDines: z.number(),
  /** Rewards earned (Awarded or Paid; a dine's by the time of the dine, any other by when it was made), per source code. */
  rewards: ZBySourceCode,
  /** Their sum over the source codes. */
  rewardsTotal: z.number(),
  /** Paid out: statement credits completed (cash-back partners) or rewards posted to the partner's ledger (miles, points). */
  creditsPaid: z.number(),
  /** How many payouts made it: statement credits, or ledger postings. */
  payouts: z.number(),
  claimsOpened: z.number(),
  /** Claims in review decided by staff (awarded or rejected). */
  claimsResolved: z.number(),
  /** The median time from a claim's submission to its decision, of the claims decided (hours, one decimal); null without any. */
  medianResolutionHours: z.number().nullable(),
  /** Reservations booked (confirmed). */
  reservations: z.number(),
  /** Booked reservations cancelled. */
  reservationsCancelled: z.number(),
};

export const ZOpsReportDay = z.object({
  /** The UTC day, YYYY-MM-DD. */
  date: z.string(),
  ...figures,
  /** The outstanding liability at the end of the day (earned and not paid out yet). */
  liability: z.number(),
});
export type OpsReportDay = z.infer<typeof ZOpsReportDay>;

export const ZOpsReport = z.object({
  partner: z.object({ code: z.string(), name: z.string(), currency: z.string() }),
  /** What the amounts are counted in: cents (cash-back partners), miles or points. */
  unit: z.enum(['cents', 'miles', 'points']),
  /** Days are UTC calendar days. */
  dayBoundary: z.literal('UTC'),
  from: z.string(),
  to: z.string(),
  days: z.array(ZOpsReportDay),
  /** The range's figures (the median over every claim decided in the range). */
  totals: z.object(figures),
  /** Outstanding liability when the range begins and when it ends (closing = opening + rewards − paid). */
  openingLiability: z.number(),
  liability: z.number(),
});
export type OpsReport = z.infer<typeof ZOpsReport>;

/** The CSV export: text, with a header row, a row per day and a totals row. */
export const ZOpsReportCsv = z.string();

/** The CSV's columns, in order (rewards_<code> per source code). */
export const REPORT_CSV_COLUMNS = [
  'date', 'joins', 'cards_linked', 'dines', 'qualified_dines', ...REWARD_SOURCE_CODES.map((c) => `rewards_${c}`), 'rewards_total',
  'credits_paid', 'payouts', 'claims_opened', 'claims_resolved', 'median_resolution_hours', 'reservations', 'reservations_cancelled', 'liability',
] as const;
