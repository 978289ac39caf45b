import type { Db } from '../../db/client';
import type { MemberRow, PartnerRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { TIER_LEVELS } from '#shared/constants/member';
import {
  isEarnedStatus, NOT_EARNED_REASONS, REDEMPTION_STATUSES, REWARD_SOURCE_CODES, REWARD_STATUSES, type NotEarnedReason, type RedemptionStatus, type RewardSourceCode,
  type RewardStatus,
} from '#shared/constants/rewards';
import { deferralDeadline, lastDayToActivate, rowBasis } from '#shared/rules/rewards/policy';
import { payoutBreakpointCents, paysStatementCredits } from '#shared/rules/partner-features';
import type { CreditBalance, CreditRecord, CreditRecordsPage, DineSummary, Transaction, TransactionsPage } from '#shared/schemas/rewards';
import { progressFiguresOf, type StandingFacts } from '../members';
import { merchantLocalDateTime, merchantLocalIso, progressYear } from '#shared/rules/rewards/local-time';
import { balanceCents } from '../redemptions';
import { countCredits, creditRows, historyPage, pendingPayoutCents, recentActivityFacts, yearSummary, type HistoryRow, type RewardRow, type YearBounds, type YearSummary } from './rewards.repo';
import { OPEN_STATUSES } from '#shared/rules/redemptions';

/**
 * The member's reward calls (§7): Reviews & History, the dine summary, and for cash-back partners
 * the balance and the statement credits. Everything is read from the engine's tables
 * (docs/rewards-engine.md); amounts go out in dollars, rewards in the partner's unit (dollars for
 * Dollar and Credit partners, whose rewards are kept in cents).
 */

export const NO_STATEMENT_CREDITS = 'Statement credits are not offered on this site.';

type Who = { partner: PartnerRow; member: MemberRow };
export type PageRequest = { pageNo: number; resultsPerPage: number };

const dollars = (cents: number) => Math.round(cents) / 100;
const owner = ({ partner, member }: Who) => ({ partnerId: partner.id, memberId: member.id });
const slice = (p: PageRequest) => ({ offset: (p.pageNo - 1) * p.resultsPerPage, limit: p.resultsPerPage });
const pages = (total: number, p: PageRequest) => Math.ceil(total / p.resultsPerPage);

/** A reward in the partner's unit as the member reads it: dollars for cash partners. */
function inPartnerUnit(partner: PartnerRow, amount: number): number {
  return paysStatementCredits(partner) ? dollars(amount) : amount;
}

const isReason = (v: string | null | undefined): v is NotEarnedReason => !!v && Object.hasOwn(NOT_EARNED_REASONS, v);
const asStatus = (v: string): RewardStatus => (REWARD_STATUSES as readonly string[]).includes(v) ? v as RewardStatus : 'Pending';
const asSource = (v: string): RewardSourceCode => (REWARD_SOURCE_CODES as readonly string[]).includes(v) ? v as RewardSourceCode : 'M';
const asCreditStatus = (v: string): RedemptionStatus => (REDEMPTION_STATUSES as readonly string[]).includes(v) ? v as RedemptionStatus : 'pending';

/** What a history row knows beyond the reward row: when its purchase cleared, and its statement credit (rewards.repo.ts). */
type RowExtras = { dine: (NonNullable<RewardRow['dine']> & { clearedAt?: Date | null }) | null; credit?: { creditId: string | null; status: string | null; targetLabel: string | null } | null };
/** The member the rows are read for: their clock (the state's time zone) and whether they have activated. */
type RowMember = Pick<MemberRow, 'state' | 'tierLevel'>;

/**
 * A reward's status as the member is told it (§3 enumeration): a cash-back reward is Paid only once
 * its statement credit is completed; while the credit is pending or pending_received the money has
 * not gone, so it is Awarded (earned) with the credit beside it. The stored status stays Paid from
 * the moment the credit is written (payouts.ts: the balance no longer holds it and a refund adjusts
 * it), so balance, credits and history stay consistent.
 */
function toldStatus(stored: RewardStatus, credit: Transaction['statementCredit']): RewardStatus {
  return stored === 'Paid' && credit !== null && OPEN_STATUSES.includes(credit.status) ? 'Awarded' : stored;
}

/**
 * A Deferred reward's last day to activate on the member's calendar (policy.ts deferralDeadline:
 * DEFERRED_DAYS from the clearing), and whether the member has activated since (the sweep then
 * awards it within minutes).
 */
function deferralOf(dine: RowExtras['dine'], member: RowMember): Transaction['deferral'] {
  const clearedAt = dine?.clearedAt ?? dine?.occurredAt ?? null;
  if (!clearedAt) return null;
  const deadline = merchantLocalDateTime(deferralDeadline(clearedAt), member.state).slice(0, 10);
  return { activateBy: lastDayToActivate(deadline), activated: member.tierLevel !== TIER_LEVELS.NonActivated };
}

/**
 * What the dine's row earned on when it differs from the amount the row shows, why, and the
 * restaurant's multiplier where it applied (the earning policy's rowBasis: rate × basis = the
 * row's reward; a refund on an Adjustment row of its own is that row's), in dollars.
 */
function earnedOn(partner: Pick<PartnerRow, 'earnBasis' | 'earnRates'>, dine: NonNullable<RewardRow['dine']>, rowReward: number) {
  const shown = dine.clearedAmountCents ?? dine.authAmountCents ?? 0;
  const { cents, reasons } = rowBasis({
    clearedCents: dine.clearedAmountCents, authCents: dine.authAmountCents, tipCents: dine.tipCents, online: dine.onlineOrder,
    subtotalCents: dine.subtotalCents, refundedCents: dine.refundedCents,
  }, partner.earnBasis, dine.rate, rowReward);
  const tierRate = dine.tierAtDine === null ? null : partner.earnRates[dine.tierAtDine] ?? null;
  const multiplier = dine.rate !== null && tierRate ? Math.round(dine.rate / tierRate) : null;
  return {
    earnedOnAmount: cents === shown ? null : dollars(cents),
    earnedOnReasons: cents === shown ? [] : reasons,
    earnMultiplier: multiplier !== null && multiplier > 1 ? multiplier : null,
  };
}

/**
 * §3 Transaction from a reward row with its dine, restaurant and statement credit. Dated as the
 * member counts the year (yearBounds): a dine's row in the restaurant's local time, any other row
 * when it was made on the member's clock, both with their offset.
 */
export function toTransaction(partner: PartnerRow, member: RowMember, row: RewardRow & Partial<RowExtras>, today: string): Transaction {
  const sourceCode = asSource(row.sourceCode);
  const dine = row.dine?.transactionId ? row.dine : null;
  const settle = sourceCode === 'S' && dine !== null;
  const credit = row.credit?.creditId && row.credit.status && row.credit.targetLabel !== null
    ? { creditId: row.credit.creditId, status: asCreditStatus(row.credit.status), targetLabel: row.credit.targetLabel }
    : null;
  const status = toldStatus(asStatus(row.status), credit);
  // Why it did not earn: on the reward row, else (a dine's own row) on the dine; only while not earned.
  const reasonCode = isEarnedStatus(status) ? null : [row.reason, settle ? dine.reason : null].find(isReason) ?? null;
  const merchant = row.merchant?.id ? row.merchant : null;
  return {
    // A dine's own row carries the network's transaction id (review links name it); other rows their reward id.
    sourceTransactionId: settle ? dine.transactionId : `${sourceCode}-${row.id}`,
    transactionCreatedAt: settle ? merchantLocalIso(dine.occurredAt, dine.localDate, dine.localMinutes) : merchantLocalDateTime(row.createdAt, member.state),
    transactionStatus: status,
    transactionTypeCode: sourceCode,
    dineAmount: settle ? dollars(dine.clearedAmountCents ?? dine.authAmountCents ?? 0) : 0,
    benefitAmount: inPartnerUnit(partner, row.amount),
    merchantId: merchant?.id ?? null,
    merchantName: merchant?.name ?? null,
    activeMerchant: merchant !== null && merchant.participating && (merchant.participationEnd === null || merchant.participationEnd >= today),
    cardLastFour: dine?.cardLastFour ?? null,
    // Paid: posted to the partner, or the statement credit completed (payouts.ts stores its completion).
    paidAt: status === 'Paid' ? row.paidAt?.toISOString() ?? null : null,
    ticketAmount: settle && dine.clearedAmountCents !== null ? dollars(dine.clearedAmountCents) : null,
    ...(settle ? earnedOn(partner, dine, row.amount) : { earnedOnAmount: null, earnedOnReasons: [], earnMultiplier: null }),
    reason: reasonCode ? NOT_EARNED_REASONS[reasonCode] : null,
    reasonCode,
    statementCredit: credit,
    deferral: status === 'Deferred' && settle ? deferralOf(row.dine ?? null, member) : null,
  };
}

/** GET /api/Member/Transactions: 10 a page from page 1 (§9), newest first; past the last page, no rows. */
export async function transactionsPage(db: Db, who: Who, page: PageRequest, now: Date = new Date()): Promise<TransactionsPage> {
  return transactionsOf(who, await historyPage(db, owner(who), slice(page)), page, now);
}

function transactionsOf(who: Who, { rows, total }: { rows: HistoryRow[]; total: number }, page: PageRequest, now: Date): TransactionsPage {
  const today = now.toISOString().slice(0, 10);
  return { data: rows.map((r) => toTransaction(who.partner, who.member, r, today)), totalResultSize: total, totalPages: pages(total, page) };
}

/**
 * A calendar year on the member's clock (their state's time zone, as progressYear counts it): the
 * instants it starts and ends. No US zone changes its offset around New Year, so the offset at
 * midnight UTC of 1 January is the one of local midnight.
 */
export function yearBounds(year: number, state: string): YearBounds {
  const start = (y: number) => {
    const utcMidnight = Date.UTC(y, 0, 1);
    const offset = /([+-])(\d{2}):(\d{2})$/.exec(merchantLocalDateTime(new Date(utcMidnight), state));
    const minutes = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
    return new Date(utcMidnight - minutes * 60_000);
  };
  return { year, from: start(year), to: start(year + 1) };
}

/**
 * GET /api/Member/DineSummary: this calendar year's earnings, the sum of the year's rows of
 * Reviews & History that are Awarded or Paid (yearSummary), what is still on the way (Pending and
 * Deferred rows), and the qualified dines of the member's progress (the VIP meter's count).
 */
export async function dineSummary(db: Db, who: Who, now: Date = new Date()): Promise<DineSummary> {
  const bounds = summaryYear(who.member, now);
  return dineSummaryOf(who, bounds.year, await yearSummary(db, owner(who), bounds));
}

/** The year the summary counts at `now`: the member's progress year (the VIP meter's), on their clock. */
const summaryYear = (member: Pick<MemberRow, 'state'>, now: Date): YearBounds => yearBounds(progressYear(now, member.state), member.state);

function dineSummaryOf(who: Who, year: number, totals: YearSummary): DineSummary {
  const progress = progressFiguresOf(totals.progress, year);
  return {
    currentYearBenefits: inPartnerUnit(who.partner, totals.earned),
    currentYearDines: progress.dinesThisYear,
    year,
    currentYearOnTheWay: inPartnerUnit(who.partner, totals.onTheWay),
  };
}

/**
 * Reviews & History's first screen for the signed-in member, read in one statement: the page of
 * the history as GET /api/Member/Transactions answers it, the year's summary as
 * GET /api/Member/DineSummary does, and the standing facts of the same instant, for the page's
 * member answer (memberStanding's `facts`).
 */
export async function recentActivity(db: Db, who: Who, page: PageRequest, now: Date = new Date()): Promise<{ transactions: TransactionsPage; summary: DineSummary; standing: StandingFacts }> {
  const bounds = summaryYear(who.member, now);
  const facts = await recentActivityFacts(db, owner(who), bounds, slice(page));
  return { transactions: transactionsOf(who, facts.history, page, now), summary: dineSummaryOf(who, bounds.year, facts.summary), standing: facts.standing };
}

/** Statement credits exist only on cash-back partners (404 elsewhere: the call is not offered). */
export function requireStatementCredits(partner: PartnerRow): void {
  if (!paysStatementCredits(partner)) throw AppError.notFound(NO_STATEMENT_CREDITS);
}

/** GET /api/Member/StatementCreditBalance. */
export async function creditBalance(db: Db, who: Who): Promise<CreditBalance> {
  requireStatementCredits(who.partner);
  const [balance, paying] = await Promise.all([balanceCents(db, owner(who)), pendingPayoutCents(db, owner(who))]);
  return { memberBalance: dollars(balance), payoutBreakpoint: dollars(payoutBreakpointCents(who.partner)), pendingPayout: dollars(paying) };
}

/** GET /api/Member/TransactionsStatementCredits: the member's credit records, newest first. */
export async function creditRecordsPage(db: Db, who: Who, page: PageRequest): Promise<CreditRecordsPage> {
  requireStatementCredits(who.partner);
  const [rows, total] = await Promise.all([creditRows(db, owner(who), slice(page)), countCredits(db, owner(who))]);
  const data = rows.map((r): CreditRecord => ({
    creditId: r.creditId,
    creditAmountCents: r.amountCents,
    targetType: r.targetType === 'card' ? 'card' : 'other',
    targetLabel: r.targetLabel,
    benefitProcessor: r.benefitProcessor,
    status: r.status as CreditRecord['status'],
    createdAt: r.createdAt.toISOString(),
    completedAt: r.status === 'completed' ? (r.finishedAt ?? r.updatedAt).toISOString() : null,
  }));
  return { data, totalResultSize: total, totalPages: pages(total, page) };
}
