import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dines, memberRewards, merchantReviews, members, partners, type MemberRow, type PartnerRow } from '../../db/schema';
import { createTestDatabase } from '../../test/db';
import { drainInbox } from '../card-network/engine';
import { memberWithCards, receive, setTerms } from '../card-network/test-fixtures';
import { authEvent, clearingEvent, newTransactionId } from '../rewards/card-events';
import { findReviewTarget, reviewedAmong } from './reviews.repo';
import { createReview, reviewableDine, reviewStatus } from './reviews.service';

/**
 * Tenancy of a member's dines and reviews without a route in between (issue 31 item 3): the visit a
 * review is about, whether it is reviewed, and writing the review, called directly with member X's
 * id and partner B's id (and B's member with X's partner): nothing of X's is answered or written.
 * The dines come through the engine (an authorisation and a clearing at a rewarding restaurant).
 */
let database: Database;
let a: PartnerRow;
let b: PartnerRow;
let x: { member: MemberRow; txn: string };
let y: { member: MemberRow; txn: string };
const db = () => database.db;

async function dinerOf(partner: PartnerRow): Promise<{ member: MemberRow; txn: string }> {
  const m = await memberWithCards(db(), { partnerId: partner.id });
  const p = { transactionId: newTransactionId('tnr'), cardToken: m.tokens[0]!, locationId: 'loc-1', localDateTime: '2026-11-20T19:45:00-05:00' };
  await receive(db(), [authEvent(p, 5000), clearingEvent(p, 6000)]);
  await drainInbox(db());
  return { member: (await db().select().from(members).where(eq(members.id, m.memberId)))[0]!, txn: p.transactionId };
}
const reviewsOf = (memberId: number) => db().select().from(merchantReviews).where(eq(merchantReviews.memberId, memberId)).orderBy(asc(merchantReviews.id));
const input = (txnId: string) => ({ txnId, food: 5, service: 5, ambience: 5, value: 5, comment: 'Not mine to review' });

beforeAll(async () => {
  database = await createTestDatabase();
  await setTerms(db(), 1);
  const all = await db().select().from(partners);
  a = all.find((p) => p.code === 'hilton')!;
  b = all.find((p) => p.code === 'caesars')!;
  x = await dinerOf(a);
  y = await dinerOf(b);
  // X's dine is reviewed already; Y's is not.
  const [dine] = await db().select().from(dines).where(eq(dines.transactionId, x.txn));
  const [reward] = await db().select().from(memberRewards).where(eq(memberRewards.dineId, dine!.id));
  await db().insert(merchantReviews).values({
    partnerId: a.id, merchantId: dine!.merchantId, memberId: x.member.id, dineId: dine!.id, memberRewardId: reward!.id, transactionId: x.txn,
    food: 4, service: 4, ambience: 4, value: 4, overall: 4, comment: 'Mine', authorName: 'X', dinedOn: dine!.localDate,
  });
});
afterAll(async () => { await database.close(); });

describe('the reviews repository, called directly', () => {
  it("finds each member's own visit and review (the control), and nothing for a member asked for with another partner", async () => {
    expect(await findReviewTarget(db(), { partnerId: a.id, memberId: x.member.id }, x.txn)).toMatchObject({ merchantId: 1 });
    expect(await findReviewTarget(db(), { partnerId: b.id, memberId: y.member.id }, y.txn)).toMatchObject({ merchantId: 1 });
    expect([...await reviewedAmong(db(), { partnerId: a.id, memberId: x.member.id }, [x.txn])]).toEqual([x.txn]);

    for (const [member, partner] of [[x.member, b], [y.member, a]] as const) {
      for (const txn of [x.txn, y.txn]) expect(await findReviewTarget(db(), { partnerId: partner.id, memberId: member.id }, txn)).toBeUndefined();
      expect([...await reviewedAmong(db(), { partnerId: partner.id, memberId: member.id }, [x.txn, y.txn])]).toEqual([]);
    }
  });
});

describe('the reviews service, called directly', () => {
  it('says nothing is reviewed, shows no visit and writes no review for a member under another partner (404)', async () => {
    const xReviews = await reviewsOf(x.member.id);
    const yReviews = await reviewsOf(y.member.id);
    expect(xReviews).toHaveLength(1);
    expect(yReviews).toEqual([]);
    for (const [member, partner, txn] of [[x.member, b, x.txn], [y.member, a, y.txn]] as const) {
      expect(await reviewStatus(db(), { partner, member }, [txn])).toEqual([{ id: txn, completed: false }]);
      await expect(reviewableDine(db(), { partner, member }, txn)).rejects.toMatchObject({ statusCode: 404 });
      await expect(createReview(db(), { partner, member }, input(txn))).rejects.toMatchObject({ statusCode: 404 });
    }
    expect(await reviewsOf(x.member.id)).toEqual(xReviews);
    expect(await reviewsOf(y.member.id)).toEqual([]);
    // The right pairing sees its own.
    expect(await reviewStatus(db(), { partner: a, member: x.member }, [x.txn])).toEqual([{ id: x.txn, completed: true }]);
    expect(await reviewableDine(db(), { partner: b, member: y.member }, y.txn)).toMatchObject({ txnId: y.txn, review: null });
  });
});
