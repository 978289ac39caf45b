import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from '#client/lib/router';
import { emailProblem, isValidEmail, normaliseEmail } from '#shared/rules/email';
import { cutPassword } from '#shared/rules/password';
import { isValidPartnerNumber, normalisePartnerNumber, PARTNER_NUMBER_FORMAT_MESSAGE } from '#shared/rules/partner-number';
import { paths } from '#shared/routes';
import { ApiError } from '#client/lib/api';
import { applyServerFieldErrors, errorCode, registerTrimmed, rulesResolver } from '#client/lib/forms';
import { usePartner } from '#client/lib/partner';
import { FormBanner } from '#client/components/form-banner';
import { PasswordField } from '#client/components/password-field';
import { REQUIRED_MESSAGE, TextField } from '#client/components/text-field';
import { clearLoginRedirect } from '../../session';
import { useFixCredentials } from '../api';
import { AuthPage, authStyles as styles } from './auth-page';
import { FormActions } from '#client/components/form-actions';

export const FIX_FAILED = 'We could not update your account just now. Please try again in a moment.';
export const FIX_INVALID = 'Invalid user name or password.';

type FixValues = { partnerNumber: string; password: string; newEmail: string };
type Failure = { message: string; link?: 'recover' | 'login' };

function fixRules(validator: Parameters<typeof isValidPartnerNumber>[1], sharedEmail: string | null) {
  return rulesResolver<FixValues>({
    partnerNumber: (v) => {
      const t = normalisePartnerNumber(v);
      if (!t) return REQUIRED_MESSAGE;
      return isValidPartnerNumber(t, validator) ? null : PARTNER_NUMBER_FORMAT_MESSAGE;
    },
    password: (v) => (v ? null : REQUIRED_MESSAGE),
    newEmail: (v) => {
      const problem = emailProblem(v);
      if (problem) return problem;
      if (sharedEmail && normaliseEmail(v) === normaliseEmail(sharedEmail)) return 'Enter an email address that only this account uses.';
      return null;
    },
  });
}

/** What the banner says when the server refused: its field errors, then the code, then the status. */
function failureOf(err: unknown, unplaced: string[]): Failure {
  if (unplaced.length > 0) return { message: unplaced.join(' ') };
  if (err instanceof ApiError && err.status === 401) return { message: FIX_INVALID };
  const code = errorCode(err);
  // Locked after repeated failures (the same lockout as sign-in): recovering is the way out.
  if (code === 'locked') return { message: (err as ApiError).message, link: 'recover' };
  // The e-mail is no longer shared: signing in works again.
  if (code === 'emailNotShared') return { message: (err as ApiError).message, link: 'login' };
  return { message: err instanceof ApiError && err.status < 500 && err.message ? err.message : FIX_FAILED };
}

/** The e-mail is on several accounts: partner number and password prove which, and a new e-mail of its own (§4). */
export function FixCredentialsForm() {
  const partner = usePartner();
  const label = partner.copyStates.partnerNumberLabel || 'Partner number';
  const location = useLocation();
  const navigate = useNavigate();
  const fixCredentials = useFixCredentials();
  const username = (location.state as { username?: string } | null)?.username;
  const sharedEmail = username && isValidEmail(username) ? username : null;
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [resolver] = useState(() => fixRules(partner.partnerNumberValidator, sharedEmail));
  const form = useForm<FixValues>({
    mode: 'onBlur',
    reValidateMode: 'onChange',
    resolver,
    defaultValues: { partnerNumber: username && !sharedEmail ? normalisePartnerNumber(username) : '', password: '', newEmail: '' },
  });
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = form;
  useEffect(() => {
    if (failure) bannerRef.current?.focus();
  }, [failure]);

  const onValid = async (values: FixValues) => {
    setFailure(null);
    try {
      await fixCredentials.mutateAsync({ partnerNumber: normalisePartnerNumber(values.partnerNumber), password: cutPassword(values.password), newEmail: normaliseEmail(values.newEmail) });
      clearLoginRedirect();
      await navigate(paths.account(), { replace: true });
    } catch (err) {
      const { placed, unplaced } = applyServerFieldErrors({ err, form: formRef.current, setError });
      if (placed > 0 && unplaced.length === 0) return;
      setFailure(failureOf(err, unplaced));
    }
  };

  return (
    <AuthPage
      title="Update your email address"
      intro={
        <>
          <p>
            {sharedEmail ? <strong>{sharedEmail}</strong> : 'Your email address'} is used by more than one account, so we cannot tell which
            account is yours. To sign in, give your account an email address of its own.
          </p>
          <p>Confirm who you are with your {label} and password, then enter the new email address.</p>
        </>
      }
    >
      <form ref={formRef} className={styles.form} noValidate aria-label="Update your email address" onSubmit={handleSubmit(onValid)}>
        {failure && (
          <FormBanner ref={bannerRef}>
            {failure.message}
            {failure.link === 'recover' && (
              <>
                {' '}
                <Link to={paths.recover()}>Reset your password</Link>
              </>
            )}
            {failure.link === 'login' && (
              <>
                {' '}
                <Link to={paths.login()}>Sign in</Link>
              </>
            )}
          </FormBanner>
        )}
        <TextField
          label={label}
          required
          autoComplete="username"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          error={errors.partnerNumber?.message}
          {...registerTrimmed(form, 'partnerNumber', { transform: normalisePartnerNumber })}
        />
        <PasswordField label="Password" required autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <TextField
          label="New email address"
          required
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          error={errors.newEmail?.message}
          {...registerTrimmed(form, 'newEmail')}
        />
        <FormActions className={styles.actions} submit="Update and sign in" loading={isSubmitting}>
          <Link to={paths.login()}>Back to sign in</Link>
        </FormActions>
      </form>
    </AuthPage>
  );
}
