import { useId } from 'react';
import { Link } from '#client/lib/router';
import { paths } from '#shared/routes';
import { usePartner } from '#client/lib/partner';
import { Spinner } from '#client/components/spinner';
import { formatReward } from '../format';
import { useDineSummary } from '../api';
import styles from './year-total.module.css';

export const YEAR_TOTAL_TITLE = 'This year';
export const YEAR_TOTAL_FAILED = "We could not load this year's total just now.";
export const YEAR_TOTAL_NOTE =
  "Earned adds up this year's rows on Reviews & History that are earned, paying out or paid, adjustments included.";
/** Said only where the On the way figure is shown (issue 24 review g). */
export const ON_THE_WAY_NOTE = 'On the way: purchases the card network has not settled yet and rewards awaiting activation.';
export const HISTORY_LINK = 'See each row on Reviews & History';

/**
 * This calendar year in the partner's currency, for every partner (miles, points or dollars): what
 * was earned, the sum of the year's rows of Reviews & History (GET /api/Member/DineSummary), what
 * is on the way, and the qualifying dines. The same figure on the overview and on Reviews & History.
 */
export function YearTotal({ linkToHistory = false }: { linkToHistory?: boolean }) {
  const partner = usePartner();
  const summary = useDineSummary();
  const titleId = useId();
  const data = summary.data;
  return (
    <section className={styles.card} aria-labelledby={titleId} aria-busy={summary.isPending || undefined}>
      <h2 id={titleId} className={styles.title}>
        {YEAR_TOTAL_TITLE}
      </h2>
      {summary.isPending ? (
        <Spinner label="Loading this year's total" />
      ) : !data ? (
        <p>{YEAR_TOTAL_FAILED}</p>
      ) : (
        <>
          <dl className={styles.figures}>
            <div>
              <dt>Earned in {data.year}</dt>
              <dd className={styles.earned}>{formatReward(data.currentYearBenefits, partner)}</dd>
            </div>
            {data.currentYearOnTheWay !== 0 && (
              <div>
                <dt>On the way</dt>
                <dd>{formatReward(data.currentYearOnTheWay, partner)}</dd>
              </div>
            )}
            <div>
              <dt>Qualifying dines in {data.year}</dt>
              <dd>{data.currentYearDines}</dd>
            </div>
          </dl>
          <p className={styles.note}>{data.currentYearOnTheWay !== 0 ? `${YEAR_TOTAL_NOTE} ${ON_THE_WAY_NOTE}` : YEAR_TOTAL_NOTE}</p>
        </>
      )}
      {linkToHistory && (
        <p className={styles.link}>
          <Link to={paths.account.recentActivity()}>{HISTORY_LINK}</Link>
        </p>
      )}
    </section>
  );
}
