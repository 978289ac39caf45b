import { useState } from 'react';
import { Navigate, useSearchParams } from '#client/lib/router';
import { activationStep } from '#shared/rules/activation';
import { ROUTES } from '#shared/routes';
import { Spinner } from '../../components/spinner';
import { AuthPage } from '../../features/auth/components/auth-page';
import { PartnerGate } from '../../features/auth/components/partner-gate';
import { ActivationStage } from '../../features/enrollment/components/activation-stage';
import { publicIdFromQuery, readKnownPublicId, readPublicIdCookie, useKnownVisitor } from '../../features/session';

/** /activate (§2: only where the partner has members; §4 activation flow). */
export function ActivateRoute() {
  return (
    <PartnerGate route={ROUTES.activate}>
      <ActivateScreen />
    </PartnerGate>
  );
}

function ActivateScreen() {
  const [params] = useSearchParams();
  // The query first (?public_id= or ?publicId=), then the RN_PUBLIC_ID cookie, then the id captured on arrival.
  const [publicId] = useState(() => publicIdFromQuery(params) ?? readPublicIdCookie() ?? readKnownPublicId());
  const lookup = useKnownVisitor(publicId);
  const [leaving, setLeaving] = useState(false);
  const step = activationStep({ publicId, loading: lookup.isLoading, error: lookup.isError, visitor: lookup.visitor ?? undefined });
  if (leaving || step.kind === 'loading') {
    return (
      <AuthPage title="Activate your account">
        <Spinner label="Loading your account…" block size="large" />
      </AuthPage>
    );
  }
  if (step.kind === 'redirect') return <Navigate to={step.to} replace />;
  return <ActivationStage publicId={step.visitor.publicId} onActivated={() => setLeaving(true)} />;
}
