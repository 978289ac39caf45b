import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { Outlet, useLocation } from '#client/lib/router';
import { isNetworkFailure } from '../lib/network';
import { OfflinePage } from '../components/offline-page';
import { retryFailedScreens } from '../components/lazy-screen';
// Shown only when something failed: loaded then, not with the first page.
import { ServerErrorScreen } from '../routes/error-screens';

/** `at`: the location (the router's key of each visit) the error happened at. */
type BoundaryProps = { locationKey: string; children: ReactNode };
type BoundaryState = { failed: boolean; at: string | null; offline: boolean; error?: unknown };

/**
 * Any error thrown while showing a route shows the server-error page inside the page chrome;
 * going to another page tries again. A failed connection (the route's code or data could not be
 * fetched, the browser offline) is no server error: it shows the offline page, which tries again
 * by itself when the connection is back (issue 25 item 6).
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, at: null, offline: false };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, offline: isNetworkFailure(error), error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (!state.failed) return null;
    // The visit the error happened on keeps the error page; the next navigation shows its page afresh.
    if (state.at === null) return { at: props.locationKey };
    if (state.at === props.locationKey) return null;
    retryFailedScreens();
    return { failed: false, at: null, offline: false, error: undefined };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (this.state.offline) console.info('Page not loaded: no connection.', error);
    else console.error(error, info.componentStack);
  }

  private readonly retry = () => {
    retryFailedScreens();
    this.setState({ failed: false, at: null, offline: false, error: undefined });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.state.offline) return <OfflinePage onRetry={this.retry} />;
    return (
      <Suspense fallback={null}>
        <ServerErrorScreen error={this.state.error} />
      </Suspense>
    );
  }
}

/** The routes' error boundary, on a pathless route under the layout so that an error keeps the page chrome. */
export function RouteErrorScope() {
  const { key } = useLocation();
  return (
    <RouteErrorBoundary locationKey={key}>
      <Outlet />
    </RouteErrorBoundary>
  );
}
