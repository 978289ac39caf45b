import { createHash, randomUUID } from 'node:crypto';
import { and, count, desc, eq, gte, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { balanceEntries, memberCards, members, redemptions, type MemberRow, type PartnerRow, type RedemptionRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { HOLD_REASONS, MASKED_CARD_PLACEHOLDER, REDEMPTION_TERMS } from '#shared/constants/redemptions';
import type { Redemption, RedemptionOptionsResponse, RedemptionRequest, RedemptionsPage } from '#shared/schemas/redemptions';
import {
  amountProblem, balanceShortText, GIFT_CARDS_UNAVAILABLE, payoutCardLabel, holdReason, isFinal, limitProblem, moneyText, optionsFor, type Usage,
} from '#shared/rules/redemptions';
import { payoutBreakpointCents, paysStatementCredits } from '#shared/rules/partner-features';
import { recordRedemptionMail } from '../notifications';
import { balanceCents, writeRedeemed } from './ledger';

/**
 * Redemptions (issue 28, docs/features/redemptions.md): the member's calls. A redemption is made in
 * one transaction that locks the member, sums the ledger, checks the limits, inserts the
 * redemption and its `redeemed` entry: concurrent requests of one member take turns, so they can
 * never overdraw. Sending is the job's (send.ts); every status change is transitions.ts's.
 */

export type Who = { partner: PartnerRow; member: MemberRow };
const ownerOf = ({ partner, member }: Who) => ({ partnerId: partner.id, memberId: member.id });

export const KEY_REUSED = 'This Idempotency-Key was already used for a different redemption. Use a new key for a new redemption.';
/** Statuses whose amount left the balance for good or for now: they count against the limits and as earlier redemptions. */
const NOT_RETURNED = notInArray(redemptions.status, ['rejected', 'error']);

/** Redemptions exist for cash-back partners only (404 elsewhere, like the statement-credit calls). */
export function requireRedemptions(partner: PartnerRow): void {
  if (!paysStatementCredits(partner)) throw AppError.notFound('Redemptions are offered by cash-back programmes only.');
}


export function newRedemptionId(prefix: 'rd' | 'cr' = 'rd'): string {
  return `${prefix}_${randomUUID().replace(/-/g, '')}`;
}

// ------------------------------------------------------------------ reading

/** A redemption as the member reads it: masked destination, steps so far, what happened to the money. */
export function toApi(row: RedemptionRow): Redemption {
  const terms = REDEMPTION_TERMS[row.option];
  const steps: Redemption['steps'] = [{ status: 'pending', at: row.createdAt.toISOString() }];
  if (row.receivedAt && row.status !== 'pending') steps.push({ status: 'pending_received', at: row.receivedAt.toISOString() });
  if (isFinal(row.status)) steps.push({ status: row.status, at: (row.finishedAt ?? row.updatedAt).toISOString() });
  const held = row.holdReason && !row.releasedAt && row.status === 'pending' ? row.holdReason : null;
  return {
    redemptionId: row.creditId,
    option: row.option,
    label: terms.label,
    delivery: row.delivery,
    brand: terms.brand,
    amountCents: row.amountCents,
    feeCents: row.feeCents,
    status: row.status,
    destination: row.targetLabel,
    maskedCard: terms.brand ? MASKED_CARD_PLACEHOLDER : null,
    automatic: row.automatic,
    hold: held ? { reason: held, text: HOLD_REASONS[held] } : null,
    reason: row.status === 'rejected' || row.status === 'error' ? row.note ?? 'It could not be paid.' : null,
    money: moneyText(row.status, row.amountCents),
    steps,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Set aside by redemptions not finished yet, in cents. */
async function inFlightCents(db: Db, owner: { partnerId: number; memberId: number }): Promise<number> {
  const [row] = await db.select({ cents: sql<number>`coalesce(sum(${redemptions.amountCents}), 0)`.mapWith(Number) }).from(redemptions)
    .where(and(eq(redemptions.partnerId, owner.partnerId), eq(redemptions.memberId, owner.memberId), inArray(redemptions.status, ['pending', 'pending_received'])));
  return row?.cents ?? 0;
}

async function linkedCards(db: Db, owner: { partnerId: number; memberId: number }) {
  return db.select({ id: memberCards.id, cardType: memberCards.cardType, lastFour: memberCards.lastFour, createdAt: memberCards.createdAt }).from(memberCards)
    .where(and(eq(memberCards.partnerId, owner.partnerId), eq(memberCards.memberId, owner.memberId))).orderBy(desc(memberCards.id));
}

/** Pending e-mail change of the member, when the members module offers one (issue 28 item 5). */
export type PendingEmail = (db: Db, memberId: number) => Promise<string | null>;

export type OptionDeps = { pendingEmail?: PendingEmail; giftCards: boolean };

export async function redemptionOptions(db: Db, who: Who, deps: OptionDeps): Promise<RedemptionOptionsResponse> {
  requireRedemptions(who.partner);
  const owner = ownerOf(who);
  const [balance, inFlight, cards, pendingChange] = await Promise.all([
    balanceCents(db, owner), inFlightCents(db, owner), linkedCards(db, owner), deps.pendingEmail ? deps.pendingEmail(db, who.member.id) : Promise.resolve(null),
  ]);
  return {
    balanceCents: balance,
    inFlightCents: inFlight,
    autoStatementCredit: { enabled: who.member.autoStatementCredit, breakpointCents: payoutBreakpointCents(who.partner) },
    email: { address: who.member.email, pendingChange },
    cards: cards.map((c) => ({ cardId: c.id, label: payoutCardLabel(c) })),
    options: optionsFor({ balanceCents: balance, hasLinkedCard: cards.length > 0, giftCardsAvailable: deps.giftCards }),
  };
}

export async function redemptionsPage(db: Db, who: Who, page: { pageNo: number; resultsPerPage: number }): Promise<RedemptionsPage> {
  requireRedemptions(who.partner);
  const own = and(eq(redemptions.partnerId, who.partner.id), eq(redemptions.memberId, who.member.id));
  const [rows, [total]] = await Promise.all([
    db.select().from(redemptions).where(own).orderBy(desc(redemptions.createdAt), desc(redemptions.id))
      .limit(page.resultsPerPage).offset((page.pageNo - 1) * page.resultsPerPage),
    db.select({ n: count() }).from(redemptions).where(own),
  ]);
  const n = total?.n ?? 0;
  return { data: rows.map(toApi), totalResultSize: n, totalPages: Math.ceil(n / page.resultsPerPage) };
}

export async function redemptionOf(db: Db, who: Who, redemptionId: string): Promise<Redemption> {
  requireRedemptions(who.partner);
  const [row] = await db.select().from(redemptions)
    .where(and(eq(redemptions.creditId, redemptionId), eq(redemptions.partnerId, who.partner.id), eq(redemptions.memberId, who.member.id)));
  if (!row) throw AppError.notFound('There is no such redemption on your account.');
  return toApi(row);
}

export async function setAutoStatementCredit(db: Db, who: Who, enabled: boolean, deps: OptionDeps): Promise<RedemptionOptionsResponse> {
  requireRedemptions(who.partner);
  const [member] = await db.update(members).set({ autoStatementCredit: enabled, updatedAt: new Date() })
    .where(and(eq(members.id, who.member.id), eq(members.partnerId, who.partner.id))).returning();
  return redemptionOptions(db, { partner: who.partner, member: member ?? who.member }, deps);
}

// ------------------------------------------------------------------ limits

const startOfUtcDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
const startOfUtcMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

async function usageOf(db: Db, where: ReturnType<typeof and>, now: Date): Promise<Usage> {
  const day = startOfUtcDay(now).toISOString();
  const [row] = await db.select({
    dayCount: sql<number>`count(*) filter (where ${redemptions.createdAt} >= ${day}::timestamptz)`.mapWith(Number),
    dayCents: sql<number>`coalesce(sum(${redemptions.amountCents}) filter (where ${redemptions.createdAt} >= ${day}::timestamptz), 0)`.mapWith(Number),
    monthCount: sql<number>`count(*)`.mapWith(Number),
    monthCents: sql<number>`coalesce(sum(${redemptions.amountCents}), 0)`.mapWith(Number),
  }).from(redemptions).where(and(where, NOT_RETURNED, gte(redemptions.createdAt, startOfUtcMonth(now))));
  return row ?? { dayCount: 0, dayCents: 0, monthCount: 0, monthCents: 0 };
}

/**
 * A partner's totals are read at most every few seconds per process (a programme-wide brake on a
 * runaway, not a member's promise): summing a month of a partner's redemptions on every request
 * would cost more than the redemption. Requests in between add to the cached totals.
 */
const PARTNER_USAGE_TTL_MS = 5_000;
const partnerUsage = new Map<number, { at: number; usage: Usage }>();

async function partnerUsageOf(db: Db, partnerId: number, now: Date): Promise<Usage> {
  const cached = partnerUsage.get(partnerId);
  if (cached && now.getTime() - cached.at < PARTNER_USAGE_TTL_MS && startOfUtcDay(new Date(cached.at)).getTime() === startOfUtcDay(now).getTime()) return cached.usage;
  const usage = await usageOf(db, eq(redemptions.partnerId, partnerId), now);
  partnerUsage.set(partnerId, { at: now.getTime(), usage });
  return usage;
}

function countInPartnerUsage(partnerId: number, amountCents: number): void {
  const cached = partnerUsage.get(partnerId);
  if (!cached) return;
  cached.usage = { dayCount: cached.usage.dayCount + 1, dayCents: cached.usage.dayCents + amountCents, monthCount: cached.usage.monthCount + 1, monthCents: cached.usage.monthCents + amountCents };
}

// ------------------------------------------------------------------ making one

/**
 * What a new redemption is checked against, in one statement (the member locked): whether the
 * key was used already, the balance (Σ ledger), the member's earlier redemptions not given back,
 * and their own usage this UTC day and month (automatic statement credits are the programme's,
 * not theirs, and do not count).
 */
async function standing(tx: Db, owner: { partnerId: number; memberId: number }, now: Date, key: string): Promise<{ balance: number; prior: number; usage: Usage; keyUsed: boolean }> {
  const day = startOfUtcDay(now).toISOString();
  const month = startOfUtcMonth(now).toISOString();
  const result = await tx.execute(sql`
    select
      (select coalesce(sum(e.amount_cents), 0) from ${balanceEntries} e where e.partner_id = ${owner.partnerId} and e.member_id = ${owner.memberId})::bigint as balance,
      count(*) filter (where r.status not in ('rejected', 'error'))::int as prior,
      count(*) filter (where r.idempotency_key = ${key})::int as key_used,
      count(*) filter (where ${ownUsage} and r.created_at >= ${day}::timestamptz)::int as day_count,
      coalesce(sum(r.amount_cents) filter (where ${ownUsage} and r.created_at >= ${day}::timestamptz), 0)::bigint as day_cents,
      count(*) filter (where ${ownUsage} and r.created_at >= ${month}::timestamptz)::int as month_count,
      coalesce(sum(r.amount_cents) filter (where ${ownUsage} and r.created_at >= ${month}::timestamptz), 0)::bigint as month_cents
    from ${redemptions} r where r.member_id = ${owner.memberId} and r.partner_id = ${owner.partnerId}`);
  const row = (result as unknown as { rows: Array<Record<string, string | number>> }).rows[0]!;
  const n = (k: string) => Number(row[k] ?? 0);
  return { balance: n('balance'), prior: n('prior'), keyUsed: n('key_used') > 0, usage: { dayCount: n('day_count'), dayCents: n('day_cents'), monthCount: n('month_count'), monthCents: n('month_cents') } };
}
const ownUsage = sql.raw(`r.automatic = false and r.status not in ('rejected', 'error')`);

const requestHashOf = (body: RedemptionRequest) => createHash('sha256').update(JSON.stringify([body.option, body.amountCents, body.delivery, body.cardId ?? null])).digest('hex');

async function byKey(db: Db, memberId: number, key: string): Promise<RedemptionRow | undefined> {
  const [row] = await db.select().from(redemptions).where(and(eq(redemptions.memberId, memberId), eq(redemptions.idempotencyKey, key)));
  return row;
}

function replay(row: RedemptionRow, hash: string): { created: false; redemption: Redemption } {
  // eslint-disable-next-line local/no-plain-secret-compare -- a fingerprint of the caller's own request body (to tell a replay from a reused key), not a secret
  if (row.requestHash !== hash) throw new AppError(422, KEY_REUSED, { code: 'idempotencyKeyReused' });
  return { created: false, redemption: toApi(row) };
}

/**
 * Makes a redemption: 201 with it, or 200 with the one the same Idempotency-Key made. 409 when the
 * balance does not cover it or a limit would be passed; 400 for an amount outside the option's
 * bounds or a card that is not the member's.
 */
export async function createRedemption(db: Db, who: Who, input: { body: RedemptionRequest; idempotencyKey: string; giftCards: boolean; now?: Date }): Promise<{ created: boolean; redemption: Redemption }> {
  requireRedemptions(who.partner);
  const { body } = input;
  const now = input.now ?? new Date();
  const hash = requestHashOf(body);
  if (REDEMPTION_TERMS[body.option].brand && !input.giftCards) throw new AppError(409, GIFT_CARDS_UNAVAILABLE);
  const problem = amountProblem(body.option, body.amountCents);
  if (problem) throw AppError.badRequest(problem, [{ field: 'amountCents', message: problem }]);
  const owner = ownerOf(who);
  const partnerTotals = await partnerUsageOf(db, who.partner.id, now);
  try {
    const made = await db.transaction(async (tx) => {
      // The member's row, locked: their redemptions and payouts take turns from here to the commit.
      const [member] = await tx.select().from(members).where(and(eq(members.id, owner.memberId), eq(members.partnerId, owner.partnerId))).for('update');
      if (!member) throw AppError.notFound('There is no such member.');
      const { balance, prior, usage, keyUsed } = await standing(tx, owner, now, input.idempotencyKey);
      if (keyUsed) return { again: await byKey(tx, member.id, input.idempotencyKey) };
      if (member.memberType === 'ClosedAccountMember') throw AppError.forbidden('This account is closed.');
      if (balance < body.amountCents) throw new AppError(409, balanceShortText(balance, body.amountCents), { code: 'balanceShort' });
      const limit = limitProblem(usage, partnerTotals, body.amountCents);
      if (limit) throw new AppError(409, limit, { code: 'limitReached' });
      let card: Awaited<ReturnType<typeof linkedCards>>[number] | undefined;
      if (body.option === 'statementCredit') {
        card = (await linkedCards(tx, owner)).find((c) => c.id === body.cardId);
        if (!card) throw AppError.badRequest('That card is not linked to your account.', [{ field: 'cardId', message: 'That card is not linked to your account.' }]);
      }
      const hold = holdReason({
        now, priorRedemptions: prior, joinedAt: member.joinDate, emailChangedAt: member.emailChangedAt ?? null,
        payoutCardLinkedAt: card?.createdAt ?? null, delivery: body.delivery,
      });
      const terms = REDEMPTION_TERMS[body.option];
      const [row] = await tx.insert(redemptions).values({
        creditId: newRedemptionId(), partnerId: who.partner.id, memberId: member.id, option: body.option, delivery: body.delivery,
        amountCents: body.amountCents, feeCents: terms.feeCents,
        targetType: card ? 'card' : 'other', targetLabel: card ? payoutCardLabel(card) : member.email,
        benefitProcessor: card ? card.cardType : terms.brand ?? 'Gift card', cardId: card?.id ?? null, recipientEmail: card ? null : member.email,
        status: 'pending', idempotencyKey: input.idempotencyKey, requestHash: hash, holdReason: hold, nextAttemptAt: now, createdAt: now, updatedAt: now,
      }).returning();
      await writeRedeemed(tx, { ...owner, redemptionId: row!.id, amountCents: row!.amountCents });
      await recordRedemptionMail(tx, { ...owner, kind: 'redemptionReceived', redemptionId: row!.id });
      return { row: row! };
    });
    if ('again' in made) return replay(made.again!, hash);
    countInPartnerUsage(who.partner.id, body.amountCents);
    return { created: true, redemption: toApi(made.row) };
  } catch (err) {
    // The same key from two requests at once: the other one made it.
    if (isUniqueViolation(err)) {
      const row = await byKey(db, who.member.id, input.idempotencyKey);
      if (row) return replay(row, hash);
    }
    throw err;
  }
}

