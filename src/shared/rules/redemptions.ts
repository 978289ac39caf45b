import {
  HOLD_WINDOWS_DAYS, MEMBER_LIMITS, PARTNER_LIMITS, REDEMPTION_OPTIONS, REDEMPTION_STATUSES, REDEMPTION_TERMS,
  type HoldReason, type RedemptionOption, type RedemptionStatus,
} from '../constants/redemptions';

/**
 * Redemption rules (issue 28, docs/features/redemptions.md): which options a member may use, the
 * amounts and limits, when a redemption waits for the team, and the status machine. The server
 * decides with these; the Redeem page explains with the same ones.
 */

const DAY_MS = 86_400_000;

export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Where a statement credit goes, as the member reads it and as the card-credit adapter matches it: "Visa ending in 1111". */
export const payoutCardLabel = (card: { cardType: string; lastFour: string }) => `${card.cardType} ending in ${card.lastFour}`;

// ------------------------------------------------------------------ status machine

const NEXT: Record<RedemptionStatus, readonly RedemptionStatus[]> = {
  pending: ['pending_received', 'completed', 'rejected', 'error'],
  pending_received: ['completed', 'rejected', 'error'],
  completed: [],
  rejected: [],
  error: [],
};

/** Whether a redemption may move from one status to another: forward only, never out of a final one. */
export function canMove(from: RedemptionStatus, to: RedemptionStatus): boolean {
  return NEXT[from].includes(to);
}

/** Final statuses: nothing changes after them. */
export function isFinal(status: RedemptionStatus): boolean {
  return NEXT[status].length === 0;
}

/** A rejected or failed redemption gives its whole amount back to the balance (its own ledger entry). */
export function returnsMoney(status: RedemptionStatus): boolean {
  return status === 'rejected' || status === 'error';
}

/** Not finished yet (pending, pending_received): the money is on its way; queries read these groups, never their own lists. */
export const OPEN_STATUSES: readonly RedemptionStatus[] = REDEMPTION_STATUSES.filter((s) => !isFinal(s));
/** Rejected or failed: the amount is back in the balance, so it counts neither against the limits nor as an earlier redemption. */
export const RETURNED_STATUSES: readonly RedemptionStatus[] = REDEMPTION_STATUSES.filter(returnsMoney);

/** What the member reads about their money in each status. */
export function moneyText(status: RedemptionStatus, amountCents: number): string {
  const amount = dollars(amountCents);
  switch (status) {
    case 'pending': return `${amount} is set aside from your balance while we send it.`;
    case 'pending_received': return `${amount} has been accepted and is on its way.`;
    case 'completed': return `${amount} has been paid.`;
    case 'rejected': case 'error': return `${amount} was returned to your balance.`;
  }
}

// ------------------------------------------------------------------ options and amounts

export type OptionContext = {
  /** The member's balance now (Σ ledger entries), in cents. */
  balanceCents: number;
  /** The member has a linked card a statement credit can go to. */
  hasLinkedCard: boolean;
  /** A gift-card provider is configured (always outside production: the simulator). */
  giftCardsAvailable: boolean;
};

export const GIFT_CARDS_UNAVAILABLE = 'Gift cards are not available at the moment. Choose a statement credit, or try again later.';

/** Why an option cannot be used now, or null when it can (the balance is checked per amount). */
export function optionUnavailable(option: RedemptionOption, ctx: OptionContext): string | null {
  const terms = REDEMPTION_TERMS[option];
  if (terms.delivery === 'Card' && !ctx.hasLinkedCard) return 'Link a card first: statement credits go to a linked card.';
  if (terms.brand && !ctx.giftCardsAvailable) return GIFT_CARDS_UNAVAILABLE;
  if (ctx.balanceCents < terms.minCents) return `Your balance is below this option's minimum of ${dollars(terms.minCents)}.`;
  return null;
}

export function optionsFor(ctx: OptionContext) {
  return REDEMPTION_OPTIONS.map((option) => ({ option, ...REDEMPTION_TERMS[option], unavailableReason: optionUnavailable(option, ctx) }));
}

/** Why this amount cannot be redeemed with this option (before the balance), or null. */
export function amountProblem(option: RedemptionOption, amountCents: number): string | null {
  const terms = REDEMPTION_TERMS[option];
  if (!Number.isInteger(amountCents)) return 'The amount must be a whole number of cents.';
  if (amountCents < terms.minCents) return `The smallest ${terms.name} is ${dollars(terms.minCents)}.`;
  if (amountCents > terms.maxCents) return `The largest ${terms.name} is ${dollars(terms.maxCents)}.`;
  if (amountCents <= terms.feeCents) return `The amount must be more than the fee of ${dollars(terms.feeCents)}.`;
  return null;
}

/** The 409 a member reads when the balance does not cover the amount. */
export function balanceShortText(balanceCents: number, amountCents: number): string {
  return `Your balance of ${dollars(Math.max(balanceCents, 0))} does not cover ${dollars(amountCents)}. Choose a smaller amount.`;
}

// ------------------------------------------------------------------ limits

/** Redemptions made in a period that count against a limit: every one not rejected or failed; a member's own count only what they asked for, not the payout job's automatic statement credits. */
export type Usage = { dayCount: number; dayCents: number; monthCount: number; monthCents: number };
type Limits = { perDayCount: number; perDayCents: number; perMonthCount: number; perMonthCents: number };

function breach(usage: Usage, amountCents: number, limits: Limits, who: 'member' | 'partner'): string | null {
  const your = who === 'member';
  if (usage.dayCount + 1 > limits.perDayCount) return your ? `You can make up to ${limits.perDayCount} redemptions a day. Try again tomorrow.` : 'Redemptions are paused for today across the programme. Try again tomorrow.';
  if (usage.dayCents + amountCents > limits.perDayCents) return your ? `You can redeem up to ${dollars(limits.perDayCents)} a day; ${dollars(Math.max(limits.perDayCents - usage.dayCents, 0))} is left today.` : 'Redemptions are paused for today across the programme. Try again tomorrow.';
  if (usage.monthCount + 1 > limits.perMonthCount) return your ? `You can make up to ${limits.perMonthCount} redemptions a month.` : 'Redemptions are paused for this month across the programme.';
  if (usage.monthCents + amountCents > limits.perMonthCents) return your ? `You can redeem up to ${dollars(limits.perMonthCents)} a month; ${dollars(Math.max(limits.perMonthCents - usage.monthCents, 0))} is left this month.` : 'Redemptions are paused for this month across the programme.';
  return null;
}

/** The member's limits, then the partner's: the first one this redemption would pass, in words; null when within all. */
export function limitProblem(member: Usage, partner: Usage, amountCents: number): string | null {
  return breach(member, amountCents, MEMBER_LIMITS, 'member') ?? breach(partner, amountCents, PARTNER_LIMITS, 'partner');
}

// ------------------------------------------------------------------ holds

export type HoldContext = {
  now: Date;
  /** Redemptions the member made before that were not rejected or failed (automatic statement credits included). */
  priorRedemptions: number;
  joinedAt: Date;
  /** When the member's e-mail last changed (null: never). */
  emailChangedAt: Date | null;
  /** Statement credits: when the card it goes to was linked. */
  payoutCardLinkedAt: Date | null;
  /** Gift cards go to the e-mail; statement credits to the card. */
  delivery: 'Card' | 'Email';
};

const within = (now: Date, at: Date | null, days: number) => at !== null && now.getTime() - at.getTime() < days * DAY_MS;

/** Why a redemption waits for the team before it is sent, or null when it goes at once. */
export function holdReason(ctx: HoldContext): HoldReason | null {
  if (ctx.priorRedemptions === 0) return 'firstRedemption';
  if (within(ctx.now, ctx.joinedAt, HOLD_WINDOWS_DAYS.joined)) return 'newMember';
  if (ctx.delivery === 'Email' && within(ctx.now, ctx.emailChangedAt, HOLD_WINDOWS_DAYS.emailChanged)) return 'emailChanged';
  if (ctx.delivery === 'Card' && within(ctx.now, ctx.payoutCardLinkedAt, HOLD_WINDOWS_DAYS.payoutCardLinked)) return 'payoutCardLinked';
  return null;
}
