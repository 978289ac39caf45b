import { useMemo } from 'react';
import { Link } from '#client/lib/router';
import type { Transaction } from '#shared/schemas/rewards';
import { paths } from '#shared/routes';
import { mayHaveReviewLink } from '#shared/rules/review-link';
import { usePartner } from '#client/lib/partner';
import { ReviewLink, useReviewedIds } from '../../reviews';
import { activityRowView, type ActivityRowView } from '../format';
import styles from './recent-activity.module.css';

/** §2/§4 activity rows: restaurant (linked), date, card, dine amount, reward and status; Forfeit, Pending and Deferred dimmed. */
export function ActivityList({ rows, label, stale = false }: { rows: readonly Transaction[]; label: string; stale?: boolean }) {
  const partner = usePartner();
  const views = useMemo(() => rows.map((tx) => activityRowView(tx, { partner })), [rows, partner]);
  // §5 review links: the rows the rule allows apart from being reviewed; their status is asked once the page has loaded.
  const candidates = useMemo(() => {
    const now = new Date();
    return new Set(rows.filter((tx) => mayHaveReviewLink(tx, now)).map((tx) => tx.sourceTransactionId));
  }, [rows]);
  const { reviewed } = useReviewedIds(stale ? [] : [...candidates]);
  return (
    <ol className={`${styles.list} ${stale ? styles.stale : ''}`} aria-label={label} aria-busy={stale || undefined}>
      {views.map((row) => (
        <ActivityRow key={row.id} row={row} reviewLink={reviewed !== undefined && candidates.has(row.id) && !reviewed.has(row.id)} />
      ))}
    </ol>
  );
}

function ActivityRow({ row, reviewLink }: { row: ActivityRowView; reviewLink: boolean }) {
  return (
    <li className={`${styles.row} ${row.dimmed ? styles.dimmed : ''}`} data-status={row.label ?? 'Awarded'}>
      <div className={styles.rowMain}>
        <h3 className={styles.rowTitle}>
          {row.merchantId !== null ? <Link to={paths.merchant(row.merchantId)}>{row.title}</Link> : row.title}
          {row.kind && <span className={styles.kind}> · {row.kind}</span>}
        </h3>
        <p className={styles.rowMeta}>
          {row.date && <time dateTime={row.dateTime}>{row.date}</time>}
          {row.date && row.card && <span aria-hidden="true"> · </span>}
          {row.card && <span>{row.card}</span>}
        </p>
        {row.line && <p className={styles.reason}>{row.line}</p>}
        {reviewLink && (
          <p>
            <ReviewLink txnId={row.id} merchantName={row.merchantId !== null ? row.title : null} />
          </p>
        )}
      </div>
      <dl className={styles.figures}>
        {row.dineAmount !== null && (
          <div className={styles.figDine}>
            <dt>Dine amount</dt>
            <dd>{row.dineAmount}</dd>
          </div>
        )}
        {row.earnedOn !== null && (
          <div className={styles.figDine}>
            <dt>Earned on</dt>
            <dd>
              {row.earnedOn}
              {row.earnedOnWhy && <span className={styles.why}> ({row.earnedOnWhy})</span>}
            </dd>
          </div>
        )}
        <div className={styles.figReward}>
          <dt>Reward</dt>
          <dd className={styles.reward}>
            {row.reward}
            {row.multiplier && <span className={styles.why}> · {row.multiplier}</span>}
          </dd>
        </div>
        {row.label && (
          <div className={styles.figStatus}>
            <dt>Status</dt>
            <dd>
              <span className={styles.status}>{row.label}</span>
            </dd>
          </div>
        )}
      </dl>
    </li>
  );
}
