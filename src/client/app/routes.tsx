import { Navigate, type RouteObject } from 'react-router';
import type { PartnerConfig } from '../../shared/schemas/partner';
import { AppLayout } from './layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { NotFoundRoute } from '../routes/not-found/not-found-route';
import { ServerErrorRoute } from '../routes/server-error/server-error-route';

/**
 * §2 route table (the routes that exist so far). Screens load lazily so the first page only
 * downloads its own code. The error boundary sits on a pathless child so an error keeps the page
 * chrome. Partner conditions (discover page, enrolment) are checked inside the screens, which show
 * the not-found page where the partner lacks the route; the staging tools are left out in production.
 */
export function createRoutes(partner: Pick<PartnerConfig, 'environment'>): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      children: [
        {
          errorElement: <RouteErrorBoundary />,
          children: [
            { index: true, lazy: () => import('../routes/home/home-route').then((m) => ({ Component: m.HomeRoute })) },
            { path: 'how-it-works', lazy: () => import('../routes/how-it-works/how-it-works-route').then((m) => ({ Component: m.HowItWorksRoute })) },
            { path: 'discover', lazy: () => import('../routes/discover/discover-route').then((m) => ({ Component: m.DiscoverRoute })) },
            { path: 'search', lazy: () => import('../routes/search/search-route').then((m) => ({ Component: m.SearchRoute })) },
            { path: 'merchants/:merchantId', lazy: () => import('../routes/merchant/merchant-route').then((m) => ({ Component: m.MerchantRoute })) },
            // §2 members (sign-in, joining, recovery, activation, sign-out). The screens render the
            // not-found page where the partner's enrollmentType rules them out. Enrolment steps carry
            // the handle { enrollment: true }: the top bar reads it with useMatches() to hide the main
            // menu and show 'Already a member? Sign in' (direct) or 'sign out' (sso).
            { path: 'login', lazy: () => import('../routes/login/login-route').then((m) => ({ Component: m.LoginRoute })) },
            { path: 'Login', lazy: () => import('../routes/login/login-route').then((m) => ({ Component: m.LoginRoute })) },
            { path: 'join', handle: { enrollment: true }, lazy: () => import('../routes/join/join-route').then((m) => ({ Component: m.JoinRoute })) },
            // Enrolment steps 2 (add a card, enrolment chrome) and 3 (success: the member is now a card member).
            { path: 'add_card', handle: { enrollment: true }, lazy: () => import('../routes/add-card/add-card-route').then((m) => ({ Component: m.AddCardRoute })) },
            { path: 'card_added', lazy: () => import('../routes/add-card/card-added-route').then((m) => ({ Component: m.CardAddedRoute })) },
            { path: 'activate', lazy: () => import('../routes/activate/activate-route').then((m) => ({ Component: m.ActivateRoute })) },
            { path: 'activate/activated', lazy: () => import('../routes/activate/activated-route').then((m) => ({ Component: m.ActivatedRoute })) },
            { path: 'recover', lazy: () => import('../routes/recover/recover-route').then((m) => ({ Component: m.RecoverRoute })) },
            { path: 'recover/confirm', lazy: () => import('../routes/recover/recover-confirm-route').then((m) => ({ Component: m.RecoverConfirmRoute })) },
            { path: 'recover/update', lazy: () => import('../routes/recover/recover-update-route').then((m) => ({ Component: m.RecoverUpdateRoute })) },
            { path: 'recover/success', lazy: () => import('../routes/recover/recover-success-route').then((m) => ({ Component: m.RecoverSuccessRoute })) },
            { path: 'fix_credentials', lazy: () => import('../routes/fix-credentials/fix-credentials-route').then((m) => ({ Component: m.FixCredentialsRoute })) },
            { path: 'SignOut', lazy: () => import('../routes/sign-out/sign-out-route').then((m) => ({ Component: m.SignOutRoute })) },
            {
              // §2 account centre (the screen shows not-found where the partner has no enrolment).
              path: 'account',
              lazy: () => import('../routes/account/account-route').then((m) => ({ Component: m.AccountRoute })),
              children: [
                { index: true, element: <Navigate to="/account/overview" replace /> },
                { path: 'overview', lazy: () => import('../routes/account/overview-route').then((m) => ({ Component: m.OverviewRoute })) },
                // 'recent_activity' (Reviews & History) arrives with the rewards issue.
                { path: 'manage_cards', lazy: () => import('../routes/account/manage-cards-route').then((m) => ({ Component: m.ManageCardsRoute })) },
                { path: 'user_profile', lazy: () => import('../routes/account/profile-route').then((m) => ({ Component: m.ProfileRoute })) },
                { path: '*', element: <Navigate to="/account/overview" replace /> },
              ],
            },
            // §2 staging tools: not registered in production.
            ...(partner.environment === 'production'
              ? []
              : [{ path: 'stgtools', lazy: () => import('../routes/stgtools/stgtools-route').then((m) => ({ Component: m.StgtoolsRoute })) }]),
            { path: 'error', element: <ServerErrorRoute /> },
            { path: 'not_found', element: <NotFoundRoute /> },
            { path: '*', element: <NotFoundRoute /> },
          ],
        },
      ],
    },
  ];
}
