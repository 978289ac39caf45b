import { useCallback, useEffect, useRef } from 'react';

/**
 * Focus for a list shown a page at a time: once the page a person chose (onNavigate) has arrived,
 * focus moves to the list's heading (give it tabIndex={-1}), so the next thing read is the new page.
 */
export function usePageHeadingFocus(page: number, arrived: boolean) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const chosen = useRef<number | null>(null);
  useEffect(() => {
    if (!arrived || chosen.current !== page) return;
    chosen.current = null;
    headingRef.current?.focus();
  }, [arrived, page]);
  const onNavigate = useCallback((next: number) => {
    chosen.current = next;
  }, []);
  return { headingRef, onNavigate };
}
