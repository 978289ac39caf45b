import { useState, type ReactNode } from 'react';
import { usePointerPressed } from './pointer-press';
import styles from './text-field.module.css';

/** The error line under a field (id goes into the field's aria-describedby). */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className={styles.error}>
      <svg className={styles.errorIcon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="7" fill="currentColor" />
        <rect x="7.1" y="3.5" width="1.8" height="6" rx="0.9" fill="#fff" />
        <circle cx="8" cy="12" r="1.1" fill="#fff" />
      </svg>
      <span>
        <span className="visually-hidden">Error: </span>
        {children}
      </span>
    </p>
  );
}

/**
 * A field's error in a place kept for it (issue 25 item 5: no layout shift under a pointer):
 * - one line is always reserved under the field, so a one-line error coming or going on blur
 *   moves nothing below it (the Save button stays under the pointer);
 * - while a pointer is pressed, the message shown is the one from before the press: a field
 *   validated on blur by the press itself (clicking Save after typing) shows its new message only
 *   after the click has landed, whatever its length.
 */
export function FieldErrorSlot({ id, error }: { id: string; error: string | null | undefined }) {
  const pressed = usePointerPressed();
  const [shown, setShown] = useState(error || null);
  if (!pressed && shown !== (error || null)) setShown(error || null);
  return <div className={styles.errorSlot}>{shown && <FieldError id={id}>{shown}</FieldError>}</div>;
}
