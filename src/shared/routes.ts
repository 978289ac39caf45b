import type { PartnerConfig } from './schemas/partner';
import { canRecoverPassword, canSignInWithPassword, hasMembers, offersFavorites, paysStatementCredits, takesTableReservations } from './rules/partner-features';

/**
 * The one route table (§2): every page route's path, its partner condition and its meta key. The
 * server answers 404 for any path it does not know (the client then shows the not-found page);
 * the client router (src/client/app/routes.tsx) maps each entry to its screen and shows the
 * not-found page where the condition rules the route out; `paths` below builds links to them.
 * This module stays free of zod and of the DOM: the first page load and the server import it.
 */

/** The partner fields the conditions read (the page's partner configuration fits). */
export type RoutePartner = Pick<PartnerConfig, 'enrollmentType' | 'hasDiscoverPage' | 'environment' | 'hasMerchantFavourites' | 'openTableReservationsEnabled' | 'currencyType'>
  /** §2 extra paths from the global setting (EXTRA_PAGE_PATHS): each shows the shared content-page screen. */
  & { extraPagePaths?: readonly string[] };

export type RouteEntry = {
  /** Router pattern: ':name' is one segment, a trailing '*' one or more further segments. */
  readonly path: string;
  /** §2 partner condition; without one, every partner has the route. */
  readonly when?: (partner: RoutePartner) => boolean;
  /** Where the condition rules the route out: the not-found page at this path (the default), or no route at all. */
  readonly otherwise?: 'notFound' | 'unregistered';
  /** Key of the partner's routeMeta (§2 title, description, keywords) for this route. */
  readonly meta: string;
  /**
   * The last step of a flow (its success page): shown only when its flow navigates there
   * (client: FlowEndGate and FLOW_DONE); opened directly it is the not-found page, and the
   * server answers a page load of it 404, since a page load never comes from the flow.
   */
  readonly flowEnd?: true;
  /** The page shows the partner's earn_details item of its path (§2): not found (404) where the partner has none. */
  readonly content?: 'earn_details';
};

const hasDiscoverPage = (p: RoutePartner) => p.hasDiscoverPage;
/** §2 staging tools: not registered in production. */
const hasStagingTools = (p: RoutePartner) => p.environment !== 'production';
/** §1 table reservations, where there are members to book. */
const hasReservations = (p: RoutePartner) => takesTableReservations(p) && hasMembers(p);
/** Redemptions (issue 28): cash-back members take money out of their balance. */
const hasRedemptions = (p: RoutePartner) => paysStatementCredits(p) && hasMembers(p);

/** A route whose meta key is its own pattern (every route so far). */
const route = (path: string, when?: RouteEntry['when']): RouteEntry => (when ? { path, when, meta: path } : { path, meta: path });
/** An earn or offer page: the partner's earn_details item of this path. */
const earnPage = (path: string): RouteEntry => ({ ...route(path), content: 'earn_details' });
/** A flow's success page (see RouteEntry.flowEnd). */
const flowEnd = (path: string, when?: RouteEntry['when']): RouteEntry => ({ ...route(path, when), flowEnd: true });

export const ROUTES = {
  home: route('/'),
  howItWorks: route('/how-it-works'),
  // §2 earn and offer pages: each shows the partner's earn_details item of that url in the
  // content-page template, and the not-found page where the partner has none.
  earn: earnPage('/earn'),
  earnTopgolfBonus: earnPage('/earn/topgolf-bonus'),
  earnNewMemberBonus: earnPage('/earn/new-member-bonus'),
  earnHowItWorks: earnPage('/earn/how-it-works'),
  earnReservations: earnPage('/earn/reservations'),
  earnVipUpgrade: earnPage('/earn/vip-upgrade'),
  earnThisIsBig: earnPage('/earn/this-is-big'),
  discover: route('/discover', hasDiscoverPage),
  search: route('/search'),
  merchant: route('/merchants/:merchantId'),
  /** §2 order online: the restaurant page with its order-online dialog open. */
  merchantOrder: route('/merchants/:merchantId/Order'),
  serverError: route('/error'),
  notFound: route('/not_found'),
  // §2 members: sign-in, enrolment steps 1–3 and activation where the partner has members;
  // recovery and fix-credentials where the password is ours; the sign-out address always.
  login: route('/login', hasMembers),
  /** The capitalised sign-in address of §2 (the single sign-on modal links to it). */
  loginAlias: route('/Login', hasMembers),
  join: route('/join', hasMembers),
  addCard: route('/add_card', hasMembers),
  cardAdded: route('/card_added', hasMembers),
  activate: route('/activate', hasMembers),
  activated: flowEnd('/activate/activated', hasMembers),
  recover: route('/recover', canRecoverPassword),
  recoverConfirm: route('/recover/confirm', canRecoverPassword),
  recoverUpdate: route('/recover/update', canRecoverPassword),
  recoverSuccess: flowEnd('/recover/success', canRecoverPassword),
  fixCredentials: route('/fix_credentials', canSignInWithPassword),
  /** The one-time sign-in link e-mailed to the owner of an account (issue 25). */
  loginLink: route('/login/link', canSignInWithPassword),
  signOut: route('/SignOut'),
  /** The link e-mailed to a member's new address: opening it (and one click) makes it the account's address, on any device. */
  confirmEmail: route('/confirm-email', hasMembers),
  /** The operator console's "View as member" window (§6): a one-time grant in the fragment opens a read-only session. */
  emulate: route('/emulate', hasMembers),
  /** The operator console's content "Preview" window (§6 cmsPreview): a one-time grant in the fragment opens a draft preview session. */
  contentPreview: route('/preview'),
  /** Surveys (issue 12; docs/api-surveys.md): a survey of the `surveys` content as a page (?id=), then its outcome. */
  surveys: route('/surveys'),
  surveysSuccess: flowEnd('/surveys/success'),
  surveysError: route('/surveys/error'),
  /** §1 update-app screen: where a native app older than the partner's minimumAppVersion is sent (docs/pwa.md). */
  updateApp: route('/update_app'),
  // §2 account centre.
  account: route('/account', hasMembers),
  accountOverview: route('/account/overview', hasMembers),
  /** Reviews & History: the member's dines, rewards and statement credits. */
  accountRecentActivity: route('/account/recent_activity', hasMembers),
  accountCards: route('/account/manage_cards', hasMembers),
  accountProfile: route('/account/user_profile', hasMembers),
  /** Missing-reward claims: the claim form and the member's claims with their status (docs/api-claims.md). */
  accountClaims: route('/account/claims', hasMembers),
  /**
   * The member's favourite restaurants (partners with merchant favourites; docs/api-favorites.md).
   * Elsewhere an unknown account sub-path like any other: to the overview (§2).
   */
  accountFavorites: { ...route('/account/favorites', offersFavorites), otherwise: 'unregistered' },
  /** The member's table reservations, upcoming then past, with cancel (partners with table reservations; docs/api-reservations.md); elsewhere to the overview. */
  accountReservations: { ...route('/account/reservations', hasReservations), otherwise: 'unregistered' },
  /**
   * Redeem (issue 28, docs/features/redemptions.md): the balance, the ways to take it out, the
   * automatic statement credit and the member's redemptions; cash-back partners only, the
   * not-found page elsewhere.
   */
  accountRedeem: route('/account/redeem', hasRedemptions),
  /** One redemption and its steps (pending, on its way, then completed, rejected or failed). */
  accountRedemption: route('/account/redeem/:redemptionId', hasRedemptions),
  /** The review form of one visit of Reviews & History (its sourceTransactionId). */
  accountReview: route('/account/recent_activity/review/:txnId', hasMembers),
  /** Any other account sub-path: redirected to the overview by the client. */
  accountOther: route('/account/*', hasMembers),
  stgtools: { ...route('/stgtools', hasStagingTools), otherwise: 'unregistered' },
} as const satisfies Record<string, RouteEntry>;

export type RouteName = keyof typeof ROUTES;

// A page's route is matched against the whole table several times a request (the server's page
// assembly: known route, the route, its meta, its earn item, the first screen's answers; the
// client on each navigation): the table's patterns are split once, and the last path asked about
// is kept split. Both are kept in lower case, once, so that fixed segments match in any letter case
// (as the app's router matches them, client/lib/router.tsx: /Search is /search) without lowering
// them again for each route. Patterns come from the route table, so the map stays small; a caller
// passing arbitrary patterns only fills it up to its cap.
const PATTERN_CACHE_MAX = 500;
const splitPatterns = new Map<string, readonly string[]>();
function patternSegments(pattern: string): readonly string[] {
  let segments = splitPatterns.get(pattern);
  if (!segments) {
    segments = pattern.toLowerCase().split('/').filter(Boolean);
    if (splitPatterns.size < PATTERN_CACHE_MAX) splitPatterns.set(pattern, segments);
  }
  return segments;
}
let lastPath: string | undefined;
let lastPathSegments: readonly string[] = [];
function pathSegments(pathname: string): readonly string[] {
  if (pathname !== lastPath) {
    lastPathSegments = pathname.replace(/\/+$/, '').toLowerCase().split('/').filter(Boolean);
    lastPath = pathname;
  }
  return lastPathSegments;
}

/**
 * Matches '/merchants/:merchantId' style patterns, and a trailing '*' for one or more further
 * segments ('/account/*'); fixed segments in any letter case, like the app's router (client/lib/router.tsx).
 */
export function matchPath(pattern: string, pathname: string): boolean {
  const a = patternSegments(pattern);
  const b = pathSegments(pathname);
  const wildcard = a[a.length - 1] === '*';
  const fixed = wildcard ? a.length - 1 : a.length;
  if (wildcard ? b.length < a.length : b.length !== a.length) return false;
  for (let i = 0; i < fixed; i++) {
    const seg = a[i]!;
    if (seg.startsWith(':') ? !b[i] : seg !== b[i]) return false;
  }
  return true;
}

const ROUTE_LIST: readonly RouteEntry[] = Object.values(ROUTES);

/** Whether the partner has the route of this path (§2 conditions). */
export function routeAllowed(route: RouteEntry, partner: RoutePartner): boolean {
  return !route.when || route.when(partner);
}

/** A page path without its trailing slashes ('/' stays '/'). */
export function normalizePagePath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

/** Whether the path is one of the §2 extra paths of the global setting (exact, case-sensitive). */
export function isExtraPagePath(pathname: string, partner: RoutePartner): boolean {
  const path = normalizePagePath(pathname);
  return (partner.extraPagePaths ?? []).some((p) => normalizePagePath(p) === path);
}

/**
 * Whether the partner has a page at this path. A page of the table the partner lacks (its condition
 * fails, the not-found page otherwise) stays unknown even where a catch-all would take its path:
 * /account/redeem is not found for a miles partner, not an "other account page".
 */
export function isKnownRoute(pathname: string, partner: RoutePartner): boolean {
  if (isExtraPagePath(pathname, partner)) return true;
  const matching = ROUTE_LIST.filter((r) => matchPath(r.path, pathname));
  const named = matching.filter((r) => !r.path.endsWith('*'));
  if (named.length > 0 && !named.some((r) => routeAllowed(r, partner)) && named.every((r) => r.otherwise !== 'unregistered')) return false;
  return matching.some((r) => routeAllowed(r, partner));
}

/** The partner's route of this path (the first of the table that matches and the partner has), or undefined. */
export function routeOf(pathname: string, partner: RoutePartner): RouteEntry | undefined {
  return ROUTE_LIST.find((r) => matchPath(r.path, pathname) && routeAllowed(r, partner));
}

/** Whether the page at this path shows an earn_details item (an earn page of the table, or a §2 extra path that is no other route). */
export function showsEarnItem(pathname: string, partner: RoutePartner): boolean {
  const entry = routeOf(pathname, partner);
  return entry ? entry.content === 'earn_details' : isExtraPagePath(pathname, partner);
}

/**
 * Route meta (§2: title, description, keywords per path) for a concrete path: the partner's
 * entry for this very path, else the one under the meta key of the route it matches, else the
 * partner's name as the title.
 */
export function routeMetaFor(partner: Pick<PartnerConfig, 'routeMeta' | 'name'>, pathname: string) {
  const exact = partner.routeMeta[pathname];
  if (exact) return exact;
  const route = ROUTE_LIST.find((r) => matchPath(r.path, pathname));
  return (route && partner.routeMeta[route.meta]) || { title: partner.name };
}

/** Query of a link; undefined and null values are left out. */
export type LinkQuery = Record<string, string | number | boolean | null | undefined>;

/** The path with its query ('?a=1&b=2', form-encoded); a string query is taken as it is. */
function withQuery(path: string, query?: LinkQuery | string): string {
  let qs = '';
  if (typeof query === 'string') qs = query.replace(/^\?/, '');
  else if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) params.append(key, String(value));
    qs = params.toString();
  }
  return qs ? `${path}?${qs}` : path;
}

/** A link to a route without parameters, with an optional query. */
const to = (r: RouteEntry) => (query?: LinkQuery) => withQuery(r.path, query);

/**
 * Links to the routes of the table: `paths.merchant(42)`, `paths.search({ location })`,
 * `paths.login({ email })`, `paths.account.profile()`. Queries are form-encoded (URLSearchParams).
 */
export const paths = {
  home: to(ROUTES.home),
  howItWorks: to(ROUTES.howItWorks),
  /** The earn pages of §2: `paths.earn()`, `paths.earn.thisIsBig()` … */
  earn: Object.assign(to(ROUTES.earn), {
    topgolfBonus: to(ROUTES.earnTopgolfBonus),
    newMemberBonus: to(ROUTES.earnNewMemberBonus),
    howItWorks: to(ROUTES.earnHowItWorks),
    reservations: to(ROUTES.earnReservations),
    vipUpgrade: to(ROUTES.earnVipUpgrade),
    thisIsBig: to(ROUTES.earnThisIsBig),
  }),
  discover: to(ROUTES.discover),
  /** '/search', with a query record ({ location, restaurantOrCuisine }) or a serialised search. */
  search: (query?: LinkQuery | string) => withQuery(ROUTES.search.path, query),
  merchant: (merchantId: number | string) => ROUTES.merchant.path.replace(':merchantId', encodeURIComponent(String(merchantId))),
  /** The restaurant page with its order-online dialog open. */
  merchantOrder: (merchantId: number | string) => ROUTES.merchantOrder.path.replace(':merchantId', encodeURIComponent(String(merchantId))),
  serverError: to(ROUTES.serverError),
  notFound: to(ROUTES.notFound),
  login: to(ROUTES.login),
  loginAlias: to(ROUTES.loginAlias),
  join: to(ROUTES.join),
  addCard: to(ROUTES.addCard),
  cardAdded: to(ROUTES.cardAdded),
  activate: Object.assign(to(ROUTES.activate), { activated: to(ROUTES.activated) }),
  recover: Object.assign(to(ROUTES.recover), {
    confirm: to(ROUTES.recoverConfirm),
    update: to(ROUTES.recoverUpdate),
    success: to(ROUTES.recoverSuccess),
  }),
  fixCredentials: to(ROUTES.fixCredentials),
  loginLink: to(ROUTES.loginLink),
  signOut: to(ROUTES.signOut),
  confirmEmail: to(ROUTES.confirmEmail),
  emulate: to(ROUTES.emulate),
  contentPreview: to(ROUTES.contentPreview),
  /** '/surveys?id=…'; `paths.surveys.success()`, `paths.surveys.error({ id })`. */
  surveys: Object.assign(to(ROUTES.surveys), { success: to(ROUTES.surveysSuccess), error: to(ROUTES.surveysError) }),
  updateApp: to(ROUTES.updateApp),
  account: Object.assign(to(ROUTES.account), {
    overview: to(ROUTES.accountOverview),
    /** Reviews & History; `{ page }` opens a later page of the activity. */
    recentActivity: to(ROUTES.accountRecentActivity),
    cards: to(ROUTES.accountCards),
    profile: to(ROUTES.accountProfile),
    /** Missing-reward claims: the claim form and the member's claims. */
    claims: to(ROUTES.accountClaims),
    /** The member's favourite restaurants. */
    favorites: to(ROUTES.accountFavorites),
    /** The member's table reservations. */
    reservations: to(ROUTES.accountReservations),
    /** Redeem: the balance, the ways to take it out and the member's redemptions; `{ page }` a later page of them. */
    redeem: to(ROUTES.accountRedeem),
    /** One redemption and its steps. */
    redemption: (redemptionId: string) => ROUTES.accountRedemption.path.replace(':redemptionId', encodeURIComponent(redemptionId)),
    /** The review form of a visit (a Reviews & History row's sourceTransactionId). */
    review: (txnId: string) => ROUTES.accountReview.path.replace(':txnId', encodeURIComponent(txnId)),
  }),
  stgtools: to(ROUTES.stgtools),
  /** Sign-in at the partner's identity provider (a server address), back to `returnTo` after. */
  ssoSignIn: (returnTo: string) => `/auth/sso/start?returnTo=${encodeURIComponent(returnTo)}`,
};
