import { useSearchParams } from '#client/lib/router';
import { ROUTES } from '#shared/routes';
import { PartnerGate } from '../../features/auth/components/partner-gate';
import { ConfirmEmail } from '../../features/account/components/confirm-email';

/** /confirm-email?token=…: the link e-mailed to a member's new address; signed in or not. */
export function ConfirmEmailRoute() {
  const [params] = useSearchParams();
  return (
    <PartnerGate route={ROUTES.confirmEmail}>
      <ConfirmEmail token={params.get('token') ?? ''} />
    </PartnerGate>
  );
}
