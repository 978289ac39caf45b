/**
 * Bonus rules (§3 member activeBonuses and bonus banners, §4 Bonus, §9 constants), pure and shared
 * by the engine (awarding), the member call (activeBonuses) and the account overview (banners).
 * docs/api-bonuses.md explains them in words.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** §3 bonus stages. */
export const BONUS_STATUSES = ['Eligible', 'Enrolled', 'Qualified'] as const;
export type BonusStatus = (typeof BONUS_STATUSES)[number];

/**
 * Kinds of bonus programme: the new-member bonus (registered for from its banner), the §4
 * "injected" bonuses (members of a partner who joined through a given source: enrolled
 * automatically, no button) and the reservation bonus (awarded per honoured reservation through
 * the hook, never shown as a banner).
 */
export const BONUS_KINDS = ['newMember', 'injected', 'reservation'] as const;
export type BonusKind = (typeof BONUS_KINDS)[number];

/** §9 the local "registered" marker lives this long. */
export const BONUS_MARKER_MINUTES = 35;
/** §9 the injected bonuses are for members within this many hours (90 days) of joining. */
export const INJECTED_BONUS_WINDOW_HOURS = 2160;

/** The codes of bonus programmes: what `POST /api/Member/Bonus/{code}` takes. */
export const BONUS_CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/** A bonus programme of a partner (the `bonus_programmes` row the rules need). */
export type BonusProgramme = {
  id: number;
  code: string;
  kind: BonusKind;
  /** In the partner's unit: miles or points, cents on Dollar and Credit partners. */
  amount: number;
  /** The qualifying dine's reward basis must be at least this (cents). */
  minSpendCents: number;
  /** The qualifying dine must happen within this many hours of joining. */
  windowHours: number;
  /** Injected bonuses: only members who joined through this source (`members.enrollment_source`); null: any. */
  enrollmentSource: string | null;
  description: string;
};

export type BonusMember = { joinDate: Date; enrollmentSource: string };

/** Whether a member is of the programme's audience at all (injected bonuses: the source they joined through). */
export function inAudience(programme: Pick<BonusProgramme, 'enrollmentSource'>, member: Pick<BonusMember, 'enrollmentSource'>): boolean {
  if (programme.enrollmentSource === null) return true;
  return programme.enrollmentSource.toLowerCase() === member.enrollmentSource.trim().toLowerCase();
}

/** When the programme's window closes for this member: `windowHours` after joining. */
export function windowEnd(programme: Pick<BonusProgramme, 'windowHours'>, member: Pick<BonusMember, 'joinDate'>): Date {
  return new Date(member.joinDate.getTime() + programme.windowHours * HOUR_MS);
}

/** Whether `at` lies within the window: from joining up to and including `windowHours` after it. */
export function withinWindow(programme: Pick<BonusProgramme, 'windowHours'>, member: Pick<BonusMember, 'joinDate'>, at: Date): boolean {
  const t = at.getTime();
  return t >= member.joinDate.getTime() && t <= windowEnd(programme, member).getTime();
}

/** Whether the bonus is open to the member now: of its audience and within its window. */
export function bonusOpen(programme: Pick<BonusProgramme, 'windowHours' | 'enrollmentSource'>, member: BonusMember, now: Date): boolean {
  return inAudience(programme, member) && withinWindow(programme, member, now);
}

/**
 * Whether a dine earns the bonus: the member is registered (the new-member bonus is registered
 * from its banner; injected bonuses count as registered from joining), of the audience, the dine
 * happened within the window (from joining, and for a registered bonus not before registering)
 * and its reward basis is above zero and reaches the minimum spend.
 */
export function dineEarnsBonus(opts: {
  programme: Pick<BonusProgramme, 'kind' | 'windowHours' | 'enrollmentSource' | 'minSpendCents'>;
  member: BonusMember;
  /** When the member registered; null: not registered. Injected bonuses need none. */
  enrolledAt: Date | null;
  dine: { occurredAt: Date; basisCents: number };
}): boolean {
  const { programme, member, enrolledAt, dine } = opts;
  if (programme.kind === 'reservation') return false;
  if (!inAudience(programme, member)) return false;
  if (!withinWindow(programme, member, dine.occurredAt)) return false;
  if (programme.kind === 'newMember') {
    if (enrolledAt === null) return false;
    // Register, then dine: a dine before registering does not count (its clearing may come later).
    if (dine.occurredAt.getTime() < enrolledAt.getTime()) return false;
  }
  return reachesMinimum(programme, dine.basisCents);
}

/**
 * What a dine earns a bonus on: more than nothing, and at least the minimum spend. One rule for
 * earning and keeping a bonus: a dine whose refunds, arriving before its clearing, took its whole
 * basis (an online order refunded as far as its subtotal) earns none, as it would lose the bonus
 * to the same refunds arriving after.
 */
function reachesMinimum(programme: Pick<BonusProgramme, 'minSpendCents'>, basisCents: number): boolean {
  return basisCents > 0 && basisCents >= programme.minSpendCents;
}

/** Whether the bonus stays earned after a refund: what is left of the dine still reaches the minimum spend. */
export function bonusSurvivesRefund(programme: Pick<BonusProgramme, 'minSpendCents'>, basisLeftCents: number): boolean {
  return reachesMinimum(programme, basisLeftCents);
}

/**
 * The member's stage of a bonus (§3 bonusStatus), or null when it is not shown any more: Qualified
 * once awarded; Enrolled once registered (injected bonuses from joining) while the window is open;
 * Eligible while the window is open; null after the window closed without a qualifying dine.
 */
export function bonusStatus(opts: { programme: Pick<BonusProgramme, 'kind' | 'windowHours' | 'enrollmentSource'>; member: BonusMember; enrolled: boolean; qualified: boolean; now: Date }): BonusStatus | null {
  const { programme, member, now } = opts;
  if (programme.kind === 'reservation') return null;
  if (opts.qualified) return 'Qualified';
  if (!bonusOpen(programme, member, now)) return null;
  if (opts.enrolled || programme.kind === 'injected') return 'Enrolled';
  return 'Eligible';
}

// ------------------------------------------------------------------ banners (client)

/** §4 the registration marker: a bonus code registered from this browser, and when. */
export type BonusMarker = { code: string; at: number };

/** Whether a marker still counts: less than BONUS_MARKER_MINUTES old (and not from the future). */
export function markerActive(marker: BonusMarker, now: number): boolean {
  const age = now - marker.at;
  return age >= 0 && age < BONUS_MARKER_MINUTES * 60_000;
}

/** The markers still alive; the expired ones are dropped (§4 'marker dropped when expired'). */
export function liveMarkers(markers: readonly BonusMarker[], now: number): BonusMarker[] {
  return markers.filter((m) => markerActive(m, now));
}

/**
 * The stage a banner shows: the server's, except that a bonus registered from this browser in the
 * last 35 minutes shows Enrolled even if an answer says Eligible (an older cached member).
 */
export function displayedStatus(serverStatus: BonusStatus, code: string, markers: readonly BonusMarker[], now: number): BonusStatus {
  if (serverStatus !== 'Eligible') return serverStatus;
  const registered = markers.some((m) => m.code.toLowerCase() === code.toLowerCase() && markerActive(m, now));
  return registered ? 'Enrolled' : serverStatus;
}

/** §4 a banner shows only while `days_to_display` days since the bonus's creation have not passed (none given: no limit). */
export function bannerInDisplayWindow(opts: { daysToDisplay: number | null | undefined; createdAt: string | Date; now: number }): boolean {
  if (opts.daysToDisplay === null || opts.daysToDisplay === undefined) return true;
  const created = typeof opts.createdAt === 'string' ? Date.parse(opts.createdAt) : opts.createdAt.getTime();
  if (Number.isNaN(created)) return false;
  return opts.now < created + opts.daysToDisplay * DAY_MS;
}

/** §4 the button shows on Eligible banners only; Enrolled and Qualified hide it. */
export const showsRegisterButton = (status: BonusStatus) => status === 'Eligible';

/** §2 overview sections: 'available' (Eligible) and 'activated' (Enrolled, Qualified). */
export const bannerSection = (status: BonusStatus): 'available' | 'activated' => (status === 'Eligible' ? 'available' : 'activated');
