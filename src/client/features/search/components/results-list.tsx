import { useEffect, useRef } from 'react';
import type { MerchantSummary } from '#shared/schemas/merchant';
import { MerchantTile } from '../../merchants';
import styles from './results-list.module.css';

export type ResultsListProps = {
  merchants: readonly MerchantSummary[];
  selectedId?: number | null;
  /** Dimmed while the next page loads (previous data kept). */
  stale?: boolean;
};

/** The page of result tiles (each with the signed-in member's earn text); the tile chosen on the map is highlighted and scrolled into view. */
export function ResultsList({ merchants, selectedId = null, stale = false }: ResultsListProps) {
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (selectedId === null) return;
    const el = listRef.current?.querySelector<HTMLElement>(`[data-merchant-id="${selectedId}"]`);
    if (el && typeof el.scrollIntoView === 'function') {
      const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      el.scrollIntoView({ block: 'nearest', behavior: reduce ? 'auto' : 'smooth' });
    }
  }, [selectedId]);
  return (
    <ol ref={listRef} className={`${styles.list} ${stale ? styles.stale : ''}`} aria-label="Restaurants">
      {merchants.map((m, i) => (
        <li key={m.id} className={styles.item}>
          {/* The first picture is the largest paint on a phone: not lazy; the rest load as they near the screen. */}
          <MerchantTile merchant={m} highlighted={m.id === selectedId} headingLevel={3} priorityImage={i === 0} />
        </li>
      ))}
    </ol>
  );
}
