import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { EMAIL_MAX, EMAIL_MESSAGE, emailProblem } from '../../../shared/rules/email';
import { canJoinHere } from '../../../shared/rules/partner-features';
import { paths } from '../../../shared/routes';
import { ApiError } from '../../lib/api';
import { registerTrimmed, rulesResolver } from '../../lib/forms';
import { usePartner } from '../../lib/partner';
import { Button } from '../../components/button';
import { RichText } from '../../components/rich-text';
import { TextField } from '../../components/text-field';
import { useContentItem } from '../content';
import { useCreateProspect, validateEmail } from '../enrollment';
import { readReferral } from '../session';
import { str } from './fields';
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

type ProspectValues = { email: string };
const resolver = rulesResolver<ProspectValues>({ email: validateProspectEmail });

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
 * An address the server refuses as invalid stays here with the server's message.
 */
export function ProspectEmailForm({ title, text, headingLevel = 2 }: ProspectEmailFormProps) {
  const partner = usePartner();
  const labels = useContentItem('*', 'labels') ?? {};
  const navigate = useNavigate();
  const createProspect = useCreateProspect();
  const titleId = useId();
  const form = useForm<ProspectValues>({ mode: 'onBlur', reValidateMode: 'onChange', resolver, defaultValues: { email: '' } });
  const { handleSubmit, setError, formState: { errors, isSubmitting } } = form;
  if (!canJoinHere(partner)) return null;

  const Heading = `h${headingLevel}` as const;
  const onValid = async (values: ProspectValues) => {
    const email = values.email.trim();
    const check = await checkEmail(email);
    if (check.kind === 'refused') {
      setError('email', { type: 'server', message: check.message }, { shouldFocus: true });
      return;
    }
    if (check.kind === 'member') {
      await navigate(paths.login({ email }));
      return;
    }
    await createProspect.mutateAsync({ email, referral: readReferral() }).catch(() => undefined);
    await navigate(paths.join({ email }));
  };

  return (
    <section className={styles.section} aria-labelledby={title ? titleId : undefined} aria-label={title ? undefined : 'Join'}>
      {title && (
        <Heading id={titleId}>
          <RichText html={title} inline />
        </Heading>
      )}
      {text && <RichText html={text} />}
      <form className={styles.form} onSubmit={handleSubmit(onValid)} noValidate>
        <div className={styles.row}>
          <TextField
            className={styles.field}
            label="Email address"
            required
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={PROSPECT_EMAIL_MAX}
            placeholder={str(labels.prospect_email_placeholder) || undefined}
            error={errors.email?.message}
            {...registerTrimmed(form, 'email')}
          />
          <Button type="submit" className={styles.submit} loading={isSubmitting}>
            {str(labels.prospect_email_button) || 'Get started'}
          </Button>
        </div>
      </form>
    </section>
  );
}
