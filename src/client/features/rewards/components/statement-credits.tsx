import { useId } from 'react';
import { Button } from '#client/components/button';
import { Spinner } from '#client/components/spinner';
import { creditRowView } from '../format';
import { useStatementCredits } from '../api';
import styles from './recent-activity.module.css';

export const CREDITS_TITLE = 'Statement credits';
export const NO_CREDITS_TEXT = 'No statement credits yet. One is issued each time your balance reaches the payout amount.';
export const CREDITS_FAILED = 'We could not load your statement credits just now.';

export const MORE_CREDITS = 'Show more statement credits';

/** Cash partners: the statement credits paid out of the balance (§3 credit record), newest first, ten at a time. */
export function StatementCredits() {
  const credits = useStatementCredits();
  const titleId = useId();
  const pages = credits.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.data).map(creditRowView);
  const total = pages[0]?.totalResultSize ?? 0;
  return (
    <section className={styles.credits} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {CREDITS_TITLE}
      </h2>
      {credits.isPending ? (
        <Spinner label="Loading your statement credits" />
      ) : credits.isError ? (
        <p>{CREDITS_FAILED}</p>
      ) : rows.length === 0 ? (
        <p>{NO_CREDITS_TEXT}</p>
      ) : (
        <ul className={styles.creditList} aria-labelledby={titleId}>
          {rows.map((c) => (
            <li key={c.id} className={styles.creditRow}>
              <span className={styles.creditAmount}>{c.amount}</span>
              <span>
                to {c.target}
                {c.date && (
                  <>
                    {' '}
                    · <time dateTime={c.dateTime}>{c.date}</time>
                  </>
                )}
              </span>
              <span className={`${styles.status} ${c.settled ? styles.statusDone : ''}`}>{c.status}</span>
            </li>
          ))}
        </ul>
      )}
      {rows.length > 0 && (
        <p className={styles.creditCount} aria-live="polite">
          {rows.length === total ? `${total} statement credit${total === 1 ? '' : 's'}` : `Showing ${rows.length} of ${total} statement credits`}
        </p>
      )}
      {credits.hasNextPage && (
        <Button variant="secondary" className={styles.moreCredits} loading={credits.isFetchingNextPage} onClick={() => void credits.fetchNextPage()}>
          {MORE_CREDITS}
        </Button>
      )}
      {credits.isFetchNextPageError && <p role="alert">{CREDITS_FAILED}</p>}
    </section>
  );
}
