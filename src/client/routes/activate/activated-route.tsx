import { ROUTES, paths } from '#shared/routes';
import { FlowEndGate } from '../../components/flow-end-gate';
import { LinkButton } from '../../components/button';
import { RichText } from '../../components/rich-text';
import { AuthPage, authStyles as styles } from '../../features/auth/components/auth-page';
import { PartnerGate } from '../../features/auth/components/partner-gate';
import { useActivationContent } from '../../features/enrollment/activation-content';

/** /activate/activated: the activated stage, reached only by a successful activation (§4: otherwise not found). */
export function ActivatedRoute() {
  return (
    <PartnerGate route={ROUTES.activated}>
      <FlowEndGate route={ROUTES.activated}>
        <ActivatedScreen />
      </FlowEndGate>
    </PartnerGate>
  );
}

function ActivatedScreen() {
  const content = useActivationContent();
  return (
    <AuthPage title={content.activatedTitle} focusHeading>
      <div className="stack">
        {content.activatedBody && <RichText html={content.activatedBody} />}
        <div className={styles.actions}>
          <LinkButton to={paths.search()}>Find restaurants</LinkButton>
        </div>
      </div>
    </AuthPage>
  );
}
