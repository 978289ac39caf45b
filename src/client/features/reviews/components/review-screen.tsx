import { useEffect, useRef, useState } from 'react';
import { Link } from '#client/lib/router';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '#shared/routes';
import type { CreateReviewResponse } from '#shared/schemas/reviews';
import { ApiError } from '#client/lib/api';
import { FormBanner } from '#client/components/form-banner';
import { LinkButton } from '#client/components/button';
import { Spinner } from '#client/components/spinner';
import { MEMBER_QUERY_KEY } from '../../session';
import { useReviewableDine } from '../api';
import { formatVisitDate, ReviewForm } from './review-form';
import { ReviewItem } from './review-item';
import styles from './reviews.module.css';

/**
 * The review of one visit: what it is (restaurant and date), then the form, or the review already
 * written, or why it cannot be written; after sending, a thank-you with the way to the review.
 */
export function ReviewScreen({ txnId }: { txnId: string }) {
  const query = useReviewableDine(txnId);
  const queryClient = useQueryClient();
  const [done, setDone] = useState<CreateReviewResponse | null>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const unauthorised = query.error instanceof ApiError && query.error.status === 401;
  useEffect(() => {
    // The session ended behind the page: the account centre sends the visitor to sign in.
    if (unauthorised) queryClient.setQueryData(MEMBER_QUERY_KEY, null);
  }, [unauthorised, queryClient]);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  if (query.isPending || unauthorised) return <Spinner label="Loading your visit" size="large" block />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <div className={styles.done}>
        <FormBanner>{notFound ? 'We could not find that visit in your history.' : 'Your visit could not be loaded. Please try again.'}</FormBanner>
        <p>
          <Link to={paths.account.recentActivity()}>Back to Reviews &amp; History</Link>
        </p>
      </div>
    );
  }
  const dine = query.data;
  const visit = (
    <div className={styles.visit}>
      <span className={styles.visitName}>{dine.merchantName}</span>
      <span className={styles.muted}>
        Visited <time dateTime={dine.dinedAt}>{formatVisitDate(dine.dinedAt)}</time>
      </span>
    </div>
  );

  if (done) {
    return (
      <div className={styles.done}>
        {visit}
        <h2 ref={doneRef} tabIndex={-1}>
          Thank you for your review
        </h2>
        <p role="status">Your review is now on the restaurant's page, marked as from a verified diner.</p>
        <ReviewItem review={done.review} as="div" />
        <div className={styles.actions}>
          <LinkButton to={paths.merchant(dine.merchantId)}>See it on the restaurant page</LinkButton>
          <Link to={paths.account.recentActivity()}>Back to Reviews &amp; History</Link>
        </div>
      </div>
    );
  }

  return (
    <div className={styles.done}>
      {visit}
      {dine.reviewable ? (
        <ReviewForm dine={dine} onDone={setDone} />
      ) : dine.review ? (
        <>
          <p>You have already reviewed this visit.</p>
          <ReviewItem review={dine.review} as="div" headingLevel={2} />
          <div className={styles.actions}>
            <Link to={paths.merchant(dine.merchantId)}>See the restaurant page</Link>
            <Link to={paths.account.recentActivity()}>Back to Reviews &amp; History</Link>
          </div>
        </>
      ) : (
        <>
          <FormBanner kind="info">{dine.problem ?? 'This visit cannot be reviewed.'}</FormBanner>
          <p>
            <Link to={paths.account.recentActivity()}>Back to Reviews &amp; History</Link>
          </p>
        </>
      )}
    </div>
  );
}
