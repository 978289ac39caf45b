import { useRef } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link } from '#client/lib/router';
import { COMMENT_TOO_LONG, MAX_REVIEW_COMMENT, REVIEW_ASPECTS, REVIEW_ASPECT_LABELS, ratingMessage, type ReviewAspect } from '#shared/constants/reviews';
import { paths } from '#shared/routes';
import type { CreateReviewResponse, ReviewableDine } from '#shared/schemas/reviews';
import { FieldErrorSlot } from '#client/components/field-error';
import { FormBanner } from '#client/components/form-banner';
import { ApiError } from '#client/lib/api';
import { registerTrimmed } from '#client/lib/forms';
import { useCreateReview } from '../mutations';
import { StarRatingField } from './star-rating-field';
import styles from './reviews.module.css';
import { FormActions } from '#client/components/form-actions';

type Ratings = Record<ReviewAspect, number | null>;
type Errors = Partial<Record<ReviewAspect | 'comment', string>>;
type Values = Ratings & { comment: string };

const NO_RATINGS: Ratings = { food: null, service: null, ambience: null, value: null };

/** The form's checks, the server's rules: each aspect 1-5, the trimmed comment up to 1000 characters. */
export function reviewFormErrors(ratings: Ratings, comment: string): Errors {
  const errors: Errors = {};
  for (const a of REVIEW_ASPECTS) {
    const v = ratings[a];
    if (v === null || !Number.isInteger(v) || v < 1 || v > 5) errors[a] = ratingMessage(a);
  }
  if (comment.trim().length > MAX_REVIEW_COMMENT) errors.comment = COMMENT_TOO_LONG;
  return errors;
}

const resolver: Resolver<Values> = (values) => {
  const errors = reviewFormErrors(values, values.comment);
  if (Object.keys(errors).length === 0) return { values, errors: {} };
  return { values: {}, errors: Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, { type: 'rule', message }])) as FieldErrors<Values> };
};

/** 'Friday, November 20, 2026' in the restaurant's own date (the text's date, not the browser's zone). */
export function formatVisitDate(localIso: string): string {
  const day = localIso.slice(0, 10);
  const d = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  return d.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/**
 * The review form of one visit: four star ratings and an optional comment, checked on submit
 * (errors on their fields, focus on the first), then sent; the server's refusal (reviewed
 * meanwhile, window closed) shows in the form's banner.
 */
export function ReviewForm({ dine, onDone }: { dine: ReviewableDine; onDone: (result: CreateReviewResponse) => void }) {
  const create = useCreateReview();
  const fieldsets = useRef<Partial<Record<ReviewAspect, HTMLFieldSetElement | null>>>({});
  const bannerRef = useRef<HTMLDivElement>(null);
  const form = useForm<Values>({ mode: 'onSubmit', reValidateMode: 'onChange', shouldFocusError: false, defaultValues: { ...NO_RATINGS, comment: '' }, resolver });
  const { control, handleSubmit, setError, setFocus, formState: { errors } } = form;
  const commentLength = useWatch({ control, name: 'comment' }).trim().length;

  const onInvalid = (found: FieldErrors<Values>) => {
    const first = REVIEW_ASPECTS.find((a) => found[a]);
    if (first) fieldsets.current[first]?.querySelector<HTMLInputElement>('input:checked, input')?.focus();
    else if (found.comment) setFocus('comment');
  };

  const onValid = (values: Values) => {
    create.mutate(
      { txnId: dine.txnId, food: values.food!, service: values.service!, ambience: values.ambience!, value: values.value!, comment: values.comment.trim() },
      {
        onSuccess: onDone,
        onError: (err) => {
          if (err instanceof ApiError) {
            for (const f of err.fieldErrors) setError(f.field as keyof Values, { type: 'server', message: f.message });
          }
          requestAnimationFrame(() => bannerRef.current?.focus());
        },
      },
    );
  };

  const serverMessage = create.error instanceof ApiError ? create.error.message : create.error ? 'Your review could not be sent. Please try again.' : null;

  return (
    <form className={styles.form} onSubmit={handleSubmit(onValid, onInvalid)} noValidate aria-describedby="review-intro">
      <p id="review-intro">
        Rate your visit from 1 to 5 stars on each point. Your review appears on the restaurant's page with your first name and last initial,
        marked as from a verified diner.
      </p>
      {serverMessage && <FormBanner ref={bannerRef}>{serverMessage}</FormBanner>}
      <div className={styles.ratings}>
        {REVIEW_ASPECTS.map((a) => (
          <Controller
            key={a}
            control={control}
            name={a}
            render={({ field }) => (
              <StarRatingField
                name={a}
                label={REVIEW_ASPECT_LABELS[a]}
                value={field.value}
                error={errors[a]?.message}
                fieldsetRef={(el) => {
                  fieldsets.current[a] = el;
                }}
                onChange={field.onChange}
              />
            )}
          />
        ))}
      </div>
      <div className={styles.commentField}>
        <label htmlFor="review-comment" className={styles.commentLabel}>
          Comment <span className={styles.muted}>(optional)</span>
        </label>
        <p id="review-comment-hint" className={styles.muted}>
          {`What stood out? Up to ${MAX_REVIEW_COMMENT} characters.`}
        </p>
        <textarea
          id="review-comment"
          className={styles.comment}
          rows={5}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={['review-comment-hint', 'review-comment-count', errors.comment ? 'review-comment-error' : ''].filter(Boolean).join(' ')}
          {...registerTrimmed(form, 'comment')}
        />
        <p id="review-comment-count" className={`${styles.counter} ${commentLength > MAX_REVIEW_COMMENT ? styles.counterOver : ''}`}>
          {`${commentLength} of ${MAX_REVIEW_COMMENT} characters`}
        </p>
        <FieldErrorSlot id="review-comment-error" error={errors.comment?.message} />
      </div>
      <FormActions className={styles.actions} submit="Submit review" loading={create.isPending}>
        <Link to={paths.account.recentActivity()}>Cancel</Link>
      </FormActions>
    </form>
  );
}
