import type { PartnerConfig } from './schemas/partner';

/**
 * The app's route patterns (§2 route table) as far as they exist today, with the partner
 * condition that gates each. The server answers 404 for any other path (the client then shows
 * the not-found page); the client router is built from the same list.
 */
export const ROUTE_PATTERNS: Array<{ path: string; when?: (p: PartnerConfig) => boolean }> = [
  { path: '/' },
  { path: '/how-it-works' },
  { path: '/discover', when: (p) => p.hasDiscoverPage },
  { path: '/search' },
  { path: '/merchants/:merchantId' },
  { path: '/error' },
  { path: '/not_found' },
];

/** Matches '/merchants/:merchantId' style patterns; case-sensitive like the router. */
export function matchPath(pattern: string, pathname: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  if (a.length !== b.length) return false;
  return a.every((seg, i) => seg.startsWith(':') ? Boolean(b[i]) : seg === b[i]);
}

export function isKnownRoute(pathname: string, partner: PartnerConfig): boolean {
  return ROUTE_PATTERNS.some((r) => matchPath(r.path, pathname) && (!r.when || r.when(partner)));
}

/** Route meta (§2: title, description, keywords per path) for a concrete path. */
export function routeMetaFor(partner: Pick<PartnerConfig, 'routeMeta' | 'name'>, pathname: string) {
  const exact = partner.routeMeta[pathname];
  if (exact) return exact;
  const key = Object.keys(partner.routeMeta).find((pattern) => pattern.includes(':') && matchPath(pattern, pathname));
  return (key && partner.routeMeta[key]) || { title: partner.name };
}
