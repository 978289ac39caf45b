import type { ReactNode } from 'react';
import type { MerchantReviewsSummary } from '#shared/schemas/merchant';
import { formatDate, formatRating } from '../format';
import styles from './merchant-detail.module.css';

export function Stars({ rating }: { rating: number }) {
  const full = Math.round(Math.max(0, Math.min(5, rating)));
  return (
    <span className={styles.stars}>
      <span aria-hidden="true">{'★'.repeat(full) + '☆'.repeat(5 - full)}</span>
      <span className="visually-hidden">{`Rated ${formatRating(rating)} out of 5`}</span>
    </span>
  );
}

/**
 * Reviews: share of diners who recommend (earlier ratings blended with verified reviews), the
 * highlights, the verified diners' reviews (given by the page: features/reviews), and the
 * earlier reviews the restaurant came with.
 */
export function ReviewsSummary({ summary, headingId, verified }: { summary: MerchantReviewsSummary | null; headingId: string; verified?: ReactNode }) {
  if (!summary && !verified) return null;
  const percent = summary ? Math.round(Math.max(0, Math.min(100, summary.recommendPercent))) : null;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>Reviews</h2>
      {percent !== null && <p className={styles.recommend}>{`${percent}% of diners recommend it`}</p>}
      {summary && summary.highlights.length > 0 && (
        <>
          <h3>What diners mention</h3>
          <ul className={styles.chips}>
            {summary.highlights.map((h, i) => (
              <li key={i}>{h}</li>
            ))}
          </ul>
        </>
      )}
      {verified}
      {summary && summary.reviews.length > 0 && (
        <>
          {verified && <h3>Earlier reviews</h3>}
          <ul className={styles.reviews}>
            {summary.reviews.map((r, i) => (
              <li key={i} className={styles.review}>
                <div className={styles.reviewHead}>
                  <strong>{r.author}</strong>
                  <Stars rating={r.rating} />
                  <time className={styles.muted} dateTime={r.date}>
                    {formatDate(r.date)}
                  </time>
                </div>
                <p>{r.text}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
