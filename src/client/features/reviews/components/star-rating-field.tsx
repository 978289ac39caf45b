import { useId } from 'react';
import { FieldErrorSlot } from '#client/components/field-error';
import styles from './reviews.module.css';

/** What each number of stars means, read with the choice. */
export const RATING_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

export type StarRatingFieldProps = {
  name: string;
  label: string;
  value: number | null;
  onChange: (value: number) => void;
  error?: string | null;
  /** The fieldset, to move focus to it after a failed submit. */
  fieldsetRef?: (el: HTMLFieldSetElement | null) => void;
};

/**
 * A 1-5 rating as a group of five radio buttons drawn as stars: the fieldset's legend names it,
 * each radio says '3 stars: Good', arrow keys move along the group, and a 44 px target suits a
 * finger. The chosen word shows beside the stars.
 */
export function StarRatingField({ name, label, value, onChange, error, fieldsetRef }: StarRatingFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset
      ref={fieldsetRef}
      className={styles.rating}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      tabIndex={-1}
    >
      <legend>
        {label}
        <span className="visually-hidden"> (required)</span>
      </legend>
      <div className={styles.starRow}>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={`${styles.star} ${value !== null && n <= value ? styles.starOn : ''}`}>
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              aria-label={`${n} ${n === 1 ? 'star' : 'stars'}: ${RATING_WORDS[n]}`}
            />
            <span aria-hidden="true">{value !== null && n <= value ? '★' : '☆'}</span>
          </label>
        ))}
      </div>
      <p className={styles.ratingWord} aria-hidden="true">
        {value !== null ? `${value} of 5 · ${RATING_WORDS[value]}` : 'Not rated yet'}
      </p>
      <FieldErrorSlot id={errorId} error={error} />
    </fieldset>
  );
}
