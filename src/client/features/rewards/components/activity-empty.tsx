import { paths } from '#shared/routes';
import { LinkButton, Button } from '#client/components/button';
import styles from './recent-activity.module.css';

export const EMPTY_TITLE = 'No dines yet';
export const EMPTY_TEXT = 'When you pay with a linked card at a participating restaurant, your dine and its reward show here.';
export const LOAD_FAILED_TITLE = 'We could not load your activity';
export const LOAD_FAILED_TEXT = 'Your dines and rewards are safe. Please try again in a moment, or find your next restaurant meanwhile.';
export const FIND_RESTAURANTS = 'Find restaurants';

/** §8 recent activity empty or failed: the empty state with its button to /search (and a retry after a failure). */
export function ActivityEmpty({ failed = false, onRetry }: { failed?: boolean; onRetry?: () => void }) {
  return (
    <div className={styles.empty}>
      <h3 className={styles.emptyTitle}>{failed ? LOAD_FAILED_TITLE : EMPTY_TITLE}</h3>
      <p>{failed ? LOAD_FAILED_TEXT : EMPTY_TEXT}</p>
      <div className={styles.emptyActions}>
        <LinkButton to={paths.search()}>{FIND_RESTAURANTS}</LinkButton>
        {failed && onRetry && (
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        )}
      </div>
    </div>
  );
}
