import { useEffect } from 'react';
import { useLocation } from '#client/lib/router';
import { usePartner } from '../lib/partner';

/**
 * Sets document.title for a screen whose title comes from content or data (browser_title, a
 * merchant's name). The layout sets the route-meta title in a layout effect, which runs before
 * every screen's effects, so this title wins, unless the partner configured a title for this very
 * path (§2 route meta per path): then the layout's stays.
 */
export function useDocumentTitle(title: string | null | undefined) {
  const partner = usePartner();
  const { pathname } = useLocation();
  const configured = Boolean(partner.routeMeta[pathname]);
  useEffect(() => {
    if (title && !configured) document.title = title;
  }, [title, configured]);
}
