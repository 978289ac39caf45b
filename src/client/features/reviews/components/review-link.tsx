import { Link } from '#client/lib/router';
import { paths } from '#shared/routes';
import styles from './reviews.module.css';

/** §5 'Write a review' on a Reviews & History row (shown where the rule allows it). */
export function ReviewLink({ txnId, merchantName }: { txnId: string; merchantName: string | null }) {
  return (
    <Link to={paths.account.review(txnId)} className={styles.reviewLink}>
      Write a review
      {merchantName && <span className="visually-hidden">{` of ${merchantName}`}</span>}
    </Link>
  );
}
