import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from '#client/lib/router';
import { cutPassword, passwordProblem, PASSWORD_MIN } from '#shared/rules/password';
import { paths } from '#shared/routes';
import { ApiError } from '#client/lib/api';
import { applyServerFieldErrors, registerChecking, rulesResolver } from '#client/lib/forms';
import { Button, LinkButton } from '#client/components/button';
import { FLOW_DONE } from '#client/components/flow-end-gate';
import { FormBanner } from '#client/components/form-banner';
import { PasswordField } from '#client/components/password-field';
import { Spinner } from '#client/components/spinner';
import { REQUIRED_MESSAGE } from '#client/components/text-field';
import { useRecoveryTokenCheck, useUpdateRecoveredPassword } from '../api';
import { passwordConfirmProblem } from '../password-rules';
import { AuthPage, authStyles as styles } from './auth-page';
import { FormActions } from '#client/components/form-actions';

export const LINK_EXPIRED = 'This link has expired or was already used.';
export const CHECK_FAILED = 'We could not check your link just now.';
export const UPDATE_FAILED = 'We could not change your password just now. Please try again in a moment.';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

type UpdateValues = { password: string; passwordConfirm: string };

const resolver = rulesResolver<UpdateValues>({
  password: (v) => (v ? passwordProblem(v) : REQUIRED_MESSAGE),
  passwordConfirm: (v, all) => passwordConfirmProblem(v, all.password),
});

/** The e-mailed link's page: the token is checked before the form shows. */
export function RecoverUpdate({ token }: { token: string }) {
  const shapeOk = TOKEN_SHAPE.test(token);
  const check = useRecoveryTokenCheck(token, shapeOk);
  const [expired, setExpired] = useState<string | null>(null);
  if (!shapeOk) return <ExpiredLink message={LINK_EXPIRED} />;
  if (expired) return <ExpiredLink message={expired} />;
  if (check.isError) {
    if (check.error instanceof ApiError && check.error.status < 500) return <ExpiredLink message={check.error.message || LINK_EXPIRED} />;
    return (
      <AuthPage title="Choose a new password">
        <FormBanner>
          {CHECK_FAILED}{' '}
          <Button variant="link" onClick={() => void check.refetch()}>
            Try again
          </Button>
        </FormBanner>
      </AuthPage>
    );
  }
  if (check.isPending) {
    return (
      <AuthPage title="Choose a new password">
        <Spinner label="Checking your link…" block size="large" />
      </AuthPage>
    );
  }
  return <UpdateForm token={token} onExpired={setExpired} />;
}

function ExpiredLink({ message }: { message: string }) {
  return (
    <AuthPage title="This link can no longer be used" focusHeading>
      <div className="stack">
        <p>{message}</p>
        <p>Links to reset a password work once and expire after a while. Ask for a new one and use the latest email.</p>
        <p>
          <LinkButton to={paths.recover()}>Request a new link</LinkButton>
        </p>
      </div>
    </AuthPage>
  );
}

function UpdateForm({ token, onExpired }: { token: string; onExpired: (message: string) => void }) {
  const navigate = useNavigate();
  const updatePassword = useUpdateRecoveredPassword();
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<UpdateValues>({
    mode: 'onBlur',
    reValidateMode: 'onChange',
    resolver,
    defaultValues: { password: '', passwordConfirm: '' },
  });
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = form;
  useEffect(() => {
    if (failure) bannerRef.current?.focus();
  }, [failure]);

  const onValid = async (values: UpdateValues) => {
    setFailure(null);
    try {
      await updatePassword.mutateAsync({ token, password: cutPassword(values.password), passwordConfirm: cutPassword(values.passwordConfirm) });
      await navigate(paths.recover.success(), { replace: true, state: FLOW_DONE });
    } catch (err) {
      const { placed } = applyServerFieldErrors({ err, form: formRef.current, setError });
      if (placed > 0) return;
      // 400 without field errors (no code): the link expired or was used meanwhile.
      if (err instanceof ApiError && err.status === 400) {
        onExpired(err.message || LINK_EXPIRED);
        return;
      }
      setFailure(UPDATE_FAILED);
    }
  };

  return (
    <AuthPage title="Choose a new password" intro={<p>Your new password must be at least {PASSWORD_MIN} characters long and contain a letter and a number.</p>}>
      <form ref={formRef} className={styles.form} noValidate aria-label="Choose a new password" onSubmit={handleSubmit(onValid)}>
        {failure && <FormBanner ref={bannerRef}>{failure}</FormBanner>}
        <PasswordField label="New password" required autoComplete="new-password" error={errors.password?.message} {...registerChecking(form, 'password', 'passwordConfirm')} />
        <PasswordField label="Confirm new password" required autoComplete="new-password" error={errors.passwordConfirm?.message} {...register('passwordConfirm')} />
        <FormActions className={styles.actions} submit="Change password" loading={isSubmitting}>
          <Link to={paths.login()}>Back to sign in</Link>
        </FormActions>
      </form>
    </AuthPage>
  );
}
