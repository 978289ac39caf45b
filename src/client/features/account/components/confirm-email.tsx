import { useState } from 'react';
import { programName } from '#shared/rules/partner-features';
import { EMAIL_CONFIRM_INVALID_MESSAGE } from '#shared/rules/email-change';
import { paths } from '#shared/routes';
import { ApiError } from '#client/lib/api';
import { usePartner } from '#client/lib/partner';
import { Button, LinkButton } from '#client/components/button';
import { FormBanner } from '#client/components/form-banner';
import { AuthPage, authStyles as styles } from '../../auth';
import { useMember } from '../../session';
import { useConfirmEmail } from '../api';

export const CONFIRM_FAILED = 'We could not confirm your address just now. Please try again in a moment.';
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,200}$/;

type Outcome = { kind: 'confirmed'; email: string } | { kind: 'unusable'; message: string };

/**
 * /confirm-email?token=…: the link e-mailed to a member's new address (issue 28 item 5). Opening
 * the page uses nothing up (mail scanners open links too); one click confirms, signed in or not,
 * on any device. The outcome replaces the page and takes the focus, so it is read out.
 */
export function ConfirmEmail({ token }: { token: string }) {
  const partner = usePartner();
  const { member } = useMember();
  const confirm = useConfirmEmail();
  const [outcome, setOutcome] = useState<Outcome | null>(TOKEN_SHAPE.test(token) ? null : { kind: 'unusable', message: EMAIL_CONFIRM_INVALID_MESSAGE });
  const [failure, setFailure] = useState<string | null>(null);

  if (outcome?.kind === 'confirmed') {
    return (
      <AuthPage title="Your e-mail address is confirmed" focusHeading>
        <div className="stack">
          <p role="status">
            Your {programName(partner)} account now uses <strong>{outcome.email}</strong>. Sign in with it from now on; your password stays the same.
          </p>
          <p>
            {member ? <LinkButton to={paths.account.profile()}>Back to your profile</LinkButton> : <LinkButton to={paths.login({ email: outcome.email })}>Sign in</LinkButton>}
          </p>
        </div>
      </AuthPage>
    );
  }
  if (outcome?.kind === 'unusable') {
    return (
      <AuthPage title="This link can no longer be used" focusHeading>
        <div className="stack">
          <p role="alert">{outcome.message}</p>
          <p>Confirmation links work once and expire after 48 hours; a newer request replaces an older link. Your e-mail address has not changed.</p>
          <p>
            <LinkButton to={member ? paths.account.profile() : paths.login()}>{member ? 'Go to your profile' : 'Sign in'}</LinkButton>
          </p>
        </div>
      </AuthPage>
    );
  }

  const onConfirm = async () => {
    setFailure(null);
    try {
      const answer = await confirm.mutateAsync(token);
      setOutcome({ kind: 'confirmed', email: answer.email });
    } catch (err) {
      if (err instanceof ApiError && (err.status === 400 || err.status === 409)) setOutcome({ kind: 'unusable', message: err.message || EMAIL_CONFIRM_INVALID_MESSAGE });
      else setFailure(err instanceof ApiError && err.status === 429 ? err.message || CONFIRM_FAILED : CONFIRM_FAILED);
    }
  };

  return (
    <AuthPage title="Confirm your new e-mail address" intro={<p>One click makes this address the one your {programName(partner)} account uses.</p>}>
      <div className={styles.form}>
        {failure && <FormBanner>{failure}</FormBanner>}
        <div className={styles.actions}>
          <Button onClick={() => void onConfirm()} loading={confirm.isPending}>
            Confirm my new address
          </Button>
        </div>
      </div>
    </AuthPage>
  );
}
