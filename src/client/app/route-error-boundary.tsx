import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';

// Shown only when something failed: loaded then, not with the first page.
const ServerErrorRoute = lazy(async () => ({ default: (await import('../routes/server-error/server-error-route')).ServerErrorRoute }));

/** `at`: the location (React Router's key of each visit) the error happened at. */
type BoundaryProps = { locationKey: string; children: ReactNode };
type BoundaryState = { failed: boolean; at: string | null };

/**
 * Any error thrown while showing a route (its code failing to load included) shows the
 * server-error page inside the page chrome; going to another page tries again.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, at: null };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (!state.failed) return null;
    // The visit the error happened on keeps the error page; the next navigation shows its page afresh.
    if (state.at === null) return { at: props.locationKey };
    return state.at === props.locationKey ? null : { failed: false, at: null };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Suspense fallback={null}>
        <ServerErrorRoute />
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
