import type { RouteObject } from 'react-router';
import { AppLayout } from './layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { NotFoundRoute } from '../routes/not-found/not-found-route';
import { ServerErrorRoute } from '../routes/server-error/server-error-route';

/**
 * §2 route table (the routes that exist so far). Screens load lazily so the first page only
 * downloads its own code. The error boundary sits on a pathless child so an error keeps the page
 * chrome. Partner conditions (discover page) are checked inside the screens, which show the
 * not-found page where the partner lacks the route.
 */
export const routes: RouteObject[] = [
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
          { path: 'error', element: <ServerErrorRoute /> },
          { path: 'not_found', element: <NotFoundRoute /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];
