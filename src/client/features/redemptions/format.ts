import type { DeliveryKind, RedemptionOption, RedemptionStatus } from '#shared/constants/redemptions';
import { amountProblem, balanceShortText, isFinal } from '#shared/rules/redemptions';
import type { Redemption, RedemptionOptionsResponse } from '#shared/schemas/redemptions';
import { formatDay, formatMoney } from '../rewards';

/** Cents as '$1,234.50'. */
export const money = (cents: number) => formatMoney(cents / 100);

/** An instant as 'Nov 29, 2026, 8:49 PM' in the browser's time zone; null when it does not parse. */
export function dayAndTime(value: string): string | null {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

type Option = RedemptionOptionsResponse['options'][number];

/** An option's fee as the member reads it. */
export const feeText = (feeCents: number) => (feeCents > 0 ? `Fee ${money(feeCents)}` : 'No fee');

/** An option's terms in one line: 'Minimum $25.00 · No fee · By e-mail within 1 business day'. */
export function termsText(option: Pick<Option, 'minCents' | 'feeCents' | 'arrives'>): string {
  return `Minimum ${money(option.minCents)} · ${feeText(option.feeCents)} · ${option.arrives}`;
}

export const AMOUNT_FORMAT_MESSAGE = 'Enter the amount in dollars, like 25 or 25.50.';

/** Dollars as typed ('25', '$1,025.50') in whole cents; null when it is not an amount. */
export function centsFromText(text: string): number | null {
  const plain = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(plain)) return null;
  return Math.round(Number(plain) * 100);
}

/** Cents as the amount field shows them: '25', '25.50'. */
export function amountText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/**
 * What is wrong with the amount typed for this option, or null: its form, then the option's
 * minimum, maximum and fee (the shared rule the server decides with), then the balance.
 */
export function amountError(option: RedemptionOption, text: string, balanceCents: number): string | null {
  const cents = centsFromText(text);
  if (cents === null) return AMOUNT_FORMAT_MESSAGE;
  return amountProblem(option, cents) ?? (cents > balanceCents ? balanceShortText(balanceCents, cents) : null);
}

/** A redemption's status in a list, in words (never a colour only). */
export function statusText(r: Pick<Redemption, 'status' | 'hold'>): string {
  switch (r.status) {
    case 'pending': return r.hold ? 'Being checked' : 'Requested';
    case 'pending_received': return 'On its way';
    case 'completed': return 'Completed';
    case 'rejected': return 'Rejected';
    case 'error': return 'Failed';
  }
}

/**
 * A redemption's status in a list row: a final one with the day it got there ('Completed Dec 2,
 * 2026': for a statement credit, the day the card issuer paid it).
 */
export function rowStatusText(r: Pick<Redemption, 'status' | 'hold' | 'steps'>): string {
  const last = r.steps.at(-1);
  const on = isFinal(r.status) && last?.status === r.status ? formatDay(last.at) : null;
  return on ? `${statusText(r)} ${on}` : statusText(r);
}

/** What each step of a redemption means for the way it is delivered. */
export function stepLabel(status: RedemptionStatus, delivery: DeliveryKind): string {
  const card = delivery === 'Card';
  switch (status) {
    case 'pending': return 'Requested';
    case 'pending_received': return card ? 'Accepted by the card issuer' : 'Accepted by the gift-card provider';
    case 'completed': return card ? 'Paid to your card' : 'Sent to your e-mail';
    case 'rejected': return 'Rejected';
    case 'error': return 'Could not be completed';
  }
}

export type StepState = 'done' | 'upcoming' | 'stopped';
export type TimelineStep = { status: RedemptionStatus; label: string; state: StepState; at: string | null; current: boolean };

/** The way a redemption goes when nothing goes wrong. */
const PATH: readonly RedemptionStatus[] = ['pending', 'pending_received', 'completed'];

/**
 * A redemption's timeline: the steps it has taken, with their times (the last one is where it is
 * now), then, while it is not final, the steps still to come. A rejected or failed one ends at
 * that step.
 */
export function timeline(r: Pick<Redemption, 'status' | 'delivery' | 'steps' | 'createdAt'>): TimelineStep[] {
  const taken = r.steps.length > 0 ? r.steps : [{ status: r.status, at: r.createdAt }];
  const stopped = r.status === 'rejected' || r.status === 'error';
  const steps: TimelineStep[] = taken.map((s, i) => ({
    status: s.status,
    label: stepLabel(s.status, r.delivery),
    state: stopped && i === taken.length - 1 ? 'stopped' : 'done',
    at: s.at,
    current: i === taken.length - 1,
  }));
  if (!isFinal(r.status)) {
    const last = taken.at(-1)!.status;
    for (const status of PATH.slice(PATH.indexOf(last) + 1)) {
      steps.push({ status, label: stepLabel(status, r.delivery), state: 'upcoming', at: null, current: false });
    }
  }
  return steps;
}

/** A step's state in words, read before its label. */
export const STEP_STATE_TEXT: Record<StepState, string> = { done: 'Done', upcoming: 'Not yet', stopped: 'Stopped' };
