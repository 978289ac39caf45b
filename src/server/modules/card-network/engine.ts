import { AUTH_FORFEIT_DAYS, DEFERRED_DAYS, MATCH_WINDOW_DAYS } from '#shared/constants/rewards';
import { ZCardNetworkEvent, type CardNetworkEvent } from '#shared/schemas/rewards';
import { localParts } from '#shared/rules/rewards/local-time';
import { isDatabaseUnavailable, isEmbedded, type Db } from '../../db/client';
import { pgCode, reasonOf } from '../../lib/db-errors';
import { timeSlices } from '../../lib/yield';
import {
  addProgress, claimEarlierOfCards, claimInbox, insertAdjustments, insertDines, loadCardsOfMembers, loadDinesByTransaction, loadDinesOfCards,
  loadDinesById, loadLocations, loadMerchantTerms, loadMonthlyVisits, loadPartners, loadProgress, lockMembers, markOldestFailed, markProcessed, membersToSweep,
  sweepMembers, updateDines, liveAwardKeys, flexRedemptionsOf, openFlexOffers, redeemFlexOffers, revokeFlexOffers, type Executor, type InboxRow,
  expireParkedRefunds, insertDineRefunds, insertParkedRefunds, loadRefundState, resolveParkedRefunds,
} from './card-network.repo';
import {
  addBonusProgress, applyEvent, awardDeferredDine, bonusKey, emptyWorld, PARKED_EXPIRED_NOTE, PARKED_REFUND_DAYS, progressKey, REFUND_MATCH_DAYS, refundKey, visitKey,
  type Dine, type EventResult, type MemberInfo, type Outcome, type World,
} from './decisions';
import { activeProgrammes, enrolmentsOf, insertAwards, liveAwardsOf, revokeAwards, saveEnrolments, type ProgrammeRow } from '../bonuses';
import { honouredReservations } from '../reservations';

/**
 * The rewards engine (docs/rewards-engine.md §3): applies the card-network inbox in chunks. One
 * chunk is one transaction: claim the oldest unapplied events (`FOR UPDATE SKIP LOCKED`, so any
 * number of appliers share the inbox), load what they touch in a few set-based reads, lock the
 * members in id order, apply the events in inbox order in memory (decisions.ts), write the result
 * with a few bulk statements and mark the events applied. Either all of that commits or none of
 * it: an event is applied exactly once, and the same event id never arrives twice (the inbox is
 * unique by it).
 */

const DAY_MS = 86_400_000;
/**
 * Events per chunk. On PostgreSQL a larger chunk spreads each statement's fixed cost over more
 * events (one applier: 9,000/s at 2,000, 10,650/s at 5,000 in bench/card-events-apply-profile.ts);
 * on the embedded database a chunk's statements run on the server's thread, so they stay short.
 */
export const CHUNK_SIZE = { postgres: 5000, embedded: 2000 } as const;
export const defaultChunk = (db: Db) => (isEmbedded(db) ? CHUNK_SIZE.embedded : CHUNK_SIZE.postgres);

export type ChunkResult = {
  /** Events taken from the inbox; those of members another applier holds go back unapplied. */
  claimed: number;
  /** Events applied (each with its outcome). */
  events: number;
  outcomes: Partial<Record<Outcome, number>>;
};

type Claimed = { row: InboxRow; event: CardNetworkEvent | null };

function parse(row: InboxRow): Claimed {
  const parsed = ZCardNetworkEvent.safeParse(row.body);
  return { row, event: parsed.success ? parsed.data : null };
}

function addDines(world: World, dines: readonly Dine[]) {
  for (const d of dines) {
    if (world.dinesByTransaction.has(d.transactionId)) continue;
    world.dinesByTransaction.set(d.transactionId, d);
    if (d.aliasTransactionId !== null) world.dinesByTransaction.set(d.aliasTransactionId, d);
    if (d.cardId !== null) {
      const list = world.dinesByCard.get(d.cardId) ?? [];
      list.push(d);
      world.dinesByCard.set(d.cardId, list);
    }
  }
}

/** Loads everything the chunk's events touch (their members are locked already) and locks their dines. */
async function loadWorld(tx: Executor, claimed: Claimed[], cards: Awaited<ReturnType<typeof loadCardsOfMembers>>, members: MemberInfo[]): Promise<World> {
  const world = emptyWorld();
  const events = claimed.flatMap((c) => (c.event ? [c.event] : []));
  for (const c of cards) {
    world.cardsByToken.set(c.token, c);
    world.cardsById.set(c.id, c);
  }
  const memberIds = members.map((m) => m.id);
  for (const m of members) world.members.set(m.id, m);
  for (const p of await loadPartners(tx)) world.partners.set(p.id, p);
  for (const l of await loadLocations(tx, events.map((e) => e.merchantLocationId))) world.locations.set(l.locationId, l);

  const known = events.filter((e) => world.cardsByToken.has(e.cardToken) && world.locations.has(e.merchantLocationId));
  addDines(world, await loadDinesByTransaction(tx, known.flatMap((e) => (e.originalTransactionId ? [e.transactionId, e.originalTransactionId] : [e.transactionId]))));
  // Events whose purchase is not found by transaction id match by card, restaurant, time and
  // amount; a refund naming its purchase waits for it instead (decisions.ts applyRefund).
  const unmatched = known.filter((e) => !world.dinesByTransaction.has(e.transactionId) && !(e.originalTransactionId && world.dinesByTransaction.has(e.originalTransactionId))
    && !(e.type === 'refund' && e.originalTransactionId));
  if (unmatched.length > 0) {
    const windows = unmatched.map((e) => {
      const at = localParts(e.localDateTime)?.instant.getTime() ?? Date.now();
      // A refund looks back REFUND_MATCH_DAYS; the halves of a purchase look MATCH_WINDOW_DAYS either way.
      const back = e.type === 'refund' ? REFUND_MATCH_DAYS : MATCH_WINDOW_DAYS;
      const ahead = e.type === 'refund' ? 1 : MATCH_WINDOW_DAYS;
      return { cardId: world.cardsByToken.get(e.cardToken)!.id, merchantId: world.locations.get(e.merchantLocationId)!.merchantId, from: new Date(at - back * DAY_MS), to: new Date(at + ahead * DAY_MS) };
    });
    const loaded = [...new Set(world.dinesByTransaction.values())].flatMap((d) => (d.id === undefined ? [] : [d.id]));
    addDines(world, await loadDinesOfCards(tx, { windows, except: loaded }));
  }
  const merchantIds = new Set([...world.locations.values()].map((l) => l.merchantId));
  for (const d of world.dinesByTransaction.values()) merchantIds.add(d.merchantId);
  world.merchants = await loadMerchantTerms(tx, [...merchantIds]);
  for (const p of await loadProgress(tx, memberIds)) world.progress.set(progressKey(p.memberId, p.year), p);

  // Monthly visit limits: the qualified visits already stored for each member, restaurant and local month concerned.
  const limited = known.filter((e) => world.merchants.get(world.locations.get(e.merchantLocationId)!.merchantId)?.monthlyVisitLimit != null);
  const keys = limited.map((e) => ({
    memberId: world.cardsByToken.get(e.cardToken)!.memberId, merchantId: world.locations.get(e.merchantLocationId)!.merchantId, month: e.localDateTime.slice(0, 7),
  }));
  // A stored purchase keeps its own date (a clearing may name another day).
  for (const d of new Set(world.dinesByTransaction.values())) {
    if (world.merchants.get(d.merchantId)?.monthlyVisitLimit != null) keys.push({ memberId: d.memberId, merchantId: d.merchantId, month: d.localDate.slice(0, 7) });
  }
  const visits = await loadMonthlyVisits(tx, keys);
  for (const v of visits) world.monthlyVisits.set(visitKey(v.memberId, v.merchantId, v.month), v.visits);
  await loadBonuses(tx, world, memberIds);
  await loadRefunds(tx, world, memberIds, known);
  const loadedDines = new Map([...world.dinesByTransaction.values()].flatMap((d) => (d.id === undefined ? [] : [[d.id, d] as const])));
  for (const f of await flexRedemptionsOf(tx, [...loadedDines.keys()])) world.flexRedemptions.push({ ...f, dine: loadedDines.get(f.dineId)! });
  return world;
}

/**
 * Refunds (docs/rewards-engine.md §3): the members' parked refunds, which a purchase of this chunk
 * may take, and, for the chunk's refund events, whether their network refund was applied or
 * parked already (a resend under a new event id is a duplicate). One statement.
 */
async function loadRefunds(tx: Executor, world: World, memberIds: number[], known: CardNetworkEvent[]) {
  const refunds = known.flatMap((e) => (e.type === 'refund' ? [{ partnerId: world.cardsByToken.get(e.cardToken)!.partnerId, refundTransactionId: e.transactionId }] : []));
  const state = await loadRefundState(tx, { memberIds, refunds });
  for (const r of state.applied) world.refunds.set(refundKey(r.partnerId, r.refundTransactionId), r);
  for (const p of [...state.parked, ...state.parkedElsewhere]) world.parkedByKey.set(refundKey(p.partnerId, p.refundTransactionId), p);
  for (const p of state.parked) {
    const list = world.parked.get(p.memberId) ?? [];
    list.push(p);
    world.parked.set(p.memberId, list);
  }
}

/**
 * Writes the chunk's refund decisions once the dines have their ids: the network refunds applied,
 * the refunds parked and left waiting, and the stored parked refunds a purchase took (closed, and
 * their inbox rows saying so). A refund parked and taken within the chunk is never written as
 * parked: its own inbox row says what became of it (`results`).
 */
async function writeRefunds(tx: Executor, world: World, results: Array<{ id: number; eventId?: string } & EventResult>) {
  await insertDineRefunds(tx, [...world.refunds.values()].filter((r) => r.fresh));
  const parked = [...world.parked.values()].flat();
  await insertParkedRefunds(tx, parked.filter((p) => p.id === undefined && !p.resolved));
  await resolveParkedRefunds(tx, parked.filter((p) => p.id !== undefined && p.resolved));
  const sameChunk = new Map(parked.flatMap((p) => (p.id === undefined && p.resolved ? [[p.eventId, p.resolved] as const] : [])));
  if (sameChunk.size === 0) return;
  for (const r of results) {
    const resolved = r.eventId === undefined ? undefined : sameChunk.get(r.eventId);
    if (resolved) {
      r.outcome = resolved.outcome;
      r.note = resolved.note;
    }
  }
}

/**
 * The bonus programmes of the members' partners, the members' enrolments and their live awards (the
 * members are locked): once-per-member awards into `bonusAwards`, reservation bonuses (one per
 * reservation, tied to their dine) into `dineAwards`.
 */
async function loadBonuses(tx: Executor, world: World, memberIds: number[]) {
  if (memberIds.length === 0) return;
  const reservationProgrammes = new Map<number, ProgrammeRow>();
  for (const p of await activeProgrammes(tx, { kinds: ['newMember', 'injected', 'reservation'] })) {
    if (p.kind === 'reservation') {
      reservationProgrammes.set(p.id, p);
      continue;
    }
    const list = world.bonusProgrammes.get(p.partnerId) ?? [];
    list.push(p);
    world.bonusProgrammes.set(p.partnerId, list);
  }
  if (world.bonusProgrammes.size === 0 && reservationProgrammes.size === 0) return;
  for (const e of await enrolmentsOf(tx, memberIds)) {
    world.bonusEnrolments.set(bonusKey(e.memberId, e.bonusId), { ...e, partnerId: world.members.get(e.memberId)?.partnerId ?? 0, changed: false });
  }
  const dinesById = new Map([...world.dinesByTransaction.values()].flatMap((d) => (d.id === undefined ? [] : [[d.id, d] as const])));
  for (const a of await liveAwardsOf(tx, memberIds)) {
    const award = {
      partnerId: a.partnerId, memberId: a.memberId, bonusId: a.bonusId, amount: a.amount, description: '',
      dine: a.dineId === null ? null : dinesById.get(a.dineId) ?? null, dineId: a.dineId, id: a.id, rewardId: a.rewardId, rewardStatus: a.rewardStatus,
    };
    const reservation = reservationProgrammes.get(a.bonusId);
    if (reservation) {
      // Only those of dines this chunk touches can be taken back by it.
      if (award.dine) world.dineAwards.push({ ...award, description: reservation.description });
      continue;
    }
    const programme = (world.bonusProgrammes.get(a.partnerId) ?? []).find((p) => p.id === a.bonusId);
    if (!programme) continue;
    world.bonusAwards.set(bonusKey(a.memberId, a.bonusId), { ...award, description: programme.description });
  }
}

/**
 * The reservation bonus (docs/rewards-engine.md §6, issue 11 item 4), decided once the chunk's dines
 * are written: each dine this chunk made Awarded that honours a booked reservation of its member at
 * that restaurant on that local day (reservations.repo `honouredReservations`) earns the partner's
 * reservation bonus (§1 switch and its active `reservation` programme) once per reservation: award
 * key `reservation:<id>`, unique among live awards, so a retry, a repeat, another dine the same day
 * or `awardReservationBonus` called for the same reservation award nothing more. One dine honours
 * one reservation (a member who booked lunch and dinner and dined once earns one bonus); a
 * reservation already awarded passes to the dine's next one. Written in the chunk's transaction
 * with the members locked; the year's rewards grow by what was inserted.
 */
async function writeReservationBonuses(tx: Executor, world: World) {
  const dines = world.awardedDines.filter((d) => d.id !== undefined && d.status === 'Awarded' && d.qualified && world.partners.get(d.partnerId)?.hasReservationBonus);
  if (dines.length === 0) return;
  const programmes = new Map((await activeProgrammes(tx, { kinds: ['reservation'] })).map((p) => [p.partnerId, p]));
  const wanted = dines.filter((d) => programmes.has(d.partnerId));
  if (wanted.length === 0) return;
  const honoured = await honouredReservations(tx as unknown as Db, wanted.map((d) => d.id!));
  if (honoured.length === 0) return;
  const keyOf = (reservationId: number) => `reservation:${reservationId}`;
  const taken = await liveAwardKeys(tx, { memberIds: [...new Set(honoured.map((h) => h.memberId))], keys: honoured.map((h) => keyOf(h.reservationId)) });
  // honouredReservations gives each reservation its first dine of the day; any of the day's dines of the chunk may take it.
  const reservations = [...new Map(honoured.map((h) => [h.reservationId, h])).values()].sort((a, b) => a.reservationId - b.reservationId);
  const awards: Array<{ dine: Dine; reservationId: number; programme: ProgrammeRow }> = [];
  for (const dine of wanted) {
    const r = reservations.find((h) => h.memberId === dine.memberId && h.merchantId === dine.merchantId && h.localDate === dine.localDate
      && h.partnerId === dine.partnerId && !taken.has(keyOf(h.reservationId)));
    if (!r) continue;
    taken.add(keyOf(r.reservationId));
    awards.push({ dine, reservationId: r.reservationId, programme: programmes.get(dine.partnerId)! });
  }
  const made = await insertAwards(tx, awards.map((a) => ({
    partnerId: a.dine.partnerId, memberId: a.dine.memberId, bonusId: a.programme.id, awardKey: keyOf(a.reservationId), dineId: a.dine.id!,
    amount: a.programme.amount, description: a.programme.description,
  })));
  const inserted = new Set(made.map((m) => m.awardKey));
  for (const a of awards) if (inserted.has(keyOf(a.reservationId))) addBonusProgress(world, a.dine, a.programme.amount);
}

/** Writes the chunk's bonus decisions: take-backs, then new awards with their B rewards, then enrolment stages. */
async function writeBonuses(tx: Executor, world: World) {
  await revokeAwards(tx, world.revokedAwards.flatMap((a) => (a.id === undefined || a.rewardId === undefined ? [] : [{
    id: a.id, partnerId: a.partnerId, memberId: a.memberId, bonusId: a.bonusId, dineId: a.dineId, rewardId: a.rewardId, amount: a.amount, rewardStatus: a.rewardStatus ?? 'Awarded',
  }])), 'The qualifying dine was refunded below the minimum spend.');
  // After the take-backs: a bonus taken back and earned again by a later dine of the same chunk.
  const made = await insertAwards(tx, world.newAwards.map((a) => ({
    partnerId: a.partnerId, memberId: a.memberId, bonusId: a.bonusId, awardKey: 'once', dineId: a.dine?.id ?? a.dineId, amount: a.amount, description: a.description,
  })));
  // The members are locked and their live awards loaded: a refused award means the world was wrong; commit nothing.
  if (made.length !== world.newAwards.length) throw new Error(`Bonus awards: ${world.newAwards.length - made.length} of ${world.newAwards.length} already existed.`);
  await saveEnrolments(tx, [...world.bonusEnrolments.values()].filter((e) => e.changed));
}

/**
 * Flex offers (docs/api-flex-offers.md), decided once the chunk's dines are written: taken back
 * first (a refund un-qualified their dine: the offer opens again), then each dine this chunk made
 * Awarded, on a partner with the §1 switch, redeems the member's open offer at that restaurant
 * covering the dine's local date (the one ending soonest): one B reward of the offer's amount. The
 * offers are locked and each goes to one dine; the update only takes an offer still open, so an
 * offer pays once under retries, duplicates and parallel appliers.
 */
async function writeFlexOffers(tx: Executor, world: World) {
  await revokeFlexOffers(tx, world.revokedFlex.flatMap((f) => (f.dine.id === undefined ? [] : [{ ...f, dineId: f.dine.id }])));
  const dines = world.awardedDines.filter((d) => d.id !== undefined && d.status === 'Awarded' && d.qualified && world.partners.get(d.partnerId)?.hasFlexOffers);
  if (dines.length === 0) return;
  const offers = await openFlexOffers(tx, dines);
  if (offers.length === 0) return;
  offers.sort((a, b) => a.validTo.localeCompare(b.validTo) || a.id - b.id);
  const used = new Set<number>();
  const redemptions: Array<{ offerId: number; partnerId: number; memberId: number; dineId: number; amount: number; dine: Dine }> = [];
  for (const dine of dines) {
    const offer = offers.find((o) => !used.has(o.id) && o.memberId === dine.memberId && o.merchantId === dine.merchantId && o.partnerId === dine.partnerId
      && o.validFrom <= dine.localDate && dine.localDate <= o.validTo);
    if (!offer) continue;
    used.add(offer.id);
    redemptions.push({ offerId: offer.id, partnerId: dine.partnerId, memberId: dine.memberId, dineId: dine.id!, amount: offer.amount, dine });
  }
  const done = await redeemFlexOffers(tx, redemptions);
  // The offers are locked: one not redeemed means the chunk's view was wrong; commit nothing.
  if (done !== redemptions.length) throw new Error(`Flex offers: ${redemptions.length - done} of ${redemptions.length} were redeemed already.`);
  for (const r of redemptions) addBonusProgress(world, r.dine, r.amount);
}

/** Applies one chunk of up to `limit` events in one transaction. */
export async function applyChunk(db: Db, opts: { limit?: number } = {}): Promise<ChunkResult> {
  return db.transaction(async (tx) => {
    let claimed = (await claimInbox(tx, opts.limit ?? defaultChunk(db))).map(parse);
    if (claimed.length === 0) return { claimed: 0, events: 0, outcomes: {} };
    const taken = claimed.length;
    const cards = await loadCardsOfMembers(tx, claimed.flatMap((c) => (c.event ? [c.event.cardToken] : [])));
    const memberOf = new Map(cards.map((c) => [c.token, c.memberId]));
    // Older events of the chunk's members that are not in it: free ones join it; if another
    // applier holds one, that member's events wait for the next chunk (one member's events apply
    // in order, and no applier waits for another).
    const earlier = await claimEarlierOfCards(tx, { beforeId: claimed[claimed.length - 1]!.row.id, tokens: cards.map((c) => c.token), have: claimed.map((c) => c.row.id) });
    if (earlier.taken.length > 0) claimed = [...earlier.taken.map(parse), ...claimed].sort((a, b) => a.row.id - b.row.id);
    const busy = new Set([...earlier.held].map((t) => memberOf.get(t)));
    const wanted = [...new Set(cards.map((c) => c.memberId))].filter((id) => !busy.has(id));
    const members = await lockMembers(tx, wanted, { skipLocked: true });
    const locked = new Set(members.map((m) => m.id));
    const mine = (c: Claimed) => {
      const member = c.event ? memberOf.get(c.event.cardToken) : undefined;
      return member === undefined || locked.has(member);
    };
    claimed = claimed.filter(mine);

    const world = await loadWorld(tx, claimed, cards.filter((c) => locked.has(c.memberId)), members);
    const results: Array<{ id: number; receivedAt: Date; eventId?: string } & EventResult> = [];
    for (const c of claimed) {
      const result = c.event ? applyEvent(world, c.event, c.row.receivedAt) : { outcome: 'invalid' as const, note: 'The stored event does not match the event schema.' };
      results.push({ id: c.row.id, receivedAt: c.row.receivedAt, ...(c.event ? { eventId: c.event.id } : {}), ...result });
    }

    // Split before writing: insertDines gives the new dines their ids, and a new dine written
    // again by the update would cost its row, its indexes and its foreign-key checks twice.
    const changed = [...new Set(world.dinesByTransaction.values())].filter((d) => d.changed);
    const stored = changed.filter((d) => d.id !== undefined).sort((a, b) => a.id! - b.id!);
    await insertDines(tx, changed.filter((d) => d.id === undefined), { embedded: isEmbedded(db) });
    await updateDines(tx, stored);
    await writeRefunds(tx, world, results);
    await insertAdjustments(tx, world.adjustments);
    await writeBonuses(tx, world);
    await writeReservationBonuses(tx, world);
    await writeFlexOffers(tx, world);
    await addProgress(tx, [...world.progress.values()]);
    await markProcessed(tx, results.map((r) => ({ id: r.id, receivedAt: r.receivedAt, outcome: r.outcome, ...(r.note === undefined ? {} : { note: r.note }) })));

    const outcomes: Partial<Record<Outcome, number>> = {};
    for (const r of results) outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
    return { claimed: taken + earlier.taken.length, events: results.length, outcomes };
  });
}

export type DrainResult = { events: number; chunks: number; outcomes: Partial<Record<Outcome, number>>; failed: number };
export type DrainLog = { error: (obj: object, msg: string) => void; warn?: (obj: object, msg: string) => void };

const RETRYABLE = new Set(['40P01', '40001', '23505']);

/** Adds one run's outcome counts to another's. */
function addOutcomes(into: DrainResult['outcomes'], from: DrainResult['outcomes']) {
  for (const [k, v] of Object.entries(from)) into[k as Outcome] = (into[k as Outcome] ?? 0) + v;
}

/**
 * Applies chunks until a claim finds nothing or `maxMs` has passed. A chunk that fails for a reason
 * other than the database being away (a deadlock or a concurrent insert: retried; anything else:
 * the chunk is halved until the one event that fails is found and set aside as 'failed'), so one
 * bad event never stops the feed.
 */
export async function drainInbox(db: Db, opts: { limit?: number; maxMs?: number; log?: DrainLog } = {}): Promise<DrainResult> {
  const full = opts.limit ?? defaultChunk(db);
  const deadline = Date.now() + (opts.maxMs ?? 30_000);
  const total: DrainResult = { events: 0, chunks: 0, outcomes: {}, failed: 0 };
  let limit = full;
  let retries = 0;
  let idle = 0;
  const slice = timeSlices();
  while (Date.now() < deadline) {
    let result: ChunkResult;
    try {
      result = await applyChunk(db, { limit });
    } catch (err) {
      if (isDatabaseUnavailable(err)) throw err;
      const code = pgCode(err);
      if (code && RETRYABLE.has(code) && retries < 5) {
        retries += 1;
        continue;
      }
      retries = 0;
      if (limit > 1) {
        limit = Math.max(1, Math.floor(limit / 2));
        continue;
      }
      const message = reasonOf(err);
      const id = await markOldestFailed(db, `The engine could not apply this event: ${message}`);
      opts.log?.error({ inboxId: id, error: message.slice(0, 300) }, 'card-network event set aside (failed)');
      total.failed += 1;
      limit = full;
      continue;
    }
    retries = 0;
    if (result.claimed === 0) break;
    total.events += result.events;
    total.chunks += 1;
    addOutcomes(total.outcomes, result.outcomes);
    if (result.events === 0) {
      // Every event claimed belongs to members another applier holds: let it commit first.
      if (++idle > 50) break;
      await new Promise((r) => setTimeout(r, 10));
      continue;
    }
    idle = 0;
    if (limit < full) limit = Math.min(full, limit * 2);
    // A backlog (after an outage) is applied for up to maxMs: on the embedded database, which runs
    // on the server's thread, requests go in between chunks.
    await slice();
  }
  return total;
}

/**
 * Drain loops the app runs side by side. On PostgreSQL one loop waits on the database for about
 * three quarters of its time, so a second one applies while the first waits (100,000 events:
 * 5,027/s with one, 6,199/s with two in the same bench run); members held by one loop wait for
 * the other (applyChunk), so they never deadlock. The embedded database runs one statement at a
 * time on the server's thread: one loop.
 */
export const APPLIERS = { postgres: 2, embedded: 1 } as const;

/** Applies the inbox with the database's number of drain loops (APPLIERS) and adds up what they did. */
export async function applyInbox(db: Db, opts: { limit?: number; maxMs?: number; log?: DrainLog; appliers?: number } = {}): Promise<DrainResult> {
  const n = opts.appliers ?? (isEmbedded(db) ? APPLIERS.embedded : APPLIERS.postgres);
  const results = await Promise.all(Array.from({ length: n }, () => drainInbox(db, opts)));
  const total: DrainResult = { events: 0, chunks: 0, outcomes: {}, failed: 0 };
  for (const r of results) {
    total.events += r.events;
    total.chunks += r.chunks;
    total.failed += r.failed;
    addOutcomes(total.outcomes, r.outcomes);
  }
  return total;
}

/**
 * Deferred dines the sweep made Awarded earn now what an Awarded dine earns as it clears (docs/
 * rewards-engine.md §6): the partner's new-member and injected bonuses, the reservation bonus and
 * flex offers, decided and written as a chunk does, with the members locked; the year's rewards
 * grow by what was awarded.
 */
async function awardSweptDines(tx: Executor, members: MemberInfo[], dineIds: readonly number[]) {
  if (dineIds.length === 0) return;
  const world = emptyWorld();
  for (const m of members) world.members.set(m.id, m);
  for (const p of await loadPartners(tx)) world.partners.set(p.id, p);
  const dines = await loadDinesById(tx, dineIds);
  addDines(world, dines);
  await loadBonuses(tx, world, [...new Set(dines.map((d) => d.memberId))]);
  dines.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime() || a.id! - b.id!);
  for (const dine of dines) awardDeferredDine(world, dine);
  await writeBonuses(tx, world);
  await writeReservationBonuses(tx, world);
  await writeFlexOffers(tx, world);
  await addProgress(tx, [...world.progress.values()]);
}

type SweepCounts = { notSettled: number; awarded: number; notActivated: number };
type SweepCutoffs = { settleCutoff: Date; deferredCutoff: Date };

/** Sweeps one batch of members in one transaction, members locked in id order like the engine does. */
async function sweepBatch(db: Db, memberIds: readonly number[], cutoffs: SweepCutoffs): Promise<SweepCounts> {
  return db.transaction(async (tx) => {
    const members = await lockMembers(tx, memberIds);
    const { awardedDineIds, ...counts } = await sweepMembers(tx, { memberIds, ...cutoffs });
    await awardSweptDines(tx, members, awardedDineIds);
    return counts;
  });
}

/** One sweep run: what it did so far, the members it set aside, where it logs. */
type SweepRun = { cutoffs: SweepCutoffs; total: SweepCounts; setAside: Set<number>; log?: DrainLog };

/**
 * A batch that fails for a reason other than the database being away is halved until the member
 * whose sweep fails is found; that member is set aside for this run (logged; their rewards stay as
 * they were, so nothing is awarded without its bonuses) and the others are swept.
 */
async function sweepIsolating(db: Db, memberIds: readonly number[], run: SweepRun, retries = 0): Promise<void> {
  let done: SweepCounts;
  try {
    done = await sweepBatch(db, memberIds, run.cutoffs);
  } catch (err) {
    if (isDatabaseUnavailable(err)) throw err;
    const code = pgCode(err);
    if (code && RETRYABLE.has(code) && retries < 5) return sweepIsolating(db, memberIds, run, retries + 1);
    if (memberIds.length === 1) {
      run.setAside.add(memberIds[0]!);
      run.log?.error({ memberId: memberIds[0], error: reasonOf(err).slice(0, 300) }, 'card-network sweep failed for a member; their rewards wait for the next sweep');
      return;
    }
    const half = Math.ceil(memberIds.length / 2);
    await sweepIsolating(db, memberIds.slice(0, half), run);
    await sweepIsolating(db, memberIds.slice(half), run);
    return;
  }
  run.total.notSettled += done.notSettled;
  run.total.awarded += done.awarded;
  run.total.notActivated += done.notActivated;
}

/**
 * Parked refunds whose purchase never came within PARKED_REFUND_DAYS of their date: closed as
 * expired, their inbox rows sent to review with the reason (nothing was debited). In batches; rows
 * a chunk holds are left for the next run.
 */
async function expireParked(db: Db, now: Date, batch: number): Promise<number> {
  const cutoff = new Date(now.getTime() - PARKED_REFUND_DAYS * DAY_MS);
  let total = 0;
  for (let round = 0; round < 1000; round++) {
    const n = await expireParkedRefunds(db, { cutoff, note: PARKED_EXPIRED_NOTE, limit: batch });
    total += n;
    if (n < batch) break;
  }
  return total;
}

/**
 * The scheduled sweep: authorisations never cleared after AUTH_FORFEIT_DAYS → Forfeit
 * 'notSettled'; Deferred rewards → Awarded once the member activated, or Forfeit 'notActivated'
 * after DEFERRED_DAYS; parked refunds past PARKED_REFUND_DAYS → review (`refundsExpired`). In
 * batches of members; a member whose sweep fails is set aside (counted in setAside) without
 * holding the others back.
 */
export async function sweepRewards(db: Db, opts: { now?: Date; batch?: number; log?: DrainLog } = {}): Promise<SweepCounts & { setAside: number; refundsExpired: number }> {
  const now = opts.now ?? new Date();
  const cutoffs = { settleCutoff: new Date(now.getTime() - AUTH_FORFEIT_DAYS * DAY_MS), deferredCutoff: new Date(now.getTime() - DEFERRED_DAYS * DAY_MS) };
  const run: SweepRun = { cutoffs, total: { notSettled: 0, awarded: 0, notActivated: 0 }, setAside: new Set(), ...(opts.log ? { log: opts.log } : {}) };
  const progress = () => run.total.notSettled + run.total.awarded + run.total.notActivated + run.setAside.size;
  for (let round = 0; round < 1000; round++) {
    const memberIds = await membersToSweep(db, { ...cutoffs, limit: opts.batch ?? 500, exclude: [...run.setAside] });
    if (memberIds.length === 0) break;
    const before = progress();
    await sweepIsolating(db, memberIds, run);
    // Members found but nothing changed (another sweep got there first): stop rather than loop.
    if (progress() === before) break;
  }
  const refundsExpired = await expireParked(db, now, opts.batch ?? 500);
  return { ...run.total, setAside: run.setAside.size, refundsExpired };
}
