import { useCallback, useEffect, useRef } from 'react';
import { canSignInWithPassword, programName } from '#shared/rules/partner-features';
import { paths } from '#shared/routes';
import { usePartner } from '../../lib/partner';
import { Button, LinkButton } from '../../components/button';
import { FormBanner } from '../../components/form-banner';
import { Spinner } from '../../components/spinner';
import { useSignOut } from '../../features/auth/api';
import { AuthPage, authStyles as styles } from '../../features/auth/components/auth-page';

export const SIGNED_OUT_TITLE = 'You have been signed out';
export const SIGN_OUT_FAILED = 'We could not sign you out just now.';

/**
 * /SignOut (§2): the sign-out address, also where the browser goes when the session expires.
 * Ends the session on the server (GET /api/SignOut), forgets the member and says so.
 */
export function SignOutRoute() {
  const partner = usePartner();
  const { mutate, isError, isSuccess, data } = useSignOut();
  const started = useRef(false);
  const run = useCallback(() => {
    // A single sign-on member: signOut sends the browser to the provider, which ends its session
    // and comes back here, signed out.
    mutate();
  }, [mutate]);
  useEffect(() => {
    // Once per visit, also under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    run();
  }, [run]);

  if (isError) {
    return (
      <AuthPage title="Signing out">
        <FormBanner>
          {SIGN_OUT_FAILED}{' '}
          <Button variant="link" onClick={run}>
            Try again
          </Button>
        </FormBanner>
      </AuthPage>
    );
  }
  if (!isSuccess || data.endSessionUrl) {
    return (
      <AuthPage title="Signing out">
        <Spinner label="Signing you out…" block size="large" />
      </AuthPage>
    );
  }
  const passwordSignIn = canSignInWithPassword(partner);
  return (
    <AuthPage title={SIGNED_OUT_TITLE} focusHeading>
      <div className="stack">
        <p>Thanks for visiting {programName(partner)}. For your security, close the browser if you share this device.</p>
        <div className={styles.actions}>
          {passwordSignIn && <LinkButton to={paths.login()}>Sign in again</LinkButton>}
          <LinkButton to={paths.home()} variant={passwordSignIn ? 'secondary' : 'primary'}>
            Go to the home page
          </LinkButton>
        </div>
      </div>
    </AuthPage>
  );
}
