import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { emailProblem, isValidEmail, normaliseEmail } from '../../../shared/rules/email';
import { cutPassword } from '../../../shared/rules/password';
import { isValidPartnerNumber, normalisePartnerNumber, PARTNER_NUMBER_FORMAT_MESSAGE } from '../../../shared/rules/partner-number';
import { ApiError } from '../../lib/api';
import { usePartner } from '../../lib/partner';
import { Button } from '../../components/button';
import { TextField, REQUIRED_MESSAGE } from '../../components/text-field';
import { PasswordField } from '../../components/password-field';
import { FormBanner } from '../../components/form-banner';
import { applySignedIn } from '../../features/session/api';
import { clearLoginRedirect } from '../../features/session/arrival-storage';
import { AuthPage, authStyles as styles } from '../../features/member-forms/auth-page';
import { EnrollmentGate } from '../../features/member-forms/enrollment-gate';
import { fixCredentials } from '../../features/member-forms/member-calls';
import { rulesResolver } from '../../features/member-forms/rules-resolver';
import { applyServerFieldErrors, errorCode } from '../../features/member-forms/server-errors';

export const FIX_FAILED = 'We could not update your account just now. Please try again in a moment.';
export const FIX_INVALID = 'Invalid user name or password.';

type FixValues = { partnerNumber: string; password: string; newEmail: string };

/** /fix_credentials (§2: direct partners): the e-mail is on several accounts, so this one needs its own. */
export function FixCredentialsRoute() {
  return (
    <EnrollmentGate condition="direct">
      <FixCredentialsScreen />
    </EnrollmentGate>
  );
}

function FixCredentialsScreen() {
  const partner = usePartner();
  const label = partner.copyStates.partnerNumberLabel || 'Partner number';
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const username = (location.state as { username?: string } | null)?.username;
  const sharedEmail = username && isValidEmail(username) ? username : null;
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<{ message: string; link?: 'recover' | 'login' } | null>(null);
  const [resolver] = useState(() =>
    rulesResolver<FixValues>({
      partnerNumber: (v) => {
        const t = normalisePartnerNumber(v);
        if (!t) return REQUIRED_MESSAGE;
        return isValidPartnerNumber(t, partner.partnerNumberValidator) ? null : PARTNER_NUMBER_FORMAT_MESSAGE;
      },
      password: (v) => (v ? null : REQUIRED_MESSAGE),
      newEmail: (v) => {
        const problem = emailProblem(v);
        if (problem) return problem;
        if (sharedEmail && normaliseEmail(v) === normaliseEmail(sharedEmail)) return 'Enter an email address that only this account uses.';
        return null;
      },
    }),
  );
  const { register, handleSubmit, setError, setValue, formState: { errors, isSubmitting } } = useForm<FixValues>({
    mode: 'onBlur',
    reValidateMode: 'onChange',
    resolver,
    defaultValues: { partnerNumber: username && !sharedEmail ? normalisePartnerNumber(username) : '', password: '', newEmail: '' },
  });
  useEffect(() => {
    if (failure) bannerRef.current?.focus();
  }, [failure]);

  const onValid = async (values: FixValues) => {
    setFailure(null);
    try {
      const answer = await fixCredentials({ partnerNumber: normalisePartnerNumber(values.partnerNumber), password: cutPassword(values.password), newEmail: normaliseEmail(values.newEmail) });
      applySignedIn(queryClient, answer);
      clearLoginRedirect();
      await navigate('/account', { replace: true });
    } catch (err) {
      const { placed, unplaced } = applyServerFieldErrors({ err, form: formRef.current, setError });
      if (placed > 0 && unplaced.length === 0) return;
      const code = errorCode(err);
      if (unplaced.length > 0) setFailure({ message: unplaced.join(' ') });
      else if (err instanceof ApiError && err.status === 401) setFailure({ message: FIX_INVALID });
      // Locked after repeated failures (the same lockout as sign-in): recovering is the way out.
      else if (code === 'locked') setFailure({ message: (err as ApiError).message, link: 'recover' });
      // The e-mail is no longer shared: signing in works again.
      else if (code === 'emailNotShared') setFailure({ message: (err as ApiError).message, link: 'login' });
      else setFailure({ message: err instanceof ApiError && err.status < 500 && err.message ? err.message : FIX_FAILED });
    }
  };
  const pnReg = register('partnerNumber');
  const emailReg = register('newEmail');

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
                <Link to="/recover">Reset your password</Link>
              </>
            )}
            {failure.link === 'login' && (
              <>
                {' '}
                <Link to="/login">Sign in</Link>
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
          {...pnReg}
          onBlur={async (e) => {
            const t = normalisePartnerNumber(e.target.value);
            if (t !== e.target.value) setValue('partnerNumber', t);
            await pnReg.onBlur(e);
          }}
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
          {...emailReg}
          onBlur={async (e) => {
            const t = e.target.value.trim();
            if (t !== e.target.value) setValue('newEmail', t);
            await emailReg.onBlur(e);
          }}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={isSubmitting}>
            Update and sign in
          </Button>
          <Link to="/login">Back to sign in</Link>
        </div>
      </form>
    </AuthPage>
  );
}
