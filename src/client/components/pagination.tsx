import { Link } from '#client/lib/router';
import { pageWindow } from '#shared/rules/page-window';
import styles from './pagination.module.css';

export type PaginationProps = {
  page: number;
  totalPages: number;
  /** The link of a page (keeps the URL the source of truth, so back/forward work). */
  hrefFor: (page: number) => string;
  onNavigate?: (page: number) => void;
  /** History state carried by the page links. */
  linkState?: unknown;
  /** Name of the navigation landmark (a page with two lists of pages names each). */
  label?: string;
};

/** §9 pagination: Previous, up to five page numbers, Next, and 'Page X of Y'. */
export function Pagination({ page, totalPages, hrefFor, onNavigate, linkState, label = 'Pagination' }: PaginationProps) {
  if (totalPages <= 1) return null;
  const pages = pageWindow(page, totalPages);
  const hasPrev = page > 1;
  const hasNext = page < totalPages;
  return (
    <nav className={styles.nav} aria-label={label}>
      <p className={styles.status}>Page {page} of {totalPages}</p>
      <ul className={styles.list}>
        <li>
          {hasPrev ? (
            <Link state={linkState} className={styles.step} to={hrefFor(page - 1)} onClick={() => onNavigate?.(page - 1)} rel="prev">
              <span aria-hidden="true">‹ </span>Previous<span className="visually-hidden"> page</span>
            </Link>
          ) : (
            <span className={`${styles.step} ${styles.disabled}`} aria-disabled="true">
              <span aria-hidden="true">‹ </span>Previous<span className="visually-hidden"> page</span>
            </span>
          )}
        </li>
        {pages.map((n) => (
          <li key={n}>
            {n === page ? (
              <span className={`${styles.number} ${styles.current}`} aria-current="page"><span className="visually-hidden">Page </span>{n}</span>
            ) : (
              <Link state={linkState} className={styles.number} to={hrefFor(n)} onClick={() => onNavigate?.(n)}><span className="visually-hidden">Page </span>{n}</Link>
            )}
          </li>
        ))}
        <li>
          {hasNext ? (
            <Link state={linkState} className={styles.step} to={hrefFor(page + 1)} onClick={() => onNavigate?.(page + 1)} rel="next">
              Next<span className="visually-hidden"> page</span><span aria-hidden="true"> ›</span>
            </Link>
          ) : (
            <span className={`${styles.step} ${styles.disabled}`} aria-disabled="true">
              Next<span className="visually-hidden"> page</span><span aria-hidden="true"> ›</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
