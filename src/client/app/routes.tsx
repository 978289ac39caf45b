import type { RouteObject } from 'react-router';
import { AppLayout } from './layout';
import { RouteErrorBoundary } from './route-error-boundary';

/**
 * §2 route table (the routes that exist so far). Screens load lazily so the first page only
 * downloads its own code. Partner conditions (discover page) are checked inside the screens,
 * which show the not-found page where the partner lacks the route.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorBoundary />,
    children: [
      { index: true, lazy: () => import('../routes/home/home-route').then((m) => ({ Component: m.HomeRoute })) },
      { path: 'how-it-works', lazy: () => import('../routes/how-it-works/how-it-works-route').then((m) => ({ Component: m.HowItWorksRoute })) },
      { path: 'discover', lazy: () => import('../routes/discover/discover-route').then((m) => ({ Component: m.DiscoverRoute })) },
      { path: 'search', lazy: () => import('../routes/search/search-route').then((m) => ({ Component: m.SearchRoute })) },
      { path: 'merchants/:merchantId', lazy: () => import('../routes/merchant/merchant-route').then((m) => ({ Component: m.MerchantRoute })) },
      { path: 'error', lazy: () => import('../routes/server-error/server-error-route').then((m) => ({ Component: m.ServerErrorRoute })) },
      { path: 'not_found', lazy: () => import('../routes/not-found/not-found-route').then((m) => ({ Component: m.NotFoundRoute })) },
      { path: '*', lazy: () => import('../routes/not-found/not-found-route').then((m) => ({ Component: m.NotFoundRoute })) },
    ],
  },
];
