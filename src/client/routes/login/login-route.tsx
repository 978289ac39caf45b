import { useSearchParams } from '#client/lib/router';
import { usesSingleSignOn } from '#shared/rules/partner-features';
import { ROUTES } from '#shared/routes';
import { usePartner } from '../../lib/partner';
import { PartnerGate } from '../../features/auth/components/partner-gate';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { SsoSignIn } from '../../features/auth/components/sso-sign-in';

/** Messages for the redirects of the activation flow (§4 rfr codes; wording not shown). */
const RFR_NOTES: Record<string, string> = {
  '3': 'Your account is already active. Sign in to continue.',
  '4': 'Sign in to reactivate your account.',
};

/** /login and /Login (§2: only where the partner has members). */
export function LoginRoute() {
  return (
    <PartnerGate route={ROUTES.login}>
      <LoginScreen />
    </PartnerGate>
  );
}

function LoginScreen() {
  const partner = usePartner();
  const [params] = useSearchParams();
  const rfrNote = RFR_NOTES[params.get('rfr') ?? ''];
  return usesSingleSignOn(partner) ? <SsoSignIn rfrNote={rfrNote} /> : <SignInForm rfrNote={rfrNote} />;
}
