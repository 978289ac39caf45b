import { useEffect } from 'react';

/**
 * Sets document.title for a screen whose title comes from content or data (browser_title, a
 * merchant's name). The layout sets the route-meta title in a layout effect, which runs before
 * every screen's effects, so this title wins.
 */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
