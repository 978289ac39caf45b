import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from '#client/lib/router';
import { LOCKOUT_MINUTES, SIGN_IN_LINK_MINUTES } from '#shared/constants/member';
import { isValidEmail } from '#shared/rules/email';
import { cutPassword } from '#shared/rules/password';
import { programName } from '#shared/rules/partner-features';
import { paths } from '#shared/routes';
import { ApiError } from '#client/lib/api';
import { applyServerFieldErrors, errorCode, rulesResolver } from '#client/lib/forms';
import { usePartner } from '#client/lib/partner';
import { Button } from '#client/components/button';
import { CheckboxField } from '#client/components/checkbox-field';
import { FormBanner } from '#client/components/form-banner';
import { PasswordField } from '#client/components/password-field';
import { REQUIRED_MESSAGE, TextField } from '#client/components/text-field';
import { clearLoginRedirect, readLoginRedirect } from '../../session';
import { useRequestSignInLink, useSignIn } from '../api';
import { AuthPage, authStyles as styles } from './auth-page';
import { FormActions } from '#client/components/form-actions';

/** §8 sign-in wording. */
export const INVALID_CREDENTIALS = 'Invalid user name or password.';
export const CHECK_FORM = 'We could not sign you in. Please check form for errors.';
export const USERNAME_MESSAGE = 'Please enter a valid email address or partner number.';
export const SIGN_IN_FAILED = 'We could not sign you in just now. Please try again in a moment.';
export const LOCKED_FALLBACK = `Your account is locked for ${LOCKOUT_MINUTES} minutes after too many unsuccessful sign-in attempts. We can e-mail you a one-time sign-in link that works now, or you can reset your password.`;
export const SEND_LINK = 'E-mail me a sign-in link';
export const LINK_SENT = `Check your email: if an account uses it, we have sent a one-time sign-in link. It works once, for ${SIGN_IN_LINK_MINUTES} minutes, even while password sign-in is locked.`;
export const LINK_FAILED = 'We could not send the link just now. Please try again in a moment.';

type SignInValues = { username: string; password: string; staySignedIn: boolean };
type Banner = { kind: 'invalid' | 'fields' | 'locked' | 'failed'; message?: string; focus: boolean } | null;

const PARTNER_NUMBER_SHAPE = /^[A-Za-z0-9]{7}$/;

export function usernameProblem(value: string): string | null {
  const v = value.trim();
  if (!v) return REQUIRED_MESSAGE;
  return isValidEmail(v) || PARTNER_NUMBER_SHAPE.test(v) ? null : USERNAME_MESSAGE;
}

const resolver = rulesResolver<SignInValues>({
  username: (v) => usernameProblem(v),
  password: (v) => (v ? null : REQUIRED_MESSAGE),
});

/** The banner for a refused sign-in: the code first (§8), then what the status says. */
function bannerFor(err: unknown): Exclude<Banner, null> | null {
  if (errorCode(err) === 'locked') return { kind: 'locked', message: (err as ApiError).message || LOCKED_FALLBACK, focus: true };
  if (err instanceof ApiError && err.status === 401) return { kind: 'invalid', focus: true };
  return null;
}

/** Sign-in of direct partners: e-mail (or partner number) and password (§4, §5, §8). */
export function SignInForm({ rfrNote }: { rfrNote?: string }) {
  const partner = usePartner();
  const program = programName(partner);
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const [banner, setBanner] = useState<Banner>(null);
  const requestLink = useRequestSignInLink();
  // The user name the lock was answered for: the link goes to that account's e-mail.
  const [lockedFor, setLockedFor] = useState('');
  const prefill = params.get('email') ?? (location.state as { username?: string } | null)?.username ?? '';

  const { register, handleSubmit, setError, getValues, formState: { errors, isSubmitting } } = useForm<SignInValues>({
    mode: 'onBlur',
    reValidateMode: 'onChange',
    resolver,
    defaultValues: { username: prefill.trim(), password: '', staySignedIn: false },
  });

  useEffect(() => {
    if (banner?.focus) bannerRef.current?.focus();
  }, [banner]);

  const onValid = async (values: SignInValues) => {
    setBanner(null);
    try {
      await signIn.mutateAsync({ username: values.username.trim(), password: cutPassword(values.password), staySignedIn: values.staySignedIn });
      const to = readLoginRedirect(paths.account());
      clearLoginRedirect();
      await navigate(to, { replace: true });
    } catch (err) {
      if (errorCode(err) === 'fixCredentials') {
        await navigate(paths.fixCredentials(), { state: { username: values.username.trim() } });
        return;
      }
      const refused = bannerFor(err);
      if (refused) {
        requestLink.reset();
        setLockedFor(values.username.trim());
        setBanner(refused);
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
  const username = getValues('username')?.trim();
  const recoverHref = paths.recover(username && isValidEmail(username) ? { email: username } : undefined);

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
                {banner.message} <Link to={recoverHref}>Reset your password</Link>
              </>
            )}
          </FormBanner>
        )}
        {banner?.kind === 'locked' && <SignInLinkOffer username={lockedFor} request={requestLink} />}
        <TextField label={usernameLabel} required autoComplete="username" autoCapitalize="off" spellCheck={false} error={errors.username?.message} {...register('username')} />
        <PasswordField label="Password" required autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <CheckboxField label={partner.copyStates.staySignedInLabel || 'Keep me signed in'} {...register('staySignedIn')} />
        <FormActions className={styles.actions} submit="Sign in" loading={isSubmitting}>
          <Link to={recoverHref}>Forgot your password?</Link>
        </FormActions>
      </form>
      <hr className={styles.divider} />
      <p>
        New to {program}? <Link to={paths.join()}>Join now</Link>
      </p>
    </AuthPage>
  );
}

/**
 * The owner's way in while password sign-in is locked (issue 25): one button e-mails a one-time
 * sign-in link to the account; the answer never says whether the account exists.
 */
function SignInLinkOffer({ username, request }: { username: string; request: ReturnType<typeof useRequestSignInLink> }) {
  const statusRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (request.isSuccess || request.isError) statusRef.current?.focus();
  }, [request.isSuccess, request.isError]);
  if (request.isSuccess) {
    return (
      <FormBanner ref={statusRef} kind="success">
        {LINK_SENT}
      </FormBanner>
    );
  }
  const failure = request.isError ? (request.error instanceof ApiError && request.error.status === 429 && request.error.message) || LINK_FAILED : null;
  return (
    <>
      {failure && <FormBanner ref={statusRef}>{failure}</FormBanner>}
      <div className={styles.actions}>
        <Button type="button" variant="secondary" loading={request.isPending} onClick={() => request.mutate(username)}>
          {SEND_LINK}
        </Button>
      </div>
    </>
  );
}
