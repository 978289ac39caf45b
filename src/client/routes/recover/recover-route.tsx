import { ROUTES } from '../../../shared/routes';
import { PartnerGate, RecoverRequestForm } from '../../features/auth';

/** /recover: ask for a reset link (§2: only where the password is ours). */
export function RecoverRoute() {
  return (
    <PartnerGate route={ROUTES.recover}>
      <RecoverRequestForm />
    </PartnerGate>
  );
}
