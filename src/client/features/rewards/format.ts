import type { CopyTokens, CurrencyType } from '#shared/schemas/partner';
import type { CreditRecord, Transaction } from '#shared/schemas/rewards';
import type { RedemptionStatus, RewardSourceCode } from '#shared/constants/rewards';
import { isDimmed, statusLabel } from '#shared/rules/rewards/status-label';

/** §4: airline partners (currency Mile) have their own status wording. */
export function usesAirlineWording(partner: { currencyType: CurrencyType }): boolean {
  return partner.currencyType === 'Mile';
}

const MONEY = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Dollars as '$1,234.50' (§9 amounts in USD). */
export function formatMoney(dollars: number): string {
  return MONEY.format(dollars);
}

type RewardUnit = { currencyType: CurrencyType; copyStates: Pick<CopyTokens, 'currencySingular' | 'currencyPlural'> };

/**
 * A reward in the partner's unit: dollars for Dollar and Credit partners ('$1.50'), whole miles or
 * points otherwise ('150 miles', §9 miles whole numbers). Negative for adjustments.
 */
export function formatReward(amount: number, partner: RewardUnit): string {
  if (partner.currencyType === 'Dollar' || partner.currencyType === 'Credit') return formatMoney(amount);
  const n = Math.trunc(amount);
  const unit = Math.abs(n) === 1 ? partner.copyStates.currencySingular : partner.copyStates.currencyPlural;
  return unit ? `${WHOLE.format(n)} ${unit}` : WHOLE.format(n);
}

/** A date-time as 'Nov 20, 2026' in the browser's time zone; null when it does not parse. */
export function formatDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  return d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** §3 reward source codes as a member reads them; S (a dine) needs no word. */
export const SOURCE_LABELS: Record<RewardSourceCode, string> = {
  S: 'Dine',
  B: 'Bonus',
  A: 'Adjustment',
  M: 'Manual adjustment',
  J: 'Bonus adjustment',
  '+': 'Corporate bonus',
};

/** §4 Deferred: finalised, the reward may take up to two weeks. */
export const DEFERRED_NOTE = 'Finalized: rewards may take up to two weeks to appear.';

export type ActivityRowView = {
  id: string;
  /** The restaurant's name, or what the row is (a bonus, an adjustment). */
  title: string;
  /** The restaurant's page, when it is still in the catalogue. */
  merchantId: number | null;
  /** 'Bonus', 'Adjustment' … beside a restaurant's name; null for a dine. */
  kind: string | null;
  date: string | null;
  dateTime: string;
  card: string | null;
  /** The dine's amount; null for rows that are not a dine. */
  dineAmount: string | null;
  reward: string;
  /** §4 status label (null for Awarded); Paid carries its date. */
  label: string | null;
  dimmed: boolean;
  /** Why it did not earn, when it did not. */
  reason: string | null;
};

/** One row of Reviews & History (§2, §4). */
export function activityRowView(tx: Transaction, opts: { partner: RewardUnit & { currencyType: CurrencyType }; now?: Date }): ActivityRowView {
  const airline = usesAirlineWording(opts.partner);
  let label = statusLabel({ status: tx.transactionStatus, airline, transactionCreatedAt: tx.transactionCreatedAt, now: opts.now });
  if (tx.transactionStatus === 'Paid') {
    const paid = formatDay(tx.paidAt);
    label = paid ? `Paid ${paid}` : 'Paid';
  }
  const isDine = tx.transactionTypeCode === 'S';
  const earned = tx.transactionStatus === 'Awarded' || tx.transactionStatus === 'Paid';
  return {
    id: tx.sourceTransactionId,
    title: tx.merchantName?.trim() || SOURCE_LABELS[tx.transactionTypeCode],
    merchantId: tx.merchantId !== null && tx.activeMerchant ? tx.merchantId : null,
    kind: isDine || !tx.merchantName?.trim() ? null : SOURCE_LABELS[tx.transactionTypeCode],
    date: formatDay(tx.transactionCreatedAt),
    dateTime: tx.transactionCreatedAt,
    card: tx.cardLastFour ? `Card ending in ${tx.cardLastFour}` : null,
    dineAmount: isDine || tx.dineAmount !== 0 ? formatMoney(tx.dineAmount) : null,
    reward: formatReward(tx.benefitAmount, opts.partner),
    label,
    dimmed: isDimmed(tx.transactionStatus),
    reason: earned ? null : tx.reason ?? (tx.transactionStatus === 'Deferred' ? DEFERRED_NOTE : null),
  };
}

/** §3 redemption statuses of a statement credit, as a member reads them. */
export const CREDIT_STATUS_LABELS: Record<RedemptionStatus, string> = {
  pending: 'Pending',
  pending_received: 'Processing',
  completed: 'Paid',
  rejected: 'Rejected',
  error: 'Not paid',
};

export type CreditRowView = { id: string; amount: string; target: string; date: string | null; dateTime: string; status: string; settled: boolean };

export function creditRowView(record: CreditRecord): CreditRowView {
  return {
    id: record.creditId,
    amount: formatMoney(record.creditAmountCents / 100),
    target: record.targetLabel,
    date: formatDay(record.createdAt),
    dateTime: record.createdAt,
    status: CREDIT_STATUS_LABELS[record.status],
    settled: record.status === 'completed',
  };
}
