import { Link, useLocation } from '#client/lib/router';
import { RECOVERY_LINK_MINUTES } from '#shared/constants/member';
import { ROUTES, paths } from '#shared/routes';
import { AuthPage, authStyles as styles } from '../../features/auth/components/auth-page';
import { PartnerGate } from '../../features/auth/components/partner-gate';

/** /recover/confirm: 'check your e-mail', the same answer whatever the e-mail was. */
export function RecoverConfirmRoute() {
  return (
    <PartnerGate route={ROUTES.recoverConfirm}>
      <RecoverConfirmScreen />
    </PartnerGate>
  );
}

function RecoverConfirmScreen() {
  const location = useLocation();
  const email = (location.state as { email?: string } | null)?.email;
  return (
    <AuthPage title="Check your email" focusHeading>
      <div className="stack">
        <p>
          If an account uses {email ? <strong>{email}</strong> : 'that email address'}, we have sent it a link to choose a new password.
          The link works once and expires after {RECOVERY_LINK_MINUTES} minutes.
        </p>
        <p>Nothing arrived after a few minutes? Check your spam or junk folder, or ask for a new link.</p>
      </div>
      <div className={styles.links}>
        <Link to={paths.recover(email ? { email } : undefined)}>Send another link</Link>
        <Link to={paths.login()}>Back to sign in</Link>
      </div>
    </AuthPage>
  );
}
