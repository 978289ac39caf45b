import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundRoute } from '../routes/not-found/not-found-route';
import { ServerErrorRoute } from '../routes/server-error/server-error-route';

/** Any error thrown while rendering a route shows the server-error page (404s the not-found page). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  console.error(error);
  return <ServerErrorRoute />;
}
