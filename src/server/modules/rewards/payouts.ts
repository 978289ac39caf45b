import { and, asc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { balanceEntries, dines, memberCards, memberRewards, members, partners, redemptions } from '../../db/schema';
import { dineOf } from '../../db/history-joins';
import { balancesOf, moveRedemption, newRedemptionId, writeRedeemed } from '../redemptions';
import { CURRENCY_TYPES } from '#shared/constants/partner';
import type { RedemptionStatus } from '#shared/constants/rewards';
import { payoutBreakpointCents, paysStatementCredits } from '#shared/rules/partner-features';
import { OPEN_STATUSES, payoutCardLabel } from '#shared/rules/redemptions';
import { builtInLedger, type LedgerPosting, type PartnerLedgerAdapter } from './partner-ledger';

/**
 * Paying out (docs/rewards-engine.md §5, docs/api-rewards.md "Payouts"), two scheduled jobs:
 *
 * - Mile and Point partners: Awarded rewards are posted to the partner's ledger (an adapter) and
 *   marked Paid with the posting's reference.
 * - Dollar and Credit partners: the balance is the member's ledger (redemptions/ledger.ts, fed by
 *   a database trigger on member_rewards); at the payout breakpoint, for members who keep the
 *   automatic credit on, a statement-credit redemption of the whole balance is written with its
 *   `redeemed` entry in one transaction and the rewards it pays become Paid (the member reads them
 *   as paying out until the credit completes, rewards.service.ts). A processor settles open
 *   statement credits (automatic or chosen) on the next run through the redemptions' status
 *   machine: completed (the rewards' paidAt becomes the completion), or rejected / error with the
 *   money returned by its own entry and the rewards Awarded again.
 *
 * Exactly once: each step is one transaction that locks the members first, in id order (as the
 * engine does, so neither waits on the other in a cycle), skipping members another transaction
 * holds (the engine applying their events: they are paid next run). A reward leaves Awarded in the
 * same transaction that records what paid it (payout_ref), so a retried or repeated run finds
 * nothing to pay twice; a run that fails midway commits nothing.
 */

const LEDGER_CURRENCIES = CURRENCY_TYPES.filter((c) => !paysStatementCredits({ currencyType: c }));
const CASH_CURRENCIES = CURRENCY_TYPES.filter((c) => paysStatementCredits({ currencyType: c }));
const DEFAULT_BATCH = 500;
/**
 * Miles and points go to the partner a day after the dine (a daily accrual file): the member sees
 * the reward Awarded first, then Paid. Statement credits wait for nothing but the breakpoint.
 */
export const POSTING_DELAY_MS = 86_400_000;

type RunOptions = { now?: Date; batch?: number };

/**
 * Members (after `after`, in id order) with Awarded rewards on partners paying in these currencies
 * (the partial index member_rewards_awarded finds them), and, with `returned`, members whose
 * balance a rejected or failed redemption gave money back to in the last two days (the partial
 * index balance_entries_returned): an earlier automatic credit may have marked all their rewards
 * Paid, and the money back is theirs to be paid at the breakpoint like any other.
 */
async function membersToPay(db: Db, opts: { currencies: readonly string[]; after: number; limit: number; returned?: boolean }): Promise<number[]> {
  const currencies = sql`(select jsonb_array_elements_text(${JSON.stringify(opts.currencies)}::jsonb))`;
  const result = await db.execute(sql`
    select id from (
      select r.member_id as id from ${memberRewards} r join ${partners} p on p.id = r.partner_id
      where r.status = 'Awarded' and p.currency_type::text in ${currencies} and r.member_id > ${opts.after}
      ${opts.returned ? sql`union select e.member_id from ${balanceEntries} e join ${partners} p on p.id = e.partner_id
        where e.kind = 'returned' and e.created_at > now() - interval '2 days' and p.currency_type::text in ${currencies} and e.member_id > ${opts.after}` : sql``}
    ) u group by id order by id limit ${opts.limit}`);
  return (result as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
}

/**
 * Locks the members in id order, skipping any another transaction holds (they are paid next run).
 * `spending` (a statement credit takes money out of the balance): their ledgerSeq moves on too, so
 * a redemption that read a member's balance before this lock is not written on it
 * (redemptions.service.ts createRedemption reads again and sees the credit).
 */
async function lockMembersSkipping(tx: Db, ids: readonly number[], opts: { spending?: boolean } = {}): Promise<number[]> {
  if (ids.length === 0) return [];
  const locking = tx.select({ id: members.id }).from(members).where(inArray(members.id, [...ids])).orderBy(asc(members.id))
    .for('update', { skipLocked: true });
  if (!opts.spending) return (await locking).map((r) => r.id);
  const rows = await tx.update(members).set({ ledgerSeq: sql`${members.ledgerSeq} + 1` }).where(inArray(members.id, locking)).returning({ id: members.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Awarded → Paid for the given rewards, each with what paid it; only rows still Awarded change. */
async function markPaid(tx: Db, paid: ReadonlyArray<{ rewardId: number; ref: string }>, now: Date): Promise<number> {
  if (paid.length === 0) return 0;
  const rows = await tx.execute(sql`
    update member_rewards r set status = 'Paid', paid_at = ${now.toISOString()}::timestamptz, payout_ref = x.ref, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(paid.map((p) => ({ id: p.rewardId, ref: p.ref })))}::jsonb) as x(id bigint, ref text)
    where r.id = x.id and r.status = 'Awarded'
    returning r.id`);
  return (rows as unknown as { rows: unknown[] }).rows.length;
}

// ------------------------------------------------------------------ Mile and Point partners

/**
 * Posts Awarded rewards of Mile and Point partners to the partner ledger and marks them Paid:
 * those earned (the dine, else the reward's creation) at least `postAfterMs` before `now`.
 */
export async function postPartnerRewards(db: Db, opts: RunOptions & { adapter?: PartnerLedgerAdapter; postAfterMs?: number } = {}): Promise<{ posted: number; refused: number }> {
  const adapter = opts.adapter ?? builtInLedger;
  const now = opts.now ?? new Date();
  const earnedBy = new Date(now.getTime() - (opts.postAfterMs ?? POSTING_DELAY_MS));
  const earnedAt = sql`case when ${memberRewards.sourceCode} = 'S' and ${dines.occurredAt} is not null then ${dines.occurredAt} else ${memberRewards.createdAt} end`;
  const limit = opts.batch ?? DEFAULT_BATCH;
  const total = { posted: 0, refused: 0 };
  for (let after = 0; ;) {
    const ids = await membersToPay(db, { currencies: LEDGER_CURRENCIES, after, limit });
    if (ids.length === 0) break;
    after = ids.at(-1)!;
    const done = await db.transaction(async (tx) => {
      const locked = await lockMembersSkipping(tx, ids);
      if (locked.length === 0) return { posted: 0, refused: 0 };
      const rows = await tx.select({
        rewardId: memberRewards.id, partnerId: partners.id, partnerCode: partners.code, memberId: members.id, memberPublicId: members.publicId,
        partnerNumber: members.partnerNumber, amount: memberRewards.amount, sourceCode: memberRewards.sourceCode,
        transactionId: dines.transactionId, occurredAt: dines.occurredAt, createdAt: memberRewards.createdAt,
      }).from(memberRewards)
        .innerJoin(members, eq(members.id, memberRewards.memberId))
        .innerJoin(partners, eq(partners.id, memberRewards.partnerId))
        .leftJoin(dines, dineOf(memberRewards))
        .where(and(inArray(memberRewards.memberId, locked), eq(memberRewards.status, 'Awarded'), inArray(partners.currencyType, LEDGER_CURRENCIES),
          sql`${earnedAt} <= ${earnedBy.toISOString()}::timestamptz`))
        .orderBy(asc(memberRewards.id));
      const byPartner = new Map<number, { code: string; postings: LedgerPosting[] }>();
      for (const r of rows) {
        const group = byPartner.get(r.partnerId) ?? { code: r.partnerCode, postings: [] };
        group.postings.push({
          rewardId: r.rewardId, memberId: r.memberId, memberPublicId: r.memberPublicId, partnerNumber: r.partnerNumber, amount: r.amount,
          sourceCode: r.sourceCode, transactionId: r.transactionId, earnedAt: r.sourceCode === 'S' && r.occurredAt ? r.occurredAt : r.createdAt,
        });
        byPartner.set(r.partnerId, group);
      }
      let posted = 0;
      let refused = 0;
      for (const [id, group] of byPartner) {
        const results = await adapter.post({ partner: { id, code: group.code }, postings: group.postings }, { db: tx });
        const sent = new Set(group.postings.map((p) => p.rewardId));
        const accepted = results.flatMap((r) => (r.ok && sent.has(r.rewardId) ? [{ rewardId: r.rewardId, ref: r.ref }] : []));
        posted += await markPaid(tx, accepted, now);
        refused += group.postings.length - accepted.length;
      }
      return { posted, refused };
    });
    total.posted += done.posted;
    total.refused += done.refused;
  }
  return total;
}

// ------------------------------------------------------------------ Dollar and Credit partners

/** A statement credit sent to the processor and not settled yet. */
export type OpenCredit = { creditId: string; memberId: number; partnerId: number; amountCents: number; targetType: string; targetLabel: string; status: RedemptionStatus };
export type CreditOutcome = { creditId: string; status: RedemptionStatus; note?: string };

/**
 * The rail that pays statement credits (the partner's card-credit adapter: a card-linked-offer
 * provider's reimbursement API in a real deployment). `settle` is asked about every open credit
 * once a run and answers its status now: still pending, pending_received (accepted), completed
 * (on the statement), or rejected / error (not paid: the redemption gives the money back). It
 * must be idempotent by creditId.
 */
export interface StatementCreditProcessor {
  readonly name: string;
  settle(credits: readonly OpenCredit[], ctx: { db: Db }): Promise<CreditOutcome[]>;
}


/**
 * The processor stand-in: completes each credit on the run after it was written, unless its card
 * is no longer linked to the member (deleted since), which the network would refuse: rejected.
 */
export const standInProcessor: StatementCreditProcessor = {
  name: 'stand-in',
  async settle(credits, { db }) {
    const memberIds = [...new Set(credits.map((c) => c.memberId))];
    const cards = memberIds.length
      ? await db.select({ memberId: memberCards.memberId, cardType: memberCards.cardType, lastFour: memberCards.lastFour }).from(memberCards).where(inArray(memberCards.memberId, memberIds))
      : [];
    const linked = new Set(cards.map((c) => `${c.memberId}:${payoutCardLabel(c)}`));
    return credits.map((c): CreditOutcome => (c.targetType !== 'card' || linked.has(`${c.memberId}:${c.targetLabel}`)
      ? { creditId: c.creditId, status: 'completed' }
      : { creditId: c.creditId, status: 'rejected', note: 'The card is no longer linked to the account.' }));
  },
};

/** Where an automatic credit goes: the most recently used linked card ("Visa ending in 1111"), else the newest linked card, else a check. */
async function creditTarget(tx: Db, memberId: number): Promise<{ targetType: 'card' | 'other'; targetLabel: string; benefitProcessor: string; cardId: number | null }> {
  const lastUse = sql`(select max(${dines.occurredAt}) from ${dines} where ${dines.cardId} = ${memberCards.id})`;
  const [card] = await tx.select({ id: memberCards.id, cardType: memberCards.cardType, lastFour: memberCards.lastFour }).from(memberCards)
    .where(eq(memberCards.memberId, memberId))
    .orderBy(sql`${lastUse} desc nulls last`, sql`${memberCards.createdAt} desc`, sql`${memberCards.id} desc`).limit(1);
  if (card) return { targetType: 'card', targetLabel: payoutCardLabel(card), benefitProcessor: card.cardType, cardId: card.id };
  return { targetType: 'other', targetLabel: 'Check mailed to the address on file', benefitProcessor: 'Check', cardId: null };
}

/** Statement credits the processor is asked about: open, and not held for the team (a held one waits for its release). */
const SETTLEABLE = and(eq(redemptions.option, 'statementCredit'), inArray(redemptions.status, [...OPEN_STATUSES]),
  or(isNull(redemptions.holdReason), isNotNull(redemptions.releasedAt)));

/**
 * Asks the processor about open statement credits (automatic ones and those members chose) and
 * moves each through the one status machine (redemptions/transitions.ts): a completed one dates
 * the rewards it paid; a rejected or failed one gives its money back with its own ledger entry.
 */
async function settleOpenCredits(db: Db, processor: StatementCreditProcessor, limit: number, now: Date) {
  const result = { completed: 0, received: 0, rejected: 0, error: 0 };
  for (let after = 0; ;) {
    const open = await db.select().from(redemptions).where(and(SETTLEABLE, gt(redemptions.id, after))).orderBy(asc(redemptions.id)).limit(limit);
    if (open.length === 0) break;
    after = open.at(-1)!.id;
    const byId = new Map(open.map((c) => [c.creditId, c]));
    const outcomes = await processor.settle(open.map((c) => ({
      creditId: c.creditId, memberId: c.memberId, partnerId: c.partnerId, amountCents: c.amountCents, targetType: c.targetType, targetLabel: c.targetLabel,
      status: c.status,
    })), { db });
    for (const o of outcomes) {
      const credit = byId.get(o.creditId);
      if (!credit || o.status === credit.status || o.status === 'pending') continue;
      const moved = await moveRedemption(db, o.creditId, { to: o.status, note: o.note ?? null, now });
      if (!moved) continue;
      if (o.status === 'completed') result.completed++;
      else if (o.status === 'pending_received') result.received++;
      else result[o.status === 'rejected' ? 'rejected' : 'error']++;
    }
  }
  return result;
}

/**
 * At the breakpoint, the automatic statement credit: for members of cash-back partners who keep
 * the setting on, a redemption of the whole balance (Σ ledger) to their card, reserved in the same
 * transaction (the member locked), with the rewards it pays marked Paid. One transaction per batch.
 */
async function issueCredits(db: Db, opts: { breakpointCents?: number; limit: number; now: Date }) {
  const result = { issued: 0, issuedCents: 0, balances: 0 };
  for (let after = 0; ;) {
    const ids = await membersToPay(db, { currencies: CASH_CURRENCIES, after, limit: opts.limit, returned: true });
    if (ids.length === 0) break;
    after = ids.at(-1)!;
    const done = await db.transaction(async (tx) => {
      const locked = await lockMembersSkipping(tx, ids, { spending: true });
      if (locked.length === 0) return { issued: 0, issuedCents: 0, balances: 0 };
      const owners = await tx.select({ id: members.id, partnerId: members.partnerId, auto: members.autoStatementCredit, breakpoint: partners.payoutBreakpointCents })
        .from(members).innerJoin(partners, eq(partners.id, members.partnerId)).where(inArray(members.id, locked)).orderBy(asc(members.id));
      const balances = await balancesOf(tx, locked);
      let issued = 0;
      let issuedCents = 0;
      for (const o of owners) {
        const cents = balances.get(o.id) ?? 0;
        if (!o.auto || cents < (opts.breakpointCents ?? payoutBreakpointCents({ payoutBreakpointCents: o.breakpoint }))) continue;
        const creditId = newRedemptionId('cr');
        const target = await creditTarget(tx, o.id);
        const [row] = await tx.insert(redemptions).values({
          creditId, partnerId: o.partnerId, memberId: o.id, option: 'statementCredit', delivery: 'Card', amountCents: cents, status: 'pending', automatic: true, ...target,
          createdAt: opts.now, updatedAt: opts.now,
        }).returning({ id: redemptions.id });
        await writeRedeemed(tx, { partnerId: o.partnerId, memberId: o.id, redemptionId: row!.id, amountCents: cents });
        // The rewards in the balance now read as paid by this credit (Reviews & History names it); the ledger, not they, holds the money.
        await tx.update(memberRewards).set({ status: 'Paid', paidAt: opts.now, payoutRef: creditId, updatedAt: new Date() })
          .where(and(eq(memberRewards.memberId, o.id), eq(memberRewards.status, 'Awarded')));
        issued++;
        issuedCents += cents;
      }
      return { issued, issuedCents, balances: owners.length };
    });
    result.issued += done.issued;
    result.issuedCents += done.issuedCents;
    result.balances += done.balances;
  }
  return result;
}

/** The statement-credit job: settle the credits sent on earlier runs, then pay the balances at their partner's breakpoint (breakpointCents: one for all, in tests). */
export async function payStatementCredits(db: Db, opts: RunOptions & { processor?: StatementCreditProcessor; breakpointCents?: number } = {}) {
  const limit = opts.batch ?? DEFAULT_BATCH;
  const now = opts.now ?? new Date();
  const settled = await settleOpenCredits(db, opts.processor ?? standInProcessor, limit, now);
  const issued = await issueCredits(db, { breakpointCents: opts.breakpointCents, limit, now });
  return { ...settled, ...issued };
}
