import { useId, useRef, useState, type FormEvent } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { checkSurveyAnswers, SURVEY_MESSAGES, type Survey, type SurveyEmbed, type SurveyQuestion } from '#shared/rules/surveys';
import type { SurveyResponseCreated } from '#shared/schemas/surveys';
import { FieldErrorSlot } from '#client/components/field-error';
import { FormBanner } from '#client/components/form-banner';
import { ApiError } from '#client/lib/api';
import { useSubmitSurvey } from '../api';
import styles from './surveys.module.css';
import { FormActions } from '#client/components/form-actions';

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

/** The form's field of each question (question ids are the survey's own: kept out of react-hook-form's paths). */
const fieldOf = (index: number) => `q${index}`;

/** The answers given, by question id. */
function answersOf(questions: readonly SurveyQuestion[], values: Answers): Record<string, string | number> {
  const answers: Record<string, string | number> = {};
  questions.forEach((q, i) => {
    const value = values[fieldOf(i)];
    if (value !== undefined) answers[q.id] = value;
  });
  return answers;
}

/**
 * One survey's questions as a form: every question labelled (a fieldset's legend for a rating or
 * a choice, a label for free text), optional ones marked; checked on submit with the server's
 * rule (errors on their questions, focus on the first), then sent with the §7 embed parameters.
 */
export function SurveyForm({ survey, embed, onSubmitted, onFailed, submitText = 'Submit' }: SurveyFormProps) {
  const uid = useId();
  const [failed, setFailed] = useState(false);
  const submit = useSubmitSurvey(survey.id);
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const { control, handleSubmit, setError, formState: { errors } } = useForm<Answers>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
    defaultValues: {},
    resolver: (values) => {
      const found = checkSurveyAnswers(survey.questions, answersOf(survey.questions, values)).errors;
      const fieldErrors: FieldErrors<Answers> = {};
      survey.questions.forEach((q, i) => {
        if (found[q.id]) fieldErrors[fieldOf(i)] = { type: 'rule', message: found[q.id] };
      });
      return Object.keys(fieldErrors).length === 0 ? { values, errors: {} } : { values: {}, errors: fieldErrors };
    },
  });

  const focusFirstError = (hasError: (index: number) => boolean) => {
    requestAnimationFrame(() => {
      const first = survey.questions.find((_, i) => hasError(i));
      if (!first) {
        bannerRef.current?.focus();
        return;
      }
      formRef.current?.querySelector<HTMLElement>(`[data-question="${first.id}"] input:checked, [data-question="${first.id}"] input, [data-question="${first.id}"] textarea`)?.focus();
    });
  };

  const onValid = (values: Answers) => {
    const check = checkSurveyAnswers(survey.questions, answersOf(survey.questions, values));
    submit.mutate({ answers: check.answers, ...embed }, {
      onSuccess: onSubmitted,
      onError: (err) => {
        if (err instanceof ApiError && err.status === 400 && err.fieldErrors.some((f) => f.field.startsWith('answers'))) {
          const found = serverErrors(err);
          if (found['']) setError('root.server', { type: 'server', message: found[''] });
          survey.questions.forEach((q, i) => {
            if (found[q.id]) setError(fieldOf(i), { type: 'server', message: found[q.id] });
          });
          focusFirstError((i) => Boolean(found[survey.questions[i]!.id]));
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

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    setFailed(false);
    void handleSubmit(onValid, (found) => focusFirstError((i) => Boolean(found[fieldOf(i)])))(e);
  };

  const formError = errors.root?.server?.message;
  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-label={survey.title}>
      {failed && (
        <FormBanner ref={bannerRef}>
          {SURVEY_MESSAGES.error} {SURVEY_MESSAGES.errorHelp}
        </FormBanner>
      )}
      {formError && <FormBanner ref={bannerRef}>{formError}</FormBanner>}
      {survey.questions.map((q, i) => (
        <Controller
          key={q.id}
          control={control}
          name={fieldOf(i)}
          render={({ field }) => <Question uid={uid} question={q} value={field.value} error={errors[fieldOf(i)]?.message} onChange={field.onChange} />}
        />
      ))}
      <FormActions className={styles.actions} submit={submitText} loading={submit.isPending} />
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
        <FieldErrorSlot id={errorId} error={error} />
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
      <FieldErrorSlot id={errorId} error={error} />
    </fieldset>
  );
}
