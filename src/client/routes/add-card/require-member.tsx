import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { usePartner } from '../../lib/partner';
import { browserLocation } from '../../lib/browser-location';
import { Spinner } from '../../components/spinner';
import { useMember } from '../../features/session/api';
import { signInPath } from '../account/account-route';

/**
 * §6: card linking needs a signed-in member; anyone else goes to sign in (/login, or the
 * partner's single sign-on). Enrolment pages do not save a login redirect (§4), so none is saved.
 */
export function RequireMember({ children }: { children: ReactNode }) {
  const partner = usePartner();
  const { member, isLoading } = useMember();
  const location = useLocation();
  const sso = partner.enrollmentType === 'sso';
  const returnTo = location.pathname + location.search;
  const away = !isLoading && !member;
  useEffect(() => {
    if (away && sso) browserLocation.assign(signInPath('sso', returnTo));
  }, [away, sso, returnTo]);
  if (isLoading) return <Spinner label="Loading" size="large" block />;
  if (!member) {
    if (sso) return <Spinner label="Taking you to sign in" size="large" block />;
    return <Navigate to="/login" replace />;
  }
  return <>{children}</>;
}
