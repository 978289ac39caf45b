import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test/db';
import type { Database } from '../../db/client';
import { merchantReviews, merchantReviewTotals, merchants, partners, type MemberRow, type PartnerRow } from '../../db/schema';
import { demoPublicId } from '../../demo/members';
import { AppError } from '../../lib/app-error';
import { insertDine, memberByPublicId } from '../rewards/rewards.test-fixtures';
import { createReview, overallOf } from './reviews.service';
import { shrinkLimit } from '../../test/property';

let database: Database;
let partner: PartnerRow;
let people: MemberRow[];
beforeAll(async () => {
  database = await createTestDatabase();
  people = await Promise.all(['select-card', 'vip-card', 'basic-card'].map((s) => memberByPublicId(database.db, demoPublicId('hilton', s))));
  [partner] = await database.db.select().from(partners).where(eq(partners.id, people[0]!.partnerId)) as [PartnerRow];
}, 60_000);
afterAll(async () => { await database.close(); });

const DAY = 86_400_000;
const recent = (days: number) => `${new Date(Date.now() - 5 * 3_600_000 - days * DAY).toISOString().slice(0, 10)}T19:45:00-05:00`;
const rating = fc.integer({ min: 1, max: 5 });
const attempt = fc.record({
  dine: fc.nat({ max: 5 }),
  /** The diner, or another member trying. */
  byOwner: fc.boolean(),
  /** Sent twice at once (a double tap, a retry). */
  twice: fc.boolean(),
  food: rating, service: rating, ambience: rating, value: rating,
});

let nextMerchant = 100;

describe('reviews under repeats and retries', () => {
  it('one review per dine, only the diner\'s; the totals and the restaurant\'s figures always equal its reviews blended with its base', async () => {
    await fc.assert(fc.asyncProperty(
      fc.record({ baseCount: fc.nat({ max: 400 }), baseRating: fc.integer({ min: 10, max: 50 }), attempts: fc.array(attempt, { minLength: 1, maxLength: 12 }) }),
      async ({ baseCount, baseRating, attempts }) => {
        const merchantId = nextMerchant++;
        await database.db.update(merchants).set({ ratingCount: baseCount, ratingOverall: baseCount ? baseRating / 10 : 0, reviewsSummary: null }).where(eq(merchants.id, merchantId));
        const dines = await Promise.all([0, 1, 2, 3, 4, 5].map(async (i) => {
          const owner = people[i % people.length]!;
          const { dine } = await insertDine(database.db, owner, { merchantId, local: recent(i), status: i % 2 ? 'Paid' : 'Awarded' });
          return { dine, owner };
        }));
        const accepted = new Map<number, { food: number; service: number; ambience: number; value: number }>();
        for (const a of attempts) {
          const { dine, owner } = dines[a.dine]!;
          const member = a.byOwner ? owner : people.find((p) => p.id !== owner.id)!;
          const input = { txnId: dine.transactionId, food: a.food, service: a.service, ambience: a.ambience, value: a.value, comment: '' };
          const results = await Promise.allSettled((a.twice ? [1, 2] : [1]).map(() => createReview(database.db, { partner, member }, input)));
          const ok = results.filter((r) => r.status === 'fulfilled');
          for (const r of results) {
            if (r.status === 'rejected') {
              expect(r.reason).toBeInstanceOf(AppError);
              expect((r.reason as AppError).statusCode).toBe(a.byOwner ? 409 : 404);
            }
          }
          if (!a.byOwner || accepted.has(a.dine)) expect(ok).toHaveLength(0);
          else {
            expect(ok).toHaveLength(1);
            accepted.set(a.dine, { food: a.food, service: a.service, ambience: a.ambience, value: a.value });
          }
        }
        const reviews = await database.db.select().from(merchantReviews).where(eq(merchantReviews.merchantId, merchantId));
        expect(reviews).toHaveLength(accepted.size);
        for (const r of reviews) {
          const i = dines.findIndex((d) => d.dine.id === r.dineId);
          expect(r.memberId).toBe(dines[i]!.owner.id);
          expect({ food: r.food, service: r.service, ambience: r.ambience, value: r.value }).toEqual(accepted.get(i));
        }
        const [row] = await database.db.select().from(merchants).where(eq(merchants.id, merchantId));
        const [totals] = await database.db.select().from(merchantReviewTotals).where(eq(merchantReviewTotals.merchantId, merchantId));
        if (accepted.size === 0) {
          expect(totals).toBeUndefined();
          expect(row!.ratingCount).toBe(baseCount);
          return;
        }
        const list = [...accepted.values()];
        const sum = (k: 'food' | 'service' | 'ambience' | 'value') => list.reduce((n, r) => n + r[k], 0);
        const overallSum = list.reduce((n, r) => n + overallOf(r), 0);
        expect(totals).toMatchObject({ baseCount, reviewCount: list.length, foodSum: sum('food'), serviceSum: sum('service'), ambienceSum: sum('ambience'), valueSum: sum('value') });
        expect(totals!.overallSum).toBeCloseTo(overallSum, 6);
        expect(row!.ratingCount).toBe(baseCount + list.length);
        const base = baseCount ? baseRating / 10 : 0;
        // The restaurant's rating is kept to two decimals: within half a hundredth of the exact blend
        // (1.525 is stored as 1.53; toBeCloseTo(…, 2) wants strictly less than 0.005).
        const exact = (base * baseCount + overallSum) / (baseCount + list.length);
        expect(Math.abs(row!.ratingOverall - exact)).toBeLessThanOrEqual(0.005 + 1e-9);
        const recommending = list.filter((r) => overallOf(r) >= 4).length;
        expect(row!.reviewsSummary?.recommendPercent).toBe(Math.round((recommending / list.length) * 100));
        const [count] = await database.db.select({ n: sql<number>`count(*)::int` }).from(merchantReviews).where(eq(merchantReviews.merchantId, merchantId));
        expect(count!.n).toBe(totals!.reviewCount);
      },
    ), { numRuns: 25, ...shrinkLimit(200_000) });
  }, 240_000);
});
