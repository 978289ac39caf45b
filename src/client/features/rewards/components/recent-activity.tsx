import { useId, type ReactNode } from 'react';
import { Navigate } from '#client/lib/router';
import { paysStatementCredits } from '#shared/rules/partner-features';
import { usePartner } from '#client/lib/partner';
import { Pagination } from '#client/components/pagination';
import { RichText } from '#client/components/rich-text';
import { Spinner } from '#client/components/spinner';
import { useContentPage } from '../../content';
import { useActivityPage, useSignInOnUnauthorised } from '../hooks/use-activity-page';
import { useCreditBalance, useDineSummary } from '../api';
import { ActivityEmpty } from './activity-empty';
import { ActivityList } from './activity-list';
import { MissingRewardsBanner } from './missing-rewards-banner';
import { RewardsPanel } from './rewards-panel';
import { YearTotal } from './year-total';
import styles from './recent-activity.module.css';

export const ACTIVITY_TITLE = 'Your activity';
/** §8 loading texts: the first load, and another page. */
export const LOADING_TEXT = 'Do not refresh...';
export const LOADING_MORE_TEXT = 'Do not refresh, loading more content.';

/**
 * §2 Reviews & History below its title: the missing-rewards banner, the cash partners' rewards
 * panel, this year's total (every partner), the activity with its pages, what the route puts after
 * them (`redemptions`: cash partners' redemptions, their one list of statement credits too) and
 * the disclaimer.
 */
export function RecentActivity({ redemptions }: { redemptions?: ReactNode } = {}) {
  const partner = usePartner();
  const cash = paysStatementCredits(partner);
  const activity = useActivityPage();
  // The panel's calls answer 401 too when the session ended; any of them sends the visitor to sign in.
  const balance = useCreditBalance(cash);
  const summary = useDineSummary();
  const unauthorised = useSignInOnUnauthorised(activity.query.error, balance.error, summary.error);
  const titleId = useId();
  if (unauthorised) return <Spinner label="Taking you to sign in" size="large" block />;
  const { page, rows, totalPages } = activity;
  // A page past the end (an old link, fewer dines now): the last page.
  if (activity.query.isSuccess && !activity.query.isPlaceholderData && rows.length === 0 && totalPages > 0 && page > totalPages) {
    return <Navigate to={activity.hrefFor(totalPages)} replace />;
  }

  return (
    <div className={styles.page}>
      <MissingRewardsBanner />
      {cash && <RewardsPanel />}
      <YearTotal />
      <section className={styles.activity} aria-labelledby={titleId} aria-busy={activity.loading || activity.loadingMore || undefined}>
        <h2 id={titleId} ref={activity.headingRef} tabIndex={-1} className={styles.sectionTitle}>
          {ACTIVITY_TITLE}
        </h2>
        {activity.loading ? (
          <Spinner label={LOADING_TEXT} size="large" block />
        ) : activity.query.isError || rows.length === 0 ? (
          <ActivityEmpty failed={activity.query.isError} onRetry={() => void activity.query.refetch()} />
        ) : (
          <>
            {activity.loadingMore && (
              <div className={styles.loadingMore}>
                <Spinner label={LOADING_MORE_TEXT} block />
              </div>
            )}
            <ActivityList rows={rows} label={totalPages > 1 ? `Activity, page ${page} of ${totalPages}` : 'Activity'} stale={activity.loadingMore} />
            <Pagination label="Activity pages" page={page} totalPages={totalPages} hrefFor={activity.hrefFor} onNavigate={activity.onNavigate} />
          </>
        )}
      </section>
      {cash && redemptions}
      <ActivityDisclaimer />
    </div>
  );
}

/** §2 optional disclaimer: content 'account_center', field recent_activity_disclaimer (simple HTML). */
function ActivityDisclaimer() {
  const items = useContentPage('account_center');
  const html = items.map((i) => i.fields.recent_activity_disclaimer).find((v): v is string => typeof v === 'string' && v.trim() !== '');
  if (!html) return null;
  return <RichText html={html} className={styles.disclaimer} />;
}
