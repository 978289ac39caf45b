import { useId } from 'react';
import { Link, useSearchParams } from '#client/lib/router';
import { returnsMoney } from '#shared/rules/redemptions';
import { paths } from '#shared/routes';
import { Pagination } from '#client/components/pagination';
import { Spinner } from '#client/components/spinner';
import { usePageHeadingFocus } from '#client/components/use-page-heading-focus';
import { RECENT_REDEMPTIONS, REDEMPTIONS_PAGE_SIZE, useRedemptions, type Redemption } from '../api';
import { formatDay } from '../../rewards';
import { money, rowStatusText } from '../format';
import styles from './redemptions.module.css';

export const HISTORY_TITLE = 'Your redemptions';
export const RECENT_TITLE = 'Redemptions';
export const NO_REDEMPTIONS = 'No redemptions yet.';
export const HISTORY_FAILED = 'We could not load your redemptions just now.';
export const ALL_REDEMPTIONS = 'All your redemptions and ways to redeem';

/** The page of the URL (?page=N, from 1); anything else is page 1. */
function pageOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

const hrefFor = (page: number) => (page <= 1 ? paths.account.redeem() : paths.account.redeem({ page }));

/**
 * The member's redemptions, newest first, each with its amount, where it went, its date and status
 * (a final one with its day; a rejected or failed one says the money is back in the balance), an
 * automatic statement credit marked as such, and for a gift card only the masked placeholder: a
 * list never shows a card's code or claim link. Each opens its own page with its steps. On the
 * Redeem page, a page at a time (?page=N); `recent` shows the newest few with a way to the Redeem
 * page (Reviews & History: the one list of statement credits there).
 */
export function RedemptionHistory({ recent = false }: { recent?: boolean }) {
  const [params] = useSearchParams();
  const page = recent ? 1 : pageOf(params.get('page'));
  const list = useRedemptions(page, recent ? RECENT_REDEMPTIONS : REDEMPTIONS_PAGE_SIZE);
  const { headingRef, onNavigate } = usePageHeadingFocus(page, list.isSuccess && !list.isPlaceholderData);
  const titleId = useId();
  const rows = list.data?.data ?? [];
  const total = list.data?.totalResultSize ?? 0;
  const totalPages = list.data?.totalPages ?? 0;
  return (
    <section className={styles.section} aria-labelledby={titleId} aria-busy={list.isFetching || undefined}>
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className={styles.sectionTitle}>
        {recent ? RECENT_TITLE : HISTORY_TITLE}
      </h2>
      {list.isPending ? (
        <Spinner label="Loading your redemptions" />
      ) : list.isError ? (
        <p>{HISTORY_FAILED}</p>
      ) : rows.length === 0 ? (
        <p>{NO_REDEMPTIONS}</p>
      ) : (
        <>
          <ul className={styles.list} aria-labelledby={titleId}>
            {rows.map((r) => <Row key={r.redemptionId} redemption={r} />)}
          </ul>
          {recent ? (
            total > rows.length && <p className={styles.count}>{`The newest ${rows.length} of ${total}.`}</p>
          ) : (
            <Pagination label="Redemption pages" page={page} totalPages={totalPages} hrefFor={hrefFor} onNavigate={onNavigate} />
          )}
        </>
      )}
      {recent && (
        <p>
          <Link to={paths.account.redeem()}>{ALL_REDEMPTIONS}</Link>
        </p>
      )}
    </section>
  );
}

function Row({ redemption: r }: { redemption: Redemption }) {
  const done = r.status === 'completed';
  const stopped = returnsMoney(r.status);
  const date = formatDay(r.createdAt);
  return (
    <li className={styles.row}>
      <div className={styles.rowMain}>
        <h3 className={styles.rowTitle}>
          <Link to={paths.account.redemption(r.redemptionId)}>{r.label}</Link>
          {r.automatic && <span className={styles.muted}> (automatic)</span>}
        </h3>
        <p className={styles.rowMeta}>
          {date && <time dateTime={r.createdAt}>{date}</time>}
          {date && ' · '}
          {r.maskedCard !== null ? (
            <>
              <span className={styles.masked} aria-hidden="true">{r.maskedCard}</span>
              <span className="visually-hidden">gift card number not shown</span>
            </>
          ) : (
            `to ${r.destination}`
          )}
        </p>
        {stopped && <p className={styles.rowMeta}>{r.money}</p>}
      </div>
      <div className={styles.rowFigures}>
        <span className={styles.rowAmount}>{money(r.amountCents)}</span>
        <span className={`${styles.status} ${done ? styles.statusDone : stopped ? styles.statusStopped : ''}`}>
          <span className="visually-hidden">Status: </span>
          {rowStatusText(r)}
        </span>
      </div>
    </li>
  );
}
