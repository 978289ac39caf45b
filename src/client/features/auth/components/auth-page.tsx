import { useEffect, useRef, type ReactNode } from 'react';
import { useDocumentTitle } from '#client/components/use-document-title';
import { usePartner } from '#client/lib/partner';
import styles from './auth-page.module.css';

type AuthPageProps = {
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
  wide?: boolean;
  /** Moves focus to the heading on mount (a step that replaced the previous one). */
  focusHeading?: boolean;
};

/** The frame of the sign-in, joining, recovery and activation screens: one column, h1, intro. */
export function AuthPage({ title, intro, children, wide = false, focusHeading = false }: AuthPageProps) {
  const partner = usePartner();
  // A title configured for this path (§2 route meta) wins over the screen's heading (useDocumentTitle).
  useDocumentTitle(`${title} | ${partner.name}`);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, [focusHeading]);
  return (
    <div className={`container ${styles.page} ${wide ? styles.wide : ''}`}>
      <div className={styles.header}>
        <h1 ref={headingRef} tabIndex={-1}>
          {title}
        </h1>
        {intro}
      </div>
      {children}
    </div>
  );
}

export { styles as authStyles };
