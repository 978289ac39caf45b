import type { ComponentType, ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { matchPath, paths, ROUTES, routeAllowed, type RouteEntry, type RouteName, type RoutePartner } from '#shared/routes';
import { AppLayout } from './layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { NotFoundRoute } from '../routes/not-found/not-found-route';
import { ServerErrorRoute } from '../routes/server-error/server-error-route';

/** A route's screen; `children` nests routes of the table under it (paths relative to its own). */
type Screen = {
  lazy?: () => Promise<{ Component: ComponentType }>;
  element?: ReactNode;
  /**
   * Enrolment steps carry { enrollment: true }: the top bar reads it with useMatches() to hide the
   * main menu and show 'Already a member? Sign in' (direct) or 'sign out' (sso).
   */
  handle?: { enrollment: true };
  children?: readonly RouteName[];
  /** What the bare parent path shows. */
  index?: ReactNode;
};

/** A screen loaded on first visit, so the first page only downloads its own code. */
function lazyScreen<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K): Screen['lazy'] {
  return async () => ({ Component: (await load())[name] });
}

/** The earn pages and the §2 extra paths share one screen: the earn_details item of the path. */
const earnScreen = lazyScreen(() => import('../routes/earn/earn-route'), 'EarnRoute');

const toAccountOverview = <Navigate to={paths.account.overview()} replace />;

/** Each entry of the route table (src/shared/routes.ts) and its screen. */
const SCREENS: { readonly [N in RouteName]: Screen } = {
  home: { lazy: lazyScreen(() => import('../routes/home/home-route'), 'HomeRoute') },
  howItWorks: { lazy: lazyScreen(() => import('../routes/how-it-works/how-it-works-route'), 'HowItWorksRoute') },
  earn: { lazy: earnScreen },
  earnTopgolfBonus: { lazy: earnScreen },
  earnNewMemberBonus: { lazy: earnScreen },
  earnHowItWorks: { lazy: earnScreen },
  earnReservations: { lazy: earnScreen },
  earnVipUpgrade: { lazy: earnScreen },
  earnThisIsBig: { lazy: earnScreen },
  discover: { lazy: lazyScreen(() => import('../routes/discover/discover-route'), 'DiscoverRoute') },
  search: { lazy: lazyScreen(() => import('../routes/search/search-route'), 'SearchRoute') },
  merchant: { lazy: lazyScreen(() => import('../routes/merchant/merchant-route'), 'MerchantRoute'), children: ['merchantOrder'] },
  merchantOrder: { lazy: lazyScreen(() => import('../routes/merchant/order-online-route'), 'OrderOnlineRoute') },
  serverError: { element: <ServerErrorRoute /> },
  notFound: { element: <NotFoundRoute /> },
  login: { lazy: lazyScreen(() => import('../routes/login/login-route'), 'LoginRoute') },
  loginAlias: { lazy: lazyScreen(() => import('../routes/login/login-route'), 'LoginRoute') },
  join: { handle: { enrollment: true }, lazy: lazyScreen(() => import('../routes/join/join-route'), 'JoinRoute') },
  // Enrolment steps 2 (add a card, enrolment chrome) and 3 (success: the member is now a card member).
  addCard: { handle: { enrollment: true }, lazy: lazyScreen(() => import('../routes/add-card/add-card-route'), 'AddCardRoute') },
  cardAdded: { lazy: lazyScreen(() => import('../routes/add-card/card-added-route'), 'CardAddedRoute') },
  activate: { lazy: lazyScreen(() => import('../routes/activate/activate-route'), 'ActivateRoute') },
  activated: { lazy: lazyScreen(() => import('../routes/activate/activated-route'), 'ActivatedRoute') },
  recover: { lazy: lazyScreen(() => import('../routes/recover/recover-route'), 'RecoverRoute') },
  recoverConfirm: { lazy: lazyScreen(() => import('../routes/recover/recover-confirm-route'), 'RecoverConfirmRoute') },
  recoverUpdate: { lazy: lazyScreen(() => import('../routes/recover/recover-update-route'), 'RecoverUpdateRoute') },
  recoverSuccess: { lazy: lazyScreen(() => import('../routes/recover/recover-success-route'), 'RecoverSuccessRoute') },
  fixCredentials: { lazy: lazyScreen(() => import('../routes/fix-credentials/fix-credentials-route'), 'FixCredentialsRoute') },
  signOut: { lazy: lazyScreen(() => import('../routes/sign-out/sign-out-route'), 'SignOutRoute') },
  surveys: { lazy: lazyScreen(() => import('../routes/surveys/surveys-route'), 'SurveysRoute') },
  surveysSuccess: { lazy: lazyScreen(() => import('../routes/surveys/surveys-route'), 'SurveysSuccessRoute') },
  surveysError: { lazy: lazyScreen(() => import('../routes/surveys/surveys-route'), 'SurveysErrorRoute') },
  updateApp: { lazy: lazyScreen(() => import('../routes/update-app/update-app-route'), 'UpdateAppRoute') },
  account: {
    lazy: lazyScreen(() => import('../routes/account/account-route'), 'AccountRoute'),
    index: toAccountOverview,
    children: ['accountOverview', 'accountRecentActivity', 'accountCards', 'accountProfile', 'accountReview', 'accountClaims', 'accountFavorites', 'accountReservations', 'accountOther'],
  },
  accountOverview: { lazy: lazyScreen(() => import('../routes/account/overview-route'), 'OverviewRoute') },
  accountRecentActivity: { lazy: lazyScreen(() => import('../routes/account/recent-activity-route'), 'RecentActivityRoute') },
  accountCards: { lazy: lazyScreen(() => import('../routes/account/manage-cards-route'), 'ManageCardsRoute') },
  accountProfile: { lazy: lazyScreen(() => import('../routes/account/profile-route'), 'ProfileRoute') },
  accountClaims: { lazy: lazyScreen(() => import('../routes/account/claims-route'), 'ClaimsRoute') },
  accountFavorites: { lazy: lazyScreen(() => import('../routes/account/favorites-route'), 'FavoritesRoute') },
  accountReservations: { lazy: lazyScreen(() => import('../routes/account/reservations-route'), 'ReservationsRoute') },
  accountReview: { lazy: lazyScreen(() => import('../routes/account/review-route'), 'ReviewRoute') },
  accountOther: { element: toAccountOverview },
  stgtools: { lazy: lazyScreen(() => import('../routes/stgtools/stgtools-route'), 'StgtoolsRoute') },
};

const NESTED = new Set<RouteName>(Object.values(SCREENS).flatMap((s) => s.children ?? []));

/**
 * The router of the route table (§2). Where a route's partner condition fails, its path shows
 * the not-found page, or is left out where the table says so (the staging tools in production);
 * any other path shows the not-found page. The error boundary sits on a pathless child so an
 * error keeps the page chrome.
 */
export function createRoutes(partner: RoutePartner): RouteObject[] {
  const toRouteObject = (name: RouteName, parentPath: string): RouteObject[] => {
    const entry: RouteEntry = ROUTES[name];
    const screen = SCREENS[name];
    const allowed = routeAllowed(entry, partner);
    if (!allowed && entry.otherwise === 'unregistered') return [];
    const path = entry.path.slice(parentPath.length + 1);
    const shown = allowed ? { lazy: screen.lazy, element: screen.element } : { element: <NotFoundRoute /> };
    const children = [
      ...(screen.index && allowed ? [{ index: true, element: screen.index }] : []),
      ...(screen.children ?? []).flatMap((child) => toRouteObject(child, entry.path)),
    ];
    return [{
      ...(path ? { path } : { index: true }),
      ...(screen.handle && { handle: screen.handle }),
      ...(shown.lazy ? { lazy: shown.lazy } : { element: shown.element }),
      ...(children.length > 0 && { children }),
    } as RouteObject];
  };
  const top = (Object.keys(ROUTES) as RouteName[]).filter((name) => !NESTED.has(name));
  return [
    {
      element: <AppLayout />,
      children: [
        {
          errorElement: <RouteErrorBoundary />,
          children: [
            ...top.flatMap((name) => toRouteObject(name, '')),
            // §2 extra paths from the global setting lead to the shared content-page screen.
            // A path that is also a route of the table stays that route.
            ...(partner.extraPagePaths ?? []).filter((path) => !Object.values(ROUTES).some((r) => matchPath(r.path, path))).map((path) => ({ path, lazy: earnScreen })),
            { path: '*', element: <NotFoundRoute /> },
          ],
        },
      ],
    },
  ];
}
