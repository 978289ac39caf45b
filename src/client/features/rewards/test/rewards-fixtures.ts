import type { DineSummary, Transaction, TransactionsPage } from '#shared/schemas/rewards';

const DAY = 86_400_000;

/** An ISO date-time `days` ago. */
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

/** A dine of the member for component tests: Awarded, $50 at Blue Plate Diner with the Visa ending 1111. */
export function makeTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    sourceTransactionId: 'tx-1',
    transactionCreatedAt: daysAgo(3),
    transactionStatus: 'Awarded',
    transactionTypeCode: 'S',
    dineAmount: 50,
    benefitAmount: 150,
    merchantId: 42,
    merchantName: 'Blue Plate Diner',
    activeMerchant: true,
    cardLastFour: '1111',
    paidAt: null,
    ticketAmount: 50, earnedOnAmount: null, earnedOnReasons: [], earnMultiplier: null,
    reason: null,
    reasonCode: null,
    statementCredit: null,
    deferral: null,
    ...overrides,
  };
}

export function makePage(data: Transaction[], opts: { totalPages?: number; totalResultSize?: number } = {}): TransactionsPage {
  return { data, totalPages: opts.totalPages ?? (data.length ? 1 : 0), totalResultSize: opts.totalResultSize ?? data.length };
}

/** This year's figures of GET /api/Member/DineSummary. */
export function makeSummary(overrides: Partial<DineSummary> = {}): DineSummary {
  return { currentYearBenefits: 0, currentYearDines: 0, year: new Date().getFullYear(), currentYearOnTheWay: 0, ...overrides };
}
