import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import fieldStyles from './text-field.module.css';
import styles from './form-controls.module.css';
import { REQUIRED_MARKER } from './text-field';
import { FieldErrorSlot } from './field-error';

export type SelectFieldProps = Omit<ComponentPropsWithRef<'select'>, 'required'> & {
  label: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** Text of the empty first option. */
  placeholder?: string;
  error?: string | null;
  required?: boolean;
  /** Marker after the label of a required field; default ' (required)'. */
  requiredMarker?: ReactNode;
  className?: string;
};

/** Labelled native select (keyboard and screen-reader behaviour for free), styled like TextField. */
export function SelectField({ label, options, placeholder = 'Select', error, required = false, requiredMarker = REQUIRED_MARKER, className, id, ...select }: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? `select${autoId}`;
  const errorId = `${selectId}-error`;
  const describedBy = [select['aria-describedby'], error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`${fieldStyles.field} ${className ?? ''}`}>
      <label htmlFor={selectId} className={fieldStyles.label}>
        {label}
        {required && <span className={fieldStyles.required}>{requiredMarker}</span>}
      </label>
      <select
        {...select}
        id={selectId}
        className={`${fieldStyles.input} ${styles.select}`}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldErrorSlot id={errorId} error={error} />
    </div>
  );
}
