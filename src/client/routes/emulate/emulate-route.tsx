import { ROUTES } from '#shared/routes';
import { PartnerGate } from '../../features/auth/components/partner-gate';
import { EmulationStart } from '../../features/session/components/emulation-start';

/** /emulate#<grant>: the operator console's "View as member" window (§6, docs/features/console.md). */
export function EmulateRoute() {
  return (
    <PartnerGate route={ROUTES.emulate}>
      <EmulationStart />
    </PartnerGate>
  );
}
