import { useSearchParams } from '#client/lib/router';
import { programName } from '#shared/rules/partner-features';
import { paths } from '#shared/routes';
import { usePartner } from '#client/lib/partner';
import { buttonClassName } from '#client/components/button';
import { FormBanner } from '#client/components/form-banner';
import { readLoginRedirect } from '../../session';
import { AuthPage, authStyles as styles } from './auth-page';

export const SSO_FAILED = 'We could not sign you in with your partner account.';

/** Sign-in of single sign-on partners: one button to the partner's identity provider. */
export function SsoSignIn({ rfrNote }: { rfrNote?: string }) {
  const partner = usePartner();
  const program = programName(partner);
  const [params] = useSearchParams();
  const returnTo = readLoginRedirect(paths.account());
  const phone = partner.customerSupport.phone;
  return (
    <AuthPage title="Sign in" intro={<p>Use your {program} account to sign in.</p>}>
      {/* The server's sign-on callback comes back here with sso_error=1 when it failed. */}
      {params.get('sso_error') ? (
        <FormBanner>
          {SSO_FAILED} Please try again, or contact customer service at <a href={phone.href}>{phone.formatted}</a>.
        </FormBanner>
      ) : (
        rfrNote && <FormBanner kind="info">{rfrNote}</FormBanner>
      )}
      <div className={styles.actions}>
        {/* A full page load: the server starts the OpenID Connect flow. */}
        <a className={buttonClassName('primary')} href={paths.ssoSignIn(returnTo)}>
          Sign in with {program}
        </a>
      </div>
    </AuthPage>
  );
}
