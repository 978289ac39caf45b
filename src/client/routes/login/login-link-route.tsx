import { useSearchParams } from '#client/lib/router';
import { ROUTES } from '#shared/routes';
import { PartnerGate } from '../../features/auth/components/partner-gate';
import { SignInWithLink } from '../../features/auth/components/sign-in-link';

/** /login/link?token=…: the e-mailed one-time sign-in link (issue 25). */
export function LoginLinkRoute() {
  const [params] = useSearchParams();
  return (
    <PartnerGate route={ROUTES.loginLink}>
      <SignInWithLink token={params.get('token') ?? ''} />
    </PartnerGate>
  );
}
