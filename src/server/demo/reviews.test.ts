import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app';
import { merchantReviews, merchantReviewTotals, merchants, members } from '../db/schema';
import { transactionsPage } from '../modules/rewards/rewards.service';
import { reviewStatus } from '../modules/reviews/reviews.service';
import { mayHaveReviewLink } from '#shared/rules/review-link';
import { partners } from '../db/schema';
import { sendDemoHistory } from './history';
import { writeDemoReviews } from './reviews';

let t: TestApp;
let written: number;
const now = new Date();
beforeAll(async () => {
  t = await createTestApp();
  await sendDemoHistory(t.app, { db: t.database.db, secret: t.config.cardEventsSecret, now });
  written = await writeDemoReviews(t.database.db, now);
}, 180_000);
afterAll(async () => { await t.close(); });

describe('demo reviews', () => {
  it('reviews recent demo dines through the service, leaves each member a visit to review, and runs once', async () => {
    expect(written).toBeGreaterThan(10);
    const rows = await t.database.db.select().from(merchantReviews);
    expect(rows).toHaveLength(written);
    // Each review is its author's own dine, and the restaurant's figures count it.
    const totals = await t.database.db.select().from(merchantReviewTotals).where(inArray(merchantReviewTotals.merchantId, [...new Set(rows.map((r) => r.merchantId))]));
    expect(totals.reduce((n, x) => n + x.reviewCount, 0)).toBe(written);
    for (const x of totals) {
      const [m] = await t.database.db.select().from(merchants).where(eq(merchants.id, x.merchantId));
      expect(m!.ratingCount).toBe(x.baseCount + x.reviewCount);
    }
    // Every demo card member with a reviewable dine still has one to review.
    const people = await t.database.db.select({ member: members, partner: partners }).from(members).innerJoin(partners, eq(partners.id, members.partnerId))
      .where(sql`${members.publicId} like 'demo-%' and ${members.memberType} = 'EnrolledCardMember'`);
    let withLink = 0;
    for (const who of people) {
      const { data } = await transactionsPage(t.database.db, who, { pageNo: 1, resultsPerPage: 100 }, now);
      const ids = data.filter((tx) => mayHaveReviewLink(tx, now)).map((tx) => tx.sourceTransactionId);
      if (ids.length === 0) continue;
      const statuses = await reviewStatus(t.database.db, who, ids);
      expect(statuses.some((s) => !s.completed), who.member.publicId).toBe(true);
      withLink += 1;
    }
    expect(withLink).toBeGreaterThan(10);
    // A second run writes nothing more.
    expect(await writeDemoReviews(t.database.db, now)).toBe(0);
  });
});
