import { useSearchParams } from '#client/lib/router';
import { ROUTES } from '#shared/routes';
import { PartnerGate } from '../../features/auth/components/partner-gate';
import { RecoverUpdate } from '../../features/auth/components/recover-update';

/** /recover/update?token=…: the e-mailed link; the token is checked before the form shows. */
export function RecoverUpdateRoute() {
  const [params] = useSearchParams();
  return (
    <PartnerGate route={ROUTES.recoverUpdate}>
      <RecoverUpdate token={params.get('token') ?? ''} />
    </PartnerGate>
  );
}
