import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import styles from './form-controls.module.css';
import { FieldErrorSlot } from './field-error';

export type CheckboxFieldProps = Omit<ComponentPropsWithRef<'input'>, 'type'> & {
  label: ReactNode;
  /** Longer text read with the box (aria-describedby). */
  description?: ReactNode;
  error?: string | null;
  className?: string;
};

/** A labelled checkbox with optional description and error, both tied to the box. */
export function CheckboxField({ label, description, error, className, id, ...input }: CheckboxFieldProps) {
  const autoId = useId();
  const inputId = id ?? `check${autoId}`;
  const descId = `${inputId}-desc`;
  const errorId = `${inputId}-error`;
  const describedBy = [input['aria-describedby'], description ? descId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`${styles.checkbox} ${className ?? ''}`}>
      <div className={styles.checkboxRow}>
        <input {...input} id={inputId} type="checkbox" className={styles.checkboxInput} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
        <label htmlFor={inputId} className={styles.checkboxLabel}>
          {label}
        </label>
      </div>
      {description && (
        <div id={descId} className={styles.checkboxDescription}>
          {description}
        </div>
      )}
      <FieldErrorSlot id={errorId} error={error} />
    </div>
  );
}
