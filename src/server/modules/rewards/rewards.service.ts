import type { Db } from '../../db/client';
import type { MemberRow, PartnerRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { NOT_EARNED_REASONS, PAYOUT_BREAKPOINT_CENTS, REWARD_SOURCE_CODES, REWARD_STATUSES, type NotEarnedReason, type RewardSourceCode, type RewardStatus } from '#shared/constants/rewards';
import { paysStatementCredits } from '#shared/rules/partner-features';
import type { CreditBalance, CreditRecord, CreditRecordsPage, DineSummary, Transaction, TransactionsPage } from '#shared/schemas/rewards';
import { progressFigures } from '../members/members.service';
import { progressYear } from '../members/standing';
import { awardedCents, countCredits, countRewards, creditRows, rewardRows, type RewardRow } from './rewards.repo';

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

/**
 * The merchant-local date-time of a dine with its offset (`2026-11-20T19:45:00-05:00`), as the
 * card feed gave it: the restaurant's day, not the server's. The offset is what separates the
 * stored local date and minutes from the instant, rounded to a quarter hour (every zone's offset is
 * a multiple of 15 minutes; the stored minutes drop the seconds).
 */
export function merchantLocalIso(occurredAt: Date, localDate: string, localMinutes: number): string {
  const [y, m, d] = localDate.split('-').map(Number);
  const localAsUtc = Date.UTC(y!, m! - 1, d!, Math.floor(localMinutes / 60), localMinutes % 60);
  const offset = Math.round((localAsUtc - occurredAt.getTime()) / 900_000) * 15;
  if (!Number.isFinite(offset) || Math.abs(offset) > 14 * 60) return occurredAt.toISOString();
  const local = new Date(occurredAt.getTime() + offset * 60_000).toISOString().slice(0, 19);
  const abs = Math.abs(offset);
  return `${local}${offset < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const isReason = (v: string | null | undefined): v is NotEarnedReason => !!v && Object.hasOwn(NOT_EARNED_REASONS, v);
const asStatus = (v: string): RewardStatus => (REWARD_STATUSES as readonly string[]).includes(v) ? v as RewardStatus : 'Pending';
const asSource = (v: string): RewardSourceCode => (REWARD_SOURCE_CODES as readonly string[]).includes(v) ? v as RewardSourceCode : 'M';

/** §3 Transaction from a reward row with its dine and restaurant. */
export function toTransaction(partner: PartnerRow, row: RewardRow, today: string): Transaction {
  const status = asStatus(row.status);
  const sourceCode = asSource(row.sourceCode);
  const dine = row.dine?.transactionId ? row.dine : null;
  const settle = sourceCode === 'S' && dine !== null;
  // Why it did not earn: on the reward row, else (a dine's own row) on the dine; only while not earned.
  const reasonCode = status === 'Awarded' || status === 'Paid' ? null : [row.reason, settle ? dine.reason : null].find(isReason) ?? null;
  const merchant = row.merchant?.id ? row.merchant : null;
  return {
    // A dine's own row carries the network's transaction id (review links name it); other rows their reward id.
    sourceTransactionId: settle ? dine.transactionId : `${sourceCode}-${row.id}`,
    transactionCreatedAt: settle ? merchantLocalIso(dine.occurredAt, dine.localDate, dine.localMinutes) : row.createdAt.toISOString(),
    transactionStatus: status,
    transactionTypeCode: sourceCode,
    dineAmount: settle ? dollars(dine.clearedAmountCents ?? dine.authAmountCents ?? 0) : 0,
    benefitAmount: inPartnerUnit(partner, row.amount),
    merchantId: merchant?.id ?? null,
    merchantName: merchant?.name ?? null,
    activeMerchant: merchant !== null && merchant.participating && (merchant.participationEnd === null || merchant.participationEnd >= today),
    cardLastFour: dine?.cardLastFour ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    ticketAmount: settle && dine.clearedAmountCents !== null ? dollars(dine.clearedAmountCents) : null,
    reason: reasonCode ? NOT_EARNED_REASONS[reasonCode] : null,
    reasonCode,
  };
}

/** GET /api/Member/Transactions: 10 a page from page 1 (§9), newest first; past the last page, no rows. */
export async function transactionsPage(db: Db, who: Who, page: PageRequest, now: Date = new Date()): Promise<TransactionsPage> {
  const [rows, total] = await Promise.all([rewardRows(db, owner(who), slice(page)), countRewards(db, owner(who))]);
  const today = now.toISOString().slice(0, 10);
  return { data: rows.map((r) => toTransaction(who.partner, r, today)), totalResultSize: total, totalPages: pages(total, page) };
}

/** GET /api/Member/DineSummary: this calendar year's rewards and qualified dines. */
export async function dineSummary(db: Db, who: Who, now: Date = new Date()): Promise<DineSummary> {
  const progress = await progressFigures(db, who.member, progressYear(now, who.member.state));
  return { currentYearBenefits: inPartnerUnit(who.partner, progress.rewardsThisYear), currentYearDines: progress.dinesThisYear };
}

/** Statement credits exist only on cash-back partners (404 elsewhere: the call is not offered). */
export function requireStatementCredits(partner: PartnerRow): void {
  if (!paysStatementCredits(partner)) throw AppError.notFound(NO_STATEMENT_CREDITS);
}

/** GET /api/Member/StatementCreditBalance. */
export async function creditBalance(db: Db, who: Who): Promise<CreditBalance> {
  requireStatementCredits(who.partner);
  return { memberBalance: dollars(await awardedCents(db, owner(who))), payoutBreakpoint: dollars(PAYOUT_BREAKPOINT_CENTS) };
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
  }));
  return { data, totalResultSize: total, totalPages: pages(total, page) };
}
