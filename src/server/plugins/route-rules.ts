/**
 * Which routes the anti-forgery check, the API rate limit, the partner-by-host lookup and the
 * no-store default of API answers cover. The OpenAPI document (openapi.ts) states them from here;
 * the plugins that enforce them (csrf.ts, rate-limits.ts, partner.ts, security-headers.ts) read
 * the same rules, so the document cannot drift from what the server does. openapi.test.ts checks the document against the running app.
 */

import { API_PATHS } from '#shared/api-paths';

/** Methods that change nothing, so need no anti-forgery token unless the route asks for one. */
export const CSRF_SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export type CsrfRouteConfig = {
  /** The rare state-changing route that must work without the token. */
  csrfExempt?: boolean;
  /** A GET that must carry the token too (§7 'with header', e.g. GET /api/Member/{publicId}). */
  csrfRequired?: boolean;
};

/**
 * Whether a call must carry X-XSRF-TOKEN: every state-changing call under /api/ unless the route
 * is exempt, plus the safe-method routes that require it. `route` is the matched route's path
 * (not the raw URL: '/%61pi/…' routes to '/api/…' and is checked the same).
 */
export function csrfTokenRequired(method: string, route: string, config: CsrfRouteConfig | undefined): boolean {
  if (!route.startsWith('/api/')) return false;
  if (CSRF_SAFE_METHODS.has(method.toUpperCase())) return config?.csrfRequired === true;
  return config?.csrfExempt !== true;
}

/** The API's calls: every route under /api/ but the documentation (a page and its files). */
export function isApiCall(route: string): boolean {
  return route.startsWith('/api/') && !route.startsWith('/api/docs');
}

/**
 * The card network's webhook (docs/api-card-network.md): signed, so it needs no anti-forgery
 * token (the route says csrfExempt), answers on every host (the partner follows from the card) and
 * is not under the per-address limit: a network posts thousands of events a minute from a few
 * addresses (Mastercard clears in one daily burst), and an unsigned call is refused with a 401
 * before any database work, so the limit would only throttle the network.
 */
export const CARD_NETWORK_EVENTS_PATH = API_PATHS.cardNetworkEvent.path;

/** Whether the per-address API rate limit counts a call (its counters live in the database). */
/** The gift-card provider's webhook (redemptions): signed like the card network's, on any host, posted from a few addresses. */
export const GIFT_CARD_WEBHOOK_ROUTE = API_PATHS.giftCardWebhook.path;

export function isRateLimitedRoute(route: string): boolean {
  return isApiCall(route) && route !== CARD_NETWORK_EVENTS_PATH && route !== GIFT_CARD_WEBHOOK_ROUTE;
}

/** A path of the API table as a pattern matching it alone. */
function exactPath(path: string): RegExp {
  return new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
}

/** Paths that are the same for every partner and work on any host (all others: 404 on an unknown host). */
export const PARTNERLESS_PATHS: readonly RegExp[] = [/^\/assets\//, /^\/health$/, /^\/ready$/, /^\/api\/docs/, /^\/favicon/, /^\/img\//, /^\/worker\.js$/, exactPath(CARD_NETWORK_EVENTS_PATH), exactPath(GIFT_CARD_WEBHOOK_ROUTE)];

export function isPartnerlessRoute(path: string): boolean {
  return PARTNERLESS_PATHS.some((re) => re.test(path));
}
