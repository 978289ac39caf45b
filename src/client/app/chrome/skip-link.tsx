import type { MouseEvent } from 'react';
import styles from './skip-link.module.css';

/** §2 skip link to #main; off screen until focused. */
export function SkipLink() {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById('main');
    if (!main) return;
    // Move focus ourselves: the router would otherwise treat the hash change as a navigation.
    e.preventDefault();
    main.focus();
    main.scrollIntoView?.();
  };
  return (
    <a href="#main" className={styles.skipLink} onClick={onClick}>
      Skip to main content
    </a>
  );
}
