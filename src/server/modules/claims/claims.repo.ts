import { and, asc, desc, eq, gte, inArray, like, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { dines, memberCards, memberRewards, members, merchantNetworkLocations, merchants, partners, rewardClaims } from '../../db/schema';
import { dineOf, rewardOf } from '../../db/history-joins';

/**
 * SQL of missing-reward claims (docs/api-claims.md). Every read of a member's claims takes the
 * partner and the member: one member's claims are nobody else's.
 */

export type Owner = { partnerId: number; memberId: number };
export type ClaimRow = typeof rewardClaims.$inferSelect;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function ownCard(db: Db, owner: Owner, cardId: number) {
  const [card] = await db.select({ id: memberCards.id, cardType: memberCards.cardType, lastFour: memberCards.lastFour, token: memberCards.networkToken })
    .from(memberCards).where(and(eq(memberCards.id, cardId), eq(memberCards.partnerId, owner.partnerId), eq(memberCards.memberId, owner.memberId)));
  return card;
}

export async function cardToken(db: Db, cardId: number): Promise<string | undefined> {
  const [card] = await db.select({ token: memberCards.networkToken }).from(memberCards).where(eq(memberCards.id, cardId));
  return card?.token;
}

export async function merchantById(db: Db, id: number) {
  const [m] = await db.select({ id: merchants.id, name: merchants.name, state: merchants.state }).from(merchants).where(eq(merchants.id, id));
  return m;
}

export async function hasNetworkLocation(db: Db, merchantId: number): Promise<boolean> {
  const [l] = await db.select({ id: merchantNetworkLocations.locationId }).from(merchantNetworkLocations).where(eq(merchantNetworkLocations.merchantId, merchantId)).limit(1);
  return l !== undefined;
}

export type InboxEvent = {
  eventId: string;
  type: string;
  transactionId: string;
  amountCents: number;
  localDate: string;
  /** Restaurant-local date and time (YYYY-MM-DDTHH:MM). */
  localDateTime: string;
  processed: boolean;
  outcome: string | null;
  /** The restaurant its network location belongs to; null when no restaurant has it. */
  locationMerchantId: number | null;
};

/**
 * The authorisations and clearings received for a card token dated (restaurant-local) between
 * two days, whatever the engine made of them, with the restaurant of their network location.
 */
export async function cardEvents(db: Db, opts: { token: string; from: string; to: string }): Promise<InboxEvent[]> {
  const found = await rows<{ event_id: string; type: string; transaction_id: string; amount_cents: string | number; local_date: string; local_date_time: string; processed: boolean; outcome: string | null; merchant_id: number | null }>(db, sql`
    select i.event_id, i.type, i.body->>'transactionId' as transaction_id, (i.body->>'amountCents')::bigint as amount_cents,
      substr(i.body->>'localDateTime', 1, 10) as local_date, substr(i.body->>'localDateTime', 1, 16) as local_date_time, i.processed_at is not null as processed, i.outcome, l.merchant_id
    from card_network_inbox i
    left join merchant_network_locations l on l.location_id = i.body->>'merchantLocationId'
    where (i.body->>'cardToken') = ${opts.token} and i.type in ('auth', 'clearing')
      and substr(i.body->>'localDateTime', 1, 10) between ${opts.from} and ${opts.to}
    order by i.id`);
  return found.map((r) => ({
    eventId: r.event_id, type: r.type, transactionId: r.transaction_id, amountCents: Number(r.amount_cents), localDate: r.local_date, localDateTime: r.local_date_time,
    processed: r.processed, outcome: r.outcome, locationMerchantId: r.merchant_id,
  }));
}

export type DineFound = typeof dines.$inferSelect;

/** The member's dines having one of these transaction ids (as their own or as the other half's). */
export async function dinesOfTransactions(db: Db, owner: Owner, ids: readonly string[]): Promise<DineFound[]> {
  if (ids.length === 0) return [];
  return db.select().from(dines).where(and(
    eq(dines.partnerId, owner.partnerId), eq(dines.memberId, owner.memberId),
    or(inArray(dines.transactionId, [...ids]), inArray(dines.aliasTransactionId, [...ids])),
  ));
}

export async function dineById(db: Executor, id: number): Promise<DineFound | undefined> {
  const [d] = await db.select().from(dines).where(eq(dines.id, id));
  return d;
}

/** What re-running qualification needs besides the restaurant's terms. */
export async function qualificationFacts(db: Db, dine: DineFound) {
  const [card] = dine.cardId === null ? [] : await db.select({ createdAt: memberCards.createdAt }).from(memberCards).where(eq(memberCards.id, dine.cardId));
  const [member] = await db.select({ memberType: members.memberType, active: members.active, updatedAt: members.updatedAt }).from(members).where(eq(members.id, dine.memberId));
  const [visits] = await rows<{ n: string | number }>(db, sql`
    select count(*) as n from dines where member_id = ${dine.memberId} and merchant_id = ${dine.merchantId} and qualified
      and substr(local_date, 1, 7) = ${dine.localDate.slice(0, 7)} and occurred_at < ${dine.occurredAt.toISOString()} and id <> ${dine.id}`);
  // There is no closing date: an account closed is closed since its last change (as the engine reads it).
  const closedAt = member && (member.memberType === 'ClosedAccountMember' || !member.active) ? member.updatedAt : null;
  return { cardLinkedAt: card?.createdAt ?? null, accountClosedAt: closedAt, visitsThisMonth: Number(visits?.n ?? 0) };
}

export type NewClaim = typeof rewardClaims.$inferInsert;

/** Stores a claim unless the same claim, or a claim of the same purchase, exists: then nothing (undefined). */
export async function insertClaim(db: Db, claim: NewClaim): Promise<ClaimRow | undefined> {
  const [row] = await db.insert(rewardClaims).values(claim).onConflictDoNothing().returning();
  return row;
}

export async function claimOfPurchase(db: Db, purchaseKey: string): Promise<ClaimRow | undefined> {
  const [row] = await db.select().from(rewardClaims).where(eq(rewardClaims.purchaseKey, purchaseKey));
  return row;
}

export async function sameClaim(db: Db, c: Pick<NewClaim, 'memberId' | 'cardLastFour' | 'merchantId' | 'dineDate' | 'amountCents'>): Promise<ClaimRow | undefined> {
  const [row] = await db.select().from(rewardClaims).where(and(
    eq(rewardClaims.memberId, c.memberId), eq(rewardClaims.cardLastFour, c.cardLastFour), eq(rewardClaims.merchantId, c.merchantId),
    eq(rewardClaims.dineDate, c.dineDate), eq(rewardClaims.amountCents, c.amountCents),
  ));
  return row;
}

export type ClaimPatch = Partial<Pick<ClaimRow, 'status' | 'finding' | 'reason' | 'matchScore' | 'matchedEventId' | 'purchaseKey' | 'dineId' | 'reviewNote'>>;

/** Updates a claim still in `from` status; answers the row, or undefined when it moved on meanwhile (or the purchase is claimed by another). */
export async function updateOpenClaim(db: Db, id: number, from: string, patch: ClaimPatch): Promise<ClaimRow | undefined> {
  const [row] = await db.update(rewardClaims).set({ ...patch, updatedAt: new Date() })
    .where(and(eq(rewardClaims.id, id), eq(rewardClaims.status, from))).returning()
    .catch((err: unknown) => {
      // Another claim took this purchase meanwhile (reward_claims_purchase_uq): keep this one as it was.
      if (isUniqueViolation(err)) return [] as ClaimRow[];
      throw err;
    });
  return row;
}

const claimColumns = {
  claim: rewardClaims,
  merchantName: merchants.name,
  transactionId: dines.transactionId,
  rewardAmount: memberRewards.amount,
};

function claimsWithNames(db: Db) {
  return db.select(claimColumns).from(rewardClaims)
    .innerJoin(merchants, eq(merchants.id, rewardClaims.merchantId))
    .leftJoin(dines, dineOf(rewardClaims))
    .leftJoin(memberRewards, rewardOf(rewardClaims));
}
export type ClaimWithNames = Awaited<ReturnType<ReturnType<typeof claimsWithNames>['where']>>[number];

export const CLAIMS_LISTED = 100;

export function memberClaims(db: Db, owner: Owner): Promise<ClaimWithNames[]> {
  return claimsWithNames(db).where(and(eq(rewardClaims.partnerId, owner.partnerId), eq(rewardClaims.memberId, owner.memberId)))
    .orderBy(desc(rewardClaims.createdAt), desc(rewardClaims.id)).limit(CLAIMS_LISTED);
}

export async function claimWithNames(db: Db, id: number): Promise<ClaimWithNames | undefined> {
  const [row] = await claimsWithNames(db).where(eq(rewardClaims.id, id));
  return row;
}

/** Claims still waiting for the engine (Submitted), oldest first. */
export function submittedClaims(db: Db, opts: { owner?: Owner; limit: number }) {
  return db.select().from(rewardClaims)
    .where(and(eq(rewardClaims.status, 'Submitted'), ...(opts.owner ? [eq(rewardClaims.partnerId, opts.owner.partnerId), eq(rewardClaims.memberId, opts.owner.memberId)] : [])))
    .orderBy(asc(rewardClaims.id)).limit(opts.limit);
}

/**
 * The review queue: claims In review of a partner (of every partner when `partnerId` is absent:
 * the operator command), oldest first; `visibleTo` narrows it to demo accounts and one member
 * (the staging tools).
 */
/** What narrows the review queue in the database, before its limit: why in review, filed before a time, the match score's range. */
export type ReviewFilter = { claimId?: number; finding?: string; filedBefore?: Date; minScore?: number; maxScore?: number };

export function reviewQueue(db: Db, opts: { partnerIds?: readonly number[]; visibleTo?: { demoPrefix: string; memberId: number | null }; filter?: ReviewFilter; limit: number }) {
  const visible = opts.visibleTo
    ? or(like(members.publicId, `${opts.visibleTo.demoPrefix}%`), opts.visibleTo.memberId !== null ? eq(members.id, opts.visibleTo.memberId) : undefined)
    : undefined;
  const f = opts.filter ?? {};
  const narrowed = [
    ...(opts.partnerIds !== undefined ? [inArray(rewardClaims.partnerId, [...opts.partnerIds])] : []),
    ...(f.claimId !== undefined ? [eq(rewardClaims.id, f.claimId)] : []),
    ...(f.finding !== undefined ? [eq(rewardClaims.finding, f.finding)] : []),
    ...(f.filedBefore !== undefined ? [lte(rewardClaims.createdAt, f.filedBefore)] : []),
    ...(f.minScore !== undefined ? [gte(rewardClaims.matchScore, f.minScore)] : []),
    ...(f.maxScore !== undefined ? [lte(rewardClaims.matchScore, f.maxScore)] : []),
  ];
  return db.select({ ...claimColumns, memberPublicId: members.publicId, memberEmail: members.email }).from(rewardClaims)
    .innerJoin(merchants, eq(merchants.id, rewardClaims.merchantId))
    .innerJoin(members, eq(members.id, rewardClaims.memberId))
    .leftJoin(dines, dineOf(rewardClaims))
    .leftJoin(memberRewards, rewardOf(rewardClaims))
    .where(and(eq(rewardClaims.status, 'InReview'), ...narrowed, visible))
    .orderBy(asc(rewardClaims.id)).limit(opts.limit);
}

/** The member of a claim, locked (the engine's and the payouts' lock order: members first). */
export async function lockClaimMember(tx: Tx, claimId: number) {
  const found = await rows<{ id: number }>(tx, sql`
    select m.id from members m where m.id = (select member_id from reward_claims where id = ${claimId}) for update`);
  return found[0]?.id;
}

export async function claimForUpdate(tx: Tx, id: number): Promise<ClaimRow | undefined> {
  const found = await tx.select().from(rewardClaims).where(eq(rewardClaims.id, id)).for('update');
  return found[0];
}

export async function insertManualReward(tx: Tx, r: { partnerId: number; memberId: number; dineId: number | null; amount: number; description: string }) {
  const [row] = await tx.insert(memberRewards).values({
    partnerId: r.partnerId, memberId: r.memberId, dineId: r.dineId, sourceCode: 'M', amount: r.amount, status: 'Awarded', description: r.description,
  }).returning({ id: memberRewards.id });
  return row!.id;
}

/** A dine the engine missed, awarded by hand, counts in the year's progress like any qualified dine. */
export async function addProgress(tx: Tx, p: { memberId: number; partnerId: number; year: number; rewards: number }) {
  await tx.execute(sql`
    insert into member_progress (member_id, year, partner_id, qualified_dines, rewards) values (${p.memberId}, ${p.year}, ${p.partnerId}, 1, ${p.rewards})
    on conflict (member_id, year) do update set qualified_dines = member_progress.qualified_dines + 1, rewards = member_progress.rewards + excluded.rewards, updated_at = now()`);
}

export async function progressOf(db: Db, memberId: number, years: readonly number[]) {
  const found = await rows<{ year: number; qualified_dines: number }>(db, sql`
    select year, qualified_dines from member_progress where member_id = ${memberId} and year = any(array(select (jsonb_array_elements_text(${JSON.stringify(years)}::jsonb))::smallint))`);
  return new Map(found.map((r) => [Number(r.year), Number(r.qualified_dines)]));
}

export async function resolveClaimRow(tx: Tx, id: number, patch: Pick<ClaimRow, 'finding' | 'resolution' | 'resolutionNote' | 'rewardId'>) {
  const [row] = await tx.update(rewardClaims).set({ ...patch, status: 'Resolved', resolvedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(rewardClaims.id, id), eq(rewardClaims.status, 'InReview'))).returning();
  return row;
}

/** The partner's earning settings (rules/rewards/policy.ts). */
export async function partnerEarning(db: Db, partnerId: number) {
  const [p] = await db.select({ earnRates: partners.earnRates, hasVIP: partners.hasVIP, earnBasis: partners.earnBasis, acclaimed2Enabled: partners.acclaimed2Enabled, vipQualifyingDines: partners.vipQualifyingDines })
    .from(partners).where(eq(partners.id, partnerId));
  return p;
}

export async function memberById(db: Db, id: number) {
  const [m] = await db.select().from(members).where(eq(members.id, id));
  return m;
}
