import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activationStep } from '../../../shared/rules/activation';
import { usePartner } from '../../lib/partner';
import { Button } from '../../components/button';
import { RichText } from '../../components/rich-text';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast';
import { publicIdFromQuery } from '../../features/session/arrival';
import { readKnownPublicId, readPublicIdCookie, saveKnownPublicId } from '../../features/session/arrival-storage';
import { knownVisitorQueryOptions, useKnownVisitor } from '../../features/session/known-visitor';
import { AuthPage, authStyles as styles } from '../../features/member-forms/auth-page';
import { EnrollmentGate } from '../../features/member-forms/enrollment-gate';
import { activateKnownVisitor } from '../../features/member-forms/member-calls';
import { useActivationContent } from './activation-content';

/** §8 tier-1 activation failure; the support phone follows it. */
export const ACTIVATION_FAILED = 'There was an error activating your account. Please contact customer support.';

/** /activate (§2: only where enrollmentType is not none; §4 activation flow). */
export function ActivateRoute() {
  return (
    <EnrollmentGate condition="notNone">
      <ActivateScreen />
    </EnrollmentGate>
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

function ActivationStage({ publicId, onActivated }: { publicId: string; onActivated: () => void }) {
  const content = useActivationContent();
  const partner = usePartner();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const activation = useMutation({
    mutationFn: () => activateKnownVisitor(publicId),
    onSuccess: async (visitor) => {
      onActivated();
      saveKnownPublicId(publicId);
      await navigate('/activate/activated', { replace: true, state: { activated: true } });
      // Only now: on /activate a tier-2 visitor would be redirected to sign in (§4).
      queryClient.setQueryData(knownVisitorQueryOptions(publicId).queryKey, visitor);
    },
    onError: () => {
      const phone = partner.customerSupport.phone;
      toast.show({
        kind: 'error',
        message: (
          <>
            {ACTIVATION_FAILED} <a href={phone.href}>{phone.formatted}</a>
          </>
        ),
      });
    },
  });
  return (
    <AuthPage title={content.title}>
      <div className="stack">
        {content.body && <RichText html={content.body} />}
        <div className={styles.actions}>
          <Button loading={activation.isPending} onClick={() => activation.mutate()}>
            {content.buttonText}
          </Button>
        </div>
      </div>
    </AuthPage>
  );
}
