/**
 * What the service worker (src/client/worker.ts) may keep, decided here as a pure rule so it is
 * unit-tested. Member data never: anything under /api/ that is not public content (the member,
 * cards, rewards, reservations, sign-in and sign-out, tokens) goes to the network every time, and
 * offline it fails as it would without the worker (docs/pwa.md).
 */

export type CacheKind =
  /** A page: network first; offline, the last app shell of this site, else the offline page. */
  | 'page'
  /** Partner content pages (§3 CMS): shown at once from the cache, refreshed behind. */
  | 'content'
  /** Restaurant pictures, partner logos and icons: from the cache, refreshed behind, bounded. */
  | 'image'
  /** Not the worker's business: the browser fetches it as if there were no worker. */
  | 'network';

export type RequestFacts = {
  method: string;
  /** The request's URL (absolute). */
  url: string;
  /** The worker's own origin. */
  origin: string;
  /** Request.mode: 'navigate' for a page load (a frame's too). */
  mode: string;
  /** Request.destination: 'document' for a top-level page, 'iframe' for a frame. */
  destination: string;
  /** The request carries an Authorization header (a bearer token is someone's). */
  hasAuthorization: boolean;
};

/** Pages the worker never answers from its cache: sign-out and single sign-on must reach the server, the staging tools and API docs are live, the card frame is its own page. */
const LIVE_PAGES = /^\/(?:SignOut|stgtools|api|sso|auth|card-frame|worker\.js|health|ready)(?:\/|$)/i;

/** Public content of the partner: the CMS pages (§3), not member-scoped. */
const CONTENT = /^\/api\/cms\/pages\/[^/]+\/?$/;

/** Generated restaurant pictures and the partner's logos and icons. */
const IMAGES = /^\/(?:img\/|partner\/logo\.svg$|partner\/logos\/|partner\/icons\/)/;

export function cacheKindOf(req: RequestFacts): CacheKind {
  if (req.method !== 'GET' || req.hasAuthorization) return 'network';
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return 'network';
  }
  if (url.origin !== req.origin) return 'network';
  const path = url.pathname;
  if (req.mode === 'navigate') return req.destination === 'document' && !LIVE_PAGES.test(path) ? 'page' : 'network';
  if (CONTENT.test(path)) return 'content';
  if (IMAGES.test(path)) return 'image';
  return 'network';
}

/** Whether a request ends the session, so the worker drops what it kept for this browser. */
export function endsSession(method: string, url: string): boolean {
  try {
    const path = new URL(url).pathname;
    return /^\/api\/SignOut\/?$/i.test(path) || (method === 'GET' && /^\/SignOut\/?$/i.test(path));
  } catch {
    return false;
  }
}

/** Names of the worker's runtime caches (the precache of the build is Workbox's own). */
export const RUNTIME_CACHES = { pages: 'rn-pages-v1', content: 'rn-content-v1', images: 'rn-images-v1' } as const;

/** The cache key of the one app shell a site keeps (any page of the app renders every route). */
export const SHELL_KEY = '/__app-shell';

/** Bounds of the runtime caches. */
export const CACHE_LIMITS = { contentEntries: 40, imageEntries: 300, imageMaxAgeSeconds: 30 * 24 * 60 * 60 } as const;

/** Messages between the app and the worker. */
export const WORKER_MESSAGES = { skipWaiting: 'SKIP_WAITING', signedOut: 'SIGNED_OUT' } as const;
