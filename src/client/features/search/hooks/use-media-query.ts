import { useCallback, useSyncExternalStore } from 'react';

/** §9 breakpoint: list and map side by side from 861px. */
export const WIDE_QUERY = '(min-width: 861px)';

export function useMediaQuery(query: string, serverValue = false): boolean {
  const subscribe = useCallback((onChange: () => void) => {
    if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
    const mql = window.matchMedia(query);
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  }, [query]);
  const get = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : serverValue);
  return useSyncExternalStore(subscribe, get, () => serverValue);
}
