import type { ReactNode } from 'react';
import styles from './status-page.module.css';

type StatusPageProps = {
  title: ReactNode;
  illustration?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
};

/** Layout of the not-found and server-error screens: picture, h1, text, actions. */
export function StatusPage({ title, illustration, children, actions }: StatusPageProps) {
  return (
    <div className={`container ${styles.page}`}>
      {illustration && <div className={styles.illustration}>{illustration}</div>}
      <h1>{title}</h1>
      {children && <div className={styles.body}>{children}</div>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}
