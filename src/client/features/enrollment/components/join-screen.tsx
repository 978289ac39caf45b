import { useState } from 'react';
import { Navigate } from '#client/lib/router';
import { programName, usesSingleSignOn } from '#shared/rules/partner-features';
import { paths } from '#shared/routes';
import { usePartner } from '#client/lib/partner';
import { buttonClassName, LinkButton } from '#client/components/button';
import { AuthPage, authStyles as styles } from '../../auth';
import { useMember } from '../../session';
import { JoinForm } from './join-form';
import { JoinSteps } from './join-steps';

export const DONE_TITLE = 'Your account is ready';
/** Enrolment step 2, where a new member goes once the account exists. */
export const ADD_CARD_PATH = paths.addCard();

/** §2 enrolment step 1: the form, the partner's single sign-on, or on to step 2 once the account exists. */
export function JoinScreen() {
  const partner = usePartner();
  const { member } = useMember();
  const [joined, setJoined] = useState(false);
  const program = programName(partner);
  // §2 enrolment: step 1 done, the account exists and is signed in; step 2 links a card. Replace,
  // so Back does not return to a joining form the member has already sent.
  if (joined) return <Navigate to={ADD_CARD_PATH} replace />;
  // Back from single sign-on with a new account (no card yet): on to step 2 as well.
  if (member?.memberType === 'NonCardMember') return <Navigate to={ADD_CARD_PATH} replace />;
  if (member) {
    // Step 1 is done (also on the way back from single sign-on): the account exists.
    return (
      <AuthPage title={DONE_TITLE}>
        <div className="stack">
          <p>Your {program} account exists and you are signed in.</p>
          <p>
            <LinkButton to={paths.account()}>Go to your account</LinkButton>
          </p>
        </div>
      </AuthPage>
    );
  }
  if (usesSingleSignOn(partner)) {
    // Single sign-on partners: the first sign-in with the partner's account creates the member.
    return (
      <AuthPage
        title={`Join ${program}`}
        wide
        intro={
          <>
            <JoinSteps step={1} />
            <p>Use your {program} account to join. Your dining rewards account is created the first time you sign in.</p>
          </>
        }
      >
        <div className={styles.actions}>
          <a className={buttonClassName('primary')} href={paths.ssoSignIn(paths.join())}>
            Join with {program}
          </a>
        </div>
      </AuthPage>
    );
  }
  return <JoinForm onJoined={() => setJoined(true)} />;
}
