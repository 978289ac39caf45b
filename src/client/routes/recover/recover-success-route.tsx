import { LinkButton } from '../../components/button';
import { ROUTES, paths } from '#shared/routes';
import { FlowEndGate } from '../../components/flow-end-gate';
import { AuthPage } from '../../features/auth/components/auth-page';
import { PartnerGate } from '../../features/auth/components/partner-gate';

/** /recover/success: the password was changed (reached from the recovery flow only). */
export function RecoverSuccessRoute() {
  return (
    <PartnerGate route={ROUTES.recoverSuccess}>
      <FlowEndGate route={ROUTES.recoverSuccess}>
        <AuthPage title="Your password has been changed" focusHeading>
          <div className="stack">
            <p>You can now sign in with your new password.</p>
            <p>
              <LinkButton to={paths.login()}>Sign in</LinkButton>
            </p>
          </div>
        </AuthPage>
      </FlowEndGate>
    </PartnerGate>
  );
}
