import { useSearchParams } from 'react-router';
import { ROUTES } from '../../../shared/routes';
import { PartnerGate, RecoverUpdate } from '../../features/auth';

/** /recover/update?token=…: the e-mailed link; the token is checked before the form shows. */
export function RecoverUpdateRoute() {
  const [params] = useSearchParams();
  return (
    <PartnerGate route={ROUTES.recoverUpdate}>
      <RecoverUpdate token={params.get('token') ?? ''} />
    </PartnerGate>
  );
}
