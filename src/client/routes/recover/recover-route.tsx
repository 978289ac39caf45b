import { ROUTES } from '#shared/routes';
import { PartnerGate } from '../../features/auth/components/partner-gate';
import { RecoverRequestForm } from '../../features/auth/components/recover-request-form';

/** /recover: ask for a reset link (§2: only where the password is ours). */
export function RecoverRoute() {
  return (
    <PartnerGate route={ROUTES.recover}>
      <RecoverRequestForm />
    </PartnerGate>
  );
}
