import { TIER_LEVELS } from '../../constants/member';
import { DEFERRED_DAYS, PAY_BY_NOTICE_MINUTES, VIP_QUALIFYING_DINES, type EarnBasis, type NotEarnedReason, type ProgressStatus } from '../../constants/rewards';
import { clockTime } from '../clock-time';
import { ANONYMOUS_EARN_TEXT, type TierLevel } from '../earn-text';
import type { LocalParts } from './local-time';
import { ALL_DAY, qualify, type BenefitWindow, type MerchantTerms } from './qualification';
import { effectiveTier, JOINING_TIER, rateText, storedTier, topTier, vipReachableByDining, type Currency, type EarningMember, type EarningSettings, type VipSettings } from './standing';

// The tiers, the rate in words, the reader's own rate and the VIP meter live in standing.ts (the
// first load needs them without the rest of the policy); they are part of the policy, read from here too.
export { effectiveTier, MEMBER_COPY_TOKENS, memberEarningTokens, memberFromStanding, rateText, vipMeterFigures, vipMeterText, vipMeterView, type Currency, type MeterMember, type VipMeterView, type EarnRates, type EarningSettings, type VipSettings, type EarningMember } from './standing';

/**
 * The earning policy: the one place that decides what a purchase earns and what a member is told
 * they will earn. The rewards engine (card-network/decisions.ts), the claim matcher, the member's
 * tier and dining progress (GET /api/Member), the merchant tile and page, the unlock-access popup,
 * the VIP meter, the booking widget and the programme terms all read it. Pure: no I/O, no clock.
 *
 * A qualified dine (docs/rewards-engine.md §4) earns `floor(basis × rate / 100)` of the partner's
 * unit at the tier the member holds at that dine; why it does not earn is the first reason that
 * applies, in this order: account closed, card linked after the dine, restaurant not taking part,
 * restaurant not open to the member's tier (acclaimed campaigns), blackout day, outside benefit
 * hours, monthly visit limit (the tier gate before the calendar, so the reason does not change with
 * the hour).
 */

/** Settings of a partner the engine does not know (never for a real dine: every card has a partner). */
export const DEFAULT_SETTINGS: EarningSettings = { earnRates: [1, 1, 3, 5], hasVIP: false, earnBasis: 'wholeBill', acclaimed2Enabled: false, vipQualifyingDines: VIP_QUALIFYING_DINES };

/**
 * A restaurant as the policy sees it: its qualification terms, its campaign codes and its earn
 * multiplier (a limited-time '2X' offer: the tier's rate times it; 1 otherwise).
 */
export type RestaurantTerms = MerchantTerms & { campaignCodes: readonly string[]; multiplier: number };

// ---------------------------------------------------------------------------------------------
// Tiers and VIP

export type VipStanding = {
  /** The partner has VIP at all. */
  offered: boolean;
  /** Dining can make (or keep) this member VIP. */
  reachable: boolean;
  /** The member is VIP now. */
  vip: boolean;
  /** §3/§4 dining progress status. */
  status: ProgressStatus;
  /**
   * The visit meter, only while a count is at stake (Building: to reach VIP; Renewing: to keep it
   * next year); null at the top (Qualified, Complete, granted VIP) and where dining cannot lead to VIP.
   */
  meter: { done: number; max: number; remaining: number } | null;
  /** VIP lasts to the end of this year, when the member is VIP by dining (or granted: null). */
  vipThrough: number | null;
  /** The year the meter counts towards (next year while Renewing). */
  meterYear: number;
  /** Qualified dines this year still short of the partner's VIP threshold. */
  toReach: number;
  /** The partner's VIP threshold (qualified dines in a year). */
  threshold: number;
};

/**
 * The member's VIP standing in `year` (§3/§4 dining progress): VIP is reached with the
 * partner's threshold-th (vipQualifyingDines, §9 default 11) qualified dine of a calendar year and lasts the rest of that year and all
 * of the next; it earns from the next dine on.
 * - not VIP → Building, counting this year's dines (meter 0…threshold);
 * - VIP earned this year → Qualified (top: no countdown);
 * - VIP from last year, this year's count not yet reached → Renewing (the meter counts towards next year);
 * - VIP from last year and reached again this year → Complete (next year secured).
 */
export function vipStanding(settings: VipSettings, member: EarningMember, year: number): VipStanding {
  const offered = settings.hasVIP;
  const threshold = settings.vipQualifyingDines;
  const reachable = vipReachableByDining(settings, member.tier);
  const thisYear = Math.max(0, Math.trunc(member.dinesThisYear));
  const reachedThisYear = thisYear >= threshold;
  const reachedLastYear = member.dinesLastYear >= threshold;
  const vip = effectiveTier(settings, member) === TIER_LEVELS.VIP;
  const toReach = Math.max(0, threshold - thisYear);
  const meterOf = () => ({ done: Math.min(thisYear, threshold), max: threshold, remaining: toReach });
  const base = { offered, reachable, vip, toReach, threshold };
  if (!reachable) {
    // A granted VIP (or no route to VIP): nothing to count.
    return { ...base, status: vip ? 'Qualified' : 'Building', meter: null, vipThrough: null, meterYear: year };
  }
  if (reachedLastYear) {
    return reachedThisYear
      ? { ...base, status: 'Complete', meter: null, vipThrough: year + 1, meterYear: year + 1 }
      : { ...base, status: 'Renewing', meter: meterOf(), vipThrough: year, meterYear: year + 1 };
  }
  if (reachedThisYear) return { ...base, status: 'Qualified', meter: null, vipThrough: year + 1, meterYear: year };
  // Granted outright (staging tools, a partner's status match): VIP, with no end date that dining set.
  if (storedTier(member.tier) === TIER_LEVELS.VIP) return { ...base, status: 'Qualified', meter: null, vipThrough: null, meterYear: year };
  return { ...base, status: 'Building', meter: meterOf(), vipThrough: null, meterYear: year };
}

/** The §3 diningProgress of GET /api/Member, from the standing: dinesRequired 0 where dining leads to no VIP. */
export function diningProgressOf(standing: VipStanding, rewardsThisYear: number) {
  return {
    status: standing.status,
    dinesRequired: standing.reachable ? standing.threshold : 0,
    // A granted VIP (vip, with no end by dining) keeps the count it lacks: the meter then names no end date.
    remainingDines: standing.meter?.remaining ?? (standing.vip && standing.vipThrough === null ? standing.toReach : 0),
    dollarsRequired: 0,
    remainingDollars: 0,
    ytdMilesOrDollars: rewardsThisYear,
  };
}

// ---------------------------------------------------------------------------------------------
// Acclaimed campaigns

/**
 * Campaign codes open only from a tier (§2 'Unlock access to earn'): the acclaimed campaigns of the
 * catalogue, level 2 from Select and level 3 from VIP (from Select on a partner without VIP). Any
 * other campaign code (seasonal, new-member) is open to every tier.
 */
export const TIER_GATED_CAMPAIGNS: Readonly<Record<string, TierLevel>> = { ACCL2: TIER_LEVELS.OptedIn, ACCL3: TIER_LEVELS.VIP };

/**
 * The tier a restaurant's campaigns need (acclaimed v2 partners only); 0 when open to all. A
 * restaurant is open to a member whose tier has all of its gated codes.
 */
export function tierNeeded(settings: Pick<EarningSettings, 'acclaimed2Enabled' | 'hasVIP'>, campaignCodes: readonly string[]): TierLevel {
  if (!settings.acclaimed2Enabled) return TIER_LEVELS.OptedOut;
  let need: number = TIER_LEVELS.OptedOut;
  for (const code of campaignCodes) need = Math.max(need, TIER_GATED_CAMPAIGNS[code.toUpperCase()] ?? 0);
  return Math.min(need, topTier(settings)) as TierLevel;
}

/**
 * The level a restaurant's campaign codes ask for, before any partner's settings (the search
 * index keeps it per restaurant, shared by every partner): the highest TIER_GATED_CAMPAIGNS level
 * among them, 0 when none is gated. tierNeeded is this level on acclaimed v2 partners, capped at their top tier.
 */
export function campaignLevel(campaignCodes: readonly string[]): TierLevel {
  let level: number = TIER_LEVELS.OptedOut;
  for (const code of campaignCodes) level = Math.max(level, TIER_GATED_CAMPAIGNS[code.toUpperCase()] ?? 0);
  return level as TierLevel;
}

/**
 * The highest campaign level (campaignLevel) open to a member of `tier` on a partner: a restaurant
 * is open to them exactly when its level is at most this (tierNeeded ≤ tier). Every level where
 * the partner gates nothing (not acclaimed v2) or the member holds the partner's top tier.
 */
export function openCampaignLevel(settings: Pick<EarningSettings, 'acclaimed2Enabled' | 'hasVIP'>, tier: number): TierLevel {
  if (!settings.acclaimed2Enabled || tier >= topTier(settings)) return TIER_LEVELS.VIP;
  return storedTier(tier);
}

/** The campaign codes of a restaurant a tier has (none for a visitor without a tier). */
export function campaignCodesOpenTo(settings: Pick<EarningSettings, 'acclaimed2Enabled' | 'hasVIP'>, tier: number | null, codes: readonly string[]): string[] {
  if (tier === null) return [];
  return codes.filter((code) => tier >= tierNeeded(settings, [code]));
}

// ---------------------------------------------------------------------------------------------
// Amounts

/** A purchase's amounts as the card network gave them (cents). */
export type Bill = {
  /** The cleared amount, tip included; null until cleared (then the authorised amount stands in). */
  clearedCents: number | null;
  /** The authorised amount (before tip); null when the network sent no authorisation. */
  authCents: number | null;
  /** The tip the network reported with the clearing, if any. */
  tipCents?: number | null;
  /** Ordered online through the site: earns on its subtotal. */
  online: boolean;
  subtotalCents: number | null;
  /** Refunded so far. */
  refundedCents: number;
};

/**
 * The amount a purchase earns on (its basis), after refunds pro rata:
 * - an online order: its subtotal;
 * - the whole bill (wholeBill): the cleared amount, tax and tip included;
 * - before tip (preTip): the cleared amount less the tip the network reported, else less what the
 *   clearing added to the authorisation (restaurants add the tip at capture); with neither, the
 *   whole cleared amount (nothing tells the tip apart).
 * A purchase only authorised earns provisionally on the authorised amount (before tip either way).
 */
export function basisCents(bill: Bill, basis: EarnBasis): number {
  const base = bill.clearedCents ?? bill.authCents ?? 0;
  if (base <= 0) return 0;
  const remaining = Math.max(0, base - bill.refundedCents);
  if (remaining === 0) return 0;
  let full: number;
  if (bill.online && bill.subtotalCents !== null) full = Math.min(bill.subtotalCents, base);
  else if (basis === 'preTip' && bill.clearedCents !== null) full = bill.clearedCents - tipOf(bill);
  else full = base;
  full = Math.max(0, full);
  return remaining === base ? full : Math.floor((full * remaining) / base);
}

function tipOf(bill: Bill): number {
  const cleared = bill.clearedCents ?? 0;
  if (bill.tipCents !== null && bill.tipCents !== undefined) return Math.min(Math.max(0, bill.tipCents), cleared);
  if (bill.authCents !== null && bill.authCents < cleared) return cleared - bill.authCents;
  return 0;
}

/** Why a dine earned on less than its amount (a history row says it): before tip, an online order's subtotal, a refund. */
export type BasisReason = 'beforeTip' | 'onlineSubtotal' | 'refund';

/**
 * What a history row of a dine earned on (issue 24 review 8): the basis of the reward the row
 * shows, so that its rate × its basis gives its reward. A refund taken back by an Adjustment row of
 * its own (the reward was paid already) is that row's, not this one's: the dine's row keeps the
 * basis its reward was paid on. It is the basis after all the refunds where the rate then gives the
 * row's reward, else after the least part of them that does; with no rate (not earned), the basis now.
 * `reasons`: why the basis is less than the dine amount, in the order a member reads them.
 */
export function rowBasis(bill: Bill, basis: EarnBasis, rate: number | null, rowReward: number): { cents: number; reasons: BasisReason[] } {
  let refunded = bill.refundedCents;
  if (rate !== null && rate > 0 && refunded > 0 && rewardFor(basisCents(bill, basis), rate) < rowReward) {
    // The reward falls a unit at a time as refunds grow: the least refund at which it is the row's
    // (none when the whole refund is an Adjustment row's).
    let lo = 0;
    let hi = refunded;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (rewardFor(basisCents({ ...bill, refundedCents: mid }, basis), rate) <= rowReward) hi = mid;
      else lo = mid + 1;
    }
    refunded = lo;
  }
  const cents = basisCents({ ...bill, refundedCents: refunded }, basis);
  const reasons: BasisReason[] = [];
  const online = bill.online && bill.subtotalCents !== null && bill.subtotalCents < (bill.clearedCents ?? bill.authCents ?? 0);
  if (online) reasons.push('onlineSubtotal');
  else if (basis === 'preTip' && bill.clearedCents !== null && tipOf(bill) > 0) reasons.push('beforeTip');
  if (refunded > 0) reasons.push('refund');
  return { cents, reasons };
}

/**
 * The reward of a basis at a rate: miles or points per $1 (Mile and Point partners), or cents at
 * rate % (Dollar and Credit partners): the same arithmetic, rounded down, so no fraction is ever
 * promised that a refund could not take back pro rata.
 */
export function rewardFor(basis: number, rate: number): number {
  if (basis <= 0 || rate <= 0) return 0;
  return Math.floor((basis * rate) / 100);
}

// ---------------------------------------------------------------------------------------------
// A dine

export type DineInput = {
  settings: EarningSettings;
  /** The member, with the qualified dines of the dine's (restaurant-local) year before it. */
  member: EarningMember;
  /** Null: the restaurant is not known to the programme. */
  restaurant: RestaurantTerms | null;
  local: LocalParts;
  cardLinkedAt: Date;
  accountClosedAt: Date | null;
  /** The member's rewarded visits at this restaurant earlier in the same local month. */
  visitsThisMonth: number;
  /** Null: a planned visit (no amount yet). */
  bill: Bill | null;
};

export type DineOutcome = {
  earns: boolean;
  reason: NotEarnedReason | null;
  /** The tier the dine earns at (VIP from the dine after the threshold-th). */
  tier: TierLevel;
  /** The rate it earns at: the tier's rate times the restaurant's multiplier. */
  rate: number;
  basis: EarnBasis;
  basisCents: number | null;
  /** The reward in the partner's unit (miles, points or cents); 0 when not earned; null without a bill. */
  amount: number | null;
  /** Earned, but paid only once the member activates (tier 1: Deferred). */
  deferred: boolean;
  /** Not earned because the member's tier lacks the restaurant's campaigns: the tier that opens it. */
  unlockTier: TierLevel | null;
  vipBefore: boolean;
  vipAfter: boolean;
};

/** Whether the restaurant's own terms let a dine at `local` earn (leaving the member aside): null, or the reason. */
export function restaurantReason(restaurant: RestaurantTerms | null, local: LocalParts): NotEarnedReason | null {
  if (!restaurant) return 'notParticipating';
  const q = qualify(restaurant, { local, cardLinkedAt: new Date(0), accountClosedAt: null, visitsThisMonth: 0 });
  return q.qualified || q.reason === 'monthlyVisitLimit' ? null : q.reason;
}

/** Reasons judged before a restaurant's tier gate (the rest of qualify's reasons come after it). */
const BEFORE_TIER_GATE: ReadonlySet<NotEarnedReason> = new Set(['accountClosed', 'cardLinkedAfterDine', 'notParticipating']);

/** What one purchase (or a planned visit) earns: the rule of the engine and of every screen. */
export function evaluateDine(input: DineInput): DineOutcome {
  const { settings, member, restaurant } = input;
  const vipBefore = effectiveTier(settings, member) === TIER_LEVELS.VIP;
  const tier = effectiveTier(settings, member);
  const rate = (settings.earnRates[tier] ?? 0) * multiplierOf(restaurant);
  const no = (reason: NotEarnedReason, unlockTier: TierLevel | null = null): DineOutcome => ({
    earns: false, reason, tier, rate, basis: settings.earnBasis, basisCents: input.bill ? basisCents(input.bill, settings.earnBasis) : null,
    amount: input.bill ? 0 : null, deferred: false, unlockTier, vipBefore, vipAfter: vipBefore,
  });
  if (!restaurant) return no('notParticipating');
  const q = qualify(restaurant, { local: input.local, cardLinkedAt: input.cardLinkedAt, accountClosedAt: input.accountClosedAt, visitsThisMonth: 0 });
  // The member's own standing first (closed account, card, a restaurant taking part, its tier gate),
  // then the clock (blackout day, benefit hours): the reason a member reads never depends on the hour.
  if (!q.qualified && BEFORE_TIER_GATE.has(q.reason)) return no(q.reason);
  const need = tierNeeded(settings, restaurant.campaignCodes);
  if (tier < need) return no('tierLacksAccess', need);
  if (!q.qualified && q.reason !== 'monthlyVisitLimit') return no(q.reason);
  if (restaurant.monthlyVisitLimit !== null && input.visitsThisMonth >= restaurant.monthlyVisitLimit) return no('monthlyVisitLimit');
  const basis = input.bill ? basisCents(input.bill, settings.earnBasis) : null;
  const amount = basis === null ? null : rewardFor(basis, rate);
  const after = { ...member, dinesThisYear: member.dinesThisYear + 1 };
  return {
    earns: true, reason: null, tier, rate, basis: settings.earnBasis, basisCents: basis, amount,
    deferred: tier === TIER_LEVELS.NonActivated, unlockTier: null, vipBefore,
    vipAfter: effectiveTier(settings, after) === TIER_LEVELS.VIP,
  };
}

/** A restaurant's earn multiplier, whole and at least 1. */
export function multiplierOf(restaurant: Pick<RestaurantTerms, 'multiplier'> | null): number {
  const m = restaurant?.multiplier ?? 1;
  return Number.isFinite(m) && m >= 1 ? Math.floor(m) : 1;
}

// ---------------------------------------------------------------------------------------------
// Deferred rewards

const DAY_MS = 86_400_000;

/**
 * A dine of a member not activated yet earns a Deferred reward: it pays if the member activates
 * before DEFERRED_DAYS have passed since the purchase cleared (the sweep, card-network/engine.ts,
 * awards it then), and is forfeit ('notActivated') by the first sweep after this instant. Counted
 * from the clearing, not the dine: a clearing that arrives late never shortens the member's time.
 */
export function deferralDeadline(clearedAt: Date): Date {
  return new Date(clearedAt.getTime() + DEFERRED_DAYS * DAY_MS);
}

/**
 * The last whole day on which activating still pays, on the member's calendar: the day before the
 * deadline's date there, so "activate by <that day>" holds at any hour of it (the deadline falls
 * at the clearing's time of day, on the day after).
 */
export function lastDayToActivate(deadlineLocalDate: string): string {
  const [y, m, d] = deadlineLocalDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// Screens: a planned visit, and the programme's words

/** A restaurant's terms as the merchant calls give them (ZMerchantBenefits), for the policy. */
export function restaurantTerms(b: {
  participating: boolean; participationStart: string | null; participationEnd: string | null;
  benefitHours: ReadonlyArray<ReadonlyArray<{ start: number; end: number }>> | null; blackoutDates: readonly string[]; monthlyVisitLimit: number | null;
}, campaignCodes: readonly string[], multiplier = 1): RestaurantTerms {
  return {
    active: b.participating, participationStart: b.participationStart, participationEnd: b.participationEnd,
    benefitHours: b.benefitHours ?? ALL_DAY, blackoutDates: b.blackoutDates, monthlyVisitLimit: b.monthlyVisitLimit, campaignCodes, multiplier,
  };
}

/** A restaurant-local date and minutes as the LocalParts of a planned visit at that time. */
export function plannedLocal(date: string, minutes: number): LocalParts {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const h = Math.floor(minutes / 60);
  const instant = new Date(Date.UTC(y, m - 1, d, h, minutes % 60));
  return { date, minutes, weekday: new Date(Date.UTC(y, m - 1, d)).getUTCDay(), month: date.slice(0, 7), year: y, instant };
}

/** What a screen promises for a visit at a restaurant-local time. */
export type Outlook =
  /** A visitor without a tier, at a restaurant and time that earns: the tile asks them to sign in. */
  | { kind: 'signIn' }
  | { kind: 'earns'; tier: TierLevel; rate: number; deferred: boolean }
  | { kind: 'notEarned'; reason: NotEarnedReason; unlockTier: TierLevel | null };

/**
 * The promise for a member (or a visitor: `member` null) at a restaurant at a local time: the
 * policy's decision for a dine then, without a bill. `visitsThisMonth` unknown (a tile): the
 * monthly limit is left to the restaurant page, which knows the member's visits.
 */
export function visitOutlook(opts: {
  settings: EarningSettings; member: EarningMember | null; restaurant: RestaurantTerms | null; local: LocalParts; visitsThisMonth?: number | null;
}): Outlook {
  if (!opts.member) {
    const reason = restaurantReason(opts.restaurant, opts.local);
    return reason ? { kind: 'notEarned', reason, unlockTier: null } : { kind: 'signIn' };
  }
  const o = evaluateDine({
    settings: opts.settings, member: opts.member, restaurant: opts.restaurant, local: opts.local, cardLinkedAt: new Date(0), accountClosedAt: null,
    visitsThisMonth: opts.visitsThisMonth ?? 0, bill: null,
  });
  return o.earns ? { kind: 'earns', tier: o.tier, rate: o.rate, deferred: o.deferred } : { kind: 'notEarned', reason: o.reason!, unlockTier: o.unlockTier };
}

const WEEKDAYS_PLURAL = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'] as const;

/**
 * The words of why a visit would not earn, with what the policy knows beyond the reason: a
 * restaurant open only to VIP says so ("Open to VIP members") rather than hinting at a step that
 * would not open it; a weekday without any reward hours reads "No rewards on Tuesdays", not "at
 * this time".
 */
export function outlookReasonText(reason: NotEarnedReason, detail: { unlockTier?: number | null; noRewardsOn?: number | null } = {}): string {
  if (reason === 'tierLacksAccess' && detail.unlockTier === TIER_LEVELS.VIP) return 'Open to VIP members';
  if (reason === 'outsideBenefitHours' && detail.noRewardsOn !== null && detail.noRewardsOn !== undefined) {
    const day = WEEKDAYS_PLURAL[detail.noRewardsOn];
    if (day) return `No rewards on ${day}`;
  }
  return OUTLOOK_REASON_TEXT[reason];
}

/** Short words of a reason for a tile, a slot or a page line. */
export const OUTLOOK_REASON_TEXT: Readonly<Record<NotEarnedReason, string>> = {
  accountClosed: 'Your account is closed',
  cardLinkedAfterDine: 'Link a card to earn',
  notParticipating: 'No rewards here at the moment',
  blackoutDay: 'No rewards on this day',
  outsideBenefitHours: 'No rewards at this time',
  monthlyVisitLimit: 'Monthly rewarded visits used',
  tierLacksAccess: 'Not open to your membership level',
  refunded: 'Refunded',
  notSettled: 'Not settled by the card network',
  notActivated: 'Account not activated in time',
};

// ---------------------------------------------------------------------------------------------
// A booked visit (the booking widget, its hold and its confirmation)

/**
 * The reservation bonus of a partner (modules/bonuses): the §1 switch and the amount of its active
 * `reservation` bonus programme (null: none active).
 */
export type ReservationBonusTerms = { hasReservationBonus: boolean; programmeAmount: number | null };

/**
 * What booking a table at a time promises (the availability answer's mark of each time, flat for
 * JSON): the outlook of a dine then (visitOutlook: kind, and the tier and rate it earns at, or why
 * not) and the reservation bonus.
 */
export type BookingOutlook = {
  kind: Outlook['kind'];
  /** kind earns: the tier and its rate; else null. */
  tier: number | null;
  rate: number | null;
  /** kind earns: paid only once the member activates. */
  deferred: boolean;
  /** kind notEarned: why, and the tier that would open the restaurant (tierLacksAccess). */
  reason: NotEarnedReason | null;
  unlockTier: number | null;
  /** The reservation bonus a dine then adds by honouring the booking (once the member activates, when deferred); null when it would add none. */
  bonus: number | null;
  /**
   * The restaurant's reward window that holds this time (kind earns or signIn), 'HH:mm' local;
   * `until` null when it runs to the end of the day. The engine judges the time the card is paid,
   * so a meal earns if it is paid before `until`.
   */
  window: { from: string; until: string | null } | null;
  /** `window.until` where it falls within PAY_BY_NOTICE_MINUTES of this time: the slot's mark names it. */
  payBy: string | null;
  /** kind notEarned for outsideBenefitHours on a weekday (0 Sunday … 6) without any reward hours. */
  noRewardsOn: number | null;
  /** The partner's reservation bonus, whether or not this time earns it (so a warning can say it is lost). */
  reservationBonus: number | null;
};

/** The partner's reservation bonus per honoured booking, or null where it pays none. */
export function reservationBonusOf(terms: ReservationBonusTerms): number | null {
  return terms.hasReservationBonus && terms.programmeAmount !== null && terms.programmeAmount > 0 ? terms.programmeAmount : null;
}

/**
 * The promise of a booking at a restaurant-local time (issue 24): the visit's outlook
 * (visitOutlook), plus the reservation bonus the engine awards when a dine honours a booked
 * reservation the same local day (card-network/engine.ts writeReservationBonuses) — which it does
 * only for an Awarded dine: one that earns and is not held back until activation (Deferred). A
 * visitor is promised the restaurant's outcome only, so no bonus.
 */
export function bookingOutlook(opts: Parameters<typeof visitOutlook>[0] & { bonus: ReservationBonusTerms }): BookingOutlook {
  const o = visitOutlook(opts);
  const reservationBonus = reservationBonusOf(opts.bonus);
  const none = { tier: null, rate: null, deferred: false, reason: null, unlockTier: null, bonus: null, reservationBonus, window: null, payBy: null, noRewardsOn: null };
  if (o.kind === 'notEarned') {
    const windows = opts.restaurant?.benefitHours[opts.local.weekday] ?? [];
    const noRewardsOn = o.reason === 'outsideBenefitHours' && windows.length === 0 ? opts.local.weekday : null;
    return { ...none, kind: o.kind, reason: o.reason, unlockTier: o.unlockTier, noRewardsOn };
  }
  const w = opts.restaurant ? windowAt(opts.restaurant.benefitHours[opts.local.weekday] ?? [], opts.local.minutes) : null;
  const window = w && { from: hhmm(w.start), until: w.end >= DAY_MINUTES ? null : hhmm(w.end) };
  const payBy = w && w.end < DAY_MINUTES && w.end - opts.local.minutes <= PAY_BY_NOTICE_MINUTES ? hhmm(w.end) : null;
  if (o.kind === 'signIn') return { ...none, kind: o.kind, window, payBy };
  // The engine adds the bonus to an Awarded dine; a Deferred one is awarded when the member activates, bonus and all.
  return { ...none, kind: o.kind, tier: o.tier, rate: o.rate, deferred: o.deferred, bonus: reservationBonus, window, payBy };
}

const DAY_MINUTES = 1440;
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The reward window of a weekday holding a local minute; overlapping or touching windows count as one. */
function windowAt(windows: readonly BenefitWindow[], minutes: number): BenefitWindow | null {
  const hit = windows.find((w) => minutes >= w.start && minutes < w.end);
  if (!hit) return null;
  let { start, end } = hit;
  for (let grown = true; grown;) {
    grown = false;
    for (const w of windows) {
      if (w.start <= end && w.end > end) { end = w.end; grown = true; }
      if (w.end >= start && w.start < start) { start = w.start; grown = true; }
    }
  }
  return { start, end: Math.min(end, DAY_MINUTES) };
}

// ---------------------------------------------------------------------------------------------
// Words: rates and the basis

/**
 * The partner's currency as a member reads it about their own rewards: "cash back", "fuel
 * credits", "miles" (the plural copy token, never a fixed word), and `capital` at the start of a
 * heading or sentence ("Cash back", "Fuel credits"). Every panel, tooltip and mail that names the
 * currency uses this, so a credit partner's page never says "cash back".
 */
export function currencyWords(currency: Pick<Currency, 'plural'>, opts: { capital?: boolean } = {}): string {
  const words = currency.plural.trim() || 'rewards';
  return opts.capital ? words.charAt(0).toUpperCase() + words.slice(1) : words;
}

/** A bonus in the partner's unit: "50 bonus miles", "100 bonus points", "$2.00 bonus" (cents on Dollar and Credit partners). */
export function bonusText(amount: number, currency: Currency): string {
  if (currency.type === 'Dollar' || currency.type === 'Credit') {
    const cents = Math.max(0, Math.trunc(amount));
    return `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')} bonus`;
  }
  const n = Math.trunc(amount);
  return `${n.toLocaleString('en-US')} bonus ${n === 1 ? currency.singular : currency.plural}`;
}

/**
 * A booking time's mark in a few words (the widget's slot): "Earns 3 miles per $1 + 50 bonus
 * miles", "Earns 1 mile per $1 once you activate", "No rewards at this time", and for a visitor
 * "Rewards at this time".
 */
export function bookingMarkText(o: BookingOutlook, currency: Currency): string {
  const payBy = o.payBy === null ? '' : ` if paid by ${clockTime(o.payBy)}`;
  switch (o.kind) {
    case 'signIn': return o.payBy === null ? 'Rewards at this time' : `Rewards if paid by ${clockTime(o.payBy)}`;
    case 'notEarned': return outlookReasonText(o.reason ?? 'notParticipating', o);
    case 'earns': {
      const earns = `Earns ${rateText(o.rate ?? 0, currency)}${o.bonus === null ? '' : ` + ${bonusText(o.bonus, currency)}`}${payBy}`;
      return o.deferred ? `${earns}${payBy ? ',' : ''} once you activate` : earns;
    }
  }
}

/**
 * The plain sentence of the hold step and the confirmation: what a dine at the booked time earns
 * with the bonus, or the warning that it earns nothing (and no reservation bonus) and why.
 */
export function bookingNoticeText(o: BookingOutlook, currency: Currency): string {
  switch (o.kind) {
    case 'signIn': return 'Sign in to see what a dine at this time earns.';
    case 'notEarned': {
      const lost = o.reservationBonus === null ? '' : ' and no reservation bonus';
      return `A dine at this time earns no ${currency.plural}${lost}. Why: ${outlookReasonText(o.reason ?? 'notParticipating', o)}.`;
    }
    case 'earns': {
      const bonus = o.bonus === null ? '' : `, plus ${bonusText(o.bonus, currency)} as a reservation bonus`;
      // The engine judges the time the card is paid: where the reward hours end that day, say by when.
      const until = o.window?.until ?? null;
      const payBy = until === null ? '' : `, if you pay by ${clockTime(until)} (rewards here end at ${clockTime(until)} and go by the time you pay)`;
      const deferred = o.deferred ? `, paid once you activate your account` : '';
      return `A dine at this time earns ${rateText(o.rate ?? 0, currency)}${bonus}${payBy}${deferred}.`;
    }
  }
}

/**
 * The copy tokens of the rates (§3 current earning 0–3, proper earning 0–3), made from the rates the
 * engine pays, so the words never drift from the figures. Tier 3 reads as tier 2 without VIP.
 */
export function earningTokens(settings: Pick<EarningSettings, 'earnRates' | 'hasVIP'>, currency: Currency) {
  const rate = (t: TierLevel) => settings.earnRates[Math.min(t, topTier(settings))]!;
  const tiers = [0, 1, 2, 3] as const;
  const current = tiers.map((t) => rateText(rate(t), currency));
  const proper = tiers.map((t) => rateText(rate(t), currency, true));
  return {
    currentEarning0: current[0]!, currentEarning1: current[1]!, currentEarning2: current[2]!, currentEarning3: current[3]!,
    properEarning0: proper[0]!, properEarning1: proper[1]!, properEarning2: proper[2]!, properEarning3: proper[3]!,
  };
}

/**
 * Whether copy may hold VIP out to the reader (the discover greeting's VIP variant): the partner has
 * VIP, dining can take this member there (vipReachableByDining: not Basic, not awaiting
 * activation) and they are not VIP already. A visitor joins at JOINING_TIER.
 */
export function vipWithinReach(settings: VipSettings, member: EarningMember | null): boolean {
  if (!member) return vipReachableByDining(settings, JOINING_TIER);
  return vipReachableByDining(settings, member.tier) && effectiveTier(settings, member) < TIER_LEVELS.VIP;
}

/** The earn basis in the programme's terms (footer, earn pages): the copy token {{earnBasis}}. */
export function earnBasisText(basis: EarnBasis): string {
  // basisCents: before tip is the cleared amount less the tip the network reports, else less what the
  // clearing added to the authorisation; with neither, nothing tells the tip apart and the whole amount earns.
  return basis === 'preTip'
    ? 'the amount of the bill before tip (tax included), or on the whole amount where the card network reports no separate tip; online orders through this site earn on their subtotal'
    : 'the whole bill, tax and tip included; online orders through this site earn on their subtotal';
}

// ---------------------------------------------------------------------------------------------
// The earn line of a tile and a restaurant page

export type EarnLine = {
  /** What the line says: the rate ("3 miles per $1"), why a visit now would not earn, or 'Sign in to see offers'. */
  text: string;
  earns: boolean;
  reason: NotEarnedReason | null;
  /** The popup of 'Unlock access to earn' (§2): the tier ('2' or '3') that opens the restaurant. */
  unlockTier: '2' | '3' | null;
  /** A visitor without a tier: the line asks them to sign in. */
  signIn: boolean;
};

/**
 * The popup 'Unlock access to earn' offers: only a next step that really opens the restaurant.
 * Opting in to e-mail ('2') makes a member Select, so it is offered below Select only where Select
 * opens the restaurant; VIP ('3') only where dining can make this member VIP (the partner has VIP
 * and the member is Select). A VIP-only restaurant for a member below Select gets no button: its
 * line says it is open to VIP members (outlookReasonText).
 */
function unlockStep(settings: EarningSettings, member: EarningMember | null, need: TierLevel | null): '2' | '3' | null {
  if (need === null || !member) return null;
  const tier = effectiveTier(settings, member);
  if (need <= TIER_LEVELS.OptedIn) return tier < TIER_LEVELS.OptedIn ? '2' : null;
  return vipReachableByDining(settings, tier) ? '3' : null;
}

/**
 * §2 the earn line of a merchant tile and of the restaurant page: what a dine there now would earn
 * for this member (the policy's visitOutlook at the restaurant's local time), in words. A visitor
 * without a tier reads 'Sign in to see offers' where members can sign in (nothing on a partner
 * without members), unless the restaurant earns nothing now for anyone. Null where the partner
 * shows no earn rates.
 */
export function earnLineOf(opts: {
  settings: EarningSettings; showEarnRate: boolean; visitorsCanSignIn: boolean; currency: Currency;
  member: EarningMember | null; restaurant: RestaurantTerms | null; local: LocalParts; visitsThisMonth?: number | null;
}): EarnLine | null {
  if (!opts.showEarnRate) return null;
  const o = visitOutlook(opts);
  switch (o.kind) {
    case 'signIn':
      return opts.visitorsCanSignIn ? { text: ANONYMOUS_EARN_TEXT, earns: false, reason: null, unlockTier: null, signIn: true } : null;
    case 'earns':
      return { text: `${rateText(o.rate, opts.currency)}${o.deferred ? ' once you activate' : ''}`, earns: true, reason: null, unlockTier: null, signIn: false };
    case 'notEarned':
      return { text: outlookReasonText(o.reason, { unlockTier: o.unlockTier }), earns: false, reason: o.reason, signIn: false, unlockTier: unlockStep(opts.settings, opts.member, o.unlockTier) };
  }
}
