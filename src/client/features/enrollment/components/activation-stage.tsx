import { useNavigate } from '#client/lib/router';
import { paths } from '#shared/routes';
import { usePartner } from '#client/lib/partner';
import { Button } from '#client/components/button';
import { FLOW_DONE } from '#client/components/flow-end-gate';
import { RichText } from '#client/components/rich-text';
import { useToast } from '#client/components/toast';
import { AuthPage, authStyles as styles } from '../../auth';
import { saveKnownPublicId, useActivateKnownVisitor } from '../../session';
import { useActivationContent } from '../activation-content';

/** §8 tier-1 activation failure when the content configures no text of its own; the support phone follows it. */
export const ACTIVATION_FAILED = 'There was an error activating your account. Please contact customer support.';

/** §4 activation stage of a known visitor: the content's copy and one button; success replaces the page. */
export function ActivationStage({ publicId, onActivated }: { publicId: string; onActivated: () => void }) {
  const content = useActivationContent();
  const partner = usePartner();
  const toast = useToast();
  const navigate = useNavigate();
  const activation = useActivateKnownVisitor(publicId, {
    onActivated: async () => {
      onActivated();
      saveKnownPublicId(publicId);
      await navigate(paths.activate.activated(), { replace: true, state: FLOW_DONE });
    },
    onError: () => {
      const phone = partner.customerSupport.phone;
      toast.show({
        kind: 'error',
        message: (
          <>
            {content.errorText || ACTIVATION_FAILED} <a href={phone.href}>{phone.formatted}</a>
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
