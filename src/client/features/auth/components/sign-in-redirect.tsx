import { useEffect, useLayoutEffect } from 'react';
import { Navigate, useLocation } from '#client/lib/router';
import { usesSingleSignOn } from '#shared/rules/partner-features';
import { paths } from '#shared/routes';
import { browserLocation } from '#client/lib/browser-location';
import { usePartner } from '#client/lib/partner';
import { Spinner } from '#client/components/spinner';
import { saveLoginRedirect } from '../../session';

/**
 * A page that needs a member, for a visitor who is not signed in: on to /login, or to the
 * partner's single sign-on with this page as returnTo. `saveReturn` also saves the page as the
 * §4 login redirect (the account centre; enrolment pages save none).
 */
export function SignInRedirect({ saveReturn = false }: { saveReturn?: boolean }) {
  const partner = usePartner();
  const location = useLocation();
  const sso = usesSingleSignOn(partner);
  const returnTo = location.pathname + location.search;
  // Saved here as well as by the layout's arrival handling; a layout effect runs before <Navigate>'s effect.
  useLayoutEffect(() => {
    if (saveReturn) saveLoginRedirect(returnTo);
  }, [saveReturn, returnTo]);
  useEffect(() => {
    if (sso) browserLocation.assign(paths.ssoSignIn(returnTo));
  }, [sso, returnTo]);
  // Signing out of single sign-on: the browser is on its way to the provider's sign-out, not to sign-in.
  if (sso) return <Spinner label={browserLocation.leavingFor ? 'Signing you out…' : 'Taking you to sign in'} size="large" block />;
  return <Navigate to={paths.login()} replace />;
}
