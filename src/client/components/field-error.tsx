import type { ReactNode } from 'react';
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
