import { MATCH_MAX_RATIO, MATCH_WINDOW_DAYS, type NotEarnedReason, type RewardStatus } from '#shared/constants/rewards';
import type { CardNetworkEvent } from '#shared/schemas/rewards';
import { localParts, type LocalParts } from '#shared/rules/rewards/local-time';
import { basisCents, DEFAULT_SETTINGS, evaluateDine, rewardFor, type DineOutcome, type EarningSettings, type RestaurantTerms } from '#shared/rules/rewards/policy';
import { bonusSurvivesRefund, dineEarnsBonus, type BonusProgramme, type BonusStatus } from '#shared/rules/bonuses';

/**
 * The engine's decisions, in memory and without I/O (docs/rewards-engine.md §3): what one
 * card-network event does to the dines, rewards and progress it touches. engine.ts loads a
 * chunk's world from the database, runs every event of the chunk through `applyEvent` in inbox
 * order and writes back what changed. Keeping this pure lets the unit tests walk every decision
 * and the property test compare the whole engine to a reference model.
 */

const DAY_MS = 86_400_000;
/** A refund without the purchase's transaction id matches a cleared purchase of the same card and restaurant up to this many days before it. */
export const REFUND_MATCH_DAYS = 90;
/**
 * A refund that arrives before its purchase waits (parked, nothing debited) until this many days
 * after its own date: the same bound as matching looks back, so a purchase that could still be
 * matched to the refund is still waited for; past it, the purchase is not coming (the feed lost
 * it, or the card was not linked) and the sweep sends the refund to review with the reason.
 */
export const PARKED_REFUND_DAYS = REFUND_MATCH_DAYS;

/** What happened to one inbox row. */
export const OUTCOMES = ['applied', 'duplicate', 'unknownCard', 'unknownLocation', 'parked', 'review', 'invalid', 'failed'] as const;
export type Outcome = (typeof OUTCOMES)[number];
export type EventResult = { outcome: Outcome; note?: string };

export type CardInfo = { id: number; memberId: number; partnerId: number; lastFour: string; linkedAt: Date };
export type MemberInfo = {
  id: number; partnerId: number; tierLevel: number; closedAt: Date | null;
  /** For bonuses (window after joining, the source the member joined through); absent: no bonus. */
  joinDate?: Date; enrollmentSource?: string;
};
export type PartnerInfo = {
  id: number;
  /** What the earning policy reads (rates, VIP switch, earn basis, acclaimed v2). */
  settings: EarningSettings;
  /** §1 switches the engine reads: the reservation bonus and flex offers (absent: off). */
  hasReservationBonus?: boolean; hasFlexOffers?: boolean;
};
export type LocationInfo = { locationId: string; merchantId: number };

/** A dine as the engine keeps it while a chunk is applied (the `dines` row and its S reward). */
export type Dine = {
  /** Undefined until written (a dine created in this chunk). */
  id?: number;
  partnerId: number;
  memberId: number;
  cardId: number | null;
  cardLastFour: string;
  merchantId: number;
  locationId: string;
  transactionId: string;
  /** The other transaction id, when authorisation and clearing came with different ones. */
  aliasTransactionId: string | null;
  authCode: string | null;
  authAmountCents: number | null;
  clearedAmountCents: number | null;
  refundedCents: number;
  /** The tip the network reported with the clearing (preTip partners earn without it). */
  tipCents: number | null;
  onlineOrder: boolean;
  subtotalCents: number | null;
  localDate: string;
  localMinutes: number;
  occurredAt: Date;
  authorisedAt: Date | null;
  clearedAt: Date | null;
  status: RewardStatus;
  reason: NotEarnedReason | null;
  qualified: boolean;
  tierAtDine: number | null;
  rate: number | null;
  reward: number;
  /** The status of its S reward row ('Paid' once the payout job paid it). */
  rewardStatus: RewardStatus;
  /** Written back at the end of the chunk. */
  changed: boolean;
};

/** A negative `A` adjustment: a refund of a purchase whose reward was already paid out. */
export type Adjustment = { dine: Dine; amount: number };

/**
 * A network refund applied to a purchase (`dine_refunds`): loaded (the chunk's refund transaction
 * ids already applied; `dine` unknown) or applied in this chunk (`fresh`, written after the dines).
 */
export type AppliedRefund = { partnerId: number; memberId: number; refundTransactionId: string; amountCents: number; eventId: string; dine: Dine | null; fresh: boolean };

/** A refund waiting for its purchase (`parked_refunds`): loaded open (`id`), or parked in this chunk. */
export type ParkedRefund = {
  id?: number;
  partnerId: number; memberId: number; cardId: number | null; merchantId: number; locationId: string;
  refundTransactionId: string; originalTransactionId: string | null; amountCents: number;
  localDate: string; occurredAt: Date; eventId: string; receivedAt: Date;
  /** Set when a purchase took it in this chunk: the dine, and what its inbox row says now. */
  resolved?: { dine: Dine } & EventResult;
};

/** A member's stage of a bonus as loaded, and whether this chunk changed it. */
export type BonusEnrolment = { partnerId: number; memberId: number; bonusId: number; status: BonusStatus; enrolledAt: Date | null; qualifiedAt: Date | null; changed: boolean };

/**
 * A bonus awarded and not taken back: loaded (with its B reward's id and status), or made in this
 * chunk (`rewardId` undefined until written). At most one per member and bonus.
 */
export type BonusAward = {
  partnerId: number; memberId: number; bonusId: number; amount: number; description: string;
  /** The qualifying dine, when it is in this chunk's world; else its id. */
  dine: Dine | null; dineId: number | null;
  id?: number; rewardId?: number; rewardStatus?: string;
};

/** A flex offer a dine redeemed (its B reward and that reward's status). */
export type FlexRedemption = { offerId: number; rewardId: number; rewardStatus: string; partnerId: number; memberId: number; amount: number; dine: Dine };

/** Qualified dines and rewards of one member and calendar year, as loaded plus what this chunk added. */
export type Progress = { memberId: number; partnerId: number; year: number; qualifiedDines: number; rewards: number; deltaDines: number; deltaRewards: number };

export type World = {
  cardsByToken: Map<string, CardInfo>;
  cardsById: Map<number, CardInfo>;
  members: Map<number, MemberInfo>;
  partners: Map<number, PartnerInfo>;
  locations: Map<string, LocationInfo>;
  /** Qualification data of the restaurants of the chunk's events and of the dines they touch. */
  merchants: Map<number, RestaurantTerms>;
  dinesByTransaction: Map<string, Dine>;
  /** Every known dine of a card (loaded candidates and dines created in this chunk), for matching. */
  dinesByCard: Map<number, Dine[]>;
  /** `${memberId}:${year}` */
  progress: Map<string, Progress>;
  /** Qualified visits `${memberId}:${merchantId}:${YYYY-MM}` (restaurants with a monthly limit). */
  monthlyVisits: Map<string, number>;
  adjustments: Adjustment[];
  /** Each partner's new-member and injected bonus programmes. */
  bonusProgrammes: Map<number, BonusProgramme[]>;
  /** `${memberId}:${bonusId}` */
  bonusEnrolments: Map<string, BonusEnrolment>;
  /** Live awards, `${memberId}:${bonusId}`. */
  bonusAwards: Map<string, BonusAward>;
  /** Awards made in this chunk (written after the dines). */
  newAwards: BonusAward[];
  /** Loaded awards a refund took back in this chunk. */
  revokedAwards: BonusAward[];
  /**
   * Live awards tied to one dine rather than once per member (reservation bonuses, loaded for the
   * chunk's members): a refund that un-qualifies their dine takes them back.
   */
  dineAwards: BonusAward[];
  /** Flex offers redeemed by the chunk's dines (loaded), and those a refund took back in this chunk. */
  flexRedemptions: FlexRedemption[];
  revokedFlex: FlexRedemption[];
  /** Dines this chunk made Awarded (cleared and qualified), in order: the reservation bonus and flex offers look at them once written. */
  awardedDines: Dine[];
  /** Network refunds applied, `${partnerId}:${refundTransactionId}`: loaded for the chunk's refund events, and those applied in it. */
  refunds: Map<string, AppliedRefund>;
  /** Parked refunds by member, in arrival order: loaded open (the chunk's members') and parked in this chunk; `resolved` once a purchase took one. */
  parked: Map<number, ParkedRefund[]>;
  /** The open ones by `${partnerId}:${refundTransactionId}` (a resend of one is a duplicate). */
  parkedByKey: Map<string, ParkedRefund>;
};

export function emptyWorld(): World {
  return {
    cardsByToken: new Map(), cardsById: new Map(), members: new Map(), partners: new Map(), locations: new Map(), merchants: new Map(), dinesByTransaction: new Map(),
    dinesByCard: new Map(), progress: new Map(), monthlyVisits: new Map(), adjustments: [],
    bonusProgrammes: new Map(), bonusEnrolments: new Map(), bonusAwards: new Map(), newAwards: [], revokedAwards: [], dineAwards: [], awardedDines: [], flexRedemptions: [], revokedFlex: [],
    refunds: new Map(), parked: new Map(), parkedByKey: new Map(),
  };
}

export const progressKey = (memberId: number, year: number) => `${memberId}:${year}`;
export const visitKey = (memberId: number, merchantId: number, month: string) => `${memberId}:${merchantId}:${month}`;
export const bonusKey = (memberId: number, bonusId: number) => `${memberId}:${bonusId}`;
/** A network refund is one per partner and refund transaction id. */
export const refundKey = (partnerId: number, refundTransactionId: string) => `${partnerId}:${refundTransactionId}`;

function progressOf(world: World, memberId: number, partnerId: number, year: number): Progress {
  const key = progressKey(memberId, year);
  let p = world.progress.get(key);
  if (!p) {
    p = { memberId, partnerId, year, qualifiedDines: 0, rewards: 0, deltaDines: 0, deltaRewards: 0 };
    world.progress.set(key, p);
  }
  return p;
}

function addProgress(world: World, dine: Dine, dines: number, rewards: number) {
  if (dines === 0 && rewards === 0) return;
  const p = progressOf(world, dine.memberId, dine.partnerId, Number(dine.localDate.slice(0, 4)));
  p.qualifiedDines += dines;
  p.deltaDines += dines;
  p.rewards += rewards;
  p.deltaRewards += rewards;
}

/**
 * A bonus made or taken back after the events ran (the reservation bonus and flex offers, decided
 * once the chunk's dines are written): the year's rewards of the dine's local year move with it.
 */
export function addBonusProgress(world: World, dine: Pick<Dine, 'memberId' | 'partnerId' | 'localDate'>, amount: number) {
  const p = progressOf(world, dine.memberId, dine.partnerId, Number(dine.localDate.slice(0, 4)));
  p.rewards += amount;
  p.deltaRewards += amount;
}

function addVisit(world: World, dine: Dine, by: number) {
  const key = visitKey(dine.memberId, dine.merchantId, dine.localDate.slice(0, 7));
  world.monthlyVisits.set(key, (world.monthlyVisits.get(key) ?? 0) + by);
}

/** The purchase's amounts as the earning policy reads them; `amountCents` stands for the cleared amount (the authorised one while only authorised). */
export function billOf(dine: Pick<Dine, 'authAmountCents' | 'clearedAmountCents' | 'tipCents' | 'onlineOrder' | 'subtotalCents' | 'refundedCents'>) {
  return {
    clearedCents: dine.clearedAmountCents, authCents: dine.authAmountCents, tipCents: dine.tipCents,
    online: dine.onlineOrder, subtotalCents: dine.subtotalCents, refundedCents: dine.refundedCents,
  };
}

/** The reward basis of what is left of a purchase after refunds (the policy's basisCents, at the partner's earn basis). */
export function basisAfterRefunds(world: World, dine: Dine): number {
  return basisCents(billOf(dine), settingsOf(world, dine.partnerId).earnBasis);
}

const settingsOf = (world: World, partnerId: number): EarningSettings => world.partners.get(partnerId)?.settings ?? DEFAULT_SETTINGS;

/** What the dine earns now (rules/rewards/policy.ts evaluateDine), with the member's qualified dines of the dine's local year before it. */
function earningOf(world: World, dine: Dine, local: LocalParts): DineOutcome {
  const member = world.members.get(dine.memberId);
  const terms = world.merchants.get(dine.merchantId) ?? null;
  const card = dine.cardId === null ? undefined : world.cardsById.get(dine.cardId);
  const year = local.year;
  return evaluateDine({
    settings: settingsOf(world, dine.partnerId),
    member: {
      tier: member?.tierLevel ?? 2,
      dinesThisYear: world.progress.get(progressKey(dine.memberId, year))?.qualifiedDines ?? 0,
      dinesLastYear: world.progress.get(progressKey(dine.memberId, year - 1))?.qualifiedDines ?? 0,
    },
    restaurant: terms,
    local,
    cardLinkedAt: card?.linkedAt ?? new Date(0),
    accountClosedAt: member?.closedAt ?? null,
    visitsThisMonth: terms?.monthlyVisitLimit == null ? 0 : world.monthlyVisits.get(visitKey(dine.memberId, dine.merchantId, local.month)) ?? 0,
    bill: billOf(dine),
  });
}

function setStatus(dine: Dine, status: RewardStatus, reason: NotEarnedReason | null) {
  dine.status = status;
  dine.reason = reason;
  if (dine.rewardStatus !== 'Paid') dine.rewardStatus = status;
}

/** The merchant-local parts of a dine as stored (benefit days, hours, months and years are local). */
export function dineLocal(dine: Pick<Dine, 'localDate' | 'localMinutes' | 'occurredAt'>): LocalParts {
  const [y, m, d] = dine.localDate.split('-').map(Number) as [number, number, number];
  return {
    date: dine.localDate, minutes: dine.localMinutes, weekday: new Date(Date.UTC(y, m - 1, d)).getUTCDay(),
    month: dine.localDate.slice(0, 7), year: y, instant: dine.occurredAt,
  };
}

/** A purchase only authorised: Pending, with the reward it would earn on the authorised amount (a provisional figure). */
function estimatePending(world: World, dine: Dine) {
  const local = dineLocal(dine);
  const auth = dine.authAmountCents ?? 0;
  if (dine.refundedCents >= auth) {
    dine.reward = 0;
    setStatus(dine, 'Forfeit', 'refunded');
    return;
  }
  const e = earningOf(world, dine, local);
  dine.tierAtDine = e.tier;
  dine.rate = e.rate;
  dine.reward = e.earns ? e.amount ?? 0 : 0;
  setStatus(dine, 'Pending', null);
}

/** A cleared purchase: qualified (Awarded, or Deferred for a member not activated yet) or Forfeit with its reason. */
function settle(world: World, dine: Dine) {
  const local = dineLocal(dine);
  const cleared = dine.clearedAmountCents ?? 0;
  const e = earningOf(world, dine, local);
  dine.tierAtDine = e.tier;
  dine.rate = e.rate;
  if (!e.earns) {
    dine.reward = 0;
    setStatus(dine, 'Forfeit', e.reason);
    return;
  }
  if (cleared - dine.refundedCents <= 0) {
    dine.reward = 0;
    setStatus(dine, 'Forfeit', 'refunded');
    return;
  }
  dine.reward = e.amount ?? 0;
  dine.qualified = true;
  setStatus(dine, e.deferred ? 'Deferred' : 'Awarded', null);
  addProgress(world, dine, 1, dine.reward);
  addVisit(world, dine, 1);
  if (dine.status === 'Awarded') {
    awardBonuses(world, dine);
    world.awardedDines.push(dine);
  }
}

/**
 * Bonuses a dine earns as it is awarded (docs/rewards-engine.md §6): each new-member or injected
 * programme of the partner whose rules it meets (src/shared/rules/bonuses.ts), unless the member
 * has that bonus already. A Deferred dine (member not activated) earns none.
 */
function awardBonuses(world: World, dine: Dine) {
  const member = world.members.get(dine.memberId);
  if (!member?.joinDate) return;
  const who = { joinDate: member.joinDate, enrollmentSource: member.enrollmentSource ?? '' };
  const basis = basisAfterRefunds(world, dine);
  for (const programme of world.bonusProgrammes.get(dine.partnerId) ?? []) {
    const key = bonusKey(dine.memberId, programme.id);
    if (world.bonusAwards.has(key)) continue;
    const enrolment = world.bonusEnrolments.get(key);
    const registered = enrolment && enrolment.status !== 'Eligible' ? enrolment.enrolledAt ?? enrolment.qualifiedAt : null;
    if (!dineEarnsBonus({ programme, member: who, enrolledAt: registered ?? null, dine: { occurredAt: dine.occurredAt, basisCents: basis } })) continue;
    const award: BonusAward = { partnerId: dine.partnerId, memberId: dine.memberId, bonusId: programme.id, amount: programme.amount, description: programme.description, dine, dineId: dine.id ?? null };
    world.bonusAwards.set(key, award);
    world.newAwards.push(award);
    world.bonusEnrolments.set(key, {
      partnerId: dine.partnerId, memberId: dine.memberId, bonusId: programme.id, status: 'Qualified',
      enrolledAt: enrolment?.enrolledAt ?? null, qualifiedAt: dine.clearedAt ?? dine.occurredAt, changed: true,
    });
    addProgress(world, dine, 0, programme.amount);
  }
}

/**
 * A Deferred dine the sweep has made Awarded (its member activated in time): it earns now what it
 * would have earned had it been awarded as it cleared — the partner's bonuses, and (once written)
 * the reservation bonus and flex offers, which look at `awardedDines`.
 */
export function awardDeferredDine(world: World, dine: Dine) {
  if (dine.status !== 'Awarded' || !dine.qualified) return;
  awardBonuses(world, dine);
  world.awardedDines.push(dine);
}

/**
 * A refund that leaves a bonus's qualifying dine below the bonus's minimum spend (or refunds it
 * whole) takes the bonus back: the member is Enrolled again (a later qualifying dine in the window
 * earns it anew) and the year's rewards drop by it. An award made in this chunk is simply not
 * written; a loaded one is revoked when the chunk is written (bonuses.repo revokeAwards: Forfeit if
 * not paid yet, else a J adjustment).
 */
function takeBackBonuses(world: World, dine: Dine) {
  const left = dine.qualified && dine.clearedAmountCents !== null ? basisAfterRefunds(world, dine) : 0;
  for (const [key, award] of world.bonusAwards) {
    const mine = award.dine === dine || (award.dineId !== null && award.dineId === dine.id);
    if (!mine) continue;
    // Stryker disable next-line ArrayDeclaration: equivalent: a string in place of the empty list has no id, so find() answers undefined either way.
    const programme = (world.bonusProgrammes.get(award.partnerId) ?? []).find((p) => p.id === award.bonusId);
    if (programme && bonusSurvivesRefund(programme, left)) continue;
    world.bonusAwards.delete(key);
    const at = world.newAwards.indexOf(award);
    if (at >= 0) world.newAwards.splice(at, 1);
    else world.revokedAwards.push(award);
    const enrolment = world.bonusEnrolments.get(key);
    world.bonusEnrolments.set(key, {
      partnerId: award.partnerId, memberId: award.memberId, bonusId: award.bonusId, status: 'Enrolled',
      enrolledAt: enrolment?.enrolledAt ?? null, qualifiedAt: null, changed: true,
    });
    addProgress(world, dine, 0, -award.amount);
  }
}

/**
 * A refund that un-qualifies a dine (refunds it whole) takes back the awards tied to that dine
 * (the reservation bonus: its minimum spend is 0, so any purchase left keeps it whole), by the same
 * rule as the other bonuses (`bonusSurvivesRefund`): revoked when the chunk is written (Forfeit if
 * not paid yet, else a J adjustment) and the year's rewards drop by it.
 */
function takeBackDineAwards(world: World, dine: Dine) {
  const left = dine.qualified && dine.clearedAmountCents !== null ? basisAfterRefunds(world, dine) : 0;
  if (bonusSurvivesRefund({ minSpendCents: 0 }, left)) return;
  world.dineAwards = world.dineAwards.filter((award) => {
    const mine = award.dine === dine || (award.dineId !== null && award.dineId === dine.id);
    if (!mine) return true;
    world.revokedAwards.push(award);
    addProgress(world, dine, 0, -award.amount);
    return false;
  });
  // Flex offers: the same rule; the offer opens again for a later dine within its dates.
  world.flexRedemptions = world.flexRedemptions.filter((f) => {
    if (f.dine !== dine) return true;
    world.revokedFlex.push(f);
    addProgress(world, dine, 0, -f.amount);
    return false;
  });
}

function remember(world: World, dine: Dine) {
  world.dinesByTransaction.set(dine.transactionId, dine);
  if (dine.aliasTransactionId !== null) world.dinesByTransaction.set(dine.aliasTransactionId, dine);
  if (dine.cardId !== null) {
    const list = world.dinesByCard.get(dine.cardId) ?? [];
    if (!list.includes(dine)) list.push(dine);
    world.dinesByCard.set(dine.cardId, list);
  }
}

function newDine(event: CardNetworkEvent, card: CardInfo, location: LocationInfo, local: LocalParts): Dine {
  return {
    partnerId: card.partnerId, memberId: card.memberId, cardId: card.id, cardLastFour: card.lastFour,
    merchantId: location.merchantId, locationId: location.locationId, transactionId: event.transactionId, aliasTransactionId: null,
    authCode: event.authCode ?? null, authAmountCents: null, clearedAmountCents: null, refundedCents: 0, tipCents: null,
    onlineOrder: event.onlineOrder, subtotalCents: event.subtotalCents ?? null,
    localDate: local.date, localMinutes: local.minutes, occurredAt: local.instant, authorisedAt: null, clearedAt: null,
    // Stryker disable next-line StringLiteral: equivalent: every new dine is estimated (authorisation) or settled (clearing) before its event returns, which sets both statuses.
    status: 'Pending', reason: null, qualified: false, tierAtDine: null, rate: null, reward: 0, rewardStatus: 'Pending',
    changed: true,
  };
}

const withinDays = (a: Date, b: Date, days: number) => Math.abs(a.getTime() - b.getTime()) <= days * DAY_MS;

/**
 * The other half of a purchase whose events carry different transaction ids: the same card at
 * the same restaurant (any of its network locations: MIDs differ between authorisation and
 * clearing) within MATCH_WINDOW_DAYS, the cleared amount between the authorised amount and
 * MATCH_MAX_RATIO times it (the tip). The closest in time wins; then the closest amount.
 */
function matchHalf(world: World, opts: { card: CardInfo; merchantId: number; at: Date; amountCents: number; want: 'auth' | 'clearing' }): Dine | undefined {
  const fits = (d: Dine) => {
    if (d.merchantId !== opts.merchantId || !withinDays(d.occurredAt, opts.at, MATCH_WINDOW_DAYS)) return false;
    if (opts.want === 'auth') {
      // A clearing looks for an authorisation not cleared yet.
      return d.authAmountCents !== null && d.clearedAmountCents === null && d.authAmountCents <= opts.amountCents && opts.amountCents <= d.authAmountCents * MATCH_MAX_RATIO;
    }
    // An authorisation that arrives after its clearing looks for a cleared purchase without one.
    return d.clearedAmountCents !== null && d.authAmountCents === null && opts.amountCents <= d.clearedAmountCents && d.clearedAmountCents <= opts.amountCents * MATCH_MAX_RATIO;
  };
  // Stryker disable next-line ArrayDeclaration: equivalent: a string in place of the empty list has no merchantId, so fits() drops it.
  const candidates = (world.dinesByCard.get(opts.card.id) ?? []).filter(fits);
  const other = (d: Dine) => (opts.want === 'auth' ? d.authAmountCents! : d.clearedAmountCents!);
  candidates.sort((a, b) => Math.abs(a.occurredAt.getTime() - opts.at.getTime()) - Math.abs(b.occurredAt.getTime() - opts.at.getTime())
    || Math.abs(other(a) - opts.amountCents) - Math.abs(other(b) - opts.amountCents));
  return candidates[0];
}

/** A refund as matching sees it: on this card, at this restaurant, at this instant, of this many cents. */
type RefundAsked = { cardId: number | null; merchantId: number; at: Date; amountCents: number };

/**
 * Whether a purchase is the one a refund without an original transaction id takes back: a cleared
 * purchase of the same card at the same restaurant within REFUND_MATCH_DAYS before the refund (a
 * day after it at most: dates are local), of exactly the refunded amount (or of what is left of
 * it); or an authorisation not cleared yet of exactly that amount within MATCH_WINDOW_DAYS (a void).
 */
function refundFits(d: Dine, r: RefundAsked): boolean {
  if (r.cardId === null || d.cardId !== r.cardId) return false;
  if (d.merchantId !== r.merchantId || d.occurredAt.getTime() > r.at.getTime() + DAY_MS) return false;
  if (d.clearedAmountCents !== null) {
    const left = d.clearedAmountCents - d.refundedCents;
    return left > 0 && withinDays(d.occurredAt, r.at, REFUND_MATCH_DAYS) && (r.amountCents === d.clearedAmountCents || r.amountCents === left);
  }
  return d.authAmountCents !== null && d.authAmountCents - d.refundedCents === r.amountCents && withinDays(d.occurredAt, r.at, MATCH_WINDOW_DAYS);
}

/**
 * The purchase a refund without an original transaction id takes back (refundFits); of several,
 * the most recent. Anything less certain waits for its purchase (parked): a refund never debits a
 * guess.
 */
function matchRefund(world: World, r: RefundAsked): Dine | undefined {
  if (r.cardId === null) return undefined;
  // Stryker disable next-line ArrayDeclaration: equivalent: a string in place of the empty list has no cardId, so refundFits() drops it.
  return (world.dinesByCard.get(r.cardId) ?? []).filter((d) => refundFits(d, r)).sort((a, b) => b.occurredAt.getTime() - a.occurredAt.getTime())[0];
}

/** The matched other half keeps this event's transaction id too: refunds and repeats may name either. */
function joinHalf(world: World, event: CardNetworkEvent, dine: Dine | undefined): Dine | undefined {
  if (!dine) return undefined;
  if (dine.aliasTransactionId === null) {
    dine.aliasTransactionId = event.transactionId;
    dine.changed = true;
    world.dinesByTransaction.set(event.transactionId, dine);
  }
  return dine;
}

function applyAuth(world: World, event: CardNetworkEvent, card: CardInfo, location: LocationInfo, local: LocalParts, receivedAt: Date): EventResult {
  let dine = world.dinesByTransaction.get(event.transactionId);
  if (dine && dine.memberId !== card.memberId) return { outcome: 'review', note: 'The transaction id belongs to a purchase of another member.' };
  // Stryker disable next-line StringLiteral: equivalent: matchHalf tells only 'auth' apart, any other value looks for a clearing.
  dine ??= joinHalf(world, event, matchHalf(world, { card, merchantId: location.merchantId, at: local.instant, amountCents: event.amountCents, want: 'clearing' }));
  if (dine) {
    if (dine.authAmountCents !== null) return { outcome: 'duplicate', note: 'The purchase is already authorised.' };
    // The clearing came first: the authorisation adds its facts and changes no reward.
    dine.authAmountCents = event.amountCents;
    dine.authorisedAt = receivedAt;
    dine.authCode ??= event.authCode ?? null;
    dine.changed = true;
    // The policy reads the authorised amount too (preTip: the tip is what the clearing added to
    // it): the reward must not depend on which half came first.
    if (dine.qualified) reprice(world, dine);
    // A refund naming the authorisation's transaction id may have waited for it.
    return withTaken({ outcome: 'applied', note: 'Authorisation after its clearing.' }, takeParkedRefunds(world, dine, event));
  }
  const created = newDine(event, card, location, local);
  created.authAmountCents = event.amountCents;
  created.authorisedAt = receivedAt;
  estimatePending(world, created);
  remember(world, created);
  return withTaken({ outcome: 'applied' }, takeParkedRefunds(world, created, event));
}

function applyClearing(world: World, event: CardNetworkEvent, card: CardInfo, location: LocationInfo, local: LocalParts, receivedAt: Date): EventResult {
  let dine = world.dinesByTransaction.get(event.transactionId);
  if (dine && dine.memberId !== card.memberId) return { outcome: 'review', note: 'The transaction id belongs to a purchase of another member.' };
  dine ??= joinHalf(world, event, matchHalf(world, { card, merchantId: location.merchantId, at: local.instant, amountCents: event.amountCents, want: 'auth' }));
  if (!dine) {
    // No authorisation (Mastercard and Amex locations without real-time authorisations): the clearing makes the dine.
    dine = newDine(event, card, location, local);
    remember(world, dine);
  }
  if (dine.clearedAmountCents !== null) return { outcome: 'duplicate', note: 'The purchase is already cleared.' };
  dine.clearedAmountCents = event.amountCents;
  dine.clearedAt = receivedAt;
  // Refunds taken while it was only authorised counted whole (the clearing could add a tip); no more than the purchase can be refunded.
  dine.refundedCents = Math.min(dine.refundedCents, event.amountCents);
  if (event.onlineOrder) dine.onlineOrder = true;
  if (event.subtotalCents !== undefined) dine.subtotalCents = event.subtotalCents;
  if (event.tipCents !== undefined) dine.tipCents = event.tipCents;
  dine.changed = true;
  // Refunds that arrived first are taken before it settles: it earns (and counts) only what is left, never a bonus it would lose at once.
  const taken = takeParkedRefunds(world, dine, event);
  settle(world, dine);
  return withTaken({ outcome: 'applied' }, taken);
}

/**
 * Takes a network refund off a purchase and records it (`dine_refunds`, so a resend under another
 * event id is a duplicate). Not cleared yet: the whole refund counts against the provisional
 * reward (the clearing may add a tip; it caps the refunds at the cleared amount). Cleared: at most
 * what is left; the reward is recomputed pro rata by the earning policy; a reward already paid
 * keeps its row and an A adjustment takes the difference back; refunded in full, the dine no
 * longer qualifies and its bonuses go with it.
 */
function refundPurchase(world: World, dine: Dine, refund: { refundTransactionId: string; amountCents: number; eventId: string }): EventResult {
  world.refunds.set(refundKey(dine.partnerId, refund.refundTransactionId), {
    partnerId: dine.partnerId, memberId: dine.memberId, refundTransactionId: refund.refundTransactionId, amountCents: refund.amountCents, eventId: refund.eventId, dine, fresh: true,
  });
  const amount = refund.amountCents;
  if (dine.clearedAmountCents === null) {
    // Refund (or void) of a purchase not cleared yet: the provisional reward shrinks, or the purchase is forfeit.
    dine.refundedCents += amount;
    dine.changed = true;
    if (dine.status === 'Pending' || (dine.status === 'Forfeit' && dine.reason === 'refunded')) estimatePending(world, dine);
    return { outcome: 'applied' };
  }
  const left = dine.clearedAmountCents - dine.refundedCents;
  if (left <= 0) return { outcome: 'review', note: 'The purchase is already refunded in full; nothing was debited.' };
  const applied = Math.min(amount, left);
  dine.refundedCents += applied;
  dine.changed = true;
  const note = applied < amount ? `Refund larger than what was left of the purchase: ${applied} of ${amount} cents applied.` : undefined;
  // Cleared in this event and not settled yet (a refund that arrived first): settling reads what is left.
  if (!dine.qualified) return { outcome: 'applied', note };
  reprice(world, dine);
  return { outcome: 'applied', note };
}

/**
 * A settled, qualified dine earns again what the earning policy now says of it (after a refund, or
 * an authorisation that came after its clearing): pro rata at the rate it earned at. Refunded in
 * full, it no longer qualifies (progress, monthly visits). A reward already paid keeps its row and
 * an A adjustment takes the difference back; bonuses that no longer hold are taken back.
 */
function reprice(world: World, dine: Dine) {
  const before = dine.reward;
  const remaining = (dine.clearedAmountCents ?? 0) - dine.refundedCents;
  const after = remaining > 0 && dine.rate !== null ? rewardFor(basisAfterRefunds(world, dine), dine.rate) : 0;
  dine.reward = after;
  addProgress(world, dine, remaining > 0 ? 0 : -1, after - before);
  if (remaining <= 0) {
    dine.qualified = false;
    addVisit(world, dine, -1);
  }
  if (dine.rewardStatus === 'Paid') {
    // Already paid to the partner or as a statement credit: the take-back is an A adjustment that
    // offsets later earnings (nothing is clawed back from the card).
    if (after !== before) world.adjustments.push({ dine, amount: after - before });
    if (remaining <= 0) dine.reason = 'refunded';
  } else if (remaining <= 0) {
    setStatus(dine, 'Forfeit', 'refunded');
  }
  takeBackBonuses(world, dine);
  takeBackDineAwards(world, dine);
}

export const PARKED_EXPIRED_NOTE = `No purchase matched this refund within ${PARKED_REFUND_DAYS} days of its date; nothing was debited.`;

/**
 * A refund whose purchase is not known yet waits for it (feeds reorder: a refund may come before
 * the authorisation or the clearing it takes back). Nothing is debited now; the purchase's own
 * events take it (takeParkedRefunds) and the sweep ages it out PARKED_REFUND_DAYS after its date.
 */
function park(world: World, event: CardNetworkEvent, card: CardInfo, location: LocationInfo, local: LocalParts, receivedAt: Date): EventResult {
  // However old the refund, only the sweep ages it out: a purchase in the same feed may still come.
  const parked: ParkedRefund = {
    partnerId: card.partnerId, memberId: card.memberId, cardId: card.id, merchantId: location.merchantId, locationId: location.locationId,
    refundTransactionId: event.transactionId, originalTransactionId: event.originalTransactionId ?? null, amountCents: -event.amountCents,
    localDate: local.date, occurredAt: local.instant, eventId: event.id, receivedAt,
  };
  const list = world.parked.get(card.memberId) ?? [];
  list.push(parked);
  world.parked.set(card.memberId, list);
  world.parkedByKey.set(refundKey(parked.partnerId, parked.refundTransactionId), parked);
  const named = event.originalTransactionId === undefined ? 'No purchase matches this refund yet' : `Purchase ${event.originalTransactionId} is not known yet`;
  // The last day, in the restaurant's own dates (the sweep counts from the refund's instant: the same day there).
  const [y, m, d] = local.date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m - 1, d + PARKED_REFUND_DAYS)).toISOString().slice(0, 10);
  return { outcome: 'parked', note: `${named}: the refund waits for it until ${lastDay}; nothing was debited.` };
}

/**
 * Refunds that arrived before this purchase and waited for it: those naming either of its
 * transaction ids, and those naming none that fit it (refundFits), in the order they arrived, each
 * applied as if it came now. Answers how many it took.
 */
function takeParkedRefunds(world: World, dine: Dine, trigger: CardNetworkEvent): number {
  const waiting = world.parked.get(dine.memberId);
  if (!waiting) return 0;
  let taken = 0;
  for (const p of waiting) {
    if (p.resolved || p.partnerId !== dine.partnerId) continue;
    const fits = p.originalTransactionId !== null
      ? p.originalTransactionId === dine.transactionId || p.originalTransactionId === dine.aliasTransactionId
      : refundFits(dine, { cardId: p.cardId, merchantId: p.merchantId, at: p.occurredAt, amountCents: p.amountCents });
    if (!fits) continue;
    const result = refundPurchase(world, dine, p);
    const arrived = `Its purchase arrived (event ${trigger.id})`;
    p.resolved = { dine, outcome: result.outcome, note: result.outcome === 'applied' ? `Applied when its purchase arrived (event ${trigger.id}).${result.note ? ` ${result.note}` : ''}` : `${arrived}: ${result.note}` };
    world.parkedByKey.delete(refundKey(p.partnerId, p.refundTransactionId));
    taken += 1;
  }
  return taken;
}

const withTaken = (result: EventResult, taken: number): EventResult => (taken === 0 ? result : {
  ...result, note: `${result.note ? `${result.note} ` : ''}Took ${taken === 1 ? 'a refund' : `${taken} refunds`} that arrived before it.`,
});

/**
 * A refund is one network transaction, named by its own transactionId: applied once, however many
 * event ids carry it. It takes back the purchase it names (either of its transaction ids), else
 * the one its card, restaurant, amount and time fit; a purchase not known yet is waited for.
 */
function applyRefund(world: World, event: CardNetworkEvent, card: CardInfo, location: LocationInfo, local: LocalParts, receivedAt: Date): EventResult {
  const amount = -event.amountCents;
  const done = world.refunds.get(refundKey(card.partnerId, event.transactionId));
  if (done) {
    const differs = done.amountCents === amount ? '' : ` (as ${done.amountCents} cents; this copy says ${amount})`;
    return { outcome: 'duplicate', note: `Refund ${event.transactionId} was applied already${differs}; nothing was debited again.` };
  }
  const waiting = world.parkedByKey.get(refundKey(card.partnerId, event.transactionId));
  if (waiting) return { outcome: 'duplicate', note: `Refund ${event.transactionId} already waits for its purchase (event ${waiting.eventId}); nothing was debited.` };
  const named = event.originalTransactionId;
  // A refund naming its purchase waits for that purchase: matching it by amount meanwhile could
  // take back another purchase of the same amount.
  const dine = (named !== undefined ? world.dinesByTransaction.get(named) : undefined)
    ?? world.dinesByTransaction.get(event.transactionId)
    ?? (named === undefined ? matchRefund(world, { cardId: card.id, merchantId: location.merchantId, at: local.instant, amountCents: amount }) : undefined);
  if (!dine) return park(world, event, card, location, local, receivedAt);
  if (dine.memberId !== card.memberId) return { outcome: 'review', note: 'The refunded purchase belongs to another member; nothing was debited.' };
  return refundPurchase(world, dine, { refundTransactionId: event.transactionId, amountCents: amount, eventId: event.id });
}

/** Applies one event to the world; `receivedAt` is when the network told us (the time of authorisation and clearing). */
export function applyEvent(world: World, event: CardNetworkEvent, receivedAt: Date): EventResult {
  const card = world.cardsByToken.get(event.cardToken);
  if (!card) return { outcome: 'unknownCard', note: 'No linked card has this token.' };
  const location = world.locations.get(event.merchantLocationId);
  if (!location) return { outcome: 'unknownLocation', note: 'No restaurant has this network location.' };
  const local = localParts(event.localDateTime);
  if (!local) return { outcome: 'invalid', note: 'localDateTime is not a date-time.' };
  switch (event.type) {
    case 'auth': return applyAuth(world, event, card, location, local, receivedAt);
    case 'clearing': return applyClearing(world, event, card, location, local, receivedAt);
    case 'refund': return applyRefund(world, event, card, location, local, receivedAt);
  }
}
