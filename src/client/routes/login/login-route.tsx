import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { isValidEmail } from '../../../shared/rules/email';
import { cutPassword } from '../../../shared/rules/password';
import { LOCKOUT_MINUTES } from '../../../shared/constants/member';
import { ApiError } from '../../lib/api';
import { usePartner } from '../../lib/partner';
import { Button, buttonClassName } from '../../components/button';
import { TextField, REQUIRED_MESSAGE } from '../../components/text-field';
import { PasswordField } from '../../components/password-field';
import { CheckboxField } from '../../components/checkbox-field';
import { FormBanner } from '../../components/form-banner';
import { applySignedIn } from '../../features/session/api';
import { clearLoginRedirect, readLoginRedirect } from '../../features/session/arrival-storage';
import { AuthPage, authStyles as styles } from '../../features/member-forms/auth-page';
import { EnrollmentGate } from '../../features/member-forms/enrollment-gate';
import { signIn } from '../../features/member-forms/member-calls';
import { rulesResolver } from '../../features/member-forms/rules-resolver';
import { applyServerFieldErrors, errorCode } from '../../features/member-forms/server-errors';

/** §8 sign-in wording. */
export const INVALID_CREDENTIALS = 'Invalid user name or password.';
export const CHECK_FORM = 'We could not sign you in. Please check form for errors.';
export const USERNAME_MESSAGE = 'Please enter a valid email address or partner number.';
export const SIGN_IN_FAILED = 'We could not sign you in just now. Please try again in a moment.';
export const SSO_FAILED = 'We could not sign you in with your partner account.';
export const LOCKED_FALLBACK = `Your account is locked for ${LOCKOUT_MINUTES} minutes after too many unsuccessful sign-in attempts.`;

/** Messages for the redirects of the activation flow (§4 rfr codes; wording not shown). */
const RFR_NOTES: Record<string, string> = {
  '3': 'Your account is already active. Sign in to continue.',
  '4': 'Sign in to reactivate your account.',
};

type LoginValues = { username: string; password: string; staySignedIn: boolean };
type Banner = { kind: 'invalid' | 'fields' | 'locked' | 'failed'; message?: string; focus: boolean } | null;

const PARTNER_NUMBER_SHAPE = /^[A-Za-z0-9]{7}$/;

export function usernameProblem(value: string): string | null {
  const v = value.trim();
  if (!v) return REQUIRED_MESSAGE;
  return isValidEmail(v) || PARTNER_NUMBER_SHAPE.test(v) ? null : USERNAME_MESSAGE;
}

const resolver = rulesResolver<LoginValues>({
  username: (v) => usernameProblem(v),
  password: (v) => (v ? null : REQUIRED_MESSAGE),
});

/** /login and /Login (§2: only where enrollmentType is not none). */
export function LoginRoute() {
  return (
    <EnrollmentGate condition="notNone">
      <LoginScreen />
    </EnrollmentGate>
  );
}

function LoginScreen() {
  const partner = usePartner();
  const program = partner.copyStates.programName1 || partner.name;
  const [params] = useSearchParams();
  const rfrNote = RFR_NOTES[params.get('rfr') ?? ''];
  if (partner.enrollmentType === 'sso') {
    const returnTo = readLoginRedirect('/account');
    const phone = partner.customerSupport.phone;
    return (
      <AuthPage title="Sign in" intro={<p>Use your {program} account to sign in.</p>}>
        {/* The server's sign-on callback comes back here with sso_error=1 when it failed. */}
        {params.get('sso_error') ? (
          <FormBanner>
            {SSO_FAILED} Please try again, or contact customer service at <a href={phone.href}>{phone.formatted}</a>.
          </FormBanner>
        ) : (
          rfrNote && <FormBanner kind="info">{rfrNote}</FormBanner>
        )}
        <div className={styles.actions}>
          {/* A full page load: the server starts the OpenID Connect flow. */}
          <a className={buttonClassName('primary')} href={`/auth/sso/start?returnTo=${encodeURIComponent(returnTo)}`}>
            Sign in with {program}
          </a>
        </div>
      </AuthPage>
    );
  }
  return <DirectLoginForm rfrNote={rfrNote} />;
}

function DirectLoginForm({ rfrNote }: { rfrNote?: string }) {
  const partner = usePartner();
  const program = partner.copyStates.programName1 || partner.name;
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const [banner, setBanner] = useState<Banner>(null);
  const prefill = params.get('email') ?? (location.state as { username?: string } | null)?.username ?? '';
  const { register, handleSubmit, setError, getValues, formState: { errors, isSubmitting } } = useForm<LoginValues>({
    mode: 'onBlur',
    reValidateMode: 'onChange',
    resolver,
    defaultValues: { username: prefill.trim(), password: '', staySignedIn: false },
  });

  useEffect(() => {
    if (banner?.focus) bannerRef.current?.focus();
  }, [banner]);

  const onValid = async (values: LoginValues) => {
    setBanner(null);
    try {
      const answer = await signIn({ username: values.username.trim(), password: cutPassword(values.password), staySignedIn: values.staySignedIn });
      applySignedIn(queryClient, answer);
      const to = readLoginRedirect('/account');
      clearLoginRedirect();
      await navigate(to, { replace: true });
    } catch (err) {
      const code = errorCode(err);
      if (err instanceof ApiError && err.status === 409 && code === 'fixCredentials') {
        await navigate('/fix_credentials', { state: { username: values.username.trim() } });
        return;
      }
      if (err instanceof ApiError && (err.status === 423 || code === 'locked')) {
        setBanner({ kind: 'locked', message: err.message || LOCKED_FALLBACK, focus: true });
        return;
      }
      if (err instanceof ApiError && err.status === 401) {
        setBanner({ kind: 'invalid', focus: true });
        return;
      }
      const { placed } = applyServerFieldErrors({ err, form: formRef.current, setError });
      if (placed > 0) {
        setBanner({ kind: 'fields', focus: false });
        return;
      }
      setBanner({ kind: 'failed', message: err instanceof ApiError && err.status < 500 ? err.message : undefined, focus: true });
    }
  };

  const usernameLabel = partner.hasPPN ? `Email or ${partner.copyStates.partnerNumberLabel}` : 'Email';
  const recoverHref = (() => {
    const u = getValues('username')?.trim();
    return u && isValidEmail(u) ? `/recover?email=${encodeURIComponent(u)}` : '/recover';
  })();

  return (
    <AuthPage title="Sign in" intro={<p>Sign in to {program}.</p>}>
      {rfrNote && !banner && <FormBanner kind="info">{rfrNote}</FormBanner>}
      <form ref={formRef} className={styles.form} noValidate onSubmit={handleSubmit(onValid, () => setBanner({ kind: 'fields', focus: false }))} aria-label="Sign in">
        {banner && (
          <FormBanner ref={bannerRef}>
            {banner.kind === 'invalid' && INVALID_CREDENTIALS}
            {banner.kind === 'fields' && CHECK_FORM}
            {banner.kind === 'failed' && (banner.message || SIGN_IN_FAILED)}
            {banner.kind === 'locked' && (
              <>
                {banner.message}{' '}
                <Link to={recoverHref}>Reset your password</Link>
              </>
            )}
          </FormBanner>
        )}
        <TextField
          label={usernameLabel}
          required
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          error={errors.username?.message}
          {...register('username')}
        />
        <PasswordField label="Password" required autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <CheckboxField label={partner.copyStates.staySignedInLabel || 'Keep me signed in'} {...register('staySignedIn')} />
        <div className={styles.actions}>
          <Button type="submit" loading={isSubmitting}>
            Sign in
          </Button>
          <Link to={recoverHref}>Forgot your password?</Link>
        </div>
      </form>
      <hr className={styles.divider} />
      <p>
        New to {program}? <Link to="/join">Join now</Link>
      </p>
    </AuthPage>
  );
}
