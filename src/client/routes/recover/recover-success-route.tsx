import { LinkButton } from '../../components/button';
import { AuthPage } from '../../features/member-forms/auth-page';
import { EnrollmentGate } from '../../features/member-forms/enrollment-gate';

/** /recover/success: the password was changed. */
export function RecoverSuccessRoute() {
  return (
    <EnrollmentGate condition="direct">
      <AuthPage title="Your password has been changed" focusHeading>
        <div className="stack">
          <p>You can now sign in with your new password.</p>
          <p>
            <LinkButton to="/login">Sign in</LinkButton>
          </p>
        </div>
      </AuthPage>
    </EnrollmentGate>
  );
}
