import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gt, inArray, isNull, like, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cardNetworkInbox, memberCards, merchantNetworkLocations, merchants, members, partners } from '../db/schema';
import { Rng } from '../lib/random';
import { CARD_NETWORK_EVENTS_PATH } from '../plugins/route-rules';
import { authEvent, clearingEvent, refundEvent, signedRequest, type Purchase } from '../modules/rewards/card-events';
import { merchantLocalDateTime } from '#shared/rules/rewards/local-time';
import { payStatementCredits, postPartnerRewards } from '../modules/rewards/payouts';
import { TIER_LEVELS } from '#shared/constants/member';
import type { CardNetworkEvent } from '#shared/schemas/rewards';
import { DEMO_PUBLIC_ID_PREFIX, NEW_MEMBER_SLUGS } from './members';
import { registerForBonus } from '../modules/bonuses/bonuses.service';

/**
 * A year of dining for the demo card members, produced the way real history arrives: signed
 * card-network events posted to the webhook (in-process), applied by the engine, then paid by the
 * payout jobs — never rows written into dines or rewards. Every status shows up (Pending, Awarded,
 * Deferred, Forfeit with its reasons, Paid), refunds (linked, unlinked, after payment), a VIP run
 * (12+ qualified dines this year), a VIP renewing from last year (single sign-on partners) and
 * statement credits on the cash-back partners.
 *
 * Runs once, when the database has demo members and no demo event yet: the first start after
 * seeding (main.ts). Production has no demo members, so it never runs there.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Demo cards count as linked this long ago, so a year of dines is in time (one dine before it shows the reason). */
const LINKED_DAYS_AGO = 400;
/**
 * The payout runs of the demo's replayed year: at this hour (UTC), once a week until the last
 * fortnight, then every night (a weekly partner file for the year, fewer runs for a quick first start).
 */
const PAYOUT_HOUR_UTC = 9;
const WEEKLY_UNTIL_DAYS_AGO = 14;
/** The first payout run after `at`. */
const nightAfter = (at: number) => {
  const day = Math.floor(at / DAY) * DAY + PAYOUT_HOUR_UTC * HOUR;
  return day > at ? day : day + DAY;
};
/** Events in flight at once. */
const SEND_WINDOW = 25;

type DemoCardMember = {
  id: number; publicId: string; slug: string; tierLevel: number; partnerCode: string; cardToken: string;
};
type Place = { merchantId: number; locationId: string; state: string; benefitHours: Array<Array<{ start: number; end: number }>> | null; blackoutDates: string[] };
type Places = { easy: Place[]; hours: Place[]; blackout: Place[]; notParticipating: Place[]; limitOne: Place[] };
/** An event and when a network would have sent it (the order they go in). */
type Scheduled = { at: number; event: CardNetworkEvent };

export type HistoryResult = { members: number; events: number; duplicates: number; ms: number };

/** Whether the demo history is still to be sent: demo card members exist and no demo event has arrived yet. */
export async function needsDemoHistory(db: Db): Promise<boolean> {
  const [demo] = await db.select({ id: members.id }).from(members)
    .where(and(like(members.publicId, `${DEMO_PUBLIC_ID_PREFIX}%`), eq(members.memberType, 'EnrolledCardMember'))).limit(1);
  if (!demo) return false;
  const [sent] = await db.select({ id: cardNetworkInbox.id }).from(cardNetworkInbox).where(like(cardNetworkInbox.eventId, `${DEMO_PUBLIC_ID_PREFIX}%`)).limit(1);
  return !sent;
}

async function demoCardMembers(db: Db): Promise<DemoCardMember[]> {
  const rows = await db.select({
    id: members.id, publicId: members.publicId, tierLevel: members.tierLevel, partnerCode: partners.code, cardId: memberCards.id, cardToken: memberCards.networkToken,
  }).from(members)
    .innerJoin(partners, eq(partners.id, members.partnerId))
    .innerJoin(memberCards, eq(memberCards.memberId, members.id))
    .where(and(like(members.publicId, `${DEMO_PUBLIC_ID_PREFIX}%`), eq(members.memberType, 'EnrolledCardMember')))
    .orderBy(asc(members.id), asc(memberCards.id));
  const first = new Map<number, DemoCardMember>();
  for (const r of rows) {
    if (first.has(r.id)) continue;
    const slug = r.publicId.slice(`${DEMO_PUBLIC_ID_PREFIX}${r.partnerCode.toLowerCase()}-`.length);
    first.set(r.id, { id: r.id, publicId: r.publicId, slug, tierLevel: r.tierLevel, partnerCode: r.partnerCode, cardToken: r.cardToken });
  }
  return [...first.values()];
}

/** Restaurants by what a dine there shows: rewarded any time, limited hours, blackout days, not taking part, one rewarded visit a month. */
async function places(db: Db): Promise<Places> {
  // Taking part (with rewards capacity left), and open to every level (no acclaimed campaign a tier could lack: rules/rewards/policy.ts).
  const open = and(
    eq(merchants.participating, true), eq(merchants.benefitsAvailable, true), isNull(merchants.participationStart), isNull(merchants.participationEnd),
    sql`not (${merchants.campaignCodes} && array['ACCL2', 'ACCL3']::text[])`,
  );
  const noBlackout = sql`cardinality(${merchants.blackoutDates}) = 0`;
  const noLimit = isNull(merchants.monthlyVisitLimit);
  const located = sql`exists (select 1 from ${merchantNetworkLocations} where ${merchantNetworkLocations.merchantId} = ${merchants.id})`;
  // A new query each time: drizzle's builders change in place.
  const pick = (where: SQL | undefined, n: number): Promise<Place[]> => db.select({
    merchantId: merchants.id, state: merchants.state, benefitHours: merchants.benefitHours, blackoutDates: merchants.blackoutDates,
    locationId: sql<string>`(select min(${merchantNetworkLocations.locationId}) from ${merchantNetworkLocations} where ${merchantNetworkLocations.merchantId} = ${merchants.id})`,
  }).from(merchants).where(and(where, located)).orderBy(asc(merchants.id)).limit(n);
  const [easy, hours, blackout, notParticipating, limitOne] = await Promise.all([
    pick(and(open, isNull(merchants.benefitHours), noBlackout, noLimit), 60),
    pick(and(open, sql`${merchants.benefitHours} is not null`, noBlackout, noLimit), 40),
    pick(and(open, isNull(merchants.benefitHours), sql`cardinality(${merchants.blackoutDates}) > 0`, noLimit), 40),
    pick(eq(merchants.participating, false), 5),
    pick(and(open, isNull(merchants.benefitHours), noBlackout, eq(merchants.monthlyVisitLimit, 1)), 5),
  ]);
  return { easy, hours, blackout, notParticipating, limitOne };
}

/** The instant of a local date and minute at a restaurant (its zone's offset that day). */
function localInstant(place: Place, date: string, minute: number): number {
  const offset = merchantLocalDateTime(new Date(`${date}T17:00:00Z`), place.state).slice(19);
  const hh = String(Math.floor(minute / 60)).padStart(2, '0');
  const mm = String(minute % 60).padStart(2, '0');
  return Date.parse(`${date}T${hh}:${mm}:00${offset}`);
}

const dateOf = (at: number) => new Date(at).toISOString().slice(0, 10);
const MEAL_MINUTES = [12 * 60 + 15, 13 * 60, 18 * 60 + 30, 19 * 60, 19 * 60 + 30, 20 * 60, 20 * 60 + 45];

/** Builds one member's year: purchases (authorisation, clearing a day or three later, tip added), refunds, and a duplicate. */
class Diary {
  readonly events: Scheduled[] = [];
  private n = 0;
  constructor(private readonly member: DemoCardMember, private readonly rng: Rng, private readonly now: number) {}

  /** A lunch or dinner time on the local day of `at` (kept at `at` when that would be in the future). */
  meal(place: Place, at: number): number {
    const local = localInstant(place, dateOf(at), this.rng.pick(MEAL_MINUTES));
    return local < this.now - 2 * HOUR ? local : at;
  }

  /** A purchase: authorised at the table, cleared 1–3 days later with the tip (a few networks send the clearing only). */
  dine(place: Place, at: number, opts: { clear?: boolean; online?: boolean; bill?: number } = {}) {
    this.n += 1;
    const bill = opts.bill ?? this.rng.int(2400, 11800);
    const purchase: Purchase = {
      transactionId: `${this.member.publicId}-t${String(this.n).padStart(3, '0')}`,
      cardToken: this.member.cardToken, locationId: place.locationId, localDateTime: merchantLocalDateTime(new Date(at), place.state),
      ...(opts.online ? { onlineOrder: true, subtotalCents: Math.round(bill * 0.86) } : {}),
    };
    const cleared = bill + (opts.online ? 0 : Math.round(bill * this.rng.float(0.15, 0.22)));
    const clearingOnly = opts.clear !== false && this.rng.chance(0.1);
    if (!clearingOnly) this.events.push({ at, event: authEvent(purchase, bill) });
    if (opts.clear !== false) {
      const clearAt = Math.max(at + HOUR, Math.min(this.now - HOUR, at + this.rng.int(1, 3) * DAY));
      this.events.push({ at: clearAt, event: clearingEvent(purchase, cleared) });
    }
    return { purchase, cleared };
  }

  refund(d: { purchase: Purchase; cleared: number }, cents: number, at: number, linked = true) {
    this.events.push({ at, event: refundEvent(d.purchase, cents, { linked }) });
  }

  /** The feed sends the last event again (a retry after a timeout): the second changes nothing. */
  duplicateLast() {
    const last = this.events.at(-1);
    if (last) this.events.push({ at: last.at + 1, event: last.event });
  }
}

/** `count` instants spread over [lo, hi], oldest first. */
function spread(rng: Rng, count: number, lo: number, hi: number): number[] {
  const span = Math.max(0, hi - lo);
  return Array.from({ length: count }, (_, i) => lo + Math.floor(((i + rng.float(0.1, 0.9)) * span) / count));
}

/** A minute of the local day outside the restaurant's reward windows, if there is one. */
function outsideHours(place: Place, date: string): number | null {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const windows = place.benefitHours?.[new Date(Date.UTC(y, m - 1, d)).getUTCDay()] ?? [];
  return [22 * 60, 9 * 60, 16 * 60, 23 * 60 + 30].find((minute) => !windows.some((w) => minute >= w.start && minute < w.end)) ?? null;
}

/** A blackout day of some restaurant within the past year, with a dinner time on it. */
function blackoutDine(list: Place[], now: number): { place: Place; at: number } | null {
  const from = dateOf(now - 360 * DAY);
  const to = dateOf(now - 2 * DAY);
  for (const place of list) {
    const date = place.blackoutDates.find((d) => d >= from && d <= to);
    if (date) return { place, at: localInstant(place, date, 19 * 60 + 30) };
  }
  return null;
}

function planMember(m: DemoCardMember, p: Places, now: number): Scheduled[] {
  const rng = new Rng(`history:${m.publicId}`);
  const diary = new Diary(m, rng, now);
  const home = rng.sample(p.easy, 6);
  const anyHome = () => rng.pick(home);
  const yearStart = Date.UTC(new Date(now).getUTCFullYear(), 0, 1);
  // This year up to two days ago (hours ago in the first days of January); last year within the time the card has been linked.
  const thisYear = (count: number) => {
    const lo = Math.max(yearStart + 12 * HOUR, now - 330 * DAY);
    const hi = now - 2 * DAY - lo > count * DAY ? now - 2 * DAY : now - 2 * HOUR;
    return spread(rng, count, lo, hi);
  };
  const lastYear = (count: number) => spread(rng, count, Math.max(yearStart - 365 * DAY, now - (LINKED_DAYS_AGO - 10) * DAY), yearStart - 12 * HOUR);
  const dineHome = (t: number, opts?: { clear?: boolean; online?: boolean }) => {
    const place = anyHome();
    const when = diary.meal(place, t);
    return { when, ...diary.dine(place, when, opts) };
  };
  const kind = m.slug === 'new-card' ? 'newEnrolled' : m.slug === 'new-qualified' ? 'newQualified'
    : m.slug.endsWith('vip-card') ? (m.slug.startsWith('sso-') ? 'renewing' : 'vip')
    : m.tierLevel === TIER_LEVELS.NonActivated ? 'deferred'
      : m.slug.endsWith('select-card') ? 'select' : m.slug.endsWith('basic-card') ? 'basic' : 'light';

  switch (kind) {
    case 'vip': {
      // The VIP run: 14 qualified dines this year (VIP from the 12th), a few last year.
      for (const t of lastYear(4)) dineHome(t);
      const run = thisYear(14).map((t, i) => dineHome(t, { online: i === 5 }));
      // A partial refund of a dine paid weeks ago: an A adjustment offsetting later earnings.
      const paid = run[9]!;
      diary.refund(paid, Math.round(paid.cleared * 0.3), Math.min(now - HOUR, Math.max(now - 2 * DAY, paid.when + 4 * DAY)));
      const day = dateOf(now - 9 * DAY);
      const hours = p.hours.find((h) => outsideHours(h, day) !== null);
      if (hours) diary.dine(hours, localInstant(hours, day, outsideHours(hours, day)!));
      diary.dine(anyHome(), now - 5 * HOUR);
      diary.duplicateLast();
      diary.dine(anyHome(), now - 3 * HOUR, { clear: false });
      break;
    }
    case 'renewing':
      // VIP from last year (13 dines), renewing this year.
      for (const t of lastYear(13)) dineHome(t);
      for (const t of thisYear(4)) dineHome(t);
      diary.dine(anyHome(), now - 4 * HOUR, { clear: false });
      break;
    case 'select': {
      for (const t of thisYear(6)) dineHome(t);
      for (const t of lastYear(1)) dineHome(t);
      // Before the card was linked: not earned, and the reason says why.
      dineHome(now - (LINKED_DAYS_AGO + 20) * DAY);
      const blackout = blackoutDine(p.blackout, now);
      if (blackout) diary.dine(blackout.place, blackout.at);
      const closed = p.notParticipating[0];
      if (closed) diary.dine(closed, diary.meal(closed, now - 60 * DAY));
      const limited = p.limitOne[0];
      if (limited) {
        // Two visits in one month at a restaurant that rewards one.
        diary.dine(limited, diary.meal(limited, now - 48 * DAY));
        diary.dine(limited, diary.meal(limited, now - 45 * DAY));
      }
      // Refunded in full a few days later by a refund that does not name the purchase.
      const refunded = dineHome(now - 6 * DAY);
      diary.refund(refunded, refunded.cleared, now - DAY, false);
      diary.dine(anyHome(), now - 20 * HOUR, { clear: false });
      break;
    }
    case 'basic':
      for (const t of thisYear(4)) dineHome(t);
      break;
    case 'deferred':
      // Not activated: earned, but Deferred until the member activates (forfeit after two weeks otherwise).
      dineHome(now - 9 * DAY);
      dineHome(now - 3 * DAY);
      break;
    case 'light':
      for (const t of thisYear(3)) dineHome(t);
      break;
    case 'newEnrolled': {
      // Registered for the new-member bonus; one lunch under its $25 minimum (with the tip): still Enrolled.
      const place = anyHome();
      diary.dine(place, diary.meal(place, now - 3 * DAY), { bill: 1500 });
      break;
    }
    case 'newQualified': {
      // Registered, then a dinner of more than $25: the bonus (a B row) comes with it; a second dine earns the usual rate only.
      const place = anyHome();
      diary.dine(place, diary.meal(place, now - 12 * DAY), { bill: 4200 });
      dineHome(now - 4 * DAY);
      break;
    }
  }
  return diary.events;
}

/**
 * Sends the demo history through the webhook and lets the engine and the payout jobs apply it,
 * one day at a time: that day's events, then a payout run dated that night (so rewards are paid,
 * and statement credits complete, on dates that follow their dines, and a refund can come after
 * a payment).
 */
export async function sendDemoHistory(app: FastifyInstance, opts: { db: Db; secret: string; now?: Date; signal?: AbortSignal }): Promise<HistoryResult> {
  const started = Date.now();
  const { db } = opts;
  const now = (opts.now ?? new Date()).getTime();
  const people = await demoCardMembers(db);
  if (people.length === 0) return { members: 0, events: 0, duplicates: 0, ms: 0 };
  // The demo cards were linked before the year of history (the seed links them "now"); the new
  // members linked theirs an hour after joining and registered for the new-member bonus then.
  const newcomers = people.filter((m) => (NEW_MEMBER_SLUGS as readonly string[]).includes(m.slug));
  const veterans = people.filter((m) => !newcomers.includes(m));
  if (veterans.length > 0) {
    await db.update(memberCards).set({ createdAt: new Date(now - LINKED_DAYS_AGO * DAY) })
      .where(and(inArray(memberCards.memberId, veterans.map((m) => m.id)), gt(memberCards.createdAt, new Date(now - LINKED_DAYS_AGO * DAY))));
  }
  await welcomeNewMembers(db, newcomers.map((m) => m.id));
  const where = await places(db);
  const all = people.flatMap((m) => planMember(m, where, now)).sort((a, b) => a.at - b.at);
  const result = { members: people.length, events: 0, duplicates: 0, ms: 0 };

  const sendOne = async (event: CardNetworkEvent) => {
    const { body, headers } = signedRequest(opts.secret, event);
    const res = await app.inject({ method: 'POST', url: CARD_NETWORK_EVENTS_PATH, headers: { ...headers, host: 'localhost' }, payload: body });
    if (res.statusCode !== 200) throw new Error(`Demo history: the webhook answered ${res.statusCode} to ${event.id}: ${res.body.slice(0, 200)}`);
    if (res.json<{ duplicate: boolean }>().duplicate) result.duplicates += 1;
    else result.events += 1;
  };
  const send = async (batch: Scheduled[]) => {
    // A few at a time, in time order (a member's events are days apart): the engine applies them in fuller chunks.
    for (let i = 0; i < batch.length; i += SEND_WINDOW) {
      // Stopping (the server closes while the history is written in the background): between events, never inside one.
      opts.signal?.throwIfAborted();
      await Promise.all(batch.slice(i, i + SEND_WINDOW).map((s) => sendOne(s.event)));
    }
    await app.cardNetwork.applier.idle();
  };
  const payOut = async (at: number) => {
    opts.signal?.throwIfAborted();
    await postPartnerRewards(db, { now: new Date(at) });
    await payStatementCredits(db, { now: new Date(at) });
  };

  // As the year happened: the events up to a payout night arrive, then that night's run (the
  // jobs' own clock set to it), so a dine is paid days after it cleared, not on seeding day, and a
  // statement credit completes on the run after it was issued: history with its own dates, never
  // all "paid" on the day of seeding (issue 25). The last run is now.
  let next = 0;
  const firstNight = all.length > 0 ? nightAfter(all[0]!.at) : now;
  for (let night = firstNight; ; night += night < now - WEEKLY_UNTIL_DAYS_AGO * DAY ? 7 * DAY : DAY) {
    const until = Math.min(night, now);
    const due: Scheduled[] = [];
    while (next < all.length && all[next]!.at <= until) due.push(all[next++]!);
    if (due.length > 0) await send(due);
    await payOut(until);
    if (until >= now) break;
  }
  result.ms = Date.now() - started;
  return result;
}

/**
 * The new demo members linked their card an hour after joining and registered for the new-member
 * bonus through the same service as POST /api/Member/Bonus/{code}.
 */
async function welcomeNewMembers(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  const rows = await db.select().from(members).where(inArray(members.id, ids));
  for (const member of rows) {
    const welcomed = new Date(member.joinDate.getTime() + HOUR);
    await db.update(memberCards).set({ createdAt: welcomed }).where(eq(memberCards.memberId, member.id));
    await registerForBonus(db, { partner: { id: member.partnerId }, member, code: 'NEWMBR', now: welcomed });
  }
}

/** The first start's history (main.ts): sent when demo card members have none yet; null otherwise. */
export async function sendDemoHistoryOnce(app: FastifyInstance, opts: { db: Db; secret: string; signal?: AbortSignal }): Promise<HistoryResult | null> {
  if (!(await needsDemoHistory(opts.db))) return null;
  return sendDemoHistory(app, opts);
}
