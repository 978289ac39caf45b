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
  // §2 members: sign-in, enrolment step 1 and activation where enrollmentType is not none;
  // recovery and fix-credentials for direct partners only; the sign-out address always.
  { path: '/login', when: (p) => p.enrollmentType !== 'none' },
  { path: '/Login', when: (p) => p.enrollmentType !== 'none' },
  { path: '/join', when: (p) => p.enrollmentType !== 'none' },
  // Enrolment steps 2 and 3 (the cards issue); /account/manage_cards is covered by '/account/*'.
  { path: '/add_card', when: (p) => p.enrollmentType !== 'none' },
  { path: '/card_added', when: (p) => p.enrollmentType !== 'none' },
  { path: '/activate', when: (p) => p.enrollmentType !== 'none' },
  { path: '/activate/activated', when: (p) => p.enrollmentType !== 'none' },
  { path: '/recover', when: (p) => p.enrollmentType === 'direct' },
  { path: '/recover/confirm', when: (p) => p.enrollmentType === 'direct' },
  { path: '/recover/update', when: (p) => p.enrollmentType === 'direct' },
  { path: '/recover/success', when: (p) => p.enrollmentType === 'direct' },
  { path: '/fix_credentials', when: (p) => p.enrollmentType === 'direct' },
  { path: '/SignOut' },
  // §2 account centre; any other sub-path is redirected to the overview by the client.
  { path: '/account', when: (p) => p.enrollmentType !== 'none' },
  { path: '/account/*', when: (p) => p.enrollmentType !== 'none' },
  // §2 staging tools: not registered in production.
  { path: '/stgtools', when: (p) => p.environment !== 'production' },
];

/**
 * Matches '/merchants/:merchantId' style patterns, and a trailing '*' for one or more further
 * segments ('/account/*'); case-sensitive like the router.
 */
export function matchPath(pattern: string, pathname: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  if (a.at(-1) === '*') {
    if (b.length < a.length) return false;
    return a.slice(0, -1).every((seg, i) => seg.startsWith(':') ? Boolean(b[i]) : seg === b[i]);
  }
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
