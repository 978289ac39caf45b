import { useEffect } from 'react';

/**
 * Sets document.title for a screen whose title comes from content or data (browser_title, a
 * merchant's name). The layout's route effect sets the route-meta title in the same commit and,
 * being a parent, runs after this component's effects; the timeout lets this title win.
 */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    if (!title) return;
    const timer = setTimeout(() => {
      document.title = title;
    }, 0);
    return () => clearTimeout(timer);
  }, [title]);
}
