import { useId } from 'react';
import { useSearchParams } from '#client/lib/router';
import { REVIEW_ASPECTS, REVIEW_ASPECT_LABELS } from '#shared/constants/reviews';
import { paths } from '#shared/routes';
import { Pagination } from '#client/components/pagination';
import { Spinner } from '#client/components/spinner';
import { usePageHeadingFocus } from '#client/components/use-page-heading-focus';
import { useMerchantReviews } from '../api';
import { formatStars, ReviewItem, ReviewStars } from './review-item';
import styles from './reviews.module.css';

/** The page of verified reviews in the URL (?reviews=N), so back and forward work. */
export const REVIEWS_PAGE_PARAM = 'reviews';

function pageOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

/**
 * The restaurant page's verified reviews: their average ratings (overall and the four aspects)
 * and the reviews, newest first, a page at a time; each marked as from a verified diner.
 */
export function MerchantReviews({ merchantId }: { merchantId: number }) {
  const [params] = useSearchParams();
  const page = pageOf(params.get(REVIEWS_PAGE_PARAM));
  const query = useMerchantReviews(merchantId, page);
  const headingId = useId();
  const { headingRef, onNavigate } = usePageHeadingFocus(page, query.isSuccess && !query.isPlaceholderData);

  const hrefFor = (n: number) => (n <= 1 ? paths.merchant(merchantId) : `${paths.merchant(merchantId)}?${REVIEWS_PAGE_PARAM}=${n}`);
  const data = query.data;
  const verified = data?.verified ?? null;

  return (
    <div className={styles.section} aria-labelledby={headingId} role="region" aria-busy={query.isFetching || undefined}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1}>
        From verified diners
      </h3>
      {query.isError && !data ? (
        <p className={styles.muted}>Reviews could not be loaded right now.</p>
      ) : query.isPending || !data ? (
        <Spinner label="Loading reviews" block />
      ) : !verified || data.data.length === 0 ? (
        <p className={styles.muted}>
          No reviews from verified diners yet. Members who dine here with a linked card can review their visit from Reviews &amp; History.
        </p>
      ) : (
        <>
          <div className={styles.summary}>
            <div className={styles.summaryOverall}>
              <span className={styles.summaryFigure} aria-hidden="true">{verified.overall.toFixed(1)}</span>
              <ReviewStars rating={verified.overall} />
              <span className={styles.muted}>{`${verified.count} verified ${verified.count === 1 ? 'review' : 'reviews'}`}</span>
            </div>
            <dl className={styles.aspects}>
              {REVIEW_ASPECTS.map((a) => (
                <div key={a} style={{ display: 'contents' }}>
                  <dt>{REVIEW_ASPECT_LABELS[a]}</dt>
                  <dd>
                    <span aria-hidden="true">{verified[a].toFixed(1)}</span>
                    <span className="visually-hidden">{`${formatStars(verified[a])} out of 5`}</span>
                  </dd>
                </div>
              ))}
            </dl>
          </div>
          <ul className={`${styles.list} ${query.isPlaceholderData ? styles.stale : ''}`} aria-label={data.totalPages > 1 ? `Verified reviews, page ${page} of ${data.totalPages}` : 'Verified reviews'}>
            {data.data.map((r) => (
              <ReviewItem key={r.id} review={r} headingLevel={4} />
            ))}
          </ul>
          <Pagination label="Review pages" page={page} totalPages={data.totalPages} hrefFor={hrefFor} onNavigate={onNavigate} />
        </>
      )}
    </div>
  );
}
