import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from '#client/lib/router';
import { normaliseEmail } from '#shared/rules/email';
import { EMAIL_CHANGE_PASSWORD_MESSAGE, emailChangeProblem, emailChangeSentText } from '#shared/rules/email-change';
import { cutPassword } from '#shared/rules/password';
import { paths } from '#shared/routes';
import type { Member } from '#shared/schemas/member';
import { ApiError } from '#client/lib/api';
import { applyServerFieldErrors, registerTrimmed, rulesResolver } from '#client/lib/forms';
import { Button } from '#client/components/button';
import { FormActions } from '#client/components/form-actions';
import { FormBanner } from '#client/components/form-banner';
import { PasswordField } from '#client/components/password-field';
import { REQUIRED_STAR, TextField } from '#client/components/text-field';
import { useChangeEmail, useMemberEmail } from '../api';
import styles from './profile-form.module.css';

export const EMAIL_CHANGE_FAILED = 'We could not send the confirmation link just now. Please try again in a moment.';

type ChangeValues = { email: string; password: string };

/**
 * The member's e-mail address on the profile page, and its change (issue 28 item 5): the new
 * address (and the current password, for members who sign in with one) asks for a link to the
 * new address; the address changes only when that link is opened, so until then the page says
 * where the link went. The change is a form of its own beside the profile form, not inside it.
 */
export function EmailChange({ member }: { member: Member }) {
  const headingId = useId();
  const navigate = useNavigate();
  const email = useMemberEmail();
  const change = useChangeEmail();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  /** Where the focus goes when the form closes: the notice after a link was sent, else the button that opened it. */
  const focusAfterClose = useRef<'notice' | 'toggle' | null>(null);
  // Until the address's details arrive: members who sign in with a password are asked for it.
  const passwordRequired = email.data?.passwordRequired ?? member.interfaceType === 'direct';
  const pending = email.data?.pendingChange ?? null;
  const current = email.data?.address ?? member.email;

  // The rules read the latest address and password rule (the details may arrive after the form is made).
  const known = useRef({ current, passwordRequired });
  known.current = { current, passwordRequired };
  const [resolver] = useState(() => rulesResolver<ChangeValues>(() => ({
    email: (v) => emailChangeProblem(known.current.current, v),
    password: (v) => (known.current.passwordRequired && !v ? EMAIL_CHANGE_PASSWORD_MESSAGE : null),
  })));
  const form = useForm<ChangeValues>({ mode: 'onBlur', reValidateMode: 'onChange', defaultValues: { email: '', password: '' }, resolver });
  const { register, handleSubmit, setError, setFocus, reset, formState: { errors, isSubmitting } } = form;

  useEffect(() => {
    if (open) {
      setFocus('email');
      return;
    }
    const target = focusAfterClose.current === 'notice' ? noticeRef.current : focusAfterClose.current === 'toggle' ? toggleRef.current : null;
    focusAfterClose.current = null;
    target?.focus();
  }, [open, setFocus]);

  const close = (focus: 'notice' | 'toggle') => {
    focusAfterClose.current = focus;
    setFailure(null);
    reset();
    setOpen(false);
  };

  const onValid = async (values: ChangeValues) => {
    setFailure(null);
    try {
      await change.mutateAsync({ email: normaliseEmail(values.email), ...(passwordRequired ? { password: cutPassword(values.password) } : {}) });
      close('notice');
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        void navigate(paths.login());
        return;
      }
      const { placed, unplaced } = applyServerFieldErrors<ChangeValues>({ err, form: formRef.current, setError });
      if (placed > 0 && unplaced.length === 0) return;
      setFailure(unplaced.length > 0 ? unplaced.join(' ') : err instanceof ApiError && err.status < 500 && err.message ? err.message : EMAIL_CHANGE_FAILED);
    }
  };

  return (
    <section className={styles.fieldset} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.legend}>E-mail address</h2>
      <TextField label="Email" type="email" value={current} readOnly autoComplete="off" />
      {pending && (
        <FormBanner kind="info" ref={noticeRef}>
          {emailChangeSentText(pending)}
        </FormBanner>
      )}
      {!open && (
        <p className={styles.fieldLink}>
          <Button ref={toggleRef} variant="link" onClick={() => setOpen(true)}>
            Change e-mail
          </Button>
        </p>
      )}
      {open && (
        <form ref={formRef} className={styles.emailForm} noValidate aria-label="Change e-mail" onSubmit={(e) => void handleSubmit(onValid)(e)}>
          <p className={styles.requiredNote}>
            We will send a link to the new address. Your address changes when you open it; until then, keep using {current}.
          </p>
          {failure && <FormBanner>{failure}</FormBanner>}
          <TextField
            label="New e-mail address"
            required
            requiredMarker={REQUIRED_STAR}
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            error={errors.email?.message}
            {...registerTrimmed(form, 'email')}
          />
          {passwordRequired && (
            <PasswordField label="Current password" required autoComplete="current-password" error={errors.password?.message} {...register('password')} />
          )}
          <FormActions className={styles.actions} submit="Send confirmation link" loading={isSubmitting}>
            <Button variant="secondary" onClick={() => close('toggle')}>
              Cancel
            </Button>
          </FormActions>
        </form>
      )}
    </section>
  );
}
