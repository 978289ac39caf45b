import { useEffect, useLayoutEffect } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { usePartner } from '../../lib/partner';
import { browserLocation } from '../../lib/browser-location';
import { Spinner } from '../../components/spinner';
import { useMember } from '../../features/session/api';
import { saveLoginRedirect } from '../../features/session/arrival-storage';
import { ACCOUNT_PAGES } from '../../features/account/pages';
import { NotFoundRoute } from '../not-found/not-found-route';
import styles from './account.module.css';

/** Where a visitor who is not signed in goes to sign in: /login, or the partner's single sign-on. */
export function signInPath(enrollmentType: 'direct' | 'sso', returnTo: string): string {
  return enrollmentType === 'sso' ? `/auth/sso/start?returnTo=${encodeURIComponent(returnTo)}` : '/login';
}

/**
 * §2 /account: the account centre, only where the partner has enrolment. A visitor who is not
 * signed in is sent to sign in, with this page saved as the place to come back to (§4 login
 * redirect); a member sees the account navigation and the page.
 */
export function AccountRoute() {
  const partner = usePartner();
  const { member, isLoading } = useMember();
  if (partner.enrollmentType === 'none') return <NotFoundRoute />;
  if (isLoading) return <Spinner label="Loading your account" size="large" block />;
  if (!member) return <SignInRedirect enrollmentType={partner.enrollmentType} />;
  return (
    <div className={`container ${styles.shell}`}>
      <nav className={styles.nav} aria-label="Account centre">
        <ul className={styles.navList}>
          {ACCOUNT_PAGES.map((page) => (
            <li key={page.path}>
              <NavLink to={page.path} className={styles.navLink}>
                {page.label}
              </NavLink>
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

function SignInRedirect({ enrollmentType }: { enrollmentType: 'direct' | 'sso' }) {
  const location = useLocation();
  const returnTo = location.pathname + location.search;
  // Saved here as well as by the layout's arrival handling; a layout effect runs before <Navigate>'s effect.
  useLayoutEffect(() => saveLoginRedirect(returnTo), [returnTo]);
  useEffect(() => {
    if (enrollmentType === 'sso') browserLocation.assign(signInPath('sso', returnTo));
  }, [enrollmentType, returnTo]);
  if (enrollmentType === 'sso') return <Spinner label="Taking you to sign in" size="large" block />;
  return <Navigate to={signInPath('direct', returnTo)} replace />;
}

/** §2: an unknown account sub-path (or /account itself) shows the overview. */
export function AccountHomeRedirect() {
  return <Navigate to={ACCOUNT_PAGES[0]!.path} replace />;
}
