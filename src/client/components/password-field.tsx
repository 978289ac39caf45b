import { useId, useState, type ComponentPropsWithRef, type KeyboardEvent, type ReactNode } from 'react';
import fieldStyles from './text-field.module.css';
import styles from './form-controls.module.css';
import { REQUIRED_MARKER } from './text-field';
import { FieldErrorSlot } from './field-error';

export type PasswordFieldProps = Omit<ComponentPropsWithRef<'input'>, 'required' | 'type'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  required?: boolean;
  className?: string;
};

export const CAPS_LOCK_MESSAGE = 'Caps Lock is on.';
export const NUM_LOCK_MESSAGE = 'Num Lock is on.';

/**
 * Password input with a show/hide toggle and a Caps Lock / Num Lock warning (§4 form submit),
 * read with the field while it shows. The toggle is a real button with aria-pressed, so it is
 * reachable by keyboard and says what it does.
 */
export function PasswordField({ label, hint, error, required = false, className, id, onKeyDown, onKeyUp, onBlur, ...input }: PasswordFieldProps) {
  const autoId = useId();
  const inputId = id ?? `password${autoId}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const lockId = `${inputId}-lock`;
  const [shown, setShown] = useState(false);
  const [locks, setLocks] = useState({ caps: false, num: false });
  const readLocks = (e: KeyboardEvent<HTMLInputElement>) => {
    // getModifierState is missing on some synthetic events (and in old browsers): no warning then.
    if (typeof e.getModifierState !== 'function') return;
    const caps = e.getModifierState('CapsLock');
    const num = e.getModifierState('NumLock');
    setLocks((prev) => (prev.caps === caps && prev.num === num ? prev : { caps, num }));
  };
  const warning = [locks.caps ? CAPS_LOCK_MESSAGE : null, locks.num ? NUM_LOCK_MESSAGE : null].filter(Boolean).join(' ');
  const describedBy = [input['aria-describedby'], hint ? hintId : null, warning ? lockId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`${fieldStyles.field} ${className ?? ''}`}>
      <label htmlFor={inputId} className={fieldStyles.label}>
        {label}
        {required && <span className={fieldStyles.required}>{REQUIRED_MARKER}</span>}
      </label>
      {hint && (
        <p id={hintId} className={fieldStyles.hint}>
          {hint}
        </p>
      )}
      <div className={styles.passwordWrap}>
        <input
          {...input}
          id={inputId}
          type={shown ? 'text' : 'password'}
          className={`${fieldStyles.input} ${styles.passwordInput}`}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onKeyDown={(e) => {
            readLocks(e);
            onKeyDown?.(e);
          }}
          onKeyUp={(e) => {
            readLocks(e);
            onKeyUp?.(e);
          }}
          onBlur={(e) => {
            setLocks({ caps: false, num: false });
            return onBlur?.(e);
          }}
        />
        <button type="button" className={styles.toggle} aria-pressed={shown} aria-controls={inputId} onClick={() => setShown((s) => !s)}>
          {shown ? 'Hide' : 'Show'}
          <span className="visually-hidden"> password</span>
        </button>
      </div>
      <p id={lockId} className={styles.lockWarning} role="status">
        {warning}
      </p>
      <FieldErrorSlot id={errorId} error={error} />
    </div>
  );
}
