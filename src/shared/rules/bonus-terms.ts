import type { CurrencyType } from '../constants/partner';
import type { CopyTokens } from '../schemas/partner';
import type { ActiveBonus } from '../schemas/member';
import { showsRegisterButton, type BonusStatus } from './bonuses';

/**
 * The words of a bonus's terms and stage, made from its programme's figures (GET /api/Member
 * activeBonuses: amount, minSpendCents, deadlineUtc) so the joining success page, the account
 * overview and the home page say the same thing, and no copy restates a number the programme
 * owns (docs/api-bonuses.md "Terms and stages").
 */

/** What the words need of the partner (a PartnerConfig is one). */
export type BonusUnit = { currencyType: CurrencyType; copyStates: Pick<CopyTokens, 'bonusCurrencySingular' | 'bonusCurrencyPlural'> };
/** timeZone: where the member reads the date (default: this runtime's, i.e. the browser's); now: for the year. */
export type BonusWordsOptions = { timeZone?: string; now?: Date };
export type BonusTermsFigures = Pick<ActiveBonus, 'amount' | 'minSpendCents' | 'deadlineUtc'>;

// Made on first use, not when the module loads (a page's first Intl object is a long task on a slow phone).
let whole: Intl.NumberFormat | undefined;
let cents2: Intl.NumberFormat | undefined;
const WHOLE = () => (whole ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }));
const CENTS = () => (cents2 ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** Cents as a price: "$25", "$25.50". */
export function moneyText(cents: number): string {
  const dollars = cents / 100;
  return `$${Number.isInteger(dollars) ? WHOLE().format(dollars) : CENTS().format(dollars)}`;
}

/** A bonus amount in the partner's unit: "1,000 bonus miles", "1 bonus point", "$10 in bonus cash back". */
export function bonusAmountText(amount: number, unit: BonusUnit): string {
  if (unit.currencyType === 'Dollar' || unit.currencyType === 'Credit') return `${moneyText(amount)} in ${unit.copyStates.bonusCurrencyPlural}`;
  return `${WHOLE().format(amount)} ${amount === 1 ? unit.copyStates.bonusCurrencySingular : unit.copyStates.bonusCurrencyPlural}`;
}

type Day = { year: number; month: number; day: number };

function localDay(at: Date, timeZone: string | undefined): Day {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/**
 * The last calendar day (in `timeZone`) that lies wholly inside a window ending at `deadline`
 * (inclusive): the day before the one holding the instant just after it. A member told "by
 * March 2" can dine any time that day and still be inside the window, which "by March 3" would
 * not promise when the window closes at 2 p.m. on March 3.
 */
export function lastFullDay(deadline: Date, timeZone?: string): Day {
  const after = localDay(new Date(deadline.getTime() + 1), timeZone);
  const before = new Date(Date.UTC(after.year, after.month - 1, after.day - 1));
  return { year: before.getUTCFullYear(), month: before.getUTCMonth() + 1, day: before.getUTCDate() };
}

/** The deadline as a member reads it: "March 2" (with the year when it is not this year's), or null when it does not parse. */
export function bonusDeadlineText(deadlineUtc: string, opts: BonusWordsOptions = {}): string | null {
  const deadline = new Date(deadlineUtc);
  if (Number.isNaN(deadline.getTime())) return null;
  const last = lastFullDay(deadline, opts.timeZone);
  const thisYear = localDay(opts.now ?? new Date(), opts.timeZone).year;
  return new Date(Date.UTC(last.year, last.month - 1, last.day)).toLocaleDateString('en-US', {
    timeZone: 'UTC', month: 'long', day: 'numeric', ...(last.year === thisYear ? {} : { year: 'numeric' }),
  });
}

/**
 * The terms in one sentence: "Spend $25 or more in one qualifying dine by March 2 to earn 1,000
 * bonus miles." (no minimum: "Complete one qualifying dine by …").
 */
export function bonusTerms(bonus: BonusTermsFigures, unit: BonusUnit, opts: BonusWordsOptions = {}): string {
  const by = bonusDeadlineText(bonus.deadlineUtc, opts);
  const when = by ? ` by ${by}` : '';
  const earn = bonusAmountText(bonus.amount, unit);
  return bonus.minSpendCents > 0
    ? `Spend ${moneyText(bonus.minSpendCents)} or more in one qualifying dine${when} to earn ${earn}.`
    : `Complete one qualifying dine${when} to earn ${earn}.`;
}

/** Tokens a bonus banner's content may use, filled from the member's bonus on the bonus card. */
export const BONUS_TOKENS = ['bonusAmount', 'bonusMinSpend', 'bonusDeadline', 'bonusTerms'] as const;

/**
 * The values of BONUS_TOKENS for one bonus: {{bonusAmount}}, {{bonusMinSpend}}, {{bonusDeadline}},
 * {{bonusTerms}}.
 */
export function bonusTokens(bonus: BonusTermsFigures, unit: BonusUnit, opts: BonusWordsOptions = {}): Record<(typeof BONUS_TOKENS)[number], string> {
  return {
    bonusAmount: bonusAmountText(bonus.amount, unit),
    bonusMinSpend: moneyText(bonus.minSpendCents),
    bonusDeadline: bonusDeadlineText(bonus.deadlineUtc, opts) ?? '',
    bonusTerms: bonusTerms(bonus, unit, opts),
  };
}

/** What a bonus shows at a stage: its label, its terms (while it can still be earned), one sentence, and whether it offers registering. */
export type BonusStageCopy = { label: string; terms: string | null; note: string; canRegister: boolean };

const LABELS: Record<BonusStatus, string> = { Eligible: 'Available', Enrolled: 'Enrolled', Qualified: 'Qualified' };

/**
 * The copy of a bonus at its stage (`status`: the stage shown, which a fresh registration of this
 * browser may have moved on from the member's). Only Eligible speaks of registering; Enrolled says
 * the member is registered (an injected bonus: that there is nothing to register) with the terms
 * and deadline; Qualified says it was earned.
 */
export function bonusStageCopy(bonus: BonusTermsFigures & Pick<ActiveBonus, 'isNewMemberBonus'>, status: BonusStatus, unit: BonusUnit, opts: BonusWordsOptions = {}): BonusStageCopy {
  const label = LABELS[status];
  const canRegister = showsRegisterButton(status);
  switch (status) {
    case 'Eligible':
      return { label, canRegister, terms: bonusTerms(bonus, unit, opts), note: 'Register to take part: only dines after you register count.' };
    case 'Enrolled':
      return {
        label, canRegister, terms: bonusTerms(bonus, unit, opts),
        note: bonus.isNewMemberBonus ? 'You\u2019re registered: your first qualifying dine that meets these terms earns it.' : 'Nothing to register: you\u2019re already in.',
      };
    case 'Qualified':
      return { label, canRegister, terms: null, note: `Earned: ${bonusAmountText(bonus.amount, unit)} added to your activity.` };
  }
}
