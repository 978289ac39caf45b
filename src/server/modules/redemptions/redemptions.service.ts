import { createHash, randomUUID } from 'node:crypto';
import { and, count, desc, eq, gte, inArray, notInArray, sql } from 'drizzle-orm';
import { runPrepared, type Db, type PreparedStatement } from '../../db/client';
import { rowOf } from '../../db/raw-rows';
import { memberCards, members, redemptions, type MemberRow, type PartnerRow, type RedemptionRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { pgCode } from '../../lib/db-errors';
import { HOLD_REASONS, MASKED_CARD_PLACEHOLDER, REDEMPTION_TERMS } from '#shared/constants/redemptions';
import type { Redemption, RedemptionOptionsResponse, RedemptionRequest, RedemptionsPage } from '#shared/schemas/redemptions';
import {
  amountProblem, balanceShortText, GIFT_CARDS_UNAVAILABLE, payoutCardLabel, holdReason, isFinal, limitProblem, moneyText, OPEN_STATUSES, optionsFor, RETURNED_STATUSES, type Usage,
} from '#shared/rules/redemptions';
import type { RedemptionMailKind } from '#shared/rules/notifications';
import { payoutBreakpointCents, paysStatementCredits } from '#shared/rules/partner-features';
import { balanceCents } from './ledger';

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
const NOT_RETURNED = notInArray(redemptions.status, [...RETURNED_STATUSES]);

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
    .where(and(eq(redemptions.partnerId, owner.partnerId), eq(redemptions.memberId, owner.memberId), inArray(redemptions.status, [...OPEN_STATUSES])));
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
 * What a new redemption is checked against, read in one statement (one snapshot): the member,
 * their ledgerSeq, whether the key was used already, the balance (Σ ledger), the member's earlier
 * redemptions not given back, their own usage this UTC day and month (automatic statement credits
 * are the programme's, not theirs, and do not count) and the card a statement credit goes to.
 * Kept prepared on each PostgreSQL connection (runPrepared): it runs on every redemption.
 */
/** The member's own usage: redemptions they asked for, not given back. */
/** RETURNED_STATUSES as SQL text (fixed words of the rules, not input) for the prepared statement. */
const RETURNED_SQL = `(${RETURNED_STATUSES.map((s) => `'${s}'`).join(', ')})`;
const OWN_USAGE = `r.automatic = false and r.status not in ${RETURNED_SQL}`;

const STANDING: PreparedStatement = {
  name: 'redemption_standing_v1',
  text: `
    select m.member_type, m.join_date, m.email, m.email_changed_at, m.ledger_seq,
      (select coalesce(sum(e.amount_cents), 0) from balance_entries e where e.partner_id = m.partner_id and e.member_id = m.id)::bigint as balance,
      s.prior, s.key_used, s.day_count, s.day_cents, s.month_count, s.month_cents,
      c.id as card_id, c.card_type, c.last_four, c.created_at as card_created_at
    from members m
    cross join lateral (
      select
        count(*) filter (where r.status not in ${RETURNED_SQL})::int as prior,
        count(*) filter (where r.idempotency_key = $3)::int as key_used,
        count(*) filter (where ${OWN_USAGE} and r.created_at >= $4::timestamptz)::int as day_count,
        coalesce(sum(r.amount_cents) filter (where ${OWN_USAGE} and r.created_at >= $4::timestamptz), 0)::bigint as day_cents,
        count(*) filter (where ${OWN_USAGE} and r.created_at >= $5::timestamptz)::int as month_count,
        coalesce(sum(r.amount_cents) filter (where ${OWN_USAGE} and r.created_at >= $5::timestamptz), 0)::bigint as month_cents
      from redemptions r where r.member_id = m.id and r.partner_id = m.partner_id) s
    left join member_cards c on c.id = $6::int and c.member_id = m.id and c.partner_id = m.partner_id
    where m.id = $2 and m.partner_id = $1`,
};

type StandingRow = {
  member_type: MemberRow['memberType']; join_date: Date | string; email: string; email_changed_at: Date | string | null; ledger_seq: number;
  balance: string | number; prior: number; key_used: number; day_count: number; day_cents: string | number; month_count: number; month_cents: string | number;
  card_id: number | null; card_type: string | null; last_four: string | null; card_created_at: Date | string | null;
};

/**
 * The redemption, its `redeemed` entry and its "received" mail (the row recordRedemptionMail
 * writes), in one statement that first moves the member's ledgerSeq on from the value STANDING
 * read: when anything took money out since (another redemption, a payout), the update finds no
 * row, nothing is written and the caller reads again. One statement is atomic: all three rows
 * or none.
 */
const REDEEM: PreparedStatement = {
  name: 'redemption_insert_v1',
  text: `
    with m as (
      update members set ledger_seq = ledger_seq + 1 where id = $2 and partner_id = $1 and ledger_seq = $3 returning id, partner_id
    ), r as (
      insert into redemptions (credit_id, partner_id, member_id, option, delivery, amount_cents, fee_cents, target_type, target_label,
        benefit_processor, card_id, recipient_email, status, idempotency_key, request_hash, hold_reason, next_attempt_at, created_at, updated_at)
      select $4, m.partner_id, m.id, $5, $6, $7::int, $8::int, $9, $10, $11, $12::int, $13, 'pending', $14, $15, $16, $17::timestamptz, $17::timestamptz, $17::timestamptz
      from m returning *
    ), e as (
      insert into balance_entries (partner_id, member_id, amount_cents, kind, redemption_id) select r.partner_id, r.member_id, -r.amount_cents, 'redeemed', r.id from r
    ), n as (
      insert into notifications (partner_id, member_id, kind, subject_id, status) select r.partner_id, r.member_id, $18, r.id, 'pending' from r
      on conflict (kind, subject_id, member_id) do nothing
    )
    select * from r`,
};
const RECEIVED_MAIL: RedemptionMailKind = 'redemptionReceived';

/** Tries of read-then-write a redemption makes when other changes to the member's money keep coming first. */
const MAX_TRIES = 50;

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

const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

type Attempt = { row: RedemptionRow } | { again: RedemptionRow } | 'moved';

/**
 * One try: read the standing, check it (the same rules and messages whoever reads), write if the
 * member's ledgerSeq has not moved. 'moved': something took money out in between; read again.
 */
async function attemptRedemption(db: Db, who: Who, input: { body: RedemptionRequest; idempotencyKey: string; now: Date; hash: string; partnerTotals: Usage }): Promise<Attempt> {
  const { body, now } = input;
  const [st] = await runPrepared<StandingRow>(db, STANDING, [
    who.partner.id, who.member.id, input.idempotencyKey, startOfUtcDay(now).toISOString(), startOfUtcMonth(now).toISOString(), body.cardId ?? null,
  ]);
  if (!st) throw AppError.notFound('There is no such member.');
  if (st.key_used > 0) {
    const again = await byKey(db, who.member.id, input.idempotencyKey);
    if (again) return { again };
  }
  if (st.member_type === 'ClosedAccountMember') throw AppError.forbidden('This account is closed.');
  const balance = Number(st.balance);
  if (balance < body.amountCents) throw new AppError(409, balanceShortText(balance, body.amountCents), { code: 'balanceShort' });
  const usage: Usage = { dayCount: st.day_count, dayCents: Number(st.day_cents), monthCount: st.month_count, monthCents: Number(st.month_cents) };
  const limit = limitProblem(usage, input.partnerTotals, body.amountCents);
  if (limit) throw new AppError(409, limit, { code: 'limitReached' });
  const card = body.option === 'statementCredit' && st.card_id !== null
    ? { id: st.card_id, cardType: st.card_type!, lastFour: st.last_four!, createdAt: toDate(st.card_created_at!) } : undefined;
  if (body.option === 'statementCredit' && !card) {
    throw AppError.badRequest('That card is not linked to your account.', [{ field: 'cardId', message: 'That card is not linked to your account.' }]);
  }
  const hold = holdReason({
    now, priorRedemptions: st.prior, joinedAt: toDate(st.join_date), emailChangedAt: st.email_changed_at === null ? null : toDate(st.email_changed_at),
    payoutCardLinkedAt: card?.createdAt ?? null, delivery: body.delivery,
  });
  const terms = REDEMPTION_TERMS[body.option];
  const [raw] = await runPrepared<Record<string, unknown>>(db, REDEEM, [
    who.partner.id, who.member.id, st.ledger_seq, newRedemptionId(), body.option, body.delivery, body.amountCents, terms.feeCents,
    card ? 'card' : 'other', card ? payoutCardLabel(card) : st.email, card ? card.cardType : terms.brand ?? 'Gift card', card?.id ?? null,
    card ? null : st.email, input.idempotencyKey, input.hash, hold, now.toISOString(), RECEIVED_MAIL,
  ]);
  return raw ? { row: rowOf(redemptions, raw) } : 'moved';
}

/**
 * Makes a redemption: 201 with it, or 200 with the one the same Idempotency-Key made. 409 when the
 * balance does not cover it or a limit would be passed; 400 for an amount outside the option's
 * bounds or a card that is not the member's.
 *
 * No transaction and no lock held across round trips: one statement reads, the rules decide, one
 * statement writes only if the member's ledgerSeq is still what was read (optimistic; a loser
 * reads again and meets the winner's redemption in the balance, the limits and the key). Two
 * statements instead of a transaction's seven: the difference between about 280 and over 500
 * redemptions a second (bench/RESULTS.md).
 */
export async function createRedemption(db: Db, who: Who, input: { body: RedemptionRequest; idempotencyKey: string; giftCards: boolean; now?: Date }): Promise<{ created: boolean; redemption: Redemption }> {
  requireRedemptions(who.partner);
  const { body } = input;
  const now = input.now ?? new Date();
  const hash = requestHashOf(body);
  if (REDEMPTION_TERMS[body.option].brand && !input.giftCards) throw new AppError(409, GIFT_CARDS_UNAVAILABLE);
  const problem = amountProblem(body.option, body.amountCents);
  if (problem) throw AppError.badRequest(problem, [{ field: 'amountCents', message: problem }]);
  const partnerTotals = await partnerUsageOf(db, who.partner.id, now);
  for (let tries = 0; tries < MAX_TRIES; tries += 1) {
    let made: Attempt;
    try {
      made = await attemptRedemption(db, who, { body, idempotencyKey: input.idempotencyKey, now, hash, partnerTotals });
    } catch (err) {
      // The card went between the read and the write (its row is gone): read again, and answer that it is not linked.
      if (pgCode(err) === '23503') continue;
      throw err;
    }
    if (made === 'moved') continue;
    if ('again' in made) return replay(made.again, hash);
    countInPartnerUsage(who.partner.id, body.amountCents);
    return { created: true, redemption: toApi(made.row) };
  }
  throw new AppError(503, 'Your balance is changing right now. Please try again in a moment.', { retryAfterSeconds: 1 });
}
