import { REVIEW_ASPECTS, REVIEW_ASPECT_LABELS } from '#shared/constants/reviews';
import type { MerchantReview } from '#shared/schemas/reviews';
import styles from './reviews.module.css';

/** A rating as stars with its value in words for screen readers ('Rated 4.3 out of 5'). */
export function ReviewStars({ rating }: { rating: number }) {
  const full = Math.round(Math.max(0, Math.min(5, rating)));
  return (
    <span className={styles.stars}>
      <span aria-hidden="true">{'★'.repeat(full) + '☆'.repeat(5 - full)}</span>
      <span className="visually-hidden">{`Rated ${formatStars(rating)} out of 5`}</span>
    </span>
  );
}

/** One decimal, without a trailing .0 ('4', '4.3'). */
export function formatStars(rating: number): string {
  return (Math.round(rating * 10) / 10).toString();
}

/** 'November 2026' from '2026-11'. */
export function formatMonth(yearMonth: string): string {
  const [y, m] = yearMonth.split('-').map(Number);
  if (!y || !m) return yearMonth;
  return new Date(Date.UTC(y, m - 1, 15)).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

export function VerifiedBadge() {
  return (
    <span className={styles.verified}>
      <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="7.5" fill="currentColor" />
        <path d="M4.5 8.3l2.2 2.2 4.8-4.8" fill="none" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      Verified diner
    </span>
  );
}

/** A verified review: who (first name and initial), its stars, the four sub-ratings, when, and the comment. */
export function ReviewItem({ review, as: Tag = 'li', headingLevel = 3 }: { review: MerchantReview; as?: 'li' | 'div'; headingLevel?: 2 | 3 | 4 }) {
  const H = (['h2', 'h3', 'h4'] as const)[headingLevel - 2]!;
  return (
    <Tag className={styles.review} data-testid="verified-review">
      <div className={styles.reviewHead}>
        <H className={styles.reviewAuthor}>{review.authorName || 'A diner'}</H>
        <VerifiedBadge />
        <ReviewStars rating={review.overall} />
      </div>
      <dl className={styles.subRatings}>
        {REVIEW_ASPECTS.map((a) => (
          <div key={a}>
            <dt>{REVIEW_ASPECT_LABELS[a]}</dt>
            <dd>
              <span aria-hidden="true">{`${review[a]}/5`}</span>
              <span className="visually-hidden">{`${review[a]} out of 5`}</span>
            </dd>
          </div>
        ))}
      </dl>
      <p className={styles.muted}>{`Visited ${formatMonth(review.dinedIn)}`}</p>
      {review.comment && <p className={styles.commentText}>{review.comment}</p>}
    </Tag>
  );
}
