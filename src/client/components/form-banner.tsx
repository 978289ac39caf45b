import type { ReactNode, Ref } from 'react';
import styles from './form-controls.module.css';

export type FormBannerProps = {
  kind?: 'error' | 'info' | 'success';
  children: ReactNode;
  /** Focus target after a failed submit (tabIndex -1). */
  ref?: Ref<HTMLDivElement>;
  className?: string;
};

const LABEL = { error: 'ERROR', info: 'NOTE', success: 'SUCCESS' } as const;
const KIND_CLASS = { error: styles.bannerError, info: styles.bannerInfo, success: styles.bannerSuccess } as const;

/**
 * The form-level message (§8: the form banner is labelled ERROR). Errors are an alert, so they are
 * read as soon as they appear; the banner can take focus so the person lands on it.
 */
export function FormBanner({ kind = 'error', children, ref, className }: FormBannerProps) {
  return (
    <div ref={ref} tabIndex={-1} role={kind === 'error' ? 'alert' : 'status'} className={`${styles.banner} ${KIND_CLASS[kind]} ${className ?? ''}`}>
      <strong className={styles.bannerLabel}>{LABEL[kind]}</strong>
      <div className={styles.bannerBody}>{children}</div>
    </div>
  );
}
