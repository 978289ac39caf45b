import { Suspense, useMemo, type ComponentType, type ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from '#client/lib/router';
import { matchPath, paths, ROUTES, routeAllowed, type RouteEntry, type RouteName, type RoutePartner } from '#shared/routes';
import { readInjectedPartner } from '../lib/partner';
import { useServedNotFound } from '../lib/served-not-found';
import { loadProspectForm, visitorMayJoin } from '../routes/home/prospect-form-loader';
import { AppLayout } from './layout';
import { lazyScreen } from '../components/lazy-screen';
import { RouteErrorScope } from './route-error-boundary';
// §2 /not_found (the catch-all and every route a partner lacks) and /server_error.
import { NotFoundScreen, ServerErrorScreen } from '../routes/error-screens';

/** A route's screen; `children` nests routes of the table under it (paths relative to its own). */
type Screen = {
  /** The screen, loaded on first visit (lazyScreen), or an element shown as it is. */
  Component?: ComponentType & { preload?: () => void };
  element?: ReactNode;
  children?: readonly RouteName[];
  /** What the bare parent path shows. */
  index?: ReactNode;
};

/** The earn pages and the §2 extra paths share one screen: the earn_details item of the path. */
const EarnScreen = lazyScreen(() => import('../routes/earn/earn-route'), 'EarnRoute');
const LoginScreen = lazyScreen(() => import('../routes/login/login-route'), 'LoginRoute');

const toAccountOverview = <Navigate to={paths.account.overview()} replace />;

/** Each entry of the route table (src/shared/routes.ts) and its screen. */
const SCREENS: { readonly [N in RouteName]: Screen } = {
  home: {
    Component: lazyScreen(() => {
      // A visitor who may join gets the e-mail form on the first screen (§2); the page waits for its
      // code rather than being pushed down when it comes, so it is fetched beside the page's own.
      if (visitorMayJoin(readInjectedPartner())) void loadProspectForm().catch(() => undefined);
      return import('../routes/home/home-route');
    }, 'HomeRoute'),
  },
  howItWorks: { Component: lazyScreen(() => import('../routes/how-it-works/how-it-works-route'), 'HowItWorksRoute') },
  earn: { Component: EarnScreen },
  earnTopgolfBonus: { Component: EarnScreen },
  earnNewMemberBonus: { Component: EarnScreen },
  earnHowItWorks: { Component: EarnScreen },
  earnReservations: { Component: EarnScreen },
  earnVipUpgrade: { Component: EarnScreen },
  earnThisIsBig: { Component: EarnScreen },
  discover: { Component: lazyScreen(() => import('../routes/discover/discover-route'), 'DiscoverRoute') },
  search: { Component: lazyScreen(() => import('../routes/search/search-route'), 'SearchRoute') },
  merchant: { Component: lazyScreen(() => import('../routes/merchant/merchant-route'), 'MerchantRoute'), children: ['merchantOrder'] },
  merchantOrder: { Component: lazyScreen(() => import('../routes/merchant/order-online-route'), 'OrderOnlineRoute') },
  serverError: { Component: ServerErrorScreen },
  notFound: { Component: NotFoundScreen },
  login: { Component: LoginScreen },
  loginAlias: { Component: LoginScreen },
  join: { Component: lazyScreen(() => import('../routes/join/join-route'), 'JoinRoute') },
  // Enrolment steps 2 (add a card, enrolment chrome) and 3 (success: the member is now a card member).
  addCard: { Component: lazyScreen(() => import('../routes/add-card/add-card-route'), 'AddCardRoute') },
  cardAdded: { Component: lazyScreen(() => import('../routes/add-card/card-added-route'), 'CardAddedRoute') },
  activate: { Component: lazyScreen(() => import('../routes/activate/activate-route'), 'ActivateRoute') },
  activated: { Component: lazyScreen(() => import('../routes/activate/activated-route'), 'ActivatedRoute') },
  recover: { Component: lazyScreen(() => import('../routes/recover/recover-route'), 'RecoverRoute') },
  recoverConfirm: { Component: lazyScreen(() => import('../routes/recover/recover-confirm-route'), 'RecoverConfirmRoute') },
  recoverUpdate: { Component: lazyScreen(() => import('../routes/recover/recover-update-route'), 'RecoverUpdateRoute') },
  recoverSuccess: { Component: lazyScreen(() => import('../routes/recover/recover-success-route'), 'RecoverSuccessRoute') },
  fixCredentials: { Component: lazyScreen(() => import('../routes/fix-credentials/fix-credentials-route'), 'FixCredentialsRoute') },
  loginLink: { Component: lazyScreen(() => import('../routes/login/login-link-route'), 'LoginLinkRoute') },
  signOut: { Component: lazyScreen(() => import('../routes/sign-out/sign-out-route'), 'SignOutRoute') },
  confirmEmail: { Component: lazyScreen(() => import('../routes/confirm-email/confirm-email-route'), 'ConfirmEmailRoute') },
  emulate: { Component: lazyScreen(() => import('../routes/emulate/emulate-route'), 'EmulateRoute') },
  contentPreview: { Component: lazyScreen(() => import('../routes/preview/preview-route'), 'PreviewRoute') },
  surveys: { Component: lazyScreen(() => import('../routes/surveys/surveys-route'), 'SurveysRoute') },
  surveysSuccess: { Component: lazyScreen(() => import('../routes/surveys/surveys-route'), 'SurveysSuccessRoute') },
  surveysError: { Component: lazyScreen(() => import('../routes/surveys/surveys-route'), 'SurveysErrorRoute') },
  updateApp: { Component: lazyScreen(() => import('../routes/update-app/update-app-route'), 'UpdateAppRoute') },
  account: {
    Component: lazyScreen(() => import('../routes/account/account-route'), 'AccountRoute'),
    index: toAccountOverview,
    children: ['accountOverview', 'accountRecentActivity', 'accountCards', 'accountProfile', 'accountReview', 'accountClaims', 'accountFavorites', 'accountReservations', 'accountRedeem', 'accountRedemption', 'accountOther'],
  },
  accountOverview: { Component: lazyScreen(() => import('../routes/account/overview-route'), 'OverviewRoute') },
  accountRecentActivity: { Component: lazyScreen(() => import('../routes/account/recent-activity-route'), 'RecentActivityRoute') },
  accountCards: { Component: lazyScreen(() => import('../routes/account/manage-cards-route'), 'ManageCardsRoute') },
  accountProfile: { Component: lazyScreen(() => import('../routes/account/profile-route'), 'ProfileRoute') },
  accountClaims: { Component: lazyScreen(() => import('../routes/account/claims-route'), 'ClaimsRoute') },
  accountFavorites: { Component: lazyScreen(() => import('../routes/account/favorites-route'), 'FavoritesRoute') },
  accountReservations: { Component: lazyScreen(() => import('../routes/account/reservations-route'), 'ReservationsRoute') },
  accountReview: { Component: lazyScreen(() => import('../routes/account/review-route'), 'ReviewRoute') },
  accountRedeem: { Component: lazyScreen(() => import('../routes/account/redeem-route'), 'RedeemRoute') },
  accountRedemption: { Component: lazyScreen(() => import('../routes/account/redemption-route'), 'RedemptionRoute') },
  accountOther: { element: toAccountOverview },
  stgtools: { Component: lazyScreen(() => import('../routes/stgtools/stgtools-route'), 'StgtoolsRoute') },
};

const NESTED = new Set<RouteName>(Object.values(SCREENS).flatMap((s) => s.children ?? []));
/** The route each nested route sits in (an account page in the account centre). */
const PARENT = new Map<RouteName, RouteName>((Object.keys(SCREENS) as RouteName[]).flatMap((parent) => (SCREENS[parent].children ?? []).map((child) => [child, parent] as const)));

/**
 * Starts fetching the code of the screen at this path and of every screen it sits in, side by
 * side, where the first render would ask for them one after the other (the account centre's code,
 * then, once it has run, the account page's). main.tsx calls it in a task of its own as the app
 * starts; a screen the render has already asked for is not fetched twice (lazyScreen's loadOnce).
 * Nothing for a path no named route of the partner has: the render shows what it shows there.
 */
export function preloadScreens(pathname: string, partner: RoutePartner): void {
  const name = (Object.keys(ROUTES) as RouteName[]).find((n) => !ROUTES[n].path.endsWith('*') && matchPath(ROUTES[n].path, pathname));
  if (!name || !routeAllowed(ROUTES[name], partner)) return;
  const chain: RouteName[] = [];
  for (let at: RouteName | undefined = name; at; at = PARENT.get(at)) chain.unshift(at);
  // The outer screen first: it renders first.
  for (const at of chain) SCREENS[at].Component?.preload?.();
}

/**
 * The routes of the route table (§2). Where a route's partner condition fails, its path shows
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
    const Shown = allowed ? screen.Component : NotFoundScreen;
    const children = [
      ...(screen.index && allowed ? [{ index: true, element: screen.index }] : []),
      ...(screen.children ?? []).flatMap((child) => toRouteObject(child, entry.path)),
    ];
    return [{
      ...(path ? { path } : { index: true }),
      element: Shown ? <Shown /> : screen.element,
      ...(children.length > 0 && { children }),
    } as RouteObject];
  };
  const top = (Object.keys(ROUTES) as RouteName[]).filter((name) => !NESTED.has(name));
  return [
    {
      element: <AppLayout />,
      children: [
        {
          element: <PageScope />,
          children: [
            ...top.flatMap((name) => toRouteObject(name, '')),
            // §2 extra paths from the global setting lead to the shared content-page screen.
            // A path that is also a route of the table stays that route.
            ...(partner.extraPagePaths ?? []).filter((path) => !Object.values(ROUTES).some((r) => matchPath(r.path, path))).map((path) => ({ path, element: <EarnScreen /> })),
            { path: '*', element: <NotFoundScreen /> },
          ],
        },
      ],
    },
  ];
}

/** The routes' error scope; the not-found page where the server answered this very address 404 (a reload of it included). */
function PageScope() {
  return useServedNotFound() ? <NotFoundScreen /> : <RouteErrorScope />;
}

/**
 * The app's routes in the app's router (lib/router.tsx, decision 0016; BrowserRouter around it,
 * main.tsx). The first render waits here for the screen's code, so the page appears whole.
 */
export function AppRoutes({ partner }: { partner: RoutePartner }) {
  const routes = useMemo(() => createRoutes(partner), [partner]);
  return <Suspense fallback={null}>{useRoutes(routes)}</Suspense>;
}
