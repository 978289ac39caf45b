import type { ReactNode } from 'react';
import styles from './search-states.module.css';

type StateProps = { title: string; children?: ReactNode; action?: ReactNode; role?: 'alert' | 'status' };

/** A titled message in place of results (§8 wording for the titles). */
export function SearchMessage({ title, children, action, role }: StateProps) {
  return (
    <div className={styles.message} role={role}>
      <h3 className={styles.title}>{title}</h3>
      {children && <div className={styles.text}>{children}</div>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}

export function NoResults({ hasFilters, onClearFilters, message }: { hasFilters: boolean; onClearFilters: () => void; message?: string }) {
  return (
    <SearchMessage
      title="Let's try again."
      action={hasFilters ? <button type="button" className={styles.button} onClick={onClearFilters}>Clear all filters</button> : undefined}
    >
      <p>{message ?? 'No restaurants match your search.'} Try a nearby city or ZIP code, a different restaurant or cuisine{hasFilters ? ', or fewer filters' : ''}.</p>
    </SearchMessage>
  );
}

export function SearchError({ onRetry }: { onRetry: () => void }) {
  return (
    <SearchMessage
      title="Hang in there."
      role="alert"
      action={<button type="button" className={styles.button} onClick={onRetry}>Try again</button>}
    >
      <p>We couldn't load restaurants just now. Please try again in a moment.</p>
    </SearchMessage>
  );
}

export function LocationBlocked({ onEnterLocation }: { onEnterLocation: () => void }) {
  return (
    <SearchMessage
      title="We can't see you."
      action={<button type="button" className={styles.button} onClick={onEnterLocation}>Enter a city or ZIP code</button>}
    >
      <p>Your browser isn't sharing your location. Type a city, state or ZIP code to find restaurants near you.</p>
    </SearchMessage>
  );
}

export function SearchLoading({ label }: { label: string }) {
  return (
    <div className={styles.loading}>
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
