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

/** The picture of a status screen: a 120-pixel square drawing in the text colour, hidden from screen readers. */
export function StatusIllustration({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 120 120" width="120" height="120" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** A line of a status drawing: drawn (not filled) in the text colour, round at the ends. */
export function Stroke({ d, width, opacity, join }: { d: string; width: number; opacity?: number; join?: 'round' }) {
  return <path d={d} fill="none" stroke="currentColor" strokeWidth={width} strokeLinecap="round" {...(join ? { strokeLinejoin: join } : {})} {...(opacity !== undefined ? { opacity } : {})} />;
}
