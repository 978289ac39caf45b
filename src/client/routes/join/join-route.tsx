import { ROUTES } from '#shared/routes';
import { PartnerGate } from '../../features/auth/components/partner-gate';
import { JoinScreen } from '../../features/enrollment/components/join-screen';

/** /join: enrolment step 1 (§2: only where the partner has members). */
export function JoinRoute() {
  return (
    <PartnerGate route={ROUTES.join}>
      <JoinScreen />
    </PartnerGate>
  );
}
