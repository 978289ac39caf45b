import { useLocation } from '#client/lib/router';

/**
 * The server's 404 for the page's own address (FirstVisit.notFound, issue 25 item 7): the app
 * shows the not-found page there, whatever history state a reload kept, until the visitor
 * navigates on. Set once at start (main.tsx), read by the route scope.
 */
let servedNotFound = false;
/** The router's key of the page's first location, seen at the first render. */
let firstKey: string | undefined;

export function setServedNotFound(notFound: boolean): void {
  servedNotFound = notFound;
  firstKey = undefined;
}

/** True while the location is the one the server answered 404. */
export function useServedNotFound(): boolean {
  const { key } = useLocation();
  if (!servedNotFound) return false;
  firstKey ??= key;
  return key === firstKey;
}
