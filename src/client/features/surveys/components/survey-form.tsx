import { useId, useRef, useState, type FormEvent } from 'react';
import { checkSurveyAnswers, SURVEY_MESSAGES, type Survey, type SurveyEmbed, type SurveyQuestion } from '#shared/rules/surveys';
import type { SurveyResponseCreated } from '#shared/schemas/surveys';
import { Button } from '#client/components/button';
import { FieldError } from '#client/components/field-error';
import { FormBanner } from '#client/components/form-banner';
import { ApiError } from '#client/lib/api';
import { useSubmitSurvey } from '../api';
import styles from './surveys.module.css';

type Answers = Record<string, string | number | undefined>;

export type SurveyFormProps = {
  survey: Survey;
  /** §7 embed parameters sent with the answers. */
  embed: SurveyEmbed;
  onSubmitted: (created: SurveyResponseCreated) => void;
  /**
   * A failure that is not about the answers (the survey ended, the server or the network failed).
   * Without it the form shows §8's message in its banner.
   */
  onFailed?: (error: unknown) => void;
  submitText?: string;
};

/** The error of each question from the server's field errors ('answers.overall' → overall; 'answers' → the form). */
function serverErrors(err: ApiError): Record<string, string> {
  return Object.fromEntries(err.fieldErrors.map((f) => [f.field === 'answers' ? '' : f.field.replace(/^answers\./, ''), f.message]));
}

/**
 * One survey's questions as a form: every question labelled (a fieldset's legend for a rating or
 * a choice, a label for free text), optional ones marked; checked on submit with the server's
 * rule (errors on their questions, focus on the first), then sent with the §7 embed parameters.
 */
export function SurveyForm({ survey, embed, onSubmitted, onFailed, submitText = 'Submit' }: SurveyFormProps) {
  const uid = useId();
  const [answers, setAnswers] = useState<Answers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const [failed, setFailed] = useState(false);
  const submit = useSubmitSurvey(survey.id);
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);

  const present = (a: Answers) => Object.fromEntries(Object.entries(a).filter(([, v]) => v !== undefined)) as Record<string, string | number>;
  const setAnswer = (id: string, value: string | number) => {
    const next = { ...answers, [id]: value };
    setAnswers(next);
    if (submitted) setErrors(checkSurveyAnswers(survey.questions, present(next)).errors);
  };

  const focusFirstError = (found: Record<string, string>) => {
    requestAnimationFrame(() => {
      const first = survey.questions.find((q) => found[q.id]);
      if (!first) {
        bannerRef.current?.focus();
        return;
      }
      formRef.current?.querySelector<HTMLElement>(`[data-question="${first.id}"] input:checked, [data-question="${first.id}"] input, [data-question="${first.id}"] textarea`)?.focus();
    });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setFailed(false);
    const check = checkSurveyAnswers(survey.questions, present(answers));
    setErrors(check.errors);
    if (Object.keys(check.errors).length > 0) {
      focusFirstError(check.errors);
      return;
    }
    submit.mutate({ answers: check.answers, ...embed }, {
      onSuccess: onSubmitted,
      onError: (err) => {
        if (err instanceof ApiError && err.status === 400 && err.fieldErrors.some((f) => f.field.startsWith('answers'))) {
          const found = serverErrors(err);
          setErrors(found);
          focusFirstError(found);
          return;
        }
        if (onFailed) {
          onFailed(err);
          return;
        }
        setFailed(true);
        requestAnimationFrame(() => bannerRef.current?.focus());
      },
    });
  };

  const formError = errors[''];
  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-label={survey.title}>
      {failed && (
        <FormBanner ref={bannerRef}>
          {SURVEY_MESSAGES.error} {SURVEY_MESSAGES.errorHelp}
        </FormBanner>
      )}
      {formError && <FormBanner ref={bannerRef}>{formError}</FormBanner>}
      {survey.questions.map((q) => (
        <Question key={q.id} uid={uid} question={q} value={answers[q.id]} error={errors[q.id]} onChange={(v) => setAnswer(q.id, v)} />
      ))}
      <div className={styles.actions}>
        <Button type="submit" loading={submit.isPending}>{submitText}</Button>
      </div>
    </form>
  );
}

type QuestionProps = { uid: string; question: SurveyQuestion; value: string | number | undefined; error?: string; onChange: (value: string | number) => void };

function Question({ uid, question: q, value, error, onChange }: QuestionProps) {
  const id = `${uid}-${q.id}`;
  const errorId = `${id}-error`;
  const marker = q.required ? <span className={styles.muted}> (required)</span> : <span className={styles.muted}> (optional)</span>;
  if (q.type === 'free_text') {
    const length = typeof value === 'string' ? value.trim().length : 0;
    return (
      <div className={styles.question} data-question={q.id}>
        <label htmlFor={id} className={styles.label}>{q.label}{marker}</label>
        <textarea
          id={id}
          className={styles.textarea}
          rows={3}
          value={typeof value === 'string' ? value : ''}
          aria-invalid={error ? true : undefined}
          aria-required={q.required || undefined}
          aria-describedby={[`${id}-count`, error ? errorId : ''].filter(Boolean).join(' ')}
          onChange={(e) => onChange(e.target.value)}
        />
        <p id={`${id}-count`} className={`${styles.muted} ${length > q.maxLength ? styles.over : ''}`}>{`${length} of ${q.maxLength} characters`}</p>
        {error && <FieldError id={errorId}>{error}</FieldError>}
      </div>
    );
  }
  const choices = q.type === 'rating' ? ['1', '2', '3', '4', '5'] : q.options;
  return (
    <fieldset
      role="radiogroup"
      className={styles.question}
      data-question={q.id}
      aria-invalid={error ? true : undefined}
      aria-required={q.required || undefined}
      aria-describedby={[q.type === 'rating' ? `${id}-scale` : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined}
    >
      <legend className={styles.label}>{q.label}{marker}</legend>
      {q.type === 'rating' ? (
        <>
          <div className={styles.scale}>
            {choices.map((c) => (
              <label key={c} className={styles.scaleChoice}>
                <input type="radio" name={id} value={c} checked={value === Number(c)} onChange={() => onChange(Number(c))} />
                <span>{c}</span>
              </label>
            ))}
          </div>
          <p id={`${id}-scale`} className={`${styles.muted} ${styles.scaleEnds}`}>
            <span>{`1 = ${q.lowLabel ?? 'Poor'}`}</span>
            <span>{`5 = ${q.highLabel ?? 'Excellent'}`}</span>
          </p>
        </>
      ) : (
        <div className={styles.options}>
          {choices.map((c) => (
            <label key={c} className={styles.option}>
              <input type="radio" name={id} value={c} checked={value === c} onChange={() => onChange(c)} />
              <span>{c}</span>
            </label>
          ))}
        </div>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}
