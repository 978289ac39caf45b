import type { CopyTokens, CurrencyType } from '#shared/schemas/partner';
import type { Transaction } from '#shared/schemas/rewards';
import { DEFERRED_DAYS, type RewardSourceCode } from '#shared/constants/rewards';
import { localParts } from '#shared/rules/rewards/local-time';
import { calendarDay, rowStatus } from '#shared/rules/rewards/status-label';
import { localDay, usd, wholeNumber } from '#shared/rules/us-format';

/** §4: airline partners (currency Mile) have their own status wording. */
export function usesAirlineWording(partner: { currencyType: CurrencyType }): boolean {
  return partner.currencyType === 'Mile';
}

/** Dollars as '$1,234.50' (§9 amounts in USD); written out, not by Intl (us-format.ts says why). */
export function formatMoney(dollars: number): string {
  return usd(dollars);
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
  return unit ? `${wholeNumber(n)} ${unit}` : wholeNumber(n);
}

/** An instant as 'Nov 20, 2026' in the browser's time zone; null when it does not parse. */
export const formatDay = localDay;

/**
 * A row's date-time with its offset (§3 transactionCreatedAt: the restaurant's local time of a
 * dine, the member's clock for other rows) as the date written in it, 'Nov 20, 2026': the day the
 * year's total counts it in, whatever the browser's zone. Other values as formatDay.
 */
export function formatLocalDay(value: string): string | null {
  const local = localParts(value);
  return local ? calendarDay(local.date) : formatDay(value);
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
  /** What it earned on, where that is not the dine amount (before tip, an online subtotal, after a refund). */
  earnedOn: string | null;
  /** Why the earned-on differs from the dine amount: 'online order subtotal', 'before tip', 'after a refund'. */
  earnedOnWhy: string | null;
  /** The restaurant's offer the dine earned at ('2X offer'), from the rate the engine paid. */
  multiplier: string | null;
  reward: string;
  /** §4 status label (null for Awarded); Paid carries its date. */
  label: string | null;
  dimmed: boolean;
  /** What happened: why it did not earn, when it pays, where the money went (status-label.ts). */
  line: string | null;
};

/** Why a dine earned on less than its amount, in a row's words (the policy's rowBasis reasons). */
export const EARNED_ON_WHY: Record<Transaction['earnedOnReasons'][number], string> = {
  onlineSubtotal: 'online order subtotal',
  beforeTip: 'before tip',
  refund: 'after a refund',
};

/** One row of Reviews & History (§2, §4). */
export function activityRowView(tx: Transaction, opts: { partner: RewardUnit & { currencyType: CurrencyType }; now?: Date; today?: string }): ActivityRowView {
  const status = rowStatus({
    status: tx.transactionStatus, reasonCode: tx.reasonCode, currencyType: opts.partner.currencyType, transactionCreatedAt: tx.transactionCreatedAt,
    statementCredit: tx.statementCredit, deferral: tx.deferral, paidOn: formatDay(tx.paidAt), amount: tx.benefitAmount, now: opts.now, today: opts.today,
  });
  const isDine = tx.transactionTypeCode === 'S';
  return {
    id: tx.sourceTransactionId,
    title: tx.merchantName?.trim() || SOURCE_LABELS[tx.transactionTypeCode],
    merchantId: tx.merchantId !== null && tx.activeMerchant ? tx.merchantId : null,
    kind: isDine || !tx.merchantName?.trim() ? null : SOURCE_LABELS[tx.transactionTypeCode],
    date: formatLocalDay(tx.transactionCreatedAt),
    dateTime: tx.transactionCreatedAt,
    card: tx.cardLastFour ? `Card ending in ${tx.cardLastFour}` : null,
    dineAmount: isDine || tx.dineAmount !== 0 ? formatMoney(tx.dineAmount) : null,
    earnedOn: tx.earnedOnAmount !== null && tx.earnedOnAmount !== undefined ? formatMoney(tx.earnedOnAmount) : null,
    earnedOnWhy: tx.earnedOnAmount !== null && tx.earnedOnReasons.length > 0 ? tx.earnedOnReasons.map((r) => EARNED_ON_WHY[r]).join(', ') : null,
    multiplier: tx.earnMultiplier !== null && tx.earnMultiplier > 1 ? `${tx.earnMultiplier}X offer` : null,
    reward: formatReward(tx.benefitAmount, opts.partner),
    label: status.label,
    dimmed: status.dimmed,
    line: status.line,
  };
}

/**
 * What a member who has not activated must do for their dines to pay (issue 24 review k): the
 * earliest last day to activate among their Deferred dines (the policy's lastDayToActivate, on each
 * row's deferral), else the rule itself (DEFERRED_DAYS after a dine's charge).
 */
export function activateByLine(rows: readonly Transaction[], currencyPlural: string): string {
  const days = rows.flatMap((r) => (r.transactionStatus === 'Deferred' && r.deferral && !r.deferral.activated ? [r.deferral.activateBy] : [])).sort();
  if (days.length > 0) return `Your dines with a linked card have earned ${currencyPlural}: activate by ${calendarDay(days[0]!)} for them to be paid.`;
  return `Dines with a linked card earn ${currencyPlural} before you activate; each pays once you activate within ${DEFERRED_DAYS} days of its charge.`;
}
