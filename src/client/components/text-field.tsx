import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { FieldErrorSlot } from './field-error';
import styles from './text-field.module.css';

export const REQUIRED_MARKER = ' (required)';
/** §5 star marker; hidden from screen readers, which hear aria-required instead. */
export const REQUIRED_STAR = (
  <span aria-hidden="true">
    {' *'}
  </span>
);
export const REQUIRED_MESSAGE = 'This field is required.';

export type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'required'> & {
  label: ReactNode;
  hint?: ReactNode;
  /** Error message; sets aria-invalid and is read with the field (aria-describedby). */
  error?: string | null;
  /** Shows the §5 ' (required)' marker and sets aria-required (the form validates, not the browser). */
  required?: boolean;
  /** Marker after the label of a required field; default ' (required)'. A form with the '* Required field' note passes REQUIRED_STAR. */
  requiredMarker?: ReactNode;
  /** Label only for screen readers (the design shows a placeholder-like field). */
  hideLabel?: boolean;
  className?: string;
  inputClassName?: string;
};

/** Labelled 50px input (§9) with hint and error wired for assistive technology. */
export function TextField({ label, hint, error, required = false, requiredMarker = REQUIRED_MARKER, hideLabel = false, className, inputClassName, id, type = 'text', ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? `field${autoId}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [input['aria-describedby'], hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={inputId} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
        {required && <span className={styles.required}>{requiredMarker}</span>}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <input
        {...input}
        id={inputId}
        type={type}
        className={`${styles.input} ${inputClassName ?? ''}`}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <FieldErrorSlot id={errorId} error={error} />
    </div>
  );
}
