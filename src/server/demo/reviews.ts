import { and, eq, like } from 'drizzle-orm';
import type { Db } from '../db/client';
import { members, partners } from '../db/schema';
import { AppError } from '../lib/app-error';
import { Rng } from '../lib/random';
import { transactionsPage } from '../modules/rewards/rewards.service';
import { createReview } from '../modules/reviews/reviews.service';
import { mayHaveReviewLink } from '#shared/rules/review-link';
import { DEMO_PUBLIC_ID_PREFIX } from './members';

/** Short comments a diner might leave; some reviews have none. */
const COMMENTS = [
  '',
  '',
  'Friendly staff and the food came out quickly.',
  'Great value for the portion sizes. We will be back.',
  'A little loud on a Friday night, but the food made up for it.',
  'Lovely patio and attentive service.',
  'The specials were the highlight; the dessert menu could be longer.',
  'Solid neighbourhood spot. Nothing fancy, everything good.',
  'Took a while to get a table, worth the wait.',
  'Cozy room, warm welcome, fair prices.',
];

/**
 * Verified reviews of the demo card members' recent dines (issue 10; docs/api-reviews.md), written
 * through the reviews service after the demo history — so the demo restaurants' pages show
 * verified reviews and their figures blend them, exactly as a member's review would. Each member's
 * newest reviewable dine is left unreviewed, so the review link can be seen and used. Never in
 * production (no demo members). Answers the number written.
 */
export async function writeDemoReviews(db: Db, now: Date = new Date(), signal?: AbortSignal): Promise<number> {
  const people = await db.select({ member: members, partner: partners }).from(members)
    .innerJoin(partners, eq(partners.id, members.partnerId))
    .where(and(like(members.publicId, `${DEMO_PUBLIC_ID_PREFIX}%`), eq(members.memberType, 'EnrolledCardMember')))
    .orderBy(members.id);
  let written = 0;
  for (const who of people) {
    signal?.throwIfAborted();
    const { data } = await transactionsPage(db, who, { pageNo: 1, resultsPerPage: 100 }, now);
    const reviewable = data.filter((tx) => mayHaveReviewLink(tx, now));
    for (const tx of reviewable.slice(1)) {
      const rng = new Rng(`demo-review-${tx.sourceTransactionId}`);
      if (!rng.chance(0.7)) continue;
      const mood = rng.pick([5, 5, 4, 4, 4, 3, 2]);
      const around = () => Math.max(1, Math.min(5, mood + rng.pick([-1, 0, 0, 0, 1])));
      try {
        await createReview(db, who, { txnId: tx.sourceTransactionId, food: around(), service: around(), ambience: around(), value: around(), comment: rng.pick(COMMENTS) }, now);
        written += 1;
      } catch (err) {
        // Reviewed already (a second start that got this far before): nothing to do.
        if (err instanceof AppError && err.statusCode === 409) continue;
        throw err;
      }
    }
  }
  return written;
}
