import { useCallback, useSyncExternalStore } from 'react';
import { DESKTOP_QUERY } from '#shared/constants/layout';

/** §9 breakpoints; the desktop layout (inline navigation, side column) starts at 861px. */
export { DESKTOP_QUERY } from '#shared/constants/layout';

function mediaQueryList(query: string): MediaQueryList | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  return window.matchMedia(query);
}

/** Whether a media query matches now; re-renders when it changes. `fallback` where matchMedia is missing. */
export function useMediaQuery(query: string, fallback = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const mql = mediaQueryList(query);
      if (!mql) return () => undefined;
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    [query],
  );
  const get = () => mediaQueryList(query)?.matches ?? fallback;
  return useSyncExternalStore(subscribe, get, () => fallback);
}

/** True from 861px up (desktop layout). */
export function useIsDesktop(): boolean {
  return useMediaQuery(DESKTOP_QUERY);
}

/** Desktop copy on wide screens, mobile copy on small ones, whichever exists otherwise. */
export function pickText(isDesktop: boolean, desktop: string | undefined | null, mobile: string | undefined | null): string {
  const d = desktop?.trim() ? desktop : '';
  const m = mobile?.trim() ? mobile : '';
  return isDesktop ? d || m : m || d;
}
