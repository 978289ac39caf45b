import { CLAIM_AFTER_DAYS } from '../constants/rewards';

/**
 * When a missing-reward claim may be made (§9: after 10 days; docs/api-claims.md "The window").
 * A dine is claimable from CLAIM_AFTER_DAYS days after it (a network takes that long to clear and
 * the engine to apply it) up to CLAIM_LOOKBACK_DAYS days after it, CLAIM_LOOKBACK_DAYS_AMEX for
 * American Express cards: the networks' look-back for missing-transaction requests (Visa and
 * Mastercard 90 days, Amex 30). Both ends are included. Dates are calendar dates (YYYY-MM-DD) in
 * the restaurant's local time; "today" is the restaurant's local date too.
 */
export const CLAIM_LOOKBACK_DAYS = 90;
export const CLAIM_LOOKBACK_DAYS_AMEX = 30;

export type ClaimWindow =
  | { open: true; opensOn: string; closesOn: string }
  | { open: false; problem: 'invalidDate' }
  | { open: false; problem: 'future' | 'tooEarly' | 'tooLate'; opensOn: string; closesOn: string };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a calendar date, or null when it is not one (2026-02-30). */
export function dayNumber(date: string): number | null {
  const m = DATE.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return t / 86_400_000;
}

/** The calendar date `days` after `date` (both YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const n = dayNumber(date);
  if (n === null) throw new Error(`not a date: ${date}`);
  return new Date((n + days) * 86_400_000).toISOString().slice(0, 10);
}

/** Whether the card is an American Express card (its shorter look-back). */
export const isAmex = (cardType: string) => cardType.trim().toLowerCase() === 'amex';

export function claimLookbackDays(cardType: string): number {
  return isAmex(cardType) ? CLAIM_LOOKBACK_DAYS_AMEX : CLAIM_LOOKBACK_DAYS;
}

/** Whether a claim for a dine on `dineDate` paid with a `cardType` card may be made on `today`. */
export function claimWindow(opts: { dineDate: string; today: string; cardType: string }): ClaimWindow {
  const dine = dayNumber(opts.dineDate);
  const today = dayNumber(opts.today);
  if (dine === null || today === null) return { open: false, problem: 'invalidDate' };
  const opensOn = addDays(opts.dineDate, CLAIM_AFTER_DAYS);
  const closesOn = addDays(opts.dineDate, claimLookbackDays(opts.cardType));
  if (dine > today) return { open: false, problem: 'future', opensOn, closesOn };
  const age = today - dine;
  if (age < CLAIM_AFTER_DAYS) return { open: false, problem: 'tooEarly', opensOn, closesOn };
  if (age > claimLookbackDays(opts.cardType)) return { open: false, problem: 'tooLate', opensOn, closesOn };
  return { open: true, opensOn, closesOn };
}

/** "November 20, 2026" for a YYYY-MM-DD date (UTC, so the date never shifts with the reader's zone). */
export function longDate(date: string): string {
  const n = dayNumber(date);
  if (n === null) return date;
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(n * 86_400_000));
}

/** What a member reads when the date is outside the window: when the claim can be made, or why it cannot any more. */
export function claimWindowMessage(window: ClaimWindow, cardType: string): string | null {
  if (window.open) return null;
  if (window.problem === 'invalidDate') return 'Enter the date of the dine, like 2026-11-20.';
  if (window.problem === 'future') return 'The date of the dine cannot be in the future.';
  if (window.problem === 'tooEarly') {
    return `Dines usually show within a few days, so a claim for this dine can be made from ${longDate(window.opensOn)} (${CLAIM_AFTER_DAYS} days after it). If it is still missing then, come back and claim it.`;
  }
  const days = claimLookbackDays(cardType);
  const card = isAmex(cardType) ? 'an American Express card' : 'this card';
  return `Claims for dines paid with ${card} can be made up to ${days} days after the dine; for this one the last day was ${longDate(window.closesOn)}. Please contact customer support.`;
}
