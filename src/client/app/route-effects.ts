import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from '#client/lib/router';
import { routeMetaFor } from '#shared/routes';
import { PAGE_VIEW_DELAY_MS } from '#shared/constants/impressions';
import { track } from '../lib/impressions';
import { usePartner } from '../lib/partner';

/** §2 route meta, §2 scroll to top on each route change, §4 page view 500 ms after it. */
export function useRouteEffects() {
  const location = useLocation();
  const partner = usePartner();
  const arrived = useRef(false);
  // A layout effect runs before the screens' effects, so a screen may still set its own title.
  useLayoutEffect(() => {
    const meta = routeMetaFor(partner, location.pathname);
    document.title = meta.title;
    setMeta('description', meta.description);
    setMeta('keywords', meta.keywords);
    // To the top on a change of page; not on the page's first render, which opens at the top (or
    // where the browser restores a reload): scrolling there made the browser lay out the page
    // inside React's first commit (issue 30).
    if (arrived.current) window.scrollTo(0, 0);
    arrived.current = true;
  }, [location.pathname, partner]);
  useEffect(() => {
    const timer = setTimeout(() => track({ eventType: 'pageView', path: location.pathname }), PAGE_VIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [location.pathname, partner]);
}

function setMeta(name: string, content: string | undefined) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!content) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.name = name;
    document.head.appendChild(el);
  }
  el.content = content;
}
