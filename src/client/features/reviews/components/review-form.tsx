import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { COMMENT_TOO_LONG, MAX_REVIEW_COMMENT, REVIEW_ASPECTS, REVIEW_ASPECT_LABELS, ratingMessage, type ReviewAspect } from '#shared/constants/reviews';
import { paths } from '#shared/routes';
import type { CreateReviewResponse, ReviewableDine } from '#shared/schemas/reviews';
import { Button } from '#client/components/button';
import { FieldError } from '#client/components/field-error';
import { FormBanner } from '#client/components/form-banner';
import { ApiError } from '#client/lib/api';
import { useCreateReview } from '../api';
import { StarRatingField } from './star-rating-field';
import styles from './reviews.module.css';

type Ratings = Record<ReviewAspect, number | null>;
type Errors = Partial<Record<ReviewAspect | 'comment', string>>;

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
  const [ratings, setRatings] = useState<Ratings>(NO_RATINGS);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateReview();
  const fieldsets = useRef<Partial<Record<ReviewAspect, HTMLFieldSetElement | null>>>({});
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const commentLength = comment.trim().length;

  const revalidate = (nextRatings: Ratings, nextComment: string) => {
    if (submitted) setErrors(reviewFormErrors(nextRatings, nextComment));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const found = reviewFormErrors(ratings, comment);
    setErrors(found);
    const first = REVIEW_ASPECTS.find((a) => found[a]);
    if (first) {
      fieldsets.current[first]?.querySelector<HTMLInputElement>('input:checked, input')?.focus();
      return;
    }
    if (found.comment) {
      commentRef.current?.focus();
      return;
    }
    create.mutate(
      { txnId: dine.txnId, food: ratings.food!, service: ratings.service!, ambience: ratings.ambience!, value: ratings.value!, comment: comment.trim() },
      {
        onSuccess: onDone,
        onError: (err) => {
          if (err instanceof ApiError && err.fieldErrors.length > 0) {
            setErrors(Object.fromEntries(err.fieldErrors.map((f) => [f.field, f.message])) as Errors);
          }
          requestAnimationFrame(() => bannerRef.current?.focus());
        },
      },
    );
  };

  const serverMessage = create.error instanceof ApiError ? create.error.message : create.error ? 'Your review could not be sent. Please try again.' : null;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-describedby="review-intro">
      <p id="review-intro">
        Rate your visit from 1 to 5 stars on each point. Your review appears on the restaurant's page with your first name and last initial,
        marked as from a verified diner.
      </p>
      {serverMessage && <FormBanner ref={bannerRef}>{serverMessage}</FormBanner>}
      <div className={styles.ratings}>
        {REVIEW_ASPECTS.map((a) => (
          <StarRatingField
            key={a}
            name={a}
            label={REVIEW_ASPECT_LABELS[a]}
            value={ratings[a]}
            error={errors[a]}
            fieldsetRef={(el) => {
              fieldsets.current[a] = el;
            }}
            onChange={(v) => {
              const next = { ...ratings, [a]: v };
              setRatings(next);
              revalidate(next, comment);
            }}
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
          ref={commentRef}
          className={styles.comment}
          value={comment}
          rows={5}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={['review-comment-hint', 'review-comment-count', errors.comment ? 'review-comment-error' : ''].filter(Boolean).join(' ')}
          onChange={(e) => {
            setComment(e.target.value);
            revalidate(ratings, e.target.value);
          }}
          onBlur={() => setComment((c) => c.trim())}
        />
        <p id="review-comment-count" className={`${styles.counter} ${commentLength > MAX_REVIEW_COMMENT ? styles.counterOver : ''}`}>
          {`${commentLength} of ${MAX_REVIEW_COMMENT} characters`}
        </p>
        {errors.comment && <FieldError id="review-comment-error">{errors.comment}</FieldError>}
      </div>
      <div className={styles.actions}>
        <Button type="submit" loading={create.isPending}>
          Submit review
        </Button>
        <Link to={paths.account.recentActivity()}>Cancel</Link>
      </div>
    </form>
  );
}
