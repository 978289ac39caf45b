import { useEffect, useRef } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from '#client/lib/router';
import { hasMembers } from '#shared/rules/partner-features';
import { usePartner } from '../../lib/partner';
import { Spinner } from '../../components/spinner';
import { SignInRedirect } from '../../features/auth/components/sign-in-redirect';
import { useMember } from '../../features/session';
import { ACCOUNT_PAGES, accountPages, isSubPageOf } from '../../features/account/pages';
import { NotFoundScreen } from '../error-screens';
import styles from './account.module.css';

/** The share of the current tab that counts as in view (a pixel's rounding aside). */
const TAB_IN_VIEW = 0.98;

/**
 * §2 /account: the account centre, only where the partner has members. A visitor who is not
 * signed in is sent to sign in, with this page saved as the place to come back to (§4 login
 * redirect); a member sees the account navigation and the page.
 */
export function AccountRoute() {
  const partner = usePartner();
  const { member, isLoading } = useMember();
  const { pathname } = useLocation();
  const listRef = useRef<HTMLUListElement>(null);
  // On a phone the tabs scroll sideways: the current one is brought into view (a later tab would
  // otherwise sit off screen with nothing to say it is the page shown). An observer says whether it
  // is: it reports after the frame's own layout, where reading the list's sizes in the commit made
  // the browser lay the page out inside React's task (issue 30, bench:client-profile).
  useEffect(() => {
    const list = listRef.current;
    const current = list?.querySelector<HTMLElement>('[aria-current]');
    if (!list || !current || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => {
      observer.disconnect();
      if (!entry || entry.intersectionRatio >= TAB_IN_VIEW) return;
      const start = current.offsetLeft; // the list is the tabs' offset parent (position: relative)
      list.scrollLeft = Math.max(0, start - (list.clientWidth - current.offsetWidth) / 2);
    }, { root: list, threshold: [TAB_IN_VIEW] });
    observer.observe(current);
    return () => observer.disconnect();
  }, [pathname, member]);
  if (!hasMembers(partner)) return <NotFoundScreen />;
  if (isLoading) return <Spinner label="Loading your account" size="large" block />;
  if (!member) return <SignInRedirect saveReturn />;
  return (
    <div className={`container ${styles.shell}`}>
      <nav className={styles.nav} aria-label="Account centre">
        <ul ref={listRef} className={styles.navList}>
          {accountPages(partner).map((page) => (
            <li key={page.path}>
              {isSubPageOf(page, pathname) ? (
                // A page of this tab's section (not the tab's own page): marked, and said so.
                <Link to={page.path} className={styles.navLink} aria-current="true">
                  {page.label}
                </Link>
              ) : (
                <NavLink to={page.path} className={styles.navLink}>
                  {page.label}
                </NavLink>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}

/** §2: an unknown account sub-path (or /account itself) shows the overview. */
export function AccountHomeRedirect() {
  return <Navigate to={ACCOUNT_PAGES[0]!.path} replace />;
}
