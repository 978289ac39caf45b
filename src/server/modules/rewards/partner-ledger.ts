import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { partnerLedgerPostings } from '../../db/schema';

/**
 * The partner's loyalty ledger, behind an adapter (docs/api-rewards.md "Partner ledger adapter"):
 * the payout job hands it the Awarded rewards of one Mile or Point partner and marks Paid the ones
 * it accepted. The built-in adapter keeps the postings in partner_ledger_postings; a real partner
 * gets one that writes its accrual file or calls its API, keyed by the reward id so a retried
 * batch posts nothing twice.
 */

/** One reward to post: what a partner's accrual file or API needs. */
export type LedgerPosting = {
  /** The idempotency key: a reward is posted once, however often it is sent. */
  rewardId: number;
  memberId: number;
  memberPublicId: string;
  /** The member's loyalty number at the partner, when known. */
  partnerNumber: string | null;
  /** Miles or points; negative for an adjustment that takes back (a refund after payment). */
  amount: number;
  /** §3 source code: S a dine, A adjustment, B bonus, M manual, J bonus adjustment, + corporate. */
  sourceCode: string;
  /** The purchase, for dines and their adjustments. */
  transactionId: string | null;
  /** When it was earned: the dine's time, else when the reward was made. */
  earnedAt: Date;
};

export type LedgerBatch = { partner: { id: number; code: string }; postings: readonly LedgerPosting[] };

/** Per posting: accepted (with the partner's reference), or refused (kept Awarded and sent again next run). */
export type PostingResult = { rewardId: number; ok: true; ref: string } | { rewardId: number; ok: false; error: string };

export interface PartnerLedgerAdapter {
  /** Names the adapter in logs. */
  readonly name: string;
  /**
   * Posts one partner's batch and answers one result per posting. `db` is the payout job's open
   * transaction (the rewards' members are locked): an adapter that writes to the database writes
   * through it, so postings and Paid marks commit together. An adapter that calls out must be
   * idempotent by rewardId, because a batch whose transaction fails afterwards is sent again.
   */
  post(batch: LedgerBatch, ctx: { db: Db }): Promise<PostingResult[]>;
}

/** The built-in ledger: one partner_ledger_postings row per reward (unique by reward id). */
export const builtInLedger: PartnerLedgerAdapter = {
  name: 'built-in',
  async post({ partner, postings }, { db }) {
    if (postings.length === 0) return [];
    await db.insert(partnerLedgerPostings).values(postings.map((p) => ({
      partnerId: partner.id, memberId: p.memberId, rewardId: p.rewardId, partnerNumber: p.partnerNumber, amount: p.amount,
    }))).onConflictDoNothing({ target: [partnerLedgerPostings.rewardId, partnerLedgerPostings.memberId] });
    // Posted now or by an earlier attempt: either way the reward is on the ledger once.
    const rows = await db.select({ id: partnerLedgerPostings.id, rewardId: partnerLedgerPostings.rewardId }).from(partnerLedgerPostings)
      .where(inArray(partnerLedgerPostings.rewardId, postings.map((p) => p.rewardId)));
    const refs = new Map(rows.map((r) => [r.rewardId, `ledger-${r.id}`]));
    return postings.map((p): PostingResult => {
      const ref = refs.get(p.rewardId);
      return ref ? { rewardId: p.rewardId, ok: true, ref } : { rewardId: p.rewardId, ok: false, error: 'not recorded' };
    });
  },
};
