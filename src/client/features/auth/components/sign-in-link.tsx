import { useState } from 'react';
import { useNavigate } from '#client/lib/router';
import { programName } from '#shared/rules/partner-features';
import { paths } from '#shared/routes';
import { ApiError } from '#client/lib/api';
import { usePartner } from '#client/lib/partner';
import { Button, LinkButton } from '#client/components/button';
import { CheckboxField } from '#client/components/checkbox-field';
import { FormBanner } from '#client/components/form-banner';
import { clearLoginRedirect, readLoginRedirect } from '../../session';
import { useSignInWithLink } from '../api';
import { AuthPage, authStyles as styles } from './auth-page';
import { LINK_EXPIRED } from './recover-update';

export const LINK_SIGN_IN_FAILED = 'We could not sign you in just now. Please try again in a moment.';
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * /login/link?token=…: the one-time sign-in link of the e-mail (issue 25). Opening the page uses
 * nothing up (mail scanners open links too); the member signs in with one click.
 */
export function SignInWithLink({ token }: { token: string }) {
  const partner = usePartner();
  const navigate = useNavigate();
  const signIn = useSignInWithLink();
  const [staySignedIn, setStaySignedIn] = useState(false);
  const [expired, setExpired] = useState<string | null>(TOKEN_SHAPE.test(token) ? null : LINK_EXPIRED);
  const [failure, setFailure] = useState<string | null>(null);

  if (expired) {
    return (
      <AuthPage title="This link can no longer be used" focusHeading>
        <div className="stack">
          <p>{expired}</p>
          <p>Sign-in links work once and expire after a while. Ask for a new one on the sign-in page and use the latest email.</p>
          <p>
            <LinkButton to={paths.login()}>Back to sign in</LinkButton>
          </p>
        </div>
      </AuthPage>
    );
  }

  const onSignIn = async () => {
    setFailure(null);
    try {
      await signIn.mutateAsync({ token, staySignedIn });
      const to = readLoginRedirect(paths.account());
      clearLoginRedirect();
      await navigate(to, { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setExpired(err.message || LINK_EXPIRED);
      else setFailure(err instanceof ApiError && err.status === 429 ? err.message || LINK_SIGN_IN_FAILED : LINK_SIGN_IN_FAILED);
    }
  };

  return (
    <AuthPage title="Sign in with your link" intro={<p>Your one-time link signs you in to {programName(partner)}.</p>}>
      <div className={styles.form}>
        {failure && <FormBanner>{failure}</FormBanner>}
        <CheckboxField label={partner.copyStates.staySignedInLabel || 'Keep me signed in'} checked={staySignedIn} onChange={(e) => setStaySignedIn(e.target.checked)} />
        <div className={styles.actions}>
          <Button onClick={() => void onSignIn()} loading={signIn.isPending}>
            Sign in
          </Button>
        </div>
      </div>
    </AuthPage>
  );
}
