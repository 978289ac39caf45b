import { lazyScreen } from '../components/lazy-screen';

/**
 * The not-found and server-error screens, loaded when shown (like any screen): one lazy component
 * each, for the route table (app/routes.tsx), the routes' error boundary and the screens that show
 * them themselves (a restaurant that does not exist, or could not be read).
 */
export const NotFoundScreen = lazyScreen(() => import('./not-found/not-found-route'), 'NotFoundRoute');
export const ServerErrorScreen = lazyScreen(() => import('./server-error/server-error-route'), 'ServerErrorRoute');
