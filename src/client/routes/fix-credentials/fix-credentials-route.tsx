import { ROUTES } from '#shared/routes';
import { FixCredentialsForm } from '../../features/auth/components/fix-credentials-form';
import { PartnerGate } from '../../features/auth/components/partner-gate';

/** /fix_credentials (§2: where members sign in with a password): the e-mail is on several accounts, so this one needs its own. */
export function FixCredentialsRoute() {
  return (
    <PartnerGate route={ROUTES.fixCredentials}>
      <FixCredentialsForm />
    </PartnerGate>
  );
}
