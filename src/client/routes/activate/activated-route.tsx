import { useLocation } from 'react-router';
import { LinkButton } from '../../components/button';
import { RichText } from '../../components/rich-text';
import { AuthPage, authStyles as styles } from '../../features/member-forms/auth-page';
import { EnrollmentGate } from '../../features/member-forms/enrollment-gate';
import { NotFoundRoute } from '../not-found/not-found-route';
import { useActivationContent } from './activation-content';

/** /activate/activated: the activated stage, reached only by a successful activation (§4: otherwise not found). */
export function ActivatedRoute() {
  return (
    <EnrollmentGate condition="notNone">
      <ActivatedScreen />
    </EnrollmentGate>
  );
}

function ActivatedScreen() {
  const location = useLocation();
  const content = useActivationContent();
  if (!(location.state as { activated?: boolean } | null)?.activated) return <NotFoundRoute />;
  return (
    <AuthPage title={content.activatedTitle} focusHeading>
      <div className="stack">
        {content.activatedBody && <RichText html={content.activatedBody} />}
        <div className={styles.actions}>
          <LinkButton to="/search">Find restaurants</LinkButton>
        </div>
      </div>
    </AuthPage>
  );
}
