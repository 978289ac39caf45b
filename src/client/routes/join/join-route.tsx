import { ROUTES } from '../../../shared/routes';
import { PartnerGate } from '../../features/auth';
import { JoinScreen } from '../../features/enrollment';

/** /join: enrolment step 1 (§2: only where the partner has members). */
export function JoinRoute() {
  return (
    <PartnerGate route={ROUTES.join}>
      <JoinScreen />
    </PartnerGate>
  );
}
