import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '#client/lib/router';
import { EMAIL_MAX, EMAIL_MESSAGE, emailProblem } from '#shared/rules/email';
import { canJoinHere } from '#shared/rules/partner-features';
import { paths } from '#shared/routes';
import { ApiError } from '../../lib/api';
import { trimOnBlur } from '../../lib/forms';
import { usePartner } from '../../lib/partner';
import { Button } from '../../components/button';
import { RichText } from '../../components/rich-text';
import { TextField } from '../../components/text-field';
import { useContentItem } from '../content';
import { useCreateProspect, validateEmail } from '../enrollment';
import { readReferral, useMember } from '../session';
import { str } from '#shared/rules/content-fields';
import styles from './prospect-email-form.module.css';

/** §5 / §9: prospect e-mail at most 50 characters. */
export const PROSPECT_EMAIL_MAX = EMAIL_MAX;
export const INVALID_EMAIL_MESSAGE = EMAIL_MESSAGE;

/** The one e-mail rule of the pages and the server (rules/email.ts); null when it is fine. */
export const validateProspectEmail = emailProblem;

/** What the e-mail check came to: free for joining, a member's (or the check failed, §2), or refused as no e-mail address. */
type EmailCheck = { kind: 'new' } | { kind: 'member' } | { kind: 'refused'; message: string };

async function checkEmail(email: string): Promise<EmailCheck> {
  try {
    return (await validateEmail(email)).isValid ? { kind: 'new' } : { kind: 'member' };
  } catch (err) {
    // 400: the server's rule refused the address; that says nothing about membership.
    if (err instanceof ApiError && err.status === 400) {
      return { kind: 'refused', message: err.fieldErrors.find((f) => f.field === 'email')?.message ?? INVALID_EMAIL_MESSAGE };
    }
    return { kind: 'member' };
  }
}

type ProspectEmailFormProps = {
  title?: string;
  text?: string;
  /** Heading level of the title. */
  headingLevel?: 2 | 3;
};

/**
 * §2 home / content-page prospect e-mail capture, for direct-enrolment partners and visitors who are
 * not members: nothing for a signed-in member (of any member type), nor while the member is still
 * loading (so a member never sees it flash by). Validates on blur and again on every change after a submit (§5). Then §2: the
 * e-mail is checked; an existing member (or a failed check) goes to sign-in, anyone else gets a
 * prospect record (its answer ignored) and goes to enrolment, the e-mail passed along either way.
 * An address the server refuses as invalid stays here with the server's message.
 */
export function ProspectEmailForm({ title, text, headingLevel = 2 }: ProspectEmailFormProps) {
  const partner = usePartner();
  const labels = useContentItem('*', 'labels') ?? {};
  const navigate = useNavigate();
  const createProspect = useCreateProspect();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const { member, isLoading } = useMember();
  if (!canJoinHere(partner) || isLoading || member) return null;

  const Heading = `h${headingLevel}` as const;
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const problem = validateProspectEmail(value);
    setError(problem);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    const email = value.trim();
    setBusy(true);
    try {
      const check = await checkEmail(email);
      if (check.kind === 'refused') {
        setError(check.message);
        inputRef.current?.focus();
        return;
      }
      if (check.kind === 'member') {
        await navigate(paths.login({ email }));
        return;
      }
      await createProspect.mutateAsync({ email, referral: readReferral() }).catch(() => undefined);
      await navigate(paths.join({ email }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby={title ? titleId : undefined} aria-label={title ? undefined : 'Join'}>
      {title && (
        <Heading id={titleId}>
          <RichText html={title} inline />
        </Heading>
      )}
      {text && <RichText html={text} />}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.row}>
          <TextField
            ref={inputRef}
            className={styles.field}
            label="Email address"
            required
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            maxLength={PROSPECT_EMAIL_MAX}
            placeholder={str(labels.prospect_email_placeholder) || undefined}
            value={value}
            error={error}
            onChange={(e) => {
              setValue(e.target.value);
              if (submitted) setError(validateProspectEmail(e.target.value));
            }}
            onBlur={trimOnBlur((trimmed, changed) => {
              if (changed) setValue(trimmed);
              setError(validateProspectEmail(trimmed));
            })}
          />
          <Button type="submit" className={styles.submit} loading={busy}>
            {str(labels.prospect_email_button) || 'Get started'}
          </Button>
        </div>
      </form>
    </section>
  );
}
