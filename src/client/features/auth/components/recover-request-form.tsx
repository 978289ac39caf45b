import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from '#client/lib/router';
import { emailProblem, normaliseEmail } from '#shared/rules/email';
import { paths } from '#shared/routes';
import { ApiError } from '#client/lib/api';
import { applyServerFieldErrors, registerTrimmed, rulesResolver } from '#client/lib/forms';
import { FormBanner } from '#client/components/form-banner';
import { TextField } from '#client/components/text-field';
import { useRequestRecovery } from '../api';
import { AuthPage, authStyles as styles } from './auth-page';
import { FormActions } from '#client/components/form-actions';

export const RECOVER_FAILED = 'We could not send the email just now. Please try again in a moment.';

type RecoverValues = { email: string };

// The one e-mail rule of the pages and the server (rules/email.ts; the server's recovery schema uses it too).
const resolver = rulesResolver<RecoverValues>({ email: emailProblem });

/** Asks for a reset link; the answer never says whether the e-mail is registered. */
export function RecoverRequestForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const requestRecovery = useRequestRecovery();
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RecoverValues>({
    mode: 'onBlur',
    reValidateMode: 'onChange',
    resolver,
    defaultValues: { email: (params.get('email') ?? '').trim().slice(0, 254) },
  });
  const { handleSubmit, setError, formState: { errors, isSubmitting } } = form;
  useEffect(() => {
    if (failure) bannerRef.current?.focus();
  }, [failure]);

  const onValid = async ({ email }: RecoverValues) => {
    setFailure(null);
    try {
      await requestRecovery.mutateAsync(normaliseEmail(email));
      await navigate(paths.recover.confirm(), { state: { email: normaliseEmail(email) } });
    } catch (err) {
      const { placed } = applyServerFieldErrors({ err, form: formRef.current, setError });
      if (placed > 0) return;
      // 429 (too many requests, no code): its message says how long to wait.
      setFailure(err instanceof ApiError && err.status === 429 ? err.message || RECOVER_FAILED : RECOVER_FAILED);
    }
  };

  return (
    <AuthPage title="Reset your password" intro={<p>Enter the email address of your account and we will send you a link to choose a new password.</p>}>
      <form ref={formRef} className={styles.form} noValidate aria-label="Reset your password" onSubmit={handleSubmit(onValid)}>
        {failure && <FormBanner ref={bannerRef}>{failure}</FormBanner>}
        <TextField label="Email" required type="email" autoComplete="email" inputMode="email" spellCheck={false} error={errors.email?.message} {...registerTrimmed(form, 'email')} />
        <FormActions className={styles.actions} submit="Send reset link" loading={isSubmitting}>
          <Link to={paths.login()}>Back to sign in</Link>
        </FormActions>
      </form>
    </AuthPage>
  );
}
