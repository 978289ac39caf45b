import type { NotEarnedReason } from '#shared/constants/rewards';
import { isEarnedStatus, NOT_EARNED_REASONS } from '#shared/constants/rewards';
import type { Claim, ClaimCandidate, ClaimFinding, ClaimRequest, ClaimStatus, ReviewClaim } from '#shared/schemas/claims';
import { addDays, claimWindow, claimWindowMessage } from '#shared/rules/claim-window';
import { matchScore, pickMatch, type Candidate } from '#shared/rules/claim-match';
import { claimMessage, statusOfFinding } from '#shared/rules/claim-status';
import { basisCents, DEFAULT_SETTINGS, effectiveTier, evaluateDine, rewardFor, type EarningSettings } from '#shared/rules/rewards/policy';
import { paysStatementCredits } from '#shared/rules/partner-features';
import { rewardText } from '#shared/rules/notifications';
import type { Db } from '../../db/client';
import type { MemberRow, PartnerRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { loadMerchantTerms, billOf, dineLocal } from '../card-network';
import { earningSettingsOf } from '../partners';
import { merchantLocalDateTime } from '#shared/rules/rewards/local-time';
import {
  addProgress, cardEvents, cardToken, partnerEarning, claimForUpdate, claimOfPurchase, claimWithNames, dineById, dinesOfTransactions, hasNetworkLocation, insertClaim,
  insertManualReward, lockClaimMember, memberById, memberClaims, merchantById, ownCard, progressOf, qualificationFacts, resolveClaimRow, reviewQueue,
  sameClaim, submittedClaims, updateOpenClaim, type ClaimPatch, type ClaimRow, type ClaimWithNames, type DineFound, type InboxEvent, type Owner, type ReviewFilter,
} from './claims.repo';

export const UNKNOWN_CARD = 'Choose one of your linked cards.';
export const UNKNOWN_MERCHANT = 'We do not know this restaurant. Search for it and choose it from the list.';
export const NO_LOCATION = 'This restaurant does not take part in card-linked rewards, so a dine there cannot be claimed.';

type Partner = Pick<PartnerRow, 'id' | 'currencyType' | 'copyStates' | 'earnRates' | 'hasVIP' | 'earnBasis' | 'acclaimed2Enabled' | 'vipQualifyingDines'>;

const isReason = (r: string | null): r is NotEarnedReason => r !== null && r in NOT_EARNED_REASONS;

/** A claim as its member (and the staging tools) see it. */
export function toClaim(row: ClaimWithNames, partner: Pick<PartnerRow, 'currencyType' | 'copyStates'>): Claim {
  const c = row.claim;
  const reason = isReason(c.reason) ? c.reason : null;
  const finding = (c.finding ?? null) as ClaimFinding | null;
  const reward = row.rewardAmount ?? null;
  return {
    id: c.id,
    status: c.status as ClaimStatus,
    finding,
    message: claimMessage({ finding, reason, resolutionNote: c.resolutionNote, reward: reward === null ? null : rewardText(reward, partner) }),
    card: { cardType: c.cardType, lastFour: c.cardLastFour },
    merchantId: c.merchantId,
    merchantName: row.merchantName,
    dineDate: c.dineDate,
    amount: c.amountCents / 100,
    matchScore: c.matchScore,
    transactionId: row.transactionId ?? null,
    reasonCode: reason,
    reason: reason ? NOT_EARNED_REASONS[reason] : null,
    resolution: c.resolution === 'awarded' || c.resolution === 'rejected' ? c.resolution : null,
    resolutionNote: c.resolutionNote,
    rewardAmount: reward === null ? null : paysStatementCredits(partner) ? reward / 100 : reward,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

// ------------------------------------------------------------------ matching

type Found = { event: InboxEvent; dine: DineFound | undefined };

const purchaseKeyOf = (f: Found) => `txn:${f.dine?.transactionId ?? f.event.transactionId}`;

/**
 * Re-runs the earning policy on a matched dine, as the engine decides (rules/rewards/policy.ts):
 * the restaurant's terms as they are today, the partner's settings, the member's tier and the
 * year's qualified dines, the card's linking date, the account, the month's earlier visits.
 */
async function requalify(db: Db, dine: DineFound) {
  const terms = (await loadMerchantTerms(db, [dine.merchantId])).get(dine.merchantId) ?? null;
  const facts = await qualificationFacts(db, dine);
  const local = dineLocal(dine);
  const outcome = evaluateDine({
    settings: await settingsOf(db, dine.partnerId),
    member: await memberForYear(db, dine.memberId, local.year),
    restaurant: terms,
    local,
    // A card deleted since: it was linked for this dine if the engine said nothing else.
    cardLinkedAt: facts.cardLinkedAt ?? new Date(0),
    accountClosedAt: facts.accountClosedAt,
    visitsThisMonth: facts.visitsThisMonth,
    bill: billOf(dine),
  });
  return outcome.earns ? { qualified: true as const } : { qualified: false as const, reason: outcome.reason! };
}

async function settingsOf(db: Db, partnerId: number): Promise<EarningSettings> {
  const p = await partnerEarning(db, partnerId);
  return p ? earningSettingsOf(p) : DEFAULT_SETTINGS;
}

/** The member as the policy sees them for a dine of `year`: the stored tier and the qualified dines of that year and the one before. */
async function memberForYear(db: Db, memberId: number, year: number) {
  const member = await memberById(db, memberId);
  const progress = await progressOf(db, memberId, [year, year - 1]);
  return { tier: member?.tierLevel ?? 2, dinesThisYear: progress.get(year) ?? 0, dinesLastYear: progress.get(year - 1) ?? 0 };
}

/** A purchase a claim cannot add to: earned, or deferred (it earns when the card is activated). */
const rewardedOrDeferred = (dine: DineFound): boolean => isEarnedStatus(dine.status) || dine.status === 'Deferred';

/** What an automatically matched purchase says, once the engine has seen it. */
async function findingOfDine(db: Db, dine: DineFound): Promise<{ finding: ClaimFinding; reason: NotEarnedReason | null; note?: string }> {
  if (rewardedOrDeferred(dine)) return { finding: 'earned', reason: null };
  if (dine.status === 'Pending') return { finding: 'pending', reason: null };
  const stored = isReason(dine.reason) ? dine.reason : null;
  if (stored === 'notSettled') return { finding: 'notSettled', reason: stored, note: 'Authorised but never cleared by the network: check the receipt.' };
  if (stored === 'refunded' || stored === 'notActivated') return { finding: 'notEarned', reason: stored };
  const again = await requalify(db, dine);
  if (again.qualified) return { finding: 'requalifies', reason: stored, note: `Forfeit as "${stored ?? 'not qualified'}" when applied; qualifies under today's terms.` };
  return { finding: 'notEarned', reason: again.reason };
}

/**
 * Matches a claim against the events received for its card (docs/api-claims.md "Matching"): the
 * authorisations and clearings of the card's token dated the claimed day ± 1 (restaurant-local)
 * at one of the restaurant's network locations, or at a location no restaurant has; each scored
 * (claim-match.ts), the best purchase taken.
 */
type ClaimFacts = Pick<ClaimRow, 'partnerId' | 'memberId' | 'cardId' | 'merchantId' | 'dineDate' | 'amountCents'>;

/**
 * The events the matcher weighs for a claim: the authorisations and clearings of its card's token
 * dated the claimed day ± 1 (restaurant-local) at one of the restaurant's network locations or at a
 * location no restaurant has, each with the member's dine it made; null when the card is gone.
 */
async function candidatesOf(db: Db, claim: ClaimFacts): Promise<Candidate<Found>[] | null> {
  const token = claim.cardId === null ? undefined : await cardToken(db, claim.cardId);
  if (!token) return null;
  const owner: Owner = { partnerId: claim.partnerId, memberId: claim.memberId };
  const events = (await cardEvents(db, { token, from: addDays(claim.dineDate, -1), to: addDays(claim.dineDate, 1) }))
    .filter((e) => e.locationMerchantId === claim.merchantId || e.locationMerchantId === null);
  const dines = await dinesOfTransactions(db, owner, events.map((e) => e.transactionId));
  const dineOf = (txn: string) => dines.find((d) => d.transactionId === txn || d.aliasTransactionId === txn);
  return events.map((event) => {
    const found = { event, dine: dineOf(event.transactionId) };
    return { purchaseKey: purchaseKeyOf(found), facts: { localDate: event.localDate, amountCents: event.amountCents, locationKnown: event.locationMerchantId !== null }, item: found };
  });
}

/**
 * A claim and the events the matcher weighed for it, side by side (the console's claims queue):
 * each with its score for this claim, whether it is the one matched, and what the engine made of it.
 */
export async function claimCandidates(db: Db, claim: ClaimRow): Promise<ClaimCandidate[]> {
  const candidates = await candidatesOf(db, claim) ?? [];
  return candidates.map(({ facts, item: { event, dine } }) => ({
    eventId: event.eventId,
    type: event.type === 'auth' ? 'authorisation' as const : 'clearing' as const,
    localDateTime: event.localDateTime,
    amountCents: event.amountCents,
    location: facts.locationKnown ? 'restaurant' as const : 'unknown' as const,
    score: matchScore({ dineDate: claim.dineDate, amountCents: claim.amountCents }, facts),
    matched: event.eventId === claim.matchedEventId,
    processed: event.processed,
    outcome: event.outcome,
    dineStatus: dine?.status ?? null,
    dineReason: dine?.reason ?? null,
  })).sort((a, b) => b.score - a.score || a.localDateTime.localeCompare(b.localDateTime));
}

export async function matchClaim(db: Db, claim: ClaimFacts): Promise<ClaimPatch> {
  const candidates = await candidatesOf(db, claim);
  if (!candidates) return { status: 'NotFound', finding: 'notFound', matchScore: null };
  const pick = pickMatch({ dineDate: claim.dineDate, amountCents: claim.amountCents }, candidates);
  if (pick.kind === 'none') return { status: 'NotFound', finding: 'notFound', matchScore: null, matchedEventId: null, purchaseKey: null, dineId: null };
  const { event, dine } = pick.item;
  const matched = { matchScore: pick.score, matchedEventId: event.eventId, purchaseKey: pick.purchaseKey, dineId: dine?.id ?? null };
  const set = (finding: ClaimFinding, extra: { reason?: NotEarnedReason | null; note?: string } = {}): ClaimPatch =>
    ({ ...matched, status: statusOfFinding(finding), finding, reason: extra.reason ?? null, reviewNote: extra.note ?? null });

  if (pick.confidence === 'borderline') {
    if (event.locationMerchantId === null) return set('unknownLocation', { note: 'The event came from a network location no restaurant has: is it this restaurant (a new card processor)?' });
    return set('borderline', { note: pick.ambiguous ? 'Two purchases fit about as well: which one is it?' : `Match score ${pick.score}: the date or the amount differ.` });
  }
  if (dine) {
    const f = await findingOfDine(db, dine);
    return set(f.finding, { reason: f.reason, note: f.note });
  }
  if (!event.processed) return set('processing');
  // Received and set aside by the engine without a dine (the location was unknown when it came, …).
  return set('notApplied', { note: `The engine set this event aside (${event.outcome ?? 'no outcome'}) and made no dine of it.` });
}

/** Today's date where the restaurant is. */
export function restaurantToday(state: string, now: Date): string {
  return merchantLocalDateTime(now, state).slice(0, 10);
}

async function answer(db: Db, partner: Partner, id: number): Promise<Claim> {
  const row = await claimWithNames(db, id);
  if (!row) throw AppError.notFound('The claim is gone.');
  return toClaim(row, partner);
}

/**
 * POST /api/Member/Claims: checks the card, the restaurant and the window, matches the claim and
 * stores it with what was found. The same claim again, or a claim of a purchase already claimed,
 * stores nothing and answers the first claim (alreadyClaimed).
 */
export async function submitClaim(db: Db, opts: { partner: Partner; member: Pick<MemberRow, 'id'>; body: Required<ClaimRequest>; now?: Date }): Promise<{ claim: Claim; alreadyClaimed: boolean; created: boolean }> {
  const { partner, member, body } = opts;
  const owner: Owner = { partnerId: partner.id, memberId: member.id };
  const card = await ownCard(db, owner, body.cardId);
  if (!card) throw AppError.badRequest(UNKNOWN_CARD, [{ field: 'cardId', message: UNKNOWN_CARD }]);
  const merchant = await merchantById(db, body.merchantId);
  if (!merchant) throw AppError.badRequest(UNKNOWN_MERCHANT, [{ field: 'merchantId', message: UNKNOWN_MERCHANT }]);
  if (!(await hasNetworkLocation(db, merchant.id))) throw AppError.badRequest(NO_LOCATION, [{ field: 'merchantId', message: NO_LOCATION }]);
  const window = claimWindow({ dineDate: body.dineDate, today: restaurantToday(merchant.state, opts.now ?? new Date()), cardType: card.cardType });
  const problem = claimWindowMessage(window, card.cardType);
  if (problem) throw AppError.badRequest(problem, [{ field: 'dineDate', message: problem }]);

  const details = { memberId: member.id, cardLastFour: card.lastFour, merchantId: merchant.id, dineDate: body.dineDate, amountCents: body.amountCents };
  const same = await sameClaim(db, details);
  if (same) return { claim: await answer(db, partner, same.id), alreadyClaimed: true, created: false };

  const claim = { partnerId: partner.id, cardId: card.id, cardType: card.cardType, ...details };
  const patch = await matchClaim(db, claim);
  if (patch.purchaseKey) {
    const first = await claimOfPurchase(db, patch.purchaseKey);
    if (first) return { claim: await answer(db, partner, first.id), alreadyClaimed: true, created: false };
  }
  const inserted = await insertClaim(db, { ...claim, status: 'Submitted', ...patch });
  if (inserted) return { claim: await answer(db, partner, inserted.id), alreadyClaimed: false, created: true };
  // Sent twice at once: the other request stored it.
  const first = (patch.purchaseKey ? await claimOfPurchase(db, patch.purchaseKey) : undefined) ?? await sameClaim(db, details);
  if (!first) throw new AppError(409, 'This claim could not be stored. Please try again.');
  return { claim: await answer(db, partner, first.id), alreadyClaimed: true, created: false };
}

/** Matches Submitted claims again (the engine has applied their events since): the job, and a member opening the list. */
export async function rematchSubmitted(db: Db, opts: { owner?: Owner; limit?: number } = {}): Promise<number> {
  let moved = 0;
  for (const claim of await submittedClaims(db, { owner: opts.owner, limit: opts.limit ?? 200 })) {
    const patch = await matchClaim(db, claim);
    if (patch.finding === 'processing') continue;
    if (await updateOpenClaim(db, claim.id, 'Submitted', patch)) moved += 1;
  }
  return moved;
}

/** GET /api/Member/Claims: the member's claims, newest first, after matching those still waiting again. */
export async function listClaims(db: Db, opts: { partner: Partner; member: Pick<MemberRow, 'id'> }): Promise<Claim[]> {
  const owner: Owner = { partnerId: opts.partner.id, memberId: opts.member.id };
  await rematchSubmitted(db, { owner, limit: 20 });
  return (await memberClaims(db, owner)).map((r) => toClaim(r, opts.partner));
}

// ------------------------------------------------------------------ the review queue

/**
 * The manual reward an award makes, as the earning policy would have paid the dine: the matched
 * purchase's amounts (refunds, tip and online subtotal as the engine reads them), else the claimed
 * amount, at the partner's earn basis and the member's tier for that dine's year.
 */
async function proposedReward(db: Db, claim: ClaimRow, partner: Partner): Promise<number> {
  const dine = claim.dineId === null ? undefined : await dineById(db, claim.dineId);
  const settings = earningSettingsOf(partner);
  const member = await memberForYear(db, claim.memberId, Number(claim.dineDate.slice(0, 4)));
  const bill = dine?.clearedAmountCents != null ? billOf(dine) : { clearedCents: claim.amountCents, authCents: null, tipCents: null, online: false, subtotalCents: null, refundedCents: 0 };
  // The agent decides that it earns; the policy says how much: the basis at the partner's setting, the rate of the member's tier.
  return rewardFor(basisCents(bill, settings.earnBasis), settings.earnRates[effectiveTier(settings, member)]);
}

export async function reviewClaims(db: Db, opts: { partners: ReadonlyMap<number, Partner>; partnerIds?: readonly number[]; visibleTo?: { demoPrefix: string; memberId: number | null }; filter?: ReviewFilter; limit?: number }): Promise<ReviewClaim[]> {
  const rows = await reviewQueue(db, { partnerIds: opts.partnerIds, visibleTo: opts.visibleTo, filter: opts.filter, limit: opts.limit ?? 100 });
  const out: ReviewClaim[] = [];
  for (const row of rows) {
    const partner = opts.partners.get(row.claim.partnerId);
    if (!partner) continue;
    const proposed = await proposedReward(db, row.claim, partner);
    out.push({
      ...toClaim(row, partner), memberPublicId: row.memberPublicId, memberEmail: row.memberEmail, reviewNote: row.claim.reviewNote,
      proposedReward: paysStatementCredits(partner) ? proposed / 100 : proposed,
    });
  }
  return out;
}

export const NOT_IN_REVIEW = 'This claim is not waiting for review (it was resolved, or it is not in the queue).';
export const EARNED_MEANWHILE = 'This dine has earned its reward meanwhile, so nothing was added. Reject the claim with that reason.';

/**
 * Resolves a claim In review: award (an M manual reward of the proposed amount, Awarded, counted in
 * the year's progress) or reject with a reason. One transaction that locks the member first (the
 * engine's and the payouts' order) and moves the claim only from In review, so a claim is resolved
 * once and never makes two rewards, however often it is sent.
 */
export async function resolveClaim(db: Db, opts: { partner: Partner; claimId: number; resolution: 'award' | 'reject'; note?: string; inPartner?: boolean }): Promise<ClaimRow> {
  const { partner, claimId } = opts;
  const before = await claimWithNames(db, claimId);
  if (!before || before.claim.partnerId !== partner.id) throw AppError.notFound('There is no claim with this id on this site.');
  if (before.claim.status !== 'InReview') throw new AppError(409, NOT_IN_REVIEW);
  const amount = opts.resolution === 'award' ? await proposedReward(db, before.claim, partner) : 0;
  return db.transaction(async (tx) => {
    await lockClaimMember(tx, claimId);
    const claim = await claimForUpdate(tx, claimId);
    if (!claim || claim.status !== 'InReview') throw new AppError(409, NOT_IN_REVIEW);
    const note = opts.note?.trim() || null;
    if (opts.resolution === 'reject') {
      const row = await resolveClaimRow(tx, claimId, { finding: 'rejected', resolution: 'rejected', resolutionNote: note, rewardId: null });
      if (!row) throw new AppError(409, NOT_IN_REVIEW);
      return row;
    }
    const dine = claim.dineId === null ? undefined : await dineById(tx, claim.dineId);
    if (dine && rewardedOrDeferred(dine)) throw new AppError(409, EARNED_MEANWHILE);
    const rewardId = await insertManualReward(tx, {
      partnerId: claim.partnerId, memberId: claim.memberId, dineId: claim.dineId, amount,
      description: `Missing-reward claim ${claim.id}: ${before.merchantName}, ${claim.dineDate}`,
    });
    await addProgress(tx, { memberId: claim.memberId, partnerId: claim.partnerId, year: Number(claim.dineDate.slice(0, 4)), rewards: amount });
    const row = await resolveClaimRow(tx, claimId, { finding: 'awarded', resolution: 'awarded', resolutionNote: note, rewardId });
    if (!row) throw new AppError(409, NOT_IN_REVIEW);
    return row;
  });
}
