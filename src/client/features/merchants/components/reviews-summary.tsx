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

/** Reviews: share of diners who recommend, highlights, individual reviews. */
export function ReviewsSummary({ summary, headingId }: { summary: MerchantReviewsSummary; headingId: string }) {
  const percent = Math.round(Math.max(0, Math.min(100, summary.recommendPercent)));
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>Reviews</h2>
      <p className={styles.recommend}>{`${percent}% of diners recommend it`}</p>
      {summary.highlights.length > 0 && (
        <>
          <h3>What diners mention</h3>
          <ul className={styles.chips}>
            {summary.highlights.map((h, i) => (
              <li key={i}>{h}</li>
            ))}
          </ul>
        </>
      )}
      {summary.reviews.length > 0 && (
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
      )}
    </section>
  );
}
