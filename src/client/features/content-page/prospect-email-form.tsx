import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { usePartner } from '../../lib/partner';
import { useContentItem } from '../content/content-provider';
import { Button } from '../../components/button';
import { RichText } from '../../components/rich-text';
import { TextField, REQUIRED_MESSAGE } from '../../components/text-field';
import { SIMPLE_EMAIL_PATTERN } from '../../components/contact-links';
import { str } from './fields';
import { createProspect, validateEmail } from '../member-forms/member-calls';
import { readReferral } from '../session/arrival-storage';
import styles from './prospect-email-form.module.css';

/** §5 / §9: prospect e-mail at most 50 characters. */
export const PROSPECT_EMAIL_MAX = 50;
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';

/** Validates the trimmed e-mail; null when it is fine. */
export function validateProspectEmail(raw: string): string | null {
  const value = raw.trim();
  if (!value) return REQUIRED_MESSAGE;
  if (value.length > PROSPECT_EMAIL_MAX || !SIMPLE_EMAIL_PATTERN.test(value)) return INVALID_EMAIL_MESSAGE;
  return null;
}

type ProspectEmailFormProps = {
  title?: string;
  text?: string;
  /** Heading level of the title. */
  headingLevel?: 2 | 3;
};

/**
 * §2 home / content-page prospect e-mail capture, for direct-enrolment partners and visitors who are
 * not members. Validates on blur and again on every change after a submit (§5). Then §2: the
 * e-mail is checked; an existing member (or a failed check) goes to sign-in, anyone else gets a
 * prospect record (its answer ignored) and goes to enrolment, the e-mail passed along either way.
 */
export function ProspectEmailForm({ title, text, headingLevel = 2 }: ProspectEmailFormProps) {
  const partner = usePartner();
  const labels = useContentItem('*', 'labels') ?? {};
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  if (partner.enrollmentType !== 'direct') return null;

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
    const query = `?email=${encodeURIComponent(email)}`;
    setBusy(true);
    try {
      const isNew = await validateEmail(email).then((a) => a.isValid, () => false);
      if (!isNew) {
        await navigate(`/login${query}`);
        return;
      }
      await createProspect({ email, referral: readReferral() }).catch(() => undefined);
      await navigate(`/join${query}`);
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
            onBlur={(e) => {
              const trimmed = e.target.value.trim();
              if (trimmed !== e.target.value) setValue(trimmed);
              setError(validateProspectEmail(trimmed));
            }}
          />
          <Button type="submit" className={styles.submit} loading={busy}>
            {str(labels.prospect_email_button) || 'Get started'}
          </Button>
        </div>
      </form>
    </section>
  );
}
