import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { usePartner } from '../../lib/partner';
import { Button, LinkButton } from '../../components/button';
import { FormBanner } from '../../components/form-banner';
import { Spinner } from '../../components/spinner';
import { signOut } from '../../features/session/api';
import { browserLocation } from '../../lib/browser-location';
import { AuthPage, authStyles as styles } from '../../features/member-forms/auth-page';

export const SIGNED_OUT_TITLE = 'You have been signed out';
export const SIGN_OUT_FAILED = 'We could not sign you out just now.';

/**
 * /SignOut (§2): the sign-out address, also where the browser goes when the session expires.
 * Ends the session on the server (GET /api/SignOut), forgets the member and says so.
 */
export function SignOutRoute() {
  const partner = usePartner();
  const queryClient = useQueryClient();
  const [state, setState] = useState<'pending' | 'done' | 'failed'>('pending');
  const started = useRef(false);
  const run = useCallback(() => {
    setState('pending');
    signOut(queryClient).then(
      ({ endSessionUrl }) => {
        // A single sign-on member: the provider ends its session and comes back here, signed out.
        if (endSessionUrl) browserLocation.assign(endSessionUrl);
        else setState('done');
      },
      () => setState('failed'),
    );
  }, [queryClient]);
  useEffect(() => {
    // Once per visit, also under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    run();
  }, [run]);

  if (state === 'pending') {
    return (
      <AuthPage title="Signing out">
        <Spinner label="Signing you out…" block size="large" />
      </AuthPage>
    );
  }
  if (state === 'failed') {
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
  return (
    <AuthPage title={SIGNED_OUT_TITLE} focusHeading>
      <div className="stack">
        <p>Thanks for visiting {partner.copyStates.programName1 || partner.name}. For your security, close the browser if you share this device.</p>
        <div className={styles.actions}>
          {partner.enrollmentType === 'direct' && <LinkButton to="/login">Sign in again</LinkButton>}
          <LinkButton to="/" variant={partner.enrollmentType === 'direct' ? 'secondary' : 'primary'}>
            Go to the home page
          </LinkButton>
        </div>
      </div>
    </AuthPage>
  );
}
